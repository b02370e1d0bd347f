// Which player names nobody may take, one rule for the server and the chat bridge (which must
// not pick for a chat user a name the server refuses).
#pragma once

#include <string_view>

namespace niagara::protocol {

// A name that would let a player pass for the server or a bot, or for a guest (the server's
// "guest-N" names; the server lets guest N keep its own): "server", "niagara", "admin",
// "system", "moderator", and any name beginning with "bot" or "guest-", in any letter case.
bool is_reserved_name(std::string_view name);

}  // namespace niagara::protocol
