// The text helpers: strict UTF-8, control characters, quoting user input in errors.
#include <catch2/catch.hpp>

#include "niagara/protocol/text.hpp"

using namespace niagara::protocol;

TEST_CASE("UTF-8: valid text of every length", "[protocol][utf8]") {
    for (const char* ok : {"", "abc", "caf\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x8C\x8A",
                           "\xEF\xBF\xBD", "\xF4\x8F\xBF\xBF", "\xED\x9F\xBF", "\xEE\x80\x80"}) {
        CHECK(is_valid_utf8(ok));
        CHECK(to_valid_utf8(ok) == ok);
    }
    CHECK(utf8_length("caf\xC3\xA9 \xF0\x9F\x8C\x8A") == 6);
}

TEST_CASE("UTF-8: invalid sequences are refused and replaced", "[protocol][utf8]") {
    const std::pair<std::string, std::string> cases[] = {
        {"\x80", "\xEF\xBF\xBD"},                                  // lone continuation byte
        {"a\xC3", "a\xEF\xBF\xBD"},                                // truncated
        {"\xC0\xAF", "\xEF\xBF\xBD\xEF\xBF\xBD"},                  // overlong '/'
        {"\xE0\x80\xAF", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},  // overlong, 3 bytes
        {"\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},  // surrogate U+D800
        {"\xF4\x90\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},  // > U+10FFFF
        {"\xFE", "\xEF\xBF\xBD"},
        {"x\xE2\x82y", "x\xEF\xBF\xBD\xEF\xBF\xBDy"},
    };
    for (const auto& [bad, fixed] : cases) {
        CHECK_FALSE(is_valid_utf8(bad));
        CHECK(to_valid_utf8(bad) == fixed);
        CHECK(is_valid_utf8(to_valid_utf8(bad)));
    }
}

TEST_CASE("Text: control characters", "[protocol][utf8]") {
    for (char32_t c : {U'\0', U'\x01', U'\x1F', U'\x7F', U'\x85', U'\x9F', U'\u202A', U'\u202E',
                       U'\u2066', U'\u2069'})
        CHECK(is_control(c));
    for (char32_t c : {U' ', U'a', U'\xA0', U'\xE9', U'\u2029', U'\u2070', U'\U0001F30A'})
        CHECK_FALSE(is_control(c));
    CHECK_FALSE(has_control("tabs\tand\r\nbreaks are space-like"));
    CHECK(has_control("bell\x07"));
    CHECK(has_control("bidi\xE2\x80\xAE"));
}

TEST_CASE("Text: clean_chat and quote", "[protocol][utf8]") {
    CHECK(clean_chat("  a\tb\nc\x01"
                     "d  ") == "a b cd");
    CHECK(clean_chat("\x01\x02") == "");
    CHECK(quote("short") == "short");
    CHECK(quote("a\x01"
                "b") == "a?b");
    CHECK(quote(std::string(41, 'x')) == std::string(40, 'x') + "...");
    CHECK(quote(std::string(40, 'x')) == std::string(40, 'x'));
    // Cutting never splits a character.
    std::string waves;
    for (int i = 0; i < 50; ++i)
        waves += "\xF0\x9F\x8C\x8A";
    CHECK(is_valid_utf8(quote(waves)));
    CHECK(utf8_length(quote(waves)) == 43);
}
