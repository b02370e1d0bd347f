// THE SPIRITS OF NIAGARA (R10 and the expansion's changes to R1, R5, R6, R8): one test case per
// rule R10.1-R10.8, the examples of the expansion rulebook (rulebooks/004_*, figures 2-9, each
// position rebuilt from the caption, every choice the caption leaves open written down) and the
// answers of its FAQ, checked against RULES.md.
//
// Seats and canoes are 0-based here and 1-based in the text notation ("steal red from 3.2").
// With Spirits canoe 1 (index 0) is the double canoe, canoe 2 (index 1) the single one.
#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "engine/scenario.hpp"
#include "engine/seat_specs.hpp"
#include "niagara/random_bot.hpp"

namespace {

using namespace niagara;
using Catch::Contains;
using Strings = std::vector<std::string>;

using namespace test::spec;  // boat, where, gems, cargo (seat_specs.hpp)

// The whirlpool's position, or "waiting" when it fell and waits to enter at T1 (R10.2).
std::string whirlpool(const State& s) {
    return s.whirlpool.in_river ? std::string(pos_name(s.whirlpool.pos)) : "waiting";
}

// R1.3: the number of gems of each colour never changes.
void check_conservation(const State& s) {
    for (Colour c : kAllColours) {
        int total = s.joe_cargo.of(c);
        for (const Gems& place : s.places)
            total += place.of(c);
        for (int seat = 0; seat < s.players(); ++seat) {
            total += s.seats[seat].collection.of(c);
            for (const Canoe& k : s.seats[seat].canoes)
                total += k.cargo.of(c);
        }
        INFO("colour " << colour_name(c));
        CHECK(total == s.rules.gems_per_place);
    }
}

// Replaces every "%KEY%" in `text` by `value`.
std::string subst(std::string text, const std::string& key, const std::string& value) {
    for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
        text.replace(at, key.size(), value);
    return text;
}

Options spirits_options(int players) {
    Options o;
    o.players = players;
    o.spirits = true;
    o.starting_seat = 0;
    return o;
}

}  // namespace

// =============================================================================================
// R10.1 and the expansion's set-up (R1.1, R1.3, R1.4, R1.5)

TEST_CASE("R10.1, R1.3: gems per discovery place with Spirits: 6 for 3 players, 7 for 4-5, 8 for 6",
          "[spirits][R10]") {
    for (auto [players, expected] :
         std::vector<std::pair<int, int>>{{3, 6}, {4, 7}, {5, 7}, {6, 8}}) {
        INFO(players << " players");
        const State s = new_game(spirits_options(players));
        CHECK(s.rules.gems_per_place == expected);
        for (Colour c : kAllColours) {
            CHECK(s.place(c).of(c) == expected);
            CHECK(s.place(c).total() == expected);
        }
    }
    // The base game always has 7, also with 3 players.
    Options base;
    base.players = 3;
    const State b = new_game(base);
    for (Colour c : kAllColours)
        CHECK(b.place(c).of(c) == 7);
}

TEST_CASE("R10.1, R1.1: six players may play only with the Spirits expansion", "[spirits][R10]") {
    Options base;
    base.players = 6;
    CHECK_THROWS_WITH(new_game(base), Contains("6 only with the Spirits expansion"));

    State s = new_game(spirits_options(6));
    CHECK(s.players() == 6);
    for (int seat = 0; seat < 6; ++seat) {
        INFO("seat " << seat);
        CHECK(where(s, seat, 0) == "land");
        CHECK(where(s, seat, 1) == "land");
        CHECK(test::is_legal(s, seat, "play 7"));
    }
    // The sixth seat is a full player: it chooses, and the round waits for it.
    for (int seat = 0; seat < 5; ++seat)
        test::act(s, seat, "play 4");
    CHECK(s.phase == Phase::ChooseCards);
    test::act(s, 5, "play 4");
    CHECK(s.phase == Phase::Actions);

    CHECK_THROWS(new_game(spirits_options(7)));
}

TEST_CASE(
    "R10.1, R1.4, R5.1: canoe 1 is the double canoe (2 gems), canoe 2 the single one; both "
    "start on land",
    "[spirits][R10]") {
    const State fresh = new_game(spirits_options(3));
    CHECK(fresh.rules.capacity == std::array<int, kCanoesPerSeat>{2, 1});
    for (int seat = 0; seat < 3; ++seat) {
        CHECK(where(fresh, seat, 0) == "land");
        CHECK(where(fresh, seat, 1) == "land");
    }
    Options base;
    base.players = 3;
    CHECK(new_game(base).rules.capacity == std::array<int, kCanoesPerSeat>{1, 1});

    // Both canoes at the yellow place with a 4: only canoe 1 can take two gems.
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T1",
      "seats": [{"chosen": "4", "canoes": [{"where": "river", "pos": "T5"},
                                           {"where": "river", "pos": "T5"}]},
                {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK_THAT(test::refused(s, 0, "canoe 2 load yellow yellow"), Contains("R5.1"));
    CHECK(test::is_legal(s, 0, "canoe 1 load yellow yellow"));
    test::act(s, 0, "canoe 1 load yellow yellow");
    CHECK(cargo(s, 0, 0) == "yellow yellow");
    CHECK(s.place(Colour::Yellow).of(Colour::Yellow) == 4);
    test::act(s, 0, "canoe 2 load yellow then up 2");
    CHECK(where(s, 0, 1) == "T3");
    CHECK(cargo(s, 0, 1) == "yellow");
    check_conservation(s);
}

TEST_CASE("R10.1, R1.5: the Spirits hand adds 7, lasso and 1/2/3; the base game has none of them",
          "[spirits][R10]") {
    State s = new_game(spirits_options(3));
    CHECK(test::sorted(test::legal(s, 0)) ==
          test::sorted({"play 1", "play 2", "play 3", "play 4", "play 5", "play 6", "play 7",
                        "play cloud", "play lasso", "play 1/2/3"}));
    Options base;
    base.players = 3;
    State b = new_game(base);
    for (const char* card : {"play 7", "play lasso", "play 1/2/3"})
        CHECK_THAT(test::refused(b, 0, card), Contains("R10.1"));
}

TEST_CASE("R10.1, R3.5: with Spirits a player takes his cards back after playing all ten",
          "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "round": 10,
      "seats": [{"discard": ["1", "2", "3", "4", "5", "6", "cloud", "lasso", "1/2/3"]},
                {"discard": ["1", "2", "3", "4", "5", "6", "7", "cloud", "1/2/3"]},
                {"discard": ["1", "2", "3", "4", "5", "6", "7", "cloud", "lasso"]}]})");
    CHECK(test::legal(s, 0) == Strings{"play 7"});
    CHECK(test::legal(s, 1) == Strings{"play lasso"});
    CHECK(test::legal(s, 2) == Strings{"play 1/2/3"});
    test::act(s, 1, "play lasso");
    test::act(s, 2, "play 1/2/3");
    test::act(s, 0, "play 7");
    test::act(s, 0, "canoe 1 down 7 left");
    test::act(s, 2, "canoe 1 using 1 down 1");
    REQUIRE(s.round == 11);
    for (int seat = 0; seat < 3; ++seat) {
        INFO("seat " << seat);
        CHECK(test::legal(s, seat).size() == 10);
        CHECK(test::is_legal(s, seat, "play 7"));
        CHECK(test::is_legal(s, seat, "play 1/2/3"));
    }
}

TEST_CASE(
    "R10.1, R7.2: the 7 is a number card: a canoe paddles 7 points and the river moves 7 "
    "when it is the lowest card",
    "[spirits][R10]") {
    // Seat 0's canoe 1 waits at R7 (so the elk is offered first, R10.8: declined); the other
    // seats have lost both canoes, so their turns pass, but their 7s count for the speed.
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left",
      "seats": [{"canoes": [{"where": "river", "pos": "R7"}, {"where": "lost"}]},
                {"chosen": "7", "canoes": [{"where": "lost"}, {"where": "lost"}], "collection": {"violet": 1}},
                {"chosen": "7", "canoes": [{"where": "lost"}, {"where": "lost"}], "collection": {"clear": 1}}]})");
    test::act(s, 0, "play 7");
    test::act(s, 0, "elk no");
    // R7 R6 T5 T4 T3, out of the whirlpool on T3 for 2 points, T2 T1: 7 points, 6 spaces.
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 7"), Contains("canoe 1 up 6"));
    test::act(s, 0, "canoe 1 up 6");
    // The round is over: the river moved 7 spaces (lowest card 7, weather 0).
    CHECK(s.last_speed == 7);
    CHECK(s.round == 2);
    // T1 with the steps left, right, left, right, left, right, left: T2 .. T5, L6, -, L7.
    CHECK(where(s, 0, 0) == "L7");
    // The whirlpool went from T3 to the left branch and over the waterfall at the 7th step.
    CHECK(whirlpool(s) == "waiting");
}

// =============================================================================================
// R10.2 The whirlpool flows with the river

TEST_CASE(
    "R10.2: the whirlpool starts on T3, flows like any disc, and after falling enters at T1 "
    "in the next river step",
    "[spirits][R10]") {
    CHECK(whirlpool(new_game(spirits_options(4))) == "T3");
    Options base;
    base.players = 4;
    const State b = new_game(base);
    CHECK_FALSE(b.whirlpool.in_river);
    CHECK(state_to_json(b)["whirlpool"].is_null());

    // The last turn of round 1 is a cloud (0 -> -1): the river moves (seat 0's card - 1).
    auto round_end = [](const std::string& card, const std::string& pos, const std::string& fork) {
        State s = test::state(subst(subst(subst(R"({
          "options": {"players": 3, "spirits": true, "starting_seat": 0},
          "phase": "actions", "turns_done": 2, "weather": 0, "fork": "%F%", "whirlpool": "%W%",
          "seats": [{"chosen": "%C%"}, {"chosen": "6"}, {"chosen": "cloud"}]})",
                                                "%C%", card),
                                          "%W%", pos),
                                    "%F%", fork));
        test::act(s, 2, "cloud down");
        REQUIRE(s.round == 2);
        return s;
    };
    SECTION("three steps left, right, left: T3 -> T4 -> T5 -> L6") {
        State s = round_end("4", "T3", "left");
        CHECK(s.last_speed == 3);
        CHECK(whirlpool(s) == "L6");
    }
    SECTION("the branch the step does not flow into stays") {
        State s = round_end("2", "R7", "left");
        CHECK(s.last_speed == 1);
        CHECK(whirlpool(s) == "R7");
    }
    SECTION("falling in the last step: it waits, off the river") {
        State s = round_end("2", "L7", "left");
        CHECK(s.last_speed == 1);
        CHECK(whirlpool(s) == "waiting");
        CHECK(state_to_json(s)["whirlpool"] == "waiting");
    }
    SECTION("falling in step 1, it is the disc that enters at T1 in step 2") {
        State s = round_end("3", "L7", "left");
        CHECK(s.last_speed == 2);
        CHECK(whirlpool(s) == "T1");
    }
    SECTION("after entering it flows on") {
        State s = round_end("5", "L7", "left");
        CHECK(s.last_speed == 4);
        CHECK(whirlpool(s) == "T3");  // fell (1), entered T1 (2), T2 (3), T3 (4)
    }
}

// =============================================================================================
// R10.3 / R10.4 Moving across and onto the whirlpool

namespace {

// Seat 0 (of 3) plays `card`; its canoe 1 is at `pos` (a position, or "land") carrying `load`
// (a colour or ""); canoe 2 is lost. The whirlpool is at `pool`.
State whirlpool_turn(const std::string& card, const std::string& pos, const std::string& load,
                     const std::string& pool) {
    std::string canoe = pos == "land"
                            ? R"({"where": "land"})"
                            : R"({"where": "river", "pos": ")" + pos + R"(", "cargo": [)" +
                                  (load.empty() ? "" : "\"" + load + "\"") + "]}";
    return test::state(subst(subst(subst(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "%W%",
      "seats": [{"chosen": "%C%", "canoes": [%K%, {"where": "lost"}], "collection": {"violet": 1}},
                {"chosen": "5"}, {"chosen": "6"}]})",
                                         "%W%", pool),
                                   "%C%", card),
                             "%K%", canoe));
}

}  // namespace

TEST_CASE(
    "R10.3 (FAQ): moving down-river across the whirlpool counts it as a normal space; a move "
    "ending on it is pushed one space down-river",
    "[spirits][R10]") {
    SECTION("FAQ: crossing it costs nothing extra and jumps nothing") {
        State s = whirlpool_turn("4", "T1", "", "T3");
        CHECK_THAT(test::refused(s, 0, "canoe 1 down 5"), Contains("canoe 1 down 4"));
        test::act(s, 0, "canoe 1 down 4");  // T2, T3 (the whirlpool), T4, T5
        CHECK(where(s, 0, 0) == "T5");
    }
    SECTION("ending on it: one more space down-river") {
        State s = whirlpool_turn("2", "T1", "", "T3");
        test::act(s, 0, "canoe 1 down 2");
        CHECK(where(s, 0, 0) == "T4");
    }
    SECTION("ending on it at the fork: its owner chooses the branch") {
        State s = whirlpool_turn("2", "T3", "", "T5");
        CHECK(test::moves_of(s, 0, 1) ==
              test::sorted({"canoe 1 down 2 left", "canoe 1 down 2 right", "canoe 1 up 2",
                            "canoe 1 load violet"}));
        CHECK_THAT(test::refused(s, 0, "canoe 1 down 2"), Contains("R10.3"));
        test::act(s, 0, "canoe 1 down 2 right");
        CHECK(where(s, 0, 0) == "R6");
    }
    SECTION("ending on it at L7: over the waterfall, the gem goes home (R8.1)") {
        State s = whirlpool_turn("1", "L6", "blue", "L7");
        REQUIRE(s.place(Colour::Blue).of(Colour::Blue) == 5);
        test::act(s, 0, "canoe 1 down 1");
        CHECK(where(s, 0, 0) == "lost");
        CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);
        check_conservation(s);
    }
}

TEST_CASE(
    "R10.3: moving up-river, the step out of the whirlpool costs 2 points; a canoe that spends "
    "its last point on it is pushed back down",
    "[spirits][R10]") {
    SECTION("T4 -> T3 (1) -> T2 (2 more): a 3 is enough") {
        State s = whirlpool_turn("3", "T4", "", "T3");
        CHECK_THAT(test::refused(s, 0, "canoe 1 up 3"), Contains("canoe 1 up 2"));
        test::act(s, 0, "canoe 1 up 2");
        CHECK(where(s, 0, 0) == "T2");
    }
    SECTION("with the whirlpool on T1, landing from it costs 2: a 2 from T2 is not enough") {
        State s = whirlpool_turn("2", "T2", "red", "T1");
        test::act(s, 0, "canoe 1 up 1");  // T1, then the last point is spent on the whirlpool
        CHECK(where(s, 0, 0) == "T2");
        CHECK(cargo(s, 0, 0) == "red");
        CHECK(s.seats[0].collection.of(Colour::Red) == 0);
    }
    SECTION("with the whirlpool on T1, a 3 from T2 lands and brings the gem home") {
        State s = whirlpool_turn("3", "T2", "red", "T1");
        test::act(s, 0, "canoe 1 up 2");
        CHECK(where(s, 0, 0) == "land");
        CHECK(s.seats[0].collection.of(Colour::Red) == 1);
    }
    SECTION("the whirlpool's push counts no space: from land a 1 ends on T2") {
        State s = whirlpool_turn("1", "land", "", "T1");
        test::act(s, 0, "canoe 1 down 1");
        CHECK(where(s, 0, 0) == "T2");
    }
}

TEST_CASE("R10.4, R10.3: a canoe may load before a move that ends on the whirlpool, never after it",
          "[spirits][R10]") {
    State s = whirlpool_turn("3", "T4", "", "T3");
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1 then load clear"), Contains("R10.3"));
    CHECK_FALSE(test::is_legal(s, 0, "canoe 1 up 1 then load clear"));
    REQUIRE(test::is_legal(s, 0, "canoe 1 load clear then up 1"));
    test::act(s, 0, "canoe 1 load clear then up 1");  // T3 is the whirlpool: back to T4
    CHECK(where(s, 0, 0) == "T4");
    CHECK(cargo(s, 0, 0) == "clear");
    CHECK(s.place(Colour::Clear).of(Colour::Clear) == 5);
}

// =============================================================================================
// R10.5 Lasso

TEST_CASE(
    "R10.5: a lasso pulls the canoes in the river onto the bank: they cannot be robbed, return "
    "to the same positions after phase III; land canoes stay; a lasso is no number card",
    "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left", "whirlpool": "L6",
      "seats": [{"canoes": [{"where": "river", "pos": "T4", "cargo": ["clear"]}, {"where": "land"}]},
                {"chosen": "1", "canoes": [{"where": "river", "pos": "T5"}, {"where": "land"}]},
                {"chosen": "cloud"}]})");
    test::act(s, 0, "play lasso");
    // The lasso needs no decision: the turn is over at once.
    CHECK(where(s, 0, 0) == "bank T4");
    CHECK(cargo(s, 0, 0) == "clear");
    CHECK(where(s, 0, 1) == "land");
    REQUIRE(s.turn.seat == 1);

    // Seat 1 paddles up onto T4 but cannot rob the canoe on the bank (R10.5, R6.2).
    CHECK(test::moves_of(s, 1, 1) ==
          test::sorted({"canoe 1 up 1", "canoe 1 down 1 left", "canoe 1 down 1 right"}));
    test::refused(s, 1, "canoe 1 up 1 steal clear from 1.1");
    test::act(s, 1, "canoe 1 up 1");
    test::act(s, 1, "done");
    test::act(s, 2, "cloud up");

    // Speed: the 1 + weather 1 = 2 (the lasso does not count).
    CHECK(s.last_speed == 2);
    CHECK(where(s, 1, 0) == "R6");  // T4 -> T5 -> R6 on its disc
    CHECK(where(s, 0, 0) == "T4");  // back on the water where it left it
    CHECK(cargo(s, 0, 0) == "clear");
    CHECK(where(s, 0, 1) == "land");
    CHECK(whirlpool(s) == "L7");
}

TEST_CASE(
    "R10.5, R10.3: a lassoed canoe returning onto the whirlpool at the fork drifts into the "
    "branch its owner picks in phase I, before his card",
    "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left", "whirlpool": "T4",
      "seats": [{"canoes": [{"where": "river", "pos": "T5", "cargo": ["yellow"]}, {"where": "land"}]},
                {"chosen": "2"}, {"chosen": "cloud"}]})");
    test::act(s, 0, "play lasso");
    test::act(s, 1, "canoe 1 down 2");
    test::act(s, 2, "cloud down");  // speed 2 - 1 = 1: the whirlpool moves onto T5
    REQUIRE(s.round == 2);
    CHECK(whirlpool(s) == "T5");
    CHECK(s.seats[0].fork_pending == 1);

    CHECK(test::sorted(test::legal(s, 0)) == Strings{"fork 1 left", "fork 1 right"});
    CHECK_THAT(test::refused(s, 0, "play 4"), Contains("R10.5"));
    CHECK(test::is_legal(s, 1, "play 4"));  // the others choose as usual
    test::act(s, 0, "fork 1 right");
    CHECK(where(s, 0, 0) == "R6");
    CHECK(cargo(s, 0, 0) == "yellow");
    CHECK(s.seats[0].fork_pending == 0);
    CHECK(test::is_legal(s, 0, "play 4"));
}

TEST_CASE("R10.5: two canoes returning onto the whirlpool at the fork each get their branch",
          "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left", "whirlpool": "T4",
      "seats": [{"canoes": [{"where": "river", "pos": "T5"}, {"where": "river", "pos": "T5", "cargo": ["red"]}]},
                {"chosen": "2"}, {"chosen": "cloud"}]})");
    test::act(s, 0, "play lasso");
    test::act(s, 1, "canoe 1 down 2");
    test::act(s, 2, "cloud down");
    REQUIRE(s.round == 2);
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"fork 1 left", "fork 1 right"});
    CHECK_THAT(test::refused(s, 0, "fork 2 left"), Contains("canoe 1"));
    test::act(s, 0, "fork 1 left");
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"fork 2 left", "fork 2 right"});
    test::act(s, 0, "fork 2 right");
    CHECK(where(s, 0, 0) == "L6");
    CHECK(where(s, 0, 1) == "R6");
    CHECK(cargo(s, 0, 1) == "red");
    test::act(s, 0, "play 4");
}

// =============================================================================================
// R10.6 The 1/2/3 card

TEST_CASE(
    "R10.6: with 1/2/3 the player moves exactly one canoe, from land or the river, with 1, 2 "
    "or 3 points of his choice; loading where the points suffice",
    "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "waiting",
      "seats": [{"chosen": "1/2/3", "canoes": [{"where": "river", "pos": "T4"}, {"where": "land"}]},
                {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK(test::moves_of(s, 0, 2) ==
          test::sorted(
              {"canoe 2 using 1 down 1", "canoe 2 using 2 down 2", "canoe 2 using 3 down 3"}));
    for (const char* move :
         {"canoe 1 using 1 up 1", "canoe 1 using 2 up 2", "canoe 1 using 3 up 3",
          "canoe 1 using 1 down 1", "canoe 1 using 3 down 3 left", "canoe 1 using 2 load clear",
          "canoe 1 using 3 load clear then up 1", "canoe 1 using 3 down 1 then load yellow"})
        CHECK(test::is_legal(s, 0, move));
    CHECK_THAT(test::refused(s, 0, "canoe 1 using 1 load clear"), Contains("R5.3"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 2"), Contains("R10.6"));
    test::refused(s, 0, "done");  // one canoe must move

    // The land canoe moves; the river canoe does not have to, and may not, move after it.
    test::act(s, 0, "canoe 2 using 3 down 3");
    CHECK(where(s, 0, 1) == "T3");
    CHECK(where(s, 0, 0) == "T4");
    CHECK(s.turn.seat == 1);
}

TEST_CASE("R10.6, R7.2: 1/2/3 and lasso are no number cards; the river's speed ignores them",
          "[spirits][R10]") {
    // Only lasso, 1/2/3 and cloud are played: the speed is the weather alone.
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left",
      "seats": [{}, {"chosen": "lasso"}, {"chosen": "cloud"}]})");
    test::act(s, 0, "play 1/2/3");
    test::act(s, 0, "canoe 1 using 1 down 1");
    test::act(s, 2, "cloud up");
    CHECK(s.last_speed == 1);
    CHECK(where(s, 0, 0) == "T2");
}

// =============================================================================================
// R10.7 The Bathing Beaver

TEST_CASE(
    "R10.7: a cloud moving the weather onto +2 puts the beaver on T1 (T2 if the whirlpool is "
    "on T1), unless it is already in the river",
    "[spirits][R10]") {
    auto turn = [](const std::string& spirits, const std::string& extra) {
        return test::state(subst(subst(R"({
          "options": {"players": 3, "spirits": %S%, "starting_seat": 0},
          "phase": "actions", "weather": 1, %X%
          "seats": [{"chosen": "cloud"}, {"chosen": "5"}, {"chosen": "6"}]})",
                                       "%S%", spirits),
                                 "%X%", extra));
    };
    SECTION("onto T1") {
        State s = turn("true", "");
        CHECK_FALSE(s.beaver.in_river);
        test::act(s, 0, "cloud up");
        CHECK(s.weather == 2);
        CHECK(s.beaver.at(Pos::T1));
    }
    SECTION("onto T2 when the whirlpool is on T1") {
        State s = turn("true", R"("whirlpool": "T1",)");
        test::act(s, 0, "cloud up");
        CHECK(s.beaver.at(Pos::T2));
    }
    SECTION("a beaver in the river stays where it is") {
        State s = turn("true", R"("beaver": "T4",)");
        test::act(s, 0, "cloud up");
        CHECK(s.beaver.at(Pos::T4));
    }
    SECTION("moving the weather down from +2 does not bring it") {
        State s = test::state(R"({
          "options": {"players": 3, "spirits": true, "starting_seat": 0},
          "phase": "actions", "weather": 2,
          "seats": [{"chosen": "cloud"}, {"chosen": "5"}, {"chosen": "6"}]})");
        test::act(s, 0, "cloud down");
        CHECK_FALSE(s.beaver.in_river);
    }
    SECTION("no beaver in the base game") {
        State s = turn("false", "");
        test::act(s, 0, "cloud up");
        CHECK(s.weather == 2);
        CHECK_FALSE(s.beaver.in_river);
    }
}

TEST_CASE(
    "R10.7: the beaver flows with the river; when it falls the weather is set to 0 at once, "
    "the speed of that phase III unchanged",
    "[spirits][R10]") {
    // Seats 0 and 1 played 3 and 4; seat 2 ends the round with a 2: speed 2 + 2 = 4.
    auto round_end = [](const std::string& beaver) {
        State s = test::state(subst(R"({
          "options": {"players": 3, "spirits": true, "starting_seat": 0},
          "phase": "actions", "turns_done": 2, "weather": 2, "fork": "left", "beaver": "%B%",
          "seats": [{"chosen": "3"}, {"chosen": "4"}, {"chosen": "2"}]})",
                                    "%B%", beaver));
        test::act(s, 2, "canoe 1 down 2");
        REQUIRE(s.round == 2);
        return s;
    };
    SECTION("falling in the first step") {
        State s = round_end("L7");
        CHECK_FALSE(s.beaver.in_river);
        CHECK(s.weather == 0);
        CHECK(s.last_speed == 4);
        CHECK(where(s, 2, 0) == "R6");  // T2 moved the full 4 steps: T3 T4 T5 R6
    }
    SECTION("flowing without falling: the weather stays") {
        State s = round_end("T5");
        CHECK(s.beaver.at(Pos::L7));  // left L6, -, left L7, -
        CHECK(s.weather == 2);
        CHECK(s.last_speed == 4);
    }
}

// =============================================================================================
// R10.8 The Hurried Elk

namespace {

// Seat 0 (of 3) is about to reveal its card; its canoe 2 is at `pos`. Seat 1's canoe 1 is at L7.
State elk_turn(const std::string& pos, const std::string& elk) {
    return test::state(subst(subst(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "whirlpool": "T1", "elk": %E%,
      "seats": [{"canoes": [{"where": "land"}, {"where": "river", "pos": "%P%"}]},
                {"chosen": "5", "canoes": [{"where": "river", "pos": "L7"}, {"where": "land"}]},
                {"chosen": "6"}]})",
                                   "%P%", pos),
                             "%E%", elk));
}

}  // namespace

TEST_CASE(
    "R10.8: at the start of his turn, whatever the card, a player with a canoe on L7/R7 may "
    "take the free elk onto it; that canoe gets +2 paddle points",
    "[spirits][R10]") {
    SECTION("offered before the card's action; only the canoe on R7 can take it") {
        State s = elk_turn("R7", R"({"at": "red"})");
        test::act(s, 0, "play 3");
        CHECK(s.turn.stage == Stage::Elk);
        CHECK(test::sorted(test::legal(s, 0)) == Strings{"elk 2", "elk no"});
        CHECK_THAT(test::refused(s, 0, "canoe 2 up 3"), Contains("R10.8"));
        CHECK_THAT(test::refused(s, 0, "elk 1"), Contains("R10.8"));
        test::act(s, 0, "elk 2");
        CHECK(s.elk.on(0, 1));
        // R7 R6 T5 T4 T3 T2: 3 + 2 points. The land canoe has only the card's 3.
        CHECK(test::is_legal(s, 0, "canoe 2 up 5"));
        CHECK(test::is_legal(s, 0, "canoe 2 load red then up 3"));
        CHECK_FALSE(test::is_legal(s, 0, "canoe 2 up 3"));
        CHECK(test::is_legal(s, 0, "canoe 1 down 3"));
        test::act(s, 0, "canoe 2 up 5");
        CHECK(where(s, 0, 1) == "T2");
        CHECK(s.elk.on(0, 1));  // the elk rides on
    }
    SECTION("declined: it stays at the red place and the canoe has the card's points") {
        State s = elk_turn("R7", R"({"at": "red"})");
        test::act(s, 0, "play 3");
        test::act(s, 0, "elk no");
        CHECK(s.elk.at == Elk::At::RedPlace);
        CHECK(test::is_legal(s, 0, "canoe 2 up 3"));
        CHECK(test::is_legal(s, 0, "canoe 2 load red then up 1"));
        CHECK_FALSE(test::is_legal(s, 0, "canoe 2 up 5"));
    }
    SECTION("also with a cloud: the elk first, then the weather") {
        State s = elk_turn("R7", R"({"at": "red"})");
        test::act(s, 0, "play cloud");
        CHECK(s.turn.stage == Stage::Elk);
        test::act(s, 0, "elk 2");
        CHECK(s.elk.on(0, 1));
        CHECK(test::sorted(test::legal(s, 0)) == Strings{"cloud down", "cloud up"});
        test::act(s, 0, "cloud up");
        CHECK(where(s, 0, 1) == "R7");  // a cloud moves no canoe, elk or not
    }
    SECTION("not offered when another canoe has it, and never handed over") {
        State s = elk_turn("R7", R"({"at": "canoe", "seat": 1, "canoe": 0})");
        test::act(s, 0, "play 3");
        CHECK(s.turn.stage == Stage::Move);
        CHECK_THAT(test::refused(s, 0, "elk 2"), Contains("R10.8"));
        CHECK(test::is_legal(s, 0, "canoe 2 up 3"));
        CHECK_FALSE(test::is_legal(s, 0, "canoe 2 up 5"));
        CHECK(s.elk.on(1, 0));
    }
    SECTION("not offered without a canoe on L7 or R7") {
        State s = elk_turn("R6", R"({"at": "red"})");
        test::act(s, 0, "play 3");
        CHECK(s.turn.stage == Stage::Move);
        CHECK_THAT(test::refused(s, 0, "elk 2"), Contains("R10.8"));
    }
    SECTION("not offered while it is on its way back") {
        State s = elk_turn("R7", R"({"at": "returning"})");
        test::act(s, 0, "play 3");
        CHECK(s.turn.stage == Stage::Move);
    }
}

TEST_CASE(
    "R10.8, R10.6: the elk canoe keeps its +2 in later turns; with 1/2/3 it moves 3, 4 or 5, "
    "the other canoe 1, 2 or 3",
    "[spirits][R10]") {
    auto turn = [](const std::string& card) {
        return test::state(subst(R"({
          "options": {"players": 3, "spirits": true, "starting_seat": 0},
          "phase": "actions", "whirlpool": "waiting", "elk": {"at": "canoe", "seat": 0, "canoe": 1},
          "seats": [{"chosen": "%C%", "canoes": [{"where": "river", "pos": "T4"},
                                                 {"where": "river", "pos": "T5", "cargo": ["red"]}]},
                    {"chosen": "5"}, {"chosen": "6"}]})",
                                 "%C%", card));
    };
    SECTION("a number card") {
        State s = turn("2");
        CHECK_THAT(test::refused(s, 0, "canoe 2 up 2"), Contains("R4.4"));
        test::act(s, 0, "canoe 2 up 4");
        CHECK(where(s, 0, 1) == "T1");
        CHECK_THAT(test::refused(s, 0, "canoe 1 up 4"), Contains("R4.4"));
        test::act(s, 0, "canoe 1 up 2");
        CHECK(where(s, 0, 0) == "T2");
    }
    SECTION("the 1/2/3 card") {
        State s = turn("1/2/3");
        for (const char* move :
             {"canoe 2 using 1 up 3", "canoe 2 using 2 up 4", "canoe 2 using 3 up 5",
              "canoe 1 using 1 up 1", "canoe 1 using 3 up 3"})
            CHECK(test::is_legal(s, 0, move));
        CHECK_FALSE(test::is_legal(s, 0, "canoe 2 using 1 up 1"));
        CHECK_FALSE(test::is_legal(s, 0, "canoe 1 using 1 up 3"));
        // The elk canoe reaches land with 3 + 2 points: the elk leaves it (back after phase III).
        test::act(s, 0, "canoe 2 using 3 up 5");
        CHECK(where(s, 0, 1) == "land");
        CHECK(s.seats[0].collection.of(Colour::Red) == 1);
        CHECK(s.elk.at == Elk::At::Returning);
        CHECK(s.turn.seat == 1);
    }
}

TEST_CASE(
    "R10.8: when its canoe reaches land the elk returns to the red place only after phase III; "
    "in the next round it can be taken again",
    "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 1, "fork": "right", "elk": {"at": "canoe", "seat": 0, "canoe": 0},
      "seats": [{"canoes": [{"where": "river", "pos": "T2", "cargo": ["red"]}, {"where": "land"}]},
                {"chosen": "cloud", "canoes": [{"where": "river", "pos": "L7"}, {"where": "land"}]},
                {"chosen": "cloud"}]})");
    test::act(s, 0, "play 2");
    CHECK(s.turn.stage == Stage::Move);  // it already has the elk
    test::act(s, 0, "canoe 1 up 2");     // 2 + 2 points; two are wasted on landing (R4.4)
    CHECK(where(s, 0, 0) == "land");
    CHECK(s.elk.at == Elk::At::Returning);
    test::act(s, 0, "done");

    // Seat 1's canoe is on L7, but the elk is not at the red place yet.
    CHECK(s.turn.stage == Stage::Cloud);
    CHECK_THAT(test::refused(s, 1, "elk 1"), Contains("R10.8"));
    test::act(s, 1, "cloud down");
    test::act(s, 2, "cloud down");  // speed 2 - 1 = 1, to the right: L7 stays
    REQUIRE(s.round == 2);
    CHECK(s.elk.at == Elk::At::RedPlace);
    CHECK(where(s, 1, 0) == "L7");

    // Round 2 starts with seat 1, who may now take it.
    test::act(s, 0, "play 3");
    test::act(s, 2, "play 4");
    test::act(s, 1, "play 5");
    REQUIRE(s.turn.seat == 1);
    CHECK(test::sorted(test::legal(s, 1)) == Strings{"elk 1", "elk no"});
}

TEST_CASE(
    "R10.8: when the elk canoe's disc falls in phase III, the elk is back at the red place "
    "after that phase III",
    "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "turns_done": 2, "weather": 0, "fork": "left",
      "elk": {"at": "canoe", "seat": 0, "canoe": 0},
      "seats": [{"chosen": "3", "canoes": [{"where": "river", "pos": "L7", "cargo": ["red"]}, {"where": "land"}]},
                {"chosen": "4"}, {"chosen": "cloud"}]})");
    test::act(s, 2, "cloud down");  // speed 3 - 1 = 2; L7 falls in the first step
    REQUIRE(s.round == 2);
    CHECK(where(s, 0, 0) == "lost");
    CHECK(s.elk.at == Elk::At::RedPlace);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 6);
}

TEST_CASE(
    "R10.8, R10.5 (FAQ): a canoe on L7/R7 about to be lassoed may take the elk first; it goes "
    "onto the bank with the elk and comes back with it",
    "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "right",
      "seats": [{"canoes": [{"where": "river", "pos": "R7", "cargo": ["red"]}, {"where": "land"}]},
                {"chosen": "2"}, {"chosen": "cloud"}]})");
    test::act(s, 0, "play lasso");
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"elk 1", "elk no"});
    test::act(s, 0, "elk 1");
    CHECK(where(s, 0, 0) == "bank R7");
    CHECK(s.elk.on(0, 0));
    REQUIRE(s.turn.seat == 1);
    test::act(s, 1, "canoe 1 down 2");
    test::act(s, 2, "cloud up");  // speed 3: the disc at R7 falls in the first step
    REQUIRE(s.round == 2);
    CHECK(where(s, 0, 0) == "R7");
    CHECK(cargo(s, 0, 0) == "red");
    CHECK(s.elk.on(0, 0));
}

TEST_CASE("R10.8 (FAQ): the elk never changes the river's speed", "[spirits][R10]") {
    // Seat 0 plays the lowest card, a 2, and moves its elk canoe 4; seats 1 and 2 have no canoe
    // (their 5 and 6 still count).
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left", "whirlpool": "R6",
      "seats": [{"canoes": [{"where": "river", "pos": "L7"}, {"where": "land"}]},
                {"chosen": "5", "canoes": [{"where": "lost"}, {"where": "lost"}], "collection": {"violet": 1}},
                {"chosen": "6", "canoes": [{"where": "lost"}, {"where": "lost"}], "collection": {"clear": 1}}]})");
    test::act(s, 0, "play 2");
    test::act(s, 0, "elk 1");
    test::act(s, 0, "canoe 1 up 4");  // L6 T5 T4 T3
    CHECK(where(s, 0, 0) == "T3");
    test::act(s, 0, "done");
    REQUIRE(s.round == 2);
    CHECK(s.last_speed == 2);
    CHECK(where(s, 0, 0) == "T5");  // two steps, not four
}

// =============================================================================================
// R5.9 / R6.3 Double canoes

TEST_CASE(
    "R5.9: a double canoe unloads and loads up to two gems, at one discovery place, 2 points "
    "each, within its capacity",
    "[spirits][R10]") {
    auto turn = [](const std::string& card, const std::string& load) {
        return test::state(subst(subst(R"({
          "options": {"players": 3, "spirits": true, "starting_seat": 0},
          "phase": "actions", "whirlpool": "T1",
          "seats": [{"chosen": "%C%", "canoes": [{"where": "river", "pos": "T4", "cargo": [%L%]},
                                                 {"where": "lost"}], "collection": {"violet": 1}},
                    {"chosen": "5"}, {"chosen": "6"}]})",
                                       "%C%", card),
                                 "%L%", load));
    };
    SECTION("unload two with a 4") {
        State s = turn("4", R"("blue", "red")");
        test::act(s, 0, "canoe 1 unload blue red");
        CHECK(cargo(s, 0, 0) == "");
        CHECK(gems(s.place(Colour::Clear)) == "clear clear clear clear clear clear blue red");
        check_conservation(s);
    }
    SECTION("unload two and load one with a 6") {
        State s = turn("6", R"("blue", "red")");
        CHECK_THAT(test::refused(s, 0, "canoe 1 unload blue red load clear clear"),
                   Contains("R5.3"));
        test::act(s, 0, "canoe 1 unload blue red load clear");
        CHECK(cargo(s, 0, 0) == "clear");
        CHECK(where(s, 0, 0) == "T4");
    }
    SECTION("with one gem aboard only one more fits") {
        State s = turn("4", R"("red")");
        CHECK_THAT(test::refused(s, 0, "canoe 1 load clear clear"), Contains("R5.1"));
        test::act(s, 0, "canoe 1 load clear then up 2");
        CHECK(cargo(s, 0, 0) == "clear red");
        CHECK(where(s, 0, 0) == "T2");
    }
}

TEST_CASE("R6.3: an empty double canoe steals up to two gems, from the same or different canoes",
          "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T5",
      "seats": [{"chosen": "1", "canoes": [{"where": "river", "pos": "T3"}, {"where": "lost"}],
                 "collection": {"clear": 1}},
                {"chosen": "5", "canoes": [{"where": "river", "pos": "T2", "cargo": ["blue", "red"]},
                                           {"where": "river", "pos": "T2", "cargo": ["violet"]}]},
                {"chosen": "6"}]})");
    CHECK(test::moves_of(s, 0, 1) ==
          test::sorted({"canoe 1 down 1", "canoe 1 up 1", "canoe 1 up 1 steal blue from 2.1",
                        "canoe 1 up 1 steal red from 2.1", "canoe 1 up 1 steal violet from 2.2",
                        "canoe 1 up 1 steal blue from 2.1 and red from 2.1",
                        "canoe 1 up 1 steal blue from 2.1 and violet from 2.2",
                        "canoe 1 up 1 steal red from 2.1 and violet from 2.2"}));
    test::act(s, 0, "canoe 1 up 1 steal blue from 2.1 and red from 2.1");
    CHECK(where(s, 0, 0) == "T2");
    CHECK(cargo(s, 0, 0) == "blue red");
    CHECK(cargo(s, 1, 0) == "");
    CHECK(cargo(s, 1, 1) == "violet");
    check_conservation(s);
}

TEST_CASE("R6.1 (FAQ): a double canoe never steals where it loaded", "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T1",
      "seats": [{"chosen": "3", "canoes": [{"where": "river", "pos": "L6"}, {"where": "lost"}],
                 "collection": {"clear": 1}},
                {"chosen": "5", "canoes": [{"where": "river", "pos": "T5", "cargo": ["red"]}, {"where": "land"}]},
                {"chosen": "6"}]})");
    CHECK(test::is_legal(s, 0, "canoe 1 up 1 then load yellow"));
    CHECK_FALSE(test::is_legal(s, 0, "canoe 1 up 3 steal red from 2.1"));  // not at T5
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1 then load yellow steal red from 2.1"),
               Contains("R6.1"));
    for (const auto& move : test::legal(s, 0)) {
        INFO(move);
        const bool loads_after = move.find("then load") != std::string::npos ||
                                 move.find("then unload") != std::string::npos;
        const bool after_moving = move.find(" up ") < move.find("then");
        if (loads_after && after_moving) CHECK(move.find("steal") == std::string::npos);
    }
    // Loading before the move (at L6, not where it steals) does not prevent a theft.
    test::act(s, 0, "canoe 1 load blue then up 1 steal red from 2.1");
    CHECK(where(s, 0, 0) == "T5");
    CHECK(cargo(s, 0, 0) == "blue red");
    CHECK(cargo(s, 1, 0) == "");
}

// =============================================================================================
// R8.4 with Spirits

TEST_CASE(
    "R8.4: with Spirits a player with every canoe lost and no gem chooses in phase I, before "
    "his card, which canoe comes back for free",
    "[spirits][R10]") {
    auto round_end = [](const std::string& spirits, const std::string& collection) {
        State s = test::state(subst(subst(R"({
          "options": {"players": 3, "spirits": %S%, "starting_seat": 0},
          "phase": "actions", "turns_done": 2, "weather": 0,
          "seats": [{"chosen": "3"},
                    {"chosen": "4", "canoes": [{"where": "lost"}, {"where": "lost"}], "collection": %G%},
                    {"chosen": "cloud"}]})",
                                          "%S%", spirits),
                                    "%G%", collection));
        test::act(s, 2, "cloud down");
        REQUIRE(s.round == 2);
        return s;
    };
    SECTION("the double canoe") {
        State s = round_end("true", "{}");
        CHECK(s.seats[1].free_canoe_pending);
        CHECK(test::sorted(test::legal(s, 1)) == Strings{"free 1", "free 2"});
        CHECK_THAT(test::refused(s, 1, "play 5"), Contains("R8.4"));
        // The ruling: a bot takes the double canoe.
        for (std::uint64_t seed = 1; seed <= 20; ++seed)
            CHECK(RandomBot(seed).pick_action(s, 1) == Action::free_canoe(1, 0));
        CHECK(test::is_legal(s, 0, "play 5"));
        test::act(s, 1, "free 1");
        CHECK(where(s, 1, 0) == "land");
        CHECK(where(s, 1, 1) == "lost");
        CHECK_FALSE(s.seats[1].free_canoe_pending);
        CHECK(test::is_legal(s, 1, "play 5"));
    }
    SECTION("the single canoe") {
        State s = round_end("true", "{}");
        test::act(s, 1, "free 2");
        CHECK(where(s, 1, 0) == "lost");
        CHECK(where(s, 1, 1) == "land");
        test::act(s, 1, "play 5");
    }
    SECTION("with a gem in the collection there is nothing free: buy back instead (R8.3)") {
        State s = round_end("true", R"({"red": 1})");
        CHECK_FALSE(s.seats[1].free_canoe_pending);
        CHECK(test::is_legal(s, 1, "buyback 1 red"));
        CHECK(test::is_legal(s, 1, "play 5"));
        CHECK_FALSE(test::is_legal(s, 1, "free 1"));
    }
    SECTION("the base game gives canoe 1 back without asking") {
        State s = round_end("false", "{}");
        CHECK_FALSE(s.seats[1].free_canoe_pending);
        CHECK(where(s, 1, 0) == "land");
        CHECK(where(s, 1, 1) == "lost");
        CHECK(test::is_legal(s, 1, "play 5"));
    }
}

// =============================================================================================
// The figures of the expansion rulebook

// Figure 2. Assumed: Ben BROWN (seat 0) has his double canoe at T4 with a lilac (violet) gem and
// moves it one space down to T5, the yellow place.
TEST_CASE("Figure 2 (R5.9, R5.5, R5.7): with a 7, move 1, unload a lilac gem and load two yellow",
          "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 4, "spirits": true, "starting_seat": 0},
      "phase": "actions",
      "seats": [{"chosen": "7", "canoes": [{"where": "river", "pos": "T4", "cargo": ["violet"]},
                                           {"where": "lost"}], "collection": {"red": 1}},
                {"chosen": "5"}, {"chosen": "6"}, {"chosen": "6"}]})");
    // 1 + 2 + 2 + 2 = 7: a second space does not fit.
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 2 then unload violet load yellow yellow"),
               Contains("R4.4"));
    test::act(s, 0, "canoe 1 down 1 then unload violet load yellow yellow");
    CHECK(where(s, 0, 0) == "T5");
    CHECK(cargo(s, 0, 0) == "yellow yellow");
    CHECK(gems(s.place(Colour::Yellow)) == "violet yellow yellow yellow yellow yellow");
    check_conservation(s);
}

// Figures 3a/3b. Assumed seats: 0 Gina GREEN, 1 Bert BLACK, 2 Rose RED, 3 Bridget BLUE. Gina's
// double canoe is at T3 with a lilac gem; Rose's single canoe (red gem) and Bridget's single
// canoe (blue gem) are at T2 ("Gina's canoe" in the caption must be Rose's: nobody robs himself).
// Bert's double canoe carries a clear gem at T4 and he plays a 2. The whirlpool is out of the way.
namespace {

State figure3_state() {
    return test::state(R"({
      "options": {"players": 4, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "L6",
      "seats": [
        {"chosen": "3", "canoes": [{"where": "river", "pos": "T3", "cargo": ["violet"]}, {"where": "land"}]},
        {"chosen": "2", "canoes": [{"where": "river", "pos": "T4", "cargo": ["clear"]}, {"where": "land"}]},
        {"chosen": "5", "canoes": [{"where": "land"}, {"where": "river", "pos": "T2", "cargo": ["red"]}]},
        {"chosen": "6", "canoes": [{"where": "land"}, {"where": "river", "pos": "T2", "cargo": ["blue"]}]}
      ]})");
}

constexpr int kGina = 0;
constexpr int kBert = 1;

}  // namespace

TEST_CASE(
    "Figure 3a (R6.3, R6.1, R5.9): unload before moving 1 up, then steal two gems from two "
    "different canoes",
    "[figure][spirits]") {
    State s = figure3_state();
    REQUIRE(test::is_legal(s, kGina,
                           "canoe 1 unload violet then up 1 steal red from 3.2 and blue from 4.2"));
    test::act(s, kGina, "canoe 1 unload violet then up 1 steal red from 3.2 and blue from 4.2");
    CHECK(where(s, kGina, 0) == "T2");
    CHECK(cargo(s, kGina, 0) == "blue red");
    CHECK(cargo(s, 2, 1) == "");
    CHECK(cargo(s, 3, 1) == "");
    CHECK(s.place(Colour::Violet).of(Colour::Violet) == 7);
    check_conservation(s);
}

TEST_CASE("Figure 3b (R6.3): a double canoe already carrying a gem steals only one",
          "[figure][spirits]") {
    State s = figure3_state();
    test::act(s, kGina, "canoe 1 unload violet then up 1 steal red from 3.2 and blue from 4.2");
    test::act(s, kGina, "done");
    REQUIRE(s.turn.seat == kBert);
    CHECK(test::is_legal(s, kBert, "canoe 1 up 2 steal red from 1.1"));
    CHECK(test::is_legal(s, kBert, "canoe 1 up 2 steal blue from 1.1"));
    CHECK_THAT(test::refused(s, kBert, "canoe 1 up 2 steal blue from 1.1 and red from 1.1"),
               Contains("R6.3"));
    test::act(s, kBert, "canoe 1 up 2 steal red from 1.1");
    CHECK(where(s, kBert, 0) == "T2");
    CHECK(cargo(s, kBert, 0) == "clear red");
    CHECK(cargo(s, kGina, 0) == "blue");
}

// Figure 4a. Assumed: Rose RED (seat 0) enters from land with her 4; the whirlpool is on T4.
TEST_CASE(
    "Figure 4a (R10.3): a canoe moving down-river that ends on the whirlpool goes one further",
    "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T4",
      "seats": [{"chosen": "4"}, {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"canoe 1 down 4", "canoe 2 down 4"});
    test::act(s, 0, "canoe 1 down 4");
    CHECK(where(s, 0, 0) == "T5");
    CHECK(whirlpool(s) == "T4");
}

// Figures 4b/4c. The whirlpool is on T3. Assumed: Bert BLACK (seat 0) plays 2 with his single canoe
// at T5 carrying a yellow gem; Bridget BLUE (seat 1) plays 4 with her empty double canoe at R6.
namespace {

State figure4bc_state() {
    return test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T3",
      "seats": [{"chosen": "2", "canoes": [{"where": "land"}, {"where": "river", "pos": "T5", "cargo": ["yellow"]}]},
                {"chosen": "4", "canoes": [{"where": "river", "pos": "R6"}, {"where": "land"}]},
                {"chosen": "6"}]})");
}

}  // namespace

TEST_CASE("Figure 4b (R10.3): moving up 2 ends exactly on the whirlpool: back one space down-river",
          "[figure][spirits]") {
    State s = figure4bc_state();
    test::act(s, 0, "canoe 2 up 2");  // T4, T3 = the whirlpool, pushed back to T4
    CHECK(where(s, 0, 1) == "T4");
    CHECK(cargo(s, 0, 1) == "yellow");
}

TEST_CASE("R10.3: the log says a pushed canoe went onto the whirlpool and where the push left it",
          "[figure][spirits][log]") {
    State s = figure4bc_state();
    Log log;
    test::act(s, 0, "canoe 2 up 2", &log);
    const std::vector<std::string> lines = english(log);
    // Not "moves up 2 to T4" for a canoe that started at T5 and ends at T4.
    CHECK(std::find(lines.begin(), lines.end(),
                    "Seat 1's canoe 2 moves up 2 onto the whirlpool at T3.") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(),
                    "Seat 1's canoe 2 cannot stay on the whirlpool and drifts down-river to T4.") !=
          lines.end());
}

TEST_CASE(
    "Figure 4c (R10.3, R6.1): the last point is lost on the whirlpool; the pushed canoe may not "
    "rob the canoe it drifts to",
    "[figure][spirits]") {
    State s = figure4bc_state();
    test::act(s, 0, "canoe 2 up 2");
    test::act(s, 0, "done");
    REQUIRE(s.turn.seat == 1);
    // R6 -> T5 -> T4 -> T3 (3 points); leaving T3 would need 2 more.
    CHECK_FALSE(test::is_legal(s, 1, "canoe 1 up 3 steal yellow from 1.2"));
    CHECK_THAT(test::refused(s, 1, "canoe 1 up 3 steal yellow from 1.2"), Contains("R10.3"));
    test::act(s, 1, "canoe 1 up 3");
    CHECK(where(s, 1, 0) == "T4");
    CHECK(cargo(s, 1, 0) == "");
    CHECK(cargo(s, 0, 1) == "yellow");
}

// Figures 4d/4e. The whirlpool is on T3. Assumed: Yann YELLOW (seat 0) plays 5 with his single
// canoe at L6 carrying a blue gem; Gina GREEN (seat 1) plays 6 with her empty double canoe at T5.
namespace {

State figure4de_state() {
    return test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T3",
      "seats": [{"chosen": "5", "canoes": [{"where": "land"}, {"where": "river", "pos": "L6", "cargo": ["blue"]}]},
                {"chosen": "6", "canoes": [{"where": "river", "pos": "T5"}, {"where": "land"}]},
                {"chosen": "6"}]})");
}

}  // namespace

TEST_CASE("Figure 4d (R10.3): a 5 crosses the whirlpool: 3 points to reach it, 2 to leave it",
          "[figure][spirits]") {
    State s = figure4de_state();
    CHECK_THAT(test::refused(s, 0, "canoe 2 up 5"), Contains("canoe 2 up 4"));
    test::act(s, 0, "canoe 2 up 4");  // T5, T4, T3, T2
    CHECK(where(s, 0, 1) == "T2");
    CHECK(cargo(s, 0, 1) == "blue");
}

TEST_CASE(
    "Figure 4e (R10.3, R5.4, R6.1): load for 2, cross the whirlpool with the other 4 and rob "
    "the canoe there",
    "[figure][spirits]") {
    State s = figure4de_state();
    test::act(s, 0, "canoe 2 up 4");
    test::act(s, 0, "done");
    REQUIRE(s.turn.seat == 1);
    CHECK(test::is_legal(s, 1, "canoe 1 up 5"));  // without loading she would reach land
    test::act(s, 1, "canoe 1 load yellow then up 3 steal blue from 1.2");
    CHECK(where(s, 1, 0) == "T2");
    CHECK(cargo(s, 1, 0) == "yellow blue");
    CHECK(cargo(s, 0, 1) == "");
    check_conservation(s);
}

// Figure 5. The whirlpool is on T5. Assumed: Yann YELLOW (seat 0) plays 3 with his canoe at R7.
TEST_CASE(
    "Figure 5 (R10.3): a canoe that cannot cross the whirlpool at the fork is put into the "
    "branch its owner chooses, also the other one",
    "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T5",
      "seats": [{"chosen": "3", "canoes": [{"where": "land"}, {"where": "river", "pos": "R7"}]},
                {"chosen": "5"}, {"chosen": "6"}]})");
    // R6 (1), T5 (2): the third point cannot leave the whirlpool.
    CHECK(test::is_legal(s, 0, "canoe 2 up 2 left"));
    CHECK(test::is_legal(s, 0, "canoe 2 up 2 right"));
    CHECK_THAT(test::refused(s, 0, "canoe 2 up 2"), Contains("left or right"));
    test::act(s, 0, "canoe 2 up 2 left");
    CHECK(where(s, 0, 1) == "L6");
}

// Figures 6a/6b. Assumed: Yann YELLOW (seat 0) has his canoes at T2 (empty) and T4 (clear gem);
// the whirlpool is on T1; seat 1 plays 1 from T5 to T4, seat 2 moves the cloud +1 -> 0: the river
// moves 1 space and the whirlpool comes to T2.
TEST_CASE(
    "Figure 6a/6b (R10.5, R10.3): lassoed canoes wait on the bank; back on the water, the one "
    "that meets the whirlpool drifts one space down-river",
    "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 1, "whirlpool": "T1", "fork": "left",
      "seats": [{"canoes": [{"where": "river", "pos": "T2"}, {"where": "river", "pos": "T4", "cargo": ["clear"]}]},
                {"chosen": "1", "canoes": [{"where": "river", "pos": "T5"}, {"where": "land"}]},
                {"chosen": "cloud"}]})");
    test::act(s, 0, "play lasso");
    CHECK(where(s, 0, 0) == "bank T2");
    CHECK(where(s, 0, 1) == "bank T4");
    REQUIRE(s.turn.seat == 1);
    CHECK_FALSE(test::is_legal(s, 1, "canoe 1 up 1 steal clear from 1.2"));
    test::refused(s, 1, "canoe 1 up 1 steal clear from 1.2");
    test::act(s, 1, "canoe 1 up 1");
    test::act(s, 1, "done");
    test::act(s, 2, "cloud down");
    REQUIRE(s.round == 2);
    CHECK(s.last_speed == 1);
    CHECK(whirlpool(s) == "T2");
    CHECK(where(s, 0, 0) == "T3");  // returned onto the whirlpool at T2: one space down
    CHECK(where(s, 0, 1) == "T4");  // its old disc went on to T5; it returns to the position
    CHECK(cargo(s, 0, 1) == "clear");
    CHECK(where(s, 1, 0) == "T5");
}

// Figure 7b. Assumed: Rose RED (seat 0) has her canoe with a blue gem on L7; the whirlpool is on
// L6 and the river moves 1 space to the left (seat 1 plays 1, seat 2 moves the cloud +1 -> 0).
TEST_CASE(
    "Figure 7b (R10.5, R10.3, R8.1, R10.8): a lassoed canoe returning onto the whirlpool at L7 "
    "falls over the waterfall",
    "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 1, "whirlpool": "L6", "fork": "left",
      "seats": [{"canoes": [{"where": "river", "pos": "L7", "cargo": ["blue"]}, {"where": "land"}]},
                {"chosen": "1"}, {"chosen": "cloud"}]})");
    test::act(s, 0, "play lasso");
    REQUIRE(s.turn.stage == Stage::Elk);  // her canoe is beside the red place
    bool took_elk = false;
    SECTION("without the elk") {
        test::act(s, 0, "elk no");
    }
    SECTION("with the elk: it is back at the red place after this phase III") {
        test::act(s, 0, "elk 1");
        took_elk = true;
    }
    CHECK(where(s, 0, 0) == "bank L7");
    CHECK(s.elk.on(0, 0) == took_elk);
    test::act(s, 1, "canoe 1 down 1");
    test::act(s, 2, "cloud down");
    REQUIRE(s.round == 2);
    CHECK(whirlpool(s) == "L7");
    CHECK(where(s, 0, 0) == "lost");
    CHECK(cargo(s, 0, 0) == "");
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);
    CHECK(s.elk.at == Elk::At::RedPlace);
    check_conservation(s);
}

// Figure 8. Six players. Assumed seats: 0 Bridget BLUE (double canoe at T5 with a yellow gem),
// 1 Rose RED (canoe at T4), 2 Yann YELLOW (canoe at T2), 3 Ben BROWN, 4 Bert BLACK, 5 Gina GREEN
// (everything else on land). The fork flag points left, the weather is 0.
TEST_CASE(
    "Figure 8 (R7.2, R10.1, R10.5, R10.6): 7, two lassos, two 1/2/3 and a cloud to +1: the river "
    "moves 7 + 1 = 8",
    "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 6, "spirits": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left",
      "seats": [{"canoes": [{"where": "river", "pos": "T5", "cargo": ["yellow"]}, {"where": "land"}]},
                {"canoes": [{"where": "river", "pos": "T4"}, {"where": "land"}]},
                {"canoes": [{"where": "river", "pos": "T2"}, {"where": "land"}]},
                {}, {}, {}]})");
    test::act(s, 1, "play lasso");
    test::act(s, 2, "play lasso");
    test::act(s, 3, "play 1/2/3");
    test::act(s, 4, "play 1/2/3");
    test::act(s, 5, "play cloud");
    test::act(s, 0, "play 7");
    REQUIRE(s.phase == Phase::Actions);

    // Bridget: T4, T3, out of the whirlpool (2), T2, T1, land: 6 of her 7 points.
    test::act(s, 0, "canoe 1 up 5");
    CHECK(s.seats[0].collection.of(Colour::Yellow) == 1);
    test::act(s, 0, "done");
    // Rose and Yann: the lasso acts at once.
    CHECK(where(s, 1, 0) == "bank T4");
    CHECK(where(s, 2, 0) == "bank T2");
    REQUIRE(s.turn.seat == 3);
    test::act(s, 3, "canoe 1 using 2 down 2");
    REQUIRE(s.turn.seat == 4);  // exactly one canoe
    test::act(s, 4, "canoe 2 using 1 down 1");
    REQUIRE(s.turn.seat == 5);
    test::act(s, 5, "cloud up");

    CHECK(s.weather == 1);
    CHECK(s.last_speed == 8);
    CHECK(s.round == 2);
    CHECK(s.starting_seat == 1);
    CHECK(s.fork == Branch::Left);  // eight steps: L R L R L R L R
    // Ben's canoe from T2: T3 T4 T5 R6 - R7 - over the waterfall.
    CHECK(where(s, 3, 0) == "lost");
    // Bert's canoe from T1: T2 T3 T4 T5 L6 - L7 -.
    CHECK(where(s, 4, 1) == "L7");
    // The whirlpool: T4 T5 L6 - L7 - falls, and enters at T1 in the eighth step.
    CHECK(whirlpool(s) == "T1");
    // The lassoed canoes are back where they left the water.
    CHECK(where(s, 1, 0) == "T4");
    CHECK(where(s, 2, 0) == "T2");
}

// Figure 9. Assumed: Yann YELLOW (seat 0) has his empty double canoe on L7; the whirlpool is on T4.
TEST_CASE(
    "Figure 9 (R10.8, R10.3): with the elk a 5 gives 7 points: load a red gem and cross the "
    "whirlpool",
    "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "whirlpool": "T4",
      "seats": [{"canoes": [{"where": "river", "pos": "L7"}, {"where": "land"}]},
                {"chosen": "6"}, {"chosen": "6"}]})");
    test::act(s, 0, "play 5");
    REQUIRE(s.turn.stage == Stage::Elk);
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"elk 1", "elk no"});
    CHECK_THAT(test::refused(s, 0, "canoe 1 load red then up 4"), Contains("R10.8"));

    SECTION("with the elk") {
        test::act(s, 0, "elk 1");
        // 2 for the gem; L6, T5, T4 (3), out of the whirlpool (2) to T3.
        test::act(s, 0, "canoe 1 load red then up 4");
        CHECK(where(s, 0, 0) == "T3");
        CHECK(cargo(s, 0, 0) == "red");
        CHECK(s.elk.on(0, 0));
        CHECK(s.place(Colour::Red).of(Colour::Red) == 5);
        CHECK(test::is_legal(s, 0, "canoe 2 down 5"));  // the other canoe has only the card's 5
        CHECK_FALSE(test::is_legal(s, 0, "canoe 2 down 7"));
    }
    SECTION("without the elk the 5 is not enough") {
        test::act(s, 0, "elk no");
        CHECK_THAT(test::refused(s, 0, "canoe 1 load red then up 4"), Contains("R4.4"));
        test::act(s, 0, "canoe 1 load red then up 3");  // ends on the whirlpool at T4: to T5
        CHECK(where(s, 0, 0) == "T5");
        CHECK(s.elk.at == Elk::At::RedPlace);
    }
}

// =============================================================================================
// Refusal reasons name the rule that applies; impossible states are refused

TEST_CASE("R10.6: refusing 'done' with 1/2/3 cites the 1/2/3 rule, not an empty river",
          "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "waiting",
      "seats": [{"chosen": "1/2/3", "canoes": [{"where": "river", "pos": "T4"}, {"where": "land"}]},
                {"chosen": "5"}, {"chosen": "6"}]})");
    const std::string reason = test::refused(s, 0, "done");
    CHECK_THAT(reason, Contains("R10.6"));
    CHECK_THAT(reason, !Contains("no canoe in the river"));  // canoe 1 is in the river
}

TEST_CASE("R10.5: refusing a theft from a canoe on the river bank cites the lasso rule",
          "[spirits][R10]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "whirlpool": "L6",
      "seats": [{"canoes": [{"where": "river", "pos": "T4", "cargo": ["clear"]}, {"where": "land"}]},
                {"chosen": "1", "canoes": [{"where": "river", "pos": "T5"}, {"where": "land"}]},
                {"chosen": "cloud"}]})");
    test::act(s, 0, "play lasso");
    const std::string reason = test::refused(s, 1, "canoe 1 up 1 steal clear from 1.1");
    CHECK_THAT(reason, Contains("R10.5"));
    CHECK_THAT(reason, !Contains("is not at T4"));  // it is at T4, on the bank
}

TEST_CASE(
    "Figure 5 (R10.3): refusing a move up into the whirlpool at the fork without a branch cites "
    "the whirlpool rule",
    "[figure][spirits]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "actions", "whirlpool": "T5",
      "seats": [{"chosen": "3", "canoes": [{"where": "land"}, {"where": "river", "pos": "R7"}]},
                {"chosen": "5"}, {"chosen": "6"}]})");
    CHECK_THAT(test::refused(s, 0, "canoe 2 up 2"), Contains("R10.3"));
}

TEST_CASE(
    "R10.8: refusing the elk right at the start of the turn says why it cannot be taken (another "
    "canoe has it, or it is on its way back), not that the turn has begun",
    "[spirits][R10]") {
    for (const char* elk :
         {R"({"at": "canoe", "seat": 1, "canoe": 0})", R"({"at": "returning"})"}) {
        INFO(elk);
        State s = elk_turn("R7", elk);
        test::act(s, 0, "play 3");
        REQUIRE(s.turn.stage == Stage::Move);
        REQUIRE(s.turn.moved == 0);
        const std::string reason = test::refused(s, 0, "elk 2");
        CHECK_THAT(reason, Contains("R10.8"));
        CHECK_THAT(reason, !Contains("only be taken at the start of your turn"));
    }
}

TEST_CASE("R10.3: a state with a canoe in the river on the whirlpool's position is refused",
          "[spirits][R10]") {
    CHECK_THROWS(test::state(R"({
      "options": {"players": 3, "spirits": true, "starting_seat": 0},
      "phase": "choose", "whirlpool": "T3",
      "seats": [{"canoes": [{"where": "river", "pos": "T3"}, {"where": "land"}]}, {}, {}]})"));
}
