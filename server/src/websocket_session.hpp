// One WebSocket client: reads text frames into the lobby, writes queued frames one at a time.
// The write queue is bounded: a client that stops reading is dropped instead of slowing its
// table down. A token bucket limits how many messages a client may send.
#pragma once

#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "batched_hand_over.hpp"
#include "connection.hpp"
#include "frame_mailbox.hpp"

namespace niagara::server {

class Lobby;
struct Config;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

class WebSocketSession : public Connection, public std::enable_shared_from_this<WebSocketSession> {
  public:
    WebSocketSession(tcp::socket&& socket, Lobby& lobby, const Config& config, long id);
    ~WebSocketSession() override;

    void run(http::request<http::string_body> request);
    void deliver(std::shared_ptr<const std::string> frame) override;
    void close() override;

  private:
    friend class FrameMailbox;  // calls enqueue() on this connection's thread

    void on_accept(beast::error_code ec);
    std::string session_;  // the upgrade's session cookie (sessions.hpp), if any
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void take_incoming();  // moves frames from send() into the write queue, on the strand
    void enqueue(std::shared_ptr<const std::string> frame);
    void on_write(beast::error_code ec, std::size_t bytes);
    void forget_queue(bool write_in_flight);
    bool allow_message();  // the token bucket

    // Over the bare socket: the WebSocket stream keeps its own timeouts (handshake, idle), and
    // every frame written skips a layer.
    websocket::stream<tcp::socket> ws_;
    beast::flat_buffer buffer_;
    Lobby& lobby_;
    const Config& config_;
    std::deque<std::shared_ptr<const std::string>> queue_;  // on the session's executor only
    // One thread runs the server: send() is always called on it, and queues at once.
    const bool one_thread_;
    // Two threads: send() hands frames to the connections' thread through its mailbox.
    FrameMailbox* const mailbox_;
    // Otherwise (strands), frames handed over by send() from other strands. A table sends a
    // connection several frames per change; they cross to this strand in one hop rather than
    // one post each.
    BatchedHandOver<std::shared_ptr<const std::string>> incoming_;
    bool closing_ = false;
    bool admitted_ = false;         // counted by the lobby's per-address limit until destroyed
    std::size_t queued_bytes_ = 0;  // the frames in queue_, in bytes
    double tokens_;
    std::chrono::steady_clock::time_point refilled_;
    int refused_in_a_row_ = 0;
    std::chrono::steady_clock::time_point last_progress_;  // the last completed write
};

}  // namespace niagara::server
