#include "server_connection.hpp"

#include <spdlog/spdlog.h>

#include <charconv>

namespace niagara::bridge {

using Json = nlohmann::json;

std::optional<ServerAddress> parse_server_url(const std::string& url) {
    std::string_view rest = url;
    if (!rest.starts_with("ws://")) return std::nullopt;
    rest.remove_prefix(5);
    const auto slash = rest.find('/');
    const std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash);
    if (!path.empty() && path != "/ws") return std::nullopt;
    std::string_view authority = rest.substr(0, slash);
    const auto colon = authority.rfind(':');
    ServerAddress address;
    if (colon == std::string_view::npos) {
        address.host = std::string(authority);
        address.port = 80;
    } else {
        address.host = std::string(authority.substr(0, colon));
        const std::string_view port = authority.substr(colon + 1);
        unsigned value = 0;
        auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
        if (ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535)
            return std::nullopt;
        address.port = static_cast<unsigned short>(value);
    }
    if (address.host.starts_with('[') && address.host.ends_with(']'))
        address.host = address.host.substr(1, address.host.size() - 2);
    if (address.host.empty()) return std::nullopt;
    return address;
}

std::shared_ptr<client::GameClient> open_server_connection(
    boost::asio::io_context& io, const ServerAddress& server,
    std::function<void(const Json&)> on_message,
    std::function<void(const std::string&)> on_closed) {
    client::GameClient::Settings settings;
    settings.host = server.host;
    settings.port = server.port;
    settings.auto_play = false;  // people decide
    settings.keep_view = true;   // for `hand`, `moves`, the prompt's card and the picture
    auto client = std::make_shared<client::GameClient>(io, settings);
    client->on_message = [on_message = std::move(on_message)](client::GameClient&, const Json& m,
                                                              const std::string&) {
        // The server's messages are well formed; one that is not is skipped, not fatal.
        try {
            on_message(m);
        } catch (const Json::exception& e) {
            spdlog::warn("skipped a server message that does not read: {}", e.what());
        }
    };
    client->on_closed = [on_closed = std::move(on_closed)](
                            client::GameClient&, const std::string& why) { on_closed(why); };
    client->start();
    return client;
}

}  // namespace niagara::bridge
