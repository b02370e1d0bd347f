// What the rest of a seat's phase II turn can still reach, searched over every way to finish
// it (the seat's legal actions until its turn ends, applied with the engine's own rules): is
// there a way to end it with every canoe safe at every river speed still possible from the
// seat's view, and one that keeps the gems that complete a winning collection (R9.1)? The
// blunder audit (audit.cpp) judges turns with it, and the strong bot keeps to such turns when
// one exists (strong_bot.cpp).
#pragma once

#include "niagara/state.hpp"

namespace niagara::detail {

int lost_canoes(const State& state, int seat);

// `seat` still acts in its phase II turn of `round`.
bool in_turn_of(const State& state, int seat, int round);

// A finished turn, begun at `start` and ended at `end` (the next seat's turn has begun, or the
// river has run when the seat was last, or the game is over).
struct TurnEnd {
    bool safe = false;  // no canoe lost, and none that a speed the seat could foresee takes
    bool won = false;
    int gems = 0;       // gems completing a winning collection still afloat
};
TurnEnd judge_turn_end(const State& start, const State& end, int seat);

struct TurnReach {
    bool safe = false;        // some way to finish is safe
    bool keeps = false;       // some way to finish wins, or keeps `keep_gems` winning gems
    bool over_bound = false;  // the search stopped at its bound before it knew
};

// Searches the ways to finish the turn from `from` (a state in `start`'s turn, or after it),
// stopping as soon as it has found what it was asked for: `want_safe`, and a way that keeps
// `keep_gems` winning gems afloat (or wins) when keep_gems >= 0. `budget` counts the actions
// it may still apply, shared across calls.
TurnReach reach_of_turn(const State& start, const State& from, int seat, bool want_safe,
                        int keep_gems, long& budget);

// Begins `seat`'s turn in `state` with `card` instead of the card it holds (phase I: the card
// it would choose; phase II at its turn's start: the card it revealed); false where that
// cannot be set up (`state`, a copy, is then of no use). The others' cards stay unrevealed.
bool begin_turn_with(State& state, int seat, Card card);

}  // namespace niagara::detail
