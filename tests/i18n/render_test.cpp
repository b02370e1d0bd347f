// niagara::i18n's rendering: each kind of argument (i18n/README.md's table) in each language,
// plural categories from ICU's rules, language negotiation, and that no input throws or
// crashes.
#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

#include "niagara/i18n/i18n.hpp"

namespace {

using niagara::i18n::Json;
using niagara::i18n::negotiate;
using niagara::i18n::render;
using niagara::i18n::render_pattern;
using niagara::i18n::supported;

// A plural that names the category ICU picks.
constexpr std::string_view kCategories =
    "{n, plural, one {# one} few {# few} many {# many} other {# other}}";

std::string category(std::string_view lang, const Json& n) {
    const std::string text = render_pattern(lang, kCategories, {{"n", n}});
    return text.substr(text.rfind(' ') + 1);
}

}  // namespace

TEST_CASE("render: a number is written in the language's digits", "[i18n][render]") {
    CHECK(render_pattern("en", "{n} points", {{"n", 1234}}) == "1,234 points");
    CHECK(render_pattern("de", "{n} Punkte", {{"n", 1234}}) == "1.234 Punkte");
    CHECK(render_pattern("en", "{n}", {{"n", 2.5}}) == "2.5");
    CHECK(render_pattern("de", "{n}", {{"n", 2.5}}) == "2,5");
    CHECK(render_pattern("cs", "{n}", {{"n", 2.5}}) == "2,5");
    CHECK(render_pattern("fr", "{n}", {{"n", 7}}) == "7");
    CHECK(render_pattern("en", "{n}", {{"n", -3}}) == "-3");
    CHECK(render_pattern("en", "{n}", {{"n", std::uint64_t(18446744073709551615u)}}) != "?");
}

TEST_CASE("render: a string is inserted verbatim", "[i18n][render]") {
    // Apostrophes, braces and '#' in a value are text, not pattern syntax.
    const std::string name = "O'Brien {x} # '{'";
    CHECK(render_pattern("en", "Hello {name}!", {{"name", name}}) == "Hello " + name + "!");
    CHECK(render_pattern("cs", "{cmd}", {{"cmd", "play 4"}}) == "play 4");
    CHECK(render_pattern("fr", "«{name}»", {{"name", "Žluťoučký kůň"}}) == "«Žluťoučký kůň»");
}

TEST_CASE("render: apostrophes as README.md says", "[i18n][render]") {
    CHECK(render_pattern("fr", "l'eau de {who}", {{"who", "ann"}}) == "l'eau de ann");
    CHECK(render_pattern("en", "{seat}'s canoe", {{"seat", "ann"}}) == "ann's canoe");
    CHECK(render_pattern("en", "''{name}''", {{"name", "x"}}) == "'x'");
}

TEST_CASE("render: a nested text is rendered in the same language", "[i18n][render]") {
    const Json seat3 = {{"key", "common.seat"}, {"args", {{"n", 3}}}};
    CHECK(render_pattern("en", "{who} waits", {{"who", seat3}}) == "Seat 3 waits");
    CHECK(render_pattern("fr", "{who}", {{"who", seat3}}) == "Siège 3");
    CHECK(render_pattern("cs", "{who}", {{"who", seat3}}) == "Místo 3");
    CHECK(render_pattern("de", "{who}", {{"who", seat3}}) == "Platz 3");
    // Nested twice, and a nested text without args.
    CHECK(
        render_pattern("en", "{a}", {{"a", {{"key", "common.seat"}, {"args", {{"n", seat3}}}}}}) ==
        "Seat Seat 3");
    CHECK(render_pattern("en", "[{a}]", {{"a", {{"key", "common.seat"}}}}) == "[Seat {n}]");
    // An unknown nested key shows as itself, which the property tests look for.
    CHECK(render_pattern("en", "{a}", {{"a", {{"key", "common.nothing"}}}}) == "common.nothing");
}

TEST_CASE("render: a seat is its player's name, else 'Seat n+1'", "[i18n][render]") {
    const std::vector<std::string> names = {"ann", "bob"};
    CHECK(render_pattern("en", "{s} plays", {{"s", {{"seat", 1}}}}) == "Seat 2 plays");
    CHECK(render_pattern("cs", "{s}", {{"s", {{"seat", 0}}}}) == "Místo 1");
    CHECK(render_pattern("en", "{s} plays", {{"s", {{"seat", 1}}}}, &names) == "bob plays");
    CHECK(render_pattern("fr", "{s}", {{"s", {{"seat", 0}}}}, &names) == "ann");
    // A seat past the names known: the default name.
    CHECK(render_pattern("de", "{s}", {{"s", {{"seat", 4}}}}, &names) == "Platz 5");
    CHECK(render("en", "common.seat", {{"n", 6}}) == "Seat 6");
    // Not a seat number: '?'.
    CHECK(render_pattern("en", "{s}", {{"s", {{"seat", -1}}}}) == "?");
    CHECK(render_pattern("en", "{s}", {{"s", {{"seat", "1"}}}}) == "?");
    CHECK(render_pattern("en", "{s}", {{"s", {{"seat", 1e300}}}}) == "?");
}

TEST_CASE("render: an array is a list in the language", "[i18n][render]") {
    const Json three = {"a", "b", "c"};
    CHECK(render_pattern("en", "{x}", {{"x", three}}) == "a, b, and c");
    CHECK(render_pattern("fr", "{x}", {{"x", three}}) == "a, b et c");
    CHECK(render_pattern("cs", "{x}", {{"x", three}}) == "a, b a\u00a0c");  // ICU: no break after a
    CHECK(render_pattern("de", "{x}", {{"x", three}}) == "a, b und c");
    CHECK(render_pattern("en", "{x}", {{"x", {"a", "b"}}}) == "a and b");
    CHECK(render_pattern("en", "{x}", {{"x", {"a"}}}) == "a");
    CHECK(render_pattern("en", "[{x}]", {{"x", Json::array()}}) == "[]");
    // Items of every kind: seats, nested texts, numbers in the language's digits.
    const std::vector<std::string> names = {"ann", "bob"};
    CHECK(render_pattern(
              "de", "{x}",
              {{"x", {{{"seat", 1}}, {{"key", "common.seat"}, {"args", {{"n", 9}}}}, 2.5}}},
              &names) == "bob, Platz 9 und 2,5");
}

TEST_CASE("render: plurals pick the language's category", "[i18n][render][plural]") {
    // Czech: 1 one; 2-4 few; other integers other; decimals many.
    for (int n = 0; n <= 30; ++n) {
        INFO("cs " << n);
        const std::string expected = n == 1 ? "one" : n >= 2 && n <= 4 ? "few" : "other";
        CHECK(category("cs", n) == expected);
    }
    CHECK(category("cs", 1.5) == "many");
    // French: 0 and 1 one; 2 other; a million many.
    CHECK(category("fr", 0) == "one");
    CHECK(category("fr", 1) == "one");
    CHECK(category("fr", 2) == "other");
    CHECK(category("fr", 1000000) == "many");
    // English and German: 1 one, else other.
    for (const char* lang : {"en", "de"}) {
        INFO(lang);
        CHECK(category(lang, 0) == "other");
        CHECK(category(lang, 1) == "one");
        CHECK(category(lang, 2) == "other");
    }
    // '#' is the number in the language's digits.
    CHECK(render_pattern("cs", kCategories, {{"n", 1.5}}) == "1,5 many");
}

TEST_CASE("render: select chooses by a string", "[i18n][render]") {
    constexpr std::string_view pattern = "{way, select, up {up-river} other {down-river}}";
    CHECK(render_pattern("en", pattern, {{"way", "up"}}) == "up-river");
    CHECK(render_pattern("en", pattern, {{"way", "down"}}) == "down-river");
}

TEST_CASE("render: never throws; unknown keys show as themselves", "[i18n][render]") {
    CHECK(render("en", "common.no_such_key") == "common.no_such_key");
    CHECK(render("fr", "") == "");
    CHECK(render("xx", "common.seat", {{"n", 2}}) == "Seat 2");  // unknown language: English
    CHECK(render("", "common.seat", {{"n", 2}}) == "Seat 2");
    CHECK(render("fr", "common.seat", Json::array()) == "Siège {n}");  // args not an object
    CHECK(render("fr", "common.seat", {{"n", true}}) == "Siège ?");
    CHECK(render("fr", "common.seat", {{"n", nullptr}}) == "Siège ?");
    CHECK(render("fr", "common.seat", {{"n", 1}, {"extra", 2}}) == "Siège 1");
    // A missing argument is left as ICU writes it, so the property tests see it.
    CHECK(render("en", "common.seat") == "Seat {n}");
    // The text-object form.
    CHECK(render("cs", Json{{"key", "common.seat"}, {"args", {{"n", 4}}}}) == "Místo 4");
    CHECK(render("cs", Json{{"key", "common.seat"}}) == "Místo {n}");
    CHECK(render("cs", Json{{"args", {{"n", 4}}}}) == "?");
    CHECK(render("cs", Json("common.seat")) == "?");
    CHECK(render("cs", Json{{"key", 5}}) == "?");
    // A pattern ICU refuses; a plural given a string.
    CHECK(render_pattern("en", "{n, plural, one {x}") == "?");
    CHECK(render_pattern("en", "{n, plural, one {x} other {y}}", {{"n", "two"}}) == "?");
    // Hostile nesting: deep objects and arrays stop at a depth, with '?'.
    Json deep = {{"key", "common.seat"}, {"args", {{"n", 1}}}};
    for (int i = 0; i < 200; ++i)
        deep = {{"key", "common.seat"}, {"args", {{"n", deep}}}};
    const std::string text = render("en", "common.seat", {{"n", deep}});
    CHECK(text.find('?') != std::string::npos);
    Json list = Json::array();
    for (int i = 0; i < 200; ++i)
        list = Json::array({list});
    CHECK(render_pattern("en", "{x}", {{"x", list}}) == "?");
    // Bytes that are not UTF-8 become U+FFFD, never a crash.
    CHECK_FALSE(render_pattern("en", "{x}", {{"x", std::string("\xff\xfe", 2)}}).empty());
}

TEST_CASE("render: several threads render at once", "[i18n][render][thread]") {
    // Each thread compiles its own formats; run under the sanitizers (and TSan) to see it.
    const std::vector<std::string> langs = {"en", "fr", "cs", "de"};
    std::vector<std::string> expected;
    for (const auto& lang : langs)
        expected.push_back(render(lang, "common.seat", {{"n", 7}}));
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 2000; ++i) {
                const std::size_t lang = static_cast<std::size_t>(i + t) % langs.size();
                if (render(langs[lang], "common.seat", {{"n", 7}}) != expected[lang]) ++wrong[t];
            }
        });
    for (auto& thread : threads)
        thread.join();
    CHECK(wrong == std::vector<int>(4, 0));
}

TEST_CASE("supported: a language tag names a supported language", "[i18n][negotiate]") {
    CHECK(supported("fr") == "fr");
    CHECK(supported("fr-CA") == "fr");
    CHECK(supported("FR_ca") == "fr");
    CHECK(supported("cs_CZ") == "cs");
    CHECK(supported("cs-CZ") == "cs");
    CHECK(supported("de-AT-1996") == "de");
    CHECK(supported("en-Latn-US") == "en");
    CHECK(supported(" de ") == "de");
    CHECK_FALSE(supported("pt-BR"));
    CHECK_FALSE(supported(""));
    CHECK_FALSE(supported("f"));
    CHECK_FALSE(supported("fra"));  // ISO 639-2: not a language we name
    CHECK_FALSE(supported("fr-"));
    CHECK_FALSE(supported("fr--CA"));
    CHECK_FALSE(supported("fr.json"));
    CHECK_FALSE(supported("../fr"));
    CHECK_FALSE(supported(std::string("fr\0", 3)));
    CHECK_FALSE(supported("fr-abcdefghi"));
    CHECK_FALSE(supported("*"));
    CHECK_FALSE(supported(std::string(10000, 'a')));
    CHECK_FALSE(supported("fr-" + std::string(100, 'a')));
}

TEST_CASE("negotiate: the first supported language of a preference list", "[i18n][negotiate]") {
    CHECK(negotiate({"fr-CA"}) == "fr");
    CHECK(negotiate({"cs_CZ"}) == "cs");
    CHECK(negotiate({"pt-BR", "de"}) == "de");
    CHECK(negotiate({"pt-BR,de"}) == "de");  // an Accept-Language header as one entry
    CHECK(negotiate({"pt-BR;q=1, de-CH;q=0.8, fr;q=0.5"}) == "de");
    CHECK(negotiate({"de", "fr"}) == "de");
    CHECK(negotiate({}) == "en");
    CHECK(negotiate({"", "??", "klingon", "../../etc/passwd", std::string(100000, 'x')}) == "en");
    CHECK(negotiate({"pt", "es", "en-GB", "fr"}) == "en");
}

TEST_CASE("render: the common words and their plurals from the catalogs",
          "[i18n][render][plural]") {
    CHECK(render("cs", "common.gems", {{"n", 1}}) == "1 drahokam");
    CHECK(render("cs", "common.gems", {{"n", 3}}) == "3 drahokamy");
    CHECK(render("cs", "common.gems", {{"n", 5}}) == "5 drahokamů");
    CHECK(render("cs", "common.gems", {{"n", 21}}) == "21 drahokamů");
    CHECK(render("fr", "common.gems", {{"n", 0}}) == "0 gemme");
    CHECK(render("fr", "common.gems", {{"n", 2}}) == "2 gemmes");
    CHECK(render("de", "common.gems", {{"n", 1}}) == "1 Edelstein");
    CHECK(render("en", "common.gems", {{"n", 7}}) == "7 gems");
    // English words are the engine's own (colour_name, card_name), so English texts do not
    // change when they are rendered from keys.
    for (const char* colour : {"violet", "clear", "yellow", "blue", "red"})
        CHECK(render("en", std::string("common.gem.") + colour) == colour);
    for (const char* card : {"1", "2", "3", "4", "5", "6", "7", "cloud", "lasso"})
        CHECK(render("en", std::string("common.card.") + card) == card);
    CHECK(render("en", "common.card.123") == "1/2/3");
    CHECK(render("en", "common.place.land") == "land");
    // A list of nested gems, as the engine's log lines pass them.
    const Json gems = {{{"key", "common.gem.violet"}}, {{"key", "common.gem.red"}}};
    CHECK(render_pattern("cs", "{gems}", {{"gems", gems}}) == "ametyst a\u00a0rubín");
    CHECK(render_pattern("fr", "{gems}", {{"gems", gems}}) == "gemme violette et gemme rouge");
    CHECK(render_pattern("de", "{gems}", {{"gems", gems}}) == "Amethyst und Rubin");
    CHECK(niagara::i18n::has_key("common.gem.red"));
    CHECK_FALSE(niagara::i18n::has_key("common.gem.green"));
    CHECK(niagara::i18n::catalog("cs").value("common.seat", "") == "Místo {n}");
    CHECK(niagara::i18n::catalog("xx").value("common.seat", "") == "Seat {n}");
}
