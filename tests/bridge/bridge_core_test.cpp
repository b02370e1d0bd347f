// The bridge's core against the real game server, with an in-process chat network: three chat
// users open a table in a channel, add a bot, start and play a whole game to its end from
// their private prompts; one changes nick, one leaves and comes back, the bridge itself
// restarts from its state file; and every line anyone receives is checked for secrets.
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <regex>

#include "channel_relay.hpp"
#include "chat_commands.hpp"
#include "core_table.hpp"
#include "private_lines.hpp"
#include "river_picture.hpp"

using bridge_test::CoreTable;
using bridge_test::FakePerson;
using niagara::bridge::ChatUser;
using namespace std::chrono_literals;


TEST_CASE(
    "bridge core: three chat users play a whole game with a bot, through nick changes, "
    "a leave and a bridge restart",
    "[bridge][core]") {
    CoreTable t;
    auto& alice = t.add("alice");
    auto& bob = t.add("bob");
    auto& carol = t.add("carol");

    t.say(alice, "!new players=4 bots=greedy");
    REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
    t.say(bob, "!join");
    t.say(carol, "niagara: join");
    REQUIRE(t.run_until([&] { return bob.mind.seat && carol.mind.seat && alice.mind.seat; }, 10s));
    // A card typed in the channel is refused and not echoed.
    const std::size_t before = t.lines().size();
    t.say(carol, "!play 4");
    REQUIRE(t.run_until([&] { return t.channel_says("cards are secret", before); }, 5s));
    for (std::size_t i = before; i < t.lines().size(); ++i)
        CHECK(t.lines()[i].text.find("play 4") == std::string::npos);

    t.say(alice, "!addbot greedy");
    t.say(alice, "!start");
    REQUIRE(t.run_until([&] { return t.channel_says("starts with 4 players"); }, 10s));
    REQUIRE(t.run_until([&] { return t.channel_says("Round 2"); }, 60s));

    // bob changes nick: his seat follows.
    t.rename(bob, "bobby");
    const int bob_decisions = bob.mind.decisions;
    REQUIRE(t.run_until([&] { return bob.mind.decisions > bob_decisions + 1; }, 60s));

    // carol leaves the channel (a dropped connection for the server) and comes back: her nick
    // proves nothing now, her seat key does.
    t.absent(carol);
    REQUIRE(t.run_until([&] { return t.channel_says("carol (seat"); }, 10s));
    t.present(carol);
    t.run_until([] { return false; }, 300ms);
    INFO(t.transcript());
    CHECK_FALSE(t.told(carol, "Welcome back to table"));
    t.whisper(carol, "resume " + t.seat_key(carol));
    REQUIRE(t.run_until([&] { return t.told(carol, "Welcome back to table"); }, 10s));

    // The bridge restarts: everyone's seat comes back from the state file.
    t.restart_bridge();
    t.present(alice);
    t.present(bob);
    t.present(carol);
    const int alice_decisions = alice.mind.decisions;
    REQUIRE(t.run_until([&] { return alice.mind.decisions > alice_decisions + 1; }, 60s));

    t.say(alice, "!board");
    REQUIRE(t.run_until([&] { return t.channel_says("land:"); }, 5s));
    if (!t.run_until([&] { return t.channel_says("Game over at table"); }, 240s))
        FAIL(t.transcript());
    CHECK(alice.mind.decisions > 10);
    CHECK(bob.mind.decisions > 10);
    CHECK(carol.mind.decisions > 10);
    for (const auto& line : t.lines())
        if (!line.is_private) {
            INFO(line.text);
            CHECK(bridge_test::secrets_in_public_line(line.text).empty());
        }
    if (std::getenv("NIAGARA_BRIDGE_TRANSCRIPT"))
        for (const auto& line : t.lines())
            std::printf("%s %s: %s\n", line.is_private ? "PM" : "CH", line.target.c_str(),
                        line.text.c_str());
}

TEST_CASE("bridge core: commands without a table, private commands and a flood", "[bridge][core]") {
    CoreTable t(/*fast=*/false);
    auto& dave = t.add("dave");
    t.say(dave, "!join");
    REQUIRE(t.run_until([&] { return t.channel_says("no table here yet"); }, 5s));
    t.say(dave, "!start");
    REQUIRE(t.run_until([&] { return t.channel_says("no seat here"); }, 5s));
    t.say(dave, "!frobnicate");
    REQUIRE(t.run_until([&] { return t.channel_says("!help lists them"); }, 5s));
    t.say(dave, "!help");
    REQUIRE(t.run_until([&] { return t.channel_says("!new"); }, 5s));
    t.whisper(dave, "hello there");
    REQUIRE(t.run_until([&] { return t.told(dave, "play 4 chooses your card"); }, 5s));
    t.whisper(dave, "play 4");
    REQUIRE(t.run_until([&] { return t.told(dave, "no seat"); }, 5s));
    // A flood: 200 commands at once. A few are answered, the rest skipped (one warning), so
    // neither the server's rate limit nor the network's patience is spent on them.
    const std::size_t flood_from = t.lines().size();
    for (int i = 0; i < 200; ++i)
        t.say(dave, "!tables");
    t.run_until([] { return false; }, 500ms);
    CHECK(t.bridge().dropped_commands() >= 190);
    CHECK(t.lines().size() - flood_from <= 12);
    CHECK(t.told(dave, "too fast"));
    // Strangers whispering are not remembered once answered.
    for (int i = 0; i < 100; ++i) {
        FakePerson stranger;
        stranger.user = {"stranger" + std::to_string(i), "stranger" + std::to_string(i)};
        t.whisper(stranger, "hello");
    }
    CHECK(t.bridge().known_people() <= 2);
    // Talk in the channel is not a command.
    const std::size_t before = t.lines().size();
    t.say(dave, "anyone up for niagara later?");
    t.run_until([] { return false; }, 200ms);
    CHECK(t.lines().size() == before);
}

TEST_CASE("bridge core: the bridge takes at most max_links players with a server connection",
          "[bridge][core]") {
    CoreTable t(/*fast=*/true, /*max_links=*/2);
    auto& ann = t.add("ann");
    auto& ben = t.add("ben");
    auto& cy = t.add("cy");
    t.say(ann, "!new players=3");
    REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
    t.say(ben, "!join");
    REQUIRE(t.run_until([&] { return ben.mind.seat.has_value(); }, 10s));
    t.say(cy, "!join");
    if (!t.run_until([&] { return t.told(cy, "as many players as it can take"); }, 5s))
        FAIL(t.transcript());
    CHECK(t.bridge().open_links() == 2);
    CHECK_FALSE(cy.mind.seat);
    // When someone leaves, the place is free again.
    t.absent(ben);
    t.run_until([&] { return t.bridge().open_links() == 1; }, 5s);
    t.say(cy, "!join");
    REQUIRE(t.run_until([&] { return cy.mind.seat.has_value(); }, 10s));
}

TEST_CASE("bridge core: !rating and !top ask the server; a flood of them never floods its "
          "connection",
          "[bridge][core][ratings]") {
    // Many people whisper at once: each has a bucket of his own, so only the relay's limit
    // stands between them and the game server's rate limit.
    CoreTable t(/*fast=*/true, 60, [](CoreTable::Options& o) { o.channel_cooldown = 0ms; });
    auto& dave = t.add("dave");
    t.say(dave, "!top");
    REQUIRE(t.run_until([&] { return t.channel_says("Nobody is on the base game leaderboard yet"); }, 5s));
    t.say(dave, "!top spirits");
    REQUIRE(t.run_until([&] { return t.channel_says("Nobody is on the Spirits leaderboard"); }, 5s));
    t.say(dave, "!rating");  // his own: the name he plays under
    REQUIRE(t.run_until([&] { return t.channel_says("dave is not a registered player"); }, 5s));
    t.say(dave, "!top chess");
    REQUIRE(t.run_until([&] { return t.channel_says("'chess' is no variant: !top base or !top spirits"); }, 5s));
    t.whisper(dave, "rating Ji\xC5\x99\xC3\xAD");
    INFO(t.transcript());
    REQUIRE(t.run_until([&] { return t.told(dave, "Ji\xC5\x99\xC3\xAD is not a registered player"); }, 5s));

    t.run_until([] { return false; }, 1100ms);  // a fresh second for the relay's questions
    std::vector<FakePerson*> crowd;
    for (int i = 0; i < 30; ++i) crowd.push_back(&t.add("fan" + std::to_string(i)));
    for (int round = 0; round < 3; ++round)
        for (FakePerson* fan : crowd) t.whisper(*fan, "top");
    t.run_until([] { return false; }, 1500ms);
    int answered = 0;
    bool everyone_heard = true;
    for (FakePerson* fan : crowd) {
        const bool got = t.told(*fan, "Nobody is on the base game leaderboard yet");
        answered += got;
        everyone_heard = everyone_heard && (got || t.told(*fan, "Too many questions at once"));
    }
    INFO(t.transcript());
    // At most kMaxAskedPerSecond went to the server at once; everyone else heard why not.
    CHECK(answered >= 1);
    CHECK(answered <= int(niagara::bridge::ChannelRelay::kMaxAskedPerSecond));
    CHECK(everyone_heard);
    // The relay's connection is still served: the channel's table list still comes.
    t.run_until([] { return false; }, 1100ms);
    const std::size_t before = t.lines().size();
    t.say(dave, "!top");
    REQUIRE(t.run_until([&] { return t.channel_says("Nobody is on the base game leaderboard yet", before); }, 5s));
}

// Issue 35's chat identities, through the bridge: a chat user the network vouches for links
// that identity to a site account with a one-time code, then plays a rated game from chat as
// the account; the link survives the bridge's restart and ends with unlink. Tried as a
// stranger would: a nick without an account cannot link, a code never reaches the channel.
TEST_CASE("bridge core: a chat identity linked to an account plays a rated game as it, across "
          "a restart, until it unlinks",
          "[bridge][core][ratings][attack]") {
    CoreTable t;
    auto& fred = t.add("fred");
    auto& mallory = t.add("mallory");
    auto page = t.site_user({"/name Fred", "/register fred-site-password"});
    REQUIRE(t.run_until([&] { return page.got("account", "registered"); }, 10s));

    // No account behind the nick: no link (a nick is anyone's once its holder leaves).
    t.whisper(mallory, "link");
    REQUIRE(t.run_until([&] { return t.told(mallory, "chat identity the network vouches for"); }, 5s));

    // A code asked as one services account and entered after another logged in behind the
    // nick: the key that comes back is not kept (nor used) for the new one.
    static const std::regex code_pattern(R"(Your code is ([A-Z2-9]{4}-[A-Z2-9]{4}))");
    const auto last_code = [&] {
        std::string found;
        for (const auto& line : t.lines()) {
            std::smatch m;
            if (line.is_private && line.target == fred.user.key &&
                std::regex_search(line.text, m, code_pattern))
                found = m[1];
        }
        return found;
    };
    t.account(fred, "fred");  // NickServ vouches for him
    t.whisper(fred, "link");
    REQUIRE(t.run_until([&] { return !last_code().empty(); }, 5s));
    t.account(fred, "frederick");
    page.client->send("/link " + last_code());
    REQUIRE(t.run_until([&] { return page.got("account", "plays as Fred"); }, 5s));
    t.run_until([] { return false; }, 200ms);
    CHECK_FALSE(t.told(fred, "linked to the account Fred"));
    t.whisper(fred, "unlink");
    REQUIRE(t.run_until([&] { return t.told(fred, "You are not linked to an account"); }, 5s));
    page.received->clear();

    t.account(fred, "fred");
    t.say(fred, "!link");
    const std::string first_code = last_code();
    REQUIRE(t.run_until([&] { return last_code() != first_code; }, 5s));
    CHECK(t.channel_says("I tell you that privately"));
    const std::string code = last_code();
    REQUIRE(code.size() == 9);
    for (const auto& line : t.lines())
        if (!line.is_private) CHECK(line.text.find(code) == std::string::npos);

    page.client->send("/link " + code);
    REQUIRE(t.run_until([&] { return t.told(fred, "linked to the account Fred"); }, 5s));
    REQUIRE(t.run_until([&] { return page.got("account", "plays as Fred"); }, 5s));
    t.whisper(fred, "link");
    REQUIRE(t.run_until([&] { return t.told(fred, "linked to the account Fred already"); }, 5s));

    // A game from the channel: he sits as Fred (his next command logged the connection in),
    // and the game is rated for the account.
    t.say(fred, "!new players=3");
    REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
    t.say(fred, "!addbot greedy");
    t.say(fred, "!addbot greedy");
    t.say(fred, "!start");
    REQUIRE(t.run_until([&] { return t.channel_says("starts with 3 players"); }, 10s));
    const std::size_t before_who = t.lines().size();
    t.say(fred, "!who");
    INFO(t.transcript());
    REQUIRE(t.run_until([&] { return t.channel_says("Fred", before_who); }, 5s));
    if (!t.run_until([&] { return t.channel_says("Game over at table"); }, 120s))
        FAIL(t.transcript());
    const std::size_t asked = page.received->size();
    page.client->send("/rating Fred");
    REQUIRE(t.run_until([&] { return page.received->size() > asked && page.got("rating"); }, 5s));
    nlohmann::json rating;
    for (const auto& m : *page.received)
        if (m.value("type", "") == "rating") rating = m;
    INFO(rating.dump());
    REQUIRE(rating["ratings"].size() == 1);
    CHECK(rating["ratings"][0]["games"] == 1);

    // NickServ no longer vouches for fred (he logged out, or someone else has the nick): the
    // connection logged in to Fred closes, and the nick alone has no link.
    const std::size_t links = t.bridge().open_links();
    t.account(fred, "");
    CHECK(t.bridge().open_links() == links - 1);
    t.whisper(fred, "unlink");
    REQUIRE(t.run_until([&] { return t.told(fred, "chat identity the network vouches for"); }, 5s));
    t.account(fred, "fred");

    // The bridge restarts: the link is in its state file; !rating alone asks for Fred's.
    t.restart_bridge();
    t.present(fred);
    t.present(mallory);
    t.say(fred, "!rating");
    REQUIRE(t.run_until([&] { return t.channel_says("Fred: base game"); }, 5s));

    // unlink ends it on the server too: he is a guest there again, and not linked here.
    t.whisper(fred, "unlink");
    REQUIRE(t.run_until([&] { return t.told(fred, "link is ended"); }, 10s));
    const std::size_t told_before = t.lines().size();
    t.whisper(fred, "unlink");
    REQUIRE(t.run_until(
        [&] {
            for (std::size_t i = told_before; i < t.lines().size(); ++i)
                if (t.lines()[i].text.find("You are not linked") != std::string::npos) return true;
            return false;
        },
        5s));
    INFO(t.transcript());
    for (const auto& line : t.lines())
        if (!line.is_private) CHECK(bridge_test::secrets_in_public_line(line.text).empty());
}
