#include "private_lines.hpp"

#include "json_fields.hpp"
#include "texts.hpp"

namespace niagara::bridge {

namespace {

using Json = nlohmann::json;

std::string described(std::string_view lang, const Json& action) {
    std::string text = text_field(action, "text");
    if (auto to = action.find("to"); to != action.end() && to->is_string()) {
        const std::string where = to->get<std::string>();
        text = where == "falls" ? tr(lang, "bridge.move.falls", {{"move", text}})
                                : tr(lang, "bridge.move.to", {{"move", text}, {"to", where}});
        if (flag_field(action, "pushed")) text = tr(lang, "bridge.move.pushed", {{"move", text}});
    }
    return text;
}

std::vector<std::string> legal_texts(std::string_view lang, const Json& prompt) {
    std::vector<std::string> out;
    // No decision pending (null), or a server that sent something else: nothing to list.
    if (!prompt.is_object()) return out;
    const Json actions = array_field(prompt, "actions");
    if (actions.is_array() && !actions.empty()) {
        for (const auto& a : actions)
            if (a.is_object()) out.push_back(described(lang, a));
        return out;
    }
    for (const auto& l : array_field(prompt, "legal"))
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

std::string prompt_line(std::string_view lang, long table, const Json& prompt, const Json& view) {
    const std::vector<std::string> legal = legal_texts(lang, prompt);
    bool all_cards = !legal.empty();
    for (const auto& l : legal)
        all_cards = all_cards && l.starts_with("play ");
    if (all_cards) {
        // The cards as the player types them after `play`, in every language.
        std::string cards;
        for (std::size_t i = 0; i < legal.size(); ++i)
            cards += (i ? ", " : "") + legal[i].substr(5);
        return tr(lang, "bridge.prompt.card",
                  {{"table", std::to_string(table)}, {"cards", cards}, {"example", legal.front()}});
    }
    std::string line = tr(lang, "bridge.prompt.turn", {{"table", std::to_string(table)}});
    if (view.is_object() && view.contains("game") && view["game"].is_object()) {
        const Json& turn = field(field(view, "game"), "turn");
        if (turn.is_object() && turn.contains("card") && turn["card"].is_string())
            line = tr(lang, "bridge.prompt.turn_card",
                      {{"table", std::to_string(table)},
                       {"card", card_word(turn["card"].get<std::string>())}});
    }
    std::size_t shown = 0;
    for (; shown < legal.size(); ++shown) {
        const std::string piece = (shown ? " | " : " ") + legal[shown];
        if (line.size() + piece.size() > kLineBudget - 40) break;
        line += piece;
    }
    if (shown < legal.size())
        line += " " + tr(lang, "bridge.prompt.more", {{"count", legal.size() - shown}});
    return line;
}

std::vector<std::string> moves_lines(std::string_view lang, const Json& prompt) {
    std::vector<std::string> lines;
    std::string line;
    for (const auto& text : legal_texts(lang, prompt)) {
        if (!line.empty() && line.size() + 3 + text.size() > kLineBudget) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " | ") + text;
    }
    if (!line.empty()) lines.push_back(line);
    if (lines.empty()) lines.push_back(tr(lang, "bridge.moves.none"));
    return lines;
}

std::string hand_line(std::string_view lang, const Json& view) {
    const Json& seat = own_seat(view);
    if (!seat.is_object()) return tr(lang, "bridge.hand.none");
    std::string line =
        tr(lang, "bridge.hand", {{"cards", cards(array_field(seat, "hand"))}});
    if (auto chosen = seat.find("chosen"); chosen != seat.end() && chosen->is_string())
        line += " · " +
                tr(lang, "bridge.hand.chosen", {{"card", card_word(chosen->get<std::string>())}});
    if (const std::string played = cards(array_field(seat, "discard")); !played.empty())
        line += " · " + tr(lang, "bridge.hand.played", {{"cards", played}});
    return line;
}

Json card_word(const std::string& card) {
    return word(card == "1/2/3" ? "common.card.123" : "common.card." + card, card);
}

std::string chosen_line(std::string_view lang, const std::string& card) {
    return tr(lang, "bridge.chosen", {{"card", card_word(card)}});
}

}  // namespace niagara::bridge
