// GET /i18n/<lang>.json: a supported language's merged catalog (i18n/README.md) for the browser;
// any other name a clean 4xx, never a crash, and the server serves on.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server_fixture.hpp"

using namespace server_test;

TEST_CASE("HTTP: /i18n/<lang>.json serves each language's catalog", "[server][http][i18n]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());

    const std::vector<std::pair<std::string, std::string>> seats = {
        {"en", "Seat {n}"}, {"fr", "Siège {n}"}, {"cs", "Místo {n}"}, {"de", "Platz {n}"}};
    nlohmann::json english;
    for (const auto& [lang, seat] : seats) {
        INFO(lang);
        const HttpResponse got = http_get(port, "/i18n/" + lang + ".json");
        REQUIRE(got.status == 200);
        CHECK(got.content_type == "application/json");
        const auto catalog = nlohmann::json::parse(got.body, nullptr, false);
        REQUIRE(catalog.is_object());
        CHECK(catalog.value("common.seat", "") == seat);
        for (const auto& [key, pattern] : catalog.items())
            CHECK(pattern.is_string());
        if (lang == "en") {
            english = catalog;
        } else {
            // Merged over English: every English key is there, in the language where it has one.
            for (const auto& [key, pattern] : english.items())
                CHECK(catalog.contains(key));
        }
    }
    // The same body each time (dumped once); a query is no part of the name.
    CHECK(http_get(port, "/i18n/fr.json").body == http_get(port, "/i18n/fr.json?v=2").body);
}

TEST_CASE("HTTP: /i18n/ refuses every other name cleanly", "[server][http][i18n][attack]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());

    // Not a language of ours, or not its catalog's spelling: not found.
    for (const std::string& target : std::vector<std::string>{
             "/i18n/xx.json", "/i18n/pt.json", "/i18n/FR.json", "/i18n/Fr.json", "/i18n/fr-CA.json",
             "/i18n/fr_CA.json", "/i18n/fr.json.json", "/i18n/fr", "/i18n/fr.JSON", "/i18n",
             "/i18n/.json", "/i18n/f.json", "/i18n/engl.json", "/i18n/%66r.json",
             "/i18n/" + std::string(900, 'a') + ".json"}) {
        INFO(target);
        const HttpResponse got = http_get(port, target);
        CHECK(got.status == 404);
        CHECK(got.body.find("common.seat") == std::string::npos);
    }
    // A dot segment, an escaped NUL, '/' or control character, an empty segment: bad requests.
    for (const std::string& target : std::vector<std::string>{
             "/i18n/../fr.json", "/i18n/./fr.json", "/i18n/%00.json", "/i18n/fr%00.json",
             "/i18n/fr.json%00", "/i18n/%2e%2e/fr.json", "/i18n/fr%2fcs.json", "/i18n//fr.json",
             "/i18n/fr%0a.json", "/i18n/%.json", "/i18n/", "/i18n/fr.json/"}) {
        INFO(target);
        const HttpResponse got = http_get(port, target);
        CHECK(got.status == 400);
        CHECK(got.body.find("common.seat") == std::string::npos);
    }
    // Too long for any route.
    CHECK(http_get(port, "/i18n/" + std::string(2000, 'f') + ".json").status == 414);
    // And the server still serves, the catalogs too.
    CHECK(healthy(port));
    CHECK(http_get(port, "/i18n/cs.json").status == 200);
}

// GET /api/players/<name> and /api/leaderboard (README, "Ratings"): a name in any script,
// percent-encoded; anything else a clean 4xx, and the server serves on.
TEST_CASE("HTTP: a player's ratings and the leaderboards", "[server][http][ratings][attack]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());
    for (const char* target : {"/api/leaderboard", "/api/leaderboard/base", "/api/leaderboard/spirits"}) {
        INFO(target);
        const HttpResponse got = http_get(port, target);
        REQUIRE(got.status == 200);
        CHECK(got.content_type == "application/json");
        const auto board = nlohmann::json::parse(got.body);
        CHECK(board["players"].empty());
        CHECK(board["min_games"] == 3);
        CHECK(board["variant"] == (std::string(target).ends_with("spirits") ? "spirits" : "base"));
    }
    CHECK(http_get(port, "/api/players/Ji%C5%99%C3%AD").status == 404);  // nobody registered
    for (const char* target : {"/api/players/%2e%2e", "/api/players/a%00b", "/api/players/a%2fb",
                               "/api/players/a%5cb", "/api/players/%ZZ", "/api/players/a/../b"})
        CHECK(http_get(port, target).status == 400);
    for (const char* target : {"/api/players/", "/api/players/a/b", "/api/players/.hidden",
                               "/api/leaderboard/chess", "/api/leaderboard/base/x"})
        CHECK(http_get(port, target).status == 404);
    CHECK(http_get(port, "/healthz").status == 200);
}
