// A finished game's replay (GET /games/<id>/replay): its record replayed through the engine,
// one step per action, each with the public view after it and the engine's log lines of it,
// for the web client's replay page (server/web/replay.html). Only finished games are
// replayed: a game in progress has secrets (a chosen card not yet revealed) that an action's
// text would give away. Building is pure (engine + JSON) so tests call it directly; the HTTP
// side (http_session.cpp, through Lobby::game_replay) keeps recent replays in a ReplayCache,
// since a record never changes once the game is finished.
//
// The answer's shape:
//   {"format": "niagara-replay/1", "game": 12, "options": {...}, "abandoned": false,
//    "seats": [{"seat": 0, "name": "alice", "bot": false}, ...],
//    "steps": [{"index": 0, "seat": null, "action": null, "lines": [], "view": {...}},
//              {"index": 1, "seat": 2, "action": {..., "text": "play 4"}, "lines": [...],
//               "view": {...}}, ...],
//    "result": {...}}
// Step 0 is the game before any action; step i (i >= 1) follows the record's action i-1; an
// abandoned game ends with a step whose action is null (R9.4). A view is the engine's
// spectator_view: every card as it had been revealed at that moment.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace niagara::server {

// A record with more actions than this is not replayed (ReplayTooLong): its answer (about
// 1.5 KB a step) would pass 30 MB. People's games take a few hundred actions; random bots,
// which seldom bring gems home, can take thousands.
inline constexpr std::size_t kMaxReplayActions = 20000;

struct ReplaySeat {
    std::string name;
    bool bot = false;
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
                         const std::vector<ReplaySeat>& seats);

// What GET /games/<id>/replay answers (Lobby::game_replay): the replay, or else a status and
// why: 404 (no finished game by that id), 500 (its record does not replay), 503 (too long, or
// too many replays being built: then with a Retry-After of `retry_after` seconds).
struct ReplayAnswer {
    std::shared_ptr<const std::string> json;
    int status = 200;
    std::string why;
    int retry_after = 0;  // seconds; 0: no Retry-After (asking again would not help)
};

// GET /games: the latest finished games, newest first, for the replay page's list:
//   {"games": [{"id": 12, "seats": [{"name": "alice", "bot": false}, ...]}, ...]}
inline constexpr std::size_t kRecentGames = 30;
std::string recent_games_json(const std::vector<std::pair<long, std::vector<ReplaySeat>>>& games);

// The most recently used replays, by game, within a number and a total size: a page's first
// request builds one, and the page's reloads and other viewers take it from here.
class ReplayCache {
  public:
    ReplayCache(std::size_t max_entries, std::size_t max_bytes)
        : max_entries_(max_entries), max_bytes_(max_bytes) {}

    std::shared_ptr<const std::string> find(long game);
    // Keeps it (as the most recent), dropping the least recently used beyond the limits; a
    // replay larger than the whole budget is not kept.
    void put(long game, std::shared_ptr<const std::string> replay);

    std::size_t size() const;
    std::size_t bytes() const;

  private:
    using Entry = std::pair<long, std::shared_ptr<const std::string>>;
    const std::size_t max_entries_;
    const std::size_t max_bytes_;
    mutable std::mutex mutex_;
    std::list<Entry> entries_;  // most recent first; a few dozen at most: searched in order
    std::size_t bytes_ = 0;
};

}  // namespace niagara::server
