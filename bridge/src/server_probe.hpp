// One GET /healthz to the game server, for the bridge's heartbeat (health.hpp): whether the
// server the bridge plays through answers, seen from where the bridge runs. Asynchronous on the
// bridge's io_context; `done` gets nullopt for a 200, or what went wrong.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "server_connection.hpp"

namespace niagara::bridge {

void probe_server(boost::asio::io_context& io, const ServerAddress& server,
                  std::chrono::milliseconds timeout,
                  std::function<void(std::optional<std::string> failure)> done);

}  // namespace niagara::bridge
