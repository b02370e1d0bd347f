// The blunder audit (niagara/audit.hpp): each of the seat's phase II turns is compared with
// every other whole turn it could have played, searched depth first with the engine's own
// legal actions and apply(), so that the audit cannot disagree with the rules.
#include "niagara/audit.hpp"

#include <algorithm>

#include "turn_reach.hpp"
#include "niagara/game.hpp"
#include "niagara/preview.hpp"

namespace niagara {
namespace {

using detail::in_turn_of;
using detail::judge_turn_end;
using detail::lost_canoes;
using detail::reach_of_turn;
using detail::TurnEnd;
using detail::TurnReach;

// Actions applied while looking for a better turn, at most: a double canoe has about a hundred
// moves and two canoes make a turn of two, so ordinary turns need a few thousand at most.
constexpr long kMostApplied = 200'000;

}  // namespace

BlunderCounts& BlunderCounts::operator+=(const BlunderCounts& other) {
    turns += other.turns;
    unjudged += other.unjudged;
    canoes_lost_needlessly += other.canoes_lost_needlessly;
    winning_gems_given_up += other.winning_gems_given_up;
    clouds_in_danger += other.clouds_in_danger;
    return *this;
}

bool canoes_safe_at_every_speed(const State& s, int seat) {
    if (s.phase != Phase::Actions) return true;
    const std::uint16_t speeds = possible_river_speeds(s, seat);
    for (const Canoe& boat : s.seats[std::size_t(seat)].canoes) {
        if (!boat.in_river()) continue;  // on land, or on the bank after a lasso (R10.5)
        for (int speed = 0; speed <= kMaxRiverSpeed; ++speed)
            if ((speeds >> speed & 1) && !after_river(s, boat.pos, speed)) return false;
    }
    return true;
}

int winning_gems_afloat(const State& s, int seat) {
    const Seat& p = s.seats[std::size_t(seat)];
    int gems = 0;
    for (const Canoe& boat : p.canoes) {
        if (boat.where != Where::River && boat.where != Where::Bank) continue;
        for (Colour c : kAllColours) {
            if (!boat.cargo.of(c)) continue;
            Gems with = p.collection;
            with.add(c);
            gems += is_winning_collection(with) ? boat.cargo.of(c) : 0;
        }
    }
    return gems;
}

void BlunderAudit::observe(const State& s) {
    if (in_turn_ && !in_turn_of(s, seat_, start_.round)) {
        in_turn_ = false;
        finish_turn(s);
    }
    if (loss_pending_ && (s.round != pending_round_ || s.phase == Phase::GameOver)) {
        loss_pending_ = false;
        counts_.canoes_lost_needlessly += std::max(0, lost_canoes(s, seat_) - lost_before_);
    }
    if (!in_turn_ && s.phase == Phase::Actions && s.turn.seat == seat_) {
        in_turn_ = true;
        start_turn(s);
    }
}

void BlunderAudit::start_turn(const State& s) {
    start_ = s;
    if (s.turn.card != Card::Cloud) return;
    // R7.1: did the cloud leave a canoe in danger when a number card would have saved it?
    long budget = kMostApplied;
    if (reach_of_turn(s, s, seat_, true, -1, budget).safe || budget < 0) return;
    const Seat& player = s.seats[std::size_t(seat_)];
    for (int c = 0; c < kCardKinds; ++c) {
        const Card card = Card(c);
        if (!is_number_card(card) || !(player.hand & card_bit(card))) continue;
        State instead = s;  // the same moment with `card` revealed instead of the cloud
        if (!detail::begin_turn_with(instead, seat_, card)) continue;
        if (reach_of_turn(instead, instead, seat_, true, -1, budget).safe) {
            ++counts_.clouds_in_danger;
            return;
        }
    }
}

void BlunderAudit::finish_turn(const State& end) {
    const TurnEnd played = judge_turn_end(start_, end, seat_);
    const int gems_before = winning_gems_afloat(start_, seat_);
    const bool want_safe = !played.safe;
    const int keep_gems =
        gems_before > 0 && !played.won && played.gems < gems_before ? gems_before : -1;
    TurnReach others;
    long budget = kMostApplied;
    if (want_safe || keep_gems >= 0)
        others = reach_of_turn(start_, start_, seat_, want_safe, keep_gems, budget);
    if (others.over_bound) {
        ++counts_.unjudged;
        return;
    }
    ++counts_.turns;
    if (want_safe && others.safe) {
        loss_pending_ = true;
        pending_round_ = start_.round;
        lost_before_ = lost_canoes(start_, seat_);
    }
    if (keep_gems >= 0 && others.keeps)
        counts_.winning_gems_given_up += gems_before - std::max(0, played.gems);
}

}  // namespace niagara
