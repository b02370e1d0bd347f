// The XMPP adapter against the real prosody: joining, who is there (by bare JID), room lines
// against direct lines, leaving, nick changes, and where say() and tell() land.
#include <catch2/catch.hpp>

#include "xmpp_harness.hpp"
#include "xmpp_test_client.hpp"

namespace xmpp_test {
namespace {

const std::string kAdapterRoom = std::string("game@") + ProsodyServer::rooms;

// An event matcher: of `kind`, and (when given) for `key` / with `text`.
auto adapter_event_is(std::string kind, std::string key = "", std::string text = "") {
    return [=](const ChatEventRecord& e) {
        return e.kind == kind && (key.empty() || e.user.key == key) &&
               (text.empty() || e.text == text);
    };
}

}  // namespace

TEST_CASE(
    "xmpp: the bot joins, sees who is there by bare JID, and tells room lines from "
    "direct lines",
    "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}, {"alice", "alicepw"}, {"bob", "bobpw"}});
    XmppTestClient alice(server.jid("alice") + "/laptop", "alicepw", server.port());
    XmppTestClient bob(server.jid("bob"), "bobpw", server.port());
    REQUIRE(alice.connect());
    REQUIRE(alice.join(kAdapterRoom, "Alice"));
    alice.say(kAdapterRoom, "said before the bot came");  // room history: never relayed

    XmppAdapterHarness bot(bot_settings(server, "bot", "botpw", {kAdapterRoom}));
    bot.start();
    const auto ready = bot.wait_event(adapter_event_is("ready"));
    REQUIRE(ready);
    CHECK(ready->text == "niagara");
    const auto alice_here = bot.wait_event(adapter_event_is("present", "alice@localhost"));
    REQUIRE(alice_here);
    CHECK(alice_here->channel == kAdapterRoom);
    CHECK(alice_here->user.display == "Alice");
    // on_ready comes before the occupants (the bridge may start afresh at on_ready).
    CHECK(bot.events().front().kind == "ready");
    CHECK(alice.wait_occupant(kAdapterRoom, "niagara"));

    // Someone joining later.
    REQUIRE(bob.connect());
    REQUIRE(bob.join(kAdapterRoom, "Bob"));
    const auto bob_here = bot.wait_event(adapter_event_is("present", "bob@localhost"));
    REQUIRE(bob_here);
    CHECK(bob_here->user.display == "Bob");

    // A room line and a direct line.
    alice.say(kAdapterRoom, "niagara: join");
    const auto room_line = bot.wait_event(adapter_event_is("channel", "alice@localhost"));
    REQUIRE(room_line);
    CHECK(room_line->channel == kAdapterRoom);
    CHECK(room_line->user.display == "Alice");
    CHECK(room_line->text == "niagara: join");
    alice.tell(server.jid("bot"), "status");
    const auto direct = bot.wait_event(adapter_event_is("private", "alice@localhost"));
    REQUIRE(direct);
    CHECK(direct->text == "status");
    CHECK(direct->user.display == "alice");

    // The bot's own room lines never come back as someone's.
    bot.say(kAdapterRoom, "welcome");
    REQUIRE(bob.wait_line([](const ReceivedLine& l) { return l.text == "welcome"; }));

    // A nick change: the same key, a new display; no new arrival.
    REQUIRE(alice.change_nick(kAdapterRoom, "Alicia"));
    const auto renamed = bot.wait_event(adapter_event_is("renamed", "alice@localhost"));
    REQUIRE(renamed);
    CHECK(renamed->old_key == "alice@localhost");
    CHECK(renamed->user.display == "Alicia");
    alice.say(kAdapterRoom, "new name");
    const auto as_alicia = bot.wait_event(adapter_event_is("channel", "", "new name"));
    REQUIRE(as_alicia);
    CHECK(as_alicia->user.key == "alice@localhost");
    CHECK(as_alicia->user.display == "Alicia");

    // Leaving.
    REQUIRE(bob.leave(kAdapterRoom));
    const auto bob_gone = bot.wait_event(adapter_event_is("absent", "bob@localhost"));
    REQUIRE(bob_gone);
    CHECK(bob_gone->channel == kAdapterRoom);

    CHECK(bot.count(adapter_event_is("present", "alice@localhost")) == 1);
    CHECK(bot.count(adapter_event_is("channel", "", "said before the bot came")) == 0);
    CHECK(bot.count(adapter_event_is("channel", "", "welcome")) == 0);
    CHECK(bot.count(adapter_event_is("present", "bot@localhost")) == 0);
    CHECK(bot.count(adapter_event_is("ready")) == 1);
    CHECK_FALSE(bot.off_thread());
}

TEST_CASE(
    "xmpp: tell() reaches the person's direct chat and never the room; say() reaches "
    "the room",
    "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}, {"alice", "alicepw"}, {"bob", "bobpw"}});
    XmppAdapterHarness bot(bot_settings(server, "bot", "botpw", {kAdapterRoom}));
    bot.start();
    REQUIRE(bot.wait_event(adapter_event_is("ready")));
    XmppTestClient alice(server.jid("alice"), "alicepw", server.port());
    XmppTestClient bob(server.jid("bob"), "bobpw", server.port());
    REQUIRE(alice.connect());
    REQUIRE(bob.connect());
    REQUIRE(alice.join(kAdapterRoom, "Alice"));
    REQUIRE(bob.join(kAdapterRoom, "Bob"));
    REQUIRE(bot.wait_event(adapter_event_is("present", "bob@localhost")));

    bot.tell("alice@localhost", "your hand: 3 5 6");
    const auto told = alice.wait_line([](const ReceivedLine& l) { return l.is_private; });
    REQUIRE(told);
    CHECK(told->from == "bot@localhost");
    CHECK(told->text == "your hand: 3 5 6");

    bot.say(kAdapterRoom, "round 2 begins");
    for (XmppTestClient* client : {&alice, &bob}) {
        const auto said =
            client->wait_line([](const ReceivedLine& l) { return l.text == "round 2 begins"; });
        REQUIRE(said);
        CHECK(said->room == kAdapterRoom);
        CHECK(said->from == "niagara");
        CHECK_FALSE(said->is_private);
    }
    // By now the private line would have reached the room (the server keeps the order).
    for (const auto& line : bob.received())
        CHECK(line.text != "your hand: 3 5 6");
    for (const auto& line : alice.received())
        CHECK((line.is_private || line.text != "your hand: 3 5 6"));

    // A private message through the room is not a command: the sender is told where to write.
    alice.tell(kAdapterRoom + "/niagara", "join");
    const auto answer = alice.wait_line(
        [](const ReceivedLine& l) { return l.is_private && l.from == kAdapterRoom; });
    REQUIRE(answer);
    CHECK(answer->text.find("bot@localhost") != std::string::npos);
    CHECK(bot.count(adapter_event_is("private")) == 0);
}

TEST_CASE("xmpp: a taken room nick gets a digit", "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}, {"squatter", "pw"}});
    XmppTestClient squatter(server.jid("squatter"), "pw", server.port());
    REQUIRE(squatter.connect());
    REQUIRE(squatter.join(kAdapterRoom, "niagara"));

    XmppAdapterHarness bot(bot_settings(server, "bot", "botpw", {kAdapterRoom}));
    bot.start();
    const auto ready = bot.wait_event(adapter_event_is("ready"));
    REQUIRE(ready);
    CHECK(ready->text == "niagara1");
    const auto squatter_here = bot.wait_event(adapter_event_is("present", "squatter@localhost"));
    REQUIRE(squatter_here);
    CHECK(squatter_here->user.display == "niagara");
    // The squatter's lines are someone's lines, not the bot's own.
    squatter.say(kAdapterRoom, "I am not the bot");
    REQUIRE(bot.wait_event(adapter_event_is("channel", "squatter@localhost", "I am not the bot")));
}

TEST_CASE("xmpp: in a room that hides JIDs people are known by room nick", "[xmpp]") {
    ProsodyServer server({{"bot", "botpw"}, {"carol", "pw"}});
    const std::string room = std::string("secret@") + ProsodyServer::hidden;
    XmppTestClient carol(server.jid("carol"), "pw", server.port());
    REQUIRE(carol.connect());
    REQUIRE(carol.join(room, "Carol"));  // the owner: the bot joins as a mere participant

    XmppAdapterHarness bot(bot_settings(server, "bot", "botpw", {room}));
    bot.start();
    REQUIRE(bot.wait_event(adapter_event_is("ready")));
    const auto carol_here = bot.wait_event(adapter_event_is("present", room + "/Carol"));
    REQUIRE(carol_here);
    carol.say(room, "hello");
    const auto line = bot.wait_event(adapter_event_is("channel", room + "/Carol", "hello"));
    REQUIRE(line);
}

}  // namespace xmpp_test
