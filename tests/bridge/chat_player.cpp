#include "chat_player.hpp"

#include <regex>

#include "niagara/bot.hpp"
#include "niagara/notation.hpp"

namespace bridge_test {

bool is_card_prompt(const std::string& line) {
    return line.find(": choose your card:") != std::string::npos;
}

std::vector<std::string> offered_decisions(const std::string& line) {
    std::vector<std::string> out;
    if (!line.starts_with("Table #")) return out;
    if (is_card_prompt(line)) {
        const auto from = line.find(": choose your card:") + 19;
        const auto to = line.find(". Answer here");
        std::string list = line.substr(from, to - from);
        std::size_t start = 0;
        while (start < list.size()) {
            auto comma = list.find(',', start);
            std::string card =
                list.substr(start, comma == std::string::npos ? comma : comma - start);
            card.erase(0, card.find_first_not_of(' '));
            card.erase(card.find_last_not_of(' ') + 1);
            if (!card.empty()) out.push_back("play " + card);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        return out;
    }
    const auto turn = line.find("your turn");
    if (turn == std::string::npos) return out;
    std::string list = line.substr(line.find(':', turn) + 1);
    if (auto more = list.find(" (and "); more != std::string::npos) list.erase(more);
    std::size_t start = 0;
    while (start <= list.size()) {
        auto bar = list.find(" | ", start);
        std::string option = list.substr(start, bar == std::string::npos ? bar : bar - start);
        if (auto arrow = option.find(" →"); arrow != std::string::npos) option.erase(arrow);
        option.erase(0, option.find_first_not_of(' '));
        option.erase(option.find_last_not_of(' ') + 1);
        if (!option.empty()) out.push_back(option);
        if (bar == std::string::npos) break;
        start = bar + 3;
    }
    return out;
}

std::optional<std::pair<long, int>> seat_from_line(const std::string& line) {
    static const std::regex seated(R"(table #(\d+), seat (\d+)\.)");
    std::smatch m;
    if (!(line.starts_with("You sit at") || line.starts_with("Welcome back")) ||
        !std::regex_search(line, m, seated))
        return std::nullopt;
    return std::pair<long, int>{std::stol(m[1]), std::stoi(m[2]) - 1};
}

bool view_agrees(const Json& game, int seat, bool card_prompt) {
    if (!game.is_object()) return false;
    const std::string phase = game.value("phase", "");
    if (card_prompt != (phase == "choose")) return false;
    for (const auto& s : game.value("acting", Json::array()))
        if (s.is_number_integer() && s.get<int>() == seat) return true;
    return false;
}

std::optional<std::string> greedy_decision(const Json& game, int seat,
                                           const std::optional<std::string>& chosen,
                                           std::uint64_t seed) {
    try {
        Json view = game;
        view["you"] = seat;
        auto& own = view["seats"][static_cast<std::size_t>(seat)];
        own["chosen"] = chosen ? Json(*chosen) : Json(nullptr);
        if (!own.contains("discard")) own["discard"] = Json::array();
        const auto bot = niagara::make_bot(niagara::BotLevel::Greedy, seed);
        return niagara::to_text(bot->decide(view));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace bridge_test
