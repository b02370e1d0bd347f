#include "listener.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "config.hpp"
#include "http_session.hpp"
#include "lobby.hpp"
#include "address_key.hpp"
#include "http_gate.hpp"
#include "metrics.hpp"
#include "serial_executor.hpp"

namespace niagara::server {

Listener::Listener(net::io_context& io, tcp::endpoint endpoint, Lobby& lobby, const Config& config,
                   const StaticFiles& files)
    : io_(io),
      acceptor_(serial_executor(io, config.threads)),
      lobby_(lobby),
      config_(config),
      files_(files),
      gate_(std::make_shared<HttpGate>(HttpGate::Limits{config.max_http_connections_per_address,
                                                         config.http_rate, config.http_burst})),
      retry_(acceptor_.get_executor()) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);  // throws when the address is taken
    acceptor_.listen(net::socket_base::max_listen_connections);
}

void Listener::stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
        self->retry_.cancel();
    });
}

void Listener::do_accept() {
    acceptor_.async_accept(
        serial_executor(io_, config_.threads),
        boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;  // stopped
    if (ec) return back_off(ec);
    delay_ = std::chrono::milliseconds(0);
    // Small frames must leave at once: without this, Nagle's algorithm and delayed ACKs add
    // tens of milliseconds to every move.
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    boost::system::error_code no_peer;
    const auto peer = socket.remote_endpoint(no_peer);
    std::string address = no_peer ? "unknown" : address_key(peer.address(), config_.ipv6_prefix);
    auto ticket = gate_->open(address);
    if (!ticket) {
        // Over --max-http-connections-per-address: closed at once, nothing read or written.
        lobby_.metrics().refused(Limit::HttpConnectionsPerAddress);
        socket.close(ignored);
        return do_accept();
    }
    std::make_shared<HttpSession>(std::move(socket), lobby_, config_, next_id_, &files_,
                                  HttpRole::Game,
                                  HttpAdmission{gate_, std::move(address), std::move(ticket)})
        ->run();
    do_accept();
}

void Listener::back_off(const boost::beast::error_code& ec) {
    lobby_.metrics().accept_errors.fetch_add(1, std::memory_order_relaxed);
    constexpr auto kLogInterval = std::chrono::seconds(10);
    const auto now = std::chrono::steady_clock::now();
    if (now - logged_ >= kLogInterval) {
        spdlog::warn("accept: {} ({} more failures since the last report); retrying", ec.message(),
                     unlogged_);
        logged_ = now;
        unlogged_ = 0;
    } else {
        ++unlogged_;
    }
    delay_ = std::clamp(delay_ * 2, std::chrono::milliseconds(10), std::chrono::milliseconds(1000));
    retry_.expires_after(delay_);
    retry_.async_wait([self = shared_from_this()](boost::system::error_code wait) {
        if (!wait && self->acceptor_.is_open()) self->do_accept();
    });
}

}  // namespace niagara::server
