// The Diamond Joe variant (R11; rulebooks/003_*, end of file): a neutral canoe that loads after
// the river has moved, paddles up-river by the starting player's card, and deals with the
// players whose canoes end their turn on his position. Scenario tests citing RULES.md.
//
// Seats and canoes are 0-based here and 1-based in the text notation ("joe take 1").
#include <algorithm>
#include <string>
#include <vector>

#include "engine/scenario.hpp"
#include "engine/seat_specs.hpp"

namespace {

using namespace niagara;
using Catch::Contains;
using Strings = std::vector<std::string>;

using namespace test::spec;  // boat, where, gems, cargo (seat_specs.hpp)

// Diamond Joe's position ("T3"; "off" when he is not in the river) and his gem.
std::string joe(const State& s) {
    return s.joe.in_river ? std::string(pos_name(s.joe.pos)) : "off";
}
std::string joe_gem(const State& s) {
    return gems(s.joe_cargo);
}

// R1.3: the number of gems of each colour never changes; Joe's gem counts.
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

std::string subst(std::string text, const std::string& key, const std::string& value) {
    for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
        text.replace(at, key.size(), value);
    return text;
}

// Round 1 of a 3-player Diamond Joe game ends: seat 0 (the starting player) played
// `start_card`, seat 1 `other_card`, and seat 2 now moves the cloud from `weather` in
// `direction`. `extra` adds top-level keys ("joe", "fork", ...); `spirits` adds the expansion.
// All canoes are on land. Phases III and IV follow at once.
State after_round(const std::string& start_card, const std::string& other_card, int weather,
                  const std::string& direction, const std::string& extra, bool spirits = false) {
    std::string json = R"({
      "options": {"players": 3, "diamond_joe": true, "spirits": %S%, "starting_seat": 0},
      "phase": "actions", "turns_done": 2, "weather": %W%, %X%
      "seats": [{"chosen": "%A%"}, {"chosen": "%B%"}, {"chosen": "cloud"}]})";
    json = subst(json, "%S%", spirits ? "true" : "false");
    json = subst(json, "%W%", std::to_string(weather));
    json = subst(json, "%X%", extra.empty() ? "" : extra + ",");
    json = subst(json, "%A%", start_card);
    json = subst(json, "%B%", other_card);
    State s = test::state(json);
    test::act(s, 2, "cloud " + direction);
    REQUIRE(s.round == 2);
    return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// R11.1 Set-up

TEST_CASE("R11.1: Diamond Joe is a neutral, empty canoe that starts on the disc at T1",
          "[joe][R11]") {
    Options o;
    o.players = 3;
    o.diamond_joe = true;
    o.starting_seat = 0;
    const State s = new_game(o);
    CHECK(joe(s) == "T1");
    CHECK(joe_gem(s) == "");
    CHECK(s.players() == 3);  // he is no seat
    const Json j = state_to_json(s);
    CHECK(j["joe"]["pos"] == "T1");
    CHECK(j["joe"]["cargo"].empty());

    Options base = o;
    base.diamond_joe = false;
    const State b = new_game(base);
    CHECK(joe(b) == "off");
    CHECK(state_to_json(b)["joe"].is_null());

    // He carries at most one gem, and his gem is one of the game's gems (R1.3).
    CHECK_THROWS_WITH(test::state(R"({"options": {"players": 3, "diamond_joe": true},
                                      "joe": {"pos": "T3", "cargo": ["red", "blue"]}})"),
                      Contains("R11.1"));
    const State loaded = test::state(R"({"options": {"players": 3, "diamond_joe": true},
                                         "joe": {"pos": "T3", "cargo": ["red"]}})");
    CHECK(loaded.place(Colour::Red).of(Colour::Red) == 6);
    check_conservation(loaded);
}

TEST_CASE(
    "R11.1, R1.3: a state with Joe carrying a gem survives a JSON round trip (his gem counts "
    "with the discovery places)",
    "[joe][R11]") {
    const State s = test::state(R"({"options": {"players": 3, "diamond_joe": true},
                                    "joe": {"pos": "T3", "cargo": ["red"]}})");
    const Json j = state_to_json(s);
    State back;
    REQUIRE_NOTHROW(back = state_from_json(j));
    CHECK(back == s);
    // The same with the places written out by hand: 6 red at the red place + Joe's = 7.
    CHECK_NOTHROW(test::state(R"({"options": {"players": 3, "diamond_joe": true},
        "joe": {"pos": "T3", "cargo": ["red"]},
        "places": {"violet": {"violet": 7}, "clear": {"clear": 7}, "yellow": {"yellow": 7},
                   "blue": {"blue": 7}, "red": {"red": 6}}})"));
}

// ---------------------------------------------------------------------------------------------
// R11.2 Loading

TEST_CASE(
    "R11.2: after the river has moved (or not), an empty Joe loads one gem of the colour of "
    "the discovery place beside him",
    "[joe][R11]") {
    // The starting player's card is a cloud, so Joe does not paddle (R11.3) in these rounds.
    SECTION("carried to T3 by the river: he loads a violet gem") {
        State s = after_round("cloud", "2", 0, "down", R"("joe": {"pos": "T2"})");
        CHECK(s.last_speed == 1);
        CHECK(joe(s) == "T3");
        CHECK(joe_gem(s) == "violet");
        CHECK(s.place(Colour::Violet).of(Colour::Violet) == 6);
        check_conservation(s);
    }
    SECTION("a loaded Joe loads nothing more") {
        State s = after_round("cloud", "2", 0, "down", R"("joe": {"pos": "T2", "cargo": ["red"]})");
        CHECK(joe(s) == "T3");
        CHECK(joe_gem(s) == "red");
        CHECK(s.place(Colour::Violet).of(Colour::Violet) == 7);
    }
    SECTION("the river does not move (speed 0): he loads where he is") {
        State s = after_round("cloud", "1", 0, "down", R"("joe": {"pos": "T4"})");
        CHECK(s.last_speed == 0);
        CHECK(joe(s) == "T4");
        CHECK(joe_gem(s) == "clear");
        CHECK(s.place(Colour::Clear).of(Colour::Clear) == 6);
    }
    SECTION("no place beside T1/T2: nothing to load") {
        State s = after_round("cloud", "2", 0, "down", R"("joe": {"pos": "T1"})");
        CHECK(joe(s) == "T2");
        CHECK(joe_gem(s) == "");
    }
    SECTION("only gems of other colours at the place: nothing to load") {
        State s = test::state(R"({
          "options": {"players": 3, "diamond_joe": true, "starting_seat": 0},
          "phase": "actions", "turns_done": 2, "weather": 0, "joe": {"pos": "T2"},
          "seats": [{"chosen": "cloud", "collection": {"violet": 3}},
                    {"chosen": "2", "collection": {"violet": 3}},
                    {"chosen": "cloud", "collection": {"violet": 1}}],
          "places": {"violet": {"red": 1}, "clear": {"clear": 7}, "yellow": {"yellow": 7},
                     "blue": {"blue": 7}, "red": {"red": 6}}})");
        test::act(s, 2, "cloud down");
        REQUIRE(s.round == 2);
        CHECK(joe(s) == "T3");
        CHECK(joe_gem(s) == "");
        CHECK(gems(s.place(Colour::Violet)) == "red");
    }
}

// ---------------------------------------------------------------------------------------------
// R11.3 Moving

TEST_CASE(
    "R11.3: then Joe paddles up-river by the starting player's card; at T1 he turns and goes "
    "down-river, taking the right branch; never onto land",
    "[joe][R11]") {
    SECTION("up by the starting player's 2 after loading") {
        // Speed 2 - 1 = 1: T4 -> T5, loads yellow, paddles T4, T3.
        State s = after_round("2", "3", 0, "down", R"("joe": {"pos": "T4"})");
        CHECK(joe(s) == "T3");
        CHECK(joe_gem(s) == "yellow");
    }
    SECTION("the starting player's card, not the lowest one") {
        // Speed 1 - 1 = 0; Joe loads yellow at T5 and paddles 5: T4 T3 T2 T1, turns, T2.
        State s = after_round("5", "1", 0, "down", R"("joe": {"pos": "T5"})");
        CHECK(s.last_speed == 0);
        CHECK(joe(s) == "T2");
        CHECK(joe_gem(s) == "yellow");
    }
    SECTION("turning at T1 and taking the right branch, whatever the fork flag says") {
        // Speed 1 (to the right; the flag then points left). T1 -> T2; a 6: T1, turn, T2 T3 T4 T5
        // R6.
        State s = after_round("6", "2", 0, "down", R"("joe": {"pos": "T1"}, "fork": "right")");
        CHECK(s.fork == Branch::Left);
        CHECK(joe(s) == "R6");
        CHECK(joe_gem(s) == "");  // he loads only before paddling
    }
    SECTION("starting on T1 he turns at once") {
        // Speed 1 - 1 = 0; from T1 with 1 point: T2.
        State s = after_round("1", "3", 0, "down", R"("joe": {"pos": "T1"})");
        CHECK(s.last_speed == 0);
        CHECK(joe(s) == "T2");
    }
    SECTION("the starting player's card is not a number card: Joe does not move") {
        // Speed 3 + 1 = 4: T2 -> T3 T4 T5 R6 on his disc; then no paddling.
        State s = after_round("cloud", "3", 0, "up", R"("joe": {"pos": "T2", "cargo": ["red"]})");
        CHECK(s.last_speed == 4);
        CHECK(joe(s) == "R6");
        CHECK(joe_gem(s) == "red");
    }
}

TEST_CASE(
    "R11.3, R10.2, R10.5, R10.6: with Spirits Joe ignores the whirlpool, and a lasso or 1/2/3 "
    "of the starting player leaves him where the river put him",
    "[joe][R11]") {
    SECTION("he may stop on the whirlpool") {
        // Speed 1: whirlpool T2 -> T3, Joe T4 -> T5 (loads yellow) and paddles 2 to T3.
        State s =
            after_round("2", "3", 0, "down", R"("joe": {"pos": "T4"}, "whirlpool": "T2")", true);
        CHECK(s.whirlpool.at(Pos::T3));
        CHECK(joe(s) == "T3");
        CHECK(joe_gem(s) == "yellow");
    }
    SECTION("he crosses it up-river for 1 point") {
        // Speed 1: whirlpool T3 -> T4, Joe T4 -> T5 (loads yellow); 2 points: T4, T3.
        State s = after_round("2", "3", 0, "down", R"("joe": {"pos": "T4"})", true);
        CHECK(s.whirlpool.at(Pos::T4));
        CHECK(joe(s) == "T3");
    }
    for (const char* card : {"1/2/3", "lasso"}) {
        DYNAMIC_SECTION("the starting player played " << card) {
            // Speed 3 - 1 = 2: Joe T1 -> T3, loads violet, and stays.
            State s = after_round(card, "3", 0, "down", R"("joe": {"pos": "T1"})", true);
            CHECK(s.last_speed == 2);
            CHECK(joe(s) == "T3");
            CHECK(joe_gem(s) == "violet");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// R11.4 The waterfall

TEST_CASE(
    "R11.4: Joe going over the waterfall with the river: his gem goes home and he restarts on "
    "T1 at once",
    "[joe][R11]") {
    SECTION("in the last step") {
        State s =
            after_round("cloud", "2", 0, "down", R"("joe": {"pos": "L7", "cargo": ["clear"]})");
        CHECK(s.last_speed == 1);
        CHECK(joe(s) == "T1");
        CHECK(joe_gem(s) == "");
        CHECK(s.place(Colour::Clear).of(Colour::Clear) == 7);
        check_conservation(s);
    }
    SECTION("in the first of two steps: from T1 he flows on with the river") {
        State s =
            after_round("cloud", "3", 0, "down", R"("joe": {"pos": "L7", "cargo": ["clear"]})");
        CHECK(s.last_speed == 2);
        CHECK(joe(s) == "T2");
        CHECK(joe_gem(s) == "");
    }
    SECTION("the branch that does not flow keeps him") {
        State s = after_round("cloud", "2", 0, "down",
                              R"("joe": {"pos": "R7", "cargo": ["clear"]}, "fork": "left")");
        CHECK(joe(s) == "R7");
        CHECK(joe_gem(s) == "clear");
    }
}

TEST_CASE(
    "R11.4, R10.1: Joe paddling over the waterfall (a 7 from T1) restarts on T1, his gem home",
    "[joe][R11]") {
    // Speed 1 - 1 = 0. From T1 the 7 takes him T2 T3 T4 T5 R6 R7 and over the fall.
    State s = after_round("7", "1", 0, "down", R"("joe": {"pos": "T1", "cargo": ["blue"]})", true);
    CHECK(s.last_speed == 0);
    CHECK(joe(s) == "T1");
    CHECK(joe_gem(s) == "");
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);  // 3 players with Spirits: 6 per place
    check_conservation(s);
}

// ---------------------------------------------------------------------------------------------
// R11.5 Dealing with Joe

namespace {

// Seat 0 (of 3) plays `card`; its canoes are given as JSON; Joe as JSON.
State deal_turn(const std::string& card, const std::string& canoes, const std::string& joe_json,
                bool spirits = false) {
    return test::state(subst(subst(subst(subst(R"({
      "options": {"players": 3, "diamond_joe": true, "spirits": %S%, "starting_seat": 0},
      "phase": "actions", "joe": %J%,
      "seats": [{"chosen": "%C%", "canoes": %K%, "collection": {"violet": 1}},
                {"chosen": "5"}, {"chosen": "6"}]})",
                                               "%S%", spirits ? "true" : "false"),
                                         "%J%", joe_json),
                                   "%C%", card),
                             "%K%", canoes));
}

}  // namespace

TEST_CASE(
    "R11.5: a canoe ending the turn on Joe's position may take his gem into a free place, free "
    "and optional",
    "[joe][R11]") {
    State s = deal_turn("2", R"([{"where": "river", "pos": "T5"}, {"where": "lost"}])",
                        R"({"pos": "T3", "cargo": ["red"]})");
    test::act(s, 0, "canoe 1 up 2");
    REQUIRE(s.turn.seat == 0);
    CHECK(s.turn.stage == Stage::Joe);
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"joe no", "joe take 1"});
    CHECK_THAT(test::refused(s, 0, "joe give 1 red"), Contains("R11.5"));
    SECTION("take") {
        test::act(s, 0, "joe take 1");
        CHECK(cargo(s, 0, 0) == "red");
        CHECK(joe_gem(s) == "");
        CHECK(joe(s) == "T3");
        CHECK(s.turn.seat == 1);
        check_conservation(s);
    }
    SECTION("no deal") {
        test::act(s, 0, "joe no");
        CHECK(cargo(s, 0, 0) == "");
        CHECK(joe_gem(s) == "red");
        CHECK(s.turn.seat == 1);
    }
}

TEST_CASE("R11.5: a full canoe may swap its gem for Joe's gem of another colour", "[joe][R11]") {
    SECTION("blue for red") {
        State s = deal_turn(
            "2", R"([{"where": "river", "pos": "T5", "cargo": ["blue"]}, {"where": "lost"}])",
            R"({"pos": "T3", "cargo": ["red"]})");
        test::act(s, 0, "canoe 1 up 2");
        CHECK(test::sorted(test::legal(s, 0)) == Strings{"joe no", "joe swap 1 blue"});
        CHECK_THAT(test::refused(s, 0, "joe take 1"), Contains("R11.5"));
        test::act(s, 0, "joe swap 1 blue");
        CHECK(cargo(s, 0, 0) == "red");
        CHECK(joe_gem(s) == "blue");
        check_conservation(s);
    }
    SECTION("nothing to deal when both carry the same colour: the turn just ends") {
        State s = deal_turn(
            "2", R"([{"where": "river", "pos": "T5", "cargo": ["red"]}, {"where": "lost"}])",
            R"({"pos": "T3", "cargo": ["red"]})");
        test::act(s, 0, "canoe 1 up 2");
        CHECK(s.turn.seat == 1);
        CHECK(cargo(s, 0, 0) == "red");
        CHECK(joe_gem(s) == "red");
    }
}

TEST_CASE("R11.5: a loaded canoe may give its gem to an empty Joe", "[joe][R11]") {
    State s =
        deal_turn("2", R"([{"where": "river", "pos": "T1", "cargo": ["blue"]}, {"where": "lost"}])",
                  R"({"pos": "T3"})");
    test::act(s, 0, "canoe 1 down 2");  // the direction does not matter
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"joe give 1 blue", "joe no"});
    CHECK_THAT(test::refused(s, 0, "joe give 1 red"), Contains("R11.5"));
    test::act(s, 0, "joe give 1 blue");
    CHECK(cargo(s, 0, 0) == "");
    CHECK(joe_gem(s) == "blue");
    CHECK(s.turn.seat == 1);
    check_conservation(s);
}

TEST_CASE(
    "R11.5: nothing to deal when neither has a gem, or when the canoe only passed Joe: the turn "
    "ends without asking",
    "[joe][R11]") {
    SECTION("both empty") {
        State s = deal_turn("2", R"([{"where": "river", "pos": "T5"}, {"where": "lost"}])",
                            R"({"pos": "T3"})");
        test::act(s, 0, "canoe 1 up 2");
        CHECK(s.turn.seat == 1);
    }
    SECTION("passing his position") {
        State s = deal_turn("3", R"([{"where": "river", "pos": "T5"}, {"where": "lost"}])",
                            R"({"pos": "T3", "cargo": ["red"]})");
        test::act(s, 0, "canoe 1 up 3");  // T4, T3 (Joe), T2
        CHECK(where(s, 0, 0) == "T2");
        CHECK(s.turn.seat == 1);
        CHECK(joe_gem(s) == "red");
    }
}

TEST_CASE(
    "R11.5: the deal comes at the end of the turn, after every canoe has moved; either canoe "
    "on his position may deal",
    "[joe][R11]") {
    State s =
        deal_turn("2", R"([{"where": "river", "pos": "T5"}, {"where": "river", "pos": "T1"}])",
                  R"({"pos": "T3", "cargo": ["red"]})");
    test::act(s, 0, "canoe 1 up 2");
    CHECK(s.turn.stage == Stage::Move);  // canoe 2 must still move
    CHECK_THAT(test::refused(s, 0, "joe take 1"), Contains("R11.5"));
    test::act(s, 0, "canoe 2 down 2");
    CHECK(s.turn.stage == Stage::Joe);
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"joe no", "joe take 1", "joe take 2"});
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1"), Contains("R11.5"));
    test::act(s, 0, "joe take 2");
    CHECK(cargo(s, 0, 1) == "red");
    CHECK(cargo(s, 0, 0) == "");
    CHECK(s.turn.seat == 1);
}

TEST_CASE("R11.5, R7.1: a canoe that did not move (cloud card) may deal with Joe too",
          "[joe][R11]") {
    State s = deal_turn("cloud", R"([{"where": "river", "pos": "T3"}, {"where": "lost"}])",
                        R"({"pos": "T3", "cargo": ["red"]})");
    test::act(s, 0, "cloud up");
    CHECK(s.weather == 1);
    REQUIRE(s.turn.stage == Stage::Joe);
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"joe no", "joe take 1"});
    test::act(s, 0, "joe take 1");
    CHECK(cargo(s, 0, 0) == "red");
    CHECK(where(s, 0, 0) == "T3");
    CHECK(joe_gem(s) == "");
}

TEST_CASE("R11.5, R10.5: no deal from the river bank after a lasso", "[joe][R11]") {
    // The lasso acts when the turn begins, so start from phase I.
    State s = test::state(R"({
      "options": {"players": 3, "diamond_joe": true, "spirits": true, "starting_seat": 0},
      "phase": "choose", "whirlpool": "T1", "joe": {"pos": "T4", "cargo": ["red"]},
      "seats": [{"canoes": [{"where": "river", "pos": "T4", "cargo": ["blue"]}, {"where": "land"}]},
                {"chosen": "5"}, {"chosen": "6"}]})");
    test::act(s, 0, "play lasso");
    CHECK(where(s, 0, 0) == "bank T4");
    CHECK(s.turn.seat == 1);  // no Joe stage
    CHECK(test::legal(s, 0).empty());
    CHECK(cargo(s, 0, 0) == "blue");
    CHECK(joe_gem(s) == "red");
}

// ---------------------------------------------------------------------------------------------
// R11.6 Joe is no player's canoe

TEST_CASE("R11.6: Joe cannot be robbed and does not block; only players' canoes are robbed",
          "[joe][R11]") {
    State s = test::state(R"({
      "options": {"players": 3, "diamond_joe": true, "starting_seat": 0},
      "phase": "actions", "joe": {"pos": "T3", "cargo": ["red"]},
      "seats": [{"chosen": "2", "canoes": [{"where": "river", "pos": "T5"}, {"where": "lost"}],
                 "collection": {"violet": 1}},
                {"chosen": "5", "canoes": [{"where": "river", "pos": "T3", "cargo": ["blue"]}, {"where": "land"}]},
                {"chosen": "6"}]})");
    Strings up_two;
    for (const auto& t : test::legal(s, 0))
        if (t.rfind("canoe 1 up 2", 0) == 0) up_two.push_back(t);
    CHECK(test::sorted(up_two) == Strings{"canoe 1 up 2", "canoe 1 up 2 steal blue from 2.1"});
    test::refused(s, 0, "canoe 1 up 2 steal red from 2.1");
    test::act(s, 0, "canoe 1 up 2");
    CHECK(joe_gem(s) == "red");
    // His gem changes hands only by a deal at the end of the turn (R11.5).
    CHECK(test::is_legal(s, 0, "joe take 1"));
    test::act(s, 0, "joe no");

    // Without a player's canoe there, nothing can be stolen at his position.
    State t = test::state(R"({
      "options": {"players": 3, "diamond_joe": true, "starting_seat": 0},
      "phase": "actions", "joe": {"pos": "T3", "cargo": ["red"]},
      "seats": [{"chosen": "2", "canoes": [{"where": "river", "pos": "T5"}, {"where": "lost"}],
                 "collection": {"violet": 1}},
                {"chosen": "5"}, {"chosen": "6"}]})");
    for (const auto& move : test::legal(t, 0))
        CHECK(move.find("steal") == std::string::npos);
    // Canoes share his position (R4.7).
    test::act(t, 0, "canoe 1 up 2");
    CHECK(where(t, 0, 0) == "T3");
    CHECK(joe(t) == "T3");
}

// ---------------------------------------------------------------------------------------------
// Spirits and Diamond Joe together

TEST_CASE(
    "R11 with R10: a game with Spirits and Diamond Joe: the double canoe deals with Joe, Joe "
    "paddles a 7 over the waterfall, a lassoed canoe cannot deal, the elk and the whirlpool "
    "work as usual",
    "[joe][R11][spirits]") {
    State s = test::state(R"({
      "options": {"players": 3, "spirits": true, "diamond_joe": true, "starting_seat": 0},
      "phase": "choose", "weather": 0, "fork": "left",
      "joe": {"pos": "T1", "cargo": ["red"]},
      "seats": [{}, {"canoes": [{"where": "river", "pos": "T2", "cargo": ["blue"]}, {"where": "land"}]}, {}]})");
    REQUIRE(s.rules.gems_per_place == 6);
    REQUIRE(s.whirlpool.at(Pos::T3));
    REQUIRE(s.elk.at == Elk::At::RedPlace);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 5);
    check_conservation(s);

    // Round 1 (seat 0 starts): 7, 1, cloud.
    test::act(s, 1, "play 1");
    test::act(s, 2, "play cloud");
    test::act(s, 0, "play 7");
    REQUIRE(s.turn.seat == 0);
    test::act(s, 0, "canoe 1 down 7 left");  // T1 .. T5 (across the whirlpool), L6, L7
    CHECK(where(s, 0, 0) == "L7");
    REQUIRE(s.turn.seat == 1);
    test::act(s, 1, "canoe 1 up 1");     // onto Joe at T1
    CHECK(s.turn.stage == Stage::Move);  // the land canoe may still move
    test::act(s, 1, "done");
    REQUIRE(s.turn.stage == Stage::Joe);
    // The double canoe has a free place (take) and a gem of another colour (swap).
    CHECK(test::sorted(test::legal(s, 1)) == Strings{"joe no", "joe swap 1 blue", "joe take 1"});
    test::act(s, 1, "joe swap 1 blue");
    CHECK(cargo(s, 1, 0) == "red");
    CHECK(joe_gem(s) == "blue");
    test::act(s, 2, "cloud down");

    // Speed 1 - 1 = 0. Joe paddles seat 0's 7 from T1 (turning at once): over the waterfall.
    REQUIRE(s.round == 2);
    CHECK(s.last_speed == 0);
    CHECK(joe(s) == "T1");
    CHECK(joe_gem(s) == "");
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);
    check_conservation(s);

    // Round 2 (seat 1 starts): lasso, 3, 2.
    test::act(s, 2, "play 3");
    test::act(s, 0, "play 2");
    test::act(s, 1, "play lasso");
    // Seat 1's canoe is on Joe's position with a gem for an empty Joe, but on the bank.
    CHECK(where(s, 1, 0) == "bank T1");
    REQUIRE(s.turn.seat == 2);
    test::act(s, 2, "canoe 1 down 3");  // ends on the whirlpool at T3: pushed to T4
    CHECK(where(s, 2, 0) == "T4");
    REQUIRE(s.turn.seat == 0);
    CHECK(test::sorted(test::legal(s, 0)) == Strings{"elk 1", "elk no"});
    test::act(s, 0, "elk 1");
    test::act(s, 0, "canoe 1 load red then up 2");  // 2 + 2 points: load, L6, T5
    CHECK(where(s, 0, 0) == "T5");
    test::act(s, 0, "done");

    // Speed 2 - 1 = 1 to the left; Joe T1 -> T2, loads nothing, and the lasso (the starting
    // player's card) does not move him.
    REQUIRE(s.round == 3);
    CHECK(s.last_speed == 1);
    CHECK(joe(s) == "T2");
    CHECK(joe_gem(s) == "");
    CHECK(where(s, 1, 0) == "T1");
    CHECK(cargo(s, 1, 0) == "red");
    CHECK(where(s, 0, 0) == "L6");
    CHECK(cargo(s, 0, 0) == "red");
    CHECK(s.elk.on(0, 0));
    CHECK(where(s, 2, 0) == "T5");
    CHECK(s.whirlpool.at(Pos::T4));
    check_conservation(s);
}
