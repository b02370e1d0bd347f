// Table options: the /new words, the JSON object, validation and the short description.
#include <catch2/catch.hpp>

#include "niagara/protocol/client_message.hpp"

using Catch::Matchers::Contains;
using niagara::protocol::describe;
using niagara::protocol::Json;
using niagara::protocol::parse_table_options;
using niagara::protocol::table_options_from_json;
using niagara::protocol::table_options_to_json;
using niagara::protocol::TableOptions;

namespace {

TableOptions from_words(const std::string& words) {
    TableOptions o;
    auto why = parse_table_options(words, o);
    INFO(words << ": " << why.value_or(""));
    REQUIRE_FALSE(why);
    return o;
}

std::string word_error(const std::string& words) {
    TableOptions o;
    o.game.seed = 5;
    auto why = parse_table_options(words, o);
    REQUIRE(why);
    CHECK(o.game.seed == 5);  // a refusal leaves the options untouched
    CHECK(o.game.players == 4);
    return *why;
}

std::string json_error(const Json& j) {
    TableOptions o;
    auto why = table_options_from_json(j, o);
    REQUIRE(why);
    CHECK(o == TableOptions{});
    return *why;
}

}  // namespace

TEST_CASE("Options: every word", "[protocol][options]") {
    const auto o = from_words("players=4 spirits joe memory tiebreak timer=60 seed=7");
    CHECK(o.game.players == 4);
    CHECK(o.game.spirits);
    CHECK(o.game.diamond_joe);
    CHECK(o.game.memory);
    CHECK(o.game.tie_break);
    CHECK(o.turn_seconds == 60);
    CHECK(o.game.seed == 7);
    CHECK(o.game.starting_seat == -1);
}

TEST_CASE("Options: spellings, case, commas and off switches", "[protocol][options]") {
    CHECK(from_words("Diamond_Joe").game.diamond_joe);
    CHECK(from_words("diamond-joe").game.diamond_joe);
    CHECK(from_words("tie_break").game.tie_break);
    CHECK(from_words("TIE-BREAK").game.tie_break);
    CHECK(from_words("turn_seconds=90").turn_seconds == 90);
    CHECK(from_words("players=3, spirits,memory") == from_words("players=3 spirits memory"));
    CHECK_FALSE(from_words("spirits spirits=off").game.spirits);
    CHECK(from_words("memory=yes").game.memory);
    CHECK(from_words("") == TableOptions{});
    CHECK(from_words("seed=18446744073709551615").game.seed == 18446744073709551615ull);
}

TEST_CASE("Options: words override what the options held", "[protocol][options]") {
    TableOptions o;
    o.game.spirits = true;
    o.turn_seconds = 30;
    REQUIRE_FALSE(parse_table_options("players=6", o));
    CHECK(o.game.players == 6);
    CHECK(o.game.spirits);
    CHECK(o.turn_seconds == 30);
}

TEST_CASE("Options: the player count is checked with the engine's rules", "[protocol][options]") {
    CHECK(from_words("players=6 spirits").game.players == 6);
    CHECK(from_words("spirits players=6").game.players == 6);  // order does not matter
    CHECK(from_words("players=3").game.players == 3);
    CHECK_THAT(word_error("players=6"),
               Contains("'players=6'") && Contains("6 only with the Spirits expansion"));
    CHECK_THAT(word_error("players=2"), Contains("'players=2'") && Contains("3 to 5"));
    CHECK_THAT(word_error("players=7 spirits"), Contains("3 to 6"));
    CHECK_THAT(word_error("players=four"), Contains("'players=four'") && Contains("players=4"));
    CHECK_THAT(word_error("players"), Contains("players=4"));
    CHECK_THAT(word_error("players=99999999999"), Contains("players=4"));
}

TEST_CASE("Options: the turn timer is 0 or 10 to 3600 seconds", "[protocol][options]") {
    CHECK(from_words("timer=0").turn_seconds == 0);
    CHECK(from_words("timer=10").turn_seconds == 10);
    CHECK(from_words("timer=3600").turn_seconds == 3600);
    for (const char* bad : {"timer=9", "timer=3601", "timer=-5"})
        CHECK_THAT(word_error(bad),
                   Contains(std::string("'") + bad + "'") && Contains("10 to 3600 seconds"));
    CHECK_THAT(word_error("timer=soon"), Contains("'timer=soon'") && Contains("timer=60"));
}

TEST_CASE("Options: unknown and malformed words are named", "[protocol][options]") {
    CHECK_THAT(word_error("players=4 spirts"),
               Contains("unknown option 'spirts'") && Contains("players=N, spirits, joe"));
    CHECK_THAT(word_error("seed=-1"), Contains("'seed=-1'"));
    CHECK_THAT(word_error("seed=x"), Contains("seed=7"));
    CHECK_THAT(word_error("spirits=maybe"), Contains("'spirits=maybe'") && Contains("spirits=off"));
    CHECK_THAT(word_error(std::string(100, 'x')), Contains("..."));  // long words are cut
}

TEST_CASE("Options: JSON round trip", "[protocol][options]") {
    TableOptions o;
    o.game.players = 6;
    o.game.spirits = true;
    o.game.diamond_joe = true;
    o.game.memory = true;
    o.game.tie_break = true;
    o.game.seed = 1234567890123ull;
    o.turn_seconds = 45;
    const Json j = table_options_to_json(o);
    CHECK(j == Json::parse(R"({"players": 6, "spirits": true, "diamond_joe": true,
        "memory": true, "tie_break": true, "seed": 1234567890123, "turn_seconds": 45})"));
    TableOptions back;
    REQUIRE_FALSE(table_options_from_json(j, back));
    CHECK(back == o);

    TableOptions defaults;
    REQUIRE_FALSE(table_options_from_json(Json::object(), defaults));
    CHECK(defaults == TableOptions{});
}

TEST_CASE("Options: the bots' level", "[protocol][options]") {
    CHECK_FALSE(from_words("players=4").bots);  // the server's default
    CHECK(from_words("bots=greedy").bots == niagara::BotLevel::Greedy);
    CHECK(from_words("players=3 bots=Random").bots == niagara::BotLevel::Random);
    CHECK_THAT(word_error("bots=expert"), Contains("'bots=expert'") && Contains("greedy"));
    TableOptions o;
    REQUIRE_FALSE(table_options_from_json({{"bots", "strong"}}, o));
    CHECK(o.bots == niagara::BotLevel::Strong);
    CHECK(table_options_to_json(o)["bots"] == "strong");
    CHECK_FALSE(table_options_to_json(TableOptions{}).contains("bots"));
    CHECK_THAT(json_error({{"bots", 3}}), Contains("\"bots\" must be random, greedy or strong"));
    CHECK(describe(from_words("players=3 bots=greedy")) == "3 players, greedy bots");
}

TEST_CASE("Options: JSON mistakes", "[protocol][options]") {
    CHECK_THAT(json_error(Json::array()), Contains("must be an object"));
    CHECK_THAT(json_error({{"players", "4"}}), Contains("\"players\" must be a whole number"));
    CHECK_THAT(json_error({{"players", 4.5}}), Contains("\"players\" must be a whole number"));
    CHECK_THAT(json_error({{"players", 6}}), Contains("Spirits"));
    CHECK_THAT(json_error({{"spirits", "yes"}}), Contains("\"spirits\" must be true or false"));
    CHECK_THAT(json_error({{"joe", true}}),
               Contains("unknown option \"joe\"") && Contains("diamond_joe"));
    CHECK_THAT(json_error({{"seed", -1}}), Contains("\"seed\""));
    CHECK_THAT(json_error({{"turn_seconds", 5}}), Contains("10 to 3600"));
    CHECK_THAT(json_error({{"turn_seconds", "60"}}), Contains("whole number of seconds"));
    CHECK_THAT(json_error({{"starting_seat", 1}}), Contains("unknown option"));
}

TEST_CASE("Options: a short description for people", "[protocol][options]") {
    CHECK(describe(TableOptions{}) == "4 players");
    CHECK(describe(from_words("players=4 spirits joe memory tiebreak timer=60")) ==
          "4 players, Spirits, Diamond Joe, memory, tie-break, 60 s turns");
    CHECK(describe(from_words("players=3 timer=0 seed=9")) == "3 players");
}
