// The blunder audit (niagara/audit.hpp, `niagara arena --audit`): each kind of blunder the
// strong bot was seen to make (R7.2, R8.1, R9.1), set up by hand, is counted, and the safe
// turn beside it is not.
#include <bit>
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "engine/scenario.hpp"
#include "niagara/audit.hpp"
#include "niagara/game.hpp"
#include "niagara/random_bot.hpp"
#include "option_variants.hpp"
#include "property_scale.hpp"

namespace {

using namespace niagara;

// Plays `s` on: `seat`'s actions from `mine` (in the text notation) while it has them, every
// other seat's first legal action, until `until` holds; the audit watches every decision.
void play_audited(State& s, BlunderAudit& audit, int seat, std::vector<std::string> mine,
                  const std::function<bool(const State&)>& until) {
    std::size_t next = 0;
    while (!is_over(s) && !until(s)) {
        audit.observe(s);
        const int actor = std::countr_zero(unsigned(acting_seats(s)));
        if (actor == seat && next < mine.size()) {
            test::act(s, actor, mine[next++]);
        } else {
            const std::vector<Action> legal = legal_actions(s, actor);
            REQUIRE_FALSE(legal.empty());
            REQUIRE(apply(s, legal.front()).ok);
        }
    }
    audit.observe(s);
    CHECK(next == mine.size());
}

int lost(const State& s, int seat) {
    int n = 0;
    for (const Canoe& boat : s.seats[std::size_t(seat)].canoes)
        n += boat.where == Where::Lost;
    return n;
}

// The issue's first position, made small: 4 players, seat 4 starts round 2 with canoe 1 on
// T2 and canoe 2 on land; every seat plays 6. Launching canoe 2 to T4 (loading clear) puts it
// where a river of 6 takes it over the falls (T4: T5, L6, -, L7, -, over); leaving it on land
// was legal and safe at every speed.
State launch_position() {
    State s = test::state(R"({"options":{"players":4,"starting_seat":3},"round":2,
        "seats":[{},{},{},{"canoes":[{"where":"river","pos":"T2"},{"where":"land"}]}]})");
    for (int seat = 0; seat < 4; ++seat)
        test::act(s, seat, "play 6");
    REQUIRE(s.phase == Phase::Actions);
    REQUIRE(s.turn.seat == 3);
    return s;
}

bool next_round(const State& s) {
    return s.round == 3;
}

}  // namespace

TEST_CASE("audit R8.1: a canoe launched where a possible speed takes it, beside a safe turn, "
          "is counted when the river takes it",
          "[audit]") {
    State s = launch_position();
    // T2 is not safe either: a river of 8 or 9 (a 7 and two clouds) takes it.
    CHECK_FALSE(canoes_safe_at_every_speed(s, 3));
    INFO("legal: " << Catch::Detail::stringify(test::legal(s, 3)));

    BlunderAudit audit(3);
    play_audited(s, audit, 3, {"canoe 2 down 4 load clear", "canoe 1 up 2"}, next_round);
    REQUIRE(lost(s, 3) == 1);  // the river of 6 took canoe 2
    CHECK(audit.counts().canoes_lost_needlessly == 1);
    CHECK(audit.counts().turns == 1);
}

TEST_CASE("audit R8.1: the safe turn (canoe 2 stays on land) counts nothing", "[audit]") {
    State s = launch_position();
    BlunderAudit audit(3);
    play_audited(s, audit, 3, {"canoe 1 up 2", "done"}, next_round);
    CHECK(lost(s, 3) == 0);
    CHECK(audit.counts().canoes_lost_needlessly == 0);
    CHECK(audit.counts().turns == 1);
}

TEST_CASE("audit R8.1: a canoe lost where every turn was in danger is not counted", "[audit]") {
    // Canoe 1 on L7 with a 1: up to L6 a river of 3 (the 1, two clouds) still takes it, and
    // down it goes over at once. Nothing was safe, so paddling over is no blunder here.
    State s = test::state(R"({"options":{"players":4,"starting_seat":3},"round":2,
        "seats":[{},{},{},{"canoes":[{"where":"river","pos":"L7"},{"where":"lost"}]}]})");
    for (int seat = 0; seat < 4; ++seat)
        test::act(s, seat, "play 1");
    BlunderAudit audit(3);
    auto seat_1_moves = [](const State& now) {
        return now.phase == Phase::Actions && now.turn.seat == 0;
    };
    play_audited(s, audit, 3, {"canoe 1 down 1"}, seat_1_moves);
    CHECK(lost(s, 3) == 2);
    CHECK(audit.counts().canoes_lost_needlessly == 0);
    CHECK(audit.counts().turns == 1);
}

TEST_CASE("audit R9.1: a gem that completes a winning collection, paddled over the falls "
          "when both canoes could keep theirs, is counted",
          "[audit]") {
    // The issue's second position: four colours collected, both canoes on L7 carrying red
    // (landing one wins with five colours), a 4 to play.
    const std::string position = R"({"options":{"players":4,"starting_seat":3},"round":3,
        "seats":[{},{},{},{"collection":{"violet":1,"clear":1,"yellow":1,"blue":1},
            "canoes":[{"where":"river","pos":"L7","cargo":["red"]},
                      {"where":"river","pos":"L7","cargo":["red"]}]}]})";
    auto start = [&] {
        State s = test::state(position);
        for (int seat = 0; seat < 4; ++seat)
            test::act(s, seat, "play 4");
        REQUIRE(s.turn.seat == 3);
        CHECK(winning_gems_afloat(s, 3) == 2);
        INFO("legal: " << Catch::Detail::stringify(test::legal(s, 3)));
        return s;
    };
    auto round_over = [](const State& s) { return s.round == 4; };

    State s = start();
    BlunderAudit audit(3);
    play_audited(s, audit, 3, {"canoe 1 down 1", "canoe 2 up 4"}, round_over);
    CHECK(audit.counts().winning_gems_given_up == 1);
    // Paddling over is a canoe lost too, and "up 4" to T3 was safe at every speed.
    CHECK(audit.counts().canoes_lost_needlessly == 1);

    State t = start();
    BlunderAudit keeper(3);
    play_audited(t, keeper, 3, {"canoe 1 up 4", "canoe 2 up 4"}, round_over);
    CHECK(keeper.counts().winning_gems_given_up == 0);
    CHECK(keeper.counts().canoes_lost_needlessly == 0);
}

TEST_CASE("audit R7.1: the cloud played with a canoe on the brink and a saving number card in "
          "hand is counted",
          "[audit]") {
    // Canoe 1 on L7 and the fork pointing left: the first step of any river takes it. The 4
    // would have paddled it up to T3, safe at every speed a 4 allows (6 with two clouds).
    const std::string position = R"({"options":{"players":4,"starting_seat":3},"round":2,
        "seats":[{},{},{},{"canoes":[{"where":"river","pos":"L7"},{"where":"lost"}]}]})";
    State s = test::state(position);
    for (int seat = 0; seat < 3; ++seat)
        test::act(s, seat, "play 6");
    test::act(s, 3, "play cloud");
    REQUIRE(s.turn.seat == 3);
    INFO("legal: " << Catch::Detail::stringify(test::legal(s, 3)));
    BlunderAudit audit(3);
    play_audited(s, audit, 3, {"cloud up"}, next_round);
    CHECK(audit.counts().clouds_in_danger == 1);

    // With only the cloud and a card too small to save it, the cloud is no blunder: a 1 reaches
    // L6, which a river of 3 still takes.
    State t = test::state(R"({"options":{"players":4,"starting_seat":3},"round":2,
        "seats":[{},{},{},{"hand":["1","cloud"],"discard":["2","3","4","5","6"],
            "canoes":[{"where":"river","pos":"L7"},{"where":"lost"}]}]})");
    for (int seat = 0; seat < 3; ++seat)
        test::act(t, seat, "play 6");
    test::act(t, 3, "play cloud");
    BlunderAudit calm(3);
    play_audited(t, calm, 3, {"cloud up"}, next_round);
    CHECK(calm.counts().clouds_in_danger == 0);
}

TEST_CASE("audit property: over seeded games of every option variant every turn is judged, and "
          "no more canoes are counted than the seat lost",
          "[audit][property]") {
    const long games = test::property_scale(160, test::kOptionVariants);
    BlunderCounts all;
    long lost_in_all = 0;
    for (long game = 0; game < games; ++game) {
        const std::uint64_t seed = 91'000 + std::uint64_t(game);
        State s = new_game(test::option_variant(int(game % test::kOptionVariants), seed));
        const int seat = int(game % s.players());
        RandomBot bot(seed, game % 2 ? RandomBot::Policy::Uniform : RandomBot::Policy::Homing);
        BlunderAudit audit(seat);
        long lost_here = 0;
        for (int decisions = 0; !is_over(s) && decisions < 2000; ++decisions) {
            audit.observe(s);
            const int before = lost(s, seat);
            const int actor = bot.pick_seat(s);
            REQUIRE(apply(s, bot.pick_action(s, actor)).ok);
            lost_here += std::max(0, lost(s, seat) - before);
        }
        audit.observe(s);
        const BlunderCounts& c = audit.counts();
        INFO("game " << game << ", seat " << seat + 1);
        CHECK(c.unjudged == 0);
        CHECK(c.canoes_lost_needlessly <= lost_here);
        CHECK(c.canoes_lost_needlessly >= 0);
        CHECK(c.winning_gems_given_up >= 0);
        CHECK(c.clouds_in_danger <= c.turns);
        all += c;
        lost_in_all += lost_here;
    }
    // Random play blunders often: each kind of canoe blunder is met.
    CHECK(all.turns > games * 5);
    CHECK(all.canoes_lost_needlessly > 0);
    CHECK(all.clouds_in_danger > 0);
    WARN(games << " games: " << all.turns << " turns judged, " << all.canoes_lost_needlessly
               << " of " << lost_in_all << " canoes lost needlessly, "
               << all.winning_gems_given_up << " winning gems given up, " << all.clouds_in_danger
               << " clouds in danger");
}
