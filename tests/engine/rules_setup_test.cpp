// R1 (components and set-up), R2 (the river) and R3 (round structure): tests citing RULES.md.
#include <bit>
#include <set>
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

using namespace test::spec;  // phase_two, my_turn, boat (seat_specs.hpp)

int total_gems(const State& s, Colour c) {
    int total = 0;
    for (const Gems& place : s.places)
        total += place.of(c);
    for (int seat = 0; seat < s.players(); ++seat) {
        total += s.seats[seat].collection.of(c);
        for (const Canoe& b : s.seats[seat].canoes)
            total += b.cargo.of(c);
    }
    return total;
}

State fresh(int players, int starting_seat) {
    Options o;
    o.players = players;
    o.starting_seat = starting_seat;
    return new_game(o);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// R1. Components and set-up

TEST_CASE("R1.1: the base game seats 3 to 5 players", "[rules][R1]") {
    for (int n : {3, 4, 5}) {
        Options o;
        o.players = n;
        const State s = new_game(o);
        CHECK(s.players() == n);
        CHECK(acting_seats(s) == (1u << n) - 1);  // every seat chooses a card
    }
    for (int n : {0, 1, 2, 6, 7}) {
        Options o;
        o.players = n;
        INFO(n << " players");
        CHECK_THROWS_AS(new_game(o), std::invalid_argument);
    }
}

TEST_CASE("R1.2: five gem colours, each with a discovery place of its own colour", "[rules][R1]") {
    const State s = fresh(4, 0);
    CHECK(kAllColours.size() == 5);
    for (Colour c : kAllColours) {
        INFO(colour_name(c));
        CHECK(s.place(c).of(c) == 7);
        CHECK(s.place(c).distinct() == 1);
    }
    CHECK(parse_colour("amethyst") == Colour::Violet);
    CHECK(parse_colour("diamond") == Colour::Clear);
    CHECK(parse_colour("amber") == Colour::Yellow);
    CHECK(parse_colour("sapphire") == Colour::Blue);
    CHECK(parse_colour("ruby") == Colour::Red);
}

TEST_CASE("R1.3: 7 gems per place at set-up, and no gem is ever created or destroyed",
          "[rules][R1]") {
    Options o;
    o.players = 4;
    o.seed = 11;
    State s = new_game(o);
    for (Colour c : kAllColours)
        CHECK(s.place(c).total() == 7);
    RandomBot bot(11);
    int actions = 0;
    for (; actions < 3000 && !is_over(s); ++actions) {
        const int seat = bot.pick_seat(s);
        REQUIRE(apply(s, bot.pick_action(s, seat)).ok);
        for (Colour c : kAllColours)
            REQUIRE(total_gems(s, c) == 7);
    }
    CHECK(actions > 100);
}

TEST_CASE("R1.4: each player has two empty canoes, all on land at the start", "[rules][R1]") {
    const State s = fresh(5, 0);
    for (int seat = 0; seat < 5; ++seat) {
        for (const Canoe& b : s.seats[seat].canoes) {
            CHECK(b.where == Where::Land);
            CHECK(b.cargo.total() == 0);
        }
    }
    CHECK(s.rules.capacity[0] == 1);
    CHECK(s.rules.capacity[1] == 1);
}

TEST_CASE("R1.5: each player holds the cards 1 to 6 and the cloud", "[rules][R1]") {
    State s = fresh(3, 0);
    CHECK(test::legal(s, 1) ==
          Strings{"play 1", "play 2", "play 3", "play 4", "play 5", "play 6", "play cloud"});
    CHECK(std::popcount(s.seats[1].hand) == 7);
    CHECK_THAT(test::refused(s, 1, "play 7"), Contains("R10.1"));
    CHECK_THAT(test::refused(s, 1, "play lasso"), Contains("R10.1"));
}

TEST_CASE("R1.6: the weather starts at 0 on a track from -1 to +2", "[rules][R1][R7]") {
    CHECK(fresh(3, 0).weather == 0);
    CHECK(test::state(R"({"weather":2})").weather == 2);
    CHECK(test::state(R"({"weather":-1})").weather == -1);
    CHECK_THROWS_AS(test::state(R"({"weather":3})"), std::invalid_argument);
    CHECK_THROWS_AS(test::state(R"({"weather":-2})"), std::invalid_argument);
}

TEST_CASE("R1.7: the first starting player is fixed by the table or drawn from the seed",
          "[rules][R1]") {
    for (int seat = 0; seat < 4; ++seat)
        CHECK(fresh(4, seat).starting_seat == seat);
    std::set<int> drawn;
    for (std::uint64_t seed = 0; seed < 64; ++seed) {
        Options o;
        o.players = 4;
        o.seed = seed;
        State s = new_game(o);
        CHECK(new_game(o).starting_seat == s.starting_seat);  // same seed, same player
        drawn.insert(s.starting_seat);
        for (int seat = 0; seat < 4; ++seat)
            test::act(s, seat, "play 1");
        CHECK(s.turn.seat == s.starting_seat);  // the drawn player acts first
    }
    CHECK(drawn == std::set<int>{0, 1, 2, 3});
}

// ---------------------------------------------------------------------------------------------
// R2. The river

TEST_CASE("R2.1: T1-T5, then a left branch L6 L7 and a right branch R6 R7, then the waterfall",
          "[rules][R2]") {
    SECTION("five positions on the main stem") {
        State s = my_turn("5", "land", "lost");
        CHECK(test::is_legal(s, 0, "canoe 1 down 5"));
        test::act(s, 0, "canoe 1 down 5");
        CHECK(boat(s, 0, 0).pos == Pos::T5);
    }
    SECTION("two positions in each branch") {
        State s = my_turn("6", "land", "lost");
        test::act(s, 0, "canoe 1 down 6 left");
        CHECK(boat(s, 0, 0).pos == Pos::L6);
        State t = my_turn("2", "T5", "lost");
        test::act(t, 0, "canoe 1 down 2 right");
        CHECK(boat(t, 0, 0).pos == Pos::R7);
    }
    SECTION("the waterfall below L7 and R7") {
        for (const char* pos : {"L7", "R7"}) {
            State s = my_turn("1", pos, "lost");
            test::act(s, 0, "canoe 1 down 1");
            CHECK(boat(s, 0, 0).where == Where::Lost);
        }
    }
}

TEST_CASE("R2.2: the discovery place beside each position", "[rules][R2][R5]") {
    const std::vector<std::pair<std::string, std::set<std::string>>> expected = {
        {"T1", {}},        {"T2", {}},         {"T3", {"violet"}},
        {"T4", {"clear"}}, {"T5", {"yellow"}}, {"L6", {"blue"}},
        {"R6", {"blue"}},  {"L7", {"red"}},    {"R7", {"red"}},
    };
    for (const auto& [pos, colours] : expected) {
        INFO(pos);
        const State s = my_turn("2", pos, "lost");
        std::set<std::string> loadable;
        for (const Action& a : legal_actions(s, 0))
            for (Colour c : a.load)
                loadable.insert(std::string(colour_name(c)));
        CHECK(loadable == colours);
    }
}

TEST_CASE("R2.3: canoes float on their discs with the river", "[rules][R2]") {
    // Last turn of phase II: lowest card 2, the cloud takes the weather from +1 to 0: speed 2.
    State s = phase_two({{"2", "T2", "lost"}, {"2", "T2 red", "T4"}, {"cloud", "lost", "T3"}},
                        R"("turns_done":2,"weather":1)");
    test::act(s, 2, "cloud down");
    REQUIRE(s.round == 2);
    REQUIRE(s.last_speed == 2);
    CHECK(boat(s, 0, 0).pos == Pos::T4);
    CHECK(boat(s, 1, 0).pos == Pos::T4);
    CHECK(boat(s, 1, 0).cargo.of(Colour::Red) == 1);  // the gem floats along
    CHECK(boat(s, 2, 1).pos == Pos::T5);
    CHECK(boat(s, 1, 1).pos == Pos::R6);  // T4 -> T5 -> the right branch (second step)
}

TEST_CASE("R2.4: one river step: discs move down, T5 into the flagged branch, L7 falls",
          "[rules][R2][R8]") {
    // Lowest card 2, weather 0 -> -1: speed 1, the fork flag points left.
    State s = phase_two({{"2", "T5", "L6"}, {"2", "L7 red", "R6"}, {"cloud", "R7 blue", "T1"}},
                        R"("turns_done":2,"fork":"left")");
    test::act(s, 2, "cloud down");
    REQUIRE(s.last_speed == 1);
    CHECK(boat(s, 0, 0).pos == Pos::L6);
    CHECK(boat(s, 0, 1).pos == Pos::L7);
    CHECK(boat(s, 1, 0).where == Where::Lost);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 7);
    CHECK(boat(s, 1, 1).pos == Pos::R6);  // the right branch does not move
    CHECK(boat(s, 2, 0).pos == Pos::R7);
    CHECK(boat(s, 2, 0).cargo.of(Colour::Blue) == 1);
    CHECK(boat(s, 2, 1).pos == Pos::T2);
    CHECK(s.fork == Branch::Right);  // then the flag switches
}

TEST_CASE("R2.5: the fork flag starts left and alternates; the other branch stays still",
          "[rules][R2]") {
    CHECK(fresh(3, 0).fork == Branch::Left);
    // Speed 2: the first step flows left, the second right.
    State s = phase_two({{"2", "T4", "T5"}, {"2", "L6", "R6"}, {"cloud", "lost", "lost"}},
                        R"("turns_done":2,"weather":1,"fork":"left")");
    test::act(s, 2, "cloud down");
    REQUIRE(s.last_speed == 2);
    CHECK(boat(s, 0, 0).pos == Pos::R6);  // T4 -> T5 (left step) -> R6 (right step)
    CHECK(boat(s, 0, 1).pos == Pos::L6);  // T5 -> L6, then stays while the right branch flows
    CHECK(boat(s, 1, 0).pos == Pos::L7);  // L6 -> L7, then stays
    CHECK(boat(s, 1, 1).pos == Pos::R7);  // stays, then R6 -> R7
    CHECK(s.fork == Branch::Left);

    // Speed 3 from a right flag: right, left, right; the flag ends pointing left.
    State t = phase_two({{"3", "T3", "lost"}, {"3", "lost", "lost"}, {"cloud", "lost", "lost"}},
                        R"("turns_done":2,"weather":1,"fork":"right")");
    test::act(t, 2, "cloud down");
    REQUIRE(t.last_speed == 3);
    CHECK(boat(t, 0, 0).pos == Pos::R6);  // T3 -> T4 (right) -> T5 (left) -> R6 (right)
    CHECK(t.fork == Branch::Left);
}

TEST_CASE("R2.6: land is adjacent only to T1", "[rules][R2]") {
    State s = my_turn("1", "land", "lost");
    CHECK(test::legal(s, 0) == Strings{"canoe 1 down 1"});
    test::act(s, 0, "canoe 1 down 1");
    CHECK(boat(s, 0, 0).pos == Pos::T1);

    State t = my_turn("2", "T2", "lost");
    test::act(t, 0, "canoe 1 up 2");  // T2 -> T1 -> land
    CHECK(boat(t, 0, 0).where == Where::Land);
    State u = my_turn("2", "T3", "lost");
    test::act(u, 0, "canoe 1 up 2");  // T3 -> T2 -> T1: still in the river
    CHECK(boat(u, 0, 0).where == Where::River);
    CHECK(boat(u, 0, 0).pos == Pos::T1);
}

// ---------------------------------------------------------------------------------------------
// R3. Round structure

TEST_CASE("R3.1: in phase I every player chooses a card at the same time", "[rules][R3]") {
    State s = fresh(3, 0);
    CHECK(s.phase == Phase::ChooseCards);
    CHECK(acting_seats(s) == 0b111);
    test::act(s, 2, "play 4");
    CHECK(acting_seats(s) == 0b011);
    CHECK_THAT(test::refused(s, 2, "play 5"), Contains("already chosen"));
    test::act(s, 0, "play cloud");
    CHECK(acting_seats(s) == 0b010);
    CHECK(s.phase == Phase::ChooseCards);
    CHECK_THAT(test::refused(s, 1, "canoe 1 down 1"), Contains("R3.1"));
    test::act(s, 1, "play 2");
    CHECK(s.phase == Phase::Actions);
}

TEST_CASE("R3.2: in phase II the players act in turn, clockwise from the starting player",
          "[rules][R3]") {
    State s = fresh(3, 2);
    for (int seat = 0; seat < 3; ++seat)
        test::act(s, seat, "play 1");
    CHECK(s.turn.seat == 2);
    CHECK(acting_seats(s) == 0b100);
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 1"), Contains("R3.2"));
    test::act(s, 2, "canoe 1 down 1");
    CHECK(s.turn.seat == 0);
    // Later players see earlier players' moves and revealed cards.
    CHECK(seat_view(s, 0)["seats"][2]["revealed"] == "1");
    CHECK(seat_view(s, 0)["seats"][1]["revealed"].is_null());
    CHECK_THAT(test::refused(s, 1, "canoe 1 down 1"), Contains("R3.2"));
    test::act(s, 0, "canoe 2 down 1");
    CHECK(s.turn.seat == 1);
    CHECK_THAT(test::refused(s, 1, "play 3"), Contains("R3.1"));
    test::act(s, 1, "canoe 1 down 1");
    CHECK(s.phase == Phase::ChooseCards);  // phase III ran, next round
}

TEST_CASE("R3.3: after phase II the river moves", "[rules][R3][R7]") {
    State s = fresh(3, 0);
    for (int seat = 0; seat < 3; ++seat)
        test::act(s, seat, "play 2");
    for (int seat = 0; seat < 3; ++seat)
        test::act(s, seat, "canoe 1 down 2");
    CHECK(s.last_speed == 2);
    for (int seat = 0; seat < 3; ++seat) {
        CHECK(boat(s, seat, 0).pos == Pos::T4);  // T2 + 2 river steps
        CHECK(boat(s, seat, 1).where == Where::Land);
    }
}

TEST_CASE("R3.4: the life preserver passes to the left neighbour each round", "[rules][R3]") {
    State s = fresh(3, 1);
    RandomBot bot(3);
    const std::vector<int> expected = {1, 2, 0, 1, 2};
    for (int round = 1; round <= 5; ++round) {
        INFO("round " << round);
        REQUIRE(s.round == round);
        REQUIRE(s.phase == Phase::ChooseCards);
        CHECK(s.starting_seat == expected[round - 1]);
        while (s.phase == Phase::ChooseCards) {
            const int seat = bot.pick_seat(s);
            REQUIRE(apply(s, bot.pick_action(s, seat)).ok);
        }
        CHECK(s.turn.seat == expected[round - 1]);  // the holder acts first
        while (s.round == round && !is_over(s)) {
            const int seat = bot.pick_seat(s);
            REQUIRE(apply(s, bot.pick_action(s, seat)).ok);
        }
    }
}

TEST_CASE("R3.5: played cards stay on the discard stack and cannot be played again",
          "[rules][R3]") {
    State s = fresh(3, 0);
    for (int seat = 0; seat < 3; ++seat)
        test::act(s, seat, "play 2");
    for (int seat = 0; seat < 3; ++seat)
        test::act(s, seat, "canoe 1 down 2");
    REQUIRE(s.round == 2);
    for (int seat = 0; seat < 3; ++seat) {
        REQUIRE(s.seats[seat].discard_size == 1);
        CHECK(s.seats[seat].discard[0] == Card::Two);
        CHECK_FALSE(s.seats[seat].hand & card_bit(Card::Two));
        CHECK(std::popcount(s.seats[seat].hand) == 6);
    }
    CHECK_THAT(test::refused(s, 0, "play 2"), Contains("R3.5"));
    CHECK_FALSE(test::is_legal(s, 0, "play 2"));
}

TEST_CASE("R3.5: after 7 rounds the cards go back to the hand at the start of round 8",
          "[rules][R3]") {
    SECTION("from a set-up round 7") {
        State s = test::state(R"({"options":{"players":3,"starting_seat":0},"round":7,
            "seats":[{"discard":["1","2","3","4","5","6"]},{"discard":["6","5","4","3","2","1"]},
                     {"discard":["2","1","4","3","6","5"]}]})");
        for (int seat = 0; seat < 3; ++seat)
            CHECK(test::legal(s, seat) == Strings{"play cloud"});
        for (int seat = 0; seat < 3; ++seat)
            test::act(s, seat, "play cloud");
        test::act(s, 0, "cloud up");
        test::act(s, 1, "cloud up");
        test::act(s, 2, "cloud down");
        REQUIRE(s.round == 8);
        REQUIRE(s.phase == Phase::ChooseCards);
        for (int seat = 0; seat < 3; ++seat) {
            CHECK(s.seats[seat].hand == s.rules.deck);
            CHECK(s.seats[seat].discard_size == 0);
            CHECK(test::legal(s, seat).size() == 7);
        }
    }
    SECTION("in a played game") {
        Options o;
        o.players = 4;
        o.seed = 5;
        State s = new_game(o);
        RandomBot bot(5, RandomBot::Policy::Uniform);
        int checked = 0;
        while (!is_over(s)) {
            if (s.phase == Phase::ChooseCards && s.round != checked && acting_seats(s) == 0b1111) {
                checked = s.round;
                INFO("round " << s.round);
                for (int seat = 0; seat < 4; ++seat) {
                    const Seat& p = s.seats[seat];
                    if (s.round <= 7) {
                        CHECK(p.discard_size == s.round - 1);
                        CHECK(std::popcount(p.hand) == 8 - s.round);
                    } else {
                        CHECK(p.hand == s.rules.deck);
                        CHECK(p.discard_size == 0);
                    }
                }
                if (s.round == 8) break;
            }
            const int seat = bot.pick_seat(s);
            REQUIRE(apply(s, bot.pick_action(s, seat)).ok);
        }
        CHECK(checked == 8);
    }
}

TEST_CASE("R3.6: a chosen card is secret until its owner's turn; played cards are public",
          "[rules][R3]") {
    State s = fresh(3, 0);
    test::act(s, 2, "play 4");
    for (const Json& view : {seat_view(s, 0), spectator_view(s)}) {
        const Json& other = view["seats"][2];
        CHECK(other["has_chosen"] == true);
        CHECK(other["revealed"].is_null());
        CHECK_FALSE(other.contains("chosen"));
        CHECK(other["hand"].size() == 7);  // the chosen card still counts as in hand
        CHECK(other["discard"].empty());
    }
    CHECK(seat_view(s, 2)["seats"][2]["chosen"] == "4");
    test::act(s, 0, "play 1");
    test::act(s, 1, "play 3");
    test::act(s, 0, "canoe 1 down 1");
    test::act(s, 1, "canoe 1 down 3");
    // Seat 2's card is revealed at its turn.
    CHECK(spectator_view(s)["seats"][2]["revealed"] == "4");
    test::act(s, 2, "canoe 1 down 4");
    // Round 2: by default the whole discard stack is public.
    const Json view = seat_view(s, 0);
    CHECK(view["seats"][1]["discard"] == Json::array({"3"}));
    CHECK(view["seats"][2]["hand"].size() == 6);
}

TEST_CASE("R3.6: with the memory option only the top card of each discard stack shows",
          "[rules][R3]") {
    State s = test::state(R"({"options":{"players":3,"starting_seat":0,"memory":true},"round":3,
        "seats":[{"discard":["1","2"]},{"discard":["5","cloud"]},{"discard":["3","6"]}]})");
    const Json view = seat_view(s, 0);
    const Json& other = view["seats"][1];
    CHECK(other["discard_top"] == "cloud");
    CHECK(other["hand_size"] == 5);
    CHECK_FALSE(other.contains("discard"));
    CHECK_FALSE(other.contains("hand"));
    // A player still sees his own stack.
    CHECK(view["seats"][0]["discard"] == Json::array({"1", "2"}));
}
