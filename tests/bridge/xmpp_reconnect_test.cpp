// The XMPP adapter when the server goes away: it reports the loss, comes back on its own with
// back-off, joins again and relays as before; stop() ends it promptly, even mid back-off.
#include <catch2/catch.hpp>

#include "xmpp_harness.hpp"
#include "xmpp_test_client.hpp"

namespace xmpp_test {
namespace {

const std::string kRestartRoom = std::string("river@") + ProsodyServer::rooms;

std::size_t reconnect_count_kind(const XmppAdapterHarness& bot, const std::string& kind) {
    return bot.count([&](const ChatEventRecord& e) { return e.kind == kind; });
}

}  // namespace

TEST_CASE("xmpp: after prosody restarts the bot reconnects, rejoins and relays again", "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}, {"alice", "alicepw"}});
    XmppAdapterHarness bot(bot_settings(server, "bot", "botpw", {kRestartRoom}));
    bot.start();
    REQUIRE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "ready"; }));
    XmppTestClient alice(server.jid("alice"), "alicepw", server.port());
    REQUIRE(alice.connect());
    REQUIRE(alice.join(kRestartRoom, "Alice"));

    server.restart();
    REQUIRE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "lost"; }));
    // Back-off starts at about a second; the second login follows.
    REQUIRE(bot.wait_count([](const ChatEventRecord& e) { return e.kind == "ready"; }, 2, 10s));
    CHECK(reconnect_count_kind(bot, "lost") == 1);

    REQUIRE(alice.wait_connected(false));
    REQUIRE(alice.connect());
    REQUIRE(alice.join(kRestartRoom, "Alice"));
    REQUIRE(bot.wait_count(
        [](const ChatEventRecord& e) {
            return e.kind == "present" && e.user.key == "alice@localhost";
        },
        2));
    alice.say(kRestartRoom, "back again");
    REQUIRE(bot.wait_event([](const ChatEventRecord& e) {
        return e.kind == "channel" && e.text == "back again" && e.user.key == "alice@localhost";
    }));
    bot.say(kRestartRoom, "welcome back");
    REQUIRE(alice.wait_line([](const ReceivedLine& l) { return l.text == "welcome back"; }));
}

TEST_CASE("xmpp: stop() returns promptly while the server is down", "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}});
    XmppAdapterHarness bot(bot_settings(server, "bot", "botpw", {kRestartRoom}));
    bot.start();
    REQUIRE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "ready"; }));
    server.stop();
    REQUIRE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "lost"; }));
    std::this_thread::sleep_for(200ms);  // into the back-off wait (or a refused connect)
    const auto begun = std::chrono::steady_clock::now();
    bot.stop();
    CHECK(std::chrono::steady_clock::now() - begun < 1s);
}

TEST_CASE("xmpp: a wrong password is retried quietly, without a ready", "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}});
    XmppAdapterHarness bot(bot_settings(server, "bot", "wrong", {kRestartRoom}));
    bot.start();
    CHECK_FALSE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "ready"; }, 1500ms));
    CHECK(bot.events().empty());
}

TEST_CASE("xmpp: with tls_required the bot never logs in over plain text", "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}});
    auto settings = bot_settings(server, "bot", "botpw", {kRestartRoom});
    settings.tls_required = true;  // the test server offers no STARTTLS
    XmppAdapterHarness bot(settings);
    bot.start();
    CHECK_FALSE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "ready"; }, 1500ms));
    CHECK(bot.events().empty());
    // The server never saw an authentication attempt.
    CHECK(server.log().find("Authenticated as bot@localhost") == std::string::npos);
}

}  // namespace xmpp_test
