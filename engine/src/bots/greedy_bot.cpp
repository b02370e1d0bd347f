// Placeholder until the real greedy bot lands: the random rung.
#include "bots.hpp"
#include "niagara/random_bot.hpp"

namespace niagara::detail {
namespace {
class Placeholder final : public Bot {
  public:
    explicit Placeholder(std::uint64_t seed) : bot_(seed) {}
    BotLevel level() const override { return BotLevel::Greedy; }
    Action decide(const Json& view, const BotBudget&) override {
        const SeatState seen = seat_state_from_view(view);
        return bot_.pick_action(seen.state, seen.seat);
    }

  private:
    RandomBot bot_;
};
}  // namespace
std::unique_ptr<Bot> make_greedy_bot(std::uint64_t seed) {
    return std::make_unique<Placeholder>(seed);
}
}  // namespace niagara::detail
