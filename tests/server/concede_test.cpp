// Conceding (/concede): the table's bot plays the seat to the end and its player cannot take it
// back (/resume, /join: refused, also after a restart or a crash: the concede is stored);
// refusals (before the start, from a spectator, a second time) change nothing; when every
// person at the game has conceded, it ends with no winner and is stored so (R9.4).
#include <catch2/catch.hpp>

#include <thread>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

// The error code of the next message that is an error (fails on a different message first).
std::string refusal(RawWs& ws) {
    const auto m = ws.read_until([](const Json& j) { return message_type(j) == "error"; }, 5s);
    REQUIRE(m);
    return m->value("code", "");
}

// A new connection's /resume with `token`: the error it gets (fails on another answer).
Json resume_refused(unsigned short port, const std::string& token) {
    RawWs ws(port);
    REQUIRE(ws.read_type("welcome"));
    REQUIRE(ws.send("/resume " + token));
    const auto error = ws.read_type("error");
    REQUIRE(error);
    return *error;
}

bool prompts(const Json& m) {
    return message_type(m) == "prompt" || (m.is_object() && m.contains("prompt"));
}

// The table part of a fresh snapshot (/sync), once what came before is read.
Json table_part(RawWs& ws) {
    while (ws.read(300ms)) {
    }
    REQUIRE(ws.send("/sync"));
    return expect_message(ws, "snapshot").at("view").at("table");
}

// alice hosts `words` and is seated; the others join; `bots` bots fill up; the game starts.
long start_game(RawWs& alice, const std::vector<RawWs*>& others, int bots,
                const std::string& words) {
    REQUIRE(alice.send("/new " + words));
    const long id = expect_message(alice, "table_created").at("table").get<long>();
    expect_message(alice, "seated");
    for (RawWs* p : others) {
        REQUIRE(p->send("/join " + std::to_string(id)));
        expect_message(*p, "seated");
    }
    for (int i = 0; i < bots; ++i)
        REQUIRE(alice.send("/addbot"));
    REQUIRE(alice.send("/start"));
    REQUIRE(alice.read_until(prompts, 5s));
    return id;
}

}  // namespace

TEST_CASE("Concede: refused before the start and from a spectator, nothing changes",
          "[server][concede]") {
    ServerProcess server;
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto sam = raw_lobby_user(port, "sam");
    REQUIRE(alice->send("/new players=3 seed=3"));
    const long id = expect_message(*alice, "table_created").at("table").get<long>();
    expect_message(*alice, "seated");
    REQUIRE(sam->send("/watch " + std::to_string(id)));
    expect_message(*sam, "watching");
    const Json before = table_part(*alice);
    REQUIRE(alice->send("/concede"));
    CHECK(refusal(*alice) == "bad_command");
    CHECK(table_part(*alice) == before);
    CHECK(before.at("phase") == "waiting");
    CHECK(before.at("seats")[0].at("name") == "alice");
    CHECK(before.at("seats")[0].at("conceded") == false);

    REQUIRE(sam->send("/concede"));
    CHECK(refusal(*sam) == "not_seated");
    REQUIRE(sam->send(R"({"type": "concede"})"));  // the JSON form, the same answer
    CHECK(refusal(*sam) == "not_seated");
    CHECK(table_part(*alice) == before);
    // Nowhere at all: no table.
    auto nobody = raw_lobby_user(port, "nobody");
    REQUIRE(nobody->send("/concede"));
    CHECK(refusal(*nobody) == "no_table");
}

TEST_CASE("Concede: a bot plays the seat to the end; no way back, a second concede refused",
          "[server][concede]") {
    ServerProcess server({"--grace", "30"});
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto bob = raw_lobby_user(port, "bob");
    const long id = start_game(*alice, {bob.get()}, 1, "players=3 seed=17");
    const std::string table = std::to_string(id);

    // bob concedes: told to the table, he watches, his seat is the bot's and marked.
    REQUIRE(bob->send("/concede"));
    const Json conceded = expect_message(*bob, "conceded");
    CHECK(conceded.at("seat") == 1);
    CHECK(conceded.at("name") == "bob");
    CHECK(conceded.at("text").get<std::string>().find("bob concedes; a bot plays") == 0);
    expect_message(*bob, "watching");
    const Json told = expect_message(*alice, "conceded");
    CHECK(told.at("name") == "bob");
    const Json seats = table_part(*alice).at("seats");
    CHECK(seats[1].at("conceded") == true);
    CHECK(seats[1].at("autoplay") == true);
    CHECK(seats[0].at("conceded") == false);
    const Json bob_view = table_part(*bob);
    CHECK(bob_view.at("seats")[1].at("conceded") == true);

    // A second concede is refused and changes nothing.
    REQUIRE(bob->send(R"({"type": "concede"})"));
    CHECK(refusal(*bob) == "conceded");
    CHECK(table_part(*alice).at("seats") == seats);
    // No way back into the seat: /join from the same connection ...
    REQUIRE(bob->send("/join " + table));
    CHECK(refusal(*bob) == "conceded");
    CHECK(table_part(*alice).at("seats") == seats);

    // alice only leaves (she may come back): the bots play both seats to the end.
    REQUIRE(alice->send("/leave"));
    expect_message(*alice, "left");
    const Json ended = expect_message(*bob, "ended", 60s);
    const Json& result = ended.at("result");
    CHECK(result.at("abandoned") == false);
    CHECK(result.at("conceded") == Json::array({1}));
    CHECK(result.at("winners").size() >= 1);

    const FinishedGame game = fetch_game(port, id);
    INFO(game.problem);
    REQUIRE(game.record);
    CHECK(game.json.at("conceded") == Json::array({1}));
    CHECK_FALSE(game.record->abandoned);
}

TEST_CASE("Concede: /resume with the seat's token is refused, also after a restart",
          "[server][concede]") {
    ServerProcess server({"--grace", "30"});
    auto alice = raw_lobby_user(server.port(), "alice");
    auto bob = raw_lobby_user(server.port(), "bob");
    REQUIRE(alice->send("/new players=3 seed=23"));
    const long id = expect_message(*alice, "table_created").at("table").get<long>();
    expect_message(*alice, "seated");
    REQUIRE(bob->send("/join " + std::to_string(id)));
    const std::string token = expect_message(*bob, "seated").at("token");
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/start"));
    REQUIRE(alice->read_until(prompts, 5s));
    REQUIRE(bob->send("/concede"));
    expect_message(*bob, "conceded");

    // Another connection with the token: refused, with the reason.
    const Json why = resume_refused(server.port(), token);
    CHECK(why.at("code") == "conceded");
    CHECK(why.at("message").get<std::string>().find("you conceded the game at table") == 0);
    const Json seats = table_part(*alice).at("seats");
    CHECK(seats[1].at("conceded") == true);
    CHECK(seats[1].at("online") == false);

    // After a restart (a clean stop) the seat is still conceded: the token is refused with
    // the same reason, not taken for an unknown one.
    bob.reset();
    alice.reset();
    server.restart();
    const Json refused = resume_refused(server.port(), token);
    CHECK(refused.at("code") == "conceded");
    CHECK(refused.at("message").get<std::string>().find("you conceded the game at table") == 0);
}

// The concede is stored before anyone is told of it: killed right after (SIGKILL, no clean
// stop), the server comes back with the seat conceded and played by its bot, the conceder
// refused his seat by token and by name, and the game's result and record list the seat.
TEST_CASE("Concede: survives a crash; the seat stays shut and the record lists it",
          "[server][concede]") {
    ServerProcess server({"--grace", "30"});
    auto alice = raw_lobby_user(server.port(), "alice");
    auto bob = raw_lobby_user(server.port(), "bob");
    REQUIRE(alice->send("/new players=3 seed=41"));
    const long id = expect_message(*alice, "table_created").at("table").get<long>();
    const std::string alice_token = expect_message(*alice, "seated").at("token");
    REQUIRE(bob->send("/join " + std::to_string(id)));
    const std::string bob_token = expect_message(*bob, "seated").at("token");
    REQUIRE(alice->send("/addbot"));
    REQUIRE(alice->send("/start"));
    REQUIRE(alice->read_until(prompts, 5s));
    REQUIRE(bob->send("/concede"));
    expect_message(*alice, "conceded");

    REQUIRE(server.stop(SIGKILL) != -1);
    alice.reset();
    bob.reset();
    server.start();
    const unsigned short port = server.port();

    // alice comes back to her seat and sees bob's conceded and played by the server.
    alice = std::make_unique<RawWs>(port);
    REQUIRE(alice->read_type("welcome"));
    REQUIRE(alice->send("/resume " + alice_token));
    REQUIRE(alice->read_type("seated"));  // "resumed" is a "seated" message
    const Json seats = table_part(*alice).at("seats");
    CHECK(seats[1].at("name") == "bob");
    CHECK(seats[1].at("conceded") == true);
    CHECK(seats[1].at("autoplay") == true);
    CHECK(seats[0].at("conceded") == false);

    // bob's token and his name are refused his seat, with the reason; he may watch.
    CHECK(resume_refused(port, bob_token).at("code") == "conceded");
    auto bob_again = raw_lobby_user(port, "bob");
    REQUIRE(bob_again->send("/join " + std::to_string(id)));
    CHECK(refusal(*bob_again) == "conceded");
    REQUIRE(bob_again->send("/watch " + std::to_string(id)));
    expect_message(*bob_again, "watching");
    REQUIRE(bob_again->send("/join " + std::to_string(id)));
    CHECK(refusal(*bob_again) == "conceded");
    CHECK(table_part(*alice).at("seats") == seats);

    // alice leaves too: the bots play to the end, and the end still says who conceded.
    REQUIRE(alice->send("/leave"));
    expect_message(*alice, "left");
    const Json ended = expect_message(*bob_again, "ended", 60s);
    CHECK(ended.at("result").at("conceded") == Json::array({1}));
    CHECK(ended.at("result").at("abandoned") == false);
    const FinishedGame game = fetch_game(port, id);
    INFO(game.problem);
    REQUIRE(game.record);
    CHECK(game.json.at("conceded") == Json::array({1}));
}

TEST_CASE("Concede: when every person has conceded, the game ends with no winner (R9.4)",
          "[server][concede]") {
    ServerProcess server({"--grace", "30"});
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto bob = raw_lobby_user(port, "bob");
    const long id = start_game(*alice, {bob.get()}, 1, "players=3 seed=29 timer=60");
    REQUIRE(alice->send("/concede"));
    expect_message(*alice, "conceded");
    // One person still plays: the game goes on.
    CHECK_FALSE(bob->read_until([](const Json& m) { return message_type(m) == "ended"; }, 500ms));
    REQUIRE(bob->send("/concede"));
    const Json ended = expect_message(*bob, "ended");
    const Json& result = ended.at("result");
    CHECK(result.at("abandoned") == true);
    CHECK(result.at("winners").empty());
    CHECK(result.at("conceded") == Json::array({0, 1}));
    CHECK(ended.at("text").get<std::string>().find("abandoned") != std::string::npos);
    CHECK(expect_message(*alice, "ended").at("result").at("abandoned") == true);

    // Stored as a finished game: its record says abandoned, and who conceded.
    const FinishedGame game = fetch_game(port, id);
    INFO(game.problem << " " << game.response.body);
    REQUIRE(game.record);
    CHECK(game.record->abandoned);
    CHECK(game.json.at("conceded") == Json::array({0, 1}));
    REQUIRE(game.replay);
    CHECK(game.replay->state.abandoned);
    // Nothing more to concede.
    REQUIRE(bob->send("/concede"));
    const std::string code = refusal(*bob);
    CHECK((code == "conceded" || code == "no_table" || code == "started"));

    // Those who conceded may still play again: the other is told.
    REQUIRE(bob->send("/again " + std::to_string(id)));
    CHECK(expect_message(*bob, "seated").at("table") != id);
    CHECK(expect_message(*alice, "again").at("name") == "bob");
}

TEST_CASE("Concede: the only person at the table ends the game at once", "[server][concede]") {
    ServerProcess server;
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    const long id = start_game(*alice, {}, 2, "players=3 seed=31 timer=60");
    REQUIRE(alice->send("/concede"));
    expect_message(*alice, "conceded");
    const Json ended = expect_message(*alice, "ended");
    CHECK(ended.at("result").at("abandoned") == true);
    CHECK(ended.at("result").at("winners").empty());
    CHECK(http_get(port, "/games/" + std::to_string(id)).status == 200);
}

// Identity is never a typed name alone: once alice has gone, her name is anyone's, and whoever
// takes it must not open the rematch "in alice's name" nor invite bob to it. bob, who played,
// still may.
TEST_CASE("Play again belongs to the connections that played, not to a name taken after",
          "[server][concede][again][attack]") {
    ServerProcess server;
    const unsigned short port = server.port();
    auto alice = raw_lobby_user(port, "alice");
    auto bob = raw_lobby_user(port, "bob");
    const long id = start_game(*alice, {bob.get()}, 1, "players=3 seed=37 timer=60");
    REQUIRE(alice->send("/concede"));
    expect_message(*alice, "conceded");
    REQUIRE(bob->send("/concede"));
    expect_message(*bob, "ended");
    expect_message(*alice, "ended");
    alice.reset();  // gone: her name is free

    auto sam = raw_lobby_user(port, "sam");
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    bool named = false;
    while (!named && std::chrono::steady_clock::now() < deadline) {
        REQUIRE(sam->send("/name alice"));
        const auto answer = sam->read_until(
            [](const Json& m) { return message_type(m) == "name" || message_type(m) == "error"; },
            5s);
        REQUIRE(answer);
        named = message_type(*answer) == "name";
        if (!named) std::this_thread::sleep_for(50ms);
    }
    REQUIRE(named);
    REQUIRE(sam->send("/again " + std::to_string(id)));
    CHECK(refusal(*sam) == "bad_command");
    // No table was opened for "alice", and bob was invited to none.
    CHECK_FALSE(sam->read_until([](const Json& m) { return message_type(m) == "seated"; }, 300ms));
    CHECK_FALSE(bob->read_until([](const Json& m) { return message_type(m) == "again"; }, 300ms));

    REQUIRE(bob->send("/again " + std::to_string(id)));
    CHECK(expect_message(*bob, "seated").at("table") != id);
}
