// The option combinations the view tests walk through: Spirits, Diamond Joe and memory mode
// on and off (8 variants), with 3, 4 and 5 players in turn.
#pragma once

#include "niagara/options.hpp"

namespace test {

inline constexpr int kOptionVariants = 8;

inline niagara::Options option_variant(int variant, std::uint64_t seed) {
    niagara::Options o;
    o.players = 3 + variant % 3;
    o.spirits = variant & 1;
    o.diamond_joe = variant & 2;
    o.memory = variant & 4;
    o.seed = seed;
    return o;
}

}  // namespace test
