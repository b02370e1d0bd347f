// R4 (moving canoes) and R5 (loading and unloading gems): scenario tests citing RULES.md.
#include <string>
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
// R4. Moving canoes

TEST_CASE("R4.1: the number on the card is the canoe's paddle points", "[rules][R4]") {
    for (int n = 1; n <= 4; ++n) {
        State s = my_turn(std::to_string(n), "land", "lost");
        INFO("card " << n);
        // From land the only way is down-river, exactly n spaces (no discovery place in reach
        // that leaves points for moving).
        CHECK(test::legal(s, 0) == Strings{"canoe 1 down " + std::to_string(n)});
        test::act(s, 0, "canoe 1 down " + std::to_string(n));
        CHECK(boat(s, 0, 0).where == Where::River);
        CHECK(boat(s, 0, 0).pos == Pos(n - 1));  // card 1 -> T1 ... card 4 -> T4
    }
}

TEST_CASE("R4.2: both canoes on land: exactly one moves, done is refused, the second cannot follow",
          "[rules][R4]") {
    State s = my_turn("3", "land", "land");
    CHECK(test::is_legal(s, 0, "canoe 1 down 3"));
    CHECK(test::is_legal(s, 0, "canoe 2 down 3"));
    CHECK_FALSE(test::is_legal(s, 0, "done"));
    CHECK_THAT(test::refused(s, 0, "done"), Contains("R4.2"));

    test::act(s, 0, "canoe 2 down 3");
    CHECK(boat(s, 0, 1).where == Where::River);
    CHECK(boat(s, 0, 1).pos == Pos::T3);
    // The turn is over at once: the first canoe may not follow.
    CHECK(s.turn.seat == 1);
    CHECK(test::legal(s, 0).empty());
    test::refused(s, 0, "canoe 1 down 3");
    CHECK(boat(s, 0, 0).where == Where::Land);
}

TEST_CASE("R4.2: a canoe in the river must move, the canoe on land may", "[rules][R4]") {
    State s = my_turn("2", "T3", "land");
    const std::string reason = test::refused(s, 0, "done");
    CHECK_THAT(reason, Contains("R4.2"));
    CHECK_THAT(reason, Contains("canoe 1"));

    SECTION("the land canoe may stay on land") {
        test::act(s, 0, "canoe 1 down 2");
        CHECK(s.turn.seat == 0);
        CHECK(test::is_legal(s, 0, "canoe 2 down 2"));
        test::act(s, 0, "done");
        CHECK(s.turn.seat == 1);
        CHECK(boat(s, 0, 1).where == Where::Land);
        CHECK(boat(s, 0, 0).pos == Pos::T5);
    }
    SECTION("the land canoe may move first; the river canoe must still move") {
        test::act(s, 0, "canoe 2 down 2");
        CHECK(s.turn.seat == 0);
        CHECK_THAT(test::refused(s, 0, "done"), Contains("R4.2"));
        test::act(s, 0, "canoe 1 up 2");
        CHECK(s.turn.seat == 1);
        CHECK(boat(s, 0, 0).pos == Pos::T1);
        CHECK(boat(s, 0, 1).pos == Pos::T2);
    }
}

TEST_CASE("R4.2: both canoes in the river both move, each the full points, in either order",
          "[rules][R4]") {
    State s = my_turn("3", "T2", "T4");
    test::act(s, 0, "canoe 2 up 3");
    CHECK(boat(s, 0, 1).pos == Pos::T1);
    CHECK(s.turn.seat == 0);
    CHECK_THAT(test::refused(s, 0, "done"), Contains("R4.2"));
    test::refused(s, 0, "canoe 2 up 1");  // already moved
    test::act(s, 0, "canoe 1 down 3");
    CHECK(boat(s, 0, 0).pos == Pos::T5);
    CHECK(s.turn.seat == 1);
}

TEST_CASE("R4.2: a player whose only canoe left is on land must move it", "[rules][R4]") {
    State s = my_turn("2", "lost", "land");
    CHECK(test::legal(s, 0) == Strings{"canoe 2 down 2"});
    CHECK_THAT(test::refused(s, 0, "done"), Contains("R4.2"));
    test::refused(s, 0, "canoe 1 down 2");  // lost
    test::act(s, 0, "canoe 2 down 2");
    CHECK(s.turn.seat == 1);
}

TEST_CASE("R4.2: a player with no canoe on land or in the river does nothing", "[rules][R4]") {
    State s =
        phase_two({{"2", "T1", "land"}, {"4", "lost", "lost", R"("collection":{"red":1})"}, {"5"}});
    test::act(s, 0, "canoe 1 down 2");
    test::act(s, 0, "done");
    // Seat 1 (no canoe) reveals its card and its turn passes at once.
    CHECK(s.phase == Phase::Actions);
    CHECK(s.turn.seat == 2);
    CHECK(s.seats[1].revealed);
    REQUIRE(s.seats[1].discard_size == 1);
    CHECK(s.seats[1].discard[0] == Card::Four);
    CHECK(test::legal(s, 1).empty());
}

TEST_CASE("R4.3: entering the river from land costs 1 point", "[rules][R4]") {
    State s = my_turn("3", "land", "land");
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 4"), Contains("R4.4"));
    test::act(s, 0, "canoe 1 down 3");
    CHECK(boat(s, 0, 0).pos == Pos::T3);  // land->T1, T2, T3: not T4
}

TEST_CASE("R4.3: leaving the river from T1 to land costs 1 point", "[rules][R4]") {
    State s = my_turn("1", "T1 red", "lost");
    test::act(s, 0, "canoe 1 up 1");
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(s.seats[0].collection.of(Colour::Red) == 1);
}

TEST_CASE("R4.3: a move goes in one direction only", "[rules][R4]") {
    // From T2 with a 3: up (reaching land), down 3, or down 1 and load; never down and back.
    State s = my_turn("3", "T2", "lost");
    CHECK_THAT(test::legal(s, 0),
               Catch::Matchers::UnorderedEquals(
                   Strings{"canoe 1 up 2", "canoe 1 down 3", "canoe 1 down 1 then load violet"}));
}

TEST_CASE("R4.3: moving down-river past T5 the player chooses the branch", "[rules][R4]") {
    State s = my_turn("3", "T4", "lost");
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 3"), Contains("R4.3"));
    CHECK_FALSE(test::is_legal(s, 0, "canoe 1 down 3"));
    SECTION("left") {
        test::act(s, 0, "canoe 1 down 3 left");
        CHECK(boat(s, 0, 0).pos == Pos::L7);
    }
    SECTION("right") {
        test::act(s, 0, "canoe 1 down 3 right");
        CHECK(boat(s, 0, 0).pos == Pos::R7);
    }
    SECTION("no branch to choose before the fork") {
        State t = my_turn("1", "T4", "lost");
        CHECK_THAT(test::refused(t, 0, "canoe 1 down 1 left"), Contains("fork"));
        test::act(t, 0, "canoe 1 down 1");
        CHECK(boat(t, 0, 0).pos == Pos::T5);
    }
    SECTION("leaving T5 down-river also needs a branch") {
        State t = my_turn("1", "T5", "lost");
        CHECK_THAT(test::refused(t, 0, "canoe 1 down 1"), Contains("R4.3"));
        test::act(t, 0, "canoe 1 down 1 right");
        CHECK(boat(t, 0, 0).pos == Pos::R6);
    }
}

TEST_CASE("R4.3: moving up-river from either branch leads to T5", "[rules][R4]") {
    State s = my_turn("3", "L7", "R6");
    test::act(s, 0, "canoe 1 up 3");
    test::act(s, 0, "canoe 2 up 3");
    CHECK(boat(s, 0, 0).pos == Pos::T4);  // L7 L6 T5 T4
    CHECK(boat(s, 0, 1).pos == Pos::T3);  // R6 T5 T4 T3
}

TEST_CASE("R4.3: a canoe cannot go up one branch and down the other in one move", "[rules][R4]") {
    const State s = my_turn("4", "L7", "lost");
    const auto moves = legal_actions(s, 0);
    REQUIRE_FALSE(moves.empty());
    for (const Action& a : moves) {
        State t = s;
        REQUIRE(apply(t, a).ok);
        INFO(to_text(a));
        const Canoe& c = boat(t, 0, 0);
        CHECK_FALSE((c.in_river() && (c.pos == Pos::R6 || c.pos == Pos::R7)));
    }
}

TEST_CASE("R4.4: all paddle points must be used", "[rules][R4]") {
    State s = my_turn("4", "T3", "lost");
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 1 left"), Contains("R4.4"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 2 right"), Contains("R4.4"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 2"), Contains("R4.4"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 load violet"), Contains("R4.4"));
    test::act(s, 0, "canoe 1 down 4 right");
    CHECK(boat(s, 0, 0).pos == Pos::R7);
}

TEST_CASE("R4.4: a canoe reaching land may waste its surplus points", "[rules][R4]") {
    State s = my_turn("6", "T2 red", "lost");
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 6"), Contains("R4.4"));
    test::act(s, 0, "canoe 1 up 2");  // 2 of the 6 points used
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(s.seats[0].collection.of(Colour::Red) == 1);
    CHECK(s.turn.seat == 1);
}

TEST_CASE("R4.5: a canoe on land can only move down-river", "[rules][R4]") {
    State s = my_turn("2", "land", "land");
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 2"), Contains("R4.5"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1"), Contains("R4.5"));
    for (const std::string& text : test::legal(s, 0))
        CHECK_THAT(text, !Contains(" up "));
}

TEST_CASE("R4.6: a canoe may paddle over the waterfall on purpose; its move ends there",
          "[rules][R4][R8]") {
    State s = my_turn("5", "L6 red", "lost");
    CHECK(s.place(Colour::Red).of(Colour::Red) == 6);
    CHECK(test::is_legal(s, 0, "canoe 1 down 2"));
    test::refused(s, 0, "canoe 1 down 5");  // the surplus points are lost with the canoe
    test::act(s, 0, "canoe 1 down 2");
    CHECK(boat(s, 0, 0).where == Where::Lost);
    CHECK(boat(s, 0, 0).cargo.total() == 0);
    CHECK(s.place(Colour::Red).of(Colour::Red) == 7);  // R8.1: the gem goes home
    CHECK(s.turn.seat == 1);
}

TEST_CASE("R4.7: canoes never block each other and may share a position", "[rules][R4]") {
    State s = phase_two({{"3", "T1", "lost"}, {"6", "T2 red", "T3"}, {"6", "T4", "T4 blue"}});
    test::act(s, 0, "canoe 1 down 3");  // through T2 and T3, onto T4
    CHECK(boat(s, 0, 0).pos == Pos::T4);
    CHECK(boat(s, 2, 0).pos == Pos::T4);
    CHECK(boat(s, 2, 1).pos == Pos::T4);
    CHECK(boat(s, 1, 0).pos == Pos::T2);
    CHECK(boat(s, 1, 1).pos == Pos::T3);
}

TEST_CASE("R4.8: a canoe that reached land stays there for the rest of the turn", "[rules][R4]") {
    State s = my_turn("2", "T1", "land");
    test::act(s, 0, "canoe 1 up 1");
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(s.turn.seat == 0);  // the other land canoe may still move
    CHECK_THAT(test::refused(s, 0, "canoe 1 down 2"), Contains("already moved"));
    CHECK_THAT(test::legal(s, 0),
               Catch::Matchers::UnorderedEquals(Strings{"canoe 2 down 2", "done"}));
    test::act(s, 0, "canoe 2 down 2");
    CHECK(boat(s, 0, 0).where == Where::Land);
    CHECK(s.turn.seat == 1);
}

// ---------------------------------------------------------------------------------------------
// R5. Loading and unloading gems

TEST_CASE("R5.1: a single canoe carries at most one gem", "[rules][R5]") {
    State s = my_turn("2", "T3 clear", "lost");
    CHECK_THAT(test::refused(s, 0, "canoe 1 load violet"), Contains("R5.1"));
    for (const Action& a : legal_actions(s, 0))
        CHECK(a.load.size <= a.unload.size);
    test::act(s, 0, "canoe 1 unload clear");
    CHECK(boat(s, 0, 0).cargo.total() == 0);
    CHECK(s.place(Colour::Violet).of(Colour::Clear) == 1);
}

TEST_CASE("R5.2: a canoe loads only from the discovery place beside its position",
          "[rules][R5][R2]") {
    SECTION("T2 has no discovery place") {
        State s = my_turn("2", "T2", "lost");
        CHECK_THAT(test::refused(s, 0, "canoe 1 load violet"), Contains("R5.2"));
    }
    SECTION("land has no discovery place") {
        State s = my_turn("2", "land", "lost");
        CHECK_THAT(test::refused(s, 0, "canoe 1 load violet"), Contains("R5.2"));
    }
    SECTION("a canoe that lands cannot load after its move") {
        State s = my_turn("3", "T1", "lost");
        CHECK_THAT(test::refused(s, 0, "canoe 1 up 1 then load violet"), Contains("R5.2"));
    }
    SECTION("at T4 only the clear place is in reach") {
        State s = my_turn("2", "T4", "lost");
        CHECK_THAT(test::refused(s, 0, "canoe 1 load violet"), Contains("no violet"));
        CHECK_THAT(test::legal(s, 0), Catch::Matchers::UnorderedEquals(
                                          Strings{"canoe 1 load clear", "canoe 1 up 2",
                                                  "canoe 1 down 2 left", "canoe 1 down 2 right"}));
        test::act(s, 0, "canoe 1 load clear");
        CHECK(boat(s, 0, 0).cargo.of(Colour::Clear) == 1);
        CHECK(s.place(Colour::Clear).of(Colour::Clear) == 6);
    }
}

TEST_CASE("R5.3: loading or unloading a gem costs 2 paddle points", "[rules][R5]") {
    SECTION("loading") {
        State s = my_turn("4", "T3", "lost");
        CHECK_THAT(test::refused(s, 0, "canoe 1 load violet then down 3"), Contains("R4.4"));
        test::act(s, 0, "canoe 1 load violet then down 2");
        CHECK(boat(s, 0, 0).pos == Pos::T5);
        CHECK(boat(s, 0, 0).cargo.of(Colour::Violet) == 1);
        CHECK(s.place(Colour::Violet).of(Colour::Violet) == 6);
    }
    SECTION("unloading") {
        State s = my_turn("4", "T4 red", "lost");
        test::act(s, 0, "canoe 1 unload red then up 2");
        CHECK(boat(s, 0, 0).pos == Pos::T2);
        CHECK(boat(s, 0, 0).cargo.total() == 0);
        CHECK(s.place(Colour::Clear).of(Colour::Red) == 1);
    }
}

TEST_CASE("R5.3: with the card 1 no gem can be loaded or unloaded", "[rules][R5]") {
    State s = my_turn("1", "T3", "T5 red");
    CHECK_THAT(test::refused(s, 0, "canoe 1 load violet"), Contains("R5.3"));
    CHECK_THAT(test::refused(s, 0, "canoe 2 unload red"), Contains("R5.3"));
    const auto moves = legal_actions(s, 0);
    REQUIRE_FALSE(moves.empty());
    for (const Action& a : moves) {
        INFO(to_text(a));
        CHECK(a.load.empty());
        CHECK(a.unload.empty());
    }
}

TEST_CASE("R5.4: gems are handled before or after the move, never both, never midway",
          "[rules][R5]") {
    const Parsed both = parse_action("canoe 1 unload red then up 1 then load violet", 0);
    CHECK_FALSE(both.action.has_value());
    CHECK_THAT(both.error, Contains("R5.4"));

    SECTION("after the move, at the final position") {
        State s = my_turn("4", "T1", "lost");
        test::act(s, 0, "canoe 1 down 2 then load violet");
        CHECK(boat(s, 0, 0).pos == Pos::T3);
        CHECK(boat(s, 0, 0).cargo.of(Colour::Violet) == 1);
    }
    SECTION("not at a position passed on the way") {
        State s = my_turn("4", "T5", "lost");  // up 2 passes T4 (clear) and ends on T3 (violet)
        CHECK_FALSE(test::is_legal(s, 0, "canoe 1 up 2 then load clear"));
        test::refused(s, 0, "canoe 1 up 2 then load clear");
        CHECK(test::is_legal(s, 0, "canoe 1 up 2 then load violet"));
    }
}

TEST_CASE("R5.5: a canoe may unload and reload at once, 2 points per gem", "[rules][R5]") {
    State s = my_turn("5", "T5 clear", "lost");
    test::act(s, 0, "canoe 1 unload clear load yellow then up 1");
    CHECK(boat(s, 0, 0).pos == Pos::T4);
    CHECK(boat(s, 0, 0).cargo.of(Colour::Yellow) == 1);
    CHECK(boat(s, 0, 0).cargo.total() == 1);
    CHECK(s.place(Colour::Yellow).of(Colour::Clear) == 1);
    CHECK(s.place(Colour::Yellow).of(Colour::Yellow) == 6);
}

TEST_CASE("R5.5: unloading then reloading the same colour is refused", "[rules][R5]") {
    State s = my_turn("4", "T5 yellow", "lost");
    CHECK_FALSE(test::is_legal(s, 0, "canoe 1 unload yellow load yellow"));
    CHECK_THAT(test::refused(s, 0, "canoe 1 unload yellow load yellow"), Contains("R5.5"));
    for (const Action& a : legal_actions(s, 0))
        for (Colour c : a.load)
            for (Colour u : a.unload)
                CHECK(c != u);
}

TEST_CASE("R5.6: a gem loaded this turn cannot be unloaded again", "[rules][R5]") {
    const Parsed p = parse_action("canoe 1 load blue unload red", 0);
    CHECK_FALSE(p.action.has_value());
    CHECK_THAT(p.error, Contains("R5.6"));

    // Loading before the move and unloading after it cannot be said either.
    const Parsed q = parse_action("canoe 1 load violet then down 1 then unload violet", 0);
    CHECK_FALSE(q.action.has_value());

    State s = my_turn("6", "T3", "land");
    for (const Action& a : legal_actions(s, 0)) {
        INFO(to_text(a));
        CHECK_FALSE((!a.load.empty() && !a.unload.empty() && a.unload.gems[0] == a.load.gems[0]));
    }
    test::act(s, 0, "canoe 1 load violet then down 4 left");
    CHECK(boat(s, 0, 0).pos == Pos::L7);
    REQUIRE(s.turn.seat == 0);  // the land canoe may still move
    // No legal action lets canoe 1 unload the violet gem it loaded before its move.
    for (const std::string& text : test::legal(s, 0))
        CHECK_THAT(text, !Contains("canoe 1"));
    test::refused(s, 0, "canoe 1 unload violet");
    CHECK(boat(s, 0, 0).cargo.of(Colour::Violet) == 1);
}

TEST_CASE("R5.7: a gem of any colour may be unloaded at any discovery place", "[rules][R5]") {
    State s = phase_two({{"2", "T3 red", "lost"}, {"2", "T3", "lost"}, {}});
    test::act(s, 0, "canoe 1 unload red");
    CHECK(s.place(Colour::Violet).of(Colour::Red) == 1);
    CHECK(s.place(Colour::Violet).of(Colour::Violet) == 7);
    // The next player chooses which gem to take from the mixed place.
    REQUIRE(s.turn.seat == 1);
    CHECK(test::is_legal(s, 1, "canoe 1 load violet"));
    CHECK(test::is_legal(s, 1, "canoe 1 load red"));
    test::act(s, 1, "canoe 1 load red");
    CHECK(boat(s, 1, 0).cargo.of(Colour::Red) == 1);
    CHECK(s.place(Colour::Violet).of(Colour::Red) == 0);
}

TEST_CASE("R5.8: a canoe stays put when its gems use all its points", "[rules][R5]") {
    State s = my_turn("2", "T3", "lost");
    test::act(s, 0, "canoe 1 load violet");
    CHECK(boat(s, 0, 0).pos == Pos::T3);
    CHECK(boat(s, 0, 0).cargo.of(Colour::Violet) == 1);
    CHECK(s.turn.seat == 1);

    State t = my_turn("3", "T3", "lost");
    CHECK_THAT(test::refused(t, 0, "canoe 1 load violet"), Contains("R4.4"));

    State u = my_turn("4", "T5 clear", "lost");  // unload and reload: 4 points, no movement
    test::act(u, 0, "canoe 1 unload clear load yellow");
    CHECK(boat(u, 0, 0).pos == Pos::T5);
    CHECK(boat(u, 0, 0).cargo.of(Colour::Yellow) == 1);
}

TEST_CASE("R4-R5: the log says where a canoe went and what it loaded, in plain words",
          "[rules][R4][log]") {
    State s = my_turn("4", "T2", "land");
    Log log;
    test::act(s, 0, "canoe 1 down 2 then load clear", &log);
    std::vector<std::string> lines = english(log);
    CHECK(std::find(lines.begin(), lines.end(),
                    "Seat 1's canoe 1 moves down 2 to T4, then loads clear.") != lines.end());
    log.clear();
    test::act(s, 0, "canoe 2 down 4", &log);
    lines = english(log);
    CHECK(std::find(lines.begin(), lines.end(),
                    "Seat 1's canoe 2 leaves land and moves down 4 to T4.") != lines.end());
}
