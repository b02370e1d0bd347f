// The shared small rules: which names nobody may take (server and bridge alike), and the ASCII
// folding and trimming every layer uses for words, tokens and tags.
#include <catch2/catch.hpp>

#include "niagara/ascii.hpp"
#include "niagara/protocol/names.hpp"

#include <initializer_list>
#include <string>
#include <utility>

using niagara::protocol::is_reserved_name;

TEST_CASE("names: the staff words, bot* and guest-* are nobody's, in any letter case", "[names]") {
    for (const char* name : {"server", "Server", "NIAGARA", "admin", "System", "moderator", "bot",
                             "bot-1", "Botanist", "guest-", "guest-7", "GUEST-12"})
        CHECK(is_reserved_name(name));
    for (const char* name : {"", "alice", "servers", "my-bot", "guest", "guest7", "administrator",
                             "niagara2", "robot"})
        CHECK_FALSE(is_reserved_name(name));
    // Nor in letters that read the same.
    CHECK(is_reserved_name("\xD1\x95\xD0\xB5rv\xD0\xB5r"));  // "ѕеrvеr" (refused as mixed anyway)
    CHECK(is_reserved_name("ADMlN"));  // l for I
    CHECK(is_reserved_name("Bot\xC3\xA1nica"));  // "Botánica": begins with "bot"
}

namespace {

using niagara::protocol::check_name;
using niagara::protocol::NameFault;

NameFault fault(const std::string& name) {
    return check_name(name).fault;
}

}  // namespace

TEST_CASE("names: letters and digits of every script players write their names in", "[names]") {
    // Each name: as typed (UTF-8), accepted as it is.
    for (const char* name : {
             "alice", "Bob_2", "o.k-", "Am\xC3\xA9lie",        // Amélie
             "Ji\xC5\x99\xC3\xAD", "J\xC3\xBCrgen",             // Jiří, Jürgen
             "Fran\xC3\xA7oise", "\xC5\xBDofie", "Ch\xC3\xA2teau",  // Françoise, Žofie, Château
             "Stra\xC3\x9F" "e", "\xC3\x86r\xC3\xB8",          // Straße, Ærø
             "\xD0\x9E\xD0\xBB\xD1\x8C\xD0\xB3\xD0\xB0",       // Ольга (Cyrillic)
             "\xCE\xA3\xCE\xBF\xCF\x86\xCE\xAF\xCE\xB1",       // Σοφία (Greek)
             "\xE3\x81\x95\xE3\x81\x8F\xE3\x82\x89\xE5\xA4\xAA\xE9\x83\x8E",  // さくら太郎
             "\xE6\x9D\x8E\xE5\xB0\x8F\xE9\xBE\x99",           // 李小龙
             "\xEB\xAF\xBC\xEC\xA4\x80",                        // 민준 (Hangul)
         }) {
        INFO(name);
        const auto check = check_name(name);
        CHECK(check.fault == NameFault::None);
        CHECK(check.name == name);
    }
    CHECK(fault("\xD7\x93\xD7\xA0\xD7\x94") == NameFault::None);              // דנה (Hebrew)
    CHECK(fault("\xD9\x84\xD9\x8A\xD9\x84\xD9\x89") == NameFault::None);      // ليلى (Arabic)
    CHECK(fault("\xE0\xA4\x85\xE0\xA4\xA8\xE0\xA4\xBF\xE0\xA4\xB2") == NameFault::None);  // अनिल
    CHECK(fault("\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7\xE0\xA4\xBF\xE0\xA4\xA4\xE0\xA4\xBF\xE0\xA4\x9C") ==
          NameFault::None);  // क्षितिज, a conjunct
    CHECK(fault("Alice\xE5\xA4\xAA\xE9\x83\x8E") == NameFault::None);  // Latin with Han: written together
    // A decomposed name is kept composed: "Jiří" typed as J, i, r, caron, i, acute.
    const auto decomposed = check_name("Jir\xCC\x8Ci\xCC\x81");
    CHECK(decomposed.fault == NameFault::None);
    CHECK(decomposed.name == "Ji\xC5\x99\xC3\xAD");
    CHECK(decomposed.length == 4);
}

TEST_CASE("names: what could pass for another name, or hide, is refused", "[names]") {
    struct Case {
        const char* name;
        NameFault fault;
        const char* why;
    };
    for (const Case& c : std::initializer_list<Case>{
             {"", NameFault::Empty, "empty"},
             {"a b", NameFault::NotAllowed, "a space"},
             {"a\xE2\x80\x8B" "b", NameFault::NotAllowed, "a zero-width space"},
             {"a\xE2\x80\x8D" "b", NameFault::NotAllowed, "a zero-width joiner"},
             {"x\xE2\x80\xAEy", NameFault::NotAllowed, "a right-to-left override"},
             {"\xE3\x85\xA4", NameFault::NotAllowed, "the invisible Hangul filler"},
             {"\xEF\xBD\x81\xEF\xBD\x8C\xEF\xBD\x89\xEF\xBD\x83\xEF\xBD\x85", NameFault::NotAllowed,
              "fullwidth letters"},
             {"\xF0\x9F\x8C\x8A", NameFault::NotAllowed, "an emoji"},
             {"\xE2\x84\x8Crry", NameFault::NotAllowed, "a letterlike symbol (script H)"},
             {"\xCC\x81" "a", NameFault::NotAllowed, "a mark on nothing"},
             {"a\xCC\x81\xCC\x81", NameFault::NotAllowed, "one accent twice on a letter"},
             {"1\xD9\xA1", NameFault::NotAllowed, "digits of two numbering systems"},
             {"---", NameFault::NotAllowed, "no letter or digit"},
             {"\xC3(", NameFault::NotAllowed, "invalid UTF-8"},
             {"\xD0\xB0lice", NameFault::MixedScripts, "Cyrillic a in a Latin name"},
             {"\xCE\x94" "elta", NameFault::MixedScripts, "Greek Delta in a Latin name"},
             {"p\xD0\xB0yp\xD0\xB0l", NameFault::MixedScripts, "Latin and Cyrillic"},
             {"\xD0\x90\xCE\x91", NameFault::MixedScripts, "Cyrillic and Greek"},
             {"abcdefghijklmnopqrstuvwxy", NameFault::TooLong, "25 letters"},
         }) {
        INFO(c.why);
        CHECK(fault(c.name) == c.fault);
    }
}

TEST_CASE("names: two names are one when a reader could take one for the other", "[names]") {
    using niagara::protocol::names_alike;
    using niagara::protocol::same_name;
    // Letter case, in every script.
    CHECK(same_name("Alice", "aLICE"));
    CHECK(same_name("Am\xC3\xA9lie", "AM\xC3\x89LIE"));              // Amélie, AMÉLIE
    CHECK(same_name("Ji\xC5\x99\xC3\xAD", "JI\xC5\x98\xC3\x8D"));    // Jiří, JIŘÍ
    CHECK(same_name("Stra\xC3\x9F" "e", "STRASSE"));                  // Straße, STRASSE
    CHECK(same_name("Jir\xCC\x8Ci\xCC\x81", "Ji\xC5\x99\xC3\xAD"));  // decomposed, composed
    CHECK_FALSE(same_name("Ji\xC5\x99\xC3\xAD", "Jiri"));
    for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
             {"Alice", "ALICE"},
             {"ape", "\xD0\xB0\xD1\x80\xD0\xB5"},  // Latin "ape", Cyrillic "аре"
             {"mary", "rnary"},
             {"bill", "bIll"},
             {"l1", "ll"},
             {"Am\xC3\xA9lie", "am\xC3\xA9lie"},
         }) {
        INFO(a << " / " << b);
        CHECK(names_alike(a, b));
        CHECK(names_alike(b, a));
    }
    // Accents count: a Czech reader tells them apart, and so does the decision of the rule.
    CHECK_FALSE(names_alike("Ji\xC5\x99\xC3\xAD", "Jiri"));
    CHECK_FALSE(names_alike("Am\xC3\xA9lie", "Amelie"));
    CHECK_FALSE(names_alike("alice", "alicia"));
    CHECK_FALSE(names_alike("\xD0\x9E\xD0\xBB\xD1\x8C\xD0\xB3\xD0\xB0", "olga"));  // Ольга, olga
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
