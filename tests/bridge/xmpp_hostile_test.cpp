// Hostile text through the XMPP adapter, both ways: XML's special characters, control
// characters, bytes that are not UTF-8, very long lines and many-line bodies arrive intact or
// made safe, and the connection survives them all.
#include <catch2/catch.hpp>

#include "xmpp_harness.hpp"
#include "xmpp_test_client.hpp"

namespace xmpp_test {
namespace {

const std::string kHostileRoom = std::string("hostile@") + ProsodyServer::rooms;

std::string hostile_long_words(std::size_t bytes) {
    std::string text;
    for (int i = 0; text.size() < bytes; ++i)
        text += "word" + std::to_string(i) + (i % 7 == 0 ? " \xC3\xA9t\xC3\xA9 " : " ");
    return text.substr(0, bytes - 1) + ".";
}

}  // namespace

TEST_CASE("xmpp: hostile lines are relayed intact or escaped and never break the link", "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}, {"alice", "alicepw"}});
    XmppAdapterHarness bot(bot_settings(server, "bot", "botpw", {kHostileRoom}));
    bot.start();
    REQUIRE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "ready"; }));
    XmppTestClient alice(server.jid("alice"), "alicepw", server.port());
    REQUIRE(alice.connect());
    REQUIRE(alice.join(kHostileRoom, "Alice"));
    REQUIRE(bot.wait_event([](const ChatEventRecord& e) { return e.kind == "present"; }));

    SECTION("from the bot") {
        const std::string markup = "<b>&amp;</b> ]]> \"quoted\" 'single' <!-- --> </stream:stream>";
        bot.say(kHostileRoom, markup);
        REQUIRE(alice.wait_line([&](const ReceivedLine& l) { return l.text == markup; }));

        bot.tell("alice@localhost", std::string("ctl\x01\x02 \x1b[31mred\x1b[0m\0end\r\nnext", 28));
        const auto cleaned = alice.wait_line([](const ReceivedLine& l) { return l.is_private; });
        REQUIRE(cleaned);
        CHECK(cleaned->text == "ctl [31mred[0mend  next");

        bot.say(kHostileRoom, "bad \xFF utf8");
        REQUIRE(alice.wait_line(
            [](const ReceivedLine& l) { return l.text == "bad \xEF\xBF\xBD utf8"; }));

        // 10,000 bytes: several messages, none over the limit, together the line.
        const std::string long_line = hostile_long_words(10000);
        bot.say(kHostileRoom, long_line);
        bot.say(kHostileRoom, "after the long line");
        REQUIRE(alice.wait_line(
            [](const ReceivedLine& l) { return l.text.ends_with("after the long line"); }));
        std::string rebuilt;
        int pieces = 0;
        for (const auto& line : alice.received())
            if (line.room == kHostileRoom && line.text.starts_with("word")) {
                CHECK(line.text.size() <= 4000);
                rebuilt += line.text;
                ++pieces;
            }
        CHECK(pieces >= 3);
        // The queue may join the last piece and the next line with " | ".
        CHECK(rebuilt.starts_with(long_line));
    }

    SECTION("to the bot") {
        const std::string markup = "<script>alert('&amp;')</script> ]]> \"";
        alice.say(kHostileRoom, markup);
        REQUIRE(bot.wait_event(
            [&](const ChatEventRecord& e) { return e.kind == "channel" && e.text == markup; }));

        const std::string long_line = hostile_long_words(20000);
        alice.say(kHostileRoom, long_line);
        REQUIRE(bot.wait_event(
            [&](const ChatEventRecord& e) { return e.kind == "channel" && e.text == long_line; }));

        alice.tell(server.jid("bot"), "one\r\ntwo\n\n\tthree");
        REQUIRE(bot.wait_event(
            [](const ChatEventRecord& e) { return e.kind == "private" && e.text == "\tthree"; }));
        CHECK(bot.count([](const ChatEventRecord& e) {
            return e.kind == "private" && (e.text == "one" || e.text == "two");
        }) == 2);
    }

    // Still connected, both ways.
    alice.say(kHostileRoom, "still here");
    REQUIRE(bot.wait_event(
        [](const ChatEventRecord& e) { return e.kind == "channel" && e.text == "still here"; }));
    bot.say(kHostileRoom, "me too");
    REQUIRE(alice.wait_line([](const ReceivedLine& l) { return l.text == "me too"; }));
    CHECK(bot.count([](const ChatEventRecord& e) { return e.kind == "lost"; }) == 0);
}

}  // namespace xmpp_test
