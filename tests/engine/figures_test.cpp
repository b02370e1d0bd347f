// The examples of the English base rulebook (rulebooks/000_*), one test case per figure, checked
// against RULES.md. The images are not available: each position is rebuilt from the caption, and
// every choice the caption leaves open is written down in a comment.
//
// The rulebook's players are given fixed seats (0-based here, 1-based in the text notation):
// seat 0 Bea BROWN, seat 1 Yannick YELLOW, seat 2 Roger RED, seat 3 Biggi BLUE, seat 4 Gina GREEN.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/scenario.hpp"

namespace {

using namespace niagara;
using Catch::Contains;

constexpr int kBea = 0;
constexpr int kYannick = 1;
constexpr int kRoger = 2;
constexpr int kBiggi = 3;
constexpr int kGina = 4;

const Canoe& canoe(const State& s, int seat, int k) {
    return s.seats[seat].canoes[k];
}

// The canoe is in the river at `pos` carrying exactly `cargo` (a colour, or nothing).
void check_in_river(const State& s, int seat, int k, Pos pos, std::optional<Colour> cargo) {
    INFO("seat " << seat << " canoe " << k);
    const Canoe& c = canoe(s, seat, k);
    CHECK(c.where == Where::River);
    CHECK(c.pos == pos);
    CHECK(c.cargo.total() == (cargo ? 1 : 0));
    if (cargo) CHECK(c.cargo.of(*cargo) == 1);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Figure 4: who may / must move which canoes. One round with all five players, in seat order.
// Assumed positions and cards (the caption names neither): Bea both on land, plays 3; Yannick
// canoe 1 at T1, canoe 2 on land, plays 4; Roger canoe 1 on land, canoe 2 at T3, plays 2; Biggi
// canoes at T1 and T4, plays 5; Gina canoes at T2 and T3, plays the cloud.
TEST_CASE(
    "Figure 4 (R4.2, R7.1): both on land move exactly one; one in the river must move "
    "and the land canoe may; both in the river both move; a cloud moves no canoe",
    "[figure]") {
    State s = test::state(R"({
      "options": {"players": 5, "starting_seat": 0},
      "phase": "actions",
      "seats": [
        {"chosen": "3", "canoes": [{"where": "land"}, {"where": "land"}]},
        {"chosen": "4", "canoes": [{"where": "river", "pos": "T1"}, {"where": "land"}]},
        {"chosen": "2", "canoes": [{"where": "land"}, {"where": "river", "pos": "T3"}]},
        {"chosen": "5", "canoes": [{"where": "river", "pos": "T1"}, {"where": "river", "pos": "T4"}]},
        {"chosen": "cloud", "canoes": [{"where": "river", "pos": "T2"}, {"where": "river", "pos": "T3"}]}
      ]})");

    // Bea BROWN: both canoes on land. She must move one (no "done") and may choose which.
    REQUIRE(s.turn.seat == kBea);
    CHECK(test::sorted(test::legal(s, kBea)) ==
          std::vector<std::string>{"canoe 1 down 3", "canoe 2 down 3"});
    CHECK_THAT(test::refused(s, kBea, "done"), Contains("R4.2"));
    test::act(s, kBea, "canoe 2 down 3");
    // ... and may not move both: her turn is over at once, canoe 1 stays on land.
    CHECK(s.turn.seat == kYannick);
    CHECK(canoe(s, kBea, 0).where == Where::Land);
    check_in_river(s, kBea, 1, Pos::T3, std::nullopt);

    // Yannick YELLOW: canoe 1 in the river must move; canoe 2 on land may stay.
    CHECK_THAT(test::refused(s, kYannick, "done"), Contains("R4.2"));
    CHECK(test::is_legal(s, kYannick, "canoe 2 down 4"));  // the land canoe could go first
    test::act(s, kYannick, "canoe 1 down 4");
    check_in_river(s, kYannick, 0, Pos::T5, std::nullopt);
    CHECK(s.turn.seat == kYannick);  // still his turn: the land canoe may follow
    CHECK(test::is_legal(s, kYannick, "canoe 2 down 4"));
    test::act(s, kYannick, "done");
    CHECK(canoe(s, kYannick, 1).where == Where::Land);

    // Roger RED: the same situation, but he also moves the land canoe. Canoe 2 at T3 loads a
    // violet gem with all of its 2 points (R5.8), then canoe 1 enters the river.
    REQUIRE(s.turn.seat == kRoger);
    CHECK_THAT(test::refused(s, kRoger, "done"), Contains("R4.2"));
    test::act(s, kRoger, "canoe 2 load violet");
    CHECK(s.turn.seat == kRoger);
    test::act(s, kRoger, "canoe 1 down 2");
    check_in_river(s, kRoger, 0, Pos::T2, std::nullopt);
    check_in_river(s, kRoger, 1, Pos::T3, Colour::Violet);
    CHECK(s.turn.seat == kBiggi);  // both moved: nothing left to decide

    // Biggi BLUE: both canoes in the river, both must move, each the full 5 points.
    CHECK_THAT(test::refused(s, kBiggi, "done"), Contains("R4.2"));
    test::act(s, kBiggi, "canoe 1 down 5 right");  // T1 -> T5 -> R6
    CHECK(s.turn.seat == kBiggi);
    CHECK_FALSE(test::is_legal(s, kBiggi, "done"));
    CHECK_THAT(test::refused(s, kBiggi, "done"), Contains("R4.2"));
    test::act(s, kBiggi, "canoe 2 up 4");  // T4 -> land, the fifth point is wasted (R4.4)
    check_in_river(s, kBiggi, 0, Pos::R6, std::nullopt);
    CHECK(canoe(s, kBiggi, 1).where == Where::Land);

    // Gina GREEN: both canoes in the river, but she played the cloud: no canoe moves.
    REQUIRE(s.turn.seat == kGina);
    CHECK(test::sorted(test::legal(s, kGina)) ==
          std::vector<std::string>{"cloud down", "cloud up"});
    CHECK_THAT(test::refused(s, kGina, "canoe 1 down 1"), Contains("R7.1"));
    CHECK_THAT(test::refused(s, kGina, "done"), Contains("R7.1"));
    test::act(s, kGina, "cloud up");
    CHECK(s.weather == 1);
    // Her turn was the last: the river moved (lowest card 2 + weather 1) and round 2 began.
    CHECK(s.last_speed == 3);
    CHECK(s.round == 2);
    CHECK(s.phase == Phase::ChooseCards);
}

// ---------------------------------------------------------------------------------------------
// Figure 5a. Assumed: Yannick's empty canoe 1 is at T5 and goes down the left branch to L7 (the
// red place); his canoe 2 carries a red gem at L6 and goes up four to T2 (where figure 5b has a
// canoe of his with a red gem).
TEST_CASE(
    "Figure 5a (R4.2, R4.4, R5.3, R5.4): with a 4, one canoe moves 2 down and loads "
    "after the move, the other moves the full 4 up-river",
    "[figure]") {
    State s = test::state(R"({
      "options": {"players": 5, "starting_seat": 1},
      "phase": "actions",
      "seats": [
        {"chosen": "6"},
        {"chosen": "4", "canoes": [{"where": "river", "pos": "T5"},
                                   {"where": "river", "pos": "L6", "cargo": ["red"]}]},
        {"chosen": "5"}, {"chosen": "5"}, {"chosen": "6"}
      ]})");
    REQUIRE(s.turn.seat == kYannick);
    REQUIRE(s.place(Colour::Red).of(Colour::Red) == 6);

    // Loading costs 2 of the 4 points: only 2 spaces are left, not 3.
    CHECK_THAT(test::refused(s, kYannick, "canoe 1 down 3 left then load red"), Contains("R4.4"));
    test::act(s, kYannick, "canoe 1 down 2 left then load red");
    check_in_river(s, kYannick, 0, Pos::L7, Colour::Red);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 5);

    // The second canoe must move too, with all 4 points (it cannot stop after 2).
    CHECK(s.turn.seat == kYannick);
    CHECK_THAT(test::refused(s, kYannick, "done"), Contains("R4.2"));
    CHECK_THAT(test::refused(s, kYannick, "canoe 2 up 2"), Contains("R4.4"));
    test::act(s, kYannick, "canoe 2 up 4");
    check_in_river(s, kYannick, 1, Pos::T2, Colour::Red);
    CHECK(s.turn.seat == kRoger);
}

// ---------------------------------------------------------------------------------------------
// Figure 5b. Assumed: both of Roger's canoes start at T5 (the yellow place), canoe 1 with a
// yellow gem, canoe 2 with a clear gem; canoe 1 goes down the right branch to R6 (a blue place);
// Yannick's canoe 1 with a red gem is at T2, three spaces up from T5.
TEST_CASE(
    "Figure 5b (R5.5, R5.7, R6.1): with a 5, move 1 then unload and reload a different "
    "colour; unload before moving up 3 and still steal",
    "[figure]") {
    State s = test::state(R"({
      "options": {"players": 5, "starting_seat": 2},
      "phase": "actions",
      "seats": [
        {"chosen": "6"},
        {"chosen": "6", "canoes": [{"where": "river", "pos": "T2", "cargo": ["red"]}, {"where": "land"}]},
        {"chosen": "5", "canoes": [{"where": "river", "pos": "T5", "cargo": ["yellow"]},
                                   {"where": "river", "pos": "T5", "cargo": ["clear"]}]},
        {"chosen": "6"}, {"chosen": "6"}
      ]})");
    REQUIRE(s.turn.seat == kRoger);

    // Canoe 1: 1 space down (1 point), unload yellow (2) and load blue (2) = 5.
    // The reloaded gem must differ in colour from the unloaded one.
    CHECK_THAT(test::refused(s, kRoger, "canoe 1 down 1 right then unload yellow load yellow"),
               Contains("R5.5"));
    test::act(s, kRoger, "canoe 1 down 1 right then unload yellow load blue");
    check_in_river(s, kRoger, 0, Pos::R6, Colour::Blue);
    // R5.7: the yellow gem was put on the blue place.
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);
    CHECK(s.place(Colour::Blue).of(Colour::Yellow) == 1);

    // Canoe 2: unload clear at the yellow place (2), move 3 up to T2 (3), steal the red gem.
    REQUIRE(test::is_legal(s, kRoger, "canoe 2 unload clear then up 3 steal red from 2.1"));
    test::act(s, kRoger, "canoe 2 unload clear then up 3 steal red from 2.1");
    check_in_river(s, kRoger, 1, Pos::T2, Colour::Red);
    check_in_river(s, kYannick, 0, Pos::T2, std::nullopt);
    CHECK(s.place(Colour::Yellow).of(Colour::Clear) == 1);
    CHECK(s.place(Colour::Yellow).of(Colour::Yellow) == 6);
    CHECK(s.turn.seat == kBiggi);
}

// ---------------------------------------------------------------------------------------------
// Figures 7a-7f: Roger RED plays a 3 with both canoes in the river. Assumed position:
// - Roger's canoe 1 carries a clear gem at T2 (near the dock; 3 points are more than it needs);
// - Roger's empty canoe 2 is at L6, beside the blue place: 3 up is T3, 1 down is L7 (red place),
//   3 down goes over the waterfall, 1 up is T5;
// - Yannick's canoe 1 (yellow gem) and Biggi's canoe 1 (violet gem) are at T3;
// - the yellow place at T5 also holds a red gem (someone unloaded it there earlier), which is
//   the "red gem on the river bank" of figure 7f.
namespace {

State figure7_state() {
    return test::state(R"({
      "options": {"players": 5, "starting_seat": 2},
      "phase": "actions",
      "seats": [
        {"chosen": "6"},
        {"chosen": "6", "canoes": [{"where": "river", "pos": "T3", "cargo": ["yellow"]}, {"where": "land"}]},
        {"chosen": "3", "canoes": [{"where": "river", "pos": "T2", "cargo": ["clear"]},
                                   {"where": "river", "pos": "L6"}]},
        {"chosen": "6", "canoes": [{"where": "river", "pos": "T3", "cargo": ["violet"]}, {"where": "land"}]},
        {"chosen": "6"}
      ],
      "places": {"violet": {"violet": 6}, "clear": {"clear": 6}, "yellow": {"yellow": 6, "red": 1},
                 "blue": {"blue": 7}, "red": {"red": 6}}})");
}

}  // namespace

TEST_CASE(
    "Figure 7a (R4.4, R6.6, R4.2): a loaded canoe paddles to the dock, wasting a spare "
    "point, and its gem enters the collection; the other canoe must still move",
    "[figure]") {
    State s = figure7_state();
    REQUIRE(s.turn.seat == kRoger);
    test::act(s, kRoger, "canoe 1 up 2");  // T2 -> T1 -> land; the third point is lost
    CHECK(canoe(s, kRoger, 0).where == Where::Land);
    CHECK(canoe(s, kRoger, 0).cargo.total() == 0);
    CHECK(s.seats[kRoger].collection.of(Colour::Clear) == 1);
    CHECK(s.seats[kRoger].collection.total() == 1);
    CHECK(s.place(Colour::Clear).of(Colour::Clear) == 6);

    // The landed canoe stays on land this turn (R4.8); the empty canoe must still move.
    CHECK(s.turn.seat == kRoger);
    CHECK_THAT(test::refused(s, kRoger, "canoe 1 down 3"), Contains("R4.2"));
    CHECK_THAT(test::refused(s, kRoger, "done"), Contains("R4.2"));
    test::act(s, kRoger, "canoe 2 up 3");
    CHECK(s.turn.seat == kBiggi);
    CHECK(canoe(s, kRoger, 0).where == Where::Land);
}

TEST_CASE("Figure 7b (R6.1, R6.2): an empty canoe moving up three may rob either loaded canoe",
          "[figure]") {
    State s = figure7_state();
    CHECK(test::is_legal(s, kRoger, "canoe 2 up 3 steal yellow from 2.1"));
    CHECK(test::is_legal(s, kRoger, "canoe 2 up 3 steal violet from 4.1"));
    CHECK(test::is_legal(s, kRoger, "canoe 2 up 3"));  // stealing is optional
    // Only a gem that is there can be stolen.
    CHECK_THAT(test::refused(s, kRoger, "canoe 2 up 3 steal red from 2.1"), Contains("no red gem"));

    test::act(s, kRoger, "canoe 2 up 3 steal violet from 4.1");
    check_in_river(s, kRoger, 1, Pos::T3, Colour::Violet);
    check_in_river(s, kBiggi, 0, Pos::T3, std::nullopt);
    check_in_river(s, kYannick, 0, Pos::T3, Colour::Yellow);
    CHECK(s.place(Colour::Violet).of(Colour::Violet) == 6);  // stealing takes nothing from a place
}

TEST_CASE("Figure 7c (R4.6, R8.1): an empty canoe moving 3 down from L6 goes over the waterfall",
          "[figure]") {
    State s = figure7_state();
    // L6 -> L7 -> over the fall: two spaces, the last point cannot be spent anywhere else.
    test::act(s, kRoger, "canoe 2 down 2");
    CHECK(canoe(s, kRoger, 1).where == Where::Lost);
    CHECK(canoe(s, kRoger, 1).cargo.total() == 0);
    CHECK(s.turn.seat == kRoger);  // canoe 1 still has to move
    test::act(s, kRoger, "canoe 1 up 2");
    CHECK(s.turn.seat == kBiggi);
    CHECK(canoe(s, kRoger, 1).where == Where::Lost);
}

TEST_CASE(
    "Figure 7d (R5.3, R5.4, R4.4): load the blue gem where the canoe is, then move the "
    "one remaining space",
    "[figure]") {
    State s = figure7_state();
    CHECK(test::is_legal(s, kRoger, "canoe 2 load blue then down 1"));
    // After paying 2 points for the gem only 1 is left for moving.
    CHECK_THAT(test::refused(s, kRoger, "canoe 2 load blue then up 3"), Contains("R4.4"));
    // Assumed: he moves the one space up-river, to T5.
    test::act(s, kRoger, "canoe 2 load blue then up 1");
    check_in_river(s, kRoger, 1, Pos::T5, Colour::Blue);
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);
}

TEST_CASE("Figure 7e (R5.3, R5.4): move 1 down-river to L7 and load the red gem there",
          "[figure]") {
    State s = figure7_state();
    test::act(s, kRoger, "canoe 2 down 1 then load red");
    check_in_river(s, kRoger, 1, Pos::L7, Colour::Red);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 5);
}

TEST_CASE(
    "Figure 7f (R5.4, R5.7, R4.3): the options of figures 7b-7f are exactly the empty "
    "canoe's moves; he moves 1 up and loads the red gem lying at the yellow place",
    "[figure]") {
    State s = figure7_state();
    CHECK(test::moves_of(s, kRoger, 2) == test::sorted({
                                              "canoe 2 up 3",                        // 7b
                                              "canoe 2 up 3 steal yellow from 2.1",  // 7b
                                              "canoe 2 up 3 steal violet from 4.1",  // 7b
                                              "canoe 2 down 2",                      // 7c
                                              "canoe 2 load blue then up 1",         // 7d
                                              "canoe 2 load blue then down 1",       // 7d
                                              "canoe 2 down 1 then load red",        // 7e
                                              "canoe 2 up 1 then load red",          // 7f
                                              "canoe 2 up 1 then load yellow",       // R5.7
                                          }));
    test::act(s, kRoger, "canoe 2 up 1 then load red");
    check_in_river(s, kRoger, 1, Pos::T5, Colour::Red);
    CHECK(s.place(Colour::Yellow).of(Colour::Red) == 0);
    CHECK(s.place(Colour::Yellow).of(Colour::Yellow) == 6);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 6);
}

// ---------------------------------------------------------------------------------------------
// Figures 9a/9b: with the cloud on +2 the cloud card must move it down to +1. Three players,
// all canoes on land; seat 0 plays the cloud.
TEST_CASE("Figure 9a/9b (R7.1): a cloud card must move the marker, and from +2 only down to +1",
          "[figure]") {
    const char* json = R"({
      "options": {"players": 3, "starting_seat": 0},
      "phase": "actions", "weather": %W%,
      "seats": [{"chosen": "cloud"}, {"chosen": "4"}, {"chosen": "5"}]})";
    auto at_weather = [&](const std::string& w) {
        std::string text = json;
        text.replace(text.find("%W%"), 3, w);
        return test::state(text);
    };

    SECTION("from +2 the cloud goes down to +1") {
        State s = at_weather("2");
        CHECK(test::legal(s, 0) == std::vector<std::string>{"cloud down"});
        CHECK_THAT(test::refused(s, 0, "cloud up"), Contains("R7.1"));
        CHECK_THAT(test::refused(s, 0, "done"), Contains("R7.1"));            // it may not stay
        CHECK_THAT(test::refused(s, 0, "canoe 1 down 1"), Contains("R7.1"));  // and moves no canoe
        test::act(s, 0, "cloud down");
        CHECK(s.weather == 1);
        CHECK(s.turn.seat == 1);
        CHECK(canoe(s, 0, 0).where == Where::Land);
        CHECK(canoe(s, 0, 1).where == Where::Land);
    }
    SECTION("from -1 the cloud can only go up to 0") {
        State s = at_weather("-1");
        CHECK(test::legal(s, 0) == std::vector<std::string>{"cloud up"});
        CHECK_THAT(test::refused(s, 0, "cloud down"), Contains("R7.1"));
        test::act(s, 0, "cloud up");
        CHECK(s.weather == 0);
    }
    SECTION("from 0 it may go either way") {
        State s = at_weather("0");
        CHECK(test::sorted(test::legal(s, 0)) ==
              std::vector<std::string>{"cloud down", "cloud up"});
    }
}

// ---------------------------------------------------------------------------------------------
// Figures 10a/10b: the river moves. Three players; seat 2 has the last turn of the round and
// plays the cloud (from +1 down to 0), so the river then moves 3 (seat 0's 3 is the lowest card).
// The fork flag starts left, so the steps go left, right, left. Assumed canoes:
//   seat 0: A at T4 (empty), B at T5 (yellow gem); seat 1: C at L7 (red gem), D at R6 (empty);
//   seat 2: E at R7 (blue gem), F at T1 (empty).
// Step 1 (left):  F T2, A T5, B L6, C falls with its disc; the right branch stays.
// Step 2 (right): F T3, A R6, D R7, E falls with its disc; the left branch stays.
// Step 3 (left):  F T4, B L7; the right branch stays.
TEST_CASE(
    "Figure 10a/10b (R2.4, R2.5, R7.3, R8.1): canoes float on their discs, the fork "
    "alternates branches, and a falling disc takes its canoe and gem over the waterfall",
    "[figure]") {
    State s = test::state(R"({
      "options": {"players": 3, "starting_seat": 0},
      "phase": "actions", "turns_done": 2, "weather": 1, "fork": "left",
      "seats": [
        {"chosen": "3", "canoes": [{"where": "river", "pos": "T4"},
                                   {"where": "river", "pos": "T5", "cargo": ["yellow"]}]},
        {"chosen": "cloud", "canoes": [{"where": "river", "pos": "L7", "cargo": ["red"]},
                                       {"where": "river", "pos": "R6"}]},
        {"chosen": "cloud", "canoes": [{"where": "river", "pos": "R7", "cargo": ["blue"]},
                                       {"where": "river", "pos": "T1"}]}
      ]})");
    REQUIRE(s.turn.seat == 2);
    REQUIRE(s.place(Colour::Red).of(Colour::Red) == 6);
    REQUIRE(s.place(Colour::Blue).of(Colour::Blue) == 6);

    test::act(s, 2, "cloud down");  // the last turn: phase III and IV follow at once

    CHECK(s.weather == 0);
    CHECK(s.last_speed == 3);
    check_in_river(s, 0, 0, Pos::R6, std::nullopt);    // A
    check_in_river(s, 0, 1, Pos::L7, Colour::Yellow);  // B
    CHECK(canoe(s, 1, 0).where == Where::Lost);        // C
    CHECK(canoe(s, 1, 0).cargo.total() == 0);
    check_in_river(s, 1, 1, Pos::R7, std::nullopt);  // D
    CHECK(canoe(s, 2, 0).where == Where::Lost);      // E
    CHECK(canoe(s, 2, 0).cargo.total() == 0);
    check_in_river(s, 2, 1, Pos::T4, std::nullopt);  // F
    // R8.1: the lost gems went back to the places of their colours.
    CHECK(s.place(Colour::Red).of(Colour::Red) == 7);
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 7);
    CHECK(s.place(Colour::Yellow).of(Colour::Yellow) == 6);
    // Three steps from left: the next disc goes right.
    CHECK(s.fork == Branch::Right);
    // Phase IV: the life preserver passed on; round 2 begins with phase I.
    CHECK(s.phase == Phase::ChooseCards);
    CHECK(s.round == 2);
    CHECK(s.starting_seat == 1);
}

// ---------------------------------------------------------------------------------------------
// Figure 11: Bea and Yannick play 3, Gina 5, Biggi 2, Roger the cloud (+1 -> +2): the river moves
// 2 + 2 = 4. Played as a whole round from phase I. Assumed: everyone's canoes are on land except
// Gina's canoe 1, empty at T5, which paddles up the 5 spaces to land; the fork flag points left.
TEST_CASE(
    "Figure 11 (R7.2, R7.3): cards 3, 3, 5, 2 and a cloud to +2 make the river move "
    "lowest card 2 + weather 2 = 4",
    "[figure]") {
    State s = test::state(R"({
      "options": {"players": 5, "starting_seat": 0},
      "phase": "choose", "weather": 1, "fork": "left",
      "seats": [{}, {}, {},  {},
                {"canoes": [{"where": "river", "pos": "T5"}, {"where": "land"}]}]})");

    test::act(s, kBea, "play 3");
    test::act(s, kYannick, "play 3");
    test::act(s, kRoger, "play cloud");
    test::act(s, kBiggi, "play 2");
    CHECK(s.phase == Phase::ChooseCards);
    test::act(s, kGina, "play 5");
    REQUIRE(s.phase == Phase::Actions);
    REQUIRE(s.turn.seat == kBea);

    test::act(s, kBea, "canoe 1 down 3");      // land -> T3
    test::act(s, kYannick, "canoe 1 down 3");  // land -> T3
    test::act(s, kRoger, "cloud up");          // +1 -> +2
    CHECK(s.weather == 2);
    test::act(s, kBiggi, "canoe 1 down 2");  // land -> T2
    test::act(s, kGina, "canoe 1 up 5");     // T5 -> land
    test::act(s, kGina, "done");             // her land canoe stays

    CHECK(s.last_speed == 4);
    CHECK(s.weather == 2);  // the weather stays where Roger put it
    // Four steps, fork left, right, left, right:
    // T3 -> T4 -> T5 -> L6 (stays on the 4th step, which goes right); T2 -> T3 -> T4 -> T5 -> R6.
    check_in_river(s, kBea, 0, Pos::L6, std::nullopt);
    check_in_river(s, kYannick, 0, Pos::L6, std::nullopt);
    check_in_river(s, kBiggi, 0, Pos::R6, std::nullopt);
    CHECK(canoe(s, kGina, 0).where == Where::Land);
    CHECK(s.fork == Branch::Left);
    CHECK(s.round == 2);
    CHECK(s.starting_seat == kYannick);
}
