// A finished game's replay (GET /games/<id>/replay): its record replayed through the engine,
// one step per action, each with the engine's log lines of it and the public view after it,
// for the web client's replay page (web/replay.html). Only finished games are
// replayed: a game in progress has secrets (a chosen card not yet revealed) that an action's
// text would give away. Building is pure (engine + JSON) so tests call it directly; the HTTP
// side (http_session.cpp, through Lobby::game_replay) keeps recent replays in a ReplayCache,
// since a record never changes once the game is finished.
//
// The answer's shape (niagara-replay/2, what the server sends):
//   {"format": "niagara-replay/2", "game": 12, "options": {...}, "abandoned": false,
//    "seats": [{"seat": 0, "name": "alice", "bot": false}, ...],
//    "steps": [{"index": 0, "seat": null, "action": null, "lines": [], "texts": [],
//               "view": {...}},
//              {"index": 1, "seat": 2, "action": {..., "text": "play 4"}, "lines": [...],
//               "texts": [...], "patch": [{"op": "replace", "path": "/round", ...}, ...]},
//              ...],
//    "result": {...}}
// Step 0 is the game before any action and carries its whole view; step i (i >= 1) follows
// the record's action i-1 and carries the JSON Patch (RFC 6902) from step i-1's view to its
// own, as the tables' spectators get them (view_patcher.hpp): applied in order from step 0's
// view, they give every step's view. An abandoned game ends with a step whose action is null
// (R9.4). A view is the engine's spectator_view: every card as it had been revealed at that
// moment.
//
// niagara-replay/1 is the same with a whole "view" in every step instead of a "patch": about
// 1.5 KB a step against about 0.2, kept for tests (each patch of format 2 must rebuild format
// 1's view) and for measuring; the server no longer sends it.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace niagara::server {

// A record with more actions than this is not replayed (ReplayTooLong). People's games take a
// few hundred actions; random bots, which seldom bring gems home, can take thousands.
inline constexpr std::size_t kMaxReplayActions = 20000;

struct ReplaySeat {
    std::string name;
    bool bot = false;
    // A person's seat without a name: its account was deleted (Store::delete_account); shown
    // as "deleted player" ("deleted": true in the JSON).
    bool deleted() const { return !bot && name.empty(); }
};

enum class ReplayFormat {
    FullViews,  // niagara-replay/1: a whole view in every step
    Patches,    // niagara-replay/2: a whole view in step 0, a patch in every other
};

// The record has more than kMaxReplayActions actions.
class ReplayTooLong : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The replay's JSON text (the shape above) of game `game` from its stored record (JSON text)
// and who sat where. Throws std::invalid_argument when the record is malformed or does not
// replay (an illegal action, or it does not end the game), ReplayTooLong when it is too long.
std::string build_replay(long game, const std::string& record_json,
                         const std::vector<ReplaySeat>& seats,
                         ReplayFormat format = ReplayFormat::Patches);

// A replay as the cache keeps it: its JSON text gzipped, compressed once when built (on the
// replay builder's thread), and the text's length (a HEAD without gzip answers it). gzip takes
// a long game's 7.4 MB to under 0.5 MB: the cache holds 15 times as many replays in its bytes,
// and most answers (every browser sends Accept-Encoding: gzip) are these bytes as they are.
struct PackedReplay {
    std::string gzip;
    std::size_t json_bytes = 0;
};
// `json` gzipped (gzip.hpp, level 6).
PackedReplay pack_replay(const std::string& json);

// What GET /games/<id>/replay answers (Lobby::game_replay): the replay, or else a status and
// why: 404 (no finished game by that id), 500 (its record does not replay), 503 (too long, or
// too many replays being built: then with a Retry-After of `retry_after` seconds).
struct ReplayAnswer {
    std::shared_ptr<const PackedReplay> replay;  // null: refused (status, why)
    // The JSON text, when an answer comes from the builder's thread: just built, or inflated
    // from the cache's gzip for a client that does not take gzip. Null from the cache at once.
    std::shared_ptr<const std::string> json;
    int status = 200;
    std::string why;
    int retry_after = 0;  // seconds; 0: no Retry-After (asking again would not help)
};
inline ReplayAnswer refused_replay(int status, std::string why, int retry_after = 0) {
    return ReplayAnswer{nullptr, nullptr, status, std::move(why), retry_after};
}

// GET /games: the latest finished games, newest first, for the replay page's list:
//   {"games": [{"id": 12, "seats": [{"name": "alice", "bot": false}, ...]}, ...]}
inline constexpr std::size_t kRecentGames = 30;
std::string recent_games_json(const std::vector<std::pair<long, std::vector<ReplaySeat>>>& games);

// The most recently used replays, by game, within a total size in bytes (--replay-cache-bytes):
// a page's first request builds one, and the page's reloads and other viewers take it from
// here. Bytes, not a count, are what the server can afford: replays range from a few KB to
// megabytes. What is counted is what is held: each replay's gzip bytes (their capacity), not
// the length of its JSON text.
class ReplayCache {
  public:
    explicit ReplayCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

    std::shared_ptr<const PackedReplay> find(long game);
    // Keeps it (as the most recent), dropping the least recently used beyond the budget; a
    // replay larger than the whole budget is not kept.
    void put(long game, std::shared_ptr<const PackedReplay> replay);

    std::size_t size() const;
    std::size_t bytes() const;

  private:
    using Entry = std::pair<long, std::shared_ptr<const PackedReplay>>;
    void drop(std::list<Entry>::iterator entry);
    const std::size_t max_bytes_;
    mutable std::mutex mutex_;
    std::list<Entry> entries_;  // most recent first
    // Thousands of small replays fit in the budget: found by game, not by a search.
    std::unordered_map<long, std::list<Entry>::iterator> by_game_;
    std::size_t bytes_ = 0;
};

}  // namespace niagara::server
