#include "table_log.hpp"

#include <algorithm>

#include "metrics.hpp"
#include "niagara/game.hpp"
#include "niagara/text.hpp"

namespace niagara::server {

TableLog::Cause TableLog::cause_of(const std::string& cause) {
    if (cause == "timeout") return Cause::Timeout;
    if (cause.starts_with("bot for ")) return Cause::BotFor;
    return Cause::None;
}

TableLog::TableLog(int limit, Metrics& metrics) : limit_(limit), metrics_(metrics) {}

TableLog::~TableLog() {
    metrics_.history_lines.fetch_sub(long(kept_.size()), std::memory_order_relaxed);
}

void TableLog::add_line(long after_action, const Json& line) {
    if (limit_ <= 0) return;
    built_.reset();
    kept_.push_back(Kept{after_action, line.dump()});
    metrics_.history_lines.fetch_add(1, std::memory_order_relaxed);
    while (kept_.size() > std::size_t(limit_)) {
        kept_.pop_front();
        metrics_.history_lines.fetch_sub(1, std::memory_order_relaxed);
        metrics_.history_dropped.fetch_add(1, std::memory_order_relaxed);
    }
}

void TableLog::add_action(Cause cause) {
    built_.reset();
    causes_.push_back(cause);
}

Json TableLog::event_line(int seat, const Log& log, const std::string& cause) {
    Json entry{{"kind", "event"},
               {"seat", seat >= 0 ? Json(seat) : Json()},
               {"lines", english(log)},
               {"texts", texts_json(log)}};
    if (!cause.empty()) entry["cause"] = cause;
    return entry;
}

// The merged lines are the kept lines and one event per action that told something. Only the
// newest `limit_` are sent, so only the last actions need their logs: from `first` on, where
// the events and kept lines after the cut (event `first`, and every kept line that follows the
// action before it) are `limit_` at least. Each action tells one line at most, so the first
// try (the last `limit_` actions) is enough unless some of them told nothing; then the cut
// moves back by what was missing and the game is replayed again.
const Json& TableLog::lines(const Record* record, const std::vector<std::string>& names) {
    if (built_) return *built_;
    std::vector<Json> merged;
    const long actions = record ? long(record->actions.size()) : 0;
    long first = std::max(0L, actions - limit_);
    while (limit_ > 0) {
        merged.clear();
        std::vector<Json> events(std::size_t(actions - first));
        long told = 0;  // events after the cut
        if (actions > 0) {
            State state = new_game(record->options);
            for (long i = 0; i < actions; ++i) {
                const Action& action = record->actions[std::size_t(i)];
                if (i < first) {
                    apply(state, action);
                    continue;
                }
                Log log;
                apply(state, action, &log);
                if (log.empty()) continue;
                ++told;
                const int seat = action.seat;
                const Cause cause =
                    std::size_t(i) < causes_.size() ? causes_[std::size_t(i)] : Cause::None;
                const std::string why =
                    cause == Cause::Timeout ? "timeout"
                    : cause == Cause::BotFor && seat >= 0 && std::size_t(seat) < names.size()
                        ? "bot for " + names[std::size_t(seat)]
                        : "";
                events[std::size_t(i - first)] = event_line(seat, log, why);
            }
        }
        const long kept_after_cut = std::count_if(
            kept_.begin(), kept_.end(), [&](const Kept& k) { return k.after_action >= first; });
        if (first > 0 && told + kept_after_cut < limit_) {
            first = std::max(0L, first - (limit_ - told - kept_after_cut));
            continue;
        }
        // Kept lines before the cut are older than every line sent (unless the cut is the
        // game's start, when nothing is missing).
        auto kept = kept_.begin();
        if (first > 0)
            while (kept != kept_.end() && kept->after_action < first)
                ++kept;
        const auto kept_until = [&](long after) {
            for (; kept != kept_.end() && kept->after_action <= after; ++kept)
                merged.push_back(Json::parse(kept->json));
        };
        for (long i = first; i < actions; ++i) {
            kept_until(i);
            if (Json& event = events[std::size_t(i - first)]; !event.is_null())
                merged.push_back(std::move(event));
        }
        kept_until(std::numeric_limits<long>::max());
        if (merged.size() > std::size_t(limit_))
            merged.erase(merged.begin(), merged.end() - limit_);
        break;
    }
    built_ = Json(std::move(merged));
    return *built_;
}

}  // namespace niagara::server
