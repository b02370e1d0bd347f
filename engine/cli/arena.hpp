// `niagara arena`: one bot (the candidate) against P-1 copies of another, over N seeded games.
#pragma once

namespace niagara::arena {

// Usage lines for the tool's help.
extern const char* const kArenaUsage;

// Runs `niagara arena` with argv[from..argc) as its flags. Returns the exit code: 0, 1 when a
// bot failed (an illegal or refused action), 2 for bad flags.
int run_arena(int argc, char** argv, int from);

}  // namespace niagara::arena
