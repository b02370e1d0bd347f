// A compact text picture of the river for a chat channel, drawn from a view the server sends
// (the spectator view: public by construction, it never holds a secret). A few lines, each
// short enough for one IRC message:
//   Round 4 · weather 1 · fork → right · whirlpool T5 · beaver L6 · elk at red · Joe T2 [red]
//   land: alice#2 carol#1 | T1 · | T2 bob#1[red] | T3 (violet 6) · | T4 (clear 7) alice#1
//   T5 (yellow 7) · | L6 (blue 6) · | L7 (red 7) · ≈falls | R6 (blue) · | R7 (red) ·
//   cards: alice 4 · bob ? · carol chose | gems: alice red blue (=2) | bob – | carol violet
// A canoe is its owner's name and number (`bob#1`), its cargo in brackets; a place shows the
// gems lying there. Blue's and red's places each lie beside two positions (R2.2) and are shown
// once, on the left branch.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace niagara::bridge {

// `view` is {"table": ..., "game": ...} as in the protocol's snapshot; empty when there is no
// game yet. The words are in `lang` (the channel's, or a player's for a private `board`); the
// positions (T4, L7) are the game's notation in every language.
std::vector<std::string> river_picture(const nlohmann::json& view, std::string_view lang = "en");

}  // namespace niagara::bridge
