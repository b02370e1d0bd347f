#include "greedy_policy.hpp"

#include <bit>
#include <limits>

#include "../internal.hpp"
#include "evaluation.hpp"

namespace niagara::detail {
namespace {

constexpr double kNone = -std::numeric_limits<double>::infinity();

bool still_turn_of(const State& s, int seat) {
    return s.phase == Phase::Actions && s.turn.seat == seat;
}

}  // namespace

double GreedyPolicy::outlook(const State& s, int seat) {
    // R7.2/R7.3: the river moves after phase II; judge the position by every speed the seat
    // can expect, each by its odds.
    return value_after_river(s, seat, speed_odds(s));
}

// The value of the best way for `seat` to finish its turn from `s` (`s` after one of its
// choices). With depth left, every choice is tried; without, the rest of the turn is played
// by the one-step policy.
double GreedyPolicy::best_turn_value(const State& s, int seat, int depth_left) {
    if (!still_turn_of(s, seat)) return outlook(s, seat);
    std::vector<Action>& legal = legal_[std::min(depth_left, 3)];
    legal_actions(s, seat, legal);
    double best = kNone;
    State next;
    if (depth_left > 0) {
        const std::vector<Action> choices = legal;  // the deeper levels reuse the lists
        for (const Action& a : choices) {
            next = s;
            apply(next, a);
            best = std::max(best, best_turn_value(next, seat, depth_left - 1));
        }
        return best;
    }
    // One step at a time: the best-looking choice, then on until the turn is over.
    State current = s;
    while (still_turn_of(current, seat)) {
        legal_actions(current, seat, legal);
        State best_next;
        best = kNone;
        for (const Action& a : legal) {
            next = current;
            apply(next, a);
            const double v = outlook(next, seat);
            if (v > best) {
                best = v;
                best_next = next;
            }
        }
        current = best_next;
    }
    return outlook(current, seat);
}

Action GreedyPolicy::choose(const State& s, int seat, Rng& rng) {
    std::vector<Action>& legal = legal_[0];
    legal_actions(s, seat, legal);
    if (legal.size() == 1) return legal.front();
    if (s.phase == Phase::ChooseCards) {
        if (legal.front().type == ActionType::FreeCanoe) return legal.front();  // the double
        // R2.4/R10.5: the branch the fork flag does not point to stays put at the next step.
        if (legal.front().type == ActionType::Fork)
            return Action::fork_to(seat, legal.front().canoe, other(s.fork));
        bool buy_back = false;
        for (const Action& a : legal)
            buy_back |= a.type == ActionType::BuyBack;
        if (legal.front().type == ActionType::PlayCard && !buy_back)
            return choose_card(s, seat, rng);
    }
    // Phase II (and the fork and buy-back choices of phase I): the best outlook.
    const std::vector<Action> choices = legal;
    double best = kNone;
    int ties = 0;
    Action chosen = choices.front();
    State next;
    for (const Action& a : choices) {
        if (a.type == ActionType::PlayCard) continue;  // decided after the buy-backs
        next = s;
        apply(next, a);
        const double v = depth_ == Depth::Turn && still_turn_of(next, seat)
                             ? best_turn_value(next, seat, 0)
                             : outlook(next, seat);
        if (v > best + 1e-9) {
            best = v;
            chosen = a;
            ties = 1;
        } else if (v > best - 1e-9 && rng.below(std::uint32_t(++ties)) == 0) {
            chosen = a;
        }
    }
    if (chosen.type == ActionType::BuyBack) {
        // R8.3: buy back only when the canoe is worth more than the gem it costs.
        const double keep = outlook(s, seat);
        if (best <= keep + 0.02) return choose_card(s, seat, rng);
    }
    return chosen;
}

// R3.1: each card in hand is tried as if this seat's turn came now, the others' cards being
// still unknown; the card whose best turn leaves the best outlook is chosen.
Action GreedyPolicy::choose_card(const State& s, int seat, Rng& rng) {
    const Seat& me = s.seats[seat];
    double best = kNone;
    int ties = 0;
    Card chosen = Card(std::countr_zero(me.hand));
    for (int c = 0; c < kCardKinds; ++c) {
        const Card card = Card(c);
        if (!(me.hand & card_bit(card))) continue;
        State t = s;
        // Every seat needs a card for the turns to run. The others' are unknown: they get the
        // cloud, which waits for its owner's decision and leaves the river speed alone, so the
        // outlook after this seat's turn counts them as cards still to come (expected_speed).
        for (int other = 0; other < t.players(); ++other) {
            Seat& p = t.seats[other];
            p.chosen = other == seat ? card : Card::Cloud;
            if (other == seat) p.hand = std::uint16_t(p.hand & ~card_bit(card));
            p.revealed = false;
        }
        t.phase = Phase::Actions;
        t.starting_seat = std::int8_t(seat);
        t.turns_done = 0;
        t.lowest_number = 0;
        begin_turn(t, seat, nullptr);
        const double v = best_turn_value(t, seat, depth_ == Depth::Turn ? 1 : 0);
        if (v > best + 1e-9) {
            best = v;
            chosen = card;
            ties = 1;
        } else if (v > best - 1e-9 && rng.below(std::uint32_t(++ties)) == 0) {
            chosen = card;
        }
    }
    return Action::play(seat, chosen);
}

}  // namespace niagara::detail
