// JSON Patch (RFC 6902) operations written straight to text, for views' diffs that a server
// sends as they are: the operations of nlohmann::json::diff, without building an object per
// operation and serializing it afterwards. Internal: not part of the public API.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "niagara/json.hpp"

namespace niagara::detail {

// Appends one operation ("add", "remove", "replace") to `out`, a comma-separated list of
// serialized operations without brackets; `value` is null for "remove".
void append_op_text(std::string& out, const char* op, const std::string& path, const Json* value);

// A list of the game's own names, as a view shows a hand or a discard pile: a JSON array of
// strings, without the JSON.
struct NameList {
    std::array<std::string_view, 16> names;
    std::size_t size = 0;
};

// Appends the operations of json::diff of the two lists as JSON arrays of strings (what
// append_diff_text writes for them), without building them.
void append_names_diff(std::string& out, const NameList& before, const NameList& after,
                       const std::string& path);

// Appends the operations of json::diff(before, after), their paths under `path`: the same
// operations (up to the order of an object's keys, which JSON Patch does not depend on).
void append_diff_text(std::string& out, const Json& before, const Json& after,
                      const std::string& path);

}  // namespace niagara::detail
