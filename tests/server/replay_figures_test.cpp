// Figures for loadgen/BENCHMARKS.md, not a test: hidden (run by hand, release build):
//   build/release/tests/server_tests "[replay_figures]" -s
// prints the size and build time of long games' replays in both formats, format 2's size
// gzipped with the time to gzip and gunzip it, and the server's memory while 150 clients that
// do not read (and take gzip, as browsers do) ask for replays of 8 long games.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "gzip.hpp"
#include "niagara/record.hpp"
#include "random_game_record.hpp"
#include "replay_route.hpp"
#include "server_fixture.hpp"
#include "stored_games.hpp"

using namespace server_test;

namespace {

// The server's resident memory now and at its peak (VmRSS, VmHWM), in MiB.
std::pair<double, double> server_memory_mib(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    double rss = 0, peak = 0;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) rss = std::stod(line.substr(6)) / 1024;
        if (line.rfind("VmHWM:", 0) == 0) peak = std::stod(line.substr(6)) / 1024;
    }
    return {rss, peak};
}

// Seeds of three-player random games of 5,000 to 8,000 actions (replay_builds_test.cpp).
const std::vector<std::uint64_t> kLongSeeds{31, 34, 47, 58, 29, 28, 7, 11};

}  // namespace

TEST_CASE("Replay figures: sizes and build times by format", "[.][replay_figures]") {
    using niagara::server::ReplayFormat;
    std::printf("%6s %8s %12s %9s %12s %9s %10s %8s %10s\n", "seed", "actions", "format 1 B", "ms",
                "format 2 B", "ms", "gzip B", "gzip ms", "gunzip ms");
    for (const std::uint64_t seed : kLongSeeds) {
        const niagara::Record record = random_game_record(seed);
        const std::string json = niagara::record_to_json(record).dump();
        auto timed = [&](ReplayFormat format) {
            double best = 1e9;
            std::size_t size = 0;
            for (int run = 0; run < 3; ++run) {
                const auto start = std::chrono::steady_clock::now();
                size = niagara::server::build_replay(1, json, {}, format).size();
                best = std::min(best, std::chrono::duration<double, std::milli>(
                                          std::chrono::steady_clock::now() - start)
                                          .count());
            }
            return std::pair{size, best};
        };
        const auto [size_1, ms_1] = timed(ReplayFormat::FullViews);
        const auto [size_2, ms_2] = timed(ReplayFormat::Patches);
        // What the server does once per build (pack_replay), and for a client without gzip.
        const std::string text = niagara::server::build_replay(1, json, {});
        std::string gz;
        double gzip_ms = 1e9, gunzip_ms = 1e9;
        for (int run = 0; run < 3; ++run) {
            auto start = std::chrono::steady_clock::now();
            gz = niagara::server::pack_replay(text).gzip;
            gzip_ms = std::min(gzip_ms, std::chrono::duration<double, std::milli>(
                                            std::chrono::steady_clock::now() - start)
                                            .count());
            start = std::chrono::steady_clock::now();
            const bool same = niagara::server::gzip_decompress(gz, text.size()) == text;
            gunzip_ms = std::min(gunzip_ms, std::chrono::duration<double, std::milli>(
                                                std::chrono::steady_clock::now() - start)
                                                .count());
            CHECK(same);
        }
        // NIAGARA_REPLAY_DUMP=DIR: both replays as files, to look into or compress.
        if (const char* dir = std::getenv("NIAGARA_REPLAY_DUMP"))
            for (const ReplayFormat format : {ReplayFormat::FullViews, ReplayFormat::Patches})
                std::ofstream(std::string(dir) + "/replay-" + std::to_string(seed) + "-" +
                              (format == ReplayFormat::Patches ? "2" : "1") + ".json")
                    << niagara::server::build_replay(1, json, {}, format);
        std::printf("%6llu %8zu %12zu %9.0f %12zu %9.0f %10zu %8.1f %10.1f\n",
                    (unsigned long long)seed, record.actions.size(), size_1, ms_1, size_2, ms_2,
                    gz.size(), gzip_ms, gunzip_ms);
    }
}

TEST_CASE("Replay figures: 150 readers that do not read", "[.][replay_figures]") {
    ServerProcess server({"--log-level", "error"});
    server.stop();
    const std::vector<StoredGame> games = store_finished_games(server.dir() / "data", kLongSeeds);
    server.start();
    const unsigned short port = server.port();
    const auto [idle, idle_peak] = server_memory_mib(server.pid());
    std::size_t bytes = 0, gzipped = 0;
    for (const StoredGame& game : games) {
        bytes += http_get(port, replay_path(game.id), 60s).body.size();
        gzipped +=
            http_request(port, "GET", replay_path(game.id), {{"Accept-Encoding", "gzip"}}, 60s)
                .body.size();
    }
    const auto [built, built_peak] = server_memory_mib(server.pid());
    {
        std::vector<std::unique_ptr<StalledReader>> readers;
        for (std::size_t i = 0; i < 150; ++i)
            readers.push_back(std::make_unique<StalledReader>(
                port, replay_path(games[i % games.size()].id), 2048, "gzip"));
        std::this_thread::sleep_for(3s);
        const auto [held, held_peak] = server_memory_mib(server.pid());
        const std::string metrics = http_get(port, "/metrics").body;
        std::printf(
            "8 replays, %.1f MiB in all, %.1f MiB gzipped (cached: %.1f MiB); RSS idle %.0f MiB, "
            "after building them %.0f MiB, with 150 readers %.0f MiB (peak %.0f); in flight "
            "%.1f MiB, refused %.0f\n",
            double(bytes) / (1 << 20), double(gzipped) / (1 << 20),
            metric(metrics, "niagara_replay_cache_bytes").value_or(-1) / (1 << 20), idle, built,
            held, held_peak,
            metric(metrics, "niagara_replay_bytes_in_flight").value_or(-1) / (1 << 20),
            metric(metrics, "niagara_limited_total{limit=\"replay_bytes_in_flight\"}")
                .value_or(-1));
    }
    std::this_thread::sleep_for(2s);
    const auto [after, after_peak] = server_memory_mib(server.pid());
    std::printf(
        "readers gone: RSS %.0f MiB (peak %.0f), in flight %.1f MiB\n", after, after_peak,
        metric(http_get(port, "/metrics").body, "niagara_replay_bytes_in_flight").value_or(-1) /
            (1 << 20));
}
