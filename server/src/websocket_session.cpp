#include "websocket_session.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "config.hpp"
#include "lobby.hpp"
#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/server_message.hpp"
#include "serial_executor.hpp"

namespace niagara::server {

WebSocketSession::WebSocketSession(tcp::socket&& socket, Lobby& lobby, const Config& config,
                                   long id)
    : Connection(id),
      ws_(std::move(socket)),
      lobby_(lobby),
      config_(config),
      one_thread_(one_thread(config.threads)),
      mailbox_(split_threads(config.threads)
                   ? &boost::asio::use_service<FrameMailbox>(
                         boost::asio::query(ws_.get_executor(), boost::asio::execution::context))
                   : nullptr),
      tokens_(config.rate_burst),
      refilled_(std::chrono::steady_clock::now()) {}

void WebSocketSession::run(http::request<http::string_body> request) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "niagara-server"); }));
    // Frames up to 4x the protocol's limit are read and answered with an error; beyond that
    // Beast closes the connection (code 1009) without buffering more.
    ws_.read_message_max(4 * protocol::kMaxFrameBytes);
    ws_.async_accept(request,
                     beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
}

void WebSocketSession::on_accept(beast::error_code ec) {
    if (ec) return spdlog::debug("connection {}: handshake failed: {}", id(), ec.message());
    spdlog::info("connection {} opened", id());
    lobby_.connected(shared_from_this());
    do_read();
}

void WebSocketSession::do_read() {
    ws_.async_read(buffer_,
                   beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

bool WebSocketSession::allow_message() {
    const auto now = std::chrono::steady_clock::now();
    tokens_ = std::min(
        config_.rate_burst,
        tokens_ + config_.rate_per_second * std::chrono::duration<double>(now - refilled_).count());
    refilled_ = now;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        if (ec != websocket::error::closed) spdlog::debug("connection {}: {}", id(), ec.message());
        spdlog::info("connection {} closed", id());
        closing_ = true;
        return lobby_.disconnected(shared_from_this());
    }
    const std::string frame = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (!ws_.got_text()) {
        send(protocol::serialize(
            protocol::error("bad_command", "send text frames (JSON or /commands), not binary")));
    } else if (!allow_message()) {
        // A flood gets one answer per burst; a client that keeps flooding is closed.
        if (refused_in_a_row_++ == 0)
            send(protocol::serialize(protocol::error(
                "rate_limited", "too many messages; slow down (at most " +
                                    std::to_string(int(config_.rate_per_second)) + " a second)")));
        if (refused_in_a_row_ > 10 * int(config_.rate_burst)) {
            spdlog::warn("connection {}: closed for flooding", id());
            return close();
        }
    } else {
        refused_in_a_row_ = 0;
        lobby_.received(shared_from_this(), frame);
    }
    do_read();
}

void WebSocketSession::send(std::shared_ptr<const std::string> frame) {
    // With one thread (serial_executor.hpp) every caller (a table, the lobby, this session)
    // runs on the thread that owns the write queue: no lock and no hop.
    if (one_thread_) return enqueue(std::move(frame));
    // With two, every frame for any connection crosses in one hop per batch (frame_mailbox.hpp),
    // the lobby's answers from this thread too, so that they keep their order with the tables'.
    if (mailbox_)
        return mailbox_->deliver(shared_from_this(), std::move(frame), ws_.get_executor());
    // With strands, the write queue is touched on the session's strand only; one hop carries
    // every frame that arrives before it runs.
    if (incoming_.push(std::move(frame)))
        net::post(ws_.get_executor(),
                  beast::bind_front_handler(&WebSocketSession::take_incoming, shared_from_this()));
}

void WebSocketSession::take_incoming() {
    incoming_.take_all([this](auto& frame) { enqueue(std::move(frame)); });
}

void WebSocketSession::enqueue(std::shared_ptr<const std::string> frame) {
    if (closing_) return;

    // Over the limit, a client is dropped once its writes have made no progress for a while (it
    // stopped reading), or at a hard cap that bounds the memory a slow reader can hold.
    const auto now = std::chrono::steady_clock::now();
    if (queue_.empty()) last_progress_ = now;
    const bool stalled = now - last_progress_ >= std::chrono::milliseconds(config_.stall_ms);
    if (queue_.size() >= config_.max_queue &&
        (stalled || queue_.size() >= 16 * config_.max_queue)) {
        spdlog::warn("connection {}: dropped, it is not reading ({} messages queued)", id(),
                     queue_.size());
        lobby_.metrics().dropped_clients.fetch_add(1);
        closing_ = true;
        beast::get_lowest_layer(ws_).close();  // the pending read fails and cleans up
        return;
    }
    queue_.push_back(std::move(frame));
    if (queue_.size() > 1) return;  // a write is in flight
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t) {
    if (ec) {
        closing_ = true;
        queue_.clear();
        return;
    }
    queue_.pop_front();
    last_progress_ = std::chrono::steady_clock::now();
    if (queue_.empty()) return;
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::close() {
    net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
        if (self->closing_) return;
        self->closing_ = true;
        self->ws_.async_close(websocket::close_code::going_away, [self](beast::error_code) {});
    });
}

}  // namespace niagara::server
