// Lobby and table refusals as the protocol README lists them, and a few of its details.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

// Sends `frame` and runs until `p` gets an error (returns its code) or `type` (returns type).
std::string answer(Harness& h, Player& p, const std::string& frame, const std::string& type) {
    const std::size_t seen = p.frames.size();
    p.send(frame);
    std::string got;
    h.run_until(
        [&] {
            for (std::size_t i = seen; i < p.frames.size(); ++i) {
                const Received& r = p.frames[i];
                if (r.type == "error") got = r.message.value("code", "");
                if (r.type == type) got = type;
                if (!got.empty()) return true;
            }
            return false;
        },
        5s);
    return got;
}

}  // namespace

TEST_CASE("Lobby and table refusals carry the README's codes", "[server][lobby]") {
    ServerProcess server;
    Harness h(server.port());
    Player& host = h.add("host", Harness::Options{{"/name host"}, false, true, 1});
    Player& guest = h.add("guest", Harness::Options{{"/name guest"}, false, false, 2});
    INFO(server.log());
    REQUIRE(h.run_until([&] { return host.first("name") && guest.first("name"); }, 5s));

    CHECK(answer(h, guest, "/start", "") == "no_table");
    CHECK(answer(h, guest, "/sync", "") == "no_table");
    CHECK(answer(h, guest, "/join 99999", "") == "no_such_table");
    CHECK(answer(h, guest, "/watch 99999", "") == "no_such_table");
    CHECK(answer(h, guest, "/new players=6", "") == "bad_command");
    CHECK(answer(h, guest, "/name bad name!", "") == "bad_command");
    CHECK(answer(h, guest, "/play 9", "") == "bad_command");
    CHECK(answer(h, guest, "/resume 0123456789abcdef0123456789abcdef", "") == "bad_token");
    CHECK(answer(h, guest, R"({"type": "fly"})", "") == "unknown_command");

    REQUIRE(answer(h, host, "/new players=3 seed=5", "seated") == "seated");
    const long table = host.first("table_created")->at("table").get<long>();
    const std::string id = std::to_string(table);
    CHECK(answer(h, host, "/start", "") == "not_enough_players");
    CHECK(answer(h, guest, "/join #" + id + " 1", "") == "table_full");  // the host's seat
    CHECK(answer(h, guest, "/join " + id, "seated") == "seated");
    CHECK(answer(h, guest, "/addbot", "") == "not_host");
    CHECK(answer(h, guest, "/start", "") == "not_host");
    CHECK(answer(h, guest, "/play 4", "") == "bad_command");  // not started yet
    CHECK(answer(h, host, "/addbot", "joined") == "joined");
    CHECK(answer(h, host, "/addbot", "") == "table_full");

    // Once started: no more joining or bots.
    Player& late = h.add("late", {"/name late"});
    REQUIRE(h.run_until([&] { return late.first("name") != nullptr; }, 5s));
    CHECK(answer(h, host, "/start", "started") == "started");
    CHECK(answer(h, late, "/join " + id, "") == "started");
    CHECK(answer(h, host, "/addbot", "") == "started");
    CHECK(answer(h, late, "/watch " + id, "watching") == "watching");
    CHECK(answer(h, late, "/play 4", "") == "not_seated");
    // The guest does not play (no auto-play): in phase I every seat must choose, so a move
    // that is not a card choice is illegal and a choice is accepted once.
    CHECK(answer(h, guest, "/cloud up", "") == "illegal");
    CHECK(answer(h, guest, "/play 1", "chosen") == "chosen");
    const std::string again = answer(h, guest, "/play 2", "");
    CHECK((again == "not_your_turn" || again == "illegal"));
}

// README, "Reconnection" and "Limits and hygiene": tokens are compared in lower case.
TEST_CASE("A token resumes in upper case too", "[server][lobby]") {
    ServerProcess server;
    Harness h(server.port());
    Player& host = h.add("host", Harness::Options{{"/name host"}, false, false, 1});
    INFO(server.log());
    send_when_welcomed(host, "/new players=3");
    REQUIRE(h.run_until([&] { return host.first("seated") != nullptr; }, 5s));
    std::string token = host.client->token();
    std::transform(token.begin(), token.end(), token.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    Player& again = h.add("again", {"/resume " + token});
    REQUIRE(h.run_until([&] { return again.first("seated") || !again.errors.empty(); }, 5s));
    CHECK(again.errors.empty());
    REQUIRE(again.first("seated"));
    CHECK(again.first("seated")->at("seat") == 0);
}

// README, "How a table runs": the creator of a table is its host and may add bots and start.
// A name is fixed while at a table (the others know the player by it, and chat carries it), so
// /name there is refused, and the host stays the host.
TEST_CASE("The creator stays the host, and /name is refused at a table", "[server][lobby]") {
    ServerProcess server;
    Harness h(server.port());
    Player& host = h.add("host", Harness::Options{{"/name first"}, false, false, 1});
    INFO(server.log());
    send_when_welcomed(host, "/new players=3");
    REQUIRE(h.run_until([&] { return host.first("seated") != nullptr; }, 5s));
    CHECK(answer(h, host, "/name second", "name") == "bad_command");
    CHECK(answer(h, host, "/addbot", "joined") == "joined");
}

// README, "Server → client": a timer message names the seat whose time runs ("seat").
TEST_CASE("Timer messages name the seat", "[server][lobby]") {
    ServerProcess server;
    Harness h(server.port());
    Player& host = h.add("host", Harness::Options{{"/name host"}, false, false, 1});
    INFO(server.log());
    TableSetup setup;
    setup.host = &host;
    setup.new_words = "players=3 timer=30";
    setup.bots = 2;
    auto table = std::make_shared<std::optional<long>>();
    open_table(setup, table);
    REQUIRE(h.run_until([&] { return host.first("timer") != nullptr; }, 10s));
    const Json& timer = *host.first("timer");
    INFO(timer.dump());
    CHECK(timer.at("seconds") == 30);
    CHECK(timer.contains("seat"));
    CHECK(timer.value("seat", -1) == host.client->seat());
}

// A connection's frames take effect in the order they are sent: "/new" then "/addbot" (a script,
// or a chat bridge relaying two lines) adds a bot to the new table. The server answers /new with
// table_created and seats the creator asynchronously on the table's strand, so a table command
// that follows at once may find the connection at no table yet ("no_table").
TEST_CASE("Commands sent back to back after /new apply to the new table", "[server][lobby]") {
    ServerProcess server;
    Harness h(server.port());
    std::vector<Player*> hosts;
    for (int i = 0; i < 10; ++i)
        hosts.push_back(&h.add("host" + std::to_string(i),
                               Harness::Options{{"/new players=3", "/addbot", "/addbot", "/start"},
                                                false,
                                                false,
                                                std::uint64_t(i + 1)}));
    INFO(server.log());
    h.run_until(
        [&] {
            for (Player* p : hosts)
                if (!p->first("started") && p->errors.empty()) return false;
            return true;
        },
        10s);
    for (Player* p : hosts) {
        INFO(p->label);
        for (const Json& e : p->errors)
            FAIL_CHECK(e.dump());
        CHECK(p->first("started") != nullptr);
    }
}
