// The greedy rung: the greedy policy's turn-deep form on the seat's view. The hidden cards
// of the view are filled in arbitrarily by state_from_view; the policy never relies on them
// (its card choice replaces the others' cards, and phase II choices look only at this seat's
// turn and the public river).
#include "bots.hpp"
#include "greedy_policy.hpp"

namespace niagara::detail {
namespace {

class GreedyBot final : public Bot {
  public:
    explicit GreedyBot(std::uint64_t seed) : rng_(seed), policy_(GreedyPolicy::Depth::Turn) {}
    BotLevel level() const override { return BotLevel::Greedy; }
    Action decide(const Json& view, const BotBudget&) override {
        SeatState seen = seat_state_from_view(view);
        // The others' unrevealed cards in the rebuilt state are fillers: make them clouds,
        // which neither move the river nor act until their owners decide (greedy_policy.cpp).
        for (int other = 0; other < seen.state.players(); ++other) {
            Seat& p = seen.state.seats[other];
            if (other != seen.seat && p.chosen && !p.revealed) {
                p.hand |= card_bit(*p.chosen);  // back among the cards it may have chosen
                p.chosen = Card::Cloud;
            }
        }
        return policy_.choose(seen.state, seen.seat, rng_);
    }

  private:
    Rng rng_;
    GreedyPolicy policy_;
};

}  // namespace

std::unique_ptr<Bot> make_greedy_bot(std::uint64_t seed) {
    return std::make_unique<GreedyBot>(seed);
}

}  // namespace niagara::detail
