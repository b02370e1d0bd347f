#include "niagara/record.hpp"

#include <stdexcept>

namespace niagara {

Json record_to_json(const Record& r) {
    Json actions = Json::array();
    for (const Action& a : r.actions)
        actions.push_back(action_to_json(a));
    Json j{{"format", "niagara-record/1"},
           {"options", options_to_json(r.options)},
           {"actions", actions}};
    if (r.abandoned) j["abandoned"] = true;
    return j;
}

Record record_from_json(const Json& j) {
    if (!j.is_object()) throw std::invalid_argument("a record must be a JSON object");
    Record r;
    if (j.contains("options")) r.options = options_from_json(j.at("options"));
    if (j.contains("actions")) {
        const Json& actions = j.at("actions");
        if (!actions.is_array()) throw std::invalid_argument("'actions' must be a list");
        r.actions.reserve(actions.size());
        for (std::size_t i = 0; i < actions.size(); ++i) {
            try {
                r.actions.push_back(action_from_json(actions[i]));
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("action " + std::to_string(i) + ": " + e.what());
            }
        }
    }
    if (j.contains("abandoned")) {
        if (!j.at("abandoned").is_boolean())
            throw std::invalid_argument("'abandoned' must be true or false");
        r.abandoned = j.at("abandoned").get<bool>();
    }
    return r;
}

Replay replay(const Record& r, Log* log) {
    Replay out{new_game(r.options), std::nullopt, ""};
    for (std::size_t i = 0; i < r.actions.size(); ++i) {
        Status st = apply(out.state, r.actions[i], log);
        if (!st) {
            out.failed_at = i;
            out.reason = st.reason;
            return out;
        }
    }
    if (r.abandoned) abandon(out.state, log);
    return out;
}

}  // namespace niagara
