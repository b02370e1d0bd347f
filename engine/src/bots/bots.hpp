// Shared between the bots' source files (not part of the public API).
#pragma once

#include <memory>

#include "niagara/bot.hpp"
#include "niagara/game.hpp"

namespace niagara::detail {

// A seat's view turned back into a playable state (state_from_view): the other seats' hidden
// cards are filled in arbitrarily, so a bot must treat them as unknown (determinize.hpp).
struct SeatState {
    State state;
    int seat = 0;
    bool memory = false;  // R3.6: the others' hands are hidden too
};
SeatState seat_state_from_view(const Json& view);

std::unique_ptr<Bot> make_greedy_bot(std::uint64_t seed);
std::unique_ptr<Bot> make_strong_bot(std::uint64_t seed);

}  // namespace niagara::detail
