// How good a position is for one seat, in "fractions of a win", from public information only.
// Shared by the greedy bot (which compares the positions its moves lead to) and the search
// (which scores the positions where its playouts stop).
#pragma once

#include <array>

#include "niagara/state.hpp"

namespace niagara::detail {

// R9.1: how far a collection is along its best road to a win: 1 is a winning collection.
// Also rewards progress on the other roads a little, so that the first gems choose well.
double collection_progress(const Gems& collection);

// The seat's prospects: its collection, its cargo (worth less the farther it is from land,
// R6.6), its canoes (a lost one cannot earn, R8.2) and where its empty canoes can load.
// A won game is worth far more than any position (R9.2).
double seat_value(const State& s, int seat);

// seat_value of `seat` less the best of the others': what a search maximises, so that taking
// a gem from the leader counts as much as gaining one (rank matters in 3-6 player games).
double relative_value(const State& s, int seat);

// R7.2: the odds of each river speed this round, from what every seat may see: the number
// cards revealed so far, the weather, and for each seat still to reveal, the cards it may
// have chosen (its hand: public in open mode, R3.6), each equally likely.
inline constexpr int kMaxSpeed = 9;  // card 7 + weather 2
struct SpeedOdds {
    std::array<double, kMaxSpeed + 1> p{};  // p[v]: the river moves v spaces
};
SpeedOdds speed_odds(const State& s);

// The position after `s` for `seat` once the river has moved as `odds` says (R7.3), scored by
// relative_value and weighed by the odds.
double value_after_river(const State& s, int seat, const SpeedOdds& odds);

}  // namespace niagara::detail
