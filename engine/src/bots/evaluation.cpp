#include "evaluation.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "../internal.hpp"
#include "../river.hpp"

namespace niagara::detail {
namespace {

// R6.6: a gem counts once it is on land. Cargo is discounted by the distance still to
// paddle, and more near the fall (the river takes discs from 6 and 7 first, R2.4).
constexpr std::array<double, kPositions> kCargoWeight = {
    0.86,  // T1
    0.78,  // T2
    0.70,  // T3
    0.62,  // T4
    0.54,  // T5
    0.40,  // L6
    0.28,  // L7
    0.40,  // R6
    0.28,  // R7
};
// R8.2: a lost canoe cannot earn until bought back; with both lost the seat earns nothing.
constexpr double kLostCanoe = 0.15, kAllLost = 0.6;
constexpr double kLoadChance = 0.45;  // an empty canoe beside a useful gem: half a gem
constexpr double kWinBonus = 10.0;    // R9.2
constexpr double kElkBonus = 0.03;    // R10.8: +2 points for the canoe carrying it
constexpr std::array<int, kColours> kColourValue = {1, 2, 3, 4, 5};  // R9.3 tie-break

// What one more gem of each colour adds to a collection, worked out on first use: a seat's
// value asks for the same few gains many times, and search asks for millions of values.
class Gains {
  public:
    explicit Gains(const Gems& collection)
        : collection_(collection), base_(collection_progress(collection)) {}
    double base() const { return base_; }
    double of(Colour c) {
        double& g = gain_[int(c)];
        if (g < 0) {
            Gems with = collection_;
            with.add(c);
            g = collection_progress(with) - base_;
        }
        return g;
    }

  private:
    const Gems& collection_;
    double base_;
    std::array<double, kColours> gain_{-1, -1, -1, -1, -1};
};

double gain(const Gems& collection, Colour c) {
    Gems with = collection;
    with.add(c);
    return collection_progress(with) - collection_progress(collection);
}

}  // namespace

double collection_progress(const Gems& c) {
    int most = 0, distinct = 0, total = 0, value = 0;  // one pass: search calls this a lot
    for (int i = 0; i < kColours; ++i) {
        const int n = c.count[i];
        most = std::max(most, n);
        distinct += n > 0;
        total += n;
        value += n * kColourValue[i];
    }
    const double roads[3] = {distinct / 5.0, most / 4.0, total / 7.0};
    const double best = std::max({roads[0], roads[1], roads[2]});
    // A tiny tie-break for valuable colours (R9.3) and for keeping several roads open.
    return best + 0.12 * (roads[0] + roads[1] + roads[2]) + 0.001 * value;
}

double seat_value(const State& s, int seat) {
    const Seat& p = s.seats[seat];
    if (s.phase == Phase::GameOver && (s.winners >> seat & 1))
        return kWinBonus / std::max(1, __builtin_popcount(s.winners));
    Gains gains(p.collection);
    double v = gains.base();
    int lost = 0;
    for (int k = 0; k < kCanoesPerSeat; ++k) {
        const Canoe& boat = p.canoes[k];
        if (boat.where == Where::Lost) {
            v -= ++lost == kCanoesPerSeat ? kAllLost - kLostCanoe : kLostCanoe;
            continue;
        }
        if (boat.where == Where::Land) continue;
        const double weight = kCargoWeight[int(boat.pos)];
        if (boat.cargo.total() == 1) {
            for (Colour c : kAllColours)
                if (boat.cargo.of(c)) v += weight * gains.of(c);
        } else if (boat.cargo.total() > 1) {  // a double canoe: the second gem adds to the first
            Gems running = p.collection;
            for (Colour c : kAllColours)
                for (int n = 0; n < boat.cargo.of(c); ++n) {
                    v += weight * gain(running, c);
                    running.add(c);
                }
        }
        if (s.elk.on(seat, k)) v += kElkBonus;
        // An empty place on a canoe beside gems it wants: the next turn can load one.
        if (boat.cargo.total() < s.rules.capacity[k]) {
            double best = 0;
            if (auto colour = place_at(boat.pos)) {
                const Gems& place = s.place(*colour);
                for (Colour c : kAllColours)
                    if (place.of(c)) best = std::max(best, gains.of(c));
            }
            v += kLoadChance * weight * best;
        }
    }
    return v;
}

double relative_value(const State& s, int seat) {
    double best_other = -1e9;
    for (int other = 0; other < s.players(); ++other)
        if (other != seat) best_other = std::max(best_other, seat_value(s, other));
    return seat_value(s, seat) - best_other;
}

SpeedOdds speed_odds(const State& s) {
    // at_least[k]: the odds that the lowest number card of the round is k or more (8: none).
    std::array<double, 9> at_least{};
    const int revealed_lowest = s.lowest_number == 0 ? 8 : s.lowest_number;
    for (int k = 1; k <= 8; ++k)
        at_least[k] = k <= revealed_lowest ? 1.0 : 0.0;
    at_least[0] = 1.0;
    for (int seat = 0; seat < s.players(); ++seat) {
        const Seat& p = s.seats[seat];
        if (p.revealed || s.phase == Phase::GameOver) continue;
        std::uint16_t pool = p.hand;
        if (p.chosen) pool |= card_bit(*p.chosen);
        const int cards = std::popcount(pool);
        if (cards == 0) continue;
        for (int k = 2; k <= 8; ++k) {
            // Number card n is bit n-1: the cards that keep the lowest at k or more are all
            // but the numbers 1..k-1.
            const int fine = std::popcount(std::uint16_t(pool & ~((1u << (k - 1)) - 1)));
            at_least[k] *= double(fine) / cards;
        }
    }
    SpeedOdds odds;
    for (int k = 1; k <= 8; ++k) {
        const double exactly = at_least[k] - (k < 8 ? at_least[k + 1] : 0.0);
        const int card = k == 8 ? 0 : k;
        odds.p[std::clamp(card + s.weather, 0, kMaxSpeed)] += exactly;
    }
    return odds;
}

double value_after_river(const State& s, int seat, const SpeedOdds& odds) {
    // Once the round is over, every seat moves before the next river: the risk of the next
    // one is in the weights of the positions, not in a river that would come too soon.
    if (s.phase != Phase::Actions) return relative_value(s, seat);
    int fastest = 0;
    for (int v = 0; v <= kMaxSpeed; ++v)
        if (odds.p[v] > 1e-9) fastest = v;
    State after = s;
    double value = 0;
    for (int v = 0; v <= fastest; ++v) {
        if (v > 0) run_river(after, 1);
        if (odds.p[v] > 1e-9) value += odds.p[v] * relative_value(after, seat);
    }
    return value;
}

}  // namespace niagara::detail
