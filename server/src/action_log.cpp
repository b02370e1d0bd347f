#include "action_log.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <cstdlib>

namespace niagara::server {

void ActionLog::append(StoredAction action, std::function<void()> committed) {
    std::lock_guard lock(mutex_);
    const bool first = actions_.empty();
    actions_.push_back(std::move(action));
    committed_.push_back(std::move(committed));
    if (!first) return;  // the group's commit is already scheduled

    const Clock::time_point due = last_commit_ + window_;
    if (Clock::now() >= due) {
        // Posted behind the work already queued: whatever else it accepts meanwhile joins.
        boost::asio::post(io_, [this] { commit(); });
    } else {
        // Touched only here, under the lock, while no group is waiting: never by two threads.
        timer_.expires_at(due);
        timer_.async_wait([this](boost::system::error_code) { commit(); });
    }
}

ActionLog::~ActionLog() {
    std::vector<StoredAction> actions;
    {
        std::lock_guard lock(mutex_);
        actions.swap(actions_);
    }
    if (actions.empty()) return;
    try {
        store_.append_actions(actions);
        spdlog::info("stored the last {} accepted actions", actions.size());
    } catch (const std::exception& e) {
        // Nothing about them was sent: what players saw is stored all the same.
        spdlog::error("cannot store the last {} accepted actions: {}", actions.size(), e.what());
    }
}

long ActionLog::commits() const {
    std::lock_guard lock(mutex_);
    return commits_;
}

void ActionLog::commit() {
    std::vector<StoredAction> actions;
    std::vector<std::function<void()>> committed;
    {
        std::lock_guard lock(mutex_);
        actions.swap(actions_);
        committed.swap(committed_);
        last_commit_ = Clock::now();
        ++commits_;
    }
    try {
        store_.append_actions(actions);
    } catch (const std::exception& e) {
        // The tables have moved on in memory with actions that are not stored. Nothing about
        // them was sent: stopping here keeps what players saw equal to what a restart restores.
        spdlog::critical("cannot store {} actions: {}; stopping", actions.size(), e.what());
        std::_Exit(3);
    }
    for (auto& done : committed)
        done();
}

}  // namespace niagara::server
