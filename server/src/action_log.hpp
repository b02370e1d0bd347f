// Group commit of the accepted actions. Every action is committed before anything about it is
// sent, but a commit per action costs more than the rest of the action's work (SQLite's locks,
// the log's page written again, the transaction's own work), so the actions accepted meanwhile
// share one transaction and each table publishes its action once that transaction is committed.
//
// Commits are at least `window` apart: an action that arrives after a quiet spell is committed
// at once (posted behind the work already queued, so whatever else is accepted in that turn of
// the event loop joins it), and under load the actions of one window share a commit. At 10,000
// actions a second a window of 1 ms makes groups of about ten instead of two or three, for at
// most 1 ms more before an action is broadcast (README, Benchmark).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "store.hpp"

namespace niagara::server {

class ActionLog {
  public:
    ActionLog(boost::asio::io_context& io, Store& store,
              std::chrono::microseconds window = std::chrono::microseconds(0))
        : io_(io), store_(store), window_(window), timer_(io) {}
    // At the stop, once the event loop has stopped: the group still being gathered is committed
    // (without its callbacks: nothing more is sent), so that every accepted action is stored
    // before the Store's clean close.
    ~ActionLog();
    ActionLog(const ActionLog&) = delete;
    ActionLog& operator=(const ActionLog&) = delete;

    // Queues an action for the next commit; `committed` is called after it (on whichever
    // thread commits: post it where it belongs). Safe from any thread.
    void append(StoredAction action, std::function<void()> committed);

    long commits() const;  // transactions so far, for the metrics

  private:
    void commit();  // scheduled once for each group

    using Clock = std::chrono::steady_clock;
    boost::asio::io_context& io_;
    Store& store_;
    const std::chrono::microseconds window_;
    mutable std::mutex mutex_;         // guards the group being gathered, the timer and the counts
    boost::asio::steady_timer timer_;  // when a group waits for the window to pass
    Clock::time_point last_commit_{};  // when the last group was taken to be committed
    long commits_ = 0;
    std::vector<StoredAction> actions_;
    std::vector<std::function<void()>> committed_;
};

}  // namespace niagara::server
