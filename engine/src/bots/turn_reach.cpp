#include "turn_reach.hpp"

#include <bit>
#include <vector>

#include "../internal.hpp"
#include "niagara/audit.hpp"
#include "niagara/game.hpp"

namespace niagara::detail {
namespace {

bool has_won(const State& s, int seat) {
    if (s.phase == Phase::GameOver) return (s.winners >> seat & 1) != 0;
    return is_winning_collection(s.seats[std::size_t(seat)].collection);
}

struct Search {
    const State& start;
    int seat;
    bool want_safe;
    int keep_gems;
    long& budget;
    TurnReach reach;

    bool done() const {
        return reach.over_bound ||
               ((!want_safe || reach.safe) && (keep_gems < 0 || reach.keeps));
    }
    void consider(const State& end) {
        const TurnEnd e = judge_turn_end(start, end, seat);
        reach.safe |= e.safe;
        reach.keeps |= e.won || (keep_gems >= 0 && e.gems >= keep_gems);
    }
    void search(const State& from) {
        if (!in_turn_of(from, seat, start.round)) return consider(from);
        const std::vector<Action> actions = legal_actions(from, seat);
        for (const Action& a : actions) {
            if (--budget < 0) reach.over_bound = true;
            if (done()) return;
            State next = from;
            apply(next, a);
            search(next);
        }
    }
};

}  // namespace

bool in_turn_of(const State& s, int seat, int round) {
    return s.phase == Phase::Actions && s.turn.seat == seat && s.round == round;
}

int lost_canoes(const State& s, int seat) {
    int lost = 0;
    for (const Canoe& boat : s.seats[std::size_t(seat)].canoes)
        lost += boat.where == Where::Lost;
    return lost;
}

TurnEnd judge_turn_end(const State& start, const State& end, int seat) {
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

TurnReach reach_of_turn(const State& start, const State& from, int seat, bool want_safe,
                        int keep_gems, long& budget) {
    Search search{start, seat, want_safe, keep_gems, budget, {}};
    search.search(from);
    return search.reach;
}

bool begin_turn_with(State& s, int seat, Card card) {
    Seat& p = s.seats[std::size_t(seat)];
    if (s.phase == Phase::ChooseCards) {
        // Phase I: as if every seat had chosen and this one were first to reveal (the seats
        // before it move no canoe of its own); the others' cards stay unrevealed, and each
        // holds one of its cards so that the turn after this one can begin.
        if (!(p.hand & card_bit(card)) || p.fork_pending || p.free_canoe_pending) return false;
        for (int other = 0; other < s.players(); ++other) {
            Seat& o = s.seats[std::size_t(other)];
            o.revealed = false;
            if (other != seat && !o.chosen) {
                if (!o.hand) return false;
                o.chosen = Card(std::countr_zero(unsigned(o.hand)));
                o.hand = std::uint16_t(o.hand & (o.hand - 1));
            }
        }
        p.hand = std::uint16_t(p.hand & ~card_bit(card));
        if (p.chosen) p.hand = std::uint16_t(p.hand | card_bit(*p.chosen));
        p.chosen = card;
        s.phase = Phase::Actions;
        s.lowest_number = 0;
        s.starting_seat = std::int8_t(seat);
        s.turns_done = 0;
        begin_turn(s, seat, nullptr);
        return true;
    }
    // Phase II at the start of the seat's turn, its card revealed: only a card that did not
    // change the round's lowest number can be taken back (the cloud, the lasso, 1/2/3).
    if (!in_turn_of(s, seat, s.round) || !p.revealed || !p.chosen || is_number_card(*p.chosen) ||
        !(p.hand & card_bit(card)) || p.discard_size == 0)
        return false;
    p.hand = std::uint16_t((p.hand | card_bit(*p.chosen)) & ~card_bit(card));
    p.chosen = card;
    p.revealed = false;
    --p.discard_size;
    begin_turn(s, seat, nullptr);
    return true;
}

}  // namespace niagara::detail
