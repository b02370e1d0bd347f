// Replays sent gzipped (server/src/accept_encoding.hpp, http_session.cpp, replay_route.hpp): a
// client that takes gzip gets Content-Encoding: gzip and a body that gunzips to exactly what a
// client without it gets; q=0 or no Accept-Encoding gets the JSON text; HEAD says each one's
// length; both say Vary: Accept-Encoding; what is cached and what is in flight are the bytes
// held and sent.
#include <catch2/catch.hpp>
#include "gzip.hpp"
#include "replay_route.hpp"
#include "server_fixture.hpp"
#include "stored_games.hpp"

using namespace server_test;
using niagara::server::build_replay;
using niagara::server::gzip_decompress;

TEST_CASE("HTTP: replays are sent gzipped to clients that take gzip", "[server][http][replay]") {
    ServerProcess server;
    server.stop();
    // Seed 11: 820 actions, 0.78 MB of JSON; seed 31: 7,695 actions, 7.4 MB.
    const std::vector<StoredGame> games = store_finished_games(server.dir() / "data", {11, 31});
    server.start();
    const unsigned short port = server.port();
    const std::string path = replay_path(games[0].id);
    const HttpHeaders gzip{{"Accept-Encoding", "gzip, deflate, br"}};

    // Built for a client that takes gzip: gzipped, and the same text as a client without gets.
    const HttpResponse gz = http_request(port, "GET", path, gzip, 30s);
    REQUIRE(gz.status == 200);
    CHECK(gz.content_type == "application/json");
    CHECK(gz.content_encoding == "gzip");
    CHECK(gz.vary == "Accept-Encoding");
    const HttpResponse plain = http_get(port, path, 30s);
    REQUIRE(plain.status == 200);
    CHECK(plain.content_encoding.empty());
    CHECK(plain.vary == "Accept-Encoding");
    CHECK(plain.body == build_replay(games[0].id, games[0].record_json, games[0].seats));
    const auto gunzipped = gzip_decompress(gz.body, 64 << 20);
    REQUIRE(gunzipped);
    CHECK(*gunzipped == plain.body);
    INFO(plain.body.size() << " bytes of JSON, " << gz.body.size() << " gzipped");
    CHECK(gz.body.size() * 8 < plain.body.size());

    // What a client's Accept-Encoding says decides; q=0 refuses.
    const std::pair<HttpHeaders, bool> asked[] = {
        {{{"Accept-Encoding", "gzip;q=0"}}, false},
        {{{"Accept-Encoding", "gzip;q=0, *"}}, false},
        {{{"Accept-Encoding", "identity"}}, false},
        {{{"Accept-Encoding", "br"}}, false},
        {{{"Accept-Encoding", "gzip;q=bad"}}, false},
        {{{"Accept-Encoding", "*"}}, true},
        {{{"Accept-Encoding", "GZIP;Q=0.5"}}, true},
        {{{"Accept-Encoding", "br"}, {"Accept-Encoding", "gzip"}}, true},  // two fields, one list
        {{{"Accept-Encoding", "gzip"}, {"Accept-Encoding", "gzip;q=0"}}, false},
    };
    for (const auto& [headers, gzipped] : asked) {
        INFO(headers.front().second << (headers.size() > 1 ? ", " + headers.back().second : ""));
        const HttpResponse r = http_request(port, "GET", path, headers, 30s);
        REQUIRE(r.status == 200);
        CHECK(r.content_encoding == (gzipped ? "gzip" : ""));
        CHECK(r.body == (gzipped ? gz.body : plain.body));
    }

    // HEAD: each representation's headers and length, no body.
    const HttpResponse head_gz = http_request(port, "HEAD", path, gzip);
    CHECK(head_gz.status == 200);
    CHECK(head_gz.content_encoding == "gzip");
    CHECK(head_gz.vary == "Accept-Encoding");
    CHECK(head_gz.content_length == std::to_string(gz.body.size()));
    CHECK(head_gz.body.empty());
    const HttpResponse head_plain = http_request(port, "HEAD", path, {});
    CHECK(head_plain.status == 200);
    CHECK(head_plain.content_encoding.empty());
    CHECK(head_plain.content_length == std::to_string(plain.body.size()));
    CHECK(head_plain.body.empty());

    // Built once; the cache holds the gzip bytes, not the text's.
    std::string metrics = http_get(port, "/metrics").body;
    CHECK(metric(metrics, "niagara_replays_built_total") == 1.0);
    CHECK(metric(metrics, "niagara_replay_cache_bytes") == double(gz.body.size()));
    CHECK(metric_settled(port, "niagara_replay_bytes_in_flight", 0.0).value_or(-1) == 0.0);

    // A refusal is not gzipped. A HEAD of a replay not built yet builds it (for its length).
    const HttpResponse missing = http_request(port, "GET", replay_path(999), gzip);
    CHECK(missing.status == 404);
    CHECK(missing.content_encoding.empty());
    const HttpResponse head_long = http_request(port, "HEAD", replay_path(games[1].id), gzip, 30s);
    CHECK(head_long.status == 200);
    CHECK(head_long.content_encoding == "gzip");

    // In flight: the bytes sent. A reader that does not read holds the gzip bytes of the long
    // game, not its 7.4 MB of text.
    const HttpResponse long_gz = http_request(port, "GET", replay_path(games[1].id), gzip, 30s);
    REQUIRE(long_gz.status == 200);
    CHECK(head_long.content_length == std::to_string(long_gz.body.size()));
    {
        StalledReader stalled(port, replay_path(games[1].id), 2048, "gzip");
        const double gzipped = double(long_gz.body.size());
        CHECK(metric_settled(port, "niagara_replay_bytes_in_flight", gzipped).value_or(-1) ==
              gzipped);
    }
    CHECK(healthy(port));
}
