// The bridge's core tried as a stranger in the channel would, against the real game server
// (an in-process chat network, core_table.hpp): each problem found by hand on 795948b is a test
// here that failed there. Two chat lines must not stop the bridge; a nick taken after a quit
// gets neither a seat nor a secret; a finished game frees its channel; a chat network that
// blinks costs no prompt; a flood of !board costs no game news; strangers' private lines cost
// no game-server connection; names in other scripts stay readable.
#include <catch2/catch.hpp>
#include <regex>
#include <set>

#include "ascii_name.hpp"
#include "niagara/protocol/names.hpp"
#include "player_name.hpp"
#include "core_table.hpp"
#include "guarded.hpp"

namespace {

using bridge_test::CoreTable;
using bridge_test::FakePerson;
using niagara::bridge::ChatUser;
using namespace std::chrono_literals;

std::size_t count_private(const CoreTable& t, const FakePerson& p, const std::string& part,
                          std::size_t from = 0) {
    std::size_t n = 0;
    for (std::size_t i = from; i < t.lines().size(); ++i)
        if (t.lines()[i].is_private && t.lines()[i].target == p.user.key &&
            t.lines()[i].text.find(part) != std::string::npos)
            ++n;
    return n;
}

std::size_t count_public(const CoreTable& t, const std::string& part, std::size_t from = 0) {
    std::size_t n = 0;
    for (std::size_t i = from; i < t.lines().size(); ++i)
        if (!t.lines()[i].is_private && t.lines()[i].text.find(part) != std::string::npos) ++n;
    return n;
}

// Says `line` to the bridge privately, again every half second, until `p` is told `answer`.
bool ask_until(CoreTable& t, FakePerson& p, const std::string& line, const std::string& answer,
               std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const std::size_t from = t.lines().size();
        t.whisper(p, line);
        if (t.run_until([&] { return count_private(t, p, answer, from) > 0; }, 500ms)) return true;
    }
    return false;
}

// Three people at a 3-seat table (two bots), the game started; `alice` holds seat 1.
struct StartedTable {
    explicit StartedTable(CoreTable& t) : alice(t.add("alice")) {
        t.say(alice, "!new players=3 bots=random");
        REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
        REQUIRE(t.run_until([&] { return alice.mind.seat.has_value(); }, 10s));
        t.say(alice, "!addbot random");
        t.say(alice, "!addbot random");
        t.say(alice, "!start");
        REQUIRE(t.run_until([&] { return t.channel_says("starts with 3 players"); }, 10s));
    }
    FakePerson& alice;
};

}  // namespace

TEST_CASE("bridge hostile: 'tables' then 'moves', and '!new' then '!moves', stop nothing",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true);
    auto& eve = t.add("eve");
    const std::size_t failures = niagara::bridge::guarded_failures();
    // Privately, with no decision pending (the bridge read a null prompt and aborted).
    t.whisper(eve, "tables");
    t.whisper(eve, "moves");
    t.whisper(eve, "hand");
    t.whisper(eve, "board");
    // In the channel, with a table and a connection but no game.
    t.say(eve, "!new");
    REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
    t.say(eve, "!moves");
    t.say(eve, "!hand");
    t.whisper(eve, "moves");
    REQUIRE(t.run_until([&] { return t.told(eve, "no decision to make"); }, 5s));
    // Every odd thing in every state: the bridge answers and goes on.
    for (const char* line : {"!watch", "!watch x", "!watch -1", "!watch 99999999999999999999",
                             "!who", "!concede", "!resume", "!resume AAAAAAAAAA", "!lang",
                             "!lang xx", "!join 9 9", "!canoe", "!play", "!addbot nonsense"})
        t.say(eve, line);
    for (const char* line : {"resume", "resume " /* blank */, "resume \xff\xfe", "who", "watch 3",
                             "concede", "play 99", "lang \xc3\x28", "leave", "start"})
        t.whisper(eve, line);
    t.run_until([] { return false; }, 500ms);
    CHECK(niagara::bridge::guarded_failures() == failures);
    // No !watch took the channel from eve's waiting table, whose snapshot may not have come
    // yet; a number beyond a long is no table at all (it once became table
    // #9223372036854775807).
    CHECK_FALSE(t.channel_says("now follows"));
    CHECK_FALSE(t.channel_says("9223372036854775807"));
    // Still serving: another person sits down at the channel's table (eve's, still waiting).
    auto& fay = t.add("fay");
    t.say(fay, "!join");
    const bool seated = t.run_until([&] { return fay.mind.seat.has_value(); }, 10s);
    if (!seated)
        for (const auto& line : t.lines())
            UNSCOPED_INFO(line.target << (line.is_private ? " (private) " : " ") << line.text);
    REQUIRE(seated);
}

TEST_CASE("bridge hostile: a nick taken after its holder quit gets neither the seat nor a secret",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true);
    StartedTable table(t);
    auto& alice = table.alice;
    REQUIRE(t.run_until([&] { return !t.seat_key(alice).empty(); }, 5s));
    const std::string key = t.seat_key(alice);
    REQUIRE(t.run_until([&] { return alice.mind.chosen.has_value(); }, 30s));
    const std::string secret = *alice.mind.chosen;

    // alice quits; mallory takes her nick and asks for everything.
    t.absent(alice);
    FakePerson mallory;
    mallory.user = {"alice", "alice"};
    const std::size_t from = t.lines().size();
    t.present(mallory);
    for (const char* line : {"hand", "moves", "board", "play 1", "canoe 1 up 1", "resume",
                             "resume ABCDEFGHJK"})
        t.whisper(mallory, line);
    t.say(mallory, "!join");
    t.say(mallory, "!concede");
    t.run_until([] { return false; }, 500ms);
    CHECK_FALSE(t.told(mallory, "Welcome back"));
    CHECK(count_private(t, mallory, "You chose", from) == 0);
    CHECK(count_private(t, mallory, "Your hand:", from) == 0);
    CHECK(count_private(t, mallory, "No seat has that key", from) == 2);
    CHECK(t.bridge().refused_keys() >= 1);
    // Renaming away carries nothing.
    t.rename(mallory, "mallory");
    t.whisper(mallory, "hand");
    t.run_until([] { return false; }, 200ms);
    CHECK(count_private(t, mallory, "Your hand:", from) == 0);

    // The real alice, back as alice_, takes the seat with her key; then renames to alice and
    // keeps it (a live rename).
    FakePerson back;
    back.user = {"alice_", "alice_"};
    t.present(back);
    t.whisper(back, "resume " + key);
    REQUIRE(t.run_until([&] { return t.told(back, "Welcome back to table"); }, 10s));
    // (once the seat's view is back: "Welcome back" comes just before it)
    REQUIRE(ask_until(t, back, "hand", "Your hand:", 10s));
    t.rename(back, "alice");
    const std::size_t renamed = t.lines().size();
    t.whisper(back, "hand");
    REQUIRE(t.run_until([&] { return count_private(t, back, "Your hand:", renamed) == 1; }, 5s));
    // No channel line held her chosen card's words.
    for (const auto& line : t.lines())
        if (!line.is_private) {
            INFO(line.text);
            CHECK(line.text.find("You chose " + secret) == std::string::npos);
        }
}

TEST_CASE("bridge hostile: a seat bound to an account follows the account, not the nick",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true);
    FakePerson& fred = t.add("fred");
    t.account(fred, "fred");  // fred logs in to services (account-notify)
    t.say(fred, "!new players=3");
    REQUIRE(t.run_until([&] { return fred.mind.seat.has_value(); }, 10s));
    t.absent(fred);
    // A stranger as "fred" without the account: nothing.
    FakePerson stranger;
    stranger.user = {"fred", "fred"};
    const std::size_t from = t.lines().size();
    t.present(stranger);
    t.whisper(stranger, "hand");
    t.run_until([] { return false; }, 300ms);
    CHECK_FALSE(t.told(stranger, "Welcome back"));
    t.absent(stranger);
    // fred comes back as fred_ with his account: his seat, without a key.
    FakePerson again;
    again.user = {"fred_", "fred_", "fred"};
    t.present(again);
    REQUIRE(t.run_until([&] { return count_private(t, again, "Welcome back", from) == 1; }, 10s));
    t.whisper(again, "hand");  // (no game yet: no cards, but the seat's connection answers)
    REQUIRE(t.run_until([&] { return count_private(t, again, "no cards", from) == 1; }, 5s));
    // Another account behind the nick (a logout, then someone else's login): the seat stays
    // with fred's account, and the nick's connection closes.
    t.account(again, "");
    t.account(again, "mallory");
    t.run_until([] { return false; }, 300ms);
    const std::size_t after = t.lines().size();
    t.whisper(again, "hand");
    REQUIRE(t.run_until([&] { return count_private(t, again, "not in a game", after) == 1; }, 5s));
}

TEST_CASE("bridge hostile: a finished game frees its channel at once", "[bridge][hostile]") {
    CoreTable t(/*fast=*/true);
    StartedTable table(t);
    // alice concedes: the bots play the game to its end.
    t.say(table.alice, "!concede");
    // (every person at the game conceded: it ends at once, abandoned)
    if (!t.run_until([&] { return t.channel_says("was abandoned"); }, 60s)) FAIL(t.transcript());
    t.run_until([] { return false; }, 200ms);
    const std::size_t from = t.lines().size();
    auto& ben = t.add("ben");
    t.say(ben, "!new players=3");
    if (!t.run_until([&] { return count_public(t, "opened table #", from) == 1; }, 10s))
        FAIL(t.transcript());
    CHECK(count_public(t, "still", from) == 0);
}

TEST_CASE("bridge hostile: after the chat network blinks, a pending prompt is asked again once",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true, 60, [](CoreTable::Options& o) { o.reseen_grace = 2s; });
    auto& alice = t.add("alice");
    // bob is not played by the test: his card prompt stays pending.
    FakePerson bob;
    bob.user = {"bob", "bob"};
    t.present(bob);
    t.say(alice, "!new players=3");
    REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
    t.say(bob, "!join");
    REQUIRE(t.run_until([&] { return alice.mind.seat && t.told(bob, "You sit at"); }, 10s));
    t.say(alice, "!addbot random");
    t.say(alice, "!start");
    REQUIRE(t.run_until([&] { return t.told(bob, "choose your card"); }, 10s));
    // The chat network blinks: alice comes back, bob does not.
    t.lose_network();
    t.network_back();
    const std::size_t from = t.lines().size();
    t.present(alice);
    t.run_until([] { return false; }, 300ms);
    CHECK(count_private(t, bob, "choose your card", from) == 0);
    // bob is back: asked again, once.
    t.present(bob);
    REQUIRE(t.run_until([&] { return count_private(t, bob, "choose your card", from) >= 1; }, 5s));
    t.run_until([] { return false; }, 300ms);
    CHECK(count_private(t, bob, "choose your card", from) == 1);
}

TEST_CASE("bridge hostile: a flood of !board, !help and !who is answered once a cooldown",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true);
    StartedTable table(t);
    // alice stops playing (a fresh mind never heard her prompt): the round stays still.
    table.alice.mind = bridge_test::SeatPlayer(5);
    t.run_until([] { return false; }, 300ms);
    auto& eve = t.add("eve");
    const std::size_t from = t.lines().size();
    for (int i = 0; i < 100; ++i) {
        t.say(eve, "!board");
        t.say(eve, "!help");
        t.say(eve, "!who");
    }
    t.run_until([] { return false; }, 500ms);
    CHECK(count_public(t, "land:", from) == 1);
    CHECK(count_public(t, "!new [players", from) == 1);
    CHECK(count_public(t, "Table #1 waits for", from) == 1);
    CHECK(count_public(t, "ask again in", from) == 3);  // one "wait" a command
}

TEST_CASE("bridge hostile: strangers' private lines hold no game-server connection",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true, /*max_links=*/3);
    for (int i = 0; i < 60; ++i) {
        FakePerson stranger;
        stranger.user = {"drive" + std::to_string(i), "drive" + std::to_string(i)};
        t.whisper(stranger, "tables");
        t.whisper(stranger, "play 4");
    }
    t.run_until([] { return false; }, 500ms);
    CHECK(t.bridge().open_links() == 0);
    CHECK(t.bridge().known_people() == 0);
    // Each got the table list all the same: one question to the server answers all who wait.
    const auto answered = [&] {
        std::set<std::string> told;
        for (const auto& line : t.lines())
            if (line.is_private && line.target.starts_with("drive") &&
                line.text.find("table") != std::string::npos)
                told.insert(line.target);
        return told.size();
    };
    CHECK(t.run_until([&] { return answered() == 60; }, 10s));
    // The table list still reaches a stranger, through a channel's spectator.
    FakePerson curious;
    curious.user = {"curious", "curious"};
    t.whisper(curious, "tables");
    REQUIRE(t.run_until([&] { return t.told(curious, "table"); }, 5s));
    // A player in the channel still gets a connection and a table.
    auto& ann = t.add("ann");
    t.say(ann, "!new players=3");
    REQUIRE(t.run_until([&] { return ann.mind.seat.has_value(); }, 10s));
}

TEST_CASE("bridge hostile: an unused connection without a seat is closed",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true, 60, [](CoreTable::Options& o) { o.idle_link = 1s; });
    auto& ann = t.add("ann");
    auto& cy = t.add("cy");
    t.say(ann, "!new players=3");
    REQUIRE(t.run_until([&] { return ann.mind.seat.has_value(); }, 10s));
    t.say(cy, "!join 1");  // seat 1 is ann's: refused, cy has a connection and no seat
    REQUIRE(t.run_until([&] { return t.bridge().open_links() == 2; }, 5s));
    // The sweep runs every 10 s.
    REQUIRE(t.run_until([&] { return t.bridge().open_links() == 1; }, 15s));
}

TEST_CASE("bridge hostile: names in other scripts play under readable names", "[bridge][hostile]") {
    using niagara::bridge::ascii_name;
    CHECK(ascii_name("Zoë Čapková") == "Zoe Capkova");
    CHECK(ascii_name("Bruno Müller") == "Bruno Muller");
    CHECK(ascii_name("Jiří") == "Jiri");
    CHECK_FALSE(ascii_name("Юлия").empty());
    CHECK(ascii_name("\xff\xfe bad") .find("bad") != std::string::npos);
    CHECK(ascii_name(std::string(100000, 'a')).size() <= 256);
    // The server takes names in every script (protocol/names.hpp): a chat name keeps its own
    // letters when the rule allows them, and is written in Latin letters when it does not.
    using niagara::bridge::player_name_base;
    CHECK(player_name_base("Zoë Čapková") == "Zoë_Čapková");
    CHECK(player_name_base("Юлия") == "Юлия");
    CHECK(player_name_base("Jir\xCC\x8Ci\xCC\x81") == "Jiří");   // composed
    CHECK(player_name_base("\xD0\xB0lice") == "alice");           // mixed scripts: Latin
    CHECK(player_name_base("server") == "p_server");               // reserved
    CHECK(player_name_base("🌊🌊") == "p_");
    CHECK(player_name_base(std::string(100000, 'a')) == std::string(20, 'a'));
    CHECK(player_name_base(std::string(30, 'x') + "é") == std::string(20, 'x'));
    for (const char* odd : {"\xff\xfe bad", "a\xE2\x80\xAE" "b", "\xCC\x81\xCC\x81", "", "...",
                            "李小龙 and Bob",
                            "\xD1\x95\xD0\xB5rv\xD0\xB5r" /* ѕеrvеr, mixed */, "ADMlN"}) {
        INFO(odd);
        const std::string base = player_name_base(odd);
        CHECK(niagara::protocol::check_name(base + "_4").fault == niagara::protocol::NameFault::None);
        CHECK_FALSE(niagara::protocol::is_reserved_name(base));
    }
    CoreTable t(/*fast=*/true);
    auto& ann = t.add("ann");
    t.say(ann, "!new players=3");
    REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
    FakePerson zoe;
    zoe.user = {"zoe@example.org", "Zoë Čapková", "zoe@example.org"};
    t.present(zoe);
    t.say(zoe, "!join");
    if (!t.run_until([&] { return t.channel_says("Zoë_Čapková sits at table"); }, 10s))
        FAIL(t.transcript());
}

TEST_CASE("bridge: a channel's turn timer, its warning and the highlight of whose turn it is",
          "[bridge][hostile]") {
    // irc.timer = 10: !new without timer= gets 10 s turns (the server's shortest).
    CoreTable t(/*fast=*/true, 60, [](CoreTable::Options& o) { o.turn_seconds = 10; });
    auto& ann = t.add("ann");
    FakePerson bob;  // not played by the test: he lets his clock run
    bob.user = {"bob", "bob"};
    t.present(bob);
    t.say(ann, "!new players=3");
    REQUIRE(t.run_until([&] { return t.channel_says("10 s turns"); }, 10s));
    t.say(bob, "!join");
    REQUIRE(t.run_until([&] { return t.told(bob, "You sit at"); }, 10s));
    t.say(ann, "!addbot random");
    t.say(ann, "!start");
    REQUIRE(t.run_until([&] { return t.told(bob, "choose your card"); }, 10s));
    // Warned privately before the server plays for him (10 s: at half time).
    if (!t.run_until([&] { return t.told(bob, "5 s left to decide"); }, 9s))
        FAIL(t.transcript());
    REQUIRE(t.run_until([&] { return t.channel_says("ran out of time"); }, 10s));
    // Whose turn it is is said in the channel with the nick, for IRC clients to ring.
    REQUIRE(t.run_until([&] { return t.channel_says(": table #1 waits for your move"); }, 60s));
}

TEST_CASE("bridge hostile: a nick taken within moments of its holder's quit gets nothing either",
          "[bridge][hostile]") {
    // A quit waits a moment before it counts (a chat server going down says QUIT for everyone
    // first); someone who speaks under the nick meanwhile must not find the seat still there.
    CoreTable t(/*fast=*/true, 60, [](CoreTable::Options& o) { o.quit_grace = 5s; });
    StartedTable table(t);
    t.absent(table.alice);
    FakePerson mallory;
    mallory.user = {"alice", "alice"};
    const std::size_t from = t.lines().size();
    t.whisper(mallory, "hand");      // privately, before even joining
    t.whisper(mallory, "play 1");
    t.present(mallory);
    t.say(mallory, "!canoe 1 up 1");
    t.run_until([] { return false; }, 500ms);
    CHECK(count_private(t, mallory, "Welcome back", from) == 0);
    CHECK(count_private(t, mallory, "Your hand:", from) == 0);
    CHECK(count_private(t, mallory, "You chose", from) == 0);
}

TEST_CASE("bridge: the host closes a table nobody came to with !abort; nobody else can",
          "[bridge][hostile]") {
    CoreTable t(/*fast=*/true);
    auto& ann = t.add("ann");
    auto& ben = t.add("ben");
    t.say(ann, "!new players=4");
    REQUIRE(t.run_until([&] { return ann.mind.seat.has_value(); }, 10s));
    t.say(ben, "!join");
    REQUIRE(t.run_until([&] { return ben.mind.seat.has_value(); }, 10s));
    t.say(ben, "!abort");
    REQUIRE(t.run_until([&] { return t.channel_says("only the table's host (ann)"); }, 5s));
    t.say(ann, "!abort");
    REQUIRE(t.run_until([&] { return t.channel_says("ann closed table #1"); }, 5s));
    // The channel is free at once, and ben, stood up, can sit at the next table.
    t.say(ben, "!new players=3");
    if (!t.run_until([&] { return t.channel_says("ben opened table #2"); }, 10s))
        FAIL(t.transcript());
    // Once a game runs it is everyone's: !abort is refused, !concede is the way out.
    t.say(ann, "!join");
    t.say(ben, "!addbot random");
    REQUIRE(t.run_until([&] { return t.channel_says("bot-3 sits at table #2"); }, 10s));
    t.say(ben, "!start");
    REQUIRE(t.run_until([&] { return t.channel_says("starts with 3 players"); }, 10s));
    t.say(ben, "!abort");
    REQUIRE(t.run_until([&] { return t.channel_says("it belongs to all its players"); }, 5s));
}
