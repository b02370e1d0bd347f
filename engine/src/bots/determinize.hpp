// Filling in what a seat cannot see (R3.6): the other seats' secret cards of this round and,
// in memory mode, their hands. Each sample is a full state consistent with the seat's view.
#pragma once

#include "bots.hpp"
#include "niagara/random_bot.hpp"

namespace niagara::detail {

// A copy of `seen.state` where every other seat's unrevealed chosen card (and, in memory mode,
// its hand) is drawn at random from the cards that seat may hold.
State determinize(const SeatState& seen, Rng& rng);

}  // namespace niagara::detail
