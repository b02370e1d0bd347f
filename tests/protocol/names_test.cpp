// The shared small rules: which names nobody may take (server and bridge alike), and the ASCII
// folding and trimming every layer uses for words, tokens and tags.
#include <catch2/catch.hpp>

#include "niagara/ascii.hpp"
#include "niagara/protocol/names.hpp"

using niagara::protocol::is_reserved_name;

TEST_CASE("names: the staff words, bot* and guest-* are nobody's, in any letter case", "[names]") {
    for (const char* name : {"server", "Server", "NIAGARA", "admin", "System", "moderator", "bot",
                             "bot-1", "Botanist", "guest-", "guest-7", "GUEST-12"})
        CHECK(is_reserved_name(name));
    for (const char* name : {"", "alice", "servers", "my-bot", "guest", "guest7", "administrator",
                             "niagara2", "robot"})
        CHECK_FALSE(is_reserved_name(name));
}

TEST_CASE("ascii: folds and trims ASCII only, and leaves other bytes as they are", "[names]") {
    using namespace niagara;
    CHECK(ascii::lower("Play CLOUD 4") == "play cloud 4");
    CHECK(ascii::lower("\xC3\x89t\xC3\xA9") == "\xC3\x89t\xC3\xA9");  // "Été": UTF-8 bytes kept
    CHECK(ascii::iequals("Content-Type", "content-type"));
    CHECK_FALSE(ascii::iequals("gzip", "gzip "));
    CHECK_FALSE(ascii::iequals("\xC3\x89", "\xC3\xA9"));
    CHECK(ascii::trim(" \t\r\n\v\f/play 4 \n") == "/play 4");
    CHECK(ascii::trim("   ").empty());
    CHECK(ascii::trim("").empty());
    CHECK(ascii::trim(" \tgzip;q=1\t ", " \t") == "gzip;q=1");
    CHECK(ascii::trim("\r x \r", " ") == "\r x \r");
    for (int c = 0; c < 256; ++c) {  // as C's isspace and tolower in the "C" locale
        const char ch = char(c);
        CHECK(ascii::is_space(ch) == (c == ' ' || (c >= '\t' && c <= '\r')));
        CHECK(ascii::lower(ch) == (c >= 'A' && c <= 'Z' ? char(c + 32) : ch));
    }
}
