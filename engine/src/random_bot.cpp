#include "niagara/random_bot.hpp"

#include <bit>
#include <stdexcept>

#include "internal.hpp"

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
    const detail::Destination end = detail::move_destination(state, a);
    if (end.kind == detail::Destination::Waterfall) return 3;
    // Stopping at the brink (L7/R7) is worth it only to load the red gems there.
    const bool brink = end.kind == detail::Destination::River &&
                       (end.pos == Pos::L7 || end.pos == Pos::R7) && a.load.empty();
    const int cargo = boat.cargo.total() - a.unload.size + a.load.size + a.steal_count;
    const bool sensible = cargo > 0 ? a.direction == Direction::Up || !a.load.empty()
                                    : a.steal_count || !a.load.empty();
    return (sensible ? 0 : 1) + (brink ? 1 : 0);
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
    if (state.phase == Phase::ChooseCards && legal_.front().type == ActionType::FreeCanoe)
        return legal_.front();  // R8.4 ruling: a bot takes the double canoe (canoe 1)
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
        // down), +1 for other moves, +1 for stopping at the brink without loading, 3 for
        // paddling over the waterfall. Pick uniformly from the best rank.
        int best = 4;
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
