#include "replay_route.hpp"

#include <algorithm>

#include "niagara/game.hpp"
#include "niagara/json.hpp"
#include "niagara/record.hpp"

namespace niagara::server {
namespace {

// A step as text: its view is built and written once, straight into the answer.
void append_step(std::string& out, std::size_t index, const Action* action, const Log& lines,
                 const State& state) {
    Json step = Json::object();
    step["index"] = index;
    step["seat"] = action ? Json(int(action->seat)) : Json(nullptr);
    step["action"] = action ? action_to_json(*action) : Json(nullptr);
    step["lines"] = english(lines);
    step["texts"] = texts_json(lines);  // the same lines as {key, args} (i18n/README.md)
    step["view"] = spectator_view(state);
    append_json_value(out, step);
}

}  // namespace

std::string build_replay(long game, const std::string& record_json,
                         const std::vector<ReplaySeat>& seats) {
    Json parsed;
    try {
        parsed = Json::parse(record_json);
    } catch (const Json::exception& e) {
        throw std::invalid_argument(std::string("the record is not JSON: ") + e.what());
    }
    const Record record = record_from_json(parsed);  // std::invalid_argument when malformed
    if (record.actions.size() > kMaxReplayActions)
        throw ReplayTooLong("the record has " + std::to_string(record.actions.size()) +
                            " actions; at most " + std::to_string(kMaxReplayActions) +
                            " are replayed");
    State state = new_game(record.options);  // std::invalid_argument for unplayable options

    Json seat_list = Json::array();
    for (int i = 0; i < state.players(); ++i) {
        const bool known = std::size_t(i) < seats.size();
        seat_list.push_back(Json{{"seat", i},
                                 {"name", known ? seats[std::size_t(i)].name : ""},
                                 {"bot", known && seats[std::size_t(i)].bot}});
    }

    std::string out =
        "{\"format\":\"niagara-replay/1\",\"game\":" + std::to_string(game) + ",\"options\":";
    append_json_value(out, options_to_json(record.options));
    out += ",\"abandoned\":";
    out += record.abandoned ? "true" : "false";
    out += ",\"seats\":";
    append_json_value(out, seat_list);
    out += ",\"steps\":[";
    append_step(out, 0, nullptr, {}, state);
    // Deterministic replay (R12.1): the same record gives the same states as the table had.
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        Log lines;
        if (Status status = apply(state, record.actions[i], &lines); !status)
            throw std::invalid_argument("action " + std::to_string(i) +
                                        " is illegal: " + status.reason);
        out += ',';
        append_step(out, i + 1, &record.actions[i], lines, state);
    }
    if (record.abandoned) {
        Log lines;
        abandon(state, &lines);
        out += ',';
        append_step(out, record.actions.size() + 1, nullptr, lines, state);
    }
    // Only a whole game: the views of one cut short could show what was still to come.
    if (!is_over(state)) throw std::invalid_argument("the record does not end the game");
    out += "],\"result\":";
    append_json_value(out, result_to_json(state));
    out += "}";
    return out;
}

std::string recent_games_json(const std::vector<std::pair<long, std::vector<ReplaySeat>>>& games) {
    Json list = Json::array();
    for (const auto& [id, seats] : games) {
        Json names = Json::array();
        for (const ReplaySeat& s : seats)
            names.push_back(Json{{"name", s.name}, {"bot", s.bot}});
        list.push_back(Json{{"id", id}, {"seats", std::move(names)}});
    }
    std::string out;
    append_json_value(out, Json{{"games", std::move(list)}});
    return out;
}

std::shared_ptr<const std::string> ReplayCache::find(long game) {
    std::lock_guard lock(mutex_);
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [game](const Entry& e) { return e.first == game; });
    if (it == entries_.end()) return nullptr;
    entries_.splice(entries_.begin(), entries_, it);  // now the most recent
    return it->second;
}

void ReplayCache::put(long game, std::shared_ptr<const std::string> replay) {
    if (!replay || replay->size() > max_bytes_ || max_entries_ == 0) return;
    std::lock_guard lock(mutex_);
    const auto old = std::find_if(entries_.begin(), entries_.end(),
                                  [game](const Entry& e) { return e.first == game; });
    if (old != entries_.end()) {
        bytes_ -= old->second->size();
        entries_.erase(old);
    }
    bytes_ += replay->size();
    entries_.emplace_front(game, std::move(replay));
    while (entries_.size() > max_entries_ || bytes_ > max_bytes_) {
        bytes_ -= entries_.back().second->size();
        entries_.pop_back();
    }
}

std::size_t ReplayCache::size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
}

std::size_t ReplayCache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

}  // namespace niagara::server
