// Whole games against the real server: chat commands, JSON messages, and views kept by patches.
#include <catch2/catch.hpp>
#include <set>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

// Runs the clients until every player's game ended, or fails telling each player's story and
// the server's log; and checks that the table was opened.
void play_to_the_end(Harness& h, const ServerProcess& server, const std::vector<Player*>& players,
                     const std::optional<long>& table, std::chrono::seconds timeout = 60s) {
    const bool finished = h.run_until([&] { return all_ended(players); }, timeout);
    INFO(describe(players));
    INFO(server.log());
    REQUIRE(finished);
    REQUIRE(table);
}

}  // namespace

TEST_CASE("A 3-player game to the end with chat commands", "[server][game][threads]") {
    ServerProcess server;
    Harness h(server.port());
    Player& alice = h.add("alice", {"/name alice"});
    Player& bob = h.add("bob", {"/name bob"});
    Player& carol = h.add("carol", {"/name carol"});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &alice;
    setup.new_words = "players=3 seed=7";
    setup.joiners = {&bob, &carol};
    open_table(setup, table);
    const std::vector<Player*> players{&alice, &bob, &carol};
    play_to_the_end(h, server, players, *table);

    CHECK(alice.first("table_created") != nullptr);
    for (Player* p : players) {
        INFO(p->label);
        CHECK(p->errors.empty());
        CHECK(p->count("seated") == 1);
        CHECK(p->count("started") == 1);
        CHECK(p->count("ended") == 1);
        CHECK(p->count("prompt") > 0);
        CHECK_FALSE(p->acts.empty());
        const Json* seated = p->first("seated");
        REQUIRE(seated);
        CHECK(seated->at("token").get<std::string>().size() == 32);
        CHECK(seated->at("table") == **table);
    }
    // The seats are named as the players chose; the host sits first.
    const Json& seats = alice.client->view()["table"]["seats"];
    CHECK(alice.client->seat() == 0);
    for (Player* p : players)
        CHECK(seats[std::size_t(p->client->seat())]["name"] == p->label);
    check_finished_game(server.port(), **table, players);
}

// The load generator's bots keep no view and pick from the prompt alone; they must still play
// games to their end, or a load test would never create, finish and store a game.
TEST_CASE("Bots that read only the prompt play a 4-player game to its end", "[server][game][threads]") {
    ServerProcess server;
    Harness h(server.port());
    std::vector<Player*> players;
    for (int i = 0; i < 4; ++i) {
        Harness::Options options;
        options.opening = {"/name thin" + std::to_string(i)};
        options.reads_prompt_only = true;
        options.seed = std::uint64_t(11 + i);
        players.push_back(&h.add("thin" + std::to_string(i), options));
    }
    // As the load generator opens a table (the host keeps no view to count the seats by): the
    // others join once it exists, and the host starts when all four have joined.
    auto table = std::make_shared<std::optional<long>>();
    auto joined = std::make_shared<int>(0);
    players[0]->hooks.push_back([=](Player& host, const Json& m) {
        const std::string type = m.value("type", "");
        if (type == "table_created") {
            *table = m.at("table").get<long>();
            for (int i = 1; i < 4; ++i)
                players[std::size_t(i)]->send("/join " + std::to_string(**table));
        }
        if (type == "joined" && ++*joined == 4) host.send("/start");
    });
    send_when_welcomed(*players[0], "/new players=4 seed=5");
    play_to_the_end(h, server, players, *table, 120s);
    for (Player* p : players) {
        INFO(p->label);
        CHECK(p->errors.empty());
        CHECK_FALSE(p->acts.empty());
        CHECK(p->client->view() == Json::object());  // nothing kept
    }
    // The stored record replays to the same end.
    const FinishedGame g = fetch_game(server.port(), **table);
    INFO(g.problem);
    REQUIRE(g.problem.empty());
    CHECK(niagara::is_over(g.replay->state));
    CHECK_FALSE(niagara::winners(g.replay->state).empty());
}

TEST_CASE("A 3-player game to the end with JSON messages", "[server][game][json]") {
    ServerProcess server;
    Harness h(server.port());
    auto json = [](std::vector<std::string> opening, std::uint64_t seed) {
        return Harness::Options{std::move(opening), true, true, seed};
    };
    Player& ann = h.add("ann", json({R"({"type": "name", "name": "ann"})"}, 11));
    Player& ben = h.add("ben", json({R"({"type": "name", "name": "ben", "id": 1})"}, 12));
    Player& cat = h.add("cat", json({R"({"type": "name", "name": "cat"})"}, 13));
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &ann;
    setup.new_options = Json{{"players", 3}, {"seed", 21}, {"memory", true}};
    setup.joiners = {&ben, &cat};
    setup.json = true;
    open_table(setup, table);
    const std::vector<Player*> players{&ann, &ben, &cat};
    play_to_the_end(h, server, players, *table);

    const Json* created = ann.first("table_created");
    REQUIRE(created);
    CHECK(created->at("options").at("players") == 3);
    CHECK(created->at("options").at("memory") == true);
    CHECK(created->at("options").at("seed") == 21);
    for (Player* p : players) {
        INFO(p->label);
        CHECK(p->errors.empty());
        CHECK(p->count("seated") == 1);
        CHECK(p->count("name") == 1);
        CHECK_FALSE(p->acts.empty());
    }
    const FinishedGame g = check_finished_game(server.port(), **table, players);
    REQUIRE(g.record);
    CHECK(g.record->options.seed == 21);
    CHECK(g.record->options.memory);
    CHECK(g.record->options.players == 3);
}

// Every connection's view, built from the first snapshot and every patch, equals the fresh
// snapshot it asks for with /sync (at the start, mid-game, and the engine's view at the end).
TEST_CASE("Patched views equal fresh snapshots", "[server][diffs][threads]") {
    ServerProcess server;
    Harness h(server.port());
    Player& host = h.add("host", Harness::Options{{"/name host"}, false, true, 3});
    Player& guest = h.add("guest", Harness::Options{{"/name guest"}, true, true, 4});
    Player& watcher = h.add("watcher", {"/name watcher"});
    Player& jwatcher = h.add("json-watcher", Harness::Options{{}, true, false, 5});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &host;
    setup.new_words = "players=4 seed=99";
    setup.joiners = {&guest};
    setup.watchers = {&watcher, &jwatcher};
    setup.bots = 2;
    setup.seats = 4;
    open_table(setup, table);
    const std::vector<Player*> players{&host, &guest, &watcher, &jwatcher};
    // Each connection asks for a snapshot when the game starts and in rounds 2, 3 and 5.
    for (Player* p : players) {
        auto asked = std::make_shared<std::set<int>>();
        const bool json = p == &guest || p == &jwatcher;
        p->hooks.push_back([asked, json](Player& self, const Json& m) {
            const std::string type = m.value("type", "");
            if (type != "patch" && type != "started") return;
            const int round = type == "started" ? 0 : self.round();
            if ((round == 0 || round == 2 || round == 3 || round == 5) &&
                asked->insert(round).second)
                self.send(json ? R"({"type": "sync"})" : "/sync");
        });
    }
    play_to_the_end(h, server, players, *table);
    for (Player* p : players) {
        INFO(p->label);
        CHECK(p->errors.empty());
        CHECK(p->client->patch_gaps() == 0);
        const Followed f = follow(p->frames);
        for (const auto& problem : f.problems)
            FAIL_CHECK(problem);
        // At least the start and two mid-game /sync answers were compared with patched views.
        CHECK(f.compared >= 3);
        CHECK(f.patches > 10);
    }
    check_finished_game(server.port(), **table, players);

    // After the end a /sync is answered (a snapshot of the final state, or "no_table" once the
    // table is closed) and nothing else arrives.
    const auto before = host.frames.size();
    host.send("/sync");
    h.run_until([&] { return host.frames.size() > before; }, 5s);
    REQUIRE(host.frames.size() > before);
    const Received& answer = host.frames.back();
    INFO(answer.message.dump());
    CHECK((answer.type == "snapshot" || answer.message.value("code", "") == "no_table"));
}
