// Durable storage in SQLite: tables, their seats, and every accepted action, committed before
// the action is broadcast. WAL mode with synchronous=NORMAL: a commit survives a crash of the
// server process (SIGKILL); only a power cut could lose the last commits. The log is copied back
// into the database file on a thread of its own (WalCheckpointer), never during a commit.
//
// Accepted actions go to an append-only log (action_log: rows in the order they were
// accepted, with no index), not to a table keyed by (table, index): with a thousand games
// interleaving, such a key made every commit rewrite one index page per game it touched (about
// 4 KB written per action). A game's actions are found at restore by one ordered scan from its
// floor (the log's next row when it started), and the actions of finished games (whose records
// are kept whole) are purged from the log's start, below every unfinished game's floor, when
// the server starts.
// Schema versions (PRAGMA user_version): 0, the first, with an `actions` table, is migrated
// when opened; 2 is this one.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace niagara::server {

class WalCheckpointer;

struct StoredSeat {
    int seat = 0;
    std::string name;
    std::string token;  // the seat token (the data directory is private to the server)
    bool bot = false;
};

struct StoredTable {
    long id = 0;
    std::string options_json;       // the table's options
    std::string game_options_json;  // the engine options fixed at the start (players, seed)
    std::string host;
    bool started = false;
    std::vector<StoredSeat> seats;
    std::vector<std::string> actions;  // engine action JSON, in order
};

struct StoredAction {
    long table = 0;
    long index = 0;           // its place in the table's record
    std::string action_json;  // engine action JSON
};

class Store {
  public:
    explicit Store(const std::string& path);  // throws std::runtime_error
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    long create_table(const std::string& options_json, const std::string& host);
    void save_seat(long table, const StoredSeat& seat);
    void remove_seat(long table, int seat);
    void mark_started(long table, const std::string& game_options_json);
    // Accepted actions, all in one transaction: every one is stored, or (it throws) none. Each
    // is of a game being played (mark_started, or found by unfinished_tables()) and must be
    // its next (std::invalid_argument otherwise).
    void append_actions(const std::vector<StoredAction>& actions);
    void finish(long table, const std::string& record_json);

    std::vector<StoredTable> unfinished_tables();
    std::optional<std::string> finished_record(long table);
    std::vector<long> finished_ids(int limit);

    long checkpoints() const;  // of the log into the database file, completed so far

  private:
    void exec(const char* sql);
    std::string journal_mode(const char* mode);  // sets it; returns the mode now in force
    void create_or_migrate_schema();
    long lowest_floor();            // of the games being played: the log is needed from there on
    void purge_finished_actions();  // the log's rows below every unfinished table's floor
    long next_log_row();            // the id the log's next row will get
    sqlite3* db_ = nullptr;
    sqlite3_stmt* append_action_ = nullptr;  // prepared once: the statement of every action
    std::mutex mutex_;  // one connection, used by every table's executor in turn
    std::unordered_map<long, long> next_index_;  // per game being played: its next action's index
    std::unique_ptr<WalCheckpointer> checkpointer_;  // declared last: stopped first
};

}  // namespace niagara::server
