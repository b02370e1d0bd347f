// The strong bot in the positions where it was seen to blunder (R8.1, R9.1, R7.1), made small:
// at its default budget and over several seeds, it keeps its canoes safe where a safe turn
// exists, keeps the gem that completes its winning collection, and does not play the cloud
// with a canoe on the brink when a number card saves it.
#include <bit>
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "engine/scenario.hpp"
#include "niagara/audit.hpp"
#include "niagara/bot.hpp"
#include "niagara/game.hpp"
#include "niagara/json.hpp"

namespace {

using namespace niagara;

constexpr int kSeeds = 6;  // bots seeded differently, each at the default budget

// Lets the strong bot at `seat` play its whole phase II turn from `s`.
State strong_turn(State s, int seat, std::uint64_t seed) {
    const std::unique_ptr<Bot> bot = make_bot(BotLevel::Strong, seed);
    const int round = s.round;
    while (s.phase == Phase::Actions && s.turn.seat == seat && s.round == round) {
        const Action a = bot->decide(seat_view(s, seat), BotBudget{});
        INFO("the bot chose " << to_text(a));
        REQUIRE(apply(s, a).ok);
    }
    return s;
}

// The speeds seat 4 foresees at the start of its turn, for its canoes after it.
bool safe_after_turn(const State& start, const State& end, int seat) {
    State seen = end;
    seen.lowest_number = start.lowest_number;
    for (int other = 0; other < seen.players(); ++other)
        seen.seats[std::size_t(other)].revealed = start.seats[std::size_t(other)].revealed;
    return canoes_safe_at_every_speed(seen, seat);
}

}  // namespace

TEST_CASE("strong R8.1: first to move with a 6, it does not launch a canoe where three sixes "
          "sink it",
          "[bots][strong][audit]") {
    // Issue position 1: 4 players, seat 4 starts round 2 with canoe 1 on T2 and canoe 2 on
    // land, and every seat plays 6. Launching canoe 2 to T4 loses it to a river of 6.
    State s = test::state(R"({"options":{"players":4,"starting_seat":3},"round":2,
        "seats":[{},{},{},{"canoes":[{"where":"river","pos":"T2"},{"where":"land"}]}]})");
    for (int seat = 0; seat < 4; ++seat)
        test::act(s, seat, "play 6");
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
        const State end = strong_turn(s, 3, seed);
        CAPTURE(seed);
        CHECK(end.seats[3].canoes[1].where == Where::Land);
        CHECK(safe_after_turn(s, end, 3));
    }
}

TEST_CASE("strong R9.1: with the red that completes five colours on both canoes at L7, it "
          "keeps both",
          "[bots][strong][audit]") {
    // Issue position 2: violet, clear, yellow and blue collected; both canoes at L7 carrying
    // red; a 4 to play. Up 4 keeps both reds; paddling over gives one up.
    State s = test::state(R"({"options":{"players":4,"starting_seat":3},"round":3,
        "seats":[{},{},{},{"collection":{"violet":1,"clear":1,"yellow":1,"blue":1},
            "canoes":[{"where":"river","pos":"L7","cargo":["red"]},
                      {"where":"river","pos":"L7","cargo":["red"]}]}]})");
    for (int seat = 0; seat < 4; ++seat)
        test::act(s, seat, "play 4");
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
        const State end = strong_turn(s, 3, seed);
        CAPTURE(seed);
        CHECK(winning_gems_afloat(end, 3) == 2);
        CHECK(safe_after_turn(s, end, 3));
    }
}

TEST_CASE("strong R7.1: with both canoes on the brink it plays the number card that saves them, "
          "not the cloud",
          "[bots][strong][audit]") {
    // Issue position 4, as the arena met it (seed 7, game 1, round 13): seat 2's canoes on L7
    // and R7, the weather at +2, the 4 and the cloud in hand. Any cloud leaves a canoe to the
    // river's first steps; the 4 paddles both up to T3, safe at every speed it allows.
    const State s = test::state(R"({"fork":"right","options":{"players":4,
        "seed":7190991008835100905},"places":{"blue":{"blue":5},"clear":{"clear":2},
        "red":{"red":6},"violet":{"violet":5},"yellow":{"yellow":7}},"round":13,"seats":[
        {"canoes":[{"where":"lost"},{"cargo":["clear"],"pos":"R6","where":"river"}],"chosen":"4",
         "collection":{"clear":1},"discard":["1","6","2","5","3"],"hand":["cloud"]},
        {"canoes":[{"pos":"L7","where":"river"},{"pos":"R7","where":"river"}],
         "collection":{"clear":1,"red":1,"violet":2},"discard":["5","6","3","2","1"],
         "hand":["4","cloud"]},
        {"canoes":[{"where":"lost"},{"cargo":["blue"],"pos":"T5","where":"river"}],
         "collection":{"clear":1},"discard":["1","6","2","5","4"],"hand":["3","cloud"]},
        {"canoes":[{"cargo":["blue"],"pos":"T5","where":"river"},{"where":"lost"}],
         "collection":{"clear":1},"discard":["1","6","2","5","4"],"hand":["3","cloud"]}],
        "starting_seat":2,"weather":2})");
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
        const std::unique_ptr<Bot> bot = make_bot(BotLevel::Strong, seed);
        const Action a = bot->decide(seat_view(s, 1), BotBudget{});
        CAPTURE(seed);
        INFO("the bot chose " << to_text(a));
        REQUIRE(a.type == ActionType::PlayCard);
        CHECK(a.card == Card::Four);
    }
}
