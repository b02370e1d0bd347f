// Game records (R12.1): options (with the seed) and the list of actions, replayable to the
// same state.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "niagara/action.hpp"
#include "niagara/game.hpp"
#include "niagara/json.hpp"

namespace niagara {

struct Record {
    Options options;
    std::vector<Action> actions;
    bool abandoned = false;  // R9.4: the table ended the game after these actions
};

Json record_to_json(const Record& record);
Record record_from_json(const Json& j);  // throws std::invalid_argument, naming the bad action

struct Replay {
    State state;                           // after every action that applied
    std::optional<std::size_t> failed_at;  // index of the first illegal action
    std::string reason;                    // why it was illegal
};

// Replays from the start; stops at the first illegal action.
Replay replay(const Record& record, Log* log = nullptr);

}  // namespace niagara
