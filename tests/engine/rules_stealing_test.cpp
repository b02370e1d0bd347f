// R6 (stealing gems and bringing gems to land): scenario tests citing RULES.md.
#include <string>
#include <utility>
#include <vector>

#include "engine/scenario.hpp"
#include "engine/seat_specs.hpp"

namespace {

using namespace niagara;
using Catch::Contains;
using Strings = std::vector<std::string>;

using namespace test::spec;  // phase_two, my_turn, boat (seat_specs.hpp)

}  // namespace

// ---------------------------------------------------------------------------------------------
// R6.1 When a canoe may steal

TEST_CASE("R6.1: an empty canoe that moves up-river onto a loaded canoe may steal its gem",
          "[rules][R6]") {
    State s = phase_two({{"2", "T5", "lost"}, {"6", "T3 red", "land"}, {}});
    CHECK(test::is_legal(s, 0, "canoe 1 up 2 steal red from 2.1"));
    test::act(s, 0, "canoe 1 up 2 steal red from 2.1");
    CHECK(boat(s, 0, 0).pos == Pos::T3);  // R6.2: stealing costs no points
    CHECK(boat(s, 0, 0).cargo.of(Colour::Red) == 1);
    CHECK(boat(s, 1, 0).cargo.total() == 0);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 6);  // the gem changed canoes, nothing else
}

TEST_CASE("R6.1: a canoe must move up-river at least one space to steal", "[rules][R6]") {
    // Zero movement (unloading uses all the points) on the robbed canoe's position.
    State s = phase_two({{"2", "T3 clear", "lost"}, {"6", "T3 red", "land"}, {}});
    test::refused(s, 0, "canoe 1 unload clear steal red from 2.1");
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.steal_count == 0);
}

TEST_CASE("R6.1: a canoe steals only where its move ends, having used all its points",
          "[rules][R6][R4]") {
    State s = phase_two({{"3", "T5", "lost"}, {"6", "T3 red", "land"}, {}});
    // It may not stop early on the loaded canoe...
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 2 steal red from 2.1"), Contains("R4.4"));
    // ...nor steal from a canoe it passed.
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 3 steal red from 2.1"), Contains("R6.2"));
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.steal_count == 0);
}

TEST_CASE("R6.1: a loaded canoe has no room to steal", "[rules][R6]") {
    State s = phase_two({{"2", "T5 yellow", "lost"}, {"6", "T3 red", "land"}, {}});
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 2 steal red from 2.1"), Contains("R6.1"));
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.steal_count == 0);
}

TEST_CASE("R6.1: a canoe never steals where it loaded", "[rules][R6]") {
    State s = phase_two({{"3", "T5", "lost"}, {"6", "T4 red", "land"}, {}});
    CHECK(test::is_legal(s, 0, "canoe 1 up 1 then load clear"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1 then load clear steal red from 2.1"),
               Contains("R6.1"));
}

TEST_CASE("R6.1: unloading before the move does not prevent stealing (figure 5b)", "[rules][R6]") {
    State s = phase_two({{"5", "T5 clear", "lost"}, {"6", "T2 red", "land"}, {}});
    test::act(s, 0, "canoe 1 unload clear then up 3 steal red from 2.1");
    CHECK(boat(s, 0, 0).pos == Pos::T2);
    CHECK(boat(s, 0, 0).cargo.of(Colour::Red) == 1);
    CHECK(boat(s, 0, 0).cargo.total() == 1);
    CHECK(boat(s, 1, 0).cargo.total() == 0);
    CHECK(s.place(Colour::Yellow).of(Colour::Clear) == 1);
}

TEST_CASE("R6.1: unloading after the move forbids stealing", "[rules][R6]") {
    State s = phase_two({{"4", "T5 clear", "lost"}, {"6", "T3 red", "land"}, {}});
    CHECK(test::is_legal(s, 0, "canoe 1 up 2 then unload clear"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 2 then unload clear steal red from 2.1"),
               Contains("R6.1"));
    for (const Action& a : legal_actions(s, 0)) {
        INFO(to_text(a));
        CHECK_FALSE((a.steal_count > 0 && a.timing == Timing::After));
    }
}

// ---------------------------------------------------------------------------------------------
// R6.2 Whom a canoe may rob

TEST_CASE("R6.2: a player never steals from his own canoe", "[rules][R6]") {
    State s = my_turn("2", "T5", "T3 red");
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 2 steal red from 1.2"), Contains("R6.2"));
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.steal_count == 0);
}

TEST_CASE("R6.2: nothing can be stolen on land", "[rules][R6]") {
    State s = phase_two({{"1", "T1", "lost"}, {"6", "T1 red", "land"}, {}});
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1 steal red from 2.1"), Contains("R6.2"));
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.steal_count == 0);
}

TEST_CASE("R6.2: the robbed canoe must be on the same position (L6 is not R6)", "[rules][R6]") {
    State s = phase_two({{"1", "L7", "lost"}, {"6", "R6 blue", "land"}, {}});
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1 steal blue from 2.1"), Contains("R6.2"));
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.steal_count == 0);
}

TEST_CASE("R6.2: with several loaded canoes the stealer chooses; stealing is optional",
          "[rules][R6]") {
    const State start =
        phase_two({{"1", "T4", "lost"}, {"6", "T3 red", "land"}, {"6", "land", "T3 blue"}});
    CHECK_THAT(test::legal(start, 0), Catch::Matchers::UnorderedEquals(Strings{
                                          "canoe 1 up 1", "canoe 1 up 1 steal red from 2.1",
                                          "canoe 1 up 1 steal blue from 3.2", "canoe 1 down 1"}));
    SECTION("steal the blue gem") {
        State s = start;
        test::act(s, 0, "canoe 1 up 1 steal blue from 3.2");
        CHECK(boat(s, 0, 0).cargo.of(Colour::Blue) == 1);
        CHECK(boat(s, 2, 1).cargo.total() == 0);
        CHECK(boat(s, 1, 0).cargo.of(Colour::Red) == 1);
    }
    SECTION("steal nothing") {
        State s = start;
        test::act(s, 0, "canoe 1 up 1");
        CHECK(boat(s, 0, 0).cargo.total() == 0);
        CHECK(boat(s, 2, 1).cargo.of(Colour::Blue) == 1);
        CHECK(boat(s, 1, 0).cargo.of(Colour::Red) == 1);
    }
}

// ---------------------------------------------------------------------------------------------
// R6.4, R6.5

TEST_CASE("R6.4: a canoe moving down-river never steals", "[rules][R6]") {
    State s = phase_two({{"1", "T2", "lost"}, {"6", "T3 red", "land"}, {}});
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 1 steal red from 2.1"), Contains("R6.4"));
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.steal_count == 0);
    test::act(s, 0, "canoe 1 down 1");
    CHECK(boat(s, 0, 0).cargo.total() == 0);
    CHECK(boat(s, 1, 0).cargo.of(Colour::Red) == 1);
}

TEST_CASE("R6.5: a robbed canoe may load or steal later in the same round", "[rules][R6]") {
    State s = phase_two({{"1", "T4", "lost"}, {"2", "T3 red", "lost"}, {"6", "T1 blue", "land"}});
    test::act(s, 0, "canoe 1 up 1 steal red from 2.1");
    REQUIRE(s.turn.seat == 1);
    CHECK(boat(s, 1, 0).cargo.total() == 0);
    CHECK(test::is_legal(s, 1, "canoe 1 load violet"));
    CHECK(test::is_legal(s, 1, "canoe 1 up 2 steal blue from 3.1"));
    test::act(s, 1, "canoe 1 up 2 steal blue from 3.1");
    CHECK(boat(s, 1, 0).cargo.of(Colour::Blue) == 1);
    CHECK(boat(s, 2, 0).cargo.total() == 0);
}

// ---------------------------------------------------------------------------------------------
// R6.6 Bringing gems to land

TEST_CASE("R6.6: a canoe reaching land puts its gem into its owner's collection", "[rules][R6]") {
    State s = phase_two({{"1", "T1 red", "lost", R"("collection":{"blue":1})"}, {}, {}});
    test::act(s, 0, "canoe 1 up 1");  // landing costs nothing beyond the step onto land
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(boat(s, 0, 0).cargo.total() == 0);
    CHECK(s.seats[0].collection.of(Colour::Red) == 1);
    CHECK(s.seats[0].collection.of(Colour::Blue) == 1);
    // The collection is public.
    const Json view = seat_view(s, 1);
    CHECK(view["seats"][0]["collection"]["red"] == 1);
}

TEST_CASE("R6.6: an empty canoe may land too", "[rules][R6]") {
    State s = my_turn("2", "T2", "lost");
    test::act(s, 0, "canoe 1 up 2");
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(s.seats[0].collection.total() == 0);
}

TEST_CASE("R6.6: a gem loaded before the move can be landed in the same turn", "[rules][R6]") {
    State s = my_turn("6", "T3", "lost");
    test::act(s, 0, "canoe 1 load violet then up 3");  // 2 + 3 points, the last one wasted
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(s.seats[0].collection.of(Colour::Violet) == 1);
    CHECK(s.place(Colour::Violet).of(Colour::Violet) == 6);
}
