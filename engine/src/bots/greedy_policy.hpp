// The greedy policy: every choice is the one whose position, after this seat's turn and the
// river it expects (R7.2), is best by evaluation.hpp. The greedy bot plays it; the search uses
// its cheap form to play out the seats' turns.
#pragma once

#include <vector>

#include "niagara/game.hpp"
#include "niagara/random_bot.hpp"

namespace niagara::detail {

class GreedyPolicy {
  public:
    enum class Depth {
        Turn,    // each choice judged by the best way to finish the turn after it
        Action,  // each choice judged alone (playouts: about 30 times cheaper)
    };
    explicit GreedyPolicy(Depth depth) : depth_(depth) {}

    // The choice for `seat`, which must be acting in `s` (a full state: the search passes a
    // determinized one; the greedy bot one whose hidden cards it must not rely on).
    Action choose(const State& s, int seat, Rng& rng);

    // The value of the position after `s` for `seat` once the river has moved as expected.
    static double outlook(const State& s, int seat);

  private:
    Action choose_card(const State& s, int seat, Rng& rng);
    double best_turn_value(const State& s, int seat, int depth_left);

    Depth depth_;
    std::vector<Action> legal_[4];  // one list per depth of the turn search: no allocations
};

}  // namespace niagara::detail
