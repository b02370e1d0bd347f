// JSON forms (engine/README.md): shapes, round trips, and malformed input refused cleanly.
#include "engine/scenario.hpp"
#include "niagara/record.hpp"

using namespace niagara;

TEST_CASE("JSON: an action has the documented shape and its text", "[json]") {
    const Action a = test::parse("canoe 2 load blue then up 3 steal red from 3.1", 1);
    const Json j = action_to_json(a);
    CHECK(j == Json::parse(R"({"type": "move", "seat": 1, "canoe": 1, "timing": "before",
        "load": ["blue"], "direction": "up", "steps": 3,
        "steal": [{"seat": 2, "canoe": 0, "gem": "red"}],
        "text": "canoe 2 load blue then up 3 steal red from 3.1"})"));
    CHECK(action_from_json(j) == a);
    CHECK(action_to_json(Action::play(0, Card::Cloud)) ==
          Json::parse(R"({"type": "play", "seat": 0, "card": "cloud", "text": "play cloud"})"));
    CHECK(
        action_to_json(Action::buy_back(2, 1, Colour::Red)) ==
        Json::parse(
            R"({"type": "buyback", "seat": 2, "canoe": 1, "pay": "red", "text": "buyback 2 red"})"));
}

TEST_CASE("JSON: malformed actions are refused with a reason, never a crash", "[json]") {
    for (const char* text :
         {R"(null)", R"([])", R"({"type": "jump"})", R"({"type": "play"})",
          R"({"type": "play", "card": 4})", R"({"type": "play", "card": "9"})",
          R"({"type": "play", "card": "4", "seat": 99})",
          R"({"type": "play", "card": "4", "seat": -1})",
          R"({"type": "play", "card": "4", "seat": 1.5})", R"({"type": "move", "canoe": 5})",
          R"({"type": "move", "load": ["blue", "red", "clear"]})",
          R"({"type": "move", "load": "blue"})", R"({"type": "move", "direction": "sideways"})",
          R"({"type": "move", "steps": 1000})", R"({"type": "move", "steal": [{"seat": 0}]})",
          R"({"type": "move", "steal": [1, 2]})", R"({"type": "cloud", "direction": 1})",
          R"({"type": "buyback", "canoe": 0})", R"({"type": 7})"}) {
        INFO(text);
        CHECK_THROWS_AS(action_from_json(Json::parse(text)), std::invalid_argument);
    }
}

TEST_CASE("JSON: impossible states are refused (R1.3, R5.1)", "[json]") {
    auto refused = [](const char* text) {
        INFO(text);
        CHECK_THROWS_AS(state_from_json(Json::parse(text)), std::invalid_argument);
    };
    refused(R"({"options": {"players": 2}})");
    refused(R"({"options": {"players": 3}, "seats": [{"collection": {"red": 8}}, {}, {}]})");
    refused(
        R"({"options": {"players": 3}, "seats": [{"canoes": [{"where": "river", "pos": "T3", "cargo": ["red", "blue"]}, {}]}, {}, {}]})");
    refused(
        R"({"options": {"players": 3}, "seats": [{"canoes": [{"where": "land", "cargo": ["red"]}, {}]}, {}, {}]})");
    refused(
        R"({"options": {"players": 3}, "seats": [{"canoes": [{"where": "river", "pos": "T9"}, {}]}, {}, {}]})");
    refused(R"({"options": {"players": 3}, "seats": [{"hand": ["4"], "discard": ["4"]}, {}, {}]})");
    refused(R"({"options": {"players": 3}, "seats": [{"hand": ["7"]}, {}, {}]})");
    refused(R"({"options": {"players": 3}, "places": {"red": {"red": 6}}})");
    refused(R"({"options": {"players": 3}, "weather": 3})");
    refused(R"({"options": {"players": 3}, "phase": "actions"})");
    refused(R"({"options": {"players": 3}, "seats": [{}, {}]})");
    refused(R"("a string")");
}

TEST_CASE("JSON: options and records round-trip", "[json]") {
    Options o;
    o.players = 5;
    o.memory = true;
    o.tie_break = true;
    o.seed = 18446744073709551615ull;
    o.starting_seat = 3;
    CHECK(options_from_json(options_to_json(o)) == o);
    CHECK_THROWS_AS(options_from_json(Json::parse(R"({"seed": -1})")), std::invalid_argument);
    CHECK_THROWS_AS(options_from_json(Json::parse(R"({"players": "four"})")),
                    std::invalid_argument);

    Record r{o, {Action::play(0, Card::Four), Action::play(1, Card::Cloud)}, false};
    const Record back = record_from_json(record_to_json(r));
    CHECK(back.options == r.options);
    CHECK(back.actions == r.actions);
    CHECK_THROWS_WITH(record_from_json(Json::parse(
                          R"({"actions": [{"type": "play", "card": "4"}, {"type": "x"}]})")),
                      Catch::Contains("action 1"));
}

TEST_CASE("JSON: the result names winners and collections (R9.2)", "[json]") {
    auto s = test::state(R"({"options": {"players": 3}, "phase": "over", "winners": [1],
        "seats": [{}, {"collection": {"red": 4}}, {"collection": {"blue": 1}}]})");
    const Json r = result_to_json(s);
    CHECK(r["over"] == true);
    CHECK(r["winners"] == Json::array({1}));
    CHECK(r["collections"][1]["gems"] == Json::parse(R"({"red": 4})"));
    CHECK(r["collections"][1]["value"] == 20);
    CHECK(r["collections"][1]["winning"] == true);
    CHECK(r["collections"][2]["winning"] == false);
}

TEST_CASE("JSON: a turn that would have passed by itself is not a valid state (R4.2)", "[json]") {
    CHECK_THROWS_WITH(test::state(R"({"options": {"players": 3, "starting_seat": 0}, "phase": "actions",
        "seats": [{"chosen": "4", "canoes": [{"where": "lost"}, {"where": "lost"}]}, {"chosen": "5"}, {"chosen": "6"}]})"),
                      Catch::Contains("no canoe to move"));
}
