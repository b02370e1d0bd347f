// How many seeded games a property test plays: NIAGARA_PROPERTY_GAMES (10,000 by default;
// tests/run_all.sh sets 2,000 for the release build and 400 under the sanitizers, where every
// action costs about ten times as much) scales each test's own default in proportion, never
// below `at_least` so that every option variant is still played.
#pragma once

#include <algorithm>
#include <cstdlib>

namespace test {

inline constexpr long kDefaultPropertyGames = 10'000;

inline long property_games_total() {
    if (const char* env = std::getenv("NIAGARA_PROPERTY_GAMES"))
        return std::max(1L, std::atol(env));
    return kDefaultPropertyGames;
}

// `at_default` games at the default scale, in proportion otherwise.
inline long property_scale(long at_default, long at_least = 1) {
    return std::max(at_least, at_default * property_games_total() / kDefaultPropertyGames);
}

}  // namespace test
