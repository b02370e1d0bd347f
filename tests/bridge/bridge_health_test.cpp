// The bridge's health (health.hpp): the verdict on a heartbeat file, whatever the file holds,
// and `niagara-bridge --check` against a running bridge (the real ngircd, server and bridge):
// healthy once it is logged in, unhealthy the moment it stops.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "built_programs.hpp"
#include "bridge_process.hpp"
#include "child_process.hpp"
#include "health.hpp"
#include "ngircd_fixture.hpp"
#include "server_fixture.hpp"

namespace {

using niagara::bridge::Health;
using niagara::bridge::judge_health;
using namespace std::chrono_literals;

const Health::Clock::time_point kStart = Health::Clock::time_point(1'800'000'000s);

std::string file_of(const Health& health, Health::Clock::time_point written) {
    return health.report(written).dump();
}

}  // namespace

TEST_CASE("health: a fresh heartbeat with the networks in and the server answering is healthy",
          "[health]") {
    Health health;
    health.network_started("irc", kStart);
    health.network_ready("irc", kStart + 2s);
    health.server_probed(std::nullopt, kStart + 2s);
    const auto verdict = judge_health(file_of(health, kStart + 20s), kStart + 30s);
    CHECK(verdict.healthy);
    CHECK(verdict.line == "healthy: irc connected, game server answering");
}

TEST_CASE("health: no file, or a stale one, is unhealthy and says why", "[health]") {
    const auto missing = judge_health(std::nullopt, kStart);
    CHECK_FALSE(missing.healthy);
    CHECK_THAT(missing.line, Catch::Contains("not running"));

    Health health;
    health.network_ready("irc", kStart);
    const auto stale = judge_health(file_of(health, kStart), kStart + 61s);
    CHECK_FALSE(stale.healthy);
    CHECK_THAT(stale.line, Catch::Contains("61 s old"));
    CHECK(judge_health(file_of(health, kStart), kStart + 60s).healthy);
}

TEST_CASE("health: a chat network away is forgiven for five minutes, then it is not",
          "[health]") {
    Health health;
    health.network_ready("irc", kStart);
    health.network_ready("xmpp", kStart);
    health.network_lost("xmpp", "connection reset", kStart + 10s);
    const auto at = [&](std::chrono::seconds later) {
        return judge_health(file_of(health, kStart + 10s + later), kStart + 10s + later);
    };
    CHECK(at(300s).healthy);
    CHECK_THAT(at(300s).line, Catch::Contains("xmpp reconnecting"));
    const auto gone = at(301s);
    CHECK_FALSE(gone.healthy);
    CHECK(gone.line == "xmpp: not connected for 301 s (connection reset)");
    // Back: healthy at once, whatever happened before.
    health.network_ready("xmpp", kStart + 400s);
    CHECK(judge_health(file_of(health, kStart + 401s), kStart + 401s).healthy);
}

TEST_CASE("health: a network that never logs in counts from the bridge's start", "[health]") {
    Health health;
    health.network_started("irc", kStart);
    CHECK(judge_health(file_of(health, kStart + 299s), kStart + 299s).healthy);
    const auto verdict = judge_health(file_of(health, kStart + 301s), kStart + 301s);
    CHECK_FALSE(verdict.healthy);
    CHECK(verdict.line == "irc: not connected for 301 s (connecting)");
}

TEST_CASE("health: a game server failing its probe for over a minute is unhealthy", "[health]") {
    Health health;
    health.network_ready("irc", kStart);
    health.server_probed(std::nullopt, kStart);
    health.server_probed("connect: Connection refused", kStart + 20s);
    // Failing again does not restart the count.
    health.server_probed("connect: Connection refused", kStart + 40s);
    CHECK(judge_health(file_of(health, kStart + 80s), kStart + 80s).healthy);
    const auto verdict = judge_health(file_of(health, kStart + 81s), kStart + 81s);
    CHECK_FALSE(verdict.healthy);
    CHECK(verdict.line == "the game server has not answered for 61 s (connect: Connection refused)");
    health.server_probed(std::nullopt, kStart + 100s);
    CHECK(judge_health(file_of(health, kStart + 100s), kStart + 100s).healthy);
}

TEST_CASE("health: a heartbeat file of any other content is unhealthy, never a crash",
          "[health][hostile]") {
    for (const std::string& text : std::vector<std::string>{"", "{", "null", "[]", "{\"written\":\"soon\"}", "{\"written\":1.5}",
          "{\"networks\":{\"irc\":{\"ok\":true}}}", std::string("\0\xff\xfe", 3)}) {
        CAPTURE(text);
        CHECK_FALSE(judge_health(text, kStart).healthy);
    }
    // Fields of the wrong types inside a fresh file are read as absent or not ok.
    const std::string odd = R"({"written":1800000000,"networks":{"irc":7,"x":{"ok":"yes",
        "since":"long ago","why":3}},"server":{"ok":null,"since":[]}})";
    CHECK_NOTHROW(judge_health(odd, kStart));
    // Random bytes and random edits of a good file.
    Health health;
    health.network_ready("irc", kStart);
    health.server_probed(std::nullopt, kStart);
    const std::string good = file_of(health, kStart);
    std::mt19937 random(7);
    for (int i = 0; i < 2000; ++i) {
        std::string text = good;
        for (int edits = 1 + int(random() % 4); edits > 0; --edits)
            text[random() % text.size()] = char(random() % 256);
        CHECK_NOTHROW(judge_health(text, kStart + 1s));
    }
}

TEST_CASE("health: niagara-bridge --check passes while the bridge is in, fails once it stopped",
          "[health][process]") {
    irc_test::NgircdServer ngircd;
    server_test::ServerProcess server;  // started by its constructor
    server_test::TempDir dir("niagara-bridge-health");
    const std::string state = (dir.path / "state.json").string();
    const std::vector<std::string> settings{
        "--server",   "ws://127.0.0.1:" + std::to_string(server.port()) + "/ws",
        "--state_file", state,
        "--irc.host", "127.0.0.1",
        "--irc.port", std::to_string(ngircd.port()),
        "--irc.nick", "niagara",
        "--irc.channels", "#niagara",
        "--log_level", "warn"};
    // Runs `niagara-bridge SETTINGS --check`: its exit code and what it printed.
    int runs = 0;
    const auto check = [&]() -> std::pair<int, std::string> {
        std::vector<std::string> args{test::bridge_program()};
        args.insert(args.end(), settings.begin(), settings.end());
        args.push_back("--check");
        const auto output = dir.path / ("check-" + std::to_string(++runs) + ".txt");
        pid_t pid = test_support::spawn_child(args, output, {.null_stdin = true});
        int status = 0;
        ::waitpid(pid, &status, 0);
        std::ifstream in(output);
        std::stringstream text;
        text << in.rdbuf();
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
    };
    const auto before = check();
    CHECK(before.first == 1);
    CHECK_THAT(before.second, Catch::Contains("unhealthy: no heartbeat file"));

    bridge_test::BridgeProcess bridge(dir.path, settings);
    bridge.start();
    // Its first heartbeat follows the first probe of the server, at once; the network comes
    // in meanwhile.
    std::pair<int, std::string> now;
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    do {
        std::this_thread::sleep_for(100ms);
        now = check();
    } while (now.second.find("irc connected") == std::string::npos &&
             std::chrono::steady_clock::now() < deadline);
    INFO(bridge.log());
    CHECK(now.first == 0);
    CHECK_THAT(now.second, Catch::StartsWith("healthy: irc connected, game server answering"));

    bridge.stop();
    const auto after = check();
    CHECK(after.first == 1);
    CHECK_THAT(after.second, Catch::Contains("no heartbeat file"));
}
