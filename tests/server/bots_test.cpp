// The bot ladder in the server: /addbot LEVEL, the level in seat lists, the table's level for
// the bots that stand in for players, late answers from the bot pool dropped, and a server that
// keeps serving while bots think on their own threads.
#include <catch2/catch.hpp>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

// The seat list of the table as `p`'s view shows it (null before a view came).
Json seat_list(const Player& p) {
    const Json& v = p.client->view();
    if (!v.contains("table") || !v["table"].is_object()) return nullptr;
    return v["table"]["seats"];
}

long taken_seats(const Player& p) {
    const Json seats = seat_list(p);
    long n = 0;
    if (seats.is_array())
        for (const auto& s : seats)
            n += !s["name"].is_null();
    return n;
}

double bots_metric(unsigned short port, const std::string& sample) {
    const HttpResponse r = http_get(port, "/metrics");
    return r.status == 200 ? metric(r.body, sample).value_or(-1) : -1;
}

// `leaver` waits for its first prompt, then drops its connection; true once `watcher`'s seat
// list shows the leaver's seat played by a stand-in (after the grace period).
bool drop_until_stand_in(Harness& h, Player& watcher, Player& leaver, int& seat,
                         std::string& token) {
    if (!h.run_until([&] { return leaver.first("prompt") != nullptr; }, 10s)) return false;
    seat = leaver.client->seat();
    token = leaver.client->token();
    leaver.client->close();
    return h.run_until(
        [&] {
            const Json seats = seat_list(watcher);
            return seats.is_array() && seats[std::size_t(seat)]["autoplay"] == true;
        },
        10s);
}

}  // namespace

TEST_CASE("Bots: /addbot with each level, the level in the seat list, a bad level refused",
          "[server][bots]") {
    // The server's default level is strong here, as it is without the fixture's flag.
    ServerProcess server({"--bot-level", "strong"});
    Harness h(server.port());
    Player& alice = h.add(
        "alice", Harness::Options{{"/name alice", "/new players=6 spirits"}, false, false, 1});
    Player& bob = h.add("bob", Harness::Options{{"/name bob"}, false, false, 2});
    INFO(server.log());
    REQUIRE(h.run_until([&] { return alice.first("seated") != nullptr; }, 10s));
    const long table = alice.first("seated")->at("table").get<long>();
    bob.send("/join " + std::to_string(table));
    REQUIRE(h.run_until([&] { return taken_seats(alice) == 2; }, 10s));

    alice.send("/addbot random");
    alice.send("/addbot GREEDY");
    alice.send(R"({"type": "addbot", "level": "strong"})");
    alice.send("/addbot");  // the table's level: the server's default, strong
    alice.send("/addbot expert");
    alice.send(R"({"type": "addbot", "level": "hard"})");
    const bool filled = h.run_until(
        [&] {
            return taken_seats(alice) == 6 && taken_seats(bob) == 6 && alice.errors.size() >= 2;
        },
        10s);
    INFO(describe({&alice, &bob}));
    REQUIRE(filled);

    // The bad levels: a clear error to the sender, nobody else.
    REQUIRE(alice.errors.size() == 2);
    CHECK(alice.errors[0].at("code") == "bad_command");
    CHECK_THAT(alice.errors[0].at("text").get<std::string>(),
               Catch::Matchers::Contains("unknown bot level 'expert'") &&
                   Catch::Matchers::Contains("random, greedy or strong"));
    CHECK(alice.errors[1].at("code") == "bad_json");
    CHECK_THAT(alice.errors[1].at("text").get<std::string>(),
               Catch::Matchers::Contains("unknown bot level 'hard'"));
    CHECK(bob.errors.empty());

    // Every seat list says who plays at which level: the view's and the lobby's.
    for (const Player* p : {&alice, &bob}) {
        const Json seats = seat_list(*p);
        INFO(p->label << ": " << seats.dump());
        REQUIRE(seats.size() == 6);
        CHECK(seats[0]["level"].is_null());  // alice: a person
        CHECK(seats[1]["level"].is_null());  // bob
        CHECK(seats[2]["bot"] == true);
        CHECK(seats[2]["level"] == "random");
        CHECK(seats[3]["level"] == "greedy");
        CHECK(seats[4]["level"] == "strong");
        CHECK(seats[5]["level"] == "strong");
        CHECK(p->client->view()["table"]["options"]["bots"] == "strong");
    }
    bob.send("/tables");
    REQUIRE(h.run_until([&] { return bob.first("tables") != nullptr; }, 10s));
    bool listed = false;
    for (const Json& t : bob.first("tables")->at("tables"))
        if (t.at("id") == table) {
            listed = true;
            CHECK(t.at("seats")[3].at("level") == "greedy");
            CHECK(t.at("seats")[2].at("level") == "random");
        }
    CHECK(listed);
}

TEST_CASE("Bots: the table's level plays a dropped player's seat, bots=LEVEL in /new",
          "[server][bots]") {
    ServerProcess server({"--grace", "1"});
    Harness h(server.port());
    Player& alice = h.add("alice", {"/name alice"});
    Player& bob = h.add("bob", Harness::Options{{"/name bob"}, false, false, 2});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &alice;
    setup.new_words = "players=3 seed=5 bots=greedy";
    setup.joiners = {&bob};
    setup.bots = 1;
    open_table(setup, table);
    INFO(server.log());

    // The game starts; bob never plays and goes away: after the grace period the table's greedy
    // bot plays his seat, and the seat list says so.
    int bob_seat = -1;
    std::string token;
    const bool taken_over = drop_until_stand_in(h, alice, bob, bob_seat, token);
    INFO(describe({&alice, &bob}));
    REQUIRE(taken_over);
    const Json seats = seat_list(alice);
    CHECK(seats[std::size_t(bob_seat)]["level"] == "greedy");
    CHECK(seats[std::size_t(bob_seat)]["bot"] == false);
    CHECK(alice.client->view()["table"]["options"]["bots"] == "greedy");
    // The /addbot bot without a level is the table's level too.
    bool greedy_bot = false;
    for (const auto& s : seats)
        greedy_bot |= s["bot"] == true && s["level"] == "greedy";
    CHECK(greedy_bot);

    // The stand-in plays bob's moves to the end of the game.
    const bool ended = h.run_until([&] { return alice.ended.has_value(); }, 60s);
    INFO(describe({&alice}));
    REQUIRE(ended);
    bool stood_in = false;
    for (const Received& r : alice.frames)
        if (r.type == "event" && r.message.value("cause", "") == "bot for bob") stood_in = true;
    CHECK(stood_in);
    CHECK(bots_metric(server.port(), "niagara_bot_decisions_total") > 0);
}

TEST_CASE("Bots: a late answer is dropped when the player came back, whose own move counts",
          "[server][bots][threads]") {
    // The bots' pace (2 s) holds a stand-in's answer long enough for bob to come back first.
    ServerProcess server({"--grace", "1", "--bot-delay-ms", "2000"});
    Harness h(server.port());
    Player& alice = h.add("alice", {"/name alice"});
    Player& bob = h.add("bob", Harness::Options{{"/name bob"}, false, false, 2});
    Player& carol = h.add("carol", {"/name carol"});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &alice;
    setup.new_words = "players=3 seed=9";
    setup.joiners = {&bob, &carol};
    open_table(setup, table);
    INFO(server.log());

    // Round 1: bob does not choose his card and goes away; a bot takes the seat over.
    int bob_seat = -1;
    std::string token;
    const bool taken_over = drop_until_stand_in(h, alice, bob, bob_seat, token);
    INFO(describe({&alice, &bob, &carol}));
    REQUIRE(taken_over);
    // The stand-in is deciding (its move would come 2 s after it was asked): bob comes back now
    // and answers his prompt at once.
    Player& bob2 = h.add("bob2", Harness::Options{{"/resume " + token}, false, true, 22});
    const bool played = h.run_until([&] { return !bob2.acts.empty(); }, 10s);
    INFO(describe({&alice, &bob2, &carol}));
    REQUIRE(played);
    // Past the stand-in's pace: its answer came back, and was dropped.
    const bool dropped = h.run_until(
        [&] { return bots_metric(server.port(), "niagara_bot_late_answers_total") >= 1; }, 10s);
    CHECK(dropped);
    const bool ended = h.run_until([&] { return all_ended({&alice, &bob2, &carol}); }, 60s);
    INFO(describe({&alice, &bob2, &carol}));
    REQUIRE(ended);
    REQUIRE(*table);

    // Bob's card of round 1 is the one bob2 chose; no bot played for bob; nobody was told
    // that a move came out of turn.
    for (const Received& r : alice.frames)
        if (r.type == "event") CHECK(r.message.value("cause", "") != "bot for bob");
    for (const Player* p : {&alice, &bob2, &carol})
        CHECK_FALSE(p->has_error("not_your_turn"));
    const FinishedGame game = check_finished_game(server.port(), **table, {&alice, &bob2, &carol});
    REQUIRE(game.record);
    const auto texts = action_texts(*game.record);
    std::string bobs_first;
    for (std::size_t i = 0; i < game.record->actions.size(); ++i)
        if (game.record->actions[i].seat == bob_seat) {
            bobs_first = texts[i];
            break;
        }
    CHECK(bobs_first == bob2.acts.front());
}

TEST_CASE("Bots: strong bots think on their pool while the server serves everyone else",
          "[server][bots]") {
    // Three tables of strong bots, each watched (bots play only when someone is there), with
    // every bot decision searching up to 300 ms on the one pool thread; beside them a game
    // against random bots plays to the end, and the lobby answers.
    ServerProcess server({"--bot-think-ms", "300", "--bot-threads", "1"});
    Harness h(server.port());
    std::vector<Player*> watchers;
    for (int t = 0; t < 3; ++t) {
        Player& host =
            h.add("host" + std::to_string(t),
                  Harness::Options{
                      {"/name host" + std::to_string(t)}, false, true, std::uint64_t(30 + t)});
        Player& watcher =
            h.add("watcher" + std::to_string(t), {"/name watcher" + std::to_string(t)});
        auto table = std::make_shared<std::optional<long>>();
        TableSetup setup;
        setup.host = &host;
        setup.new_words = "players=4 bots=strong";
        setup.bots = 3;
        setup.seats = 4;
        setup.watchers = {&watcher};
        open_table(setup, table);
        watchers.push_back(&watcher);
    }
    INFO(server.log());
    // Wait until the strong bots are thinking.
    const bool busy = h.run_until(
        [&] { return bots_metric(server.port(), "niagara_bot_decisions_total") >= 3; }, 30s);
    REQUIRE(busy);

    Player& dora = h.add("dora", {"/name dora"});
    Player& eve = h.add("eve", {"/name eve"});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &dora;
    // A greedy bot (the quick lane) ends the game against the clients' random play in about 20
    // rounds; a random one can take hundreds, too slow under the sanitizers.
    setup.new_words = "players=3 bots=greedy";
    setup.joiners = {&eve};
    setup.bots = 1;
    open_table(setup, table);
    const bool ended = h.run_until([&] { return all_ended({&dora, &eve}); }, 120s);
    INFO(describe({&dora, &eve}));
    REQUIRE(ended);
    check_finished_game(server.port(), **table, {&dora, &eve});
    eve.send("/tables");
    CHECK(h.run_until([&] { return eve.count("tables") >= 1; }, 10s));
    CHECK(healthy(server.port()));
    // The strong tables still play.
    for (Player* w : watchers)
        CHECK(w->round() >= 1);
}

TEST_CASE("Bots: a bot's level and the table's survive a restart", "[server][bots]") {
    ServerProcess server;
    {
        RawWs host(server.port());
        REQUIRE(host.send("/name hostess"));
        REQUIRE(host.send("/new players=3 bots=greedy"));
        REQUIRE(host.read_type("seated"));
        REQUIRE(host.send("/addbot strong"));
        REQUIRE(host.read_type("joined"));
        REQUIRE(host.send("/addbot"));
        REQUIRE(host.read_type("joined"));
        server.stop();
    }
    server.restart();
    RawWs lobby(server.port());
    REQUIRE(lobby.send("/tables"));
    const auto list = lobby.read_type("tables");
    REQUIRE(list);
    REQUIRE(list->at("tables").size() == 1);
    const Json& table = list->at("tables")[0];
    INFO(table.dump());
    CHECK(table.at("options").at("bots") == "greedy");
    CHECK(table.at("seats")[1].at("level") == "strong");
    CHECK(table.at("seats")[2].at("level") == "greedy");
}
