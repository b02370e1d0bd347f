#include "websocket_client.hpp"

#include <fcntl.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
// Beast's own handshake helpers (a random key, and the SHA-1 answer the server must give).
#include <boost/beast/websocket/detail/hybi13.hpp>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace niagara::loadgen {

namespace {

namespace http = boost::beast::http;
namespace ws_detail = boost::beast::websocket::detail;

// A message larger than this ends the connection: the server's biggest (a snapshot) is a few
// tens of KB.
constexpr std::uint64_t kMaxMessage = 16u << 20;

// One receive takes up to this much; a receive that returns less proves the socket drained.
constexpr std::size_t kReceive = 64 * 1024;

std::string system_error(const char* what) {
    return std::string(what) + ": " + std::strerror(errno);
}

}  // namespace

std::optional<FrameHeader> parse_frame_header(std::string_view bytes) {
    if (bytes.size() < 2) return std::nullopt;
    const auto byte = [&](std::size_t i) { return std::uint8_t(bytes[i]); };
    FrameHeader h;
    h.fin = (byte(0) & 0x80) != 0;
    h.opcode = byte(0) & 0x7F;  // the RSV bits stay in: no extension is agreed, so they are errors
    h.masked = (byte(1) & 0x80) != 0;
    const std::uint8_t length = byte(1) & 0x7F;
    std::size_t at = 2;
    const std::size_t length_bytes = length == 126 ? 2 : length == 127 ? 8 : 0;
    if (bytes.size() < at + length_bytes + (h.masked ? 4 : 0)) return std::nullopt;
    if (length_bytes == 0) h.length = length;
    for (std::size_t i = 0; i < length_bytes; ++i)
        h.length = (h.length << 8) | byte(at++);
    if (h.masked) {
        for (int i = 0; i < 4; ++i)
            h.mask_key = (h.mask_key << 8) | byte(at++);
    }
    h.size = at;
    return h;
}

void append_client_frame(std::string& out, Opcode opcode, std::string_view payload,
                         std::uint32_t mask_key) {
    const std::size_t start = out.size();
    const std::uint64_t n = payload.size();
    const std::size_t length_bytes = n < 126 ? 0 : n <= 0xFFFF ? 2 : 8;
    out.resize(start + 2 + length_bytes + 4 + payload.size());
    char* p = out.data() + start;
    *p++ = char(0x80 | std::uint8_t(opcode));  // FIN: the client never fragments
    *p++ = char(0x80 | (length_bytes == 0 ? n : length_bytes == 2 ? 126 : 127));
    for (std::size_t i = length_bytes; i > 0; --i)
        *p++ = char((n >> (8 * (i - 1))) & 0xFF);
    const std::array<char, 4> key{char(mask_key >> 24), char(mask_key >> 16), char(mask_key >> 8),
                                  char(mask_key)};
    for (char k : key)
        *p++ = k;
    for (std::size_t i = 0; i < payload.size(); ++i)
        *p++ = char(payload[i] ^ key[i % 4]);
}

WebSocketClient::WebSocketClient(const sockaddr_in& server, const std::string& host,
                                 const std::string& target, std::uint64_t seed)
    : masks_(std::uint32_t(seed)) {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) throw std::runtime_error(system_error("socket"));
    const auto give_up = [this](const std::string& why) {
        ::close(fd_);
        fd_ = -1;
        throw std::runtime_error(why);
    };
    // Blocking until the handshake is done, but never for more than 10 s a step.
    const timeval patience{10, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
    setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &patience, sizeof patience);
    if (connect(fd_, reinterpret_cast<const sockaddr*>(&server), sizeof server) != 0)
        give_up(system_error("connect"));
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // no Nagle delay

    ws_detail::sec_ws_key_type key;
    ws_detail::make_sec_ws_key(key);
    const std::string request = "GET " + target + " HTTP/1.1\r\nHost: " + host +
                                "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                "Sec-WebSocket-Key: " +
                                std::string(key.data(), key.size()) +
                                "\r\nSec-WebSocket-Version: 13\r\n\r\n";
    for (std::size_t sent = 0; sent < request.size();) {
        const ssize_t n = ::send(fd_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) give_up(system_error("handshake: send"));
        sent += std::size_t(n);
    }
    // The answer, read with Beast's HTTP parser; whatever follows it is the first frames.
    http::response_parser<http::empty_body> parser;
    boost::beast::flat_buffer buffer;
    boost::beast::error_code ec;
    while (!parser.is_header_done()) {
        auto room = buffer.prepare(4096);
        const ssize_t n = ::recv(fd_, room.data(), room.size(), 0);
        if (n <= 0) give_up(n == 0 ? "handshake: closed" : system_error("handshake: recv"));
        buffer.commit(std::size_t(n));
        buffer.consume(parser.put(buffer.data(), ec));
        if (ec && ec != http::error::need_more) give_up("handshake: " + ec.message());
    }
    const auto& response = parser.get();
    ws_detail::sec_ws_accept_type accept;
    ws_detail::make_sec_ws_accept(accept, {key.data(), key.size()});
    if (response.result() != http::status::switching_protocols)
        give_up("handshake: the server answered " + std::to_string(response.result_int()));
    if (response["Sec-WebSocket-Accept"] != std::string_view(accept.data(), accept.size()))
        give_up("handshake: a wrong Sec-WebSocket-Accept");
    in_.assign(static_cast<const char*>(buffer.data().data()), buffer.size());

    fcntl(fd_, F_SETFL, fcntl(fd_, F_GETFL) | O_NONBLOCK);
    open_ = true;
}

WebSocketClient::~WebSocketClient() {
    if (fd_ >= 0) ::close(fd_);
}

WebSocketClient::WebSocketClient(WebSocketClient&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      open_(std::exchange(other.open_, false)),
      why_closed_(std::move(other.why_closed_)),
      in_(std::move(other.in_)),
      message_(std::move(other.message_)),
      fragmented_(other.fragmented_),
      out_(std::move(other.out_)),
      masks_(other.masks_) {}

void WebSocketClient::send_text(std::string_view message) {
    send_frame(Opcode::Text, message);
}

void WebSocketClient::send_frame(Opcode opcode, std::string_view payload) {
    if (!open_) return;
    const bool idle = out_.empty();
    append_client_frame(out_, opcode, payload, masks_());
    if (idle) flush();  // else the socket is full, and on_writable will go on
}

void WebSocketClient::on_writable() {
    flush();
}

void WebSocketClient::flush() {
    std::size_t sent = 0;
    while (open_ && sent < out_.size()) {
        const ssize_t n = ::send(fd_, out_.data() + sent, out_.size() - sent, MSG_NOSIGNAL);
        if (n > 0) {
            sent += std::size_t(n);
        } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
            break;
        } else if (errno != EINTR) {
            close(system_error("send"));
        }
    }
    out_.erase(0, sent);
}

WebSocketClient::Fill WebSocketClient::fill(std::string_view& bytes) {
    // With nothing kept from before, a frame is read in place, in one buffer for all
    // connections (a connection's own would be cold in the cache: there are thousands).
    thread_local std::array<char, kReceive> scratch;
    const bool kept = !in_.empty();
    const std::size_t old = in_.size();
    if (kept) in_.resize(old + kReceive);
    char* into = kept ? in_.data() + old : scratch.data();
    ssize_t n = 0;
    do {
        n = ::recv(fd_, into, kReceive, 0);
    } while (n < 0 && errno == EINTR);
    if (kept) in_.resize(old + std::size_t(n > 0 ? n : 0));
    if (n == 0) {
        close("closed by the server");
        return Fill::Closed;
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
        close(system_error("recv"));
        return Fill::Closed;
    }
    bytes =
        kept || n < 0 ? std::string_view(in_) : std::string_view(scratch.data(), std::size_t(n));
    return n == ssize_t(kReceive) ? Fill::More : Fill::Drained;
}

bool WebSocketClient::take_frame(const FrameHeader& header, std::string_view payload,
                                 std::optional<std::string_view>& message) {
    if (header.masked) return fail("a masked frame from the server");
    if (header.length > kMaxMessage || message_.size() + payload.size() > kMaxMessage)
        return fail("a message over 16 MiB");
    const auto opcode = Opcode(header.opcode);
    const bool control = header.opcode >= 0x8;
    if (control && (!header.fin || header.length > 125))
        return fail("a fragmented or long control frame");
    switch (opcode) {
        case Opcode::Text:
        case Opcode::Binary:
            if (fragmented_) return fail("a new message inside a fragmented one");
            if (header.fin) {
                message = payload;
            } else {
                fragmented_ = true;
                message_.assign(payload);
            }
            return true;
        case Opcode::Continuation:
            if (!fragmented_) return fail("a continuation of no message");
            message_.append(payload);
            if (header.fin) {
                fragmented_ = false;
                message = message_;
            }
            return true;
        case Opcode::Close:
            send_frame(Opcode::Close, payload.substr(0, 2));  // the same status code back
            return fail("closed by the server");
        case Opcode::Ping:
            send_frame(Opcode::Pong, payload);
            return true;
        case Opcode::Pong:
            return true;
    }
    return fail("an unknown opcode " + std::to_string(header.opcode));
}

bool WebSocketClient::fail(std::string why) {
    close(std::move(why));
    return false;
}

void WebSocketClient::close(std::string why) {
    if (!open_) return;
    open_ = false;
    why_closed_ = std::move(why);
    ::shutdown(fd_, SHUT_RDWR);
}

}  // namespace niagara::loadgen
