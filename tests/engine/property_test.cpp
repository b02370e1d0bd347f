// Property tests: thousands of seeded random games, with the invariants of the rules checked
// after every action (R1.3 conservation, R5.1 capacity, R12.1 replay, R12.2 legality).
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/scenario.hpp"
#include "niagara/random_bot.hpp"
#include "niagara/record.hpp"

namespace {

using namespace niagara;

// Total games across the test cases below; NIAGARA_PROPERTY_GAMES overrides it for quick runs.
long total_games() {
    if (const char* env = std::getenv("NIAGARA_PROPERTY_GAMES"))
        return std::max(1L, std::atol(env));
    return 10'000;
}

// R1.3, R5.1, R1.6, R9.2: what must hold in every reachable state. Returns the broken
// property, or "" when all hold. (Plain checks: Catch assertions per action would dominate.)
std::string broken_invariant(const State& s) {
    for (Colour c : kAllColours) {
        int total = 0;
        for (const Gems& place : s.places)
            total += place.of(c);
        for (int seat = 0; seat < s.players(); ++seat) {
            total += s.seats[seat].collection.of(c);
            for (const Canoe& boat : s.seats[seat].canoes)
                total += boat.cargo.of(c);
        }
        if (total != s.rules.gems_per_place) return "R1.3: gems not conserved";
    }
    for (int seat = 0; seat < s.players(); ++seat) {
        const Seat& p = s.seats[seat];
        for (int k = 0; k < kCanoesPerSeat; ++k) {
            if (p.canoes[k].cargo.total() > s.rules.capacity[k]) return "R5.1: canoe over capacity";
            if (!p.canoes[k].in_river() && p.canoes[k].cargo.total())
                return "cargo out of the river";
        }
        if (p.hand & ~s.rules.deck) return "a card outside the deck";
        if (p.chosen && (p.hand & card_bit(*p.chosen))) return "the chosen card is still in hand";
    }
    if (s.weather < -1 || s.weather > 2) return "R1.6: weather out of bounds";
    if (s.phase == Phase::GameOver && !s.abandoned) {
        if (s.winners == 0) return "R9.2: game over without a winner";
        for (int seat = 0; seat < s.players(); ++seat)
            if (((s.winners >> seat) & 1) != is_winning_collection(s.seats[seat].collection))
                return "R9.2: winners do not match winning collections";
    }
    if ((acting_seats(s) == 0) != is_over(s)) return "nobody acts in a running game";
    return "";
}

// Fails the test with the state and action when `problem` is not empty.
void expect_none(const std::string& problem, const State& s, const Action* a = nullptr) {
    if (problem.empty()) return;
    FAIL(problem << "\nstate: " << state_to_json(s).dump()
                 << (a ? "\naction: " + to_text(*a) : ""));
}

// A random variation of a legal action: usually illegal, sometimes another legal action.
Action mutate(Action a, Rng& rng, int players) {
    switch (rng.below(9)) {
        case 0:
            a.steps = std::uint8_t(rng.below(9));
            break;
        case 1:
            a.direction = Direction(rng.below(3));
            break;
        case 2:
            a.branch =
                rng.below(3) == 0 ? std::nullopt : std::optional<Branch>(Branch(rng.below(2)));
            break;
        case 3:
            a.timing = Timing(rng.below(2));
            break;
        case 4:
            a.load = {};
            a.load.push(Colour(rng.below(5)));
            break;
        case 5:
            a.unload = {};
            if (rng.below(2)) a.unload.push(Colour(rng.below(5)));
            break;
        case 6:
            a.steal_count = 0;
            a.add_steal(Steal{std::int8_t(rng.below(std::uint32_t(players))),
                              std::int8_t(rng.below(2)), Colour(rng.below(5))});
            break;
        case 7:
            a.canoe = std::int8_t(rng.below(2));
            break;
        default:
            a.seat = std::int8_t(rng.below(std::uint32_t(players)));
            break;
    }
    return a;
}

struct Totals {
    long games = 0, actions = 0, finished = 0, refusals = 0;
};

// Plays `games` games of `players` seats and checks every property after every action.
Totals play_and_check(int players, long games, std::uint64_t seed_base, RandomBot::Policy policy,
                      int max_rounds) {
    Totals totals;
    std::vector<Action> legal;
    for (long g = 0; g < games; ++g) {
        Options options;
        options.players = players;
        options.seed = seed_base + std::uint64_t(g);
        State s = new_game(options);
        RandomBot bot(options.seed ^ 0x5eedULL, policy);
        Rng fuzz(options.seed * 31 + 7);
        Record record{options, {}, false};
        expect_none(broken_invariant(s), s);
        while (!is_over(s) && s.round <= max_rounds) {
            const int seat = bot.pick_seat(s);
            legal_actions(s, seat, legal);
            if (legal.empty()) expect_none("an acting seat has no legal action", s);

            // Every legal action applies and keeps the invariants; in a sample of states it
            // also round-trips through text and JSON (the slow part).
            const bool sample = totals.actions % 7 == 0;
            for (const Action& a : legal) {
                if (sample) {
                    Parsed p = parse_action(to_text(a), seat);
                    if (!p.action || !(*p.action == a))
                        expect_none("text round trip: " + p.error, s, &a);
                    if (!(action_from_json(action_to_json(a)) == a))
                        expect_none("JSON round trip", s, &a);
                }
                State copy = s;
                if (!apply(copy, a)) expect_none("a legal action was refused", s, &a);
                expect_none(broken_invariant(copy), copy, &a);
            }

            // A mutated action is accepted exactly when it is legal; a refusal changes nothing.
            const Action wrong =
                mutate(legal[fuzz.below(std::uint32_t(legal.size()))], fuzz, players);
            const bool listed = must_act(s, wrong.seat) &&
                                std::find(legal.begin(), legal.end(), wrong) != legal.end();
            if (wrong.seat == seat) {
                State copy = s;
                Status st = apply(copy, wrong);
                if (st.ok != listed)
                    expect_none(
                        st.ok ? "an unlisted action was accepted" : "a listed action was refused",
                        s, &wrong);
                if (!st.ok) {
                    if (!(copy == s)) expect_none("a refused action changed the state", s, &wrong);
                    if (st.reason.empty()) expect_none("a refusal without a reason", s, &wrong);
                    ++totals.refusals;
                }
            }

            const Action chosen = bot.pick_action(s, seat);
            if (std::find(legal.begin(), legal.end(), chosen) == legal.end())
                expect_none("the bot chose an unlisted action", s, &chosen);
            if (!apply(s, chosen)) expect_none("the chosen legal action was refused", s, &chosen);
            record.actions.push_back(chosen);
            expect_none(broken_invariant(s), s, &chosen);
            ++totals.actions;

            // The full state survives JSON (sampled: the JSON round trip is the slow part).
            if (totals.actions % 61 == 0 && !(state_from_json(state_to_json(s)) == s))
                expect_none("state JSON round trip", s);
        }
        // R12.1: the record (also through JSON) replays to the same state.
        const Record back = record_from_json(record_to_json(record));
        Replay r = replay(back);
        REQUIRE_FALSE(r.failed_at.has_value());
        REQUIRE(r.state == s);
        ++totals.games;
        totals.finished += is_over(s);
    }
    return totals;
}

}  // namespace

// 10,000 games in all: 3, 4 and 5 players with the homing random bot (games end), plus
// uniformly random play (buy-backs, falls and long games), cut after a number of rounds.
TEST_CASE("R12.1/R12.2 property: random 3-player games keep every invariant", "[property]") {
    const long games = total_games() * 3 / 10;
    Totals t = play_and_check(3, games, 1'000'000, RandomBot::Policy::Homing, 2000);
    CHECK(t.games == games);
    CHECK(t.finished > games * 9 / 10);
    CHECK(t.refusals > 0);
}

TEST_CASE("R12.1/R12.2 property: random 4-player games keep every invariant", "[property]") {
    const long games = total_games() * 3 / 10;
    Totals t = play_and_check(4, games, 2'000'000, RandomBot::Policy::Homing, 2000);
    CHECK(t.games == games);
    CHECK(t.finished > games * 9 / 10);
}

TEST_CASE("R12.1/R12.2 property: random 5-player games keep every invariant", "[property]") {
    const long games = total_games() * 3 / 10;
    Totals t = play_and_check(5, games, 3'000'000, RandomBot::Policy::Homing, 2000);
    CHECK(t.games == games);
    CHECK(t.finished > games * 9 / 10);
}

TEST_CASE("R12.2 property: uniformly random play keeps every invariant", "[property]") {
    const long games = total_games() / 10;
    long actions = 0;
    for (int players = 3; players <= 5; ++players)
        actions += play_and_check(players, games / 3 + (players == 3 ? games % 3 : 0),
                                  4'000'000 + 100'000 * std::uint64_t(players),
                                  RandomBot::Policy::Uniform, 40)
                       .actions;
    CHECK(actions > 0);
}
