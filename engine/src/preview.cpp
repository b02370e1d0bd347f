// The river preview (preview.hpp). The river itself is river.hpp's float_step and
// river_speed, which phase III (rounds.cpp) uses too: the preview cannot drift from the river.
#include "niagara/preview.hpp"

#include <algorithm>
#include <bit>

#include "river.hpp"

namespace niagara {
namespace {

using detail::kWeatherMax;
using detail::kWeatherMin;

// A set of (lowest number card, weather) pairs: bit lowest * 4 + (weather + 1).
using Outlooks = std::uint32_t;
constexpr int kWeathers = kWeatherMax - kWeatherMin + 1;
static_assert((card_number(Card::Seven) + 1) * kWeathers <= 32);

constexpr Outlooks outlook(int lowest, int weather) {
    return Outlooks(1) << (lowest * kWeathers + weather - kWeatherMin);
}

// The cards `seat`, which has not revealed its card this round, may play as `viewer` knows.
std::uint16_t cards_it_may_play(const State& s, int seat, int viewer) {
    const Seat& p = s.seats[std::size_t(seat)];
    if (seat == viewer) return p.chosen ? card_bit(*p.chosen) : p.hand;
    const std::uint16_t unrevealed = std::uint16_t(p.hand | (p.chosen ? card_bit(*p.chosen) : 0));
    if (!s.options.memory) return unrevealed;  // R3.6: the remaining cards are public
    // Memory mode: only the top of the discard stack is shown; it is not in hand.
    std::uint16_t cards = s.rules.deck;
    if (p.discard_size) cards &= std::uint16_t(~card_bit(p.discard[p.discard_size - 1]));
    return cards;
}

// The outlooks after a seat that may play any of `cards` has revealed one.
Outlooks after_a_card(Outlooks before, std::uint16_t cards) {
    Outlooks after = 0;
    for (int lowest = 0; lowest <= card_number(Card::Seven); ++lowest) {
        for (int weather = kWeatherMin; weather <= kWeatherMax; ++weather) {
            if (!(before & outlook(lowest, weather))) continue;
            for (int c = 0; c < kCardKinds; ++c) {
                if (!(cards & card_bit(Card(c)))) continue;
                if (Card(c) == Card::Cloud) {  // R7.1: one step, up or down, within the track
                    if (weather < kWeatherMax) after |= outlook(lowest, weather + 1);
                    if (weather > kWeatherMin) after |= outlook(lowest, weather - 1);
                } else {
                    after |= outlook(detail::lowest_number_after(lowest, Card(c)), weather);
                }
            }
        }
    }
    return after;
}

}  // namespace

std::uint16_t possible_river_speeds(const State& s, int viewer) {
    if (s.phase != Phase::Actions) return 0;
    Outlooks outlooks = outlook(s.lowest_number, s.weather);
    for (int seat = 0; seat < s.players(); ++seat) {
        if (s.seats[std::size_t(seat)].revealed) continue;
        const std::uint16_t cards = cards_it_may_play(s, seat, viewer);
        if (cards) outlooks = after_a_card(outlooks, cards);
    }
    std::uint16_t speeds = 0;
    for (int lowest = 0; lowest <= card_number(Card::Seven); ++lowest)
        for (int weather = kWeatherMin; weather <= kWeatherMax; ++weather)
            if (outlooks & outlook(lowest, weather))
                speeds |= std::uint16_t(1u << std::max(0, detail::river_speed(lowest, weather)));
    return speeds;
}

std::optional<Pos> after_river(const State& s, Pos pos, int speed) {
    std::optional<Pos> at = pos;
    Branch flow = s.fork;
    for (int i = 0; i < speed && at; ++i) {
        at = detail::float_step(*at, flow);
        flow = other(flow);  // R2.5
    }
    return at;
}

RiverPreview river_preview(const State& s, Pos pos, std::uint16_t speeds) {
    RiverPreview preview;
    for (int speed = 0; speed <= kMaxRiverSpeed; ++speed)
        if ((speeds >> speed) & 1)
            preview.outcomes[preview.size++] = {std::int8_t(speed), after_river(s, pos, speed)};
    return preview;
}

}  // namespace niagara
