// The load generator: its WebSocket framing (loadgen/websocket_client.hpp), its
// connection against the real server, and a short run of niagara-loadgen itself, whose figures
// the README and the closing notes quote.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "built_programs.hpp"
#include "server_fixture.hpp"
#include "websocket_client.hpp"


using niagara::loadgen::append_client_frame;
using niagara::loadgen::FrameHeader;
using niagara::loadgen::Opcode;
using niagara::loadgen::parse_frame_header;
using niagara::loadgen::WebSocketClient;
using Json = nlohmann::json;

namespace {

// A frame as the server sends it: unmasked.
std::string server_frame(Opcode opcode, const std::string& payload, bool fin = true) {
    std::string out;
    out += char((fin ? 0x80 : 0) | int(opcode));
    const std::size_t n = payload.size();
    if (n < 126) {
        out += char(n);
    } else if (n <= 0xFFFF) {
        out += char(126);
        out += char(n >> 8);
        out += char(n & 0xFF);
    } else {
        out += char(127);
        for (int i = 7; i >= 0; --i)
            out += char((std::uint64_t(n) >> (8 * i)) & 0xFF);
    }
    return out + payload;
}

std::string unmask(std::string_view payload, std::uint32_t key) {
    std::string out(payload);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = char(out[i] ^ char(key >> (8 * (3 - i % 4))));
    return out;
}

sockaddr_in loopback(unsigned short port) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}

// Reads the client's messages until one has `type` (5 s at most), as the epoll loop would.
Json wait_for(WebSocketClient& client, const std::string& type) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    std::vector<Json> seen;
    while (std::chrono::steady_clock::now() < deadline) {
        client.on_readable([&](std::string_view text) { seen.push_back(Json::parse(text)); });
        for (const Json& m : seen)
            if (m.value("type", "") == type) return m;
        seen.clear();
        if (!client.open()) break;
        pollfd ready{client.fd(), POLLIN, 0};
        poll(&ready, 1, 100);
    }
    FAIL("no '" << type << "' message came; open: " << client.open() << " " << client.why_closed());
    return {};
}

}  // namespace

TEST_CASE("Load generator framing: header lengths in 7, 16 and 64 bits", "[loadgen]") {
    for (std::size_t n : {0u, 1u, 125u, 126u, 65535u, 65536u, 70000u}) {
        const std::string frame = server_frame(Opcode::Text, std::string(n, 'x'));
        const auto header = parse_frame_header(frame);
        REQUIRE(header);
        CHECK(header->fin);
        CHECK(header->opcode == 0x1);
        CHECK_FALSE(header->masked);
        CHECK(header->length == n);
        CHECK(header->size + n == frame.size());
        // Any shorter start of the header is not yet a header.
        for (std::size_t cut = 0; cut < header->size; ++cut)
            CHECK_FALSE(parse_frame_header(std::string_view(frame).substr(0, cut)));
    }
    const auto fragment = parse_frame_header(server_frame(Opcode::Continuation, "ab", false));
    REQUIRE(fragment);
    CHECK_FALSE(fragment->fin);
    CHECK(fragment->opcode == 0x0);
}

TEST_CASE("Load generator framing: a client frame is masked and reads back", "[loadgen]") {
    for (std::size_t n : {0u, 5u, 125u, 126u, 4000u, 70000u}) {
        std::string payload;
        for (std::size_t i = 0; i < n; ++i)
            payload += char('a' + i % 26);
        std::string out = "kept";  // appended, not overwritten
        append_client_frame(out, Opcode::Text, payload, 0x12345678u);
        REQUIRE(out.substr(0, 4) == "kept");
        const std::string_view frame = std::string_view(out).substr(4);
        const auto header = parse_frame_header(frame);
        REQUIRE(header);
        CHECK(header->fin);
        CHECK(header->opcode == 0x1);
        CHECK(header->masked);  // RFC 6455 5.3: every client frame
        CHECK(header->mask_key == 0x12345678u);
        REQUIRE(header->size + header->length == frame.size());
        CHECK(unmask(frame.substr(header->size), header->mask_key) == payload);
        if (n >= 4) CHECK(frame.substr(header->size) != std::string_view(payload));
    }
}

TEST_CASE("Load generator connection: handshake, a command and its answer, the close",
          "[server][loadgen]") {
    server_test::ServerProcess server;
    WebSocketClient client(loopback(server.port()), "127.0.0.1", "/ws", 7);
    REQUIRE(client.open());
    client.send_text("/name loadgen-test");
    client.send_text("/new players=3");
    const Json created = wait_for(client, "table_created");
    CHECK(created.at("table").is_number_integer());
    client.send_text("/nonsense");
    const Json error = wait_for(client, "error");
    CHECK_FALSE(error.value("text", "").empty());
    server.stop();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (client.open() && std::chrono::steady_clock::now() < deadline) {
        client.on_readable([](std::string_view) {});
        pollfd ready{client.fd(), POLLIN, 0};
        poll(&ready, 1, 100);
    }
    CHECK_FALSE(client.open());
    CHECK_FALSE(client.why_closed().empty());
}

TEST_CASE("Load generator connection: no server, or no WebSocket, is an error",
          "[server][loadgen]") {
    // A port bound but not listening: nothing else can take it while the test holds it.
    const int held = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address = loopback(0);
    socklen_t length = sizeof address;
    REQUIRE(bind(held, reinterpret_cast<sockaddr*>(&address), length) == 0);
    REQUIRE(getsockname(held, reinterpret_cast<sockaddr*>(&address), &length) == 0);
    CHECK_THROWS_WITH(WebSocketClient(address, "127.0.0.1", "/ws", 1), Catch::Contains("connect"));
    close(held);
    // The server answers an upgrade to another target as a plain HTTP request.
    server_test::ServerProcess server;
    CHECK_THROWS_WITH(WebSocketClient(loopback(server.port()), "127.0.0.1", "/nope", 1),
                      Catch::Contains("the server answered 404"));
}

TEST_CASE("niagara-loadgen plays whole games against the server and reports its figures",
          "[server][loadgen]") {
    server_test::ServerProcess server;
    const std::string command = test::loadgen_program() + " --port " +
                                std::to_string(server.port()) +
                                " --tables 3 --seats 4 --warmup 1 --seconds 3 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::string out;
    char chunk[4096];
    while (std::size_t n = std::fread(chunk, 1, sizeof chunk, pipe))
        out.append(chunk, n);
    REQUIRE(pclose(pipe) == 0);
    INFO(out);
    CHECK(out.find("12 connections open, 0 closed") != std::string::npos);
    std::smatch m;
    REQUIRE(std::regex_search(
        out, m,
        std::regex(R"((\d+) actions \((\d+) actions/s\), (\d+) games finished, (\d+) errors)")));
    CHECK(std::stol(m[1]) > 300);  // bots answering at once: thousands in 3 s
    CHECK(std::stol(m[4]) == 0);
    CHECK(std::regex_search(out, std::regex(R"(own event: +p50 [0-9.]+ ms)")));
    CHECK(std::regex_search(out, std::regex(R"(last member: +p50 [0-9.]+ ms)")));
}
