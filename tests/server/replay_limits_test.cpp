// What replays may make the server hold, in bytes (server/src/replay_route.hpp, byte_budget.hpp,
// http_session.cpp): the cache keeps recent replays within --replay-cache-bytes
// (niagara_replay_cache_bytes); the answers being written hold at most --replay-bytes-in-flight
// (niagara_replay_bytes_in_flight), past which a replay request is answered 503 with
// Retry-After and counted; and a reader that does not read is cut off at --http-write-ms, its
// bytes released, while everyone else is served. (150 readers that did not read once took the
// server from 16 to 362 MB, for good.)
#include <catch2/catch.hpp>
#include <thread>

#include "random_game_record.hpp"
#include "replay_route.hpp"
#include "server_fixture.hpp"
#include "stored_games.hpp"

using namespace server_test;

namespace {

double replay_gauge(unsigned short port, const std::string& sample) {
    return metric(http_get(port, "/metrics").body, sample).value_or(-1);
}

// Waits (up to `timeout`) until the metric `sample` is `value`; true if it came to be.
bool metric_comes_to(unsigned short port, const std::string& sample, double value,
                     std::chrono::milliseconds timeout) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < until) {
        if (replay_gauge(port, sample) == value) return true;
        std::this_thread::sleep_for(10ms);
    }
    return false;
}

// A long game (about 8,000 actions): its replay is far larger than what a socket's buffers
// take, so a reader that does not read keeps its answer unwritten.
constexpr std::uint64_t kLongGame = 31;

}  // namespace

TEST_CASE("Replay limits: the cache holds replays within its bytes",
          "[server][http][replay][replay_limits][attack]") {
    // Two games whose replays do not both fit: the second in pushes the first out. The cache
    // counts their gzip bytes (as the server builds them: games 1 and 2 of a fresh database,
    // ann and two bots).
    const std::vector<std::uint64_t> seeds{7, 11};
    const std::vector<niagara::server::ReplaySeat> seats{
        {"ann", false}, {"bot-2", true}, {"bot-3", true}};
    std::vector<std::size_t> sizes;
    for (std::size_t i = 0; i < seeds.size(); ++i)
        sizes.push_back(
            niagara::server::pack_replay(
                niagara::server::build_replay(
                    long(i + 1), niagara::record_to_json(random_game_record(seeds[i])).dump(),
                    seats))
                .gzip.size());
    const std::size_t budget = sizes[0] + sizes[1] - 100;
    ServerProcess server({"--replay-cache-bytes", std::to_string(budget)});
    server.stop();
    const std::vector<StoredGame> games = store_finished_games(server.dir() / "data", seeds);
    server.start();
    const unsigned short port = server.port();
    CHECK(replay_gauge(port, "niagara_replay_cache_bytes") == 0);
    const HttpHeaders gzip{{"Accept-Encoding", "gzip"}};

    const HttpResponse a = http_request(port, "GET", replay_path(games[0].id), gzip, 30s);
    REQUIRE(a.status == 200);
    REQUIRE(a.content_encoding == "gzip");
    CHECK(replay_gauge(port, "niagara_replay_cache_bytes") == double(a.body.size()));
    CHECK(http_request(port, "GET", replay_path(games[0].id), gzip, 30s).body ==
          a.body);  // from the cache
    CHECK(replay_gauge(port, "niagara_replays_built_total") == 1);

    const HttpResponse b = http_request(port, "GET", replay_path(games[1].id), gzip, 30s);
    REQUIRE(b.status == 200);
    REQUIRE(a.body.size() + b.body.size() > budget);
    CHECK(replay_gauge(port, "niagara_replay_cache_bytes") == double(b.body.size()));
    // The first went: built again, and then it is the one kept.
    CHECK(http_request(port, "GET", replay_path(games[0].id), gzip, 30s).body == a.body);
    CHECK(replay_gauge(port, "niagara_replays_built_total") == 3);
    CHECK(replay_gauge(port, "niagara_replay_cache_bytes") == double(a.body.size()));
    CHECK(replay_gauge(port, "niagara_replay_cache_hits_total") == 1);
}

TEST_CASE("Replay limits: a reader that does not read is cut off, its bytes released",
          "[server][http][replay][replay_limits][attack]") {
    ServerProcess server({"--http-write-ms", "500"});
    server.stop();
    const std::vector<StoredGame> games = store_finished_games(server.dir() / "data", {kLongGame});
    server.start();
    const unsigned short port = server.port();
    const std::string path = replay_path(games[0].id);
    const HttpResponse built = http_get(port, path, 30s);
    REQUIRE(built.status == 200);
    INFO(built.body.size() << " bytes");
    REQUIRE(built.body.size() > 256u << 10);
    CHECK(replay_gauge(port, "niagara_replay_bytes_in_flight") == 0);

    const auto asked = std::chrono::steady_clock::now();
    {
        StalledReader stalled(port, path);
        // Its answer holds the replay's bytes while it is not read...
        CHECK(
            metric_comes_to(port, "niagara_replay_bytes_in_flight", double(built.body.size()), 2s));
        // ... and everyone else is served meanwhile,
        const HttpResponse other = http_get(port, path, 5s);
        CHECK(other.status == 200);
        CHECK(other.body == built.body);
        CHECK(healthy(port));
        // until the write deadline cuts it off and the bytes come back (it is still connected).
        CHECK(metric_comes_to(port, "niagara_replay_bytes_in_flight", 0, 5s));
        CHECK(std::chrono::steady_clock::now() - asked >= 450ms);
    }
    CHECK(replay_gauge(port, "niagara_limited_total{limit=\"replay_bytes_in_flight\"}") == 0);
    CHECK(http_get(port, path, 5s).body == built.body);
}

TEST_CASE("Replay limits: over the bytes in flight a replay request is answered 503",
          "[server][http][replay][replay_limits][attack]") {
    const std::size_t size =
        niagara::server::build_replay(
            1, niagara::record_to_json(random_game_record(kLongGame)).dump(), {})
            .size();
    // Room for one long replay being written, not two.
    ServerProcess server(
        {"--http-write-ms", "1500", "--replay-bytes-in-flight", std::to_string(size + size / 2)});
    server.stop();
    const std::vector<StoredGame> games = store_finished_games(server.dir() / "data", {kLongGame});
    server.start();
    const unsigned short port = server.port();
    const std::string path = replay_path(games[0].id);
    const HttpResponse built = http_get(port, path, 30s);  // built and cached
    REQUIRE(built.status == 200);

    {
        StalledReader stalled(port, path);
        REQUIRE(
            metric_comes_to(port, "niagara_replay_bytes_in_flight", double(built.body.size()), 2s));
        const HttpResponse refused = http_get(port, path);
        CHECK(refused.status == 503);
        CHECK(refused.retry_after == "2");
        CHECK(refused.body.find("being sent") != std::string::npos);
        CHECK(replay_gauge(port, "niagara_limited_total{limit=\"replay_bytes_in_flight\"}") == 1);
        // What holds no replay's bytes is answered as ever.
        CHECK(healthy(port));
        CHECK(http_get(port, "/games").status == 200);
        // Once the reader is cut off, the replay is answered again.
        CHECK(metric_comes_to(port, "niagara_replay_bytes_in_flight", 0, 5s));
        CHECK(http_get(port, path).status == 200);
    }
    CHECK(replay_gauge(port, "niagara_replay_bytes_in_flight") == 0);
}
