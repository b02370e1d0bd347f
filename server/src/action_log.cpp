#include "action_log.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <cstdlib>

namespace niagara::server {

void ActionLog::append(StoredAction action, std::function<void()> committed) {
    bool first = false;
    {
        std::lock_guard lock(mutex_);
        first = actions_.empty();
        actions_.push_back(std::move(action));
        committed_.push_back(std::move(committed));
    }
    // Posted behind the work already queued: whatever else it accepts meanwhile joins the group.
    if (first) boost::asio::post(io_, [this] { commit(); });
}

void ActionLog::commit() {
    std::vector<StoredAction> actions;
    std::vector<std::function<void()>> committed;
    {
        std::lock_guard lock(mutex_);
        actions.swap(actions_);
        committed.swap(committed_);
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
