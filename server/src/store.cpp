#include "store.hpp"

#include <sqlite3.h>

#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include <spdlog/spdlog.h>

#include "wal_checkpointer.hpp"

namespace niagara::server {
namespace {

// A prepared statement that finalizes itself, or a kept one (for the hot path) that it resets
// for the next use.
class Statement {
  public:
    Statement(sqlite3* db, const char* sql) : db_(db), owned_(true) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db));
    }
    Statement(sqlite3* db, sqlite3_stmt* kept) : db_(db), stmt_(kept), owned_(false) {}
    ~Statement() {
        if (owned_) {
            sqlite3_finalize(stmt_);
        } else {
            sqlite3_reset(stmt_);
            sqlite3_clear_bindings(stmt_);
        }
    }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, long v) {
        sqlite3_bind_int64(stmt_, i, v);
        return *this;
    }
    Statement& bind(int i, const std::string& v) {
        sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    bool step() {  // true while there is a row
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw std::runtime_error(std::string("sqlite step: ") + sqlite3_errmsg(db_));
    }
    long integer(int col) { return long(sqlite3_column_int64(stmt_, col)); }
    bool is_null(int col) { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
    std::string text(int col) {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
        return p ? std::string(p, std::size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
    }

  private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
    bool owned_;
};

constexpr const char* kAppendAction =
    "INSERT INTO action_log (table_id, idx, action) VALUES (?, ?, ?)";

constexpr int kSchemaVersion = 2;

}  // namespace

Store::Store(const std::string& path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
        std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open database " + path + ": " + why);
    }
    // A constructor that throws runs no destructor: what is open so far is closed here.
    try {
        sqlite3_busy_timeout(db_, 5000);
        const bool wal = journal_mode("WAL") == "wal";  // not for an in-memory database
        exec("PRAGMA synchronous=NORMAL");
        create_or_migrate_schema();
        purge_finished_actions();
        // Every accepted action is inserted: prepare that statement once.
        if (sqlite3_prepare_v3(db_, kAppendAction, -1, SQLITE_PREPARE_PERSISTENT, &append_action_,
                               nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db_));
        if (wal) checkpointer_ = std::make_unique<WalCheckpointer>(path, db_);
    } catch (...) {
        sqlite3_finalize(append_action_);
        sqlite3_close(db_);
        throw;
    }
}

void Store::create_or_migrate_schema() {
    long found = 0;
    bool migrate = false;  // version 0 with its `actions` table, rather than a new file
    {
        Statement version(db_, "PRAGMA user_version");
        found = version.step() ? version.integer(0) : 0;
        Statement old_actions(
            db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'actions'");
        migrate = old_actions.step();
    }  // (finalized: a table with a statement open on it cannot be dropped)
    if (found == kSchemaVersion) return;
    if (found > kSchemaVersion)
        throw std::runtime_error("the database is of a newer schema (version " +
                                 std::to_string(found) + ") than this server knows");
    exec("BEGIN");
    try {
        exec(
            "CREATE TABLE IF NOT EXISTS tables ("
            " id INTEGER PRIMARY KEY, options TEXT NOT NULL, host TEXT NOT NULL,"
            " started INTEGER NOT NULL DEFAULT 0, game_options TEXT,"
            " finished INTEGER NOT NULL DEFAULT 0,"
            " record TEXT, created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,"
            " action_floor INTEGER NOT NULL DEFAULT 0)");
        exec(
            "CREATE TABLE IF NOT EXISTS seats ("
            " table_id INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,"
            " token TEXT NOT NULL, bot INTEGER NOT NULL, PRIMARY KEY (table_id, seat))");
        // AUTOINCREMENT: ids never go back, even when the purge has emptied the log, so a
        // table's floor stays below all of its actions.
        exec(
            "CREATE TABLE action_log ("
            " id INTEGER PRIMARY KEY AUTOINCREMENT, table_id INTEGER NOT NULL,"
            " idx INTEGER NOT NULL, action TEXT NOT NULL)");
        if (migrate) {
            // Version 0 kept every action in `actions`, keyed by (table_id, idx). The actions of
            // unfinished games move to the log in order; every floor is 0, the log's start.
            exec("ALTER TABLE tables ADD COLUMN action_floor INTEGER NOT NULL DEFAULT 0");
            exec(
                "INSERT INTO action_log (table_id, idx, action)"
                " SELECT a.table_id, a.idx, a.action FROM actions a"
                " JOIN tables t ON t.id = a.table_id WHERE t.finished = 0"
                " ORDER BY a.table_id, a.idx");
            exec("DROP TABLE actions");
        }
        exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
        exec("COMMIT");
    } catch (...) {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

long Store::next_log_row() {
    Statement seq(db_, "SELECT seq FROM sqlite_sequence WHERE name = 'action_log'");
    return (seq.step() ? seq.integer(0) : 0) + 1;
}

long Store::lowest_floor() {
    Statement floor(db_, "SELECT MIN(action_floor) FROM tables WHERE started = 1 AND finished = 0");
    if (floor.step() && !floor.is_null(0)) return floor.integer(0);
    return next_log_row();  // no game being played: none of the log is needed
}

void Store::purge_finished_actions() {
    // Every game's actions lie at or above its floor; below the lowest floor of the games
    // still being played are only finished games' actions, whose records are kept whole in
    // `tables`. A range at the log's start: quick to delete.
    Statement(db_, "DELETE FROM action_log WHERE id < ?").bind(1, lowest_floor()).step();
}

Store::~Store() {
    checkpointer_.reset();  // before the close, which runs the last checkpoint
    sqlite3_finalize(append_action_);
    sqlite3_close(db_);
}

void Store::exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
        std::string why = error ? error : "unknown error";
        sqlite3_free(error);
        throw std::runtime_error(std::string("sqlite: ") + why);
    }
}

std::string Store::journal_mode(const char* mode) {
    Statement pragma(db_, (std::string("PRAGMA journal_mode=") + mode).c_str());
    return pragma.step() ? pragma.text(0) : std::string();
}

long Store::checkpoints() const {
    return checkpointer_ ? checkpointer_->checkpoints() : 0;
}

long Store::create_table(const std::string& options_json, const std::string& host) {
    std::lock_guard lock(mutex_);
    Statement(db_, "INSERT INTO tables (options, host) VALUES (?, ?)")
        .bind(1, options_json)
        .bind(2, host)
        .step();
    return long(sqlite3_last_insert_rowid(db_));
}

void Store::save_seat(long table, const StoredSeat& seat) {
    std::lock_guard lock(mutex_);
    Statement(
        db_,
        "INSERT OR REPLACE INTO seats (table_id, seat, name, token, bot) VALUES (?, ?, ?, ?, ?)")
        .bind(1, table)
        .bind(2, long(seat.seat))
        .bind(3, seat.name)
        .bind(4, seat.token)
        .bind(5, long(seat.bot))
        .step();
}

void Store::remove_seat(long table, int seat) {
    std::lock_guard lock(mutex_);
    Statement(db_, "DELETE FROM seats WHERE table_id = ? AND seat = ?")
        .bind(1, table)
        .bind(2, long(seat))
        .step();
}

void Store::mark_started(long table, const std::string& game_options_json) {
    std::lock_guard lock(mutex_);
    // Its actions come after this (a waiting table has none).
    const long floor = next_log_row();
    Statement(db_, "UPDATE tables SET started = 1, game_options = ?, action_floor = ? WHERE id = ?")
        .bind(1, game_options_json)
        .bind(2, floor)
        .bind(3, table)
        .step();
    next_index_[table] = 0;
}

void Store::append_actions(const std::vector<StoredAction>& actions) {
    std::lock_guard lock(mutex_);
    // Each action must be the next of its table: checked before anything is written, so that
    // a refused batch leaves the log (and the counts) as they were.
    std::unordered_map<long, long> next;
    for (const StoredAction& a : actions) {
        auto [it, first] = next.try_emplace(a.table, 0);
        if (first) {
            const auto known = next_index_.find(a.table);
            if (known == next_index_.end())  // its actions would lie below its floor
                throw std::invalid_argument("table " + std::to_string(a.table) +
                                            " is not being played");
            it->second = known->second;
        }
        if (a.index != it->second)
            throw std::invalid_argument("table " + std::to_string(a.table) + ": action " +
                                        std::to_string(a.index) + " stored, but " +
                                        std::to_string(it->second) + " is next");
        ++it->second;
    }
    exec("BEGIN");
    try {
        for (const StoredAction& a : actions)
            Statement(db_, append_action_)
                .bind(1, a.table)
                .bind(2, a.index)
                .bind(3, a.action_json)
                .step();
        exec("COMMIT");
    } catch (...) {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
    for (const auto& [table, index] : next)
        next_index_[table] = index;
}

void Store::finish(long table, const std::string& record_json) {
    std::lock_guard lock(mutex_);
    next_index_.erase(table);
    Statement(db_, "UPDATE tables SET finished = 1, record = ? WHERE id = ?")
        .bind(1, record_json)
        .bind(2, table)
        .step();
}

std::vector<StoredTable> Store::unfinished_tables() {
    std::lock_guard lock(mutex_);
    std::vector<StoredTable> tables;
    Statement t(db_,
                "SELECT id, options, game_options, host, started FROM tables WHERE finished = 0 "
                "ORDER BY id");
    while (t.step())
        tables.push_back(
            StoredTable{t.integer(0), t.text(1), t.text(2), t.text(3), t.integer(4) != 0, {}, {}});
    std::unordered_map<long, StoredTable*> by_id;
    for (StoredTable& table : tables) {
        by_id[table.id] = &table;
        Statement s(db_,
                    "SELECT seat, name, token, bot FROM seats WHERE table_id = ? ORDER BY seat");
        s.bind(1, table.id);
        while (s.step())
            table.seats.push_back(
                StoredSeat{int(s.integer(0)), s.text(1), s.text(2), s.integer(3) != 0});
    }
    // One pass over the log from the lowest floor: each row goes to its table, in order.
    std::unordered_set<long> damaged;
    Statement a(db_, "SELECT table_id, idx, action FROM action_log WHERE id >= ? ORDER BY id");
    a.bind(1, lowest_floor());
    while (a.step()) {
        const auto it = by_id.find(a.integer(0));
        if (it == by_id.end() || damaged.contains(it->first)) continue;  // a finished game's
        std::vector<std::string>& actions = it->second->actions;
        if (a.integer(1) != long(actions.size())) {
            // append_actions never writes a gap: the file was damaged. Such a game is left
            // out (and kept in the file) rather than replayed with a hole in it.
            spdlog::error("table {}: cannot restore: stored action {} follows action {}", it->first,
                          a.integer(1), long(actions.size()) - 1);
            damaged.insert(it->first);
            continue;
        }
        actions.push_back(a.text(2));
    }
    std::erase_if(tables, [&](const StoredTable& table) { return damaged.contains(table.id); });
    for (const StoredTable& table : tables)
        if (table.started) next_index_[table.id] = long(table.actions.size());
    return tables;
}

std::optional<std::string> Store::finished_record(long table) {
    std::lock_guard lock(mutex_);
    Statement s(db_, "SELECT record FROM tables WHERE id = ? AND finished = 1");
    s.bind(1, table);
    if (!s.step()) return std::nullopt;
    return s.text(0);
}

std::vector<long> Store::finished_ids(int limit) {
    std::lock_guard lock(mutex_);
    std::vector<long> ids;
    Statement s(db_, "SELECT id FROM tables WHERE finished = 1 ORDER BY id DESC LIMIT ?");
    s.bind(1, long(limit));
    while (s.step())
        ids.push_back(s.integer(0));
    return ids;
}

}  // namespace niagara::server
