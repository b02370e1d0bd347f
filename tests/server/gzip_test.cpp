// gzip through zlib (server/src/gzip.hpp), as replays are kept and sent: the round trip, the
// capacity counted as held, and damaged, truncated, lying or oversized input (a bomb) refused
// without a crash or an allocation past the limit.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "gzip.hpp"

using niagara::server::gzip_compress;
using niagara::server::gzip_decompress;

TEST_CASE("Replay gzip: zlib round trip, damaged and oversized input refused", "[replay]") {
    std::mt19937 rng(7);
    std::string text;
    for (int i = 0; i < 200000; ++i)
        text +=
            "{\"op\":\"replace\",\"path\":\"/round\",\"value\":" + std::to_string(rng() % 10) + "}";
    const std::string gz = gzip_compress(text);
    CHECK(gz.size() * 10 < text.size());
    CHECK(gz.capacity() == gz.size());     // what the cache counts is what it holds
    CHECK(gz.substr(0, 2) == "\x1f\x8b");  // a gzip member (RFC 1952)
    CHECK(gzip_decompress(gz, text.size()) == text);
    CHECK(gzip_decompress(gz, text.size() + 1000) == text);
    CHECK_FALSE(gzip_decompress(gz, text.size() - 1));  // one byte too long for the limit
    CHECK(gzip_decompress(gzip_compress(""), 0) == std::string());
    CHECK(gzip_decompress(gzip_compress("x", 1), 1) == std::string("x"));

    // Hostile or damaged input: refused, never a crash or a runaway allocation.
    CHECK_FALSE(gzip_decompress("", 100));
    CHECK_FALSE(gzip_decompress("not gzip at all, not even close", 100));
    CHECK_FALSE(gzip_decompress(gz.substr(0, gz.size() / 2), text.size()));  // cut short
    CHECK_FALSE(gzip_decompress(gz.substr(0, gz.size() - 1), text.size()));  // trailer cut
    CHECK_FALSE(gzip_decompress(gz + "x", text.size()));                     // trailing bytes
    std::string bad_crc = gz;
    bad_crc[bad_crc.size() - 6] ^= 1;
    CHECK_FALSE(gzip_decompress(bad_crc, text.size()));
    std::string lying_length = gz;  // the trailer's length (a hint) says 4 GB
    for (std::size_t i = lying_length.size() - 4; i < lying_length.size(); ++i)
        lying_length[i] = '\xff';
    CHECK_FALSE(gzip_decompress(lying_length, 1 << 20));
    // A bomb: 64 MB of zeros in about 64 KB, inflated against a 1 MB limit.
    const std::string bomb = gzip_compress(std::string(64 << 20, '\0'), 9);
    CHECK(bomb.size() < 100 << 10);
    CHECK_FALSE(gzip_decompress(bomb, 1 << 20));
    for (int i = 0; i < 2000; ++i) {  // random flips in a small member
        std::string flipped = gzip_compress(text.substr(0, 3000));
        flipped[rng() % flipped.size()] ^= char(1 << (rng() % 8));
        const auto out = gzip_decompress(flipped, 3000);
        if (out) CHECK(*out == text.substr(0, 3000));  // a flip in a field nobody checks
    }
}
