// Accept-Encoding (server/src/accept_encoding.hpp): which request headers take a gzipped replay
// (RFC 9110 §12.5.3: q=0 refuses, "*" stands for codings not named, names and "q" in any case),
// and hostile headers: any bytes, any length up to the server's header limit, answered quickly
// and never with gzip on words that cannot be read.
#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <string>

#include "accept_encoding.hpp"

using niagara::server::accepts_gzip;
using namespace std::string_literals;

TEST_CASE("HTTP: Accept-Encoding: who takes gzip", "[http][accept_encoding]") {
    const std::pair<const char*, bool> cases[] = {
        {"", false},  // no header: no coding
        {"gzip", true},
        {"GZip", true},
        {"x-gzip", true},
        {"gzip, deflate, br, zstd", true},  // what browsers send
        {"deflate, gzip;q=1.0, *;q=0.5", true},
        {"br;q=1.0, gzip;q=0.8, *;q=0.1", true},
        {"gzip;q=0.001", true},
        {"gzip ; q=0.5", true},  // OWS around ';'
        {"gzip;Q=0.5", true},
        {"gzip;level=9", true},  // a parameter other than q: ignored
        {"  ,, gzip ,", true},   // empty list elements
        {"*", true},
        {"*;q=0.3", true},
        {"identity", false},
        {"deflate, br", false},
        {"identity;q=0, br", false},  // identity refused and gzip not named: identity anyway
        {"gzip;q=0", false},
        {"gzip;q=0.", false},
        {"gzip;q=0.000", false},
        {"gzip; q=0", false},
        {"gzip;Q=0", false},
        {"*;q=0", false},
        {"gzip;q=0, *", false},  // named: "*" does not stand for it
        {"*;q=0, gzip", true},
        {"*, gzip;q=0", false},
        {"gzip, gzip;q=0", false},  // named twice: one refusal refuses
        {"x-gzip;q=0, gzip", false},
        {"gzip;q=0.5;q=0", false},
        // Weights that cannot be read refuse.
        {"gzip;q=", false},
        {"gzip;q", false},
        {"gzip;q=abc", false},
        {"gzip;q=2", false},
        {"gzip;q=1.5", false},
        {"gzip;q=1.001", false},
        {"gzip;q=0.0001", false},
        {"gzip;q=-1", false},
        {"gzip;q=0x1", false},
        {"gzip;q=0.5x", false},
        {"*;q=nope", false},
        // Not gzip, or not a token.
        {"gzip2", false},
        {"gz", false},
        {"g zip", false},
        {"\"gzip\"", false},
        {"gzip\x01", false},
        {"gzi\xc3\xa9p", false},
        {"deflate;q=0.5 gzip", false},  // one element: "deflate" with a weight that cannot be read
    };
    for (const auto& [header, expected] : cases) {
        INFO("Accept-Encoding: " << header);
        CHECK(accepts_gzip(header) == expected);
    }
    // A NUL inside the value (Beast's parser refuses it, but the function must not care).
    CHECK(accepts_gzip(std::string("gzip\0", 5)) == false);
    CHECK(accepts_gzip(std::string("br,\0,gzip", 9)) == true);
}

TEST_CASE("HTTP: Accept-Encoding: hostile headers are read quickly and safely",
          "[http][accept_encoding][attack]") {
    // Random bytes, biased towards the grammar's own characters.
    std::mt19937 rng(1234);
    const std::string alphabet = "gzipGZIP*xq=0.1;, \t\"\\\x00\xff\x7f-"s;  // with its NUL
    int gzipped = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string header(rng() % 64, ' ');
        for (char& c : header)
            c = alphabet[rng() % alphabet.size()];
        gzipped += accepts_gzip(header);
    }
    CHECK(gzipped > 0);  // the cases above are reachable from random input too
    // The longest headers the server reads (8 KiB) of the worst shapes: linear time.
    const std::size_t limit = 8 * 1024;
    const std::string shapes[] = {
        std::string(limit, ','),
        std::string(limit, ';'),
        std::string(limit, ' '),
        std::string(limit, 'g'),
        "gzip" + std::string(limit, ';'),
        "gzip;" + std::string(limit, '='),
        "gzip;q=0." + std::string(limit, '0'),
    };
    for (const std::string& header : shapes) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < 100; ++i)
            (void)accepts_gzip(header);
        CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
    }
    CHECK(accepts_gzip(shapes[4]));        // ";;;...": no weight, gzip named
    CHECK_FALSE(accepts_gzip(shapes[6]));  // too many digits: not a weight
    std::string many;
    while (many.size() < limit)
        many += "br;q=0.5, ";
    CHECK_FALSE(accepts_gzip(many));
    CHECK(accepts_gzip(many + "gzip"));
}
