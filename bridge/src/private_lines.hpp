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
std::string prompt_line(long table, const nlohmann::json& prompt, const nlohmann::json& view);
// Every legal decision of the prompt, a few per line.
std::vector<std::string> moves_lines(const nlohmann::json& prompt);
// "Your hand: 1 2 3 5 6 cloud · chosen: 4 (hidden until revealed) · played: 7"
std::string hand_line(const nlohmann::json& view);

}  // namespace niagara::bridge
