// JSON building blocks shared by json.cpp (actions, states, parsing) and view_json.cpp (views
// and their diffs). Internal: not part of the public API.
#pragma once

#include <cstdint>
#include <string_view>

#include "niagara/json.hpp"
#include "niagara/state.hpp"

namespace niagara::detail {

// Values (json.cpp).
Json gems_json(const Gems& g);   // {"red": 2, ...}, zero counts left out
Json cargo_json(const Gems& g);  // ["red", "red"]
Json seat_list(std::uint8_t bits);  // [0, 2]
Json piece_json(const Piece& p, const char* away);
Json elk_json(const Elk& e);
Json canoe_json(const Canoe& boat);
Json turn_json(const State& s);  // null outside phase II
std::string_view phase_name(Phase p);
std::string_view where_name(Where w);
std::string_view stage_name(Stage stage);

// The view's parts (view_json.cpp): the fields every viewer sees, and seats[seat] of the view
// for `viewer` (-1: a spectator).
Json public_json(const State& s);
Json seat_entry(const State& s, int seat, int viewer);

}  // namespace niagara::detail
