#include "niagara/random_bot.hpp"

#include <bit>
#include <stdexcept>

#include "river.hpp"

namespace niagara {

Rng::Rng(std::uint64_t seed) {
    for (auto& word : s_) {
        seed += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        word = z ^ (z >> 31);
    }
}

std::uint64_t Rng::next() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
}

std::uint32_t Rng::below(std::uint32_t n) {
    // Lemire's multiply-shift; the tiny bias for small n does not matter for random play.
    return std::uint32_t((std::uint64_t(std::uint32_t(next() >> 32)) * n) >> 32);
}

namespace {

int move_rank(const State& state, const Action& a) {
    if (a.type == ActionType::Cloud) return a.up ? 1 : 0;  // a calm river loses fewer canoes
    if (a.type != ActionType::MoveCanoe) return 0;
    const Canoe& boat = state.seats[a.seat].canoes[a.canoe];
    if (a.direction == Direction::Down) {
        const int budget = card_number(state.turn.card) - 2 * (a.unload.size + a.load.size);
        const auto from = boat.in_river() ? std::optional<Pos>(boat.pos) : std::nullopt;
        const auto end = detail::walk_down(from, budget, a.branch.value_or(Branch::Left));
        if (end.kind == detail::Destination::Waterfall) return 2;
    }
    const int cargo = boat.cargo.total() - a.unload.size + a.load.size + a.steal_count;
    if (cargo > 0) return a.direction == Direction::Up || a.load.size ? 0 : 1;
    return a.steal_count || a.load.size ? 0 : 1;
}

}  // namespace

int RandomBot::pick_seat(const State& state) {
    std::uint8_t seats = acting_seats(state);
    if (!seats) return -1;
    for (std::uint32_t skip = rng_.below(std::uint32_t(std::popcount(seats))); skip; --skip)
        seats &= std::uint8_t(seats - 1);
    return std::countr_zero(seats);
}

Action RandomBot::pick_action(const State& state, int seat) {
    legal_actions(state, seat, legal_);
    if (legal_.empty()) throw std::logic_error("pick_action: the seat has no legal action");
    if (policy_ == Policy::Uniform) return legal_[rng_.below(std::uint32_t(legal_.size()))];

    preferred_.clear();
    if (state.phase == Phase::ChooseCards) {
        // Buying back whenever possible spends every landed gem again: only when no canoe
        // is left to paddle.
        bool has_canoe = false;
        for (const Canoe& boat : state.seats[seat].canoes)
            has_canoe |= boat.where != Where::Lost;
        for (std::size_t i = 0; i < legal_.size(); ++i)
            if ((legal_[i].type == ActionType::BuyBack) != has_canoe)
                preferred_.push_back(std::uint16_t(i));
    } else {
        // Rank moves: 0 = sensible (loaded canoes head up-river, empty ones load, the cloud goes
        // down), 1 = other
        // moves that keep the canoe, 2 = paddling over the waterfall. Pick from the best rank.
        int best = 3;
        for (std::size_t i = 0; i < legal_.size(); ++i) {
            const int rank = move_rank(state, legal_[i]);
            if (rank > best) continue;
            if (rank < best) preferred_.clear();
            best = rank;
            preferred_.push_back(std::uint16_t(i));
        }
    }
    if (preferred_.empty()) return legal_[rng_.below(std::uint32_t(legal_.size()))];
    return legal_[preferred_[rng_.below(std::uint32_t(preferred_.size()))]];
}

}  // namespace niagara
