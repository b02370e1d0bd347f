// The shared state of the server: connections, tables and seat tokens. Routes every client
// message: lobby commands here, table commands to the table's strand.
#pragma once

#include <boost/asio/io_context.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "action_log.hpp"
#include "config.hpp"
#include "connection.hpp"
#include "metrics.hpp"
#include "store.hpp"
#include "table.hpp"

namespace niagara::server {

class Lobby {
  public:
    Lobby(net::io_context& io, const Config& config, Store& store, Metrics& metrics);

    void restore();  // every unfinished table from the store; call before serving

    void connected(const std::shared_ptr<Connection>& c);
    void disconnected(const std::shared_ptr<Connection>& c);
    void received(const std::shared_ptr<Connection>& c, std::string_view frame);
    void close_all();  // shutdown: every client is told the server is going away

    std::string metrics_text() const;
    Metrics& metrics() { return metrics_; }
    std::optional<std::string> game_record(long table) const;

  private:
    void reply(const std::shared_ptr<Connection>& c, const Json& message);
    void fail(const std::shared_ptr<Connection>& c, const std::string& code,
              const std::string& why);
    std::shared_ptr<Table> find(long id) const;
    std::shared_ptr<Table> create(const protocol::TableOptions& options, const std::string& host);
    void move_to(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& next);
    void lobby_chat(const std::shared_ptr<Connection>& c, const std::string& text);
    TableServices services();

    net::io_context& io_;
    const Config& config_;
    Store& store_;
    ActionLog actions_;  // the tables' accepted actions, committed in groups
    Metrics& metrics_;

    mutable std::mutex mutex_;  // guards the maps below; never held while sending
    std::map<long, std::shared_ptr<Table>> tables_;
    std::unordered_map<std::string, std::pair<long, int>> tokens_;
    std::map<long, std::weak_ptr<Connection>> connections_;
};

}  // namespace niagara::server
