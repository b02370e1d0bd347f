#include "output_queue.hpp"

#include <algorithm>
#include <cmath>

namespace niagara::bridge {

OutputQueue::OutputQueue(Throttle throttle, std::size_t max_bytes)
    : throttle_(throttle), max_bytes_(max_bytes), tokens_(0) {
    // A bucket that holds less than one token never lets a line go (a burst of 0 in the
    // configuration would silence the adapter): it holds one at least.
    throttle_.burst = std::max(1.0, throttle_.burst);
    tokens_ = throttle_.burst;
}

void OutputQueue::push(const std::string& target, std::string text, bool news) {
    Waiting& waiting = queues_[target];
    auto& lane = news ? waiting.news : waiting.answers;
    if (!lane.empty() && lane.back().size() + kJoiner.size() + text.size() <= max_bytes_) {
        lane.back().append(kJoiner).append(text);
        return;
    }
    if (waiting.size() >= std::max<std::size_t>(1, throttle_.max_waiting_per_target)) {
        // Answers go first; news only when the target holds nothing else.
        auto& victim = !waiting.answers.empty() ? waiting.answers : waiting.news;
        victim.pop_front();
        --waiting_;
        ++dropped_;
    }
    lane.push_back(std::move(text));
    ++waiting_;
}

void OutputQueue::refill(Clock::time_point now) const {
    if (refilled_) {
        const double seconds = std::chrono::duration<double>(now - *refilled_).count();
        tokens_ = std::min(throttle_.burst,
                           tokens_ + std::max(0.0, seconds) * throttle_.lines_per_second);
    }
    refilled_ = now;
}

std::optional<OutputQueue::Line> OutputQueue::pop(Clock::time_point now) {
    if (waiting_ == 0) return std::nullopt;
    refill(now);
    if (tokens_ < 1.0) return std::nullopt;
    // The first target after the last one served, wrapping around.
    auto it = queues_.upper_bound(last_served_);
    for (std::size_t looked = 0; looked <= queues_.size(); ++looked, ++it) {
        if (it == queues_.end()) it = queues_.begin();
        if (it->second.size() > 0) break;
    }
    auto& lane = !it->second.news.empty() ? it->second.news : it->second.answers;
    Line line{it->first, std::move(lane.front())};
    lane.pop_front();
    if (it->second.size() == 0) queues_.erase(it);
    --waiting_;
    last_served_ = line.target;
    tokens_ -= 1.0;
    return line;
}

std::optional<OutputQueue::Clock::duration> OutputQueue::wait(Clock::time_point now) const {
    if (waiting_ == 0) return std::nullopt;
    refill(now);
    if (tokens_ >= 1.0) return Clock::duration::zero();
    const double seconds = (1.0 - tokens_) / std::max(1e-6, throttle_.lines_per_second);
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)) +
           Clock::duration(1);
}

void OutputQueue::clear() {
    queues_.clear();
    waiting_ = 0;
}

}  // namespace niagara::bridge
