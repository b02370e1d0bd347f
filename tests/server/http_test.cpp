// The HTTP side: /healthz, /metrics (Prometheus text), /games/ID and the placeholder page.
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

#include "server_fixture.hpp"

using namespace server_test;

// [once]: what HTTP answers, and the counts /metrics shows, do not depend on the thread count
// (the games' own flows run in every variant).
TEST_CASE("HTTP: health, metrics, game records and the page", "[server][http][once]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());

    const HttpResponse health = http_get(port, "/healthz");
    CHECK(health.status == 200);
    CHECK(health.body == "ok\n");

    const HttpResponse page = http_get(port, "/");
    CHECK(page.status == 200);
    CHECK(page.content_type.rfind("text/html", 0) == 0);
    CHECK(page.body.find("Niagara") != std::string::npos);
    CHECK(page.body.find("/ws") != std::string::npos);

    CHECK(http_get(port, "/games/999999").status == 404);
    CHECK(http_get(port, "/games/abc").status == 400);
    CHECK(http_get(port, "/no-such-page").status == 404);
    CHECK(http_get(port, "/../etc/passwd").status != 200);

    const HttpResponse empty = http_get(port, "/metrics");
    REQUIRE(empty.status == 200);
    CHECK(empty.content_type.rfind("text/plain", 0) == 0);
    CHECK(metric(empty.body, "niagara_connections") == 0.0);
    CHECK(metric(empty.body, "niagara_actions_total") == 0.0);
    CHECK(metric(empty.body, "niagara_action_commits_total") == 0.0);
    CHECK(metric(empty.body, "niagara_tables{phase=\"waiting\"}") == 0.0);
    CHECK(metric(empty.body, "niagara_tables{phase=\"playing\"}") == 0.0);
    CHECK(metric(empty.body, "niagara_broadcast_seconds_bucket{le=\"+Inf\"}") == 0.0);

    // A game with bots; a second table waits meanwhile.
    Harness h(port);
    Player& host = h.add("host", {"/name host"});
    Player& waiting = h.add("waiting", {"/name waiting"});
    send_when_welcomed(waiting, "/new players=5");
    REQUIRE(h.run_until([&] { return waiting.first("snapshot") != nullptr; }, 10s));
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &host;
    setup.new_words = "players=3 seed=41";
    setup.bots = 2;
    open_table(setup, table);
    REQUIRE(h.run_until([&] { return host.ended.has_value(); }, 60s));
    REQUIRE(*table);
    check_finished_game(port, **table, {&host});

    const HttpResponse after = http_get(port, "/metrics");
    REQUIRE(after.status == 200);
    INFO(after.body);
    CHECK(metric(after.body, "niagara_connections") == 2.0);
    CHECK(metric(after.body, "niagara_connections_total") >= 2.0);
    const double actions = metric(after.body, "niagara_actions_total").value_or(0);
    CHECK(actions > 20);
    // Every action was stored by a commit, several to one at times (the group commit).
    const double commits = metric(after.body, "niagara_action_commits_total").value_or(0);
    CHECK(commits > 0);
    CHECK(commits <= actions);
    CHECK(metric(after.body, "niagara_tables{phase=\"waiting\"}") == 1.0);
    CHECK(metric(after.body, "niagara_tables{phase=\"playing\"}") == 0.0);
    CHECK(metric(after.body, "niagara_broadcast_seconds_count") == actions);
    CHECK(metric(after.body, "niagara_broadcast_seconds_bucket{le=\"+Inf\"}") == actions);
    CHECK(metric(after.body, "niagara_messages_received_total").value_or(0) > 0);
    CHECK(metric(after.body, "niagara_messages_sent_total").value_or(0) > 0);
    // Prometheus text: comments, or `name{labels} value`; buckets never decrease.
    std::istringstream lines(after.body);
    std::string line;
    double previous_bucket = -1;
    long buckets = 0;
    const std::regex sample(R"(^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-z_]+="[^"]*"\})? [-+0-9.eE]+$)");
    while (std::getline(lines, line)) {
        INFO(line);
        if (line.rfind("# HELP ", 0) == 0 || line.rfind("# TYPE ", 0) == 0) continue;
        CHECK(std::regex_match(line, sample));
        if (line.rfind("niagara_broadcast_seconds_bucket", 0) == 0) {
            const double v = std::stod(line.substr(line.rfind(' ') + 1));
            CHECK(v >= previous_bucket);
            previous_bucket = v;
            ++buckets;
        }
    }
    CHECK(buckets >= 2);
    CHECK(after.body.find("# TYPE niagara_broadcast_seconds histogram") != std::string::npos);

    CHECK(http_get(port, "/healthz").body == "ok\n");
}
