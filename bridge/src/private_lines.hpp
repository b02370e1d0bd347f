// The lines a player gets privately: their decision (with where each canoe move ends, so a
// player needs no board to choose), their hand, every legal decision. Built from the player's
// own connection's view and prompt: they may hold the player's secrets, and go to the player
// alone.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace niagara::bridge {

// The most bytes of one line: one IRC message after the prefix (chat_network.hpp splits what
// is longer, but a prompt reads best in one line).
inline constexpr std::size_t kLineBudget = 380;

// "Table #3, round 2: choose your card: 1, 2, 3, 5, 6, cloud. Answer here: play 5" or
// "Table #3, your turn (card 5): canoe 1 up 3 → land | done (and 12 more: say moves)".
// Each in the player's language `lang`; the decisions themselves stay in the engine's notation,
// which is what the player types back in every language.
std::string prompt_line(std::string_view lang, long table, const nlohmann::json& prompt,
                        const nlohmann::json& view);
// Every legal decision of the prompt, a few per line.
std::vector<std::string> moves_lines(std::string_view lang, const nlohmann::json& prompt);
// "Your hand: 1 2 3 5 6 cloud · chosen: 4 (hidden until revealed) · played: 7"
std::string hand_line(std::string_view lang, const nlohmann::json& view);
// "You chose 4 (hidden until it is revealed)."
std::string chosen_line(std::string_view lang, const std::string& card);
// A card's name in `lang` (cloud, lasso: the catalogs' words; numbers as they are).
nlohmann::json card_word(const std::string& card);

}  // namespace niagara::bridge
