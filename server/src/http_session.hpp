// One HTTP connection: serves the web client's files, /healthz, /metrics and finished game
// records (/games/<id>), and hands a WebSocket upgrade at /ws to a WebSocketSession.
#pragma once

#include <atomic>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

namespace niagara::server {

class Lobby;
struct Config;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket&& socket, Lobby& lobby, const Config& config,
                std::atomic<long>& next_id);
    void run();

  private:
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
    http::response<http::string_body> handle(const http::request<http::string_body>& req);

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Lobby& lobby_;
    const Config& config_;
    std::atomic<long>& next_id_;
};

}  // namespace niagara::server
