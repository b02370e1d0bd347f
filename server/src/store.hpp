// Durable storage in SQLite: tables, their seats, and every accepted action, committed before
// the action is broadcast. WAL mode with synchronous=NORMAL: a commit survives a crash of the
// server process (SIGKILL); only a power cut could lose the last commits. The log is copied back
// into the database file on a thread of its own (WalCheckpointer), never during a commit.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
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
    // Accepted actions, all in one transaction: every one is stored, or (it throws) none.
    void append_actions(const std::vector<StoredAction>& actions);
    void finish(long table, const std::string& record_json);

    std::vector<StoredTable> unfinished_tables();
    std::optional<std::string> finished_record(long table);
    std::vector<long> finished_ids(int limit);

    long checkpoints() const;  // of the log into the database file, completed so far

  private:
    void exec(const char* sql);
    std::string journal_mode(const char* mode);  // sets it; returns the mode now in force
    sqlite3* db_ = nullptr;
    sqlite3_stmt* append_action_ = nullptr;  // prepared once: the statement of every action
    std::mutex mutex_;                       // one connection, used by every table's strand in turn
    std::unique_ptr<WalCheckpointer> checkpointer_;  // declared last: stopped first
};

}  // namespace niagara::server
