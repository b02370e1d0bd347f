// The bridge's connections to the game server: where the server is, and one connection opened
// the way every part of the bridge needs it (a view kept, no bot, hostile input contained).
#pragma once

#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "niagara/client/game_client.hpp"

namespace niagara::bridge {

struct ServerAddress {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;
};
// "ws://host:port/ws" → the address; nullopt for anything else (wss: the bridge talks to the
// server directly, beside it or over a private network; TLS is for the public side).
std::optional<ServerAddress> parse_server_url(const std::string& url);

// A started connection that keeps its view and never plays by itself. Every message goes to
// `on_message` (one that does not read is logged and skipped, never fatal); `on_closed` hears
// why it ended. Both run on the io_context (the client's strand on the bridge's one thread).
std::shared_ptr<client::GameClient> open_server_connection(
    boost::asio::io_context& io, const ServerAddress& server,
    std::function<void(const nlohmann::json&)> on_message,
    std::function<void(const std::string&)> on_closed);

// The same for `owner` (a PlayerLink, a ChannelRelay): its messages go to owner->receive() and
// its end to owner->connection_ended(), while the owner lives (the connection does not keep
// it alive).
template <class Owner>
std::shared_ptr<client::GameClient> open_server_connection_for(
    boost::asio::io_context& io, const ServerAddress& server, const std::shared_ptr<Owner>& owner) {
    std::weak_ptr<Owner> weak = owner;
    return open_server_connection(
        io, server,
        [weak](const nlohmann::json& m) {
            if (auto self = weak.lock()) self->receive(m);
        },
        [weak](const std::string& why) {
            if (auto self = weak.lock()) self->connection_ended(why);
        });
}

}  // namespace niagara::bridge
