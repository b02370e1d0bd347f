// A chat name in the letters the game server's names allow today (ASCII: protocol/README.md,
// "Limits"): "Zoë Čapková" becomes "Zoe Capkova", "Jürgen" "Jurgen", "Юлия" "Ulia", rather than
// a row of underscores. ICU's transliterators do the work (Any-Latin, then Latin-ASCII), so
// every script ICU knows is written in Latin letters, not only the accents someone listed.
#pragma once

#include <string>
#include <string_view>

namespace niagara::bridge {

// `name` (UTF-8; invalid bytes are dropped) in ASCII; what cannot be written so is left out.
std::string ascii_name(std::string_view name);

}  // namespace niagara::bridge
