// The few steps the bare-WebSocket tests of a table all take: a named connection in the lobby,
// and the next message of a type (an error instead fails the test, with the error shown).
#include <catch2/catch.hpp>

#include "server_fixture.hpp"

namespace server_test {

std::string message_type(const Json& m) {
    return m.is_object() ? m.value("type", "") : "";
}

std::unique_ptr<RawWs> raw_lobby_user(unsigned short port, const std::string& name) {
    auto ws = std::make_unique<RawWs>(port);
    REQUIRE(ws->read_type("welcome"));
    REQUIRE(ws->send("/name " + name));
    REQUIRE(ws->read_type("name"));
    return ws;
}

Json expect_message(RawWs& ws, const std::string& type, std::chrono::milliseconds timeout) {
    const auto m = ws.read_until(
        [&](const Json& j) { return message_type(j) == type || message_type(j) == "error"; },
        timeout);
    INFO("waiting for " << type);
    REQUIRE(m);
    INFO(m->dump());
    REQUIRE(message_type(*m) == type);
    return *m;
}

}  // namespace server_test
