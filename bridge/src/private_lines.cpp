#include "private_lines.hpp"

namespace niagara::bridge {

namespace {

using Json = nlohmann::json;

std::string described(const Json& action) {
    std::string text = action.value("text", "");
    if (auto to = action.find("to"); to != action.end() && to->is_string()) {
        const std::string where = to->get<std::string>();
        text += where == "falls" ? " → over the falls!" : " → " + where;
        if (action.value("pushed", false)) text += " (pushed by the whirlpool)";
    }
    return text;
}

std::vector<std::string> legal_texts(const Json& prompt) {
    std::vector<std::string> out;
    const Json actions = prompt.value("actions", Json::array());
    if (actions.is_array() && !actions.empty()) {
        for (const auto& a : actions)
            if (a.is_object()) out.push_back(described(a));
        return out;
    }
    for (const auto& l : prompt.value("legal", Json::array()))
        if (l.is_string()) out.push_back(l.get<std::string>());
    return out;
}

std::string cards(const Json& list) {
    std::string out;
    if (!list.is_array()) return out;
    for (const auto& c : list)
        if (c.is_string()) out += (out.empty() ? "" : " ") + c.get<std::string>();
    return out;
}

const Json& own_seat(const Json& view) {
    static const Json none;
    const Json& game = view.is_object() && view.contains("game") ? view["game"] : none;
    if (!game.is_object() || !game.contains("you") || !game["you"].is_number_integer()) return none;
    const auto you = game["you"].get<std::size_t>();
    const Json& seats = game.contains("seats") ? game["seats"] : none;
    return seats.is_array() && you < seats.size() ? seats[you] : none;
}

}  // namespace

std::string prompt_line(long table, const Json& prompt, const Json& view) {
    const std::vector<std::string> legal = legal_texts(prompt);
    const std::string where = "Table #" + std::to_string(table);
    bool all_cards = !legal.empty();
    for (const auto& l : legal)
        all_cards = all_cards && l.starts_with("play ");
    if (all_cards) {
        std::string line = where + ": choose your card:";
        for (std::size_t i = 0; i < legal.size(); ++i)
            line += (i ? ", " : " ") + legal[i].substr(5);
        return line + ". Answer here: " + legal.front();
    }
    std::string line = where + ", your turn";
    if (view.is_object() && view.contains("game") && view["game"].is_object()) {
        const Json& turn = view["game"].value("turn", Json());
        if (turn.is_object() && turn.contains("card") && turn["card"].is_string())
            line += " (card " + turn["card"].get<std::string>() + ")";
    }
    line += ":";
    std::size_t shown = 0;
    for (; shown < legal.size(); ++shown) {
        const std::string piece = (shown ? " | " : " ") + legal[shown];
        if (line.size() + piece.size() > kLineBudget - 40) break;
        line += piece;
    }
    if (shown < legal.size())
        line += " (and " + std::to_string(legal.size() - shown) + " more: say moves)";
    return line;
}

std::vector<std::string> moves_lines(const Json& prompt) {
    std::vector<std::string> lines;
    std::string line;
    for (const auto& text : legal_texts(prompt)) {
        if (!line.empty() && line.size() + 3 + text.size() > kLineBudget) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " | ") + text;
    }
    if (!line.empty()) lines.push_back(line);
    if (lines.empty()) lines.push_back("You have no decision to make right now.");
    return lines;
}

std::string hand_line(const Json& view) {
    const Json& seat = own_seat(view);
    if (!seat.is_object()) return "You have no cards: you are not in a game.";
    std::string line = "Your hand: " + cards(seat.value("hand", Json::array()));
    if (auto chosen = seat.find("chosen"); chosen != seat.end() && chosen->is_string())
        line += " · chosen: " + chosen->get<std::string>() + " (hidden until it is revealed)";
    if (const std::string played = cards(seat.value("discard", Json::array())); !played.empty())
        line += " · played: " + played;
    return line;
}

}  // namespace niagara::bridge
