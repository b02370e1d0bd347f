// A table's flow around the game: the recent lines a (re)joining viewer gets with its snapshot
// (bounded, and only what every viewer saw), the turn clocks (each seat's runs from its own
// decision, and a newcomer is told them), a player who left coming back with /join, and "play
// again" (/again N) with the same options, bots and people.
#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <thread>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

// Everything `ws` receives until nothing more comes for `quiet`.
std::vector<Json> drain(RawWs& ws, std::chrono::milliseconds quiet = 300ms) {
    std::vector<Json> out;
    while (auto m = ws.read(quiet))
        out.push_back(*m);
    return out;
}

// The next snapshot carrying "history".
Json snapshot_with_history(RawWs& ws) {
    const auto m = ws.read_until(
        [](const Json& j) { return message_type(j) == "snapshot" && j.contains("history"); }, 5s);
    REQUIRE(m);
    return *m;
}

// Opens a table with /new `words` for `host`; returns its id.
long open_table(RawWs& host, const std::string& words) {
    REQUIRE(host.send("/new " + words));
    const long id = expect_message(host, "table_created").at("table").get<long>();
    expect_message(host, "seated");
    return id;
}

double metric_at(unsigned short port, const std::string& sample) {
    const HttpResponse r = http_get(port, "/metrics");
    return r.status == 200 ? metric(r.body, sample).value_or(-1) : -1;
}

// True when a message carries a decision for its receiver (a prompt alone or riding along).
bool prompts(const Json& m) {
    return message_type(m) == "prompt" || (m.is_object() && m.contains("prompt"));
}

}  // namespace

TEST_CASE("A newcomer's snapshot brings the table's last lines: bounded, and nothing secret",
          "[server][table_flow][history]") {
    ServerProcess server({"--table-history", "6"});
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto bob = raw_lobby_user(port, "bob");
    auto early = raw_lobby_user(port, "early");  // watches from the start: sees every public line
    const long id = open_table(*alice, "players=3 seed=5");
    REQUIRE(bob->send("/join " + std::to_string(id)));
    const std::string bob_token = expect_message(*bob, "seated").at("token");
    REQUIRE(early->send("/watch " + std::to_string(id)));
    expect_message(*early, "watching");
    REQUIRE(alice->send("/addbot"));
    for (int i = 0; i < 8; ++i)
        REQUIRE(alice->send("/say line " + std::to_string(i)));
    REQUIRE(alice->send("/start"));
    REQUIRE(alice->read_until(prompts, 5s));
    // alice chooses; bob does not: her card stays hidden, no reveal yet (R3.1).
    REQUIRE(alice->send("/play 4"));
    const auto chosen = alice->read_until([](const Json& m) { return m.contains("chosen"); }, 5s);
    REQUIRE(chosen);
    CHECK(chosen->at("chosen") == "4");

    // What the early spectator saw: every line a newcomer may be told.
    std::set<std::string> seen;
    auto absorb = [&] {
        for (const Json& m : drain(*early)) {
            if (m.contains("event"))
                seen.insert("event:" + m["event"]["lines"].dump());
            else if (message_type(m) == "chat")
                seen.insert("chat:" + m.value("from", "") + ":" + m.value("message", ""));
            else if (m.contains("text"))
                seen.insert("info:" + m.value("text", ""));
        }
    };
    auto check_history = [&](const Json& history, const std::string& who) {
        absorb();
        INFO(who << " got " << history.dump());
        REQUIRE(history.is_array());
        CHECK(history.size() == 6);  // more lines than that happened: only the last 6
        for (const Json& line : history) {
            const std::string kind = line.value("kind", "");
            const std::string key = kind == "event"  ? "event:" + line["lines"].dump()
                                    : kind == "chat" ? "chat:" + line.value("from", "") + ":" +
                                                           line.value("message", "")
                                                     : "info:" + line.value("text", "");
            CHECK(seen.count(key) == 1);  // nothing but what every viewer saw
        }
        const std::string text = history.dump();
        CHECK(text.find("reveals") == std::string::npos);
        CHECK(text.find("You chose") == std::string::npos);
        CHECK(text.find("\"chosen\"") == std::string::npos);
        CHECK(text.find("has chosen a card") != std::string::npos);  // the newest lines
        CHECK(text.find("token") == std::string::npos);
    };

    // A spectator arriving now, and bob coming back on a new connection.
    auto sam = raw_lobby_user(port, "sam");
    REQUIRE(sam->send("/watch " + std::to_string(id)));
    const Json sam_snapshot = snapshot_with_history(*sam);
    check_history(sam_snapshot["history"], "sam");
    CHECK_FALSE(sam_snapshot.contains("chosen"));
    auto bob2 = std::make_unique<RawWs>(port);
    REQUIRE(bob2->read_type("welcome"));
    REQUIRE(bob2->send("/resume " + bob_token));
    const Json bob_snapshot = snapshot_with_history(*bob2);
    check_history(bob_snapshot["history"], "bob");
    // Later changes are patches again: the history came once.
    const auto later = drain(*sam);
    for (const Json& m : later)
        CHECK_FALSE(m.contains("history"));

    CHECK(metric_at(port, "niagara_table_history_dropped_total") > 0);
    const double held = metric_at(port, "niagara_table_history_lines");
    CHECK(held > 0);
    CHECK(held <= 6);
}

TEST_CASE("Turn clocks: each seat's runs from its own decision; newcomers are told them",
          "[server][table_flow][timer]") {
    ServerProcess server;
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto bob = raw_lobby_user(port, "bob");
    auto carol = raw_lobby_user(port, "carol");
    const long id = open_table(*alice, "players=3 seed=9 timer=10");
    for (RawWs* p : {bob.get(), carol.get()}) {
        REQUIRE(p->send("/join " + std::to_string(id)));
        expect_message(*p, "seated");
    }
    REQUIRE(alice->send("/start"));
    const auto started = std::chrono::steady_clock::now();
    const Json first = expect_message(*alice, "timer");
    CHECK(first.at("seats") == Json({0, 1, 2}));
    std::this_thread::sleep_for(2s);

    // A spectator arriving mid-choice gets the clocks as they run: about 8 s left each.
    auto sam = raw_lobby_user(port, "sam");
    REQUIRE(sam->send("/watch " + std::to_string(id)));
    const Json clocks = expect_message(*sam, "timer");
    CHECK(clocks.at("seats") == Json({0, 1, 2}));
    for (const Json& left : clocks.at("remaining_ms")) {
        CHECK(left.get<long>() <= 8500);
        CHECK(left.get<long>() >= 6000);
    }

    // Nobody acts: all three clocks end together at 10 s, and each seat's timeout is played
    // then. (The bug: the first timeout restarted the others' clocks, 0:26 back to 0:59.)
    std::vector<Json> timeouts;
    std::vector<Json> timers;
    while (timeouts.size() < 3) {
        const auto m = sam->read(14s);
        if (!m) break;
        if (message_type(*m) == "timeout") timeouts.push_back(*m);
        if (message_type(*m) == "timer" && timeouts.size() < 3) timers.push_back(*m);
    }
    const auto waited = std::chrono::steady_clock::now() - started;
    INFO("timer messages after the start: " << Json(timers).dump());
    REQUIRE(timeouts.size() == 3);
    CHECK(waited < 13s);  // not 20 s or 30 s: no clock started again
    CHECK(waited >= 9s);
    // No clock was restarted while the choice was open: no timer message came with more time.
    for (const Json& t : timers)
        for (const Json& left : t.value("remaining_ms", Json::array()))
            CHECK(left.get<long>() <= 8500);
}

TEST_CASE("A player who left a game in progress takes the seat back with /join",
          "[server][table_flow][leave]") {
    ServerProcess server;
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto eve = raw_lobby_user(port, "eve");
    const long id = open_table(*alice, "players=3 seed=11 timer=60");
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/start"));
    REQUIRE(alice->read_until(prompts, 5s));
    REQUIRE(alice->send("/leave"));
    const Json left = expect_message(*alice, "left");
    CHECK(left.at("seat") == 0);

    // Another connection cannot take it; a free seat of a started game is nobody's.
    REQUIRE(eve->send("/join " + std::to_string(id) + " 1"));
    CHECK(code_of(eve->read_type("error")) == "started");

    // alice comes back from the same connection: the seat is hers again, not the bot's.
    REQUIRE(alice->send("/join " + std::to_string(id)));
    const Json seated = expect_message(*alice, "seated");
    CHECK(seated.at("seat") == 0);
    CHECK(seated.at("table") == id);
    const Json snapshot = snapshot_with_history(*alice);
    const Json& seat = snapshot["view"]["table"]["seats"][0];
    CHECK(seat.at("name") == "alice");
    CHECK(seat.at("autoplay") == false);
    CHECK(seat.at("online") == true);
    CHECK(snapshot["view"]["game"]["you"] == 0);
    CHECK(snapshot["history"].dump().find("alice left seat 1") != std::string::npos);
    // Her decision comes to her again (with the snapshot, or just after).
    CHECK((snapshot.contains("prompt") || alice->read_until(prompts, 5s)));
    // Joining twice is refused as before.
    REQUIRE(alice->send("/join " + std::to_string(id)));
    CHECK(code_of(alice->read_type("error")) == "bad_command");
}

TEST_CASE("Play again: the same options, bots and people at a new table",
          "[server][table_flow][again]") {
    ServerProcess server({"--grace", "30"});
    Harness h(server.port());
    Player& alice = h.add("alice", Harness::Options{{"/name alice"}, false, true, 1});
    Player& bob = h.add("bob", Harness::Options{{"/name bob"}, false, true, 2});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &alice;
    setup.new_words = "players=4 seed=21 spirits bots=greedy";
    setup.joiners = {&bob};
    setup.bots = 2;
    setup.seats = 4;
    open_table(setup, table);
    const bool ended = h.run_until([&] { return all_ended({&alice, &bob}); }, 60s);
    INFO(describe({&alice, &bob}) << server.log());
    REQUIRE(ended);
    REQUIRE(*table);
    const long old = **table;

    // Someone who did not play it cannot ask; a table that is not finished neither.
    auto sam = raw_lobby_user(server.port(), "sam");
    REQUIRE(sam->send("/again " + std::to_string(old)));
    CHECK(code_of(sam->read_type("error")) == "bad_command");

    alice.send("/again " + std::to_string(old));
    REQUIRE(h.run_until(
        [&] {
            const Json* s = alice.last("seated");
            return s && s->at("table") != old && bob.last("again");
        },
        10s));
    const Json again = *bob.last("again");
    const long next = again.at("next");
    CHECK(again.at("table") == old);
    CHECK(again.at("name") == "alice");
    CHECK(alice.last("seated")->at("table") == next);
    CHECK(alice.last("table_created")->at("options").at("spirits") == true);
    CHECK(alice.last("table_created")->at("options").at("seed") == 21);

    // bob joins with one message; the same two bots, at the table's level, are there.
    bob.send("/again " + std::to_string(old));  // the second /again joins the first's table
    REQUIRE(h.run_until(
        [&] {
            const Json* s = bob.last("seated");
            if (!s || s->at("table") != next) return false;
            const Json& v = alice.client->view();
            return v.contains("table") && v["table"]["seats"][3]["name"] == "bob";
        },
        10s));
    const Json& seats = alice.client->view()["table"]["seats"];
    INFO(seats.dump());
    CHECK(seats[0]["name"] == "alice");
    CHECK(seats[1]["bot"] == true);  // the bots are seated at once, then bob comes
    CHECK(seats[2]["bot"] == true);
    CHECK(seats[1]["level"] == "greedy");
    CHECK(seats[2]["level"] == "greedy");
    CHECK(alice.client->view()["table"]["options"]["players"] == 4);
}

// A player who /leaves a game may watch it from the same connection (a bot plays the seat
// meanwhile), and the game goes on in front of him; someone else by that name may not.
TEST_CASE("Leave, then watch the same game: allowed, and the bots play on",
          "[server][table_flow][leave]") {
    ServerProcess server;
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    const long id = open_table(*alice, "players=3 seed=4");
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/start"));
    REQUIRE(alice->read_until(prompts, 5s));
    REQUIRE(alice->send("/leave"));
    expect_message(*alice, "left");
    REQUIRE(alice->send("/watch " + std::to_string(id)));
    expect_message(*alice, "watching");
    int events = 0;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (events < 5 && std::chrono::steady_clock::now() < deadline)
        if (auto m = alice->read(1s); m && m->contains("event")) ++events;
    CHECK(events >= 5);
    // Another connection that takes her name once she has gone is refused: not her seat's.
    alice.reset();
    std::unique_ptr<RawWs> other;
    for (int i = 0; i < 50 && !other; ++i) {  // her name is free once her close is handled
        auto tried = std::make_unique<RawWs>(port);
        REQUIRE(tried->read_type("welcome"));
        REQUIRE(tried->send("/name alice"));
        const auto answer = tried->read_until(
            [](const Json& m) { return message_type(m) == "name" || message_type(m) == "error"; },
            5s);
        if (answer && message_type(*answer) == "name") other = std::move(tried);
        else std::this_thread::sleep_for(50ms);
    }
    REQUIRE(other);
    REQUIRE(other->send("/watch " + std::to_string(id)));
    CHECK(code_of(other->read_type("error")) == "name_taken");
}
