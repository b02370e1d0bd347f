#include "niagara/client/prompt_bot.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>

namespace niagara::client {

namespace {

// The seat's canoe an action of the prompt names, if it names one.
std::optional<std::size_t> canoe_of(const PromptAction& action) {
    if (action.canoe < 0 || action.canoe >= kCanoesPerSeat) return std::nullopt;
    return std::size_t(action.canoe);
}

}  // namespace

std::string PromptBot::pick(const std::vector<PromptAction>& prompt) {
    if (prompt.empty()) return {};
    // A canoe can be bought back only once lost: when every canoe can be, none is left.
    std::array<bool, kCanoesPerSeat> lost{};
    for (const PromptAction& action : prompt)
        if (action.type == PromptAction::Type::Buyback)
            if (const auto canoe = canoe_of(action)) lost[*canoe] = true;
    const bool every_canoe_lost = std::find(lost.begin(), lost.end(), false) == lost.end();
    // A prompt without action objects ranks every move alike: any of them.
    std::vector<std::size_t> best;
    int best_rank = std::numeric_limits<int>::max();
    for (std::size_t i = 0; i < prompt.size(); ++i) {
        const int action_rank = rank(prompt[i], every_canoe_lost);
        if (action_rank > best_rank) continue;
        if (action_rank < best_rank) best.clear();
        best_rank = action_rank;
        best.push_back(i);
    }
    std::uniform_int_distribution<std::size_t> choose(0, best.size() - 1);
    const PromptAction& chosen = prompt[best[choose(random_)]];
    if (const auto canoe = canoe_of(chosen); canoe && chosen.type == PromptAction::Type::Move) {
        bool& carrying = carrying_[*canoe];
        if (chosen.loads || chosen.robs) carrying = true;
        if (chosen.to == "land") carrying = false;  // its gems are collected
    }
    return chosen.text;
}

// Lower is better, as in the engine's bot (random_bot.cpp): a canoe is bought back only when
// none is left; a loaded canoe heads up-river (or loads more), an empty one loads or robs; the
// cloud goes down (a calm river loses fewer canoes); stopping at the brink without loading, and
// above all paddling over the falls, come last.
int PromptBot::rank(const PromptAction& action, bool every_canoe_lost) const {
    using Type = PromptAction::Type;
    if (action.type == Type::Buyback) return every_canoe_lost ? 0 : 2;
    if (action.type == Type::Cloud) return action.up ? 1 : 0;
    if (action.type != Type::Move) return 0;
    if (action.to == "falls") return 3;
    const auto canoe = canoe_of(action);
    const bool carries = action.loads || action.robs || (canoe && carrying_[*canoe]);
    const bool sensible = carries ? action.up || action.loads : action.robs || action.loads;
    const bool idle_at_brink = (action.to == "L7" || action.to == "R7") && !action.loads;
    return (sensible ? 0 : 1) + (idle_at_brink ? 1 : 0);
}

}  // namespace niagara::client
