// The river preview (preview.hpp): the speeds still possible this round (R7.2, R7.1, R3.6) and
// where a canoe ends after the river moves by each (R2.4, R2.5, R8.1), checked in scenarios,
// against the real phase III in thousands of random positions, and for hidden-card independence.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/scenario.hpp"
#include "property_scale.hpp"
#include "engine/seat_specs.hpp"
#include "niagara/preview.hpp"
#include "niagara/random_bot.hpp"
#include "option_variants.hpp"

namespace {

using namespace niagara;

std::uint16_t speeds_of(std::initializer_list<int> speeds) {
    std::uint16_t bits = 0;
    for (int s : speeds)
        bits |= std::uint16_t(1u << s);
    return bits;
}

// Seat 0 plays a 3 with its canoe on T3; seat 1 may still play 5 or 6, seat 2 a 2 or the cloud.
State three_seats(const std::string& extra_options = "") {
    return test::state(R"({"options": {"players": 3, "starting_seat": 0)" + extra_options +
                       R"(}, "phase": "actions",
        "seats": [{"chosen": "3", "canoes": [{"where": "river", "pos": "T3"}, {"where": "lost"}]},
                  {"chosen": "5", "hand": ["6"], "discard": ["1", "2", "3", "4", "cloud"]},
                  {"chosen": "2", "hand": ["cloud"], "discard": ["1", "3", "4", "5", "6"]}]})");
}

const Json& move_json(const std::vector<Json>& list, const std::string& text) {
    for (const Json& j : list)
        if (j.at("text") == text) return j;
    FAIL("no legal action " << text);
    return list.front();
}

std::vector<Json> legal_json(const State& s, int seat) {
    std::vector<Json> out;
    for (const Action& a : legal_actions(s, seat))
        out.push_back(legal_action_to_json(s, a));
    return out;
}

}  // namespace

TEST_CASE("R7.2/R7.1 preview: the speeds left by the revealed card, the others' hands and clouds",
          "[preview][R7]") {
    State s = three_seats();
    // Lowest 3 so far; seat 1's 5 or 6 changes nothing; seat 2's 2 makes it 2, or its cloud
    // moves the weather to +1 or -1: the river moves 2, 4 or 2.
    CHECK(possible_river_speeds(s, 0) == speeds_of({2, 4}));

    SECTION("weather at +2: the cloud can only go down (R7.1)") {
        s.weather = 2;
        CHECK(possible_river_speeds(s, 0) == speeds_of({4}));  // 2+2 = 4, 3+1 = 4
    }
    SECTION("weather at -1 and a 1 to come: the river may not move (speed 0, R7.2)") {
        s.weather = -1;
        s.seats[2].hand = card_bit(Card::One);
        s.seats[2].chosen = Card::Cloud;
        // 1-1 = 0, or the cloud: 3+0 = 3 (it cannot go below -1).
        CHECK(possible_river_speeds(s, 0) == speeds_of({0, 3}));
    }
    SECTION("no preview outside phase II") {
        State t = test::state(R"({"options": {"players": 3}})");
        CHECK(possible_river_speeds(t, 0) == 0);
    }
}

TEST_CASE("R2.4/R2.5/R8.1 preview: the canoe floats with its disc, the fork flag alternating",
          "[preview][R2]") {
    State s = three_seats();
    REQUIRE(s.fork == Branch::Left);
    CHECK(after_river(s, Pos::T4, 0) == Pos::T4);
    CHECK(after_river(s, Pos::T4, 1) == Pos::T5);
    CHECK(after_river(s, Pos::T4, 2) == Pos::R6);  // the second step flows right
    CHECK(after_river(s, Pos::T4, 3) == Pos::R6);  // the third flows left: the right waits
    CHECK(after_river(s, Pos::T4, 4) == Pos::R7);
    CHECK(after_river(s, Pos::T4, 6) == std::nullopt);  // over the falls
    CHECK(after_river(s, Pos::L7, 1) == std::nullopt);
    CHECK(after_river(s, Pos::R7, 1) == Pos::R7);  // the left branch flows first
    CHECK(after_river(s, Pos::R7, 2) == std::nullopt);
    s.fork = Branch::Right;
    CHECK(after_river(s, Pos::T5, 1) == Pos::R6);
}

TEST_CASE("R7.2/R8.1 preview: a canoe move lists where it ends after each speed, falls marked",
          "[preview][R8]") {
    State s = three_seats();
    const std::vector<Json> list = legal_json(s, 0);
    // T3 down 3: T4, T5, then the fork; left ends at L6.
    const Json& left = move_json(list, "canoe 1 down 3 left");
    CHECK(left.at("to") == "L6");
    // Speed 2: the left branch flows first (L6 -> L7), then the right: L7.
    // Speed 4: left again (L7 over the falls).
    CHECK(left.at("after_river") == Json::parse(R"([{"speed":2,"to":"L7"},
                                                      {"speed":4,"to":"falls"}])"));
    const Json& right = move_json(list, "canoe 1 down 3 right");
    CHECK(right.at("after_river") == Json::parse(R"([{"speed":2,"to":"R7"},
                                                       {"speed":4,"to":"falls"}])"));
    // Up to land, or over the falls by the move itself: no preview.
    State t = test::spec::my_turn("3", "T2", "L7");
    for (const Json& j : legal_json(t, 0))
        if (j.at("to") == "land" || j.at("to") == "falls") CHECK_FALSE(j.contains("after_river"));
    // The text the server sends is the same.
    std::vector<Action> legal = legal_actions(s, 0);
    std::vector<std::string> texts;
    Json objects = Json::array();
    for (const Action& a : legal) {
        texts.push_back(to_text(a));
        objects.push_back(legal_action_to_json(s, a));
    }
    CHECK(legal_actions_json(s, legal, texts) == objects.dump());
}

TEST_CASE("R3.6 preview: the others' hidden cards change nothing; memory mode knows less",
          "[preview][R3]") {
    State s = three_seats();
    const std::uint16_t speeds = possible_river_speeds(s, 0);
    // Seat 2 chose the cloud instead of the 2: the same hand as far as seat 0 knows.
    State other = s;
    other.seats[2].chosen = Card::Cloud;
    other.seats[2].hand = card_bit(Card::Two);
    REQUIRE(seat_view(other, 0) == seat_view(s, 0));
    CHECK(possible_river_speeds(other, 0) == speeds);
    CHECK(legal_json(other, 0) == legal_json(s, 0));
    // Seat 2 itself knows its card.
    CHECK(possible_river_speeds(s, 2) == speeds_of({2}));
    CHECK(possible_river_speeds(other, 2) == speeds_of({2, 4}));

    // R3.6 memory mode: only the top of each discard stack is shown, so seat 1 (top: cloud)
    // might hold any other card: 1 or 2 too.
    State memory = three_seats(R"(, "memory": true)");
    CHECK(possible_river_speeds(memory, 0) == speeds_of({0, 1, 2, 3, 4}));
}

TEST_CASE("R4.4/R4.6: a refused step count says why the count is what it is", "[preview][R4]") {
    using Catch::Contains;
    State s = test::spec::my_turn("6", "T2 red", "L6");
    // R4.4: landing may leave points unused: the hint must not claim all points must be used.
    const std::string land = test::refused(s, 0, "canoe 1 up 6");
    CHECK_THAT(land, Contains("write 'canoe 1 up 2'"));
    CHECK_THAT(land, Contains("may leave its other points unused"));
    CHECK_THAT(land, Contains("R4.4"));
    CHECK_THAT(land, !Contains("all points must be used"));
    // R4.6: over the waterfall the move ends; the rest of the points are moot.
    const std::string fall = test::refused(s, 0, "canoe 2 down 6");
    CHECK_THAT(fall, Contains("write 'canoe 2 down 2'"));
    CHECK_THAT(fall, Contains("R4.6"));
    CHECK_THAT(fall, !Contains("all points must be used"));
    // A canoe that could land need not use all points: the hint says when it may not.
    State t = test::spec::my_turn("6", "T3", "lost");
    const std::string none = test::refused(t, 0, "canoe 1 load violet");
    CHECK_THAT(none, Contains("only by reaching land, R4.4"));
    CHECK_THAT(none, !Contains("must be used"));
    // In the river the rule stands.
    State u = test::spec::my_turn("4", "T3", "lost");
    CHECK_THAT(test::refused(u, 0, "canoe 1 down 1 left"), Contains("all points must be used"));
}

namespace {

long preview_games() {
    return test::property_scale(400, 8);  // every option variant at least once
}

// A state `viewer` cannot tell from `s` (R3.6): the others' hidden cards dealt anew. In open
// mode an unrevealed seat's choice is any card of its hand; in memory mode its hand and all
// but the top of its discard stack are any cards but that top one.
State shuffle_hidden(const State& s, int viewer, Rng& rng) {
    State t = s;
    for (int seat = 0; seat < t.players(); ++seat) {
        if (seat == viewer) continue;
        Seat& p = t.seats[std::size_t(seat)];
        const bool hidden_choice = p.chosen && !p.revealed;
        std::vector<Card> pool;
        if (!t.options.memory) {
            if (!hidden_choice) continue;
            for (int c = 0; c < kCardKinds; ++c)
                if ((p.hand | card_bit(*p.chosen)) & card_bit(Card(c))) pool.push_back(Card(c));
        } else {
            const bool has_top = p.discard_size > 0;
            const Card top = has_top ? p.discard[p.discard_size - 1] : Card::One;
            for (int c = 0; c < kCardKinds; ++c)
                if ((t.rules.deck & card_bit(Card(c))) && !(has_top && Card(c) == top))
                    pool.push_back(Card(c));
        }
        for (std::size_t i = pool.size(); i > 1; --i)
            std::swap(pool[i - 1], pool[rng.below(std::uint32_t(i))]);
        std::size_t next = 0;
        if (hidden_choice) p.chosen = pool[next++];
        const int in_hand = std::popcount(p.hand);
        p.hand = 0;
        for (int i = 0; i < in_hand; ++i)
            p.hand |= card_bit(pool[next++]);
        if (t.options.memory)  // the hidden part of the discard stack, under its top
            for (int i = 0; i + 1 < p.discard_size; ++i)
                p.discard[std::size_t(i)] = pool[next++];
    }
    return t;
}

// Plays `move` and the rest of phase II with phase III forced to `speed` through the engine
// itself: the mover is made the last seat of the round, every other card revealed, and the
// lowest card and weather set to give that speed (R7.2). nullopt when the game ends first
// (R9.2).
std::optional<State> real_river(State s, const Action& move, int speed, RandomBot& bot) {
    const int mover = s.turn.seat;
    const int n = s.players();
    s.starting_seat = std::int8_t((mover + 1) % n);
    s.turns_done = std::int8_t(n - 1);
    for (int seat = 0; seat < n; ++seat) {
        Seat& p = s.seats[std::size_t(seat)];
        if (p.revealed) continue;
        p.revealed = true;
        p.discard[p.discard_size++] = *p.chosen;
    }
    s.lowest_number = std::int8_t(std::min(speed, 7));
    s.weather = std::int8_t(speed - s.lowest_number);
    const int round = s.round;
    REQUIRE(apply(s, move).ok);
    while (s.phase == Phase::Actions && s.round == round) {
        REQUIRE(s.turn.seat == mover);
        REQUIRE(apply(s, bot.pick_action(s, mover)).ok);
    }
    if (s.phase == Phase::GameOver) return std::nullopt;
    REQUIRE(s.last_speed == speed);
    return s;
}

// Where canoe k of `seat` is, as the preview writes it.
std::string place_of(const State& s, int seat, int k) {
    const Canoe& boat = s.seats[std::size_t(seat)].canoes[std::size_t(k)];
    // A canoe in the river leaves it only over the falls (R8.1); R8.4 may hand it back to land.
    return boat.in_river() ? std::string(pos_name(boat.pos)) : "falls";
}

struct Pending {
    int seat, canoe, round;
    std::uint16_t speeds;
    Json after_river;
};

}  // namespace

TEST_CASE("R2.4/R7.2/R3.6 property: the preview is the real river, and blind to hidden cards",
          "[preview][property]") {
    const long games = preview_games();
    long positions = 0, forced = 0, natural = 0, shuffled = 0, falls = 0;
    std::vector<Action> legal;
    for (long g = 0; g < games; ++g) {
        const Options options =
            test::option_variant(int(g % test::kOptionVariants), 7'000'000 + std::uint64_t(g));
        State s = new_game(options);
        RandomBot bot(options.seed ^ 0xfa11ULL);
        RandomBot finisher(options.seed ^ 0xf1ULL);
        Rng rng(options.seed * 13 + 5);
        std::vector<Pending> pending;
        while (!is_over(s) && s.round <= 60) {
            const int seat = bot.pick_seat(s);
            const bool move_decision = s.phase == Phase::Actions && s.turn.stage == Stage::Move;
            if (move_decision && rng.below(3) == 0) {
                legal_actions(s, seat, legal);
                ++positions;
                // Hidden cards: the same view gives the same decision text, preview included.
                const State other = shuffle_hidden(s, seat, rng);
                REQUIRE(seat_view(other, seat) == seat_view(s, seat));
                REQUIRE(possible_river_speeds(other, seat) == possible_river_speeds(s, seat));
                std::vector<std::string> texts;
                for (const Action& a : legal)
                    texts.push_back(to_text(a));
                REQUIRE(legal_actions_json(other, legal, texts) ==
                        legal_actions_json(s, legal, texts));
                ++shuffled;
                // One move ending in the river: each speed of its preview, through phase III.
                for (const Action& a : legal) {
                    if (a.type != ActionType::MoveCanoe) continue;
                    const Json j = legal_action_to_json(s, a);
                    if (!j.contains("after_river")) continue;
                    for (const Json& o : j.at("after_river")) {
                        const std::optional<State> end = real_river(s, a, o.at("speed"), finisher);
                        if (!end) continue;
                        if (place_of(*end, seat, a.canoe) != o.at("to"))
                            FAIL("preview " << o.dump() << " but the river took the canoe to "
                                            << place_of(*end, seat, a.canoe) << "\nstate: "
                                            << state_to_json(s).dump() << "\nmove: " << to_text(a));
                        falls += o.at("to") == "falls";
                        ++forced;
                    }
                    break;
                }
            }
            const Action chosen = bot.pick_action(s, seat);
            if (chosen.type == ActionType::MoveCanoe) {
                const Json j = legal_action_to_json(s, chosen);
                REQUIRE(j.contains("after_river") ==
                        (j.at("to") != "land" && j.at("to") != "falls"));
                if (j.contains("after_river"))
                    pending.push_back({seat, chosen.canoe, s.round, possible_river_speeds(s, seat),
                                       j.at("after_river")});
            }
            REQUIRE(apply(s, chosen).ok);
            // After phase III: the river's real speed was foreseen, and so was the canoe's place.
            if (is_over(s)) break;
            for (const Pending& p : pending) {
                if (p.round == s.round) continue;
                const int speed = std::max<int>(0, s.last_speed);
                if (!((p.speeds >> speed) & 1))
                    FAIL("the river moved " << speed << " in round " << p.round
                                            << ", not foreseen: " << p.after_river.dump());
                for (const Json& o : p.after_river)
                    if (o.at("speed") == speed && place_of(s, p.seat, p.canoe) != o.at("to"))
                        FAIL("preview " << o.dump() << ", but the canoe is at "
                                        << place_of(s, p.seat, p.canoe));
                ++natural;
            }
            std::erase_if(pending, [&](const Pending& p) { return p.round != s.round; });
        }
    }
    CHECK(positions > games);
    CHECK(forced > 2'000 * games / 400);
    CHECK(natural > games);
    CHECK(shuffled == positions);
    CHECK(falls > 0);
}
