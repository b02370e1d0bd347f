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
        INFO(text << ": " << parsed.error);
        REQUIRE(parsed.action);
        CHECK(parsed.action->seat == 2);
        CHECK(to_text(*parsed.action) == text);
    }
}

TEST_CASE("Notation: friendly spellings mean the canonical action", "[notation]") {
    auto same = [](const char* friendly, const char* canonical) {
        auto a = parse_action(friendly, 0), b = parse_action(canonical, 0);
        INFO(friendly << " / " << canonical << ": " << a.error);
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
    auto error = [](const char* text) {
        auto p = parse_action(text, 0);
        INFO(text);
        REQUIRE_FALSE(p.action);
        return p.error;
    };
    CHECK_THAT(error(""), Catch::Contains("try: play 4"));
    CHECK_THAT(error("fly away"), Catch::Contains("unknown action 'fly'"));
    CHECK_THAT(error("play 9"), Catch::Contains("cards are 1 to 7"));
    CHECK_THAT(error("canoe 3 up 1"), Catch::Contains("canoe 1 or canoe 2"));
    CHECK_THAT(error("canoe 1"), Catch::Contains("up 3"));
    CHECK_THAT(error("canoe 1 up x"), Catch::Contains("how many spaces"));
    CHECK_THAT(error("canoe 1 load blue unload red"), Catch::Contains("R5.6"));
    CHECK_THAT(error("canoe 1 load blue then up 2 then load red"), Catch::Contains("R5.4"));
    CHECK_THAT(error("canoe 1 up 2 steal red"), Catch::Contains("steal red from 3.1"));
    CHECK_THAT(error("canoe 1 up 2 steal red from 9.1"), Catch::Contains("seat.canoe"));
    CHECK_THAT(error("canoe 1 load"), Catch::Contains("which gem"));
    CHECK_THAT(error("cloud sideways"), Catch::Contains("cloud up or cloud down"));
    CHECK_THAT(error("buyback 1 gold"), Catch::Contains("not a gem colour"));
    CHECK_THAT(error("play 4 now"), Catch::Contains("unexpected 'now'"));
    CHECK_THAT(error("canoe 1 using 4 up 4"), Catch::Contains("using 1, using 2 or using 3"));
    CHECK_THAT(error("elk 3"), Catch::Contains("elk no"));
    CHECK_THAT(error("fork 1 up"), Catch::Contains("fork 1 left"));
    CHECK_THAT(error("joe steal 1"), Catch::Contains("joe take 1"));
    CHECK_THAT(error("joe swap 1"), Catch::Contains("which gem"));
}

TEST_CASE("Notation: a wrong step count is refused with the exact text to write (R4.4)",
          "[notation]") {
    // Rulebooks say "3 spaces down" for a canoe on L6 that falls after two; the engine says how
    // to write it.
    auto s = test::state(R"({"options": {"players": 3, "starting_seat": 0}, "phase": "actions",
        "seats": [{"chosen": "3", "canoes": [{"where": "river", "pos": "L6"}, {"where": "river", "pos": "T2"}]},
                  {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 3"),
               Catch::Contains("goes over the waterfall after 2 spaces; write 'canoe 1 down 2'"));
    CHECK_THAT(test::refused(s, 0, "canoe 2 up 3"),
               Catch::Contains("reaches land after 2 spaces; write 'canoe 2 up 2'"));
}

TEST_CASE("Notation: a short count at the fork offers both branches (R4.3, R4.4)", "[notation]") {
    auto s = test::state(R"({"options": {"players": 3, "starting_seat": 0}, "phase": "actions",
        "seats": [{"chosen": "4", "canoes": [{"where": "river", "pos": "T3"}, {"where": "land"}]},
                  {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK_THAT(
        test::refused(s, 0, "canoe 1 down 1"),
        Catch::Contains(
            "ends at L7 after 4 spaces; write 'canoe 1 down 4 left' or 'canoe 1 down 4 right'"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 4"), Catch::Contains("say left or right (R4.3)"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 load violet then down 2 left"),
               Catch::Contains("does not reach the fork"));
}
