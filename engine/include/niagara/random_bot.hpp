// A bot that plays uniformly random legal actions, with its own seeded generator (no globals).
// Used by self-play, the property tests and the server's /addbot.
#pragma once

#include <cstdint>
#include <vector>

#include "niagara/game.hpp"

namespace niagara {

// xoshiro256** seeded through SplitMix64: fast, small, and identical on every platform.
class Rng {
  public:
    explicit Rng(std::uint64_t seed);
    std::uint64_t next();
    std::uint32_t below(std::uint32_t n);  // uniform in [0, n)

  private:
    std::uint64_t s_[4];
};

class RandomBot {
  public:
    enum class Policy {
        Uniform,  // every legal action equally likely (games may never end)
        Homing,   // random, but buys back only when no canoe is left and brings gems home:
                  // a canoe that carries gems after loading moves up-river when it can
    };
    explicit RandomBot(std::uint64_t seed, Policy policy = Policy::Homing)
        : rng_(seed), policy_(policy) {}

    // A random acting seat (phase I lets several act at once), or -1 when the game is over.
    int pick_seat(const State& state);
    // A random legal action of `seat`; the seat must be acting.
    Action pick_action(const State& state, int seat);

  private:
    Rng rng_;
    Policy policy_;
    std::vector<Action> legal_;
    std::vector<std::uint16_t> preferred_;
};

}  // namespace niagara
