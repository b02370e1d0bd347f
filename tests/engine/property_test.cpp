// Property tests: thousands of seeded random games, with the invariants of the rules checked
// after every action (R1.3 conservation, R5.1 capacity, R12.1 replay, R12.2 legality).
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/scenario.hpp"
#include "property_scale.hpp"
#include "niagara/random_bot.hpp"
#include "niagara/record.hpp"

namespace {

using namespace niagara;

// Total games across the test cases below; NIAGARA_PROPERTY_GAMES overrides it for quick runs.
long total_games() {
    return test::property_games_total();
}

// What legal_action_to_json says about where a move ends (`j`, its object for the action) must
// be where the canoe is after it (checked while the turn goes on, before phase III moves the
// river).
std::string wrong_move_end(const State& before, const State& after, const Action& a,
                           const Json& j) {
    if (after.phase != Phase::Actions || after.round != before.round) return "";
    const Canoe& boat = after.seats[a.seat].canoes[a.canoe];
    const std::string to = j.at("to");
    const std::string now = boat.where == Where::Land    ? "land"
                            : boat.where == Where::Lost  ? "falls"
                            : boat.where == Where::River ? std::string(pos_name(boat.pos))
                                                         : "elsewhere";
    return to == now ? "" : "legal_action_to_json says the move ends at " + to + ", not " + now;
}

// The decision list a server sends as text must be the dumped legal_action_to_json objects
// (`objects`: one per legal action, in their order).
std::string wrong_legal_text(const State& s, const std::vector<Action>& legal,
                             const Json& objects) {
    std::vector<std::string> texts;
    for (const Action& a : legal)
        texts.push_back(to_text(a));
    const std::string written = legal_actions_json(s, legal, texts);
    return written == objects.dump() ? "" : "legal_actions_json wrote " + written;
}

// R1.3, R5.1, R1.6, R9.2, R10, R11: what must hold in every reachable state. Returns the
// broken property, or "" when all hold. (Plain checks: Catch assertions per action would
// dominate the run time.)
std::string broken_invariant(const State& s) {
    for (Colour c : kAllColours) {
        int total = s.joe_cargo.of(c);  // Joe's cargo counts (R11)
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
            const Canoe& boat = p.canoes[k];
            const bool fork_owed = (p.fork_pending >> k) & 1;
            if (boat.cargo.total() > s.rules.capacity[k]) return "R5.1: canoe over capacity";
            if ((boat.where == Where::Land || boat.where == Where::Lost) && boat.cargo.total())
                return "cargo on land or over the falls";
            if (boat.in_river() && s.whirlpool.at(boat.pos))
                return "R10.3: a canoe stays on the whirlpool";
            if (fork_owed && !(boat.where == Where::Bank && boat.pos == Pos::T5))
                return "R10.5: a fork choice for a canoe not lassoed at T5";
            if (boat.where == Where::Bank && s.phase == Phase::ChooseCards && !fork_owed)
                return "R10.5: a lassoed canoe still on the bank after phase III";
        }
        if (p.hand & ~s.rules.deck) return "a card outside the deck";
        if (p.chosen && (p.hand & card_bit(*p.chosen))) return "the chosen card is still in hand";
    }
    if (s.weather < -1 || s.weather > 2) return "R1.6: weather out of bounds";
    if (!s.options.spirits && (s.whirlpool.in_river || s.beaver.in_river || !(s.elk == Elk{})))
        return "expansion pieces in a base game";
    if (s.options.diamond_joe != s.joe.in_river)
        return "R11.1: Joe is in the river with the variant only";
    if (s.joe_cargo.total() > 1) return "R11.1: Joe carries at most one gem";
    if (s.elk.at == Elk::At::Canoe) {
        const Canoe& rider = s.seats[s.elk.seat].canoes[s.elk.canoe];
        if (!(rider.in_river() || rider.where == Where::Bank))
            return "R10.8: the elk rides a canoe out of the river";
    }
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
Totals play_and_check(Options options, long games, std::uint64_t seed_base,
                      RandomBot::Policy policy, int max_rounds) {
    const int players = options.players;
    Totals totals;
    std::vector<Action> legal;
    for (long g = 0; g < games; ++g) {
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
            // (Made once for both checks that read them: a tenth of this test's time.)
            Json objects = Json::array();
            if (sample) {
                for (const Action& a : legal)
                    objects.push_back(legal_action_to_json(s, a));
                expect_none(wrong_legal_text(s, legal, objects), s);
            }
            for (std::size_t i = 0; i < legal.size(); ++i) {
                const Action& a = legal[i];
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
                if (sample && a.type == ActionType::MoveCanoe)
                    expect_none(wrong_move_end(s, copy, a, objects[i]), copy, &a);
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

Options variant(int players, bool spirits, bool joe) {
    Options o;
    o.players = players;
    o.spirits = spirits;
    o.diamond_joe = joe;
    return o;
}

}  // namespace

// The base game: 10,000 games with 3, 4 and 5 players, with the homing random bot (games end),
// plus uniformly random play (buy-backs, falls and long games), cut after a number of rounds.
// Three-player games are the longest: two halves, so that ctest -j2 can balance the load.
TEST_CASE("R12.1/R12.2 property: random 3-player games keep every invariant (first half)",
          "[property]") {
    const long games = total_games() * 15 / 100;
    Totals t =
        play_and_check(variant(3, false, false), games, 1'000'000, RandomBot::Policy::Homing, 2000);
    CHECK(t.games == games);
    CHECK(t.finished > games * 9 / 10);
    CHECK(t.refusals > 0);
}

TEST_CASE("R12.1/R12.2 property: random 3-player games keep every invariant (second half)",
          "[property]") {
    const long games = total_games() * 15 / 100;
    Totals t =
        play_and_check(variant(3, false, false), games, 1'500'000, RandomBot::Policy::Homing, 2000);
    CHECK(t.games == games);
    CHECK(t.finished > games * 9 / 10);
}

TEST_CASE("R12.1/R12.2 property: random 4-player games keep every invariant", "[property]") {
    const long games = total_games() * 3 / 10;
    Totals t =
        play_and_check(variant(4, false, false), games, 2'000'000, RandomBot::Policy::Homing, 2000);
    CHECK(t.games == games);
    CHECK(t.finished > games * 9 / 10);
}

TEST_CASE("R12.1/R12.2 property: random 5-player games keep every invariant", "[property]") {
    const long games = total_games() * 3 / 10;
    Totals t =
        play_and_check(variant(5, false, false), games, 3'000'000, RandomBot::Policy::Homing, 2000);
    CHECK(t.games == games);
    CHECK(t.finished > games * 9 / 10);
}

TEST_CASE("R12.2 property: uniformly random play keeps every invariant", "[property]") {
    const long games = total_games() / 10;
    long actions = 0;
    for (int players = 3; players <= 5; ++players)
        actions += play_and_check(
                       variant(players, false, false), games / 3 + (players == 3 ? games % 3 : 0),
                       4'000'000 + 100'000 * std::uint64_t(players), RandomBot::Policy::Uniform, 40)
                       .actions;
    CHECK(actions > 0);
}

// Every combination of the expansion and Diamond Joe, with every player count they allow: a
// further 2,800 games. Random expansion games are long (the river runs faster and canoes
// drift off the whirlpool), so they are cut after 120 rounds; the invariants are checked on
// every action all the same.
TEST_CASE("R10/R11/R12 property: spirits, diamond_joe and both keep every invariant",
          "[property][spirits][joe]") {
    const long per_variant = std::max(1L, total_games() * 28 / 100 / 11);
    long finished = 0, games = 0;
    std::uint64_t seed = 5'000'000;
    for (bool spirits : {true, false})
        for (bool joe : {true, false}) {
            if (!spirits && !joe) continue;
            for (int players = 3; players <= (spirits ? 6 : 5); ++players) {
                const Totals t = play_and_check(variant(players, spirits, joe), per_variant, seed,
                                                RandomBot::Policy::Homing, 120);
                seed += 100'000;
                finished += t.finished;
                games += t.games;
                // Uniformly random play visits the odd corners (lassos at the fork, buy-backs).
                play_and_check(variant(players, spirits, joe), std::max(1L, per_variant / 10), seed,
                               RandomBot::Policy::Uniform, 30);
            }
        }
    CHECK(games == per_variant * 11);
    CHECK(finished > 0);
}
