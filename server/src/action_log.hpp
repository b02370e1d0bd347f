// Group commit of the accepted actions. Every action is committed before anything about it is
// sent, but a commit per action costs more than the rest of the action's work: the actions
// that the tables accept while a turn of the event loop runs are committed together, in one
// SQLite transaction, and each table publishes its action once that transaction is committed.
#pragma once

#include <boost/asio/io_context.hpp>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "store.hpp"

namespace niagara::server {

class ActionLog {
  public:
    ActionLog(boost::asio::io_context& io, Store& store) : io_(io), store_(store) {}

    // Queues an action for the next commit; `committed` is called after it (on whichever
    // thread commits: post it where it belongs). Safe from any thread.
    void append(StoredAction action, std::function<void()> committed);

  private:
    void commit();  // posted once for each group

    boost::asio::io_context& io_;
    Store& store_;
    std::mutex mutex_;  // guards the group being gathered
    std::vector<StoredAction> actions_;
    std::vector<std::function<void()>> committed_;
};

}  // namespace niagara::server
