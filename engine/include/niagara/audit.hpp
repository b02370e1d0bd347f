// The blunder audit: the mistakes a good player sees at a glance, counted over one seat's turns
// (`niagara arena --audit`). It reads the whole state (an arena knows every card), but judges
// each turn as its seat could: "safe" means safe at every river speed still possible from the
// seat's own view (possible_river_speeds, R7.2), whatever the others hold.
//
// - A canoe lost needlessly: the seat ended its phase II turn with a canoe that some possible
//   speed takes over the falls (or paddled one over, R4.6), another whole turn would have kept
//   every canoe safe at every possible speed, and the round's river then took one (R8.1).
// - A winning gem given up: a canoe carried a gem that completes a winning collection once
//   landed (R9.1), the turn left fewer such gems afloat without winning, and another turn kept
//   them.
// - A cloud in danger: the seat played the cloud (R7.1) while neither weather move kept its
//   canoes safe, and a number card in its hand had a turn that did.
//
// The alternatives are whole turns: every sequence of the seat's legal actions until its turn
// ends (both canoes' moves, the elk, Joe). A turn with more sequences than a search bound
// allows is not judged (counted as `unjudged`).
#pragma once

#include "niagara/state.hpp"

namespace niagara {

struct BlunderCounts {
    long turns = 0;                  // phase II turns of the seat that were judged
    long unjudged = 0;               // turns with too many alternatives to search
    long canoes_lost_needlessly = 0;
    long winning_gems_given_up = 0;
    long clouds_in_danger = 0;

    BlunderCounts& operator+=(const BlunderCounts& other);
};

// Every canoe of `seat` in the river survives every river speed still possible this round as
// the seat sees it (R7.2, R2.4); true outside phase II.
bool canoes_safe_at_every_speed(const State& state, int seat);

// How many canoes of `seat` carry a gem whose landing completes a winning collection (R9.1).
int winning_gems_afloat(const State& state, int seat);

// Watches one seat's turns over a game: give it the state before every decision of any seat,
// in order, and the final state.
class BlunderAudit {
  public:
    explicit BlunderAudit(int seat) : seat_(seat) {}
    void observe(const State& state);
    const BlunderCounts& counts() const { return counts_; }

  private:
    void start_turn(const State& state);
    void finish_turn(const State& end);

    int seat_;
    BlunderCounts counts_;
    bool in_turn_ = false;
    State start_;  // the state when the seat's turn began
    // A turn that was not safe while a safe one existed: the canoes the round then took count.
    bool loss_pending_ = false;
    int pending_round_ = 0;
    int lost_before_ = 0;
};

}  // namespace niagara
