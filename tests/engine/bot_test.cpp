// The bot ladder (bot.hpp): every rung plays only legal actions in every variant, never sees a
// secret (R3.1, R3.6), refuses views it cannot answer, and the greedy rung plays with sense
// (R6.6 landing, R2.4/R7.2/R8.1 the falls, R6.2/R9.1 stealing). Strength is measured by the
// arena (`niagara arena`), not here.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/scenario.hpp"
#include "property_scale.hpp"
#include "engine/seat_specs.hpp"
#include "niagara/bot.hpp"
#include "niagara/random_bot.hpp"
#include "option_variants.hpp"

namespace {

using namespace niagara;

constexpr BotLevel kRungs[] = {BotLevel::Random, BotLevel::Greedy, BotLevel::Strong};

// The property tests' scale: NIAGARA_PROPERTY_GAMES (10,000 by default, 400 under the
// sanitizers in tests/run_all.sh) sets how many games the tests below play, in proportion.
// A bot decides from a JSON view (seat_view, then state_from_view: about 50 us a decision in
// a release build), so at the default scale they play about 1,800 games (random games cut
// after 40 rounds, strong bots at a tiny budget); NIAGARA_PROPERTY_GAMES=100000 plays ten
// times as many. The property tests play
// the random policy over thousands of whole games through the engine directly.
long bot_test_scale(long games_at_default) {
    return test::property_scale(games_at_default);
}

// The variants every rung must play: base 3-5 players, Spirits 3-6, Diamond Joe (with and
// without Spirits), memory mode (R3.6).
std::vector<Options> bot_test_variants() {
    std::vector<Options> out;
    auto add = [&](int players, bool spirits, bool joe, bool memory) {
        Options o;
        o.players = players;
        o.spirits = spirits;
        o.diamond_joe = joe;
        o.memory = memory;
        out.push_back(o);
    };
    for (int p = 3; p <= 5; ++p)
        add(p, false, false, false);
    for (int p = 3; p <= 6; ++p)
        add(p, true, false, false);
    add(4, false, true, false);
    add(5, true, true, false);
    add(4, false, false, true);
    add(3, true, true, true);
    return out;
}

struct BotGames {
    long games = 0, finished = 0, decisions = 0, max_rounds_seen = 0;
};

// Plays `games` games of `options` with the seats' levels given by `level_of(game, seat)`,
// every bot deciding from its seat's view; fails at the first decision that is not among
// legal_actions. Games are cut after `max_rounds` rounds.
template <typename LevelOf>
BotGames play_bot_games(Options options, long games, std::uint64_t seed, int iterations,
                        int max_rounds, LevelOf level_of) {
    BotGames out;
    std::vector<Action> legal;
    for (long g = 0; g < games; ++g) {
        options.seed = seed + std::uint64_t(g);
        State s = new_game(options);
        std::vector<std::unique_ptr<Bot>> bots;
        for (int seat = 0; seat < options.players; ++seat)
            bots.push_back(make_bot(level_of(g, seat), options.seed * 16 + std::uint64_t(seat)));
        BotBudget budget;
        budget.iterations = iterations;
        while (!is_over(s) && s.round <= max_rounds) {
            const std::uint8_t acting = acting_seats(s);
            // Phase I lets several seats act: they choose in a seeded order.
            int seat = -1;
            for (int k = int((options.seed + std::uint64_t(out.decisions)) %
                             std::uint64_t(std::popcount(unsigned(acting))));
                 k >= 0; --k)
                do
                    ++seat;
                while (!((acting >> seat) & 1));
            const Action a = bots[seat]->decide(seat_view(s, seat), budget);
            legal_actions(s, seat, legal);
            if (std::find(legal.begin(), legal.end(), a) == legal.end())
                FAIL(bot_level_name(bots[seat]->level())
                     << " chose an illegal action '" << to_text(a) << "' for seat " << seat
                     << "\nstate: " << state_to_json(s).dump());
            const Status st = apply(s, a);
            if (!st) FAIL("a listed action was refused: " << st.reason);
            ++out.decisions;
        }
        ++out.games;
        out.finished += is_over(s);
        if (!is_over(s)) {
            std::string levels;
            for (const auto& bot : bots)
                levels += std::string(bot_level_name(bot->level())) + " ";
            UNSCOPED_INFO("game seed " << options.seed << " (" << levels << ") still running after "
                                       << max_rounds << " rounds: " << state_to_json(s).dump());
        }
        out.max_rounds_seen = std::max<long>(out.max_rounds_seen, s.round);
    }
    return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Every rung plays legal actions in every variant (R12.2)

TEST_CASE("R12.2 bots: the random rung plays only legal actions in every variant", "[bots]") {
    // Random games are long (hundreds of rounds): they are cut, as in the property tests.
    const auto variants = bot_test_variants();
    const long per_variant = bot_test_scale(1000) / long(variants.size()) + 1;
    long decisions = 0;
    std::uint64_t seed = 70'000'000;
    for (const Options& o : variants) {
        const BotGames t =
            play_bot_games(o, per_variant, seed, 0, 40, [](long, int) { return BotLevel::Random; });
        seed += 10'000;
        decisions += t.decisions;
    }
    CHECK(decisions > 0);
}

TEST_CASE("R12.2 bots: greedy plays only legal actions and finishes every variant's games",
          "[bots]") {
    // Tables of greedy bots, and greedy bots among random ones (every other seat).
    const auto variants = bot_test_variants();
    const long per_variant = bot_test_scale(800) / long(variants.size()) + 1;
    std::uint64_t seed = 71'000'000;
    for (const Options& o : variants) {
        INFO("players " << o.players << ", spirits " << o.spirits << ", joe " << o.diamond_joe
                        << ", memory " << o.memory);
        const BotGames t = play_bot_games(o, per_variant, seed, 0, 200, [](long g, int seat) {
            return g % 2 == 0 || seat % 2 == 0 ? BotLevel::Greedy : BotLevel::Random;
        });
        seed += 10'000;
        CHECK(t.games == per_variant);
        CHECK(t.finished == t.games);  // within 200 rounds
    }
}

TEST_CASE("R12.2 bots: strong (tiny budget) plays only legal actions and finishes its games",
          "[bots][strong]") {
    // A budget of 8 iterations keeps the search's every path (determinizing, selection,
    // playouts) at a fraction of its cost; the seats alternate strong and greedy.
    const auto variants = bot_test_variants();
    const long per_variant = bot_test_scale(30) / long(variants.size()) + 1;
    std::uint64_t seed = 72'000'000;
    for (const Options& o : variants) {
        INFO("players " << o.players << ", spirits " << o.spirits << ", joe " << o.diamond_joe
                        << ", memory " << o.memory);
        const BotGames t = play_bot_games(o, per_variant, seed, 8, 200, [](long g, int seat) {
            return (seat + g) % 2 == 0 ? BotLevel::Strong : BotLevel::Greedy;
        });
        seed += 10'000;
        CHECK(t.finished == t.games);
    }
}

// ---------------------------------------------------------------------------------------------
// Secrecy (R3.1, R3.6): what a seat cannot see does not change its bot's decision

namespace {

// `s` with what `viewer` cannot see changed: every other seat's unrevealed chosen card is
// exchanged with another card of its hand (R3.1), and in memory mode (R3.6) a card of its hand
// with one under the top of its discard stack. Returns how many secrets changed.
int change_hidden(State& s, int viewer, Rng& rng) {
    int changed = 0;
    for (int seat = 0; seat < s.players(); ++seat) {
        if (seat == viewer) continue;
        Seat& p = s.seats[seat];
        std::vector<Card> hand;
        for (int c = 0; c < kCardKinds; ++c)
            if (p.hand & card_bit(Card(c))) hand.push_back(Card(c));
        if (p.chosen && !p.revealed && !hand.empty()) {
            const Card other = hand[rng.below(std::uint32_t(hand.size()))];
            p.hand = std::uint16_t((p.hand & ~card_bit(other)) | card_bit(*p.chosen));
            p.chosen = other;
            ++changed;
        }
        if (s.options.memory && p.discard_size >= 2 && p.hand) {
            hand.clear();
            for (int c = 0; c < kCardKinds; ++c)
                if (p.hand & card_bit(Card(c))) hand.push_back(Card(c));
            const Card held = hand[rng.below(std::uint32_t(hand.size()))];
            Card& under = p.discard[rng.below(std::uint32_t(p.discard_size - 1))];
            p.hand = std::uint16_t((p.hand & ~card_bit(held)) | card_bit(under));
            under = held;
            ++changed;
        }
    }
    return changed;
}

}  // namespace

TEST_CASE("R3.1/R3.6 bots: the others' hidden cards do not change a bot's decision",
          "[bots][secrecy]") {
    for (BotLevel level : kRungs) {
        INFO("rung " << bot_level_name(level));
        // (At least 18: a third of them must find a hidden card to change.)
        const long situations =
            test::property_scale(level == BotLevel::Strong ? 300 : 1500, 18);
        long tested = 0, in_phase_two = 0, with_memory = 0;
        for (long i = 0; i < situations; ++i) {
            const std::uint64_t seed = 73'000'000 + std::uint64_t(i);
            Rng rng(seed);
            State s = new_game(test::option_variant(int(i % test::kOptionVariants), seed));
            // A seeded point of a random game: a seat that must decide.
            RandomBot walker(seed * 3 + 1);
            for (std::uint32_t n = rng.below(600); n > 0 && !is_over(s); --n)
                if (!apply(s, walker.pick_action(s, walker.pick_seat(s))))
                    FAIL("the random walk's action was refused");
            if (is_over(s)) continue;
            const int seat = walker.pick_seat(s);
            State other = s;
            if (change_hidden(other, seat, rng) == 0) continue;
            REQUIRE_FALSE(other == s);
            const Json view = seat_view(s, seat);
            REQUIRE(seat_view(other, seat) == view);  // the change is indeed hidden from it

            BotBudget budget;
            budget.iterations = level == BotLevel::Strong ? 24 : 0;
            const auto one = make_bot(level, seed ^ 0xfeedULL);
            const auto two = make_bot(level, seed ^ 0xfeedULL);
            const Action a = one->decide(view, budget);
            const Action b = two->decide(seat_view(other, seat), budget);
            if (!(a == b))
                FAIL("seat " << seat << " decided '" << to_text(a) << "' then '" << to_text(b)
                             << "'\nstate: " << state_to_json(s).dump()
                             << "\nchanged: " << state_to_json(other).dump());
            ++tested;
            in_phase_two += s.phase == Phase::Actions;
            with_memory += s.options.memory;
        }
        CHECK(tested > situations / 3);
        CHECK(in_phase_two > 0);  // later seats' cards are still hidden in phase II
        CHECK(with_memory > 0);
    }
}

// ---------------------------------------------------------------------------------------------
// Views a bot refuses

TEST_CASE("bots refuse a malformed view and a view whose seat need not act", "[bots]") {
    Options o;
    o.players = 3;
    o.seed = 5;
    o.starting_seat = 0;
    State s = new_game(o);
    test::act(s, 1, "play 4");  // seat 1 has chosen: it need not act in phase I

    for (BotLevel level : kRungs) {
        INFO("rung " << bot_level_name(level));
        const auto bot = make_bot(level, 11);
        CHECK(bot->level() == level);
        CHECK_THROWS_AS(bot->decide(Json::object()), std::invalid_argument);
        CHECK_THROWS_AS(bot->decide(Json::array()), std::invalid_argument);
        CHECK_THROWS_AS(bot->decide(Json("seat_view")), std::invalid_argument);
        CHECK_THROWS_AS(bot->decide(spectator_view(s)), std::invalid_argument);  // "you": null
        Json no_seat = seat_view(s, 0);
        no_seat.erase("you");
        CHECK_THROWS_AS(bot->decide(no_seat), std::invalid_argument);
        Json far_seat = seat_view(s, 0);
        far_seat["you"] = 7;
        CHECK_THROWS_AS(bot->decide(far_seat), std::invalid_argument);
        Json no_seats = seat_view(s, 0);
        no_seats["seats"] = "none";
        CHECK_THROWS_AS(bot->decide(no_seats), std::invalid_argument);

        CHECK_THROWS_AS(bot->decide(seat_view(s, 1)), std::invalid_argument);  // R3.1: chosen
        State turn = s;
        test::act(turn, 0, "play 3");
        test::act(turn, 2, "play 5");  // phase II: seat 0's turn (R3.2)
        CHECK_THROWS_AS(bot->decide(seat_view(turn, 2)), std::invalid_argument);
        // ...while the seats that must act get an answer.
        CHECK(bot->decide(seat_view(s, 0)).seat == 0);
        CHECK(bot->decide(seat_view(turn, 0)).seat == 0);
    }
}

// ---------------------------------------------------------------------------------------------
// The greedy rung's sense. [greedy]: they need the real greedy bot, not the random placeholder.

namespace {

using namespace test::spec;  // phase_two, boat (seat_specs.hpp)

// Seat `seat` plays its whole phase II turn with the greedy bot (made with `seed`).
void greedy_turn(State& s, int seat, std::uint64_t seed) {
    const auto bot = make_bot(BotLevel::Greedy, seed);
    while (!is_over(s) && s.phase == Phase::Actions && s.turn.seat == seat) {
        const Action a = bot->decide(seat_view(s, seat));
        INFO("greedy chose '" << to_text(a) << "'");
        REQUIRE(apply(s, a).ok);
    }
}

}  // namespace

TEST_CASE("R6.6 greedy: a canoe with a gem at T1 or T2 lands it when its card reaches land",
          "[bots][greedy][R6]") {
    for (const std::string pos : {"T1", "T2"})
        for (const std::string card : {"2", "3", "4", "5", "6"})
            for (std::uint64_t seed : {1, 2, 3}) {
                INFO("a red gem on " << pos << ", card " << card << ", seed " << seed);
                // The other canoe waits on land; the other seats have nothing to steal.
                State s = phase_two({{card, pos + " red", "land"}, {}, {}});
                greedy_turn(s, 0, seed);
                CHECK(s.seats[0].collection.of(Colour::Red) == 1);  // R6.6
            }
}

TEST_CASE("R2.4/R7.2/R8.1 greedy: no canoe is left on the brink the river will surely take",
          "[bots][greedy][R8]") {
    // Seat 0 plays last (seats 1 and 2 revealed 5 and 6): the river will move 3 + weather
    // spaces (R7.2), and the disc at the 7 of the branch the fork flag points to falls at the
    // first step (R2.4). Its empty canoe on that branch's 6 could go down one space and load
    // the red gem at 7 with its 3 points (the most valuable gem, R9.3), and would fall with it
    // (R8.1). It must go elsewhere.
    for (const std::string branch : {"left", "right"})
        for (int weather : {0, 1, 2})
            for (std::uint64_t seed : {1, 2, 3}) {
                INFO("fork " << branch << ", weather " << weather << ", seed " << seed);
                const std::string six = branch == "left" ? "L6" : "R6";
                State s = test::state(
                    R"({"options":{"players":3,"starting_seat":1},"phase":"actions",
                        "turns_done":2,"fork":")" +
                    branch + R"(","weather":)" + std::to_string(weather) + R"(,
                        "seats":[{"chosen":"3","canoes":[{"where":"river","pos":")" +
                    six + R"("},{"where":"land"}]},
                                 {"chosen":"5"},{"chosen":"6"}]})");
                REQUIRE(s.turn.seat == 0);
                REQUIRE(test::is_legal(s, 0, "canoe 1 down 1 then load red"));
                greedy_turn(s, 0, seed);
                // The round is over (phase III ran): no canoe of seat 0 went over the falls.
                REQUIRE(s.round == 2);
                CHECK(where(s, 0, 0) != "lost");
                CHECK(where(s, 0, 1) != "lost");
            }
}

TEST_CASE("R6.2/R9.1 greedy: of two stealable gems it steals the one its collection needs",
          "[bots][greedy][R6]") {
    // Seat 0 has four colours (clear, yellow, blue, red): violet completes five different
    // colours (R9.1), red only adds a second red. Its empty canoe at T4 with a 2 can move up
    // two spaces onto T2, where seat 1 carries violet and seat 2 carries red (R6.1-R6.2).
    for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
        INFO("seed " << seed);
        State s = phase_two(
            {{"2", "T4", "land", R"("collection":{"clear":1,"yellow":1,"blue":1,"red":1})"},
             {"6", "T2 violet", "land"},
             {"6", "T2 red", "land"}});
        REQUIRE(test::is_legal(s, 0, "canoe 1 up 2 steal violet from 2.1"));
        REQUIRE(test::is_legal(s, 0, "canoe 1 up 2 steal red from 3.1"));
        greedy_turn(s, 0, seed);
        CHECK(cargo(s, 0, 0) == "violet");
        CHECK(cargo(s, 1, 0).empty());
        CHECK(cargo(s, 2, 0) == "red");
    }
}
