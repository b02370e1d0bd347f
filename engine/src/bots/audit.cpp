// The blunder audit (niagara/audit.hpp): each of the seat's phase II turns is compared with
// every other whole turn it could have played, searched depth first with the engine's own
// legal actions and apply(), so that the audit cannot disagree with the rules.
#include "niagara/audit.hpp"

#include <algorithm>
#include <vector>

#include "../internal.hpp"
#include "niagara/game.hpp"
#include "niagara/preview.hpp"

namespace niagara {
namespace {

// Actions applied while looking for a better turn, at most: a double canoe has about a hundred
// moves and two canoes make a turn of two, so ordinary turns need a few thousand at most.
constexpr long kMostApplied = 200'000;

int lost_canoes(const State& s, int seat) {
    int lost = 0;
    for (const Canoe& boat : s.seats[std::size_t(seat)].canoes)
        lost += boat.where == Where::Lost;
    return lost;
}

bool in_turn_of(const State& s, int seat, int round) {
    return s.phase == Phase::Actions && s.turn.seat == seat && s.round == round;
}

bool has_won(const State& s, int seat) {
    if (s.phase == Phase::GameOver) return (s.winners >> seat & 1) != 0;
    return is_winning_collection(s.seats[std::size_t(seat)].collection);
}

// What a turn that began at `start` and led to `end` is worth to the audit.
struct TurnEnd {
    bool safe = false;  // no canoe lost, and none that a possible speed takes over the falls
    bool won = false;
    int gems = 0;       // winning gems still afloat
};

TurnEnd judge(const State& start, const State& end, int seat) {
    TurnEnd e;
    e.won = has_won(end, seat);
    e.gems = winning_gems_afloat(end, seat);
    if (lost_canoes(end, seat) != lost_canoes(start, seat)) return e;
    if (end.phase != Phase::Actions || end.round != start.round) {
        e.safe = true;  // the river has run already (the seat was last), or the game is over
        return e;
    }
    // The speeds judged are those the seat could foresee: the turn that follows has revealed
    // the next seat's card already, which the seat did not know.
    State seen = end;
    seen.lowest_number = start.lowest_number;
    for (int other = 0; other < seen.players(); ++other)
        seen.seats[std::size_t(other)].revealed = start.seats[std::size_t(other)].revealed;
    e.safe = canoes_safe_at_every_speed(seen, seat);
    return e;
}

// Looks through every whole turn from `from` for the ones the audit asks about.
struct TurnSearch {
    const State& start;
    int seat;
    bool want_safe = false;
    int keep_gems = -1;  // a turn that keeps this many winning gems afloat, or wins; -1: none
    bool found_safe = false, found_keep = false, over_bound = false;
    long applied = 0;

    bool done() const {
        return over_bound || ((!want_safe || found_safe) && (keep_gems < 0 || found_keep));
    }
    void consider(const State& end) {
        const TurnEnd e = judge(start, end, seat);
        found_safe |= e.safe;
        found_keep |= e.won || (keep_gems >= 0 && e.gems >= keep_gems);
    }
    void search(const State& from) {
        if (!in_turn_of(from, seat, start.round)) return consider(from);
        const std::vector<Action> actions = legal_actions(from, seat);
        for (const Action& a : actions) {
            if (++applied > kMostApplied) over_bound = true;
            if (done()) return;
            State next = from;
            apply(next, a);
            search(next);
        }
    }
};

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
    TurnSearch cloud{s, seat_};
    cloud.want_safe = true;
    cloud.search(s);
    if (cloud.found_safe || cloud.over_bound) return;
    const Seat& player = s.seats[std::size_t(seat_)];
    for (int c = 0; c < kCardKinds; ++c) {
        const Card card = Card(c);
        if (!is_number_card(card) || !(player.hand & card_bit(card))) continue;
        // The same moment with `card` revealed instead of the cloud.
        State instead = s;
        Seat& p = instead.seats[std::size_t(seat_)];
        p.hand = std::uint16_t((p.hand | card_bit(Card::Cloud)) & ~card_bit(card));
        p.chosen = card;
        p.revealed = false;
        --p.discard_size;
        detail::begin_turn(instead, seat_, nullptr);
        TurnSearch number{instead, seat_};
        number.want_safe = true;
        number.search(instead);
        if (number.found_safe) {
            ++counts_.clouds_in_danger;
            return;
        }
    }
}

void BlunderAudit::finish_turn(const State& end) {
    const TurnEnd played = judge(start_, end, seat_);
    const int gems_before = winning_gems_afloat(start_, seat_);
    TurnSearch others{start_, seat_};
    others.want_safe = !played.safe;
    if (gems_before > 0 && !played.won && played.gems < gems_before) others.keep_gems = gems_before;
    if (others.want_safe || others.keep_gems >= 0) others.search(start_);
    if (others.over_bound) {
        ++counts_.unjudged;
        return;
    }
    ++counts_.turns;
    if (others.want_safe && others.found_safe) {
        loss_pending_ = true;
        pending_round_ = start_.round;
        lost_before_ = lost_canoes(start_, seat_);
    }
    if (others.keep_gems >= 0 && others.found_keep)
        counts_.winning_gems_given_up += gems_before - std::max(0, played.gems);
}

}  // namespace niagara
