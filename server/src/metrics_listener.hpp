// The metrics listener of `--metrics ADDR:PORT`: a second port that serves only /metrics and
// /healthz (HttpSession in its metrics role), so that the game's public port need not show
// them. It runs on the connections' io_context.
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <memory>

namespace niagara::server {

class Lobby;
struct Config;

class MetricsListener : public std::enable_shared_from_this<MetricsListener> {
  public:
    // Throws when the address cannot be bound.
    MetricsListener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint,
                    Lobby& lobby, const Config& config);
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run() { do_accept(); }
    void stop();

  private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

    boost::asio::io_context& io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    Lobby& lobby_;
    const Config& config_;
    std::atomic<long> unused_ids_{0};  // its sessions open no WebSockets
};

}  // namespace niagara::server
