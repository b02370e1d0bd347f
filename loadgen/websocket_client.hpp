// The load generator's WebSocket connection: a non-blocking TCP socket that the caller's epoll
// loop drives (edge-triggered), with RFC 6455 framing for the client's side.
//
// Why not Beast here, as everywhere else: the load generator shares the machine with the
// server it measures, and over Beast and Asio's reactor it spent as much CPU per action as the
// server did (about 90 µs). Asio tries a read after every frame that finds nothing (no API
// marks a socket drained), Beast reads a frame header through a 1,536-byte buffer (so a
// prompt takes two reads), and every read and write passes through composed operations and
// type-erased executors. Here a read that comes back short of the buffer proves the socket
// drained (the next edge wakes it), a frame of any size takes one read, and the opening
// handshake is parsed by Beast's HTTP parser. What the server does is unchanged: the same
// frames arrive, the same actions go back.
#pragma once

#include <netinet/in.h>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace niagara::loadgen {

// RFC 6455 opcodes.
enum class Opcode : std::uint8_t {
    Continuation = 0x0,
    Text = 0x1,
    Binary = 0x2,
    Close = 0x8,
    Ping = 0x9,
    Pong = 0xA
};

struct FrameHeader {
    bool fin = false;
    std::uint8_t opcode = 0;
    bool masked = false;
    std::uint64_t length = 0;  // of the payload
    std::size_t size = 0;      // of the header itself, mask key included
    std::uint32_t mask_key = 0;
};

// The header at the start of `bytes`, or nullopt while it has not all arrived.
std::optional<FrameHeader> parse_frame_header(std::string_view bytes);

// Appends a client frame (always masked, as RFC 6455 requires of clients) with `mask_key`.
void append_client_frame(std::string& out, Opcode opcode, std::string_view payload,
                         std::uint32_t mask_key);

class WebSocketClient {
  public:
    // Connects to `server` and completes the opening handshake for `target` (blocking, as the
    // load generator does before its clock starts); the socket is non-blocking afterwards.
    // Throws std::runtime_error, with the reason, on failure.
    WebSocketClient(const sockaddr_in& server, const std::string& host, const std::string& target,
                    std::uint64_t seed);
    ~WebSocketClient();
    WebSocketClient(WebSocketClient&& other) noexcept;
    WebSocketClient& operator=(WebSocketClient&&) = delete;
    WebSocketClient(const WebSocketClient&) = delete;
    WebSocketClient& operator=(const WebSocketClient&) = delete;

    int fd() const { return fd_; }
    bool open() const { return open_; }
    const std::string& why_closed() const { return why_closed_; }

    // Sends a text message: at once, or, if the socket's buffer is full, the rest when
    // on_writable is called (an epoll EPOLLOUT edge).
    void send_text(std::string_view message);
    void on_writable();

    // Reads everything the socket holds and calls `on_text(std::string_view)` for every whole
    // text message, in order (the view lasts for the call; `on_text` may send on any
    // connection but must not read from one). Answers pings and the server's close. False
    // once closed.
    template <class OnText>
    bool on_readable(OnText&& on_text);

  private:
    enum class Fill { Drained, More, Closed };
    Fill fill(std::string_view& bytes);  // one receive; `bytes` views what is buffered
    // Handles one whole frame; a text message (or its last fragment) becomes `message`.
    bool take_frame(const FrameHeader& header, std::string_view payload,
                    std::optional<std::string_view>& message);
    void send_frame(Opcode opcode, std::string_view payload);
    void flush();
    void close(std::string why);
    bool fail(std::string why);  // closes; false

    int fd_ = -1;
    bool open_ = false;
    std::string why_closed_;
    std::string in_;           // bytes of a frame not yet whole
    std::string message_;      // fragments of a message not yet whole
    bool fragmented_ = false;  // a message's first fragment came, its last not yet
    std::string out_;          // bytes the socket did not take yet
    std::mt19937 masks_;       // mask keys
};

template <class OnText>
bool WebSocketClient::on_readable(OnText&& on_text) {
    while (open_) {
        std::string_view bytes;
        const Fill filled = fill(bytes);
        if (filled == Fill::Closed) return false;
        std::size_t used = 0;
        while (open_) {
            const std::optional<FrameHeader> header = parse_frame_header(bytes.substr(used));
            if (!header || bytes.size() - used - header->size < header->length) break;
            const std::string_view payload = bytes.substr(used + header->size, header->length);
            used += header->size + header->length;
            std::optional<std::string_view> message;
            if (!take_frame(*header, payload, message)) return false;
            if (message) on_text(*message);
            if (!fragmented_ && !message_.empty()) message_.clear();  // handed on
        }
        // What is left is the start of a frame: keep it for the next receive.
        if (bytes.data() == in_.data()) {
            in_.erase(0, used);
        } else {
            in_.assign(bytes.substr(used));
        }
        if (filled == Fill::Drained) return open_;
    }
    return false;
}

}  // namespace niagara::loadgen
