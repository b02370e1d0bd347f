// A bot that plays from a prompt alone, as a thin client could: it ranks each of the prompt's
// actions as the engine's homing RandomBot ranks its moves, and picks one of the best at
// random. Uniformly random moves make games that never end (canoes wander off with their
// gems, and nobody buys a canoe back); these end after about 3,700 actions at 4 seats. The
// test clients (GameClient) and the load generator both play with it.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "niagara/types.hpp"
#include "niagara/client/play_reader.hpp"

namespace niagara::client {

class PromptBot {
  public:
    explicit PromptBot(std::uint64_t seed) : random_(seed) {}

    // The `legal` text of the action picked; empty for a prompt without actions.
    std::string pick(const std::vector<PromptAction>& prompt);

  private:
    int rank(const PromptAction& action, bool every_canoe_lost) const;

    std::mt19937_64 random_;
    // Its memory of its own moves: which canoes loaded or robbed gems since they last reached
    // land (a robbery by another seat may have emptied one since).
    std::array<bool, kCanoesPerSeat> carrying_{};
};

}  // namespace niagara::client
