// HTTP GET against the server under test, and reading its /metrics.
#include "server_fixture.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http.hpp>
#include <sstream>
#include <thread>

namespace server_test {

namespace http = beast::http;
using tcp = net::ip::tcp;

// ---- HTTP --------------------------------------------------------------------------------

namespace {

HttpResponse send_request(unsigned short port, http::verb method, const std::string& target,
                          const HttpHeaders& headers, std::chrono::milliseconds timeout,
                          const std::string& source) {
    net::io_context io;
    beast::tcp_stream stream(io);
    if (!source.empty()) {  // another client, as the server's per-address limits count them
        stream.socket().open(tcp::v4());
        stream.socket().bind(tcp::endpoint(net::ip::make_address(source), 0));
    }
    beast::flat_buffer buffer;
    http::request<http::empty_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::connection, "close");
    for (const auto& [name, value] : headers)
        req.insert(name, value);
    // A long game's replay passes Beast's default limit (8 MB).
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 << 20);
    parser.skip(method == http::verb::head);  // a HEAD's answer has a length and no body
    HttpResponse out;
    bool done = false;
    auto fail = [&](const char* what, beast::error_code ec) {
        out.error = std::string(what) + ": " + ec.message();
        done = true;
    };
    stream.expires_after(timeout);
    stream.async_connect(
        tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
            if (ec) return fail("connect", ec);
            http::async_write(stream, req, [&](beast::error_code ec, std::size_t) {
                if (ec) return fail("write", ec);
                http::async_read(stream, buffer, parser, [&](beast::error_code ec, std::size_t) {
                    if (ec) return fail("read", ec);
                    const auto& res = parser.get();
                    out.status = res.result_int();
                    out.content_type = std::string(res[http::field::content_type]);
                    out.retry_after = std::string(res[http::field::retry_after]);
                    out.content_encoding = std::string(res[http::field::content_encoding]);
                    out.vary = std::string(res[http::field::vary]);
                    out.content_length = std::string(res[http::field::content_length]);
                    out.set_cookie = std::string(res[http::field::set_cookie]);
                    out.body = res.body();
                    done = true;
                });
            });
        });
    io.run_for(timeout + 1s);
    if (!done) out.error = "no answer within the deadline";
    return out;
}

}  // namespace

HttpResponse http_get(unsigned short port, const std::string& target,
                      std::chrono::milliseconds timeout, const std::string& source) {
    return send_request(port, http::verb::get, target, {}, timeout, source);
}

HttpResponse http_request(unsigned short port, const std::string& method, const std::string& target,
                          const HttpHeaders& headers, std::chrono::milliseconds timeout) {
    return send_request(port, http::string_to_verb(method), target, headers, timeout, "");
}

StalledReader::StalledReader(unsigned short port, const std::string& target, int receive_buffer,
                             const std::string& accept_encoding)
    : socket_(io_) {
    socket_.open(tcp::v4());
    socket_.set_option(net::socket_base::receive_buffer_size(receive_buffer));
    const int segment = 536;
    setsockopt(socket_.native_handle(), IPPROTO_TCP, TCP_MAXSEG, &segment, sizeof segment);
    socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    const std::string request =
        "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
        (accept_encoding.empty() ? "" : "Accept-Encoding: " + accept_encoding + "\r\n") + "\r\n";
    net::write(socket_, net::buffer(request));
}

StalledReader::~StalledReader() {
    beast::error_code ignored;
    socket_.close(ignored);
}

std::optional<double> metric(const std::string& text, const std::string& sample) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(sample + " ", 0) == 0) return std::stod(line.substr(sample.size() + 1));
    }
    return std::nullopt;
}

std::optional<double> metric_settled(unsigned short port, const std::string& sample,
                                     double expected, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const std::optional<double> value = metric(http_get(port, "/metrics").body, sample);
        if (value == expected || std::chrono::steady_clock::now() >= deadline) return value;
        std::this_thread::sleep_for(10ms);
    }
}

bool healthy(unsigned short port) {
    const HttpResponse r = http_get(port, "/healthz");
    return r.status == 200 && r.body == "ok\n";
}

}  // namespace server_test
