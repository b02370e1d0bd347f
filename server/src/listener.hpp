// Accepts TCP connections and gives each its own serial executor (serial_executor.hpp) and
// HttpSession.
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <chrono>
#include <memory>

namespace niagara::server {

class HttpGate;
class Lobby;
class StaticFiles;
struct Config;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    // `files` (the web root's, served from memory) must outlive the listener's sessions.
    Listener(net::io_context& io, tcp::endpoint endpoint, Lobby& lobby, const Config& config,
             const StaticFiles& files);
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run() { do_accept(); }
    void stop();

  private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, tcp::socket socket);
    // A failed accept (out of file descriptors: the pending connection stays queued, and an
    // immediate retry fails again at once) waits before the next, longer each time in a row.
    void back_off(const boost::beast::error_code& ec);

    net::io_context& io_;
    tcp::acceptor acceptor_;
    Lobby& lobby_;
    const Config& config_;
    const StaticFiles& files_;
    std::shared_ptr<HttpGate> gate_;  // the HTTP limits per address (http_gate.hpp)
    std::atomic<long> next_id_{0};
    net::steady_timer retry_;                         // on the acceptor's executor
    std::chrono::milliseconds delay_{0};              // the wait after the last failure
    std::chrono::steady_clock::time_point logged_{};  // failures are logged once per interval
    long unlogged_ = 0;                               // failures since the last log line
};

}  // namespace niagara::server
