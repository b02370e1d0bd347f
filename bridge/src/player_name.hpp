// The game server's name a chat user plays under, from their chat name: in its own script when
// the server's rule allows it ("Zoë Čapková" plays as Zoë_Čapková, "Юлия" as Юлия), else
// written in Latin letters (ascii_name.hpp: a name mixing scripts, or in letters the rule
// refuses). protocol/names.hpp has the rule.
#pragma once

#include <string>
#include <string_view>

namespace niagara::bridge {

// At most 20 characters, so that the bridge's variants (base_, base_2, ... when the name is
// taken) stay within the server's 24; never empty, never a reserved name ("p_" before it).
std::string player_name_base(std::string_view chat_name);

}  // namespace niagara::bridge
