#include "metrics_listener.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>

#include "config.hpp"
#include "http_session.hpp"
#include "serial_executor.hpp"

namespace niagara::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

MetricsListener::MetricsListener(net::io_context& io, tcp::endpoint endpoint, Lobby& lobby,
                                 const Config& config)
    : io_(io), acceptor_(serial_executor(io, config.threads)), lobby_(lobby), config_(config) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
}

void MetricsListener::stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
    });
}

void MetricsListener::do_accept() {
    acceptor_.async_accept(
        serial_executor(io_, config_.threads),
        boost::beast::bind_front_handler(&MetricsListener::on_accept, shared_from_this()));
}

void MetricsListener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;  // stopped
    if (ec) {
        // Out of file descriptors, most likely: the game's listener reports it; wait a little
        // rather than spin on the pending connection.
        auto timer = std::make_shared<net::steady_timer>(acceptor_.get_executor());
        timer->expires_after(std::chrono::milliseconds(100));
        timer->async_wait([self = shared_from_this(), timer](boost::system::error_code wait) {
            if (!wait && self->acceptor_.is_open()) self->do_accept();
        });
        return;
    }
    std::make_shared<HttpSession>(std::move(socket), lobby_, config_, unused_ids_, nullptr,
                                  HttpRole::Metrics)
        ->run();
    do_accept();
}

}  // namespace niagara::server
