// R9 (end of the game) and R12.1 (replaying a record): scenario tests citing RULES.md.
#include <string>
#include <utility>
#include <vector>

#include "engine/scenario.hpp"
#include "engine/seat_specs.hpp"
#include "niagara/random_bot.hpp"
#include "niagara/record.hpp"

namespace {

using namespace niagara;
using Catch::Contains;
using Strings = std::vector<std::string>;

using namespace test::spec;  // phase_two, my_turn, boat (seat_specs.hpp)

}  // namespace

// ---------------------------------------------------------------------------------------------
// R9. End of the game

namespace {
Gems gems(std::initializer_list<std::pair<Colour, int>> counts) {
    Gems g;
    for (auto [c, n] : counts)
        g.add(c, n);
    return g;
}
}  // namespace

TEST_CASE("R9.1: five colours, four of one colour, or seven gems win", "[rules][R9]") {
    using C = Colour;
    CHECK(is_winning_collection(
        gems({{C::Violet, 1}, {C::Clear, 1}, {C::Yellow, 1}, {C::Blue, 1}, {C::Red, 1}})));
    CHECK(is_winning_collection(gems({{C::Blue, 4}})));
    CHECK(is_winning_collection(gems({{C::Violet, 4}, {C::Red, 1}})));
    CHECK(is_winning_collection(gems({{C::Violet, 3}, {C::Clear, 3}, {C::Red, 1}})));
    CHECK(is_winning_collection(gems({{C::Violet, 2}, {C::Clear, 2}, {C::Yellow, 3}})));

    CHECK_FALSE(is_winning_collection(Gems{}));
    CHECK_FALSE(is_winning_collection(gems({{C::Blue, 3}})));
    CHECK_FALSE(
        is_winning_collection(gems({{C::Violet, 1}, {C::Clear, 1}, {C::Yellow, 1}, {C::Blue, 3}})));
    CHECK_FALSE(is_winning_collection(
        gems({{C::Violet, 3}, {C::Clear, 1}, {C::Yellow, 1}, {C::Blue, 1}})));  // 6, 4 colours
}

TEST_CASE("R9.2: phase II is finished after a winning collection; later seats still play",
          "[rules][R9]") {
    State s = phase_two({{"1", "T1 red", "lost", R"("collection":{"red":3})"},
                         {"2", "T3", "lost"},
                         {"cloud", "T2", "lost"}});
    test::act(s, 0, "canoe 1 up 1");
    CHECK(is_winning_collection(s.seats[0].collection));
    // The game goes on: seats 1 and 2 still have their turns.
    CHECK(s.phase == Phase::Actions);
    CHECK(s.turn.seat == 1);
    CHECK_FALSE(is_over(s));
    test::act(s, 1, "canoe 1 load violet");
    CHECK(s.turn.seat == 2);
    test::act(s, 2, "cloud up");
    // Now it is over, with no phase III: the river did not move.
    CHECK(is_over(s));
    CHECK(s.round == 1);
    CHECK(winners(s) == std::vector<int>{0});
    CHECK(boat(s, 1, 0).pos == Pos::T3);
    CHECK(boat(s, 2, 0).pos == Pos::T2);
    CHECK(acting_seats(s) == 0);
    CHECK(test::legal(s, 1).empty());
    CHECK_THAT(test::refused(s, 1, "play 3"), Contains("over"));
}

TEST_CASE("R9.2: several players can win together", "[rules][R9]") {
    State s = phase_two(
        {{"1", "T1 red", "lost", R"("collection":{"red":3})"},
         {"2", "T2 blue", "lost", R"("collection":{"blue":2})"},
         {"2", "T2 red", "lost", R"("collection":{"violet":1,"clear":1,"yellow":1,"blue":1})"}});
    test::act(s, 0, "canoe 1 up 1");
    test::act(s, 1, "canoe 1 up 2");
    CHECK_FALSE(is_over(s));
    test::act(s, 2, "canoe 1 up 2");  // completes five colours after seat 0's four reds
    REQUIRE(is_over(s));
    CHECK(winners(s) == std::vector<int>{0, 2});
    CHECK_FALSE(is_winning_collection(s.seats[1].collection));
    const Json result = result_to_json(s);
    CHECK(result["over"] == true);
    CHECK(result["winners"] == Json::array({0, 2}));
    CHECK(result["abandoned"] == false);
}

TEST_CASE("R9.2: without a winning collection the game goes on to the next round", "[rules][R9]") {
    State s = phase_two({{"1", "T1 red", "lost", R"("collection":{"red":2})"}, {}, {}});
    test::act(s, 0, "canoe 1 up 1");
    test::act(s, 1, "canoe 1 down 6 left");
    test::act(s, 2, "canoe 2 down 6 right");
    CHECK_FALSE(is_over(s));
    CHECK(s.round == 2);
    CHECK(winners(s).empty());
}

TEST_CASE("R9.3: with the tie-break option, winners rank by the value of their collections",
          "[rules][R9]") {
    CHECK(collection_value(gems({{Colour::Violet, 1}})) == 1);
    CHECK(collection_value(gems({{Colour::Clear, 1}})) == 2);
    CHECK(collection_value(gems({{Colour::Yellow, 1}})) == 3);
    CHECK(collection_value(gems({{Colour::Blue, 1}})) == 4);
    CHECK(collection_value(gems({{Colour::Red, 2}, {Colour::Violet, 1}})) == 11);

    auto finish = [](bool tie_break) {
        // Seat 0 wins with four violets (4), seat 2 with five colours (15).
        State s =
            test::state(std::string(R"({"options":{"players":3,"starting_seat":0,"tie_break":)") +
                        (tie_break ? "true" : "false") + R"(},"phase":"actions","seats":[
            {"chosen":"1","canoes":[{"where":"river","pos":"T1","cargo":["violet"]},{"where":"lost"}],
             "collection":{"violet":3}},
            {"chosen":"3"},
            {"chosen":"2","canoes":[{"where":"river","pos":"T2","cargo":["red"]},{"where":"lost"}],
             "collection":{"violet":1,"clear":1,"yellow":1,"blue":1}}]})");
        test::act(s, 0, "canoe 1 up 1");
        test::act(s, 1, "canoe 1 down 3");
        test::act(s, 2, "canoe 1 up 2");
        REQUIRE(is_over(s));
        return s;
    };
    CHECK(winners(finish(true)) == std::vector<int>{2, 0});
    CHECK(winners(finish(false)) == std::vector<int>{0, 2});  // off by default: seat order

    // Equal values keep seat order.
    const State tie = test::state(R"({"options":{"players":4,"tie_break":true},"phase":"over",
        "winners":[0,1,3],"seats":[{"collection":{"clear":4}},{"collection":{"violet":4,"clear":2}},
        {},{"collection":{"red":4}}]})");
    CHECK(winners(tie) == std::vector<int>{3, 0, 1});
}

TEST_CASE("R9.2/R9.3: places as ratings weigh them: the winners, then everyone else tied",
          "[rules][R9]") {
    // Seat 1 holds clear 4 (8), seat 0 violet 4 and clear 2 (8), seat 3 red 4 (20); seat 2 lost.
    const char* four = R"({"options":{"players":4,"tie_break":%s},"phase":"over",
        "winners":[0,1,3],"seats":[{"collection":{"violet":4,"clear":2}},{"collection":{"clear":4}},
        {},{"collection":{"red":4}}]})";
    auto with = [&](bool tie_break) {
        std::string json(four);
        json.replace(json.find("%s"), 2, tie_break ? "true" : "false");
        return test::state(json);
    };
    CHECK(places(with(false)) == std::vector<int>{1, 1, 4, 1});  // winners tie (R9.2)
    CHECK(places(with(true)) == std::vector<int>{2, 2, 4, 1});   // ranked by value, equals tie
    const State one = test::state(R"({"options":{"players":3},"phase":"over","winners":[2],
        "seats":[{},{},{"collection":{"red":4}}]})");
    CHECK(places(one) == std::vector<int>{2, 2, 1});
    // No places for a game not over, or over without a winner (R9.4).
    CHECK(places(phase_two({{"1", "T1 red"}, {}, {}})).empty());
    State abandoned = phase_two({{"1", "T1 red"}, {}, {}});
    abandon(abandoned);
    CHECK(places(abandoned).empty());
}

TEST_CASE("R9.4: the table may abandon a game: it ends without a winner", "[rules][R9]") {
    State s = phase_two({{"1", "T1 red", "lost", R"("collection":{"red":3})"}, {}, {}});
    abandon(s);
    CHECK(is_over(s));
    CHECK(s.abandoned);
    CHECK(winners(s).empty());
    CHECK(acting_seats(s) == 0);
    CHECK(test::legal(s, 0).empty());
    CHECK_THAT(test::refused(s, 0, "canoe 1 up 1"), Contains("over"));
    const Json result = result_to_json(s);
    CHECK(result["abandoned"] == true);
    CHECK(result["winners"].empty());

    // A game already won keeps its winners.
    State won =
        phase_two({{"1", "T1 red", "lost", R"("collection":{"red":3})"}, {"cloud"}, {"cloud"}});
    test::act(won, 0, "canoe 1 up 1");
    test::act(won, 1, "cloud up");
    test::act(won, 2, "cloud up");
    REQUIRE(is_over(won));
    abandon(won);
    CHECK_FALSE(won.abandoned);
    CHECK(winners(won) == std::vector<int>{0});
}

TEST_CASE("R9.4: an abandoned game's record replays to an abandoned game", "[rules][R9][R12]") {
    Record r;
    r.options.players = 3;
    r.options.starting_seat = 0;
    r.actions = {Action::play(0, Card::Two), Action::play(1, Card::Three)};
    r.abandoned = true;
    const Record back = record_from_json(record_to_json(r));
    CHECK(back.abandoned);
    const Replay out = replay(back);
    CHECK_FALSE(out.failed_at.has_value());
    CHECK(is_over(out.state));
    CHECK(out.state.abandoned);
    CHECK(winners(out.state).empty());
    CHECK(out.state.seats[1].chosen == Card::Three);
}

// ---------------------------------------------------------------------------------------------
// R12.1 Replaying a record

TEST_CASE("R12.1: replaying a game's record gives the same state", "[rules][R12]") {
    Record record;
    record.options.players = 4;
    record.options.seed = 2024;
    State s = new_game(record.options);
    RandomBot bot(2024);
    for (int i = 0; i < 4000 && !is_over(s); ++i) {
        const int seat = bot.pick_seat(s);
        const Action a = bot.pick_action(s, seat);
        REQUIRE(apply(s, a).ok);
        record.actions.push_back(a);
    }
    REQUIRE(record.actions.size() > 50);

    const Replay direct = replay(record);
    CHECK_FALSE(direct.failed_at.has_value());
    CHECK(direct.state == s);

    // Through JSON and through the text notation as well.
    const Replay via_json = replay(record_from_json(Json::parse(record_to_json(record).dump())));
    CHECK(via_json.state == s);
    Record via_text{record.options, {}};
    for (const Action& a : record.actions) {
        const Parsed p = parse_action(to_text(a), a.seat);
        REQUIRE(p.action.has_value());
        via_text.actions.push_back(*p.action);
    }
    CHECK(replay(via_text).state == s);
}

TEST_CASE("R12.1: an illegal action in a record is reported with its index", "[rules][R12]") {
    Record r;
    r.options.players = 3;
    r.options.starting_seat = 0;
    r.actions = {Action::play(0, Card::Four), Action::play(1, Card::Two),
                 Action::play(1, Card::Three), Action::play(2, Card::One)};
    const Replay out = replay(r);
    REQUIRE(out.failed_at.has_value());
    CHECK(*out.failed_at == 2);
    CHECK_THAT(out.reason, Contains("already chosen"));
    // The state is the one after the actions that applied.
    CHECK(out.state.seats[1].chosen == Card::Two);
    CHECK_FALSE(out.state.seats[2].chosen.has_value());
}
