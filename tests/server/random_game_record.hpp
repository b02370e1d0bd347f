// A whole game between the engine's homing random bots (they end their games), as the record
// the server stores: replay tests build their replays from it.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>

#include "niagara/game.hpp"
#include "niagara/random_bot.hpp"
#include "niagara/record.hpp"

namespace server_test {

inline niagara::Record random_game_record(const niagara::Options& options) {
    niagara::Record record{options, {}, false};
    niagara::State state = niagara::new_game(options);
    niagara::RandomBot bot(options.seed);
    while (!niagara::is_over(state) && record.actions.size() < 20000) {
        const int seat = bot.pick_seat(state);
        const niagara::Action action = bot.pick_action(state, seat);
        REQUIRE(niagara::apply(state, action));
        record.actions.push_back(action);
    }
    REQUIRE(niagara::is_over(state));
    return record;
}

inline niagara::Record random_game_record(std::uint64_t seed, int players = 3) {
    niagara::Options options;
    options.players = players;
    options.seed = seed;
    return random_game_record(options);
}

}  // namespace server_test
