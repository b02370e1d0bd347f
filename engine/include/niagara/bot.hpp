// The bot ladder (random, greedy, strong) behind one small interface. A bot decides from its
// seat's view alone (seat_view(): what that seat may know), never from the full state, so it
// cannot see another seat's secret card even by mistake. The engine reads no clock: a caller
// that wants a time budget passes a `stop` callback that the search polls between iterations.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>

#include "niagara/action.hpp"
#include "niagara/json.hpp"

namespace niagara {

enum class BotLevel : std::uint8_t {
    Random,  // the homing random policy (RandomBot): the weakest rung
    Greedy,  // the best immediate value from what the seat sees
    Strong,  // determinized Monte Carlo tree search guided by the greedy evaluation
};
inline constexpr BotLevel kStrongestBot = BotLevel::Strong;

std::string_view bot_level_name(BotLevel level);  // "random", "greedy", "strong"
std::optional<BotLevel> parse_bot_level(std::string_view name);

struct BotBudget {
    // The most search iterations (playouts) for one decision; 0: the level's default.
    int iterations = 0;
    // Polled between iterations: true means "answer now with what you have". Empty: no limit
    // but `iterations`.
    std::function<bool()> stop;
};

// What the last decision cost, for benchmarks (the arena prints playouts per second).
struct BotStats {
    long iterations = 0;         // playouts (0 for bots that do not search)
    long simulated_actions = 0;  // engine actions applied inside the search
};

class Bot {
  public:
    virtual ~Bot() = default;
    virtual BotLevel level() const = 0;
    // A legal action for the seat whose view this is (its "you"), which must be acting now.
    // Throws std::invalid_argument when the view is malformed or its seat need not act.
    virtual Action decide(const Json& seat_view, const BotBudget& budget = {}) = 0;
    virtual BotStats last_stats() const { return {}; }
};

// A bot of `level` with its own generator seeded from `seed` (no globals). A server draws the
// seed from secret entropy: a bot's choices must not be predictable from anything public.
std::unique_ptr<Bot> make_bot(BotLevel level, std::uint64_t seed);

}  // namespace niagara
