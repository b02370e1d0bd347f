#include "http_session.hpp"

#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config.hpp"
#include "lobby.hpp"
#include "websocket_session.hpp"

namespace niagara::server {
namespace {

std::string_view mime_type(const std::filesystem::path& path) {
    const auto ext = path.extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".json") return "application/json";
    if (ext == ".ico") return "image/x-icon";
    return "application/octet-stream";
}

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, Lobby& lobby, const Config& config,
                         std::atomic<long>& next_id)
    : stream_(std::move(socket)), lobby_(lobby), config_(config), next_id_(next_id) {}

void HttpSession::run() {
    do_read();
}

void HttpSession::do_read() {
    parser_.emplace();
    parser_->body_limit(8 * 1024);  // requests carry no bodies worth reading
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
    }
    if (ec) return;
    auto req = parser_->release();
    if (beast::websocket::is_upgrade(req) && req.target() == "/ws") {
        stream_.expires_never();
        std::make_shared<WebSocketSession>(stream_.release_socket(), lobby_, config_, ++next_id_)
            ->run(std::move(req));
        return;
    }
    auto res = std::make_shared<http::response<http::string_body>>(handle(req));
    const bool keep_alive = res->keep_alive();
    http::async_write(
        stream_, *res,
        [self = shared_from_this(), res, keep_alive](beast::error_code e, std::size_t n) {
            self->on_write(keep_alive, e, n);
        });
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec) return;
    if (!keep_alive) {
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
    }
    do_read();
}

http::response<http::string_body> HttpSession::handle(const http::request<http::string_body>& req) {
    auto reply = [&](http::status status, std::string_view type, std::string body) {
        http::response<http::string_body> res{status, req.version()};
        res.set(http::field::server, "niagara-server");
        res.set(http::field::content_type, type);
        res.set(http::field::cache_control, "no-store");
        res.keep_alive(req.keep_alive());
        res.body() = std::move(body);
        res.prepare_payload();
        return res;
    };
    if (req.method() != http::verb::get && req.method() != http::verb::head)
        return reply(http::status::method_not_allowed, "text/plain", "only GET\n");
    const std::string target(req.target().substr(0, req.target().find('?')));
    if (target == "/healthz") return reply(http::status::ok, "text/plain", "ok\n");
    if (target == "/metrics")
        return reply(http::status::ok, "text/plain; version=0.0.4", lobby_.metrics_text());
    if (target.rfind("/games/", 0) == 0) {
        long id = 0;
        try {
            std::size_t used = 0;
            id = std::stol(target.substr(7), &used);
            if (used != target.size() - 7) throw std::invalid_argument("trailing");
        } catch (const std::exception&) {
            return reply(http::status::bad_request, "text/plain",
                         "a game id is a number: /games/12\n");
        }
        if (auto record = lobby_.game_record(id))
            return reply(http::status::ok, "application/json", *record);
        return reply(http::status::not_found, "text/plain",
                     "no finished game " + std::to_string(id) + "\n");
    }
    // Static files: no "..", no hidden files; "/" is index.html.
    std::string relative = target == "/" ? "index.html" : target.substr(1);
    if (relative.find("..") != std::string::npos || relative.find("/.") != std::string::npos ||
        relative.front() == '.')
        return reply(http::status::bad_request, "text/plain", "bad path\n");
    const std::filesystem::path path = std::filesystem::path(config_.web_root) / relative;
    std::ifstream file(path, std::ios::binary);
    if (!file || std::filesystem::is_directory(path))
        return reply(http::status::not_found, "text/plain", "not found\n");
    std::ostringstream body;
    body << file.rdbuf();
    return reply(http::status::ok, mime_type(path), body.str());
}

}  // namespace niagara::server
