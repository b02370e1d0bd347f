// The arena's statistics: the Wilson interval, percentiles and the ranks of one finished game.
// Small and pure, so the arena's figures can be checked by hand.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "niagara/game.hpp"

namespace niagara::arena {

struct Interval {
    double low = 0, high = 0;
};

// The 95% Wilson score interval for `successes` out of `n` (hand-written: the textbook formula,
// z = 1.96). `successes` may be fractional: a shared win counts 1/k (see rank_seats); the
// interval is then that of a proportion p = successes / n over n games, which is what a shared
// win's expected credit is under a fair coin among the k winners.
inline Interval wilson95(double successes, double n) {
    if (n <= 0) return {0, 1};
    constexpr double z = 1.959963984540054;
    const double p = successes / n;
    const double z2n = z * z / n;
    const double centre = (p + z2n / 2) / (1 + z2n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// The q-th percentile (0 < q <= 100) by the nearest-rank method; `sorted` ascending.
inline double percentile(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return 0;
    const auto rank = static_cast<std::size_t>(std::ceil(q / 100.0 * double(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

// The rank of every seat at the end of a game, 1 = best. Seats are ordered by: a winning
// collection (R9.2: every winner wins, so winners tie among themselves), then the number of
// gems collected, then the collection's value (R9.3: violet 1 ... red 5). Seats that tie share
// the mean of the ranks they span (fractional ranking: two seats tied for first both get 1.5),
// so the ranks of a game always sum to 1 + 2 + ... + P and the par mean rank is (P + 1) / 2.
// A game cut at the round cap has no winner and is ranked by gems and value alone.
inline std::vector<double> rank_seats(const State& s) {
    const int players = s.players();
    auto key = [&](int seat) {
        const Gems& c = s.seats[seat].collection;
        const bool won = is_over(s) && ((s.winners >> seat) & 1);
        // Winners tie whatever they hold: their gems and values do not count.
        return won ? std::vector<int>{1, 0, 0}
                   : std::vector<int>{0, c.total(), collection_value(c)};
    };
    std::vector<double> ranks(players);
    for (int seat = 0; seat < players; ++seat) {
        int better = 0, equal = 0;
        for (int other = 0; other < players; ++other) {
            if (key(other) > key(seat)) ++better;
            if (key(other) == key(seat)) ++equal;  // includes the seat itself
        }
        ranks[seat] = better + (1.0 + equal) / 2.0;
    }
    return ranks;
}

}  // namespace niagara::arena
