// Replays of finished games (GET /games/<id>/replay, server/src/replay_route.hpp): every step is
// the engine's replay of the record (its public view, rebuilt from step 0's view and the steps'
// patches, and its log lines), the patches of niagara-replay/2 rebuild exactly the views of
// niagara-replay/1 over many seeded games, the table's own spectator saw the same lines and the
// same last view, only finished games are replayed, recent replays come from the cache (bounded
// by bytes), and hostile ids get a clean 4xx.
#include <catch2/catch.hpp>

#include "niagara/game.hpp"
#include "niagara/json.hpp"
#include "niagara/record.hpp"
#include "random_game_record.hpp"
#include "replay_route.hpp"
#include "replay_views.hpp"
#include "server_fixture.hpp"

using namespace server_test;
using niagara::server::build_replay;
using niagara::server::PackedReplay;
using niagara::server::ReplayCache;
using niagara::server::ReplayFormat;
using niagara::server::ReplaySeat;
using niagara::server::ReplayTooLong;

namespace {

// Checks a replay's steps against the engine's own replay of `record`, action by action.
void check_steps(const Json& replay, const niagara::Record& record) {
    const Json& steps = replay.at("steps");
    REQUIRE(steps.size() == record.actions.size() + (record.abandoned ? 2 : 1));
    const std::vector<Json> views = replay_step_views(replay);
    niagara::State state = niagara::new_game(record.options);
    CHECK(steps[0].at("index") == 0);
    CHECK(steps[0].at("action").is_null());
    CHECK(steps[0].at("lines").empty());
    CHECK(views[0] == niagara::spectator_view(state));
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        INFO("action " << i);
        niagara::Log lines;
        REQUIRE(niagara::apply(state, record.actions[i], &lines));
        const Json& step = steps[i + 1];
        CHECK(step.at("index") == i + 1);
        CHECK(step.at("seat") == record.actions[i].seat);
        CHECK(step.at("action") == niagara::action_to_json(record.actions[i]));
        CHECK(step.at("lines") == Json(niagara::english(lines)));
        CHECK(step.at("texts") == niagara::texts_json(lines));
        CHECK(views[i + 1] == niagara::spectator_view(state));
    }
    if (record.abandoned) niagara::abandon(state);
    CHECK(views.back() == niagara::spectator_view(state));
    CHECK(replay.at("result") == niagara::result_to_json(state));
    CHECK(niagara::options_from_json(replay.at("options")).seed == record.options.seed);
}

}  // namespace

TEST_CASE("Replay: the steps are the engine's replay of the record", "[replay]") {
    const niagara::Record record = random_game_record(7, 4);
    const std::vector<ReplaySeat> seats{{"ann", false}, {"bot-2", true}, {"cy", false}};
    const std::string text = build_replay(12, niagara::record_to_json(record).dump(), seats);
    const Json replay = Json::parse(text);
    CHECK(replay.at("format") == "niagara-replay/2");
    // Only step 0 carries a whole view; every later step a patch.
    CHECK(replay.at("steps")[0].contains("view"));
    for (std::size_t i = 1; i < replay.at("steps").size(); ++i)
        CHECK((replay["steps"][i].contains("patch") && !replay["steps"][i].contains("view")));
    CHECK(replay.at("game") == 12);
    CHECK(replay.at("abandoned") == false);
    // Every seat is listed; one missing from the list (the fourth) has no name.
    REQUIRE(replay.at("seats").size() == 4);
    CHECK(replay["seats"][0] == Json{{"seat", 0}, {"name", "ann"}, {"bot", false}});
    CHECK(replay["seats"][1] == Json{{"seat", 1}, {"name", "bot-2"}, {"bot", true}});
    CHECK(replay["seats"][3] == Json{{"seat", 3}, {"name", ""}, {"bot", false}});
    check_steps(replay, record);
    // A real game takes a few hundred actions; its replay stays well under a megabyte or two.
    CHECK(record.actions.size() < niagara::server::kMaxReplayActions);
    INFO(record.actions.size() << " actions, " << text.size() << " bytes");
    CHECK(text.size() < 4u << 20);
}

TEST_CASE("Replay: an abandoned game ends with the abandon step", "[replay]") {
    niagara::Record record = random_game_record(3);
    record.actions.resize(record.actions.size() / 2);
    record.abandoned = true;
    const Json replay = Json::parse(build_replay(5, niagara::record_to_json(record).dump(), {}));
    CHECK(replay.at("abandoned") == true);
    check_steps(replay, record);
    CHECK(replay.at("steps").back().at("action").is_null());
    CHECK(replay.at("result").at("abandoned") == true);
}

TEST_CASE("Replay: records that are not whole finished games are refused", "[replay]") {
    const niagara::Record record = random_game_record(11);
    const std::string good = niagara::record_to_json(record).dump();
    CHECK_NOTHROW(build_replay(1, good, {}));
    CHECK_THROWS_AS(build_replay(1, "", {}), std::invalid_argument);
    CHECK_THROWS_AS(build_replay(1, "{\"actions\": 3}", {}), std::invalid_argument);
    CHECK_THROWS_AS(build_replay(1, "[1,2", {}), std::invalid_argument);
    CHECK_THROWS_AS(build_replay(1, "{\"options\": {\"players\": 9}}", {}), std::invalid_argument);
    // Cut short: the views would run into a game still to be played.
    niagara::Record cut = record;
    cut.actions.pop_back();
    CHECK_THROWS_AS(build_replay(1, niagara::record_to_json(cut).dump(), {}),
                    std::invalid_argument);
    // An action that is not legal where it stands.
    niagara::Record wrong = record;
    std::swap(wrong.actions[0], wrong.actions[wrong.actions.size() / 2]);
    CHECK_THROWS_AS(build_replay(1, niagara::record_to_json(wrong).dump(), {}),
                    std::invalid_argument);
    // Too long to be worth answering (checked before anything is replayed).
    niagara::Record longer = record;
    while (longer.actions.size() <= niagara::server::kMaxReplayActions)
        longer.actions.push_back(record.actions[0]);
    CHECK_THROWS_AS(build_replay(1, niagara::record_to_json(longer).dump(), {}), ReplayTooLong);
}

namespace {
// A cached replay of `n` gzip bytes (n > 15: past the short-string buffer, its capacity is n).
std::shared_ptr<const PackedReplay> packed(std::size_t n) {
    return std::make_shared<const PackedReplay>(PackedReplay{std::string(n, 'x'), n * 15});
}
}  // namespace

TEST_CASE("Replay cache: most recent first, within its bytes", "[replay]") {
    ReplayCache cache(200);
    cache.put(1, packed(20));
    cache.put(2, packed(20));
    cache.put(3, packed(20));
    CHECK(cache.size() == 3);
    CHECK(cache.bytes() == 60);  // the gzip bytes held, not the JSON text's length
    CHECK(cache.find(1));        // 1 is now the most recent: 2 goes first
    cache.put(4, packed(120));
    CHECK(cache.bytes() == 180);
    cache.put(5, packed(40));  // over the bytes: the least recent (2) goes, and it fits
    CHECK_FALSE(cache.find(2));
    CHECK(cache.bytes() == 200);
    CHECK(cache.find(1));
    CHECK(cache.find(3));
    CHECK(cache.find(4));
    CHECK(cache.find(5));
    cache.put(6, packed(201));  // larger than the whole budget: not kept
    CHECK_FALSE(cache.find(6));
    CHECK(cache.find(5));
    cache.put(5, packed(40));  // the same game again: replaced, counted once
    CHECK(cache.find(5)->gzip.size() == 40);
    CHECK(cache.bytes() == 200);
}

// Bytes, not a count: many small replays (short games) are all kept when they fit. A cache of
// 32 entries at most dropped the 33rd most recent, however small.
TEST_CASE("Replay cache: as many replays as its bytes hold", "[replay]") {
    ReplayCache cache(1 << 20);
    for (long game = 1; game <= 500; ++game)
        cache.put(game, packed(2000));
    CHECK(cache.size() == 500);
    CHECK(cache.bytes() == 500 * 2000);
    for (long game = 1; game <= 500; ++game)
        CHECK(cache.find(game));
    // Past its bytes, the least recently used go first (1 was found first above).
    for (long game = 501; game <= 600; ++game)
        cache.put(game, packed(2000));
    CHECK(cache.bytes() <= 1 << 20);
    CHECK_FALSE(cache.find(1));
    CHECK(cache.find(600));
    CHECK(cache.find(500));
}

// The property behind niagara-replay/2: over many seeded games of every variant, step 0's view
// and each step's patch, applied in order, give exactly the views niagara-replay/1 sends whole;
// everything else is the same, byte for byte once the views are set aside.
TEST_CASE("Replay format 2: its patches rebuild format 1's views, game after game", "[replay]") {
    std::size_t steps = 0, bytes_1 = 0, bytes_2 = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        niagara::Options options;
        // 5 or 6 players (with the expansion, which six need): shorter games than 3 or 4.
        options.players = 5 + int(seed % 2);
        options.spirits = options.players == 6;
        options.diamond_joe = seed % 3 == 0 && options.players == 5;
        options.memory = seed % 4 == 1;
        options.seed = seed;
        INFO("seed " << seed << ", " << options.players << " players");
        niagara::Record record = random_game_record(options);
        if (seed % 5 == 0) {  // and abandoned games, whose last step is the abandon
            record.actions.resize(record.actions.size() / 3);
            record.abandoned = true;
        }
        const std::string record_json = niagara::record_to_json(record).dump();
        const std::vector<ReplaySeat> seats{{"ann", false}, {"bot-2", true}};
        const std::string text_1 = build_replay(seed, record_json, seats, ReplayFormat::FullViews);
        const std::string text_2 = build_replay(seed, record_json, seats, ReplayFormat::Patches);
        bytes_1 += text_1.size();
        bytes_2 += text_2.size();
        Json full = Json::parse(text_1);
        Json patched = Json::parse(text_2);
        CHECK(full.at("format") == "niagara-replay/1");
        CHECK(patched.at("format") == "niagara-replay/2");
        const std::vector<Json> views = replay_step_views(patched);
        REQUIRE(views.size() == full.at("steps").size());
        for (std::size_t i = 0; i < views.size(); ++i) {
            Json& step = full["steps"][i];
            if (views[i] != step.at("view")) {
                FAIL_CHECK("step " << i << ": the patches give another view");
                break;
            }
            step.erase("view");
            patched["steps"][i].erase(i == 0 ? "view" : "patch");
        }
        full.erase("format");
        patched.erase("format");
        CHECK(full == patched);
        steps += views.size();
    }
    INFO(steps << " steps: " << bytes_1 << " bytes in format 1, " << bytes_2 << " in format 2");
    CHECK(steps > 3000);
    // Smaller by half at least: a patch is a small part of a view (the steps' lines, texts and
    // actions, the same in both, are most of what is left).
    CHECK(bytes_2 * 2 < bytes_1);
}

TEST_CASE("HTTP: replays of finished games only, from the cache, hostile ids refused",
          "[server][http][replay]") {
    // Greedy bots bring their gems home: a game of a few hundred actions, not thousands.
    ServerProcess server({"--bot-level", "greedy"});
    const unsigned short port = server.port();
    Harness h(port);

    // A game in progress: its human seat never answers, so it stays in round 1 with a card
    // chosen by the bots and not yet revealed. Neither its record nor its replay is served.
    Player& idle = h.add("idle", Harness::Options{{"/name idle"}, false, false});
    auto waiting = std::make_shared<std::optional<long>>();
    TableSetup pending;
    pending.host = &idle;
    pending.new_words = "players=3 seed=5";
    pending.bots = 2;
    open_table(pending, waiting);
    REQUIRE(h.run_until([&] { return *waiting && idle.first("prompt") != nullptr; }, 20s));
    const std::string in_progress = "/games/" + std::to_string(**waiting);
    CHECK(http_get(port, in_progress).status == 404);
    const HttpResponse hidden = http_get(port, in_progress + "/replay");
    CHECK(hidden.status == 404);
    CHECK(hidden.body.find("no finished game") != std::string::npos);
    const HttpResponse none = http_get(port, "/games");
    CHECK(none.status == 200);
    CHECK(Json::parse(none.body) == Json{{"games", Json::array()}});

    // A finished game, watched by a spectator from the start.
    Player& host = h.add("host", {"/name host"});
    Player& watcher = h.add("watcher", {"/name watcher"});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = &host;
    setup.new_words = "players=3 seed=41";
    setup.bots = 2;
    setup.watchers = {&watcher};
    open_table(setup, table);
    REQUIRE(h.run_until([&] { return host.ended && watcher.ended; }, 60s));
    REQUIRE(*table);
    const FinishedGame game = check_finished_game(port, **table, {&host, &watcher});
    REQUIRE(game.record);

    const std::string path = "/games/" + std::to_string(**table) + "/replay";
    const HttpResponse first = http_get(port, path);
    INFO(first.body.substr(0, 200));
    REQUIRE(first.status == 200);
    CHECK(first.content_type == "application/json");
    const Json replay = Json::parse(first.body);
    CHECK(replay.at("game") == **table);
    check_steps(replay, *game.record);
    // The names the table showed; never a seat's token.
    const Json& seats = replay.at("seats");
    REQUIRE(seats.size() == 3);
    const Json& shown = watcher.client->view().at("table").at("seats");
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(seats[i].at("name") == shown[i].at("name"));
        CHECK(seats[i].at("bot") == shown[i].at("bot"));
        CHECK_FALSE(seats[i].contains("token"));
    }
    CHECK(seats[0].at("name") == "host");
    // The spectator's log lines were the steps' lines, one event per action, and its last view
    // is the last step's.
    std::vector<Json> events;
    for (const Received& r : watcher.frames)
        if (r.type == "event") events.push_back(r.message.at("lines"));
    REQUIRE(events.size() == replay.at("steps").size() - 1);
    for (std::size_t i = 0; i < events.size(); ++i) {
        INFO("action " << i);
        CHECK(events[i] == replay["steps"][i + 1].at("lines"));
    }
    const Followed followed = follow(watcher.frames);
    CHECK(followed.problems.empty());
    CHECK(followed.view.at("game") == replay_step_views(replay).back());
    CHECK(replay.at("result") == watcher.ended->at("result"));

    // The list of finished games names it with its players, and not the game in progress.
    const HttpResponse list = http_get(port, "/games");
    REQUIRE(list.status == 200);
    CHECK(list.content_type == "application/json");
    const Json games = Json::parse(list.body).at("games");
    REQUIRE(games.size() == 1);
    CHECK(games[0].at("id") == **table);
    REQUIRE(games[0].at("seats").size() == 3);
    CHECK(games[0]["seats"][0] == Json{{"name", "host"}, {"bot", false}});
    CHECK(games[0]["seats"][1].at("bot") == true);

    // Built once, then from the cache: the same bytes.
    const HttpResponse again = http_get(port, path);
    CHECK(again.status == 200);
    CHECK(again.body == first.body);
    CHECK(http_get(port, path + "?step=3").body == first.body);
    const HttpResponse metrics = http_get(port, "/metrics");
    CHECK(metric(metrics.body, "niagara_replays_built_total") == 1.0);
    CHECK(metric(metrics.body, "niagara_replay_cache_hits_total") == 2.0);

    // Hostile or wrong targets: a clean 4xx, and the server serves on.
    const std::pair<std::string, int> refused[] = {
        {"/games/99999999999999999999/replay", 400},
        {"/games/-1/replay", 400},
        {"/games/1/replay/../..", 400},
        {"/games/" + std::to_string(**table) + "/replay/../..", 400},
        {"/games/" + std::to_string(**table) + "/replay/.", 400},
        {"/games/" + std::to_string(**table) + "/replay%2f", 400},
        {"/games/" + std::to_string(**table) + "/replay%00", 400},
        {"/games/%31/replay", 400},
        {"/games//replay", 400},
        {"/games/1e3/replay", 400},
        {"/games/0x10/replay", 400},
        {"/games/" + std::to_string(**table) + "/replay/", 400},
        {"/games/" + std::to_string(**table) + "/replays", 404},
        {"/games/" + std::to_string(**table) + "/replay/steps", 404},
        {"/games/" + std::to_string(**table) + "/record", 404},
        {"/games/999999999999999999/replay", 404},
        {"/games/0/replay", 404},
    };
    for (const auto& [target, status] : refused) {
        INFO(target);
        const HttpResponse r = http_get(port, target);
        CHECK(r.status == status);
        CHECK(r.body.size() < 200);
    }
    CHECK(healthy(port));
    CHECK(metric(http_get(port, "/metrics").body, "niagara_replays_built_total") == 1.0);
}
