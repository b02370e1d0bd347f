// R7 (weather and the river's speed) and R8 (the waterfall): scenario tests citing RULES.md.
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
// R7. Weather and the river's speed

TEST_CASE("R7.1: the cloud moves the weather one step and moves no canoe", "[rules][R7]") {
    State s = my_turn("cloud", "T3", "land");
    CHECK_THAT(test::legal(s, 0),
               Catch::Matchers::UnorderedEquals(Strings{"cloud up", "cloud down"}));
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1"), Contains("R7.1"));
    CHECK_THAT(test::refused(s, 0, "canoe 2 down 1"), Contains("R7.1"));
    CHECK_THAT(test::refused(s, 0, "done"), Contains("R7.1"));
    SECTION("up") {
        test::act(s, 0, "cloud up");
        CHECK(s.weather == 1);
    }
    SECTION("down") {
        test::act(s, 0, "cloud down");
        CHECK(s.weather == -1);
    }
    CHECK(s.turn.seat == 1);
    CHECK(boat(s, 0, 0).pos == Pos::T3);  // the river canoe did not move
    CHECK(boat(s, 0, 1).where == Where::Land);

    State t = my_turn("4", "T3", "land");  // a number card cannot move the weather
    CHECK_THAT(test::refused(t, 0, "cloud up"), Contains("R7.1"));
}

TEST_CASE("R7.1: the weather stays within -1..+2", "[rules][R7]") {
    SECTION("at +2 the cloud can only go down") {
        State s = phase_two({{"cloud"}, {}, {}}, R"("weather":2)");
        CHECK(test::legal(s, 0) == Strings{"cloud down"});
        CHECK_THAT(test::refused(s, 0, "cloud up"), Contains("R7.1"));
        test::act(s, 0, "cloud down");
        CHECK(s.weather == 1);
    }
    SECTION("at -1 the cloud can only go up") {
        State s = phase_two({{"cloud"}, {}, {}}, R"("weather":-1)");
        CHECK(test::legal(s, 0) == Strings{"cloud up"});
        CHECK_THAT(test::refused(s, 0, "cloud down"), Contains("R7.1"));
        test::act(s, 0, "cloud up");
        CHECK(s.weather == 0);
    }
}

TEST_CASE("R7.2: speed = lowest number card + weather after phase II (figure 11)", "[rules][R7]") {
    // Bea 3, Yannick 3, Gina 5, Biggi 2; Roger plays the cloud from +1 to +2: 2 + 2 = 4.
    State s = phase_two({{"3", "T1", "lost"},
                         {"3", "lost", "lost"},
                         {"5", "lost", "lost"},
                         {"2", "lost", "lost"},
                         {"cloud", "lost", "lost"}},
                        R"("turns_done":4,"weather":1)");
    test::act(s, 4, "cloud up");
    CHECK(s.last_speed == 4);
    CHECK(s.weather == 2);
    CHECK(boat(s, 0, 0).pos == Pos::T5);
}

TEST_CASE("R7.2: the weather applies as it stands after the whole phase II", "[rules][R7]") {
    // The lowest card is 4 and the weather +2 when the 4 is played; the last player's cloud
    // brings it back to +1: the river moves 5, not 6.
    State s = phase_two({{"4", "T1", "lost"}, {"6", "lost", "lost"}, {"cloud", "lost", "lost"}},
                        R"("turns_done":2,"weather":2)");
    test::act(s, 2, "cloud down");
    CHECK(s.last_speed == 5);
}

TEST_CASE("R7.2: with only cloud cards played the speed is the weather", "[rules][R7]") {
    // Everybody plays the cloud; seat 0's canoe waits on T1.
    auto all_clouds = [](int weather) {
        return phase_two({{"cloud", "T1 red", "lost"}, {"cloud"}, {"cloud"}},
                         R"("weather":)" + std::to_string(weather));
    };
    SECTION("ending at +1: the river moves 1") {
        State s = all_clouds(0);
        test::act(s, 0, "cloud up");
        test::act(s, 1, "cloud up");
        test::act(s, 2, "cloud down");
        CHECK(s.last_speed == 1);
        CHECK(boat(s, 0, 0).pos == Pos::T2);
    }
    SECTION("ending at +2: the river moves 2") {
        State s = all_clouds(1);
        test::act(s, 0, "cloud up");
        test::act(s, 1, "cloud down");
        test::act(s, 2, "cloud up");
        CHECK(s.last_speed == 2);
        CHECK(boat(s, 0, 0).pos == Pos::T3);
    }
    SECTION("ending at 0: the river does not move") {
        State s = all_clouds(1);
        test::act(s, 0, "cloud down");
        test::act(s, 1, "cloud down");
        test::act(s, 2, "cloud up");
        CHECK(s.weather == 0);
        CHECK(s.round == 2);
        CHECK(s.last_speed == 0);
        CHECK(boat(s, 0, 0).pos == Pos::T1);
        CHECK(s.fork == Branch::Left);
    }
    SECTION("ending at -1: the river does not move") {
        State s = all_clouds(0);
        test::act(s, 0, "cloud down");
        test::act(s, 1, "cloud up");
        test::act(s, 2, "cloud down");
        CHECK(s.weather == -1);
        CHECK(s.round == 2);
        CHECK(s.last_speed == -1);
        CHECK(boat(s, 0, 0).pos == Pos::T1);
        CHECK(boat(s, 0, 0).cargo.of(Colour::Red) == 1);
    }
}

TEST_CASE("R7.2: a speed of 0 leaves the river still, even after number cards", "[rules][R7]") {
    State s = phase_two({{"1", "L7", "lost"}, {"3", "lost", "lost"}, {"cloud", "lost", "lost"}},
                        R"("turns_done":2,"weather":0)");
    test::act(s, 2, "cloud down");
    CHECK(s.last_speed == 0);
    CHECK(boat(s, 0, 0).pos == Pos::L7);  // not over the waterfall
}

TEST_CASE("R7.3: in phase III the river takes as many steps as its speed", "[rules][R7]") {
    for (int weather : {-1, 0, 1}) {
        INFO("weather after phase II " << weather);
        State s = phase_two({{"4", "T1", "lost"}, {"5", "lost", "lost"}, {"cloud", "lost", "lost"}},
                            R"("turns_done":2,"weather":)" + std::to_string(weather + 1));
        test::act(s, 2, "cloud down");
        CHECK(s.last_speed == 4 + weather);
        CHECK(boat(s, 0, 0).pos == Pos(4 + weather));  // T1 + speed
    }
}

TEST_CASE("R7.4: during phase III no player acts; the next phase I follows at once",
          "[rules][R7][R3]") {
    State s =
        phase_two({{"3", "T3 violet", "lost"}, {"3", "lost", "lost"}, {"cloud", "lost", "lost"}},
                  R"("turns_done":2)");
    test::act(s, 2, "cloud up");
    CHECK(s.phase == Phase::ChooseCards);
    CHECK(s.round == 2);
    CHECK(acting_seats(s) == 0b111);
    CHECK(boat(s, 0, 0).pos == Pos::L6);  // moved 4 with its gem
    CHECK(boat(s, 0, 0).cargo.of(Colour::Violet) == 1);
    for (int seat = 0; seat < 3; ++seat)
        for (const std::string& text : test::legal(s, seat))
            CHECK_THAT(text, !Contains("canoe"));
}

// ---------------------------------------------------------------------------------------------
// R8. The waterfall

TEST_CASE("R8.1: a canoe whose disc falls is lost; its gem returns to its colour's place",
          "[rules][R8]") {
    State s = phase_two(
        {{"2", "L7 blue", "R7 red"}, {"2", "L6 violet", "lost"}, {"cloud", "lost", "lost"}},
        R"("turns_done":2,"fork":"left")");
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);
    test::act(s, 2, "cloud down");  // speed 1, flowing left
    REQUIRE(s.last_speed == 1);
    CHECK(boat(s, 0, 0).where == Where::Lost);
    CHECK(boat(s, 0, 0).cargo.total() == 0);
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 7);
    CHECK(boat(s, 0, 1).pos == Pos::R7);  // the right branch did not flow
    CHECK(boat(s, 0, 1).cargo.of(Colour::Red) == 1);
    CHECK(boat(s, 1, 0).pos == Pos::L7);
}

TEST_CASE("R8.1: a canoe paddled over the waterfall is lost; its gem goes to its colour's place",
          "[rules][R8][R4]") {
    // A violet gem carried near the fall goes back to the violet place, not the red one.
    State s = my_turn("3", "R7 violet", "lost");
    test::act(s, 0, "canoe 1 down 1");
    CHECK(boat(s, 0, 0).where == Where::Lost);
    CHECK(s.place(Colour::Violet).of(Colour::Violet) == 7);
    CHECK(s.place(Colour::Red).of(Colour::Violet) == 0);
}

TEST_CASE("R8.2: a lost canoe is out of the game until bought back", "[rules][R8]") {
    State s = my_turn("2", "lost", "T2");
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 2"), Contains("lost"));
    CHECK_THAT(test::legal(s, 0),
               Catch::Matchers::UnorderedEquals(Strings{"canoe 2 up 2", "canoe 2 down 2"}));
    test::act(s, 0, "canoe 2 down 2");
    CHECK(s.turn.seat == 1);  // no land canoe to wait for
    CHECK(boat(s, 0, 0).where == Where::Lost);
}

TEST_CASE("R8.3: in phase I a lost canoe is bought back for one gem of the collection",
          "[rules][R8]") {
    State s = test::state(R"({"options":{"players":3,"starting_seat":0},"round":4,
        "seats":[{"canoes":[{"where":"lost"},{"where":"lost"}],"collection":{"red":1,"blue":2}},
                 {"canoes":[{"where":"land"},{"where":"lost"}]},{}]})");
    CHECK(test::is_legal(s, 0, "buyback 1 red"));
    CHECK(test::is_legal(s, 0, "buyback 2 blue"));
    CHECK_THAT(test::refused(s, 0, "buyback 1 clear"), Contains("R8.3"));
    CHECK_THAT(test::refused(s, 1, "buyback 2 red"), Contains("R8.3"));  // nothing to pay
    CHECK_THAT(test::refused(s, 1, "buyback 1 red"), Contains("R8.3"));  // not lost
    const int red_before = s.place(Colour::Red).of(Colour::Red);

    test::act(s, 0, "buyback 2 red");
    CHECK(boat(s, 0, 1).where == Where::Land);
    CHECK(s.seats[0].collection.of(Colour::Red) == 0);
    CHECK(s.place(Colour::Red).of(Colour::Red) == red_before + 1);
    CHECK(must_act(s, 0));  // still has to choose a card
    // Each lost canoe costs one gem.
    test::act(s, 0, "buyback 1 blue");
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(s.seats[0].collection.of(Colour::Blue) == 1);
    CHECK(s.place(Colour::Blue).of(Colour::Blue) == 6);
    test::refused(s, 0, "buyback 1 blue");  // no longer lost

    // After choosing the card it is too late, and the canoes can move this round.
    State t = test::state(R"({"options":{"players":3,"starting_seat":0},
        "seats":[{"canoes":[{"where":"lost"},{"where":"lost"}],"collection":{"red":2}},{},{}]})");
    test::act(t, 0, "play 3");
    CHECK_THAT(test::refused(t, 0, "buyback 1 red"), Contains("already chosen"));
    test::act(t, 1, "play 2");
    test::act(t, 2, "play 4");
    CHECK(t.turn.seat == 1);  // seat 0 has no canoe: its turn passes at once
    CHECK_THAT(test::refused(t, 1, "buyback 1 red"), Contains("R3.1"));
}

TEST_CASE("R8.3: a bought-back canoe can move in the same round", "[rules][R8]") {
    State s = test::state(R"({"options":{"players":3,"starting_seat":0},
        "seats":[{"canoes":[{"where":"lost"},{"where":"lost"}],"collection":{"red":1}},{},{}]})");
    test::act(s, 0, "buyback 1 red");
    test::act(s, 0, "play 2");
    test::act(s, 1, "play 3");
    test::act(s, 2, "play 4");
    REQUIRE(s.turn.seat == 0);
    CHECK(test::legal(s, 0) == Strings{"canoe 1 down 2"});
    test::act(s, 0, "canoe 1 down 2");
}

TEST_CASE("R8.4: with every canoe lost and no gem, one canoe comes back free in phase I",
          "[rules][R8]") {
    // Seats 0 and 1 lose their last canoe in phase III and own no gem; seat 2 has no canoe
    // either but owns a clear gem.
    State s = phase_two({{"1", "L7", "lost"},
                         {"2", "lost", "L7", R"("collection":{})"},
                         {"cloud", "lost", "lost", R"("collection":{"clear":1})"}},
                        R"("turns_done":2,"fork":"left")");
    test::act(s, 2, "cloud up");  // speed 2: the L7 disc falls
    REQUIRE(s.phase == Phase::ChooseCards);
    // No canoe and no gem: canoe 1 is back on land for free, the other stays lost.
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(boat(s, 0, 1).where == Where::Lost);
    CHECK(boat(s, 1, 0).where == Where::Land);
    CHECK(boat(s, 1, 1).where == Where::Lost);
    CHECK(s.seats[1].collection.total() == 0);
    // Seat 2 gets nothing for free: it must buy a canoe back with its gem.
    CHECK(boat(s, 2, 0).where == Where::Lost);
    CHECK(boat(s, 2, 1).where == Where::Lost);
    CHECK(test::is_legal(s, 2, "buyback 1 clear"));
}
