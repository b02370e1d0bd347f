// Accepts TCP connections and gives each its own serial executor (serial_executor.hpp) and
// HttpSession.
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <memory>

namespace niagara::server {

class Lobby;
struct Config;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    Listener(net::io_context& io, tcp::endpoint endpoint, Lobby& lobby, const Config& config);
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run() { do_accept(); }
    void stop();

  private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, tcp::socket socket);

    net::io_context& io_;
    tcp::acceptor acceptor_;
    Lobby& lobby_;
    const Config& config_;
    std::atomic<long> next_id_{0};
};

}  // namespace niagara::server
