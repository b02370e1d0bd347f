// JSON forms of options, actions, states, views and results (nlohmann/json).
// Shapes are documented in engine/README.md. Every from_json throws std::invalid_argument with a
// readable message on malformed input; none of them crashes or accepts an impossible state.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "niagara/action.hpp"
#include "niagara/game.hpp"
#include "niagara/options.hpp"
#include "niagara/state.hpp"

namespace niagara {

using Json = nlohmann::json;

Json options_to_json(const Options& options);
Options options_from_json(const Json& j);  // missing keys keep their defaults

Json action_to_json(const Action& action);  // includes "text", the notation form
// action_to_json(action).dump(), appended to `out` as text written directly (a server stores
// one with every action it plays).
void append_action_json(std::string& out, const Action& action);
Action action_from_json(const Json& j);

// A legal action as a client shows it: action_to_json, and for a canoe move also where the
// canoe starts ("from": a position, or "land") and where the move ends ("to": a position,
// "land" or "falls"; "pushed": true when the whirlpool pushed it there, R10.3). Clients use
// this to highlight choices on the board without re-implementing the river. `legal` must be
// one of legal_actions(state, seat).
Json legal_action_to_json(const State& state, const Action& legal);
// The JSON array of legal_action_to_json(state, a) for every action of `legal`, as text: the
// same text as building the array and dumping it, written directly, at a fraction of the
// cost (a server sends one with every decision). texts[i] is to_text(legal[i]), which the
// caller usually has already.
std::string legal_actions_json(const State& state, const std::vector<Action>& legal,
                               const std::vector<std::string>& texts);
// Appends `text` as a JSON string, as nlohmann::json's dump() writes it (invalid UTF-8
// replaced): for messages written as text rather than built as objects.
void append_json_string(std::string& out, std::string_view text);
// Appends `value` as dump(-1, ' ', false, error_handler_t::replace) writes it, byte for byte.
// For the small values of patches and frames: dump() sets up a serializer on every call
// (locale, a 512-byte indent buffer), which cost more than writing most values.
void append_json_value(std::string& out, const Json& value);

// The full state, secrets included (for storage and tests, never for clients).
Json state_to_json(const State& state);
// Starts from new_game(options) and overrides the keys present. Discovery places that are not
// given hold whatever gems are not elsewhere (R1.3). Throws when the result is impossible
// (gems not conserved, cargo over capacity, ...).
State state_from_json(const Json& j);

// R3.6: what one seat may see (its own hand and chosen card; others' chosen cards hidden
// until revealed; in memory mode only the top card of each discard stack).
Json seat_view(const State& state, int seat);
Json spectator_view(const State& state);
// A view in parts, for servers that patch views incrementally. A view is view_fields(state)
// plus "you" and "seats", whose entry `seat` is seat_entry_view(state, seat, viewer) (viewer -1:
// a spectator). The fields are the same for every viewer, and an entry depends only on its
// seat, so a seat's view differs from the spectator's only in "you" and its own entry.
Json view_fields(const State& state);
Json seat_entry_view(const State& state, int seat, int viewer);
// The JSON Patch (RFC 6902) operations between two states of one game, part by part: appended
// to `ops`, with paths under `prefix`. They are exactly nlohmann::json::diff's for the part
// (up to order), but only the fields whose state changed are built and compared, which makes
// them several times cheaper than building both parts and diffing them.
void append_view_fields_diff(const State& before, const State& after, const std::string& prefix,
                             Json& ops);
void append_seat_entry_diff(const State& before, const State& after, int seat, int viewer,
                            const std::string& prefix, Json& ops);
// The same operations as text, for a server that sends them as they are: each one appended to
// `ops` as compact JSON, comma-separated, without the array's brackets. Cheaper still: no
// object is built per operation.
void append_view_fields_diff(const State& before, const State& after, const std::string& prefix,
                             std::string& ops);
void append_seat_entry_diff(const State& before, const State& after, int seat, int viewer,
                            const std::string& prefix, std::string& ops);
// Both texts a server needs for a changed seat at once: its entry's operations as others see
// it (`public_ops`, viewer -1) and as its owner does (`own_ops`), each exactly what
// append_seat_entry_diff writes for that viewer. The fields every viewer sees alike (canoes,
// collection, ...) are built and compared once for both.
void append_seat_entry_diffs(const State& before, const State& after, int seat,
                             const std::string& prefix, std::string& public_ops,
                             std::string& own_ops);

// A full state consistent with what `view` (a seat_view or spectator_view) shows, with the
// hidden cards (others' choices, and their hands in memory mode) filled in arbitrarily. For
// bots that decide from a view: the legal actions of the viewing seat are exactly its real
// ones. Throws std::invalid_argument when the view is malformed.
State state_from_view(const Json& view);

// The result: over or not, winners (ranked with tie-break), collections, rounds.
Json result_to_json(const State& state);

}  // namespace niagara
