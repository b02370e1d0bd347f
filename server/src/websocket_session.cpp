#include "websocket_session.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <utility>

#include "address_key.hpp"
#include "config.hpp"
#include "lobby.hpp"
#include "niagara/i18n/i18n.hpp"
#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/server_message.hpp"
#include "serial_executor.hpp"
#include "server_texts.hpp"
#include "sessions.hpp"

namespace niagara::server {
namespace {

// The client as the per-address limits count it (address_key.hpp).
std::string peer_address(const tcp::socket& socket, int v6_prefix) {
    boost::system::error_code ec;
    const auto endpoint = socket.remote_endpoint(ec);
    if (ec) return "unknown";
    return address_key(endpoint.address(), v6_prefix);
}

}  // namespace

WebSocketSession::WebSocketSession(tcp::socket&& socket, Lobby& lobby, const Config& config,
                                   long id)
    : Connection(id, peer_address(socket, config.ipv6_prefix)),
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

WebSocketSession::~WebSocketSession() {
    if (admitted_) lobby_.release(address());
    lobby_.metrics().queued_bytes.fetch_sub(long(queued_bytes_), std::memory_order_relaxed);
}

void WebSocketSession::run(http::request<http::string_body> request) {
    // Over a connection limit the upgrade is refused with 503 and the socket closed: the
    // connection never reaches the lobby.
    if (auto refused = lobby_.admit(address())) {
        auto res = std::make_shared<http::response<http::string_body>>(
            http::status::service_unavailable, request.version());
        res->set(http::field::server, "niagara-server");
        res->set(http::field::content_type, "text/plain; charset=utf-8");
        res->set(http::field::retry_after, "10");
        // No language was chosen yet: the one the browser prefers (Accept-Language), if any.
        const std::string_view lang =
            i18n::negotiate({std::string(request[http::field::accept_language])});
        res->body() = i18n::render(lang, refused->key, refused->args) + "\n";
        res->keep_alive(false);
        res->prepare_payload();
        auto self = shared_from_this();
        return http::async_write(
            ws_.next_layer(), *res, [self, res](beast::error_code, std::size_t) {
                beast::error_code ignored;
                self->ws_.next_layer().shutdown(tcp::socket::shutdown_both, ignored);
                self->ws_.next_layer().close(ignored);
            });
    }
    admitted_ = true;
    // A browser's kept login (its Origin was checked before the upgrade came here).
    session_ = cookie_value(std::string_view(request[http::field::cookie].data(),
                                             request[http::field::cookie].size()),
                            kSessionCookie);
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
    if (!session_.empty()) lobby_.open_session(shared_from_this(), std::exchange(session_, {}));
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
        send(protocol::serialize(refusal("bad_command", {"server.binary"})));
    } else if (!allow_message()) {
        // A flood gets one answer per burst; a client that keeps flooding is closed.
        if (refused_in_a_row_++ == 0) lobby_.metrics().refused(Limit::Rate);
        if (refused_in_a_row_ == 1)
            send(protocol::serialize(refusal(
                "rate_limited", {"server.limit.rate", {{"rate", int(config_.rate_per_second)}}})));
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

void WebSocketSession::deliver(std::shared_ptr<const std::string> frame) {
    // The frame is in the connection's language already (Connection::send).
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
    const bool too_many =
        queue_.size() >= config_.max_queue && (stalled || queue_.size() >= 16 * config_.max_queue);
    // Bytes bound the memory one client can hold whatever the size of its messages (a few
    // huge table lists as surely as thousands of small patches).
    const bool too_big =
        config_.max_queue_bytes > 0 && queued_bytes_ + frame->size() > config_.max_queue_bytes;
    if (too_many || too_big) {
        spdlog::warn("connection {}: dropped, it is not reading ({} messages, {} bytes queued)",
                     id(), queue_.size(), queued_bytes_);
        lobby_.metrics().dropped_clients.fetch_add(1);
        if (too_big) lobby_.metrics().refused(Limit::QueueBytes);
        closing_ = true;
        forget_queue(true);
        beast::get_lowest_layer(ws_).close();  // the pending read fails and cleans up
        return;
    }
    queued_bytes_ += frame->size();
    lobby_.metrics().queued_bytes.fetch_add(long(frame->size()), std::memory_order_relaxed);
    queue_.push_back(std::move(frame));
    if (queue_.size() > 1) return;  // a write is in flight
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t) {
    if (ec) {
        closing_ = true;
        forget_queue(false);
        return;
    }
    queued_bytes_ -= queue_.front()->size();
    lobby_.metrics().queued_bytes.fetch_sub(long(queue_.front()->size()),
                                            std::memory_order_relaxed);
    queue_.pop_front();
    last_progress_ = std::chrono::steady_clock::now();
    if (queue_.empty()) return;
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

// Frames still queued are dropped. A frame being written (the queue's front, while a write is
// in flight) stays alive, and counted, until its write completes.
void WebSocketSession::forget_queue(bool write_in_flight) {
    const std::size_t keep = write_in_flight && !queue_.empty() ? 1 : 0;
    std::size_t dropped = 0;
    for (std::size_t i = keep; i < queue_.size(); ++i)
        dropped += queue_[i]->size();
    queue_.erase(queue_.begin() + std::ptrdiff_t(keep), queue_.end());
    queued_bytes_ -= dropped;
    lobby_.metrics().queued_bytes.fetch_sub(long(dropped), std::memory_order_relaxed);
}

void WebSocketSession::close() {
    net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
        if (self->closing_) return;
        self->closing_ = true;
        self->ws_.async_close(websocket::close_code::going_away, [self](beast::error_code) {});
    });
}

}  // namespace niagara::server
