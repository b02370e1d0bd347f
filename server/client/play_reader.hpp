// Reads of a server message only what playing needs, for clients that keep no view (a load
// generator): the type, table, seat, token, versions, the event's seat and cause, the chosen
// card, and the whole prompt (riding on a state message, or a prompt message's own members).
// Views, patches and texts are validated but never built: simdjson parses the frame (several
// times faster than nlohmann's lexer, which was a third of the load generator's CPU), and only
// the wanted members become nlohmann values.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

namespace niagara::client {

// The message with only those members; a discarded value when the frame is not valid JSON.
nlohmann::json read_for_play(std::string_view frame);

}  // namespace niagara::client
