#include "irc_link.hpp"

#include <openssl/ssl.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/write.hpp>

namespace niagara::bridge::irc {

namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
using boost::system::error_code;

namespace {

// A server's line is at most 512 bytes, plus up to 8191 of IRCv3 tags; more is not IRC.
constexpr std::size_t kMaxReadLine = 16 * 1024;

bool is_ip_literal(const std::string& host) {
    error_code ec;
    net::ip::make_address(host, ec);
    return !ec;
}

}  // namespace

IrcLink::IrcLink(net::io_context& io, Options options, Callbacks callbacks)
    : options_(std::move(options)),
      callbacks_(std::move(callbacks)),
      resolver_(io),
      tls_context_(ssl::context::tls_client),
      stream_(io, tls_context_),
      deadline_(io) {
    if (!options_.tls) return;
    tls_context_.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                             ssl::context::no_sslv3 | ssl::context::no_tlsv1 |
                             ssl::context::no_tlsv1_1);
    if (options_.tls_verify) {
        tls_context_.set_default_verify_paths();
        stream_.set_verify_mode(ssl::verify_peer);
        stream_.set_verify_callback(ssl::host_name_verification(options_.host));
    } else {
        stream_.set_verify_mode(ssl::verify_none);
    }
    // SNI: servers behind one address pick their certificate by it (not for IP addresses).
    if (!is_ip_literal(options_.host))
        SSL_set_tlsext_host_name(stream_.native_handle(), options_.host.c_str());
}

IrcLink::~IrcLink() {
    shut();
}

void IrcLink::start() {
    deadline_.expires_after(options_.connect_timeout);
    deadline_.async_wait([self = shared_from_this()](const error_code& ec) {
        if (!ec) self->fail("connection timed out");
    });
    resolver_.async_resolve(
        options_.host, std::to_string(options_.port),
        [self = shared_from_this()](const error_code& ec,
                                    const net::ip::tcp::resolver::results_type& results) {
            if (self->closed_) return;
            if (ec)
                return self->fail("cannot resolve " + self->options_.host + ": " + ec.message());
            net::async_connect(self->stream_.next_layer(), results,
                               [self](const error_code& ec, const net::ip::tcp::endpoint& peer) {
                                   if (self->closed_) return;
                                   if (ec) return self->fail("cannot connect: " + ec.message());
                                   self->connected(peer);
                               });
        });
}

void IrcLink::connected(const net::ip::tcp::endpoint& /*peer*/) {
    error_code ignored;
    stream_.next_layer().set_option(net::ip::tcp::no_delay(true), ignored);
    auto ready = [self = shared_from_this()] {
        self->deadline_.cancel();
        self->ready_ = true;
        if (self->callbacks_.connected) self->callbacks_.connected();
        if (self->closed_) return;
        self->read_next();
        self->write_next();
    };
    if (!options_.tls) return ready();
    stream_.async_handshake(ssl::stream_base::client,
                            [self = shared_from_this(), ready](const error_code& ec) {
                                if (self->closed_) return;
                                if (ec) return self->fail("TLS handshake failed: " + ec.message());
                                ready();
                            });
}

void IrcLink::read_next() {
    auto on_read = [self = shared_from_this()](const error_code& ec, std::size_t length) {
        if (self->closed_) return;
        if (ec == net::error::eof || ec == ssl::error::stream_truncated)
            return self->fail("the server closed the connection");
        if (ec == net::error::not_found) return self->fail("a line longer than 16 KiB");
        if (ec) return self->fail("read failed: " + ec.message());
        std::string line = self->read_buffer_.substr(0, length - 1);  // without the LF
        self->read_buffer_.erase(0, length);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (self->callbacks_.line) self->callbacks_.line(line);
        if (!self->closed_) self->read_next();
    };
    auto buffer = net::dynamic_buffer(read_buffer_, kMaxReadLine);
    if (options_.tls) {
        net::async_read_until(stream_, buffer, '\n', std::move(on_read));
    } else {
        net::async_read_until(stream_.next_layer(), buffer, '\n', std::move(on_read));
    }
}

void IrcLink::write(std::string line) {
    if (closed_ || closing_) return;
    line += "\r\n";
    to_write_.push_back(std::move(line));
    write_next();
}

void IrcLink::write_next() {
    if (writing_ || closed_ || !ready_ || to_write_.empty()) return;
    writing_ = true;
    auto on_written = [self = shared_from_this()](const error_code& ec, std::size_t) {
        self->writing_ = false;
        if (self->closed_) return;
        if (ec) return self->fail("write failed: " + ec.message());
        self->to_write_.pop_front();
        ++self->lines_written_;
        if (self->closing_ && self->to_write_.empty()) return self->shut();
        self->write_next();
    };
    const auto buffer = net::buffer(to_write_.front());
    if (options_.tls) {
        net::async_write(stream_, buffer, std::move(on_written));
    } else {
        net::async_write(stream_.next_layer(), buffer, std::move(on_written));
    }
}

void IrcLink::close() {
    shut();
}

void IrcLink::close_after_writes(std::chrono::milliseconds timeout) {
    if (closed_) return;
    closing_ = true;
    if (!writing_ && to_write_.empty()) return shut();
    deadline_.expires_after(timeout);
    deadline_.async_wait([self = shared_from_this()](const error_code& ec) {
        if (!ec) self->shut();
    });
}

void IrcLink::fail(const std::string& why) {
    if (closed_) return;
    shut();
    if (callbacks_.closed) callbacks_.closed(why);
}

void IrcLink::shut() {
    if (closed_) return;
    closed_ = true;
    resolver_.cancel();
    deadline_.cancel();
    error_code ignored;
    stream_.next_layer().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
    stream_.next_layer().close(ignored);
}

}  // namespace niagara::bridge::irc
