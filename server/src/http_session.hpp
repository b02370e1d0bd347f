// One HTTP connection: serves the web client's files (from memory: static_files.hpp),
// /healthz, /metrics (where --metrics says) and finished game records (/games/<id>), and hands
// a WebSocket upgrade at /ws from an allowed origin (--allowed-origins) to a WebSocketSession.
// What a target may name is decided in http_routes.hpp; every answer carries the security
// headers (Content-Security-Policy and the rest).
#pragma once

#include <atomic>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "http_gate.hpp"

namespace niagara::server {

class Lobby;
class StaticFiles;
struct Config;
struct HttpReply;  // a response and the storage its body points into
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

// The game's port (the web client, game records, WebSocket upgrades; /metrics with
// `--metrics main`), or the metrics listener of `--metrics ADDR:PORT` (/metrics and /healthz).
enum class HttpRole { Game, Metrics };

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    // `files`: the web root's files, loaded once by main() and kept until the server stops
    // (null for the metrics listener, which serves none).
    // `admission`: the address's place in the HTTP limits (http_gate.hpp), for the game's port.
    HttpSession(tcp::socket&& socket, Lobby& lobby, const Config& config,
                std::atomic<long>& next_id, const StaticFiles* files,
                HttpRole role = HttpRole::Game, HttpAdmission admission = {});
    void run();

  private:
    using Request = http::request<http::string_body>;

    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void send(std::shared_ptr<HttpReply> reply);
    void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
    // After the last answer: no more writes, and what the client still sends is read and
    // dropped until it closes (a few seconds and bytes at most). Closing with unread bytes
    // would reset the connection, and the client could lose the answer (a 413 or 431 sent
    // before the request was read to its end).
    void linger();
    // The answer to `req`, or null when it comes later (a replay: answer_replay sends it).
    std::shared_ptr<HttpReply> handle(const Request& req);
    void answer_replay(const Request& req, long game);
    // An upgrade whose Origin is not allowed: counted, logged now and then; true if refused.
    bool refuse_origin(const Request& req);

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Lobby& lobby_;
    const Config& config_;
    std::atomic<long>& next_id_;
    const StaticFiles* const files_;
    const HttpRole role_;
    HttpAdmission admission_;
    bool lingering_ = false;
    std::size_t lingered_ = 0;  // bytes read and dropped by linger()
};

}  // namespace niagara::server
