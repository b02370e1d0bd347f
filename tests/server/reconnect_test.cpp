// Seats survive their connections (/resume TOKEN) and the server itself (SIGKILL, restart on the
// same data directory): every accepted action was committed before it was broadcast.
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include "niagara/notation.hpp"
#include "server_fixture.hpp"

using namespace server_test;

namespace {

// The presence messages a player received about `seat` saying `online`.
long presence_count(const Player& p, int seat, bool online) {
    long n = 0;
    for (const Received& r : p.frames)
        if (r.type == "presence" && r.message.value("seat", -1) == seat &&
            r.message.value("online", !online) == online)
            ++n;
    return n;
}

}  // namespace

TEST_CASE("A player leaves mid-game and resumes the seat with the token", "[server][reconnect][threads]") {
    ServerProcess server({"--grace", "30"});
    Harness h(server.port());
    Player& alice = h.add("alice", Harness::Options{{"/name alice"}, false, true, 1});
    Player& bob = h.add("bob", Harness::Options{{"/name bob"}, false, true, 2});
    Player& sam = h.add("sam", {"/name sam"});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &alice;
    setup.new_words = "players=3 seed=17";
    setup.joiners = {&bob};
    setup.watchers = {&sam};
    setup.bots = 1;
    open_table(setup, table);
    INFO(server.log());

    // Round 2: bob's connection drops.
    const bool round2 = h.run_until([&] { return bob.round() >= 2; }, 30s);
    INFO(describe({&alice, &bob, &sam}));
    REQUIRE(round2);
    REQUIRE(*table);
    const int bob_seat = bob.client->seat();
    const std::string token = bob.client->token();
    REQUIRE(bob_seat >= 0);
    REQUIRE(token.size() == 32);
    CHECK_FALSE(bob.ended);
    bob.client->close();
    const bool seen = h.run_until(
        [&] {
            // The presence message, then the table view's patch.
            auto offline = [&](const Player& p) {
                const Json& v = p.client->view();
                return presence_count(p, bob_seat, false) > 0 && v.contains("table") &&
                       v["table"]["seats"][std::size_t(bob_seat)]["online"] == false;
            };
            return bob.closed && offline(alice) && offline(sam);
        },
        10s);
    INFO(describe({&alice, &bob, &sam}));
    REQUIRE(seen);
    for (Player* p : {&alice, &sam}) {
        const Json* presence = p->last("presence");
        REQUIRE(presence);
        CHECK(presence->at("name") == "bob");
        CHECK(presence->at("online") == false);
        CHECK(presence->at("table") == **table);
        // The seat shows offline in the table view too.
        const Json& seat = p->client->view()["table"]["seats"][std::size_t(bob_seat)];
        CHECK(seat["online"] == false);
    }

    // Acting for another seat, or as a spectator, is refused.
    const int other = (alice.client->seat() + 1) % 3;
    alice.send(Json{
        {"type", "act"},
        {"action", Json{{"type", "play"}, {"card", "4"}, {"seat", other}}},
        {"id", 7}}.dump());
    sam.send("/play 4");
    REQUIRE(h.run_until(
        [&] { return alice.has_error("not_your_turn") && sam.has_error("not_seated"); }, 10s));

    // A new connection: a wrong token is refused, the right one gives the seat back.
    Player& bob2 = h.add(
        "bob2",
        Harness::Options{
            {"/resume 0123456789abcdef0123456789abcdef", "/resume " + token}, false, true, 22});
    REQUIRE(h.run_until([&] { return bob2.first("snapshot") != nullptr; }, 10s));
    REQUIRE_FALSE(bob2.errors.empty());
    CHECK(bob2.errors.front().at("code") == "bad_token");
    const Json* seated = bob2.first("seated");
    REQUIRE(seated);
    CHECK(seated->at("seat") == bob_seat);
    CHECK(seated->at("table") == **table);
    CHECK(seated->at("token") == token);
    CHECK(bob2.client->seat() == bob_seat);
    // "seated" comes before the snapshot, and the snapshot is the seat's own view.
    long seated_seq = 0, snapshot_seq = 0;
    for (const Received& r : bob2.frames) {
        if (r.type == "seated" && !seated_seq) seated_seq = r.seq;
        if (r.type == "snapshot" && !snapshot_seq) snapshot_seq = r.seq;
    }
    CHECK(seated_seq < snapshot_seq);
    CHECK(bob2.first("snapshot")->at("view").at("game").at("you") == bob_seat);
    CHECK(bob2.first("snapshot")
              ->at("view")
              .at("game")
              .at("seats")[std::size_t(bob_seat)]
              .contains("chosen"));

    // The game goes on to the end with the resumed seat.
    const std::vector<Player*> players{&alice, &bob2, &sam};
    const bool finished = h.run_until([&] { return all_ended(players); }, 60s);
    INFO(describe(players));
    REQUIRE(finished);
    CHECK(presence_count(alice, bob_seat, true) >= 1);
    CHECK(presence_count(sam, bob_seat, true) >= 1);
    CHECK_FALSE(bob2.acts.empty());
    CHECK(bob2.errors.size() == 1);
    check_finished_game(server.port(), **table, players);
}

TEST_CASE("Crash recovery: SIGKILL mid-game, restart on the same data, resume and finish",
          "[server][crash][threads]") {
    ServerProcess server({"--grace", "30"});
    const unsigned short first_port = server.port();
    std::optional<long> table;
    std::vector<std::string> tokens;
    std::vector<int> seats;
    std::vector<std::vector<std::string>> acts;  // each player's decisions sent before the kill
    std::vector<int> event_seats;                // the actions broadcast before the kill, in order
    {
        Harness h(server.port());
        std::vector<Player*> players;
        for (int i = 0; i < 3; ++i)
            players.push_back(&h.add(
                "player" + std::to_string(i + 1),
                Harness::Options{
                    {"/name crash" + std::to_string(i + 1)}, i == 2, true, std::uint64_t(60 + i)}));
        auto id = std::make_shared<std::optional<long>>();
        TableSetup setup;
        setup.host = players[0];
        setup.new_words = "players=3 seed=4242";
        setup.joiners = {players[1], players[2]};
        open_table(setup, id);
        INFO(server.log());
        const bool reached = h.run_until(
            [&] {
                for (Player* p : players)
                    if (p->round() >= 3) return true;
                return false;
            },
            30s);
        INFO(describe(players));
        REQUIRE(reached);
        // Nothing more is read from here on: what the clients saw is fixed. Kill the server.
        const int status = server.stop(SIGKILL);
        CHECK(WIFSIGNALED(status));
        REQUIRE(*id);
        table = **id;
        for (Player* p : players) {
            INFO(p->label);
            CHECK(p->errors.empty());
            CHECK_FALSE(p->ended);
            tokens.push_back(p->client->token());
            seats.push_back(p->client->seat());
            acts.push_back(p->acts);
            std::vector<int> mine;
            for (const Received& r : p->frames)
                if (r.type == "event") mine.push_back(r.message.at("seat").get<int>());
            // Every connection saw the same broadcast order.
            const std::size_t n = std::min(mine.size(), event_seats.size());
            CHECK(std::vector<int>(mine.begin(), mine.begin() + long(n)) ==
                  std::vector<int>(event_seats.begin(), event_seats.begin() + long(n)));
            if (mine.size() > event_seats.size()) event_seats = mine;
        }
        REQUIRE(event_seats.size() > 10);
    }

    server.start();  // the same data directory, a new port
    CHECK(server.port() != 0);
    INFO("ports " << first_port << " then " << server.port());
    Harness h(server.port());
    std::vector<Player*> players;
    for (int i = 0; i < 3; ++i)
        players.push_back(&h.add(
            "resumed" + std::to_string(i + 1),
            Harness::Options{
                {"/resume " + tokens[std::size_t(i)]}, i == 0, true, std::uint64_t(160 + i)}));
    INFO(server.log());
    const bool finished = h.run_until([&] { return all_ended(players); }, 60s);
    INFO(describe(players));
    REQUIRE(finished);
    for (int i = 0; i < 3; ++i) {
        Player& p = *players[std::size_t(i)];
        INFO(p.label);
        CHECK(p.errors.empty());
        const Json* seated = p.first("seated");
        REQUIRE(seated);
        CHECK(seated->at("table") == *table);
        CHECK(seated->at("seat") == seats[std::size_t(i)]);
        CHECK(p.first("snapshot") != nullptr);
    }
    const FinishedGame game = check_finished_game(server.port(), *table, players);
    REQUIRE(game.record);

    // The record starts with exactly the actions broadcast before the crash: the same seats in
    // the same order, and each seat's decisions as its client sent them.
    const auto& actions = game.record->actions;
    REQUIRE(actions.size() >= event_seats.size());
    std::vector<std::vector<std::string>> prefix(3);
    for (std::size_t i = 0; i < event_seats.size(); ++i) {
        INFO("action " << i << ": " << niagara::to_text(actions[i]));
        CHECK(int(actions[i].seat) == event_seats[i]);
        prefix[std::size_t(actions[i].seat)].push_back(niagara::to_text(actions[i]));
    }
    for (int i = 0; i < 3; ++i) {
        const int seat = seats[std::size_t(i)];
        const auto& sent = acts[std::size_t(i)];
        const auto& kept = prefix[std::size_t(seat)];
        INFO("seat " << seat);
        REQUIRE(sent.size() >= kept.size());
        CHECK(std::vector<std::string>(sent.begin(), sent.begin() + long(kept.size())) == kept);
    }
}
