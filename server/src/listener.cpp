#include "listener.hpp"

#include <spdlog/spdlog.h>

#include "config.hpp"
#include "http_session.hpp"
#include "serial_executor.hpp"

namespace niagara::server {

Listener::Listener(net::io_context& io, tcp::endpoint endpoint, Lobby& lobby, const Config& config)
    : io_(io), acceptor_(serial_executor(io, config.threads)), lobby_(lobby), config_(config) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);  // throws when the address is taken
    acceptor_.listen(net::socket_base::max_listen_connections);
}

void Listener::stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
    });
}

void Listener::do_accept() {
    acceptor_.async_accept(
        serial_executor(io_, config_.threads),
        boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;  // stopped
    if (ec) {
        spdlog::warn("accept: {}", ec.message());  // e.g. out of file descriptors: keep going
    } else {
        // Small frames must leave at once: without this, Nagle's algorithm and delayed ACKs
        // add tens of milliseconds to every move.
        boost::system::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        std::make_shared<HttpSession>(std::move(socket), lobby_, config_, next_id_)->run();
    }
    do_accept();
}

}  // namespace niagara::server
