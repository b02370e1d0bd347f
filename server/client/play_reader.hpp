// Reads of a server message only what playing needs, for clients that keep no view (a load
// generator): the type, table, seat, token, versions, the event's seat and cause, the chosen
// card, and the whole prompt (riding on a state message, or a prompt message's own members). Views,
// patches and texts are lexed and skipped, never built: a SAX handler on nlohmann's parser, about
// twice as fast as parsing the whole message.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

namespace niagara::client {

// The message with only those members; a discarded value when the frame is not valid JSON.
nlohmann::json read_for_play(std::string_view frame);

}  // namespace niagara::client
