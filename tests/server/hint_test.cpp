// Hints (/hint): the strong bot's choice for a player's open decision, thought on the bot pool
// from the seat's own view and told to the asker alone, only in a game against bots that is
// not rated. Refusals change nothing and reach the asker only; a hint speaks of the player's
// hand, so it never reaches another connection nor the lines a newcomer is sent; a hint whose
// decision was taken meanwhile is dropped, not told. (One hint at a time, none out of turn, and
// a hint dropped: lobby_core_test.cpp, where two commands reach the table before the bot can
// answer the first.)
#include <catch2/catch.hpp>

#include <algorithm>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

bool prompts(const Json& m) {
    return message_type(m) == "prompt" || (m.is_object() && m.contains("prompt"));
}

const Json& prompt_of(const Json& m) {
    return m.contains("prompt") ? m.at("prompt") : m;
}

// The key of the next error (fails on a hint, or when none comes).
std::string refused(RawWs& ws) {
    const auto m = ws.read_until(
        [](const Json& j) { return message_type(j) == "error" || message_type(j) == "hint"; }, 5s);
    REQUIRE(m);
    REQUIRE(message_type(*m) == "error");
    return m->value("key", "");
}

// The table part of a fresh snapshot (/sync), once what came before is read.
Json table_part(RawWs& ws) {
    while (ws.read(200ms)) {
    }
    REQUIRE(ws.send("/sync"));
    return expect_message(ws, "snapshot").at("view").at("table");
}

// alice (already named) opens `words`, `bots` bots fill the other seats, the game starts: her
// first prompt.
Json start_against_bots(RawWs& alice, const std::string& words, int bots, long* table) {
    REQUIRE(alice.send("/new " + words));
    *table = expect_message(alice, "table_created").at("table").get<long>();
    expect_message(alice, "seated");
    for (int i = 0; i < bots; ++i)
        REQUIRE(alice.send("/addbot"));
    REQUIRE(alice.send("/start"));
    const auto prompt = alice.read_until(prompts, 5s);
    REQUIRE(prompt);
    return *prompt;
}

// Everything `ws` is sent for `quiet`: none of it may be a hint or carry a hint's text.
void heard_no_hint(RawWs& ws, std::chrono::milliseconds quiet = 500ms) {
    while (auto m = ws.read(quiet)) {
        INFO(m->dump().substr(0, 300));
        CHECK(message_type(*m) != "hint");
        CHECK(m->dump().find("strong bot would") == std::string::npos);
    }
}

}  // namespace

TEST_CASE("Hint: the strong bot's choice, one of the prompt's actions, to the asker alone",
          "[server][hint]") {
    ServerProcess server({"--bot-think-ms", "300"});
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto sam = raw_lobby_user(port, "sam");
    long table = 0;
    REQUIRE(alice->send("/new players=3 seed=5"));
    table = expect_message(*alice, "table_created").at("table").get<long>();
    expect_message(*alice, "seated");
    REQUIRE(sam->send("/watch " + std::to_string(table)));
    expect_message(*sam, "watching");
    CHECK(table_part(*alice).at("hints") == false);  // not before the game
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/start"));
    const auto first = alice->read_until(prompts, 5s);
    REQUIRE(first);
    const Json actions = prompt_of(*first).at("actions");

    REQUIRE(alice->send("/hint"));
    const auto hint = alice->read_until([](const Json& m) { return message_type(m) == "hint"; }, 10s);
    REQUIRE(hint);
    CHECK(hint->at("table") == table);
    CHECK(hint->at("seat") == 0);
    INFO(hint->dump());
    CHECK(std::find(actions.begin(), actions.end(), hint->at("action")) != actions.end());
    CHECK(hint->at("move") == hint->at("action").at("text"));
    CHECK(hint->at("text").get<std::string>().rfind(
              "Hint at table #" + std::to_string(table) + ": the strong bot would choose /", 0) == 0);
    CHECK(hint->at("key") == "protocol.hint");

    // Every viewer's table part says hints may be asked; only alice heard one.
    CHECK(table_part(*sam).at("hints") == true);
    heard_no_hint(*sam);
    // A newcomer's lines do not tell it either.
    auto nina = raw_lobby_user(port, "nina");
    REQUIRE(nina->send("/watch " + std::to_string(table)));
    const Json snapshot = expect_message(*nina, "snapshot");
    CHECK(snapshot.dump().find("strong bot would") == std::string::npos);

    // The hinted move plays.
    REQUIRE(alice->send("/" + hint->at("move").get<std::string>()));
    const auto played = alice->read_until(
        [](const Json& m) {
            return message_type(m) == "error" ||
                   (m.contains("chosen") && m.at("chosen").is_string()) ||
                   (m.contains("event") && m.at("event").value("seat", -1) == 0);
        },
        5s);
    REQUIRE(played);
    CHECK(message_type(*played) != "error");

    const std::string metrics = http_get(port, "/metrics").body;
    CHECK(metric(metrics, "niagara_hints_asked_total") == 1);
    CHECK(metric(metrics, "niagara_hints_given_total") == 1);
}

TEST_CASE("Hint: refused to spectators, outside a game, without bots and in a rated game, "
          "and nothing changes",
          "[server][hint]") {
    ServerProcess server({"--bot-think-ms", "300"});
    const unsigned short port = server.port();

    SECTION("no table, before the start, from a spectator, without bots") {
        auto alice = raw_lobby_user(port, "alice");
        auto bob = raw_lobby_user(port, "bob");
        auto carol = raw_lobby_user(port, "carol");
        auto sam = raw_lobby_user(port, "sam");
        REQUIRE(alice->send("/hint"));
        CHECK(refused(*alice) == "server.lobby.no_table");
        REQUIRE(alice->send("/new players=3 seed=8"));
        const long id = expect_message(*alice, "table_created").at("table").get<long>();
        expect_message(*alice, "seated");
        REQUIRE(alice->send(R"({"type": "hint"})"));
        CHECK(refused(*alice) == "server.hint.not_playing");
        for (RawWs* p : {bob.get(), carol.get()}) {
            REQUIRE(p->send("/join " + std::to_string(id)));
            expect_message(*p, "seated");
        }
        REQUIRE(sam->send("/watch " + std::to_string(id)));
        expect_message(*sam, "watching");
        REQUIRE(alice->send("/start"));
        REQUIRE(alice->read_until(prompts, 5s));
        const Json before = table_part(*alice);
        CHECK(before.at("hints") == false);  // three people, no bot
        REQUIRE(alice->send("/hint"));
        CHECK(refused(*alice) == "server.hint.no_bots");
        REQUIRE(sam->send("/hint"));
        CHECK(refused(*sam) == "server.hint.not_seated");
        CHECK(table_part(*alice) == before);
        heard_no_hint(*bob, 300ms);
    }

    SECTION("a rated game: a registered player against bots") {
        auto ann = raw_lobby_user(port, "ann");
        REQUIRE(ann->send("/register correct horse battery"));
        expect_message(*ann, "account");
        long id = 0;
        start_against_bots(*ann, "players=3 seed=9", 2, &id);
        CHECK(table_part(*ann).at("hints") == false);
        REQUIRE(ann->send("/hint"));
        CHECK(refused(*ann) == "server.hint.rated");

        // The same player at an "unrated" table gets hints.
        REQUIRE(ann->send("/leave"));
        expect_message(*ann, "left");
        start_against_bots(*ann, "players=3 seed=9 unrated", 2, &id);
        CHECK(table_part(*ann).at("hints") == true);
    }
}
