#include "replay_builder.hpp"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <exception>
#include <utility>

namespace niagara::server {

namespace {

// Below the tables and the connections, as the bots' threads are, but not SCHED_IDLE: a
// replay someone waits for must progress on a machine kept busy by bots.
constexpr int kNice = 10;

}  // namespace

ReplayBuilder::ReplayBuilder(std::size_t limit, std::size_t per_address, std::atomic<long>& waiting)
    : limit_(limit), per_address_(per_address), waiting_metric_(waiting), thread_([this] { run(); }) {}

ReplayBuilder::~ReplayBuilder() {
    stop();
}

ReplayBuilder::Submitted ReplayBuilder::submit(long game, const std::string& address, Build build,
                                               Done done) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return Submitted::Stopped;
        if (limit_ > 0 && waiting_ >= limit_) return Submitted::Full;
        const auto mine = by_address_.find(address);
        if (per_address_ > 0 && mine != by_address_.end() && mine->second >= per_address_)
            return Submitted::AddressFull;
        auto& job = jobs_[game];
        if (!job) {
            job = std::make_shared<Job>(Job{game, std::move(build), {}});
            queue_.push_back(job);
        }
        job->waiting.push_back(Waiter{address, std::move(done)});
        ++waiting_;
        ++by_address_[address];
    }
    waiting_metric_.fetch_add(1, std::memory_order_relaxed);
    wake_.notify_one();
    return Submitted::Accepted;
}

void ReplayBuilder::stop() {
    std::unordered_map<long, std::shared_ptr<Job>> dropped;
    long count = 0;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        queue_.clear();
        dropped.swap(jobs_);
        count = long(waiting_);
        waiting_ = 0;
        by_address_.clear();
    }
    waiting_metric_.fetch_sub(count, std::memory_order_relaxed);
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
    // `dropped` goes here, outside the lock: a Done may own the last reference to a session.
}

void ReplayBuilder::run() {
    if (setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), kNice) != 0)
        spdlog::warn("replay thread: could not lower its priority");
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (stopping_) return;
            job = std::move(queue_.front());
            queue_.pop_front();
        }
        ReplayAnswer answer;
        try {
            answer = job->build();
        } catch (const std::exception& e) {
            spdlog::error("game {}: replay failed: {}", job->game, e.what());
            answer = refused_replay(500, "the replay could not be built");
        }
        std::vector<Waiter> waiting;
        {
            std::lock_guard lock(mutex_);
            const auto it = jobs_.find(job->game);
            if (it == jobs_.end() || it->second != job) continue;  // stopped meanwhile
            waiting.swap(job->waiting);
            jobs_.erase(it);
            waiting_ -= waiting.size();
            for (const Waiter& w : waiting)
                if (auto mine = by_address_.find(w.address);
                    mine != by_address_.end() && --mine->second == 0)
                    by_address_.erase(mine);
        }
        waiting_metric_.fetch_sub(long(waiting.size()), std::memory_order_relaxed);
        for (Waiter& w : waiting)
            w.done(answer);
    }
}

}  // namespace niagara::server
