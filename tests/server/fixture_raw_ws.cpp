// RawWs: a bare WebSocket client for bad input (any frame, any read pattern).
#include "server_fixture.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace server_test {

using tcp = net::ip::tcp;

// ---- RawWs -------------------------------------------------------------------------------

RawWs::RawWs(unsigned short port, const std::vector<std::pair<std::string, std::string>>& headers)
    : ws_(io_) {
    ws_.set_option(beast::websocket::stream_base::decorator(
        [headers](beast::websocket::request_type& req) {
            for (const auto& [name, value] : headers) req.insert(name, value);
        }));
    connect(port);
}

RawWs::RawWs(unsigned short port, int receive_buffer) : ws_(io_) {
    auto& stream = beast::get_lowest_layer(ws_);
    stream.socket().open(tcp::v4());
    if (receive_buffer > 0) {
        stream.socket().set_option(net::socket_base::receive_buffer_size(receive_buffer));
        // Small segments keep the server's send buffer small too (Linux sizes it from the
        // segment size), so a client that does not read backs up into the server's queue.
        const int segment = 536;
        setsockopt(stream.socket().native_handle(), IPPROTO_TCP, TCP_MAXSEG, &segment,
                   sizeof segment);
    }
    connect(port);
}

// Connects and upgrades to /ws, within 6 s; throws when it cannot.
void RawWs::connect(unsigned short port) {
    auto& stream = beast::get_lowest_layer(ws_);
    bool done = false;
    beast::error_code result;
    stream.expires_after(5s);
    stream.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                         [&](beast::error_code ec) {
                             if (ec) {
                                 result = ec;
                                 done = true;
                                 return;
                             }
                             beast::get_lowest_layer(ws_).expires_never();
                             ws_.async_handshake("127.0.0.1", "/ws", [&](beast::error_code ec) {
                                 result = ec;
                                 done = true;
                             });
                         });
    if (!run_until(done, 6s)) throw std::runtime_error("raw websocket: no handshake in time");
    if (result) throw std::runtime_error("raw websocket: " + result.message());
}

RawWs::~RawWs() {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    io_.run_for(100ms);  // let the cancelled operations finish
}

bool RawWs::run_until(const bool& done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return false;
        if (io_.stopped()) io_.restart();
        io_.run_one_for(deadline - now);
    }
    return true;
}

bool RawWs::send(const std::string& frame, bool binary, std::chrono::milliseconds timeout) {
    if (ended_) return false;
    bool done = false;
    beast::error_code result;
    ws_.binary(binary);
    ws_.async_write(net::buffer(frame), [&](beast::error_code ec, std::size_t) {
        result = ec;
        done = true;
    });
    if (!run_until(done, timeout)) {
        error_ = "write timed out";
        return false;
    }
    if (result) {
        error_ = "write: " + result.message();
        return false;
    }
    return true;
}

std::optional<Json> RawWs::read(std::chrono::milliseconds timeout) {
    if (ended_) return std::nullopt;
    if (!reading_) {
        reading_ = true;
        read_done_ = false;
        ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
            read_ec_ = ec;
            read_done_ = true;
        });
    }
    if (!run_until(read_done_, timeout)) return std::nullopt;  // the read stays pending
    reading_ = false;
    if (read_ec_) {
        ended_ = true;
        error_ = read_ec_.message();
        return std::nullopt;
    }
    ++frames_read_;
    std::string frame = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    Json j = Json::parse(frame, nullptr, false);
    return j.is_discarded() ? Json(frame) : j;
}

std::optional<Json> RawWs::read_until(const std::function<bool(const Json&)>& match,
                                      std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left <= 0ms) return std::nullopt;
        auto m = read(left);
        if (!m) return std::nullopt;
        if (match(*m)) return m;
    }
}

std::optional<Json> RawWs::read_type(const std::string& type, std::chrono::milliseconds timeout) {
    return read_until([&](const Json& m) { return m.is_object() && m.value("type", "") == type; },
                      timeout);
}

std::string code_of(const std::optional<Json>& m) {
    return m && m->is_object() ? m->value("code", "") : "";
}

}  // namespace server_test
