#include "failure_count.hpp"

namespace niagara::server {

bool FailureCount::exceeded(const std::string& key, std::chrono::steady_clock::time_point now) {
    auto it = failures_.find(key);
    if (it == failures_.end()) return false;
    while (!it->second.empty() && now - it->second.front() >= window_)
        it->second.pop_front();
    if (it->second.empty()) {
        failures_.erase(it);
        return false;
    }
    return int(it->second.size()) >= most_;
}

void FailureCount::add(const std::string& key, std::chrono::steady_clock::time_point now) {
    // Bounded by what the window lets in: old keys go when the map grows.
    if (failures_.size() >= 4096) prune(now);
    auto& times = failures_[key];
    times.push_back(now);
    if (int(times.size()) > most_) times.pop_front();  // the oldest no longer counts
}

void FailureCount::prune(std::chrono::steady_clock::time_point now) {
    std::erase_if(failures_, [&](const auto& entry) {
        return entry.second.empty() || now - entry.second.back() >= window_;
    });
}

}  // namespace niagara::server
