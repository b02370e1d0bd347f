// Replays are built on the replay builder's thread, not on a connection's (server/src/
// replay_builder.hpp): while long replays are built, /healthz, /metrics and a WebSocket round trip
// answer at once; at most --max-replay-builds requests wait (niagara_replay_builds_waiting), the
// next is answered 503 with Retry-After and counted; the replay's bytes are build_replay()'s.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <future>
#include <thread>

#include "gzip.hpp"
#include "niagara/json.hpp"
#include "niagara/record.hpp"
#include "random_game_record.hpp"
#include "replay_route.hpp"
#include "server_fixture.hpp"
#include "stored_games.hpp"

using namespace server_test;

namespace {

double waiting_builds(unsigned short port) {
    return metric(http_get(port, "/metrics").body, "niagara_replay_builds_waiting").value_or(-1);
}

}  // namespace

TEST_CASE("Replay builds: off the IO threads, within their limit, the same bytes",
          "[server][http][replay][replay_builds][threads]") {
    constexpr int kLimit = 4;
    ServerProcess server({"--max-replay-builds", std::to_string(kLimit)});
    server.stop();
    // Seeds whose games run to thousands of actions (5,000 to 8,000): their replays take a
    // noticeable time to build, so the requests below overlap.
    const std::vector<StoredGame> games =
        store_finished_games(server.dir() / "data", {31, 34, 47, 58, 29, 28});
    server.start();
    const unsigned short port = server.port();
    CHECK(waiting_builds(port) == 0);

    // One more request than the limit, at once, each for a different long game: four wait for
    // their builds, one is refused at once.
    std::vector<std::future<HttpResponse>> asked;
    for (int i = 0; i <= kLimit; ++i)
        asked.push_back(std::async(std::launch::async, [port, id = games[std::size_t(i)].id] {
            return http_get(port, "/games/" + std::to_string(id) + "/replay", 120s);
        }));

    // Meanwhile the server answers everyone else promptly, builds waiting (the metric says
    // so, in an answer given while they wait).
    double most_waiting = 0;
    int samples = 0;
    const auto answered = [&] {
        return std::all_of(asked.begin(), asked.end(), [](const auto& f) {
            return f.wait_for(0s) == std::future_status::ready;
        });
    };
    while (!answered()) {
        const double waiting = waiting_builds(port);
        most_waiting = std::max(most_waiting, waiting);
        if (waiting <= 0) {
            std::this_thread::sleep_for(5ms);
            continue;
        }
        const auto asked_at = std::chrono::steady_clock::now();
        CHECK(healthy(port));
        RawWs ws(port);
        REQUIRE(ws.read_type("welcome"));
        // A name of its own: the previous sample's connection may not be closed yet.
        REQUIRE(ws.send("/name zed" + std::to_string(samples)));
        REQUIRE(ws.read_type("name"));
        const auto took = std::chrono::steady_clock::now() - asked_at;
        // Generous: one long build alone takes longer than this on an IO thread.
        CHECK(took < 500ms);
        ++samples;
        // Paced: unpaced, 20,000 samples in a row kept the server's IO threads busy, and the
        // builder (a thread of lower priority, niced) took 10 s instead of 1 for its 4 builds.
        std::this_thread::sleep_for(20ms);
    }
    CHECK(most_waiting == kLimit);
    CHECK(samples >= 2);

    int refused = 0;
    std::vector<int> built;
    for (int i = 0; i <= kLimit; ++i) {
        const HttpResponse r = asked[std::size_t(i)].get();
        INFO("game " << games[std::size_t(i)].id << ": " << r.status << " " << r.error);
        if (r.status == 503) {
            ++refused;
            CHECK(r.retry_after == "2");
            CHECK(r.body.find("too many replays") != std::string::npos);
            continue;
        }
        REQUIRE(r.status == 200);
        built.push_back(i);
        // Byte for byte what build_replay() makes of the stored record (as before the
        // builder: the HTTP thread called the same function).
        const StoredGame& game = games[std::size_t(i)];
        CHECK(r.body == niagara::server::build_replay(game.id, game.record_json, game.seats));
    }
    CHECK(refused == 1);
    CHECK(built.size() == std::size_t(kLimit));
    const std::string metrics = http_get(port, "/metrics").body;
    CHECK(metric(metrics, "niagara_limited_total{limit=\"replay_builds\"}") == 1.0);
    CHECK(metric(metrics, "niagara_replays_built_total") == double(kLimit));
    CHECK(metric(metrics, "niagara_replay_builds_waiting") == 0.0);

    // Built once: from the cache at once (gzipped, as the cache keeps it and browsers take it),
    // even while the builder is full again.
    std::vector<std::future<HttpResponse>> again;
    for (int i = 0; i < kLimit; ++i)
        again.push_back(std::async(std::launch::async, [port, id = games[5].id] {
            return http_get(port, "/games/" + std::to_string(id) + "/replay", 120s);
        }));
    REQUIRE(!built.empty());
    const StoredGame& cached = games[std::size_t(built[0])];
    const HttpResponse hot =
        http_request(port, "GET", "/games/" + std::to_string(cached.id) + "/replay",
                     {{"Accept-Encoding", "gzip"}});
    CHECK(hot.status == 200);
    CHECK(hot.content_encoding == "gzip");
    CHECK(niagara::server::gzip_decompress(hot.body, 64 << 20) ==
          niagara::server::build_replay(cached.id, cached.record_json, cached.seats));
    // Requests for a game being built wait for that one build.
    const std::string expected =
        niagara::server::build_replay(games[5].id, games[5].record_json, games[5].seats);
    for (auto& r : again) {
        const HttpResponse answer = r.get();
        CHECK(answer.status == 200);
        CHECK(answer.body == expected);
    }
    const std::string after = http_get(port, "/metrics").body;
    CHECK(metric(after, "niagara_replays_built_total") == double(kLimit + 1));
    CHECK(metric(after, "niagara_replay_cache_hits_total") >= 1.0);
    CHECK(metric(after, "niagara_limited_total{limit=\"replay_builds\"}") == 1.0);
}

// A client that asks and goes away before its replay is built: the build ends, the answer is
// dropped with the connection, and the server serves on (under the sanitizers: no use after
// free of the session).
TEST_CASE("Replay builds: the asker may be gone when the replay is ready",
          "[server][http][replay][replay_builds]") {
    ServerProcess server({"--max-replay-builds", "2"});
    server.stop();
    const std::vector<StoredGame> games = store_finished_games(server.dir() / "data", {47, 31, 34});
    server.start();
    const unsigned short port = server.port();
    for (const StoredGame& game : {games[0], games[1]}) {
        const HttpResponse gone =
            http_get(port, "/games/" + std::to_string(game.id) + "/replay", 20ms);
        CHECK(gone.status == 0);  // it hung up first
    }
    const auto until = std::chrono::steady_clock::now() + 120s;
    while (waiting_builds(port) > 0 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(20ms);
    CHECK(waiting_builds(port) == 0);
    CHECK(healthy(port));
    const HttpResponse ready = http_get(port, "/games/" + std::to_string(games[0].id) + "/replay");
    CHECK(ready.status == 200);
    CHECK(ready.body ==
          niagara::server::build_replay(games[0].id, games[0].record_json, games[0].seats));
    // Stopped with a build waiting: a clean stop all the same.
    CHECK(http_get(port, "/games/" + std::to_string(games[2].id) + "/replay", 20ms).status == 0);
    const int status = server.stop(SIGTERM, 20s);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}

// One address's share of the builder (--max-replay-builds-per-address, 1 by default): while its
// replay is built, its next request for another game is refused at once, and another address's
// request is built all the same (12 clients of one address cycling through long games once
// made every other visitor's replay answer 503).
TEST_CASE("Replay builds: one waiting build per address, others served",
          "[server][http][replay][replay_builds]") {
    ServerProcess server({"--max-replay-builds", "8", "--max-replay-builds-per-address", "1"});
    server.stop();
    const std::vector<StoredGame> games = store_finished_games(server.dir() / "data", {31, 34, 47});
    server.start();
    const unsigned short port = server.port();
    const auto replay_of = [&](const StoredGame& game, const std::string& source) {
        return std::async(std::launch::async, [port, id = game.id, source] {
            return http_get(port, "/games/" + std::to_string(id) + "/replay", 120s, source);
        });
    };
    auto first = replay_of(games[0], "");
    const auto until = std::chrono::steady_clock::now() + 10s;
    while (waiting_builds(port) < 1 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(1ms);
    // The same address asks for another game while its first is built: refused at once.
    const HttpResponse second = replay_of(games[1], "").get();
    // Another address is served.
    auto other = replay_of(games[2], "127.0.0.2");
    const HttpResponse mine = first.get();
    const HttpResponse theirs = other.get();
    CHECK(mine.status == 200);
    CHECK(second.status == 503);
    CHECK(second.retry_after == "2");
    CHECK(second.body.find("still being built") != std::string::npos);
    CHECK(theirs.status == 200);
    CHECK(theirs.body ==
          niagara::server::build_replay(games[2].id, games[2].record_json, games[2].seats));
    const std::string metrics = http_get(port, "/metrics").body;
    CHECK(metric(metrics, "niagara_limited_total{limit=\"replay_builds_per_address\"}") == 1.0);
    CHECK(metric(metrics, "niagara_replay_builds_waiting") == 0.0);
    // Once its replay has come, the address may ask for the next.
    CHECK(http_get(port, "/games/" + std::to_string(games[1].id) + "/replay", 120s).status == 200);
}
