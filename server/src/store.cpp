#include "store.hpp"

#include <sqlite3.h>

#include <stdexcept>

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
    "INSERT INTO actions (table_id, idx, action) VALUES (?, ?, ?)";

}  // namespace

Store::Store(const std::string& path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
        std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open database " + path + ": " + why);
    }
    sqlite3_busy_timeout(db_, 5000);
    const bool wal = journal_mode("WAL") == "wal";  // not for an in-memory database
    exec("PRAGMA synchronous=NORMAL");
    exec(
        "CREATE TABLE IF NOT EXISTS tables ("
        " id INTEGER PRIMARY KEY, options TEXT NOT NULL, host TEXT NOT NULL,"
        " started INTEGER NOT NULL DEFAULT 0, game_options TEXT,"
        " finished INTEGER NOT NULL DEFAULT 0,"
        " record TEXT, created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)");
    exec(
        "CREATE TABLE IF NOT EXISTS seats ("
        " table_id INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,"
        " token TEXT NOT NULL, bot INTEGER NOT NULL, PRIMARY KEY (table_id, seat))");
    exec(
        "CREATE TABLE IF NOT EXISTS actions ("
        " table_id INTEGER NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,"
        " PRIMARY KEY (table_id, idx))");
    // Every accepted action is inserted: prepare that statement once.
    if (sqlite3_prepare_v3(db_, kAppendAction, -1, SQLITE_PREPARE_PERSISTENT, &append_action_,
                           nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db_));
    if (wal) checkpointer_ = std::make_unique<WalCheckpointer>(path, db_);
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
    Statement(db_, "UPDATE tables SET started = 1, game_options = ? WHERE id = ?")
        .bind(1, game_options_json)
        .bind(2, table)
        .step();
}

void Store::append_actions(const std::vector<StoredAction>& actions) {
    std::lock_guard lock(mutex_);
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
}

void Store::finish(long table, const std::string& record_json) {
    std::lock_guard lock(mutex_);
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
    for (StoredTable& table : tables) {
        Statement s(db_,
                    "SELECT seat, name, token, bot FROM seats WHERE table_id = ? ORDER BY seat");
        s.bind(1, table.id);
        while (s.step())
            table.seats.push_back(
                StoredSeat{int(s.integer(0)), s.text(1), s.text(2), s.integer(3) != 0});
        Statement a(db_, "SELECT action FROM actions WHERE table_id = ? ORDER BY idx");
        a.bind(1, table.id);
        while (a.step())
            table.actions.push_back(a.text(0));
    }
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
