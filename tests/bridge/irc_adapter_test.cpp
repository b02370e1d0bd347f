// The IRC adapter against the real ngircd: joining, who is where (NAMES, JOIN, PART, KICK,
// QUIT, NICK), channel and private lines, what the bot says, nick collisions within ngircd's
// 9 characters, reconnecting after a restart with back-off, and noticing a server that stopped
// answering. Each test runs its own ngircd; the adapter and the test's clients share one
// io_context on the test's thread.
#include <signal.h>

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "irc_event_log.hpp"
#include "irc_network.hpp"
#include "irc_test_client.hpp"
#include "ngircd_fixture.hpp"

namespace {

using namespace irc_test;
using niagara::bridge::IrcNetwork;
using niagara::bridge::IrcSettings;
using niagara::bridge::IrcTiming;

// The bot's settings for the test's ngircd.
IrcSettings irc_adapter_settings(const NgircdServer& server, const std::string& nick,
                                 std::vector<std::string> channels) {
    IrcSettings settings;
    settings.enabled = true;
    settings.host = "127.0.0.1";
    settings.port = server.port();
    settings.nick = nick;
    settings.channels = std::move(channels);
    return settings;
}

// Short waits: a test restarts servers within seconds.
IrcTiming irc_adapter_timing() {
    IrcTiming timing;
    timing.backoff_first = 250ms;
    timing.backoff_max = 2s;
    timing.join_fallback = 2s;
    timing.rejoin_after_kick = 300ms;
    return timing;
}

// One test's world: ngircd, the io_context, the bot and what it reported.
struct IrcAdapterWorld {
    explicit IrcAdapterWorld(std::vector<std::string> channels = {"#niagara", "#games"},
                             const std::string& nick = "niagara")
        : bot(io, irc_adapter_settings(server, nick, std::move(channels))) {
        bot.set_timing(irc_adapter_timing());
    }

    // Starts the bot and waits for on_ready.
    bool start_bot() {
        bot.start(events);
        return until([&] { return events.count("ready") > 0; });
    }
    bool until(const std::function<bool()>& done, std::chrono::milliseconds timeout = 5s) {
        return run_until(io, done, timeout);
    }
    bool until_event(const std::string& kind, const std::string& channel, const std::string& key,
                     std::chrono::milliseconds timeout = 5s) {
        return until([&] { return events.has(kind, channel, key); }, timeout);
    }
    std::unique_ptr<IrcTestClient> person(const std::string& nick) {
        auto client = std::make_unique<IrcTestClient>(io, server.port(), nick);
        REQUIRE(client->connect());
        return client;
    }

    NgircdServer server;
    boost::asio::io_context io;
    IrcEventLog events;
    IrcNetwork bot;
};

}  // namespace

TEST_CASE("IRC adapter joins its channels and reports who is there", "[irc][ngircd]") {
    IrcAdapterWorld world;
    auto alice = world.person("alice");
    REQUIRE(alice->join("#niagara"));

    REQUIRE(world.start_bot());
    CHECK(world.events.events().front().kind == "ready");
    CHECK(world.events.events().front().text == "niagara");
    CHECK(world.bot.self_nick() == "niagara");
    CHECK(world.bot.ready());
    CHECK(world.bot.network_name() == "irc");
    // From NAMES: alice was there before the bot.
    REQUIRE(world.until_event("present", "#niagara", "alice"));
    CHECK(alice->wait_for([&] { return alice->saw("JOIN", "niagara"); }));

    // From JOIN: bob comes after; [Bob]'s key is his folded nick.
    auto bob = world.person("[Bob]");
    REQUIRE(bob->join("#niagara"));
    REQUIRE(bob->join("#games"));
    REQUIRE(world.until_event("present", "#niagara", "{bob}"));
    REQUIRE(world.until_event("present", "#games", "{bob}"));
    CHECK(world.events.count([](const IrcEvent& e) {
        return e.kind == "present" && e.key == "{bob}" && e.display == "[Bob]";
    }) == 2);
    // Never the bot itself, and nobody twice.
    CHECK(world.events.count([](const IrcEvent& e) { return e.key == "niagara"; }) == 0);
    CHECK(world.events.count("present") == 3);
    CHECK(world.events.count("lost") == 0);
    INFO(world.events.describe());
}

TEST_CASE("IRC adapter reports channel and private lines, not CTCP nor its own", "[irc][ngircd]") {
    IrcAdapterWorld world;
    auto alice = world.person("Alice");
    REQUIRE(alice->join("#niagara"));
    REQUIRE(world.start_bot());
    REQUIRE(world.until_event("present", "#niagara", "alice"));

    auto has_line = [&](const std::string& kind, const std::string& text) {
        return world.events.count([&](const IrcEvent& e) {
            return e.kind == kind && e.key == "alice" && e.display == "Alice" && e.text == text;
        }) > 0;
    };
    alice->say("#niagara", "niagara: join");
    REQUIRE(world.until([&] { return has_line("channel", "niagara: join"); }));
    CHECK(world.events.events().back().channel == "#niagara");
    alice->say("niagara", "hello bot");
    REQUIRE(world.until([&] { return has_line("private", "hello bot"); }));
    alice->notice("NIAGARA", "a notice");  // servers fold nicks: still the bot
    REQUIRE(world.until([&] { return has_line("private", "a notice"); }));

    // CTCP (an action, a version request) is not a line; formatting goes; Latin-1 is read.
    alice->say("#niagara",
               "\x01"
               "ACTION waves\x01");
    alice->say("niagara", "\x01VERSION\x01");
    alice->say("#niagara",
               "\x02"
               "bold\x02 and \x03"
               "4red");
    alice->say("#niagara",
               "Gr\xfc\xdf"
               "e");
    REQUIRE(world.until([&] { return has_line("channel", "Grüße"); }));
    CHECK(has_line("channel", "bold and red"));
    CHECK(world.events.count([](const IrcEvent& e) {
        return e.text.find("waves") != std::string::npos ||
               e.text.find("VERSION") != std::string::npos;
    }) == 0);

    // The bot's own lines are not reported back.
    world.bot.say("#niagara", "from the bot");
    REQUIRE(alice->wait_for_message([](const IrcReceived& r) { return r.text == "from the bot"; }));
    alice->say("#niagara", "after");
    REQUIRE(world.until([&] { return has_line("channel", "after"); }));
    CHECK(world.events.count([](const IrcEvent& e) { return e.text == "from the bot"; }) == 0);
    INFO(world.events.describe());
}

TEST_CASE("IRC adapter says and tells, split within 512 bytes, without injection",
          "[irc][ngircd]") {
    IrcAdapterWorld world;
    auto alice = world.person("alice");
    auto bob = world.person("[Bob]");
    REQUIRE(alice->join("#niagara"));
    REQUIRE(bob->join("#niagara"));
    REQUIRE(world.start_bot());
    REQUIRE(world.until_event("present", "#niagara", "{bob}"));

    world.bot.say("#niagara", "hello channel");
    REQUIRE(alice->wait_for_message([](const IrcReceived& r) {
        return r.from == "niagara" && r.target == "#niagara" && r.text == "hello channel";
    }));
    world.bot.tell("alice", "just for you");
    REQUIRE(alice->wait_for_message([](const IrcReceived& r) {
        return r.from == "niagara" && r.is_private && r.text == "just for you";
    }));
    // ngircd folds nicks as ASCII only: "{bob}" is not "[Bob]" there; the bot uses his nick.
    world.bot.tell("{bob}", "hi Bob");
    REQUIRE(bob->wait_for_message([](const IrcReceived& r) { return r.text == "hi Bob"; }));

    // A long line arrives in pieces, each relayed line within 512 bytes, nothing lost.
    std::string text;
    for (int i = 0; i < 150; ++i)
        text += (i ? " " : "") + std::string("Wasserfälle") + std::to_string(i);
    world.bot.say("#niagara", text);
    std::string joined;
    REQUIRE(alice->wait_for(
        [&] {
            joined.clear();
            for (const auto& r : alice->received())
                if (r.from == "niagara" && r.target == "#niagara" && r.text != "hello channel")
                    joined += (joined.empty() ? "" : " ") + r.text;
            return joined.size() >= text.size();
        },
        10s));
    CHECK(joined == text);
    std::size_t pieces = 0;
    for (const auto& r : alice->received()) {
        CHECK(r.wire_bytes <= 512);
        pieces += r.text.rfind("Wasser", 0) == 0 ? 1 : 0;
    }
    CHECK(pieces >= 4);

    // A line break in a line is not a second command.
    world.bot.say("#niagara", "one\r\nQUIT :gone\nJOIN #elsewhere");
    REQUIRE(alice->wait_for_message(
        [](const IrcReceived& r) { return r.text == "one  QUIT :gone JOIN #elsewhere"; }));
    CHECK(world.bot.ready());
    CHECK(world.events.count("lost") == 0);
    CHECK(world.bot.messages_dropped() == 0);
    CHECK(world.bot.messages_sent() >= 8);
}

TEST_CASE("IRC adapter follows renames, parts, kicks and quits", "[irc][ngircd]") {
    IrcAdapterWorld world;
    auto alice = world.person("alice");
    REQUIRE(alice->join("#niagara"));  // the first in: a channel operator
    REQUIRE(alice->join("#games"));
    auto bob = world.person("bob");
    REQUIRE(bob->join("#niagara"));
    REQUIRE(bob->join("#games"));
    auto carol = world.person("carol");
    REQUIRE(carol->join("#niagara"));
    REQUIRE(world.start_bot());
    REQUIRE(world.until([&] { return world.events.count("present") == 5; }));

    // NICK: the key follows the nick, and the bot's tells find him.
    REQUIRE(bob->rename("Robert"));
    REQUIRE(world.until([&] { return world.events.count("renamed") == 1; }));
    const auto renamed = world.events.events().back();
    CHECK(renamed.old_key == "bob");
    CHECK(renamed.key == "robert");
    CHECK(renamed.display == "Robert");
    world.bot.tell("robert", "your turn");
    REQUIRE(bob->wait_for_message([](const IrcReceived& r) { return r.text == "your turn"; }));

    // PART: gone from that channel only.
    bob->part("#games");
    REQUIRE(world.until_event("absent", "#games", "robert"));
    CHECK_FALSE(world.events.has("absent", "#niagara", "robert"));

    // KICK by the channel operator.
    alice->send_raw("KICK #niagara carol :out");
    REQUIRE(world.until_event("absent", "#niagara", "carol"));

    // QUIT: gone from every channel shared with the bot, once each.
    REQUIRE(alice->quit());
    REQUIRE(world.until([&] {
        return world.events.has("absent", "#niagara", "alice") &&
               world.events.has("absent", "#games", "alice");
    }));
    CHECK(world.events.count(
              [](const IrcEvent& e) { return e.kind == "absent" && e.key == "alice"; }) == 2);

    // A reconnecting person is present again.
    REQUIRE(alice->connect());
    REQUIRE(alice->join("#niagara"));
    REQUIRE(world.until([&] {
        return world.events.count([](const IrcEvent& e) {
            return e.kind == "present" && e.key == "alice" && e.channel == "#niagara";
        }) == 2;
    }));
    CHECK(world.events.count("lost") == 0);
    INFO(world.events.describe());
}

TEST_CASE("IRC adapter takes an alternate nick within ngircd's 9 characters", "[irc][ngircd]") {
    IrcAdapterWorld world({"#niagara"}, "niagarabt");  // 9 characters: ngircd's limit
    REQUIRE(world.start_bot());
    CHECK(world.bot.self_nick() == "niagarabt");

    IrcEventLog second_events;
    IrcNetwork second(world.io, irc_adapter_settings(world.server, "niagarabt", {"#niagara"}));
    second.set_timing(irc_adapter_timing());
    second.start(second_events);
    REQUIRE(world.until([&] { return second_events.count("ready") == 1; }));
    const std::string alternate = second.self_nick();
    CHECK(alternate != "niagarabt");
    CHECK(alternate.size() <= 9);
    CHECK(alternate.rfind("niagara", 0) == 0);
    CHECK(second_events.events().front().text == alternate);
    // Each bot sees the other as a person; neither sees itself.
    REQUIRE(world.until_event("present", "#niagara", alternate));
    CHECK(second_events.has("present", "#niagara", "niagarabt"));

    // A nick too long for the server (432 before 005 tells NICKLEN) is cut to 9.
    IrcEventLog third_events;
    IrcNetwork third(world.io, irc_adapter_settings(world.server, "niagarabridge", {"#niagara"}));
    third.set_timing(irc_adapter_timing());
    third.start(third_events);
    REQUIRE(world.until([&] { return third_events.count("ready") == 1; }));
    CHECK(third.self_nick() == "niagarabr");

    // A person talking to the second bot reaches it, not the first.
    auto alice = world.person("alice");
    alice->say(alternate, "hello second");
    REQUIRE(world.until([&] { return second_events.count("private") == 1; }));
    CHECK(world.events.count("private") == 0);
    second.stop();
    third.stop();
    REQUIRE(world.until_event("absent", "#niagara", alternate));
}

TEST_CASE("IRC adapter reconnects with back-off after ngircd restarts", "[irc][ngircd]") {
    IrcAdapterWorld world({"#niagara"});
    auto alice = world.person("alice");
    REQUIRE(alice->join("#niagara"));
    REQUIRE(world.start_bot());
    REQUIRE(world.until_event("present", "#niagara", "alice"));
    CHECK(world.bot.connect_attempts() == 1);

    world.server.stop();
    REQUIRE(world.until([&] { return world.events.count("lost") == 1; }));
    CHECK_FALSE(world.bot.ready());
    // Down for 2 s: back-off from 250 ms doubling tries about 3 times (0.25, 0.75, 1.75 s;
    // +-20%), not every 250 ms.
    const std::size_t before = world.bot.connect_attempts();
    world.until([] { return false; }, 2s);
    const std::size_t tries = world.bot.connect_attempts() - before;
    CHECK(tries >= 2);
    CHECK(tries <= 4);
    CHECK(world.events.count("lost") == 1);  // failed attempts are not more losses

    world.server.start();  // the same port
    REQUIRE(world.until([&] { return world.events.count("ready") == 2; }, 10s));
    CHECK(world.bot.logins() == 2);
    REQUIRE(alice->connect());
    REQUIRE(alice->join("#niagara"));
    REQUIRE(world.until([&] {
        return world.events.count(
                   [](const IrcEvent& e) { return e.kind == "present" && e.key == "alice"; }) == 2;
    }));
    // What was said while it was away waits for the new login.
    world.bot.say("#niagara", "back again");
    REQUIRE(alice->wait_for_message([](const IrcReceived& r) { return r.text == "back again"; }));
    INFO(world.events.describe());
}

TEST_CASE("IRC adapter reconnects when the server stops answering its PING", "[irc][ngircd]") {
    IrcAdapterWorld world({"#niagara"});
    IrcTiming timing = irc_adapter_timing();
    timing.ping_after = 400ms;
    timing.pong_timeout = 400ms;
    world.bot.set_timing(timing);
    REQUIRE(world.start_bot());

    // Quiet but alive: the bot's PINGs are answered and it stays.
    world.until([] { return false; }, 1500ms);
    CHECK(world.events.count("lost") == 0);

    // Frozen: no answer, so the bot gives up on the connection and tries again.
    REQUIRE(::kill(world.server.pid(), SIGSTOP) == 0);
    const bool lost = world.until([&] { return world.events.count("lost") == 1; }, 3s);
    ::kill(world.server.pid(), SIGCONT);
    REQUIRE(lost);
    CHECK(world.events.events().back().text.find("PING") != std::string::npos);
    REQUIRE(world.until([&] { return world.events.count("ready") == 2; }, 10s));
}
