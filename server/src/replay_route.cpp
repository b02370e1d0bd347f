#include "replay_route.hpp"

#include <optional>

#include "gzip.hpp"
#include "niagara/game.hpp"
#include "niagara/json.hpp"
#include "niagara/record.hpp"

namespace niagara::server {
namespace {

// A step as text, written straight into the answer: its action and lines, then either the
// whole view after it (`before` null: step 0, or format 1) or the patch from `before`'s view.
void append_step(std::string& out, std::size_t index, const Action* action, const Log& lines,
                 const State* before, const State& state) {
    Json step = Json::object();
    step["index"] = index;
    step["seat"] = action ? Json(int(action->seat)) : Json(nullptr);
    step["action"] = action ? action_to_json(*action) : Json(nullptr);
    step["lines"] = english(lines);
    append_json_value(out, step);
    // Then, in dump()'s order of the keys, "texts" (the same lines as {key, args},
    // i18n/README.md: written as the engine's texts are, without a tree) and "view".
    out.pop_back();  // the step's closing '}'
    out += R"(,"texts":[)";
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i) out += ',';
        append_text_json(out, lines[i]);
    }
    out += "]}";
    if (!before) {
        out.pop_back();
        out += R"(,"view":)";
        append_json_value(out, spectator_view(state));
        out += '}';
        return;
    }
    // The patch is the engine's own diff of the two states (as a table's spectators get it:
    // view_patcher.hpp), written as text: no view is built, and only what changed is compared.
    std::string ops;
    append_view_fields_diff(*before, state, "", ops);
    for (int seat = 0; seat < state.players(); ++seat) {
        std::string seat_ops;
        append_seat_entry_diff(*before, state, seat, -1, "/seats/" + std::to_string(seat),
                               seat_ops);
        if (seat_ops.empty()) continue;
        if (!ops.empty()) ops += ',';
        ops += seat_ops;
    }
    out.pop_back();  // the step's closing '}'
    out += ",\"patch\":[";
    out += ops;
    out += "]}";
}

}  // namespace

std::string build_replay(long game, const std::string& record_json,
                         const std::vector<ReplaySeat>& seats, ReplayFormat format) {
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
        Json seat{{"seat", i},
                  {"name", known ? seats[std::size_t(i)].name : ""},
                  {"bot", known && seats[std::size_t(i)].bot}};
        if (known && seats[std::size_t(i)].deleted()) seat["deleted"] = true;
        seat_list.push_back(std::move(seat));
    }

    const bool patches = format == ReplayFormat::Patches;
    std::string out = std::string("{\"format\":\"niagara-replay/") + (patches ? "2" : "1") +
                      "\",\"game\":" + std::to_string(game) + ",\"options\":";
    append_json_value(out, options_to_json(record.options));
    out += ",\"abandoned\":";
    out += record.abandoned ? "true" : "false";
    out += ",\"seats\":";
    append_json_value(out, seat_list);
    out += ",\"steps\":[";
    append_step(out, 0, nullptr, {}, nullptr, state);
    std::optional<State> before;  // format 2: the state the next patch starts from
    const auto next_step = [&](std::size_t index, const Action* action, const Log& lines) {
        out += ',';
        append_step(out, index, action, lines, before ? &*before : nullptr, state);
    };
    // Deterministic replay (R12.1): the same record gives the same states as the table had.
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        if (patches) before = state;
        Log lines;
        if (Status status = apply(state, record.actions[i], &lines); !status)
            throw std::invalid_argument("action " + std::to_string(i) +
                                        " is illegal: " + status.reason);
        next_step(i + 1, &record.actions[i], lines);
    }
    if (record.abandoned) {
        if (patches) before = state;
        Log lines;
        abandon(state, &lines);
        next_step(record.actions.size() + 1, nullptr, lines);
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
        for (const ReplaySeat& s : seats) {
            Json seat{{"name", s.name}, {"bot", s.bot}};
            if (s.deleted()) seat["deleted"] = true;
            names.push_back(std::move(seat));
        }
        list.push_back(Json{{"id", id}, {"seats", std::move(names)}});
    }
    std::string out;
    append_json_value(out, Json{{"games", std::move(list)}});
    return out;
}

PackedReplay pack_replay(const std::string& json) {
    return PackedReplay{gzip_compress(json, 6), json.size()};
}

namespace {
std::size_t held(const PackedReplay& replay) {
    return replay.gzip.capacity();
}
}  // namespace

std::shared_ptr<const PackedReplay> ReplayCache::find(long game) {
    std::lock_guard lock(mutex_);
    const auto it = by_game_.find(game);
    if (it == by_game_.end()) return nullptr;
    entries_.splice(entries_.begin(), entries_, it->second);  // now the most recent
    return it->second->second;
}

void ReplayCache::drop(std::list<Entry>::iterator entry) {
    bytes_ -= held(*entry->second);
    by_game_.erase(entry->first);
    entries_.erase(entry);
}

void ReplayCache::put(long game, std::shared_ptr<const PackedReplay> replay) {
    if (!replay || held(*replay) > max_bytes_) return;
    std::lock_guard lock(mutex_);
    if (const auto old = by_game_.find(game); old != by_game_.end()) drop(old->second);
    bytes_ += held(*replay);
    entries_.emplace_front(game, std::move(replay));
    by_game_[game] = entries_.begin();
    while (bytes_ > max_bytes_)
        drop(std::prev(entries_.end()));
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
