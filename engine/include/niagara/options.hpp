// The immutable description of a game: the table's options and the rule data they imply.
// Everything that differs between the base game and the expansion is data here (capacities,
// card set, gem counts), so the rules code has no scattered special cases.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "niagara/text.hpp"
#include "niagara/types.hpp"

namespace niagara {

struct Options {
    int players = 4;
    bool spirits = false;      // R10: The Spirits of Niagara expansion
    bool diamond_joe = false;  // R11: the neutral canoe
    bool memory = false;       // R3.6: only the top card of each discard stack is public
    bool tie_break = false;    // R9.3: rank several winners by the value of their collections
    std::uint64_t seed = 0;    // R1.7: decides the first starting player
    int starting_seat = -1;    // R1.7: fixed by the table when >= 0, else drawn from the seed

    bool operator==(const Options&) const = default;
};

// Why the options are not playable (a key engine.refuse.options.* and its English), or nullopt
// when they are.
std::optional<Text> options_problem(const Options& options);
// The same in English.
std::optional<std::string> validate(const Options& options);

// Rule data derived from the options (R1.3, R1.4, R1.5, R10.1).
struct Rules {
    int players = 4;
    int gems_per_place = 7;
    std::array<int, kCanoesPerSeat> capacity{1, 1};  // canoe 0 is the double canoe with Spirits
    std::uint16_t deck = 0;                          // bit set of card_bit() of every card
    int deck_size = 7;

    static Rules of(const Options& options);
    bool operator==(const Rules&) const = default;
};

}  // namespace niagara
