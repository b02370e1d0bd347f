// A table's log and chat survive a restart of the server, after a clean stop and after a crash
// (SIGKILL): whoever comes back, or comes to watch, reads the same lines in the same order as
// before (the game's lines made again from its actions, the info and chat lines from the
// store), then one that says the server restarted. Nothing secret is stored to do it.
#include <sqlite3.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <thread>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

// The table's lines as a newcomer gets them: a spectator's snapshot.
Json watched_history(unsigned short port, long table) {
    auto sam = raw_lobby_user(port, "sam");
    REQUIRE(sam->send("/watch " + std::to_string(table)));
    const auto snapshot = sam->read_until(
        [](const Json& m) { return message_type(m) == "snapshot" && m.contains("history"); }, 5s);
    REQUIRE(snapshot);
    return (*snapshot)["history"];
}

// One line per entry, for the test's messages.
std::string readable(const Json& history) {
    std::string out;
    for (const Json& line : history)
        out += "\n  " + line.value("kind", "?") + ": " +
               (line.contains("lines") ? line["lines"].dump()
                                       : line.value("text", line.value("message", "")));
    return out;
}

// Everything stored in the lines table of the server's database, as one text.
std::string stored_lines(const std::filesystem::path& db) {
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    std::string all;
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(handle, "SELECT line FROM table_lines ORDER BY id", -1, &s, nullptr) ==
        SQLITE_OK)
        while (sqlite3_step(s) == SQLITE_ROW)
            all += reinterpret_cast<const char*>(sqlite3_column_text(s, 0)) + std::string("\n");
    sqlite3_finalize(s);
    sqlite3_close(handle);
    return all;
}

}  // namespace

TEST_CASE("A table's log and chat come back after a restart, clean or a crash",
          "[server][restart][history]") {
    const int signal = GENERATE(SIGTERM, SIGKILL);
    CAPTURE(signal);
    // A long grace: nobody's seat is played by a bot while the test reconnects.
    ServerProcess server({"--grace", "60"});
    auto alice = raw_lobby_user(server.port(), "alice");
    auto bob = raw_lobby_user(server.port(), "bob");
    REQUIRE(alice->send("/new players=3 seed=5"));
    const long table = expect_message(*alice, "table_created").at("table").get<long>();
    const std::string alice_token = expect_message(*alice, "seated").at("token");
    REQUIRE(bob->send("/join " + std::to_string(table)));
    const std::string bob_token = expect_message(*bob, "seated").at("token");
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/say before the start"));
    REQUIRE(alice->send("/start"));
    REQUIRE(alice->read_until(
        [](const Json& m) { return message_type(m) == "prompt" || m.contains("prompt"); }, 5s));
    // alice chooses and says so; bob has not chosen: her card is a secret until he does.
    REQUIRE(alice->send("/play 5"));
    REQUIRE(alice->read_until([](const Json& m) { return m.contains("chosen"); }, 5s));
    REQUIRE(bob->send("/say my card is coming"));
    REQUIRE(bob->read_type("chat"));

    // They go (their going is in the log too), and a newcomer reads what happened.
    auto early = raw_lobby_user(server.port(), "early");
    REQUIRE(early->send("/watch " + std::to_string(table)));
    REQUIRE(early->read_type("watching"));
    alice.reset();
    bob.reset();
    REQUIRE(early->read_until(
        [](const Json& m) { return m.value("text", "").find("bob (seat 2) lost") == 0; }, 5s));
    // The bot chooses on its pool, whose thread runs at idle priority: on a busy machine its
    // line may come after the players left. The log is read once it holds both choices (alice's
    // and the bot's) and both goings, so that nothing more comes before the restart.
    const auto settled = [](const Json& history) {
        const std::string all = history.dump();
        std::size_t chosen = 0;
        for (auto at = all.find("has chosen a card"); at != std::string::npos;
             at = all.find("has chosen a card", at + 1))
            ++chosen;
        return chosen >= 2 && all.find("alice (seat 1) lost") != std::string::npos &&
               all.find("bob (seat 2) lost") != std::string::npos;
    };
    Json before = watched_history(server.port(), table);
    for (int tries = 0; tries < 100 && !settled(before); ++tries) {
        std::this_thread::sleep_for(50ms);
        before = watched_history(server.port(), table);
    }
    INFO("before:" << readable(before));
    REQUIRE(settled(before));
    const std::string text = before.dump();
    REQUIRE(text.find("before the start") != std::string::npos);
    REQUIRE(text.find("my card is coming") != std::string::npos);
    REQUIRE(text.find("has chosen a card") != std::string::npos);
    const std::string stored = stored_lines(server.dir() / "data" / "niagara.sqlite3");
    CHECK(stored.find("my card is coming") != std::string::npos);
    CHECK(stored.find("\"5\"") == std::string::npos);  // alice's card is nowhere in it

    early.reset();
    server.stop(signal);
    server.start();

    const Json after = watched_history(server.port(), table);
    INFO("after:" << readable(after));
    // The same lines in the same order, and one more: the restart.
    REQUIRE(after.size() == before.size() + 1);
    for (std::size_t i = 0; i < before.size(); ++i) {
        CAPTURE(i);
        CHECK(after[i] == before[i]);
    }
    CHECK(after.back().value("key", "") == "protocol.restored");
    CHECK(after.back().value("text", "") ==
          "The server restarted; table " + std::to_string(table) + " goes on from where it was.");

    // A player who comes back reads the same, and the game goes on: bob's card is revealed
    // with alice's.
    auto bob2 = std::make_unique<RawWs>(server.port());
    REQUIRE(bob2->read_type("welcome"));
    REQUIRE(bob2->send("/resume " + bob_token));
    const auto snapshot = bob2->read_until(
        [](const Json& m) { return message_type(m) == "snapshot" && m.contains("history"); }, 5s);
    REQUIRE(snapshot);
    // What he reads: the same, then his coming back.
    const Json& his = (*snapshot)["history"];
    REQUIRE(his.size() >= after.size());
    CHECK(Json(std::vector<Json>(his.begin(), his.begin() + long(after.size()))) == after);
    REQUIRE(bob2->send("/play 2"));
    const auto reveal = bob2->read_until(
        [](const Json& m) {
            return m.contains("event") && m["event"]["lines"].dump().find("5") != std::string::npos;
        },
        5s);
    CHECK(reveal);

    // A second restart keeps the first one's line and the lines since.
    bob2.reset();
    server.stop(signal);
    server.start();
    const Json again = watched_history(server.port(), table);
    INFO("again:" << readable(again));
    CHECK(again.size() > after.size());
    CHECK(again.back().value("key", "") == "protocol.restored");
    CHECK(again.dump().find("my card is coming") != std::string::npos);
    (void)alice_token;
}

TEST_CASE("A finished or closed table's lines leave the store; a chat flood keeps only the newest",
          "[server][restart][history]") {
    ServerProcess server({"--table-history", "5", "--idle-table-seconds", "1"});
    auto alice = raw_lobby_user(server.port(), "alice");
    REQUIRE(alice->send("/new players=3"));
    const long table = expect_message(*alice, "table_created").at("table").get<long>();
    for (int i = 0; i < 40; ++i)
        REQUIRE(alice->send("/say flood " + std::to_string(i)));
    // The last line said is in; the store holds no more than the history's length.
    REQUIRE(alice->read_until(
        [](const Json& m) { return m.value("message", "") == "flood 39"; }, 5s));
    const auto db = server.dir() / "data" / "niagara.sqlite3";
    const std::string stored = stored_lines(db);
    INFO(stored);
    CHECK(std::count(stored.begin(), stored.end(), '\n') == 5);
    CHECK(stored.find("flood 39") != std::string::npos);
    CHECK(stored.find("flood 34") == std::string::npos);
    // Nobody at it: it closes after a second, and its lines go.
    auto bob = raw_lobby_user(server.port(), "bob");
    alice.reset();
    std::string left = stored_lines(db);
    for (int i = 0; i < 50 && !left.empty(); ++i) {
        std::this_thread::sleep_for(100ms);
        left = stored_lines(db);
    }
    CHECK(left.empty());

    // A game that ends takes its lines along (the record keeps the game).
    REQUIRE(bob->send("/new players=3"));
    expect_message(*bob, "table_created");
    REQUIRE(bob->send("/addbot"));
    REQUIRE(bob->send("/addbot"));
    REQUIRE(bob->send("/say good luck"));
    REQUIRE(bob->read_type("chat"));
    CHECK(stored_lines(db).find("good luck") != std::string::npos);
    REQUIRE(bob->send("/start"));
    REQUIRE(bob->send("/concede"));
    REQUIRE(bob->read_type("ended"));
    CHECK(stored_lines(db).empty());
    (void)table;
}
