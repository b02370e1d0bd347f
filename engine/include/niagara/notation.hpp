// The short text form of actions, usable as chat commands (engine/README.md, "Notation").
// to_text() gives the canonical form; parse_action() reads it back to the same action, and also
// accepts a few friendlier spellings (commas, "then", "and", gem names such as "ruby").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "niagara/action.hpp"
#include "niagara/text.hpp"

namespace niagara {

std::string to_text(const Action& action);

struct Parsed {
    std::optional<Action> action;  // set on success
    std::string error;             // what is wrong and what would be right, on failure
    Text why = {};                 // the same as a message key (engine.refuse.parse.*) and args
};

// Parses the text of a decision by `seat` (the text itself names no seat).
Parsed parse_action(std::string_view text, int seat);

}  // namespace niagara
