// The views a table sends and the JSON Patches between consecutive versions of them.
//
// A view is {"table", "game", "seat"}; its game part is the engine's view in parts (json.hpp:
// view_fields, and one entry per seat). Every viewer sees the same fields and the same entries
// except its own seat's, so a new version is diffed part by part, once: the table part
// (nlohmann's json::diff, only when the table says something new), the fields, and only the
// seat entries whose seat changed, each both as others see it and as its owner does. The
// engine diffs the game's parts from the two states, building only the fields that changed
// (append_view_fields_diff, append_seat_entry_diffs). Each part's operations are serialized
// once; a viewer's patch is the concatenation of the parts it sees. The operations are
// exactly those of diffing each viewer's whole view, up to their order (disjoint paths, so the
// order is free). Only the last state is kept, not JSON trees.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "niagara/json.hpp"
#include "niagara/state.hpp"

namespace niagara::server {

class ViewPatcher {
  public:
    // Moves to the next version. `table_part` is the table's description (names, presence)
    // when it changed, or nullopt when it says the same as before (it must be given the first
    // time); `state` is the game, or null before it starts.
    void update(std::optional<Json> table_part, const State* state);

    // The views at the current version, as snapshots carry them.
    Json spectator_view() const { return assemble(-1); }
    Json seat_view(int seat) const { return assemble(seat); }

    // The patch from the previous version to the current one, as the JSON text of its array
    // of operations; nullopt when there is no previous version or the game just started (the
    // whole game part is new): send a snapshot instead.
    std::optional<std::string> spectator_patch() const;
    std::optional<std::string> seat_patch(int seat) const;

  private:
    Json assemble(int viewer) const;
    std::string patch_for(int seat) const;  // seat -1: a spectator

    bool patchable_ = false;                     // the previous version exists, same game
    Json table_;                                 // the table part
    std::optional<State> state_;                 // the game at the current version
    std::string shared_ops_;                     // the table part's and the fields' operations
    std::vector<std::string> public_entry_ops_;  // per seat: its entry's, as others see it
    std::vector<std::string> own_entry_ops_;     // per seat: ... and as its owner sees it
};

}  // namespace niagara::server
