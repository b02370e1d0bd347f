// The ladder's factory and names, and the random rung.
#include "niagara/bot.hpp"

#include <stdexcept>

#include "bots.hpp"
#include "niagara/random_bot.hpp"

namespace niagara {

std::string_view bot_level_name(BotLevel level) {
    switch (level) {
        case BotLevel::Random:
            return "random";
        case BotLevel::Greedy:
            return "greedy";
        case BotLevel::Strong:
            return "strong";
    }
    return "random";
}

std::optional<BotLevel> parse_bot_level(std::string_view name) {
    for (BotLevel level : {BotLevel::Random, BotLevel::Greedy, BotLevel::Strong})
        if (name == bot_level_name(level)) return level;
    return std::nullopt;
}

namespace detail {

SeatState seat_state_from_view(const Json& view) {
    SeatState out;
    if (!view.is_object() || !view.contains("you") || !view.at("you").is_number_integer())
        throw std::invalid_argument("not a seat's view: it has no \"you\"");
    out.state = state_from_view(view);
    out.seat = view.at("you").get<int>();
    if (out.seat < 0 || out.seat >= out.state.players())
        throw std::invalid_argument("not a seat's view: \"you\" is not a seat");
    if (!must_act(out.state, out.seat))
        throw std::invalid_argument("the view's seat need not act now");
    out.memory = out.state.options.memory;
    return out;
}

}  // namespace detail

namespace {

class RandomLevelBot final : public Bot {
  public:
    explicit RandomLevelBot(std::uint64_t seed) : bot_(seed) {}
    BotLevel level() const override { return BotLevel::Random; }
    Action decide(const Json& view, const BotBudget&) override {
        const detail::SeatState seen = detail::seat_state_from_view(view);
        return bot_.pick_action(seen.state, seen.seat);
    }

  private:
    RandomBot bot_;
};

}  // namespace

std::unique_ptr<Bot> make_bot(BotLevel level, std::uint64_t seed) {
    switch (level) {
        case BotLevel::Random:
            return std::make_unique<RandomLevelBot>(seed);
        case BotLevel::Greedy:
            return detail::make_greedy_bot(seed);
        case BotLevel::Strong:
            return detail::make_strong_bot(seed);
    }
    throw std::invalid_argument("unknown bot level");
}

}  // namespace niagara
