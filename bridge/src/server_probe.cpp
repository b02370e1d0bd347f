#include "server_probe.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>

namespace niagara::bridge {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

// One probe's state, kept alive by its handlers.
struct Probe : std::enable_shared_from_this<Probe> {
    Probe(net::io_context& io, std::function<void(std::optional<std::string>)> done)
        : resolver(io), stream(io), done(std::move(done)) {}
    net::ip::tcp::resolver resolver;
    beast::tcp_stream stream;
    beast::flat_buffer buffer;
    http::request<http::empty_body> request;
    // The answer is a few bytes; anything larger is not the server's health page.
    http::response_parser<http::string_body> parser;
    std::function<void(std::optional<std::string>)> done;

    void finish(std::optional<std::string> failure) {
        beast::error_code ignored;
        stream.socket().close(ignored);
        if (done) std::exchange(done, nullptr)(std::move(failure));
    }
};

}  // namespace

void probe_server(net::io_context& io, const ServerAddress& server,
                  std::chrono::milliseconds timeout,
                  std::function<void(std::optional<std::string>)> done) {
    auto probe = std::make_shared<Probe>(io, std::move(done));
    probe->parser.body_limit(4096);
    probe->request = {http::verb::get, "/healthz", 11};
    probe->request.set(http::field::host, server.host);
    probe->request.set(http::field::user_agent, "niagara-bridge health probe");
    probe->stream.expires_after(timeout);
    const auto failed = [probe](const char* step, beast::error_code ec) {
        probe->finish(std::string(step) + ": " + ec.message());
    };
    probe->resolver.async_resolve(
        server.host, std::to_string(server.port),
        [probe, failed](beast::error_code ec, net::ip::tcp::resolver::results_type found) {
            if (ec) return failed("resolve", ec);
            probe->stream.async_connect(found, [probe, failed](beast::error_code ec, auto) {
                if (ec) return failed("connect", ec);
                http::async_write(
                    probe->stream, probe->request, [probe, failed](beast::error_code ec, auto) {
                        if (ec) return failed("send", ec);
                        http::async_read(
                            probe->stream, probe->buffer, probe->parser,
                            [probe, failed](beast::error_code ec, auto) {
                                if (ec) return failed("read", ec);
                                const auto status = probe->parser.get().result_int();
                                if (status == 200) return probe->finish(std::nullopt);
                                probe->finish("GET /healthz answered " + std::to_string(status));
                            });
                    });
            });
        });
}

}  // namespace niagara::bridge
