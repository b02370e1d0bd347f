// A table's recent lines: what a viewer who sits down, comes back or begins watching is sent with
// its snapshot (the newest --table-history of them), in the order everyone saw them: the game's
// lines (one event per action), and the info and chat lines between them.
//
// Memory: the game's lines are not kept. They are made again from the game's record through the
// engine when someone needs them, as replays are (the same apply() with its log, so the same
// lines); only the info and chat lines are kept, serialized, with the number of actions they
// followed. Kept as JSON trees, 200 lines a table held about 280 MB at 1,000 tables; and each
// action built and kept its line whether anyone came or not.
//
// Building them replays the game from its start: about a microsecond per action without a log.
// What was built is kept until the next change, so that viewers arriving together (a table's
// players after a restart, a channel's spectators) cost one build.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "niagara/json.hpp"
#include "niagara/record.hpp"

namespace niagara::server {

class Metrics;

class TableLog {
  public:
    // Who made a move for a seat, when its player did not (the event's "cause").
    enum class Cause : std::uint8_t { None, Timeout, BotFor };
    static Cause cause_of(const std::string& cause);  // "timeout", "bot for NAME", else None

    TableLog(int limit, Metrics& metrics);  // limit: --table-history (0: none)
    ~TableLog();
    TableLog(const TableLog&) = delete;
    TableLog& operator=(const TableLog&) = delete;

    // An info or chat line ({kind: info|chat, ...}) told after the game's first `after_action`
    // actions; the oldest line goes beyond `limit`.
    void add_line(long after_action, const Json& line);
    // The record's next action was applied (every action, in order), made for its seat by
    // `cause`.
    void add_action(Cause cause);

    // The newest `limit` lines, oldest first. `record`: the game (null before it starts);
    // `names`: the seats' names, for "bot for NAME".
    const Json& lines(const Record* record, const std::vector<std::string>& names);

    // The game's line for one action, as the table tells it when it is applied.
    static Json event_line(int seat, const Log& log, const std::string& cause);

  private:
    struct Kept {
        long after_action = 0;
        std::string json;
    };
    const int limit_;
    Metrics& metrics_;
    std::deque<Kept> kept_;
    std::vector<Cause> causes_;  // by action, in the record's order
    // The last build, valid until the next change.
    std::optional<Json> built_;
};

}  // namespace niagara::server
