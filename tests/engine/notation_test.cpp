// The text notation (engine/README.md): canonical forms round-trip, friendly spellings are
// accepted, and mistakes get an explanation.
#include "engine/scenario.hpp"

using niagara::parse_action;
using niagara::to_text;

TEST_CASE("Notation: canonical texts parse back to the same text", "[notation]") {
    for (const char* text : {"play 4",
                             "play cloud",
                             "play 1/2/3",
                             "play lasso",
                             "buyback 2 red",
                             "cloud up",
                             "cloud down",
                             "done",
                             "canoe 1 up 3",
                             "canoe 2 down 1",
                             "canoe 1 down 4 left",
                             "canoe 2 down 6 right",
                             "canoe 1 load violet",
                             "canoe 1 unload red load blue",
                             "canoe 2 load blue then up 3 steal red from 3.1",
                             "canoe 1 down 2 then unload red load blue",
                             "canoe 2 up 1 steal red from 2.1 and yellow from 4.2",
                             "canoe 1 unload clear then up 3 steal red from 1.2",
                             "canoe 1 using 2 up 2",
                             "canoe 2 using 3 load red then down 1",
                             "elk 1",
                             "elk no",
                             "fork 2 left",
                             "fork 1 right",
                             "free 1",
                             "joe take 1",
                             "joe swap 2 red",
                             "joe give 1 blue",
                             "joe no"}) {
        auto parsed = parse_action(text, 2);
        INFO(text << ": " << parsed.why.key);
        REQUIRE(parsed.action);
        CHECK(parsed.action->seat == 2);
        CHECK(to_text(*parsed.action) == text);
    }
}

TEST_CASE("Notation: friendly spellings mean the canonical action", "[notation]") {
    auto same = [](const char* friendly, const char* canonical) {
        auto a = parse_action(friendly, 0), b = parse_action(canonical, 0);
        INFO(friendly << " / " << canonical << ": " << a.why.key);
        REQUIRE(a.action);
        REQUIRE(b.action);
        CHECK(*a.action == *b.action);
    };
    same("Canoe 2, load blue, then up 3, steal red from 3.1",
         "canoe 2 load blue then up 3 steal red from 3.1");
    same("PLAY CLOUD", "play cloud");
    same("buy back canoe 1 with ruby", "buyback 1 red");
    same("canoe 1 load amethyst", "canoe 1 load violet");
    same("canoe 1 up 1 steal blue from 2.1 red from 3.1",
         "canoe 1 up 1 steal blue from 2.1 and red from 3.1");
    same("canoe 1 up 1 steal red from 3.1 and blue from 2.1",
         "canoe 1 up 1 steal blue from 2.1 and red from 3.1");
    same("end", "done");
    same("elk none", "elk no");
    same("joe give canoe 1 sapphire", "joe give 1 blue");
    same("free canoe 2", "free 2");
}

TEST_CASE("Notation: mistakes are refused with what would be right", "[notation]") {
    // The refusal's key (engine.refuse.parse.*) and arguments: the catalogs say what is wrong
    // and what would be right.
    auto error = [](const char* text) {
        auto p = parse_action(text, 0);
        INFO(text);
        REQUIRE_FALSE(p.action);
        return p.why;
    };
    auto key = [&](const char* text) { return error(text).key; };
    CHECK(key("") == "engine.refuse.parse.empty");
    CHECK(error("fly away").key == "engine.refuse.parse.unknown");
    CHECK(error("fly away").args.json() == niagara::Json{{"word", "fly"}});
    CHECK(key("play 9") == "engine.refuse.parse.not_card");
    CHECK(key("canoe 3 up 1") == "engine.refuse.parse.canoe");
    CHECK(key("canoe 1") == "engine.refuse.parse.how");
    CHECK(key("canoe 1 up x") == "engine.refuse.parse.spaces");
    CHECK(key("canoe 1 load blue unload red") == "engine.refuse.parse.unload_after_load");
    CHECK(key("canoe 1 load blue then up 2 then load red") == "engine.refuse.parse.both_moments");
    CHECK(key("canoe 1 up 2 steal red") == "engine.refuse.parse.steal_from");
    CHECK(key("canoe 1 up 2 steal red from 9.1") == "engine.refuse.parse.not_canoe");
    CHECK(key("canoe 1 load") == "engine.refuse.parse.which_load");
    CHECK(key("cloud sideways") == "engine.refuse.parse.cloud");
    CHECK(key("buyback 1 gold") == "engine.refuse.parse.not_colour");
    CHECK(error("play 4 now").key == "engine.refuse.parse.trailing");
    CHECK(error("play 4 now").args.json() == niagara::Json{{"word", "now"}});
    CHECK(key("canoe 1 using 4 up 4") == "engine.refuse.parse.using");
    CHECK(key("elk 3") == "engine.refuse.parse.elk");
    CHECK(key("fork 1 up") == "engine.refuse.parse.fork");
    CHECK(key("joe steal 1") == "engine.refuse.parse.joe");
    CHECK(key("joe swap 1") == "engine.refuse.parse.joe_gem");
}

TEST_CASE("Notation: a wrong step count is refused with the exact text to write (R4.4)",
          "[notation]") {
    // Rulebooks say "3 spaces down" for a canoe on L6 that falls after two; the engine says how
    // to write it.
    auto s = test::state(R"({"options": {"players": 3, "starting_seat": 0}, "phase": "actions",
        "seats": [{"chosen": "3", "canoes": [{"where": "river", "pos": "L6"}, {"where": "river", "pos": "T2"}]},
                  {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK(test::refused(s, 0, "canoe 1 down 3") == "engine.refuse.steps");
    CHECK(test::refusal_arg(s, 0, "canoe 1 down 3", "end")["key"] == "engine.refuse.end_falls");
    CHECK(test::refusal_arg(s, 0, "canoe 1 down 3", "steps") == 2);
    CHECK(test::refusal_arg(s, 0, "canoe 1 down 3", "write")["args"]["command"] ==
          "canoe 1 down 2");
    CHECK(test::refused(s, 0, "canoe 2 up 3") == "engine.refuse.steps");
    CHECK(test::refusal_arg(s, 0, "canoe 2 up 3", "end")["key"] == "engine.refuse.end_land");
    CHECK(test::refusal_arg(s, 0, "canoe 2 up 3", "steps") == 2);
    CHECK(test::refusal_arg(s, 0, "canoe 2 up 3", "write")["args"]["command"] == "canoe 2 up 2");
}

TEST_CASE("Notation: a short count at the fork offers both branches (R4.3, R4.4)", "[notation]") {
    auto s = test::state(R"({"options": {"players": 3, "starting_seat": 0}, "phase": "actions",
        "seats": [{"chosen": "4", "canoes": [{"where": "river", "pos": "T3"}, {"where": "land"}]},
                  {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK(test::refused(s, 0, "canoe 1 down 1") == "engine.refuse.steps");
    CHECK(test::refusal_arg(s, 0, "canoe 1 down 1", "end")["key"] == "engine.refuse.end_pos");
    CHECK(test::refusal_arg(s, 0, "canoe 1 down 1", "steps") == 4);
    CHECK(test::refusal_arg(s, 0, "canoe 1 down 1", "write")["args"]["first"] ==
          "canoe 1 down 4 left");
    CHECK(test::refusal_arg(s, 0, "canoe 1 down 1", "write")["args"]["second"] ==
          "canoe 1 down 4 right");
    CHECK(test::refused(s, 0, "canoe 1 down 4") == "engine.refuse.say_branch");
    CHECK(test::refused(s, 0, "canoe 1 load violet then down 2 left") == "engine.refuse.no_fork");
}
