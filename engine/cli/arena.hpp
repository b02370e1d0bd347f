// `niagara arena`: one bot (the candidate) against P-1 copies of another, over N seeded games.
#pragma once

#include <string>

#include "niagara/i18n/i18n.hpp"
#include "niagara/text.hpp"

namespace niagara::arena {

// The English of an engine text, from the English catalog (the engine writes no words).
inline std::string english(const Text& text) {
    return i18n::render("en", text.key, text.args.json());
}

// Usage lines for the tool's help.
extern const char* const kArenaUsage;

// Runs `niagara arena` with argv[from..argc) as its flags. Returns the exit code: 0, 1 when a
// bot failed (an illegal or refused action), 2 for bad flags.
int run_arena(int argc, char** argv, int from);

}  // namespace niagara::arena
