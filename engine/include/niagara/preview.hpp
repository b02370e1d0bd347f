// The river preview: before a seat commits a move, where a canoe would be after this round's
// phase III for every river speed still possible (R7.2, R2.4, R8.1). Built from what the seat
// may know (R3.6) and never from another seat's hidden card or hand, so a server may send it
// to the seat as it is.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "niagara/state.hpp"

namespace niagara {

// R7.2: the fastest river: card 7 and the weather at +2.
inline constexpr int kMaxRiverSpeed = 9;

// The river speeds still possible this round as `viewer` (a seat, or -1 for a spectator) may
// know them: bit i set when the river may move i spaces, bit 0 when it may not move at all
// (speed 0 or less, R7.2). It starts from the lowest number card revealed so far and today's
// weather; each seat still to reveal its card may play any card it may hold as far as the
// viewer knows: its hand with its chosen card (public, R3.6), or in memory mode any card but
// the top of its discard stack; the viewer's own chosen card is known to it. A cloud still to
// come moves the weather one step either way within -1..+2 (R7.1). 0 outside phase II. It
// does not foresee the end of the game at this phase II (R9.2), when the river stays put.
std::uint16_t possible_river_speeds(const State& state, int viewer);

// R2.4 / R7.3: where a canoe floating at `pos` is after the river moves `speed` steps from
// now (from the current fork flag); nullopt when its disc falls over the waterfall (R8.1).
std::optional<Pos> after_river(const State& state, Pos pos, int speed);

// One entry of a preview: the river moves `speed` spaces (0: it does not move), and the canoe
// ends at `to` (nullopt: over the waterfall).
struct RiverOutcome {
    std::int8_t speed = 0;
    std::optional<Pos> to;
    bool operator==(const RiverOutcome&) const = default;
};

// A canoe's whole preview: one outcome per possible speed, slowest first.
struct RiverPreview {
    std::array<RiverOutcome, kMaxRiverSpeed + 1> outcomes{};
    std::uint8_t size = 0;

    const RiverOutcome* begin() const { return outcomes.data(); }
    const RiverOutcome* end() const { return outcomes.data() + size; }
    bool operator==(const RiverPreview&) const = default;
};

// The preview of a canoe at `pos` for the speeds of `speeds` (possible_river_speeds).
RiverPreview river_preview(const State& state, Pos pos, std::uint16_t speeds);

}  // namespace niagara
