#include "determinize.hpp"

#include <bit>

namespace niagara::detail {
namespace {

std::uint16_t pick_bit(std::uint16_t set, Rng& rng) {
    for (std::uint32_t skip = rng.below(std::uint32_t(std::popcount(set))); skip; --skip)
        set &= std::uint16_t(set - 1);
    return std::uint16_t(set & -set);
}

Card card_of_bit(std::uint16_t bit) {
    return Card(std::countr_zero(bit));
}

}  // namespace

State determinize(const SeatState& seen, Rng& rng) {
    State s = seen.state;
    for (int seat = 0; seat < s.players(); ++seat) {
        if (seat == seen.seat) continue;
        Seat& p = s.seats[seat];
        const bool hidden_choice = p.chosen && !p.revealed;
        if (seen.memory) {
            // Only the top of the discard stack (and a revealed card) is known: every other
            // card this seat played or holds is drawn again, the hand keeping its size.
            const int keep = 1;  // the top card (a revealed card is the top: R3.2)
            std::uint16_t known = 0;
            for (int i = std::max(0, int(p.discard_size) - keep); i < p.discard_size; ++i)
                known |= card_bit(p.discard[i]);
            std::uint16_t pool = p.hand;
            for (int i = 0; i < p.discard_size; ++i)
                pool |= card_bit(p.discard[i]);
            if (hidden_choice) pool |= card_bit(*p.chosen);
            pool &= std::uint16_t(~known);
            const int hand_size = std::popcount(p.hand) + (hidden_choice ? 1 : 0);
            std::uint16_t hand = 0;
            for (int n = 0; n < hand_size; ++n) {
                const std::uint16_t bit = pick_bit(std::uint16_t(pool & ~hand), rng);
                hand |= bit;
            }
            const std::uint16_t rest = std::uint16_t(pool & ~hand);
            // The discard: the unknown played cards first, then the known top ones as shown.
            std::array<Card, kCardKinds> discard{};
            int size = 0;
            for (int c = 0; c < kCardKinds; ++c)
                if (rest & card_bit(Card(c))) discard[size++] = Card(c);
            for (int i = std::max(0, int(p.discard_size) - keep); i < p.discard_size; ++i)
                discard[size++] = p.discard[i];
            p.discard = discard;
            p.discard_size = std::uint8_t(size);
            p.hand = hand;
            if (hidden_choice) {
                const std::uint16_t bit = pick_bit(hand, rng);
                p.hand = std::uint16_t(hand & ~bit);
                p.chosen = card_of_bit(bit);
            }
        } else if (hidden_choice) {
            const std::uint16_t pool = std::uint16_t(p.hand | card_bit(*p.chosen));
            const std::uint16_t bit = pick_bit(pool, rng);
            p.chosen = card_of_bit(bit);
            p.hand = std::uint16_t(pool & ~bit);
        }
    }
    return s;
}

}  // namespace niagara::detail
