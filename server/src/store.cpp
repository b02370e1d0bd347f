#include "store.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include <spdlog/spdlog.h>

#include "wal_checkpointer.hpp"

namespace niagara::server {
namespace {

// A prepared statement that finalizes itself, or a kept one (for the hot path) that it resets
// for the next use (after an error too).
class Statement {
  public:
    Statement(sqlite3* db, const char* sql) : db_(db), owned_(true) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
            throw StoreError(std::string("sqlite prepare: ") + sqlite3_errmsg(db));
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
    Statement& bind_id(int i, long id) {  // an id, or NULL for 0 (none)
        if (id == 0) sqlite3_bind_null(stmt_, i);
        else sqlite3_bind_int64(stmt_, i, id);
        return *this;
    }
    Statement& bind(int i, double v) {
        sqlite3_bind_double(stmt_, i, v);
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
        throw StoreError(std::string("sqlite step: ") + sqlite3_errmsg(db_));
    }
    long integer(int col) { return long(sqlite3_column_int64(stmt_, col)); }
    double real(int col) { return sqlite3_column_double(stmt_, col); }
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

constexpr int kSchemaVersion = 7;

// PRAGMA quick_check reads every page of the file. With 5,000 finished games (a 104 MB file)
// it took 53-140 ms with the file in the page cache, but 2.9 s from the disk (after a reboot),
// and it grows with the file: it runs only when the last stop was not clean.
constexpr bool kQuickCheckEveryStart = false;

// ---- the write-ahead log's format (https://www.sqlite.org/fileformat2.html#walformat) -------

std::uint32_t be32(const unsigned char* p) {
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) |
           std::uint32_t(p[3]);
}

std::uint32_t le32(const unsigned char* p) {
    return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) |
           (std::uint32_t(p[3]) << 24);
}

// The log's running checksum: pairs of 32-bit words, in the byte order the magic number names.
struct WalChecksum {
    std::uint32_t s0 = 0, s1 = 0;
    void add(const unsigned char* data, std::size_t n, bool big_endian) {
        for (std::size_t i = 0; i + 8 <= n; i += 8) {
            s0 += (big_endian ? be32(data + i) : le32(data + i)) + s1;
            s1 += (big_endian ? be32(data + i + 4) : le32(data + i + 4)) + s0;
        }
    }
    bool equals(const unsigned char* stored) const {
        return s0 == be32(stored) && s1 == be32(stored + 4);
    }
};

constexpr std::size_t kWalHeader = 32;
constexpr std::size_t kFrameHeader = 24;

// Makes a file's creation or removal durable.
void sync_directory_of(const std::string& path) {
    const auto dir = std::filesystem::absolute(path).parent_path();
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

std::string file_name(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

}  // namespace

WalInspection inspect_wal(const std::string& wal_path) {
    WalInspection w;
    std::error_code ec;
    if (!std::filesystem::exists(wal_path, ec)) return w;
    w.exists = true;
    w.bytes = (long long)std::filesystem::file_size(wal_path, ec);
    if (ec) throw StoreRefused("cannot read " + wal_path + ": " + ec.message());
    std::ifstream in(wal_path, std::ios::binary);
    if (!in) throw StoreRefused("cannot read " + wal_path);
    unsigned char header[kWalHeader];
    if (w.bytes < (long long)kWalHeader ||
        !in.read(reinterpret_cast<char*>(header), std::streamsize(kWalHeader)))
        return w;  // no header: SQLite takes the log for empty
    const std::uint32_t magic = be32(header);
    const bool big_endian = (magic & 1) != 0;
    const std::uint32_t page = be32(header + 8);
    WalChecksum sum;
    sum.add(header, 24, big_endian);
    w.header_valid = (magic & ~1u) == 0x377f0682 && be32(header + 4) == 3007000 && page >= 512 &&
                     page <= 65536 && (page & (page - 1)) == 0 && sum.equals(header + 24);
    if (!w.header_valid) return w;

    const std::size_t frame_size = kFrameHeader + page;
    w.frames = long((std::size_t(w.bytes) - kWalHeader) / frame_size);
    std::vector<unsigned char> frame(frame_size);
    // Each frame's checksum continues the one stored in the frame before it (the header's for
    // the first). SQLite replays the frames from the first while each has the header's salts,
    // a page number and a checksum that follows; it stops at the first that does not.
    std::uint32_t previous[2] = {be32(header + 24), be32(header + 28)};
    for (long i = 1; i <= w.frames; ++i) {
        if (!in.read(reinterpret_cast<char*>(frame.data()), std::streamsize(frame_size))) {
            w.frames = i - 1;
            break;
        }
        WalChecksum local{previous[0], previous[1]};
        local.add(frame.data(), 8, big_endian);
        local.add(frame.data() + kFrameHeader, page, big_endian);
        const bool follows = std::memcmp(frame.data() + 8, header + 16, 8) == 0 &&
                             be32(frame.data()) != 0 && local.equals(frame.data() + 16);
        const bool commit = be32(frame.data() + 4) != 0;
        if (!w.first_bad) {
            if (!follows)
                w.first_bad = i;
            else if (commit)
                w.replayed = i;
        } else if (follows && commit) {
            // Its checksum follows from the stored one of the frame before it: written in this
            // cycle after the bad frame, and committed.
            ++w.lost_commits;
        }
        previous[0] = be32(frame.data() + 16);
        previous[1] = be32(frame.data() + 20);
    }
    return w;
}

void Store::rollback_if_open() noexcept {
    if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

// One transaction. SQLite may have rolled it back itself when a statement failed (a full disk
// can do that), so the rollback here is only of a transaction still open; and one a failure
// left open before is ended first, so that it cannot make every later write fail.
template <typename F>
void Store::write(F&& body) {
    rollback_if_open();
    exec("BEGIN IMMEDIATE");
    try {
        body();
        exec("COMMIT");
    } catch (...) {
        rollback_if_open();
        throw;
    }
}

Store::Store(const std::string& path, StoreOptions options) : path_(path), options_(options) {
    const bool file = !path.empty() && path != ":memory:" && path.rfind("file:", 0) != 0;
    bool unclean = false;  // PATH.running was there: the last stop was not clean
    if (file) {
        check_files_before_open(unclean);
        make_files_private();
    }
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
        std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw StoreError("cannot open database " + path + ": " + why);
    }
    // A constructor that throws runs no destructor: what is open so far is closed here.
    try {
        sqlite3_busy_timeout(db_, 5000);
        wal_ = file && journal_mode("WAL") == "wal";
        exec("PRAGMA synchronous=NORMAL");
        // The log is never cut short while the server runs (only the clean close truncates
        // it): after a crash, a missing or empty log is a lost one (check_files_before_open).
        exec("PRAGMA journal_size_limit=-1");
        if (wal_ && (unclean || kQuickCheckEveryStart)) quick_check();
        create_or_migrate_schema();
        purge_finished_actions();
        if (wal_) {
            // A commit before PATH.running exists: from here on, until the clean close, the
            // log is never empty (a checkpoint restarts it from its start, never shortens it).
            write([&] {
                Statement(db_,
                          "INSERT OR REPLACE INTO meta (key, value)"
                          " VALUES ('last_start', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))")
                    .step();
            });
            mark_running();
        }
        // Every accepted action is inserted: prepare that statement once.
        if (sqlite3_prepare_v3(db_, kAppendAction, -1, SQLITE_PREPARE_PERSISTENT, &append_action_,
                               nullptr) != SQLITE_OK)
            throw StoreError(std::string("sqlite prepare: ") + sqlite3_errmsg(db_));
        if (wal_)
            checkpointer_ = std::make_unique<WalCheckpointer>(path, db_, options.checkpoint_pages);
    } catch (...) {
        sqlite3_finalize(append_action_);
        // Refused or failed: the files stay as they were (no checkpoint of the log on close).
        sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
        sqlite3_close(db_);
        throw;
    }
}

// The database holds the seats' tokens: its files are the server's alone (0600), whatever the
// umask. A new file is created so before SQLite opens it (SQLite gives the -wal and -shm files
// the database file's mode); the files of an older server (0644) are made private.
void Store::make_files_private() {
    if (!std::filesystem::exists(path_)) {
        const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0) ::close(fd);  // an empty file is an empty database
    }
    for (const std::string& name : {path_, path_ + "-wal", path_ + "-shm"}) {
        struct stat st {};
        if (::stat(name.c_str(), &st) != 0 || (st.st_mode & 0077) == 0) continue;
        if (::chmod(name.c_str(), 0600) == 0)
            spdlog::warn("{} was readable by others (mode {:o}): made private (0600)",
                         file_name(name), st.st_mode & 0777);
        else
            spdlog::warn("{} is readable by others (mode {:o}) and cannot be made private: {}",
                         file_name(name), st.st_mode & 0777, std::strerror(errno));
    }
}

void Store::check_files_before_open(bool& unclean) {
    const std::string wal_path = path_ + "-wal";
    const std::string marker = path_ + ".running";
    const std::string name = file_name(path_);
    std::error_code ec;
    unclean = std::filesystem::exists(marker, ec);
    const WalInspection wal = inspect_wal(wal_path);
    std::string why;  // what would be lost, if anything
    if (!std::filesystem::exists(path_, ec)) {
        if (unclean || wal.bytes >= (long long)kWalHeader)
            why = path_ + " is missing, but " +
                  (unclean ? marker + " says the server that used it did not stop cleanly"
                           : wal_path + " holds its latest commits");
    } else if (wal.exists && wal.bytes > (long long)kWalHeader && !wal.header_valid) {
        why = "the header of " + wal_path + " is damaged: SQLite would ignore all of the log (" +
              std::to_string(wal.bytes) + " bytes)";
    } else if (wal.lost_commits > 0) {
        why = wal_path + " is damaged: frame " + std::to_string(wal.first_bad) + " of " +
              std::to_string(wal.frames) + " fails its checksum, and " +
              std::to_string(wal.lost_commits) + " later commits would be dropped with it";
    } else if (unclean && wal.bytes < (long long)kWalHeader) {
        why = "the server did not stop cleanly (" + marker + " is there) and " + wal_path + " is " +
              (wal.exists ? "empty" : "missing") +
              ": the commits made since the last checkpoint would be lost";
    }
    if (why.empty()) {
        if (unclean)
            spdlog::warn("{}: the last stop was not clean; {} frames of {} are replayed", name,
                         wal.replayed, file_name(wal_path));
        return;
    }
    if (!options_.accept_data_loss)
        throw StoreRefused(why + ".\nPut back the " + file_name(wal_path) + " that belongs with " +
                           name + " if you have it, or restore a backup: put it in place as " +
                           name + " and remove " + file_name(wal_path) + ", " + name + "-shm and " +
                           file_name(marker) + ".");
    // Accepted: a damaged log is kept aside for whoever wants to look at it.
    if (wal.exists && wal.bytes > (long long)kWalHeader) {
        const std::string kept =
            wal_path + ".damaged-" +
            std::to_string(std::chrono::system_clock::now().time_since_epoch().count());
        std::filesystem::copy_file(wal_path, kept, ec);
        if (!ec) why += " (a copy of the log is kept as " + kept + ")";
    }
    spdlog::error("{}; starting anyway, as asked: what was lost stays lost", why);
}

void Store::quick_check() {
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> problems;
    try {
        Statement check(db_, "PRAGMA quick_check(5)");
        while (check.step())
            problems.push_back(check.text(0));
    } catch (const StoreError& e) {
        problems = {e.what()};
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    if (problems.size() == 1 && problems.front() == "ok") {
        spdlog::info("{}: quick_check ok ({} ms)", file_name(path_), ms);
        return;
    }
    std::string found;
    for (const std::string& p : problems)
        found += "\n  " + p;
    const std::string why = path_ + " is damaged (PRAGMA quick_check):" + found;
    if (options_.accept_data_loss) {
        spdlog::error("{}\nstarting anyway, as asked", why);
        return;
    }
    const std::string name = file_name(path_);
    throw StoreRefused(why + "\nRestore a backup: put it in place as " + name + " and remove " +
                       name + "-wal, " + name + "-shm and " + name +
                       ".running; or save what can be read with sqlite3 " + name + " .recover.");
}

void Store::mark_running() {
    const std::string marker = path_ + ".running";
    const int fd = ::open(marker.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) throw StoreError("cannot create " + marker + ": " + std::strerror(errno));
    const std::string text =
        "niagara-server (pid " + std::to_string(::getpid()) +
        ") has this database open, or stopped without closing it: the latest commits may be "
        "only in " +
        file_name(path_) + "-wal\n";
    const bool written =
        ::write(fd, text.data(), text.size()) == ssize_t(text.size()) && ::fsync(fd) == 0;
    const int error = errno;
    ::close(fd);
    if (!written) throw StoreError("cannot write " + marker + ": " + std::strerror(error));
    sync_directory_of(marker);
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
    if (found > kSchemaVersion)
        throw StoreError("the database is of a newer schema (version " + std::to_string(found) +
                         ") than this server knows");
    write([&] {
        // Every start: a server of version 2 before the `meta` table ignores it.
        exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
        if (found == kSchemaVersion) return;
        // The last step of every migration: the seats of older versions gain their account.
        const auto done = [&] {
            if (!has_column("seats", "account")) exec("ALTER TABLE seats ADD COLUMN account INTEGER");
            exec("CREATE INDEX IF NOT EXISTS seats_by_account ON seats (account)");
            exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
        };
        // Version 7 keeps chat links (chat_links.hpp): a hash of each key, its account, when it
        // was made (the oldest of an account's give way).
        exec(
            "CREATE TABLE IF NOT EXISTS chat_links ("
            " key_hash TEXT PRIMARY KEY, account INTEGER NOT NULL, created INTEGER NOT NULL)");
        exec("CREATE INDEX IF NOT EXISTS chat_links_by_account ON chat_links (account)");
        if (found == 6) return done();
        // Version 6 rates the games of registered players: each account's rating per variant
        // now, and its place and rating after each rated game (its history). A seat keeps the
        // account that sat there (`seats.account`, NULL for a guest or a bot).
        exec(
            "CREATE TABLE IF NOT EXISTS ratings ("
            " account INTEGER NOT NULL, variant TEXT NOT NULL, mu REAL NOT NULL,"
            " sigma REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (account, variant))");
        exec(
            "CREATE TABLE IF NOT EXISTS rated_games ("
            " account INTEGER NOT NULL, table_id INTEGER NOT NULL, variant TEXT NOT NULL,"
            " place INTEGER NOT NULL, players INTEGER NOT NULL, won INTEGER NOT NULL,"
            " mu REAL NOT NULL, sigma REAL NOT NULL,"
            " at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
            " PRIMARY KEY (account, table_id))");
        // ... and the browsers' sessions: a hash of each token, its account, until when
        // (Unix seconds).
        exec(
            "CREATE TABLE IF NOT EXISTS sessions ("
            " token_hash TEXT PRIMARY KEY, account INTEGER NOT NULL, expires INTEGER NOT NULL)");
        exec("CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions (account)");
        if (found == 5) return done();
        // Version 5 keeps accounts: a registered name and its password's hash, and the keys the
        // name is held under (one account per key: no two accounts look alike).
        exec(
            "CREATE TABLE IF NOT EXISTS accounts ("
            " id INTEGER PRIMARY KEY, name TEXT NOT NULL, password_hash TEXT NOT NULL,"
            " created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)");
        exec(
            "CREATE TABLE IF NOT EXISTS account_keys ("
            " key TEXT PRIMARY KEY, account INTEGER NOT NULL REFERENCES accounts (id))");
        if (found == 4) return done();
        // Version 4 keeps the tables' info and chat lines across a restart.
        exec(
            "CREATE TABLE IF NOT EXISTS table_lines ("
            " id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL,"
            " after_action INTEGER NOT NULL, line TEXT NOT NULL)");
        exec("CREATE INDEX IF NOT EXISTS table_lines_by_table ON table_lines (table_id, id)");
        if (found == 3) return done();
        if (found == 2) {
            // Version 3 keeps a conceded seat conceded across a restart. A seat conceded under
            // version 2 was stored as a bot's under a fresh token, and stays so.
            exec("ALTER TABLE seats ADD COLUMN conceded INTEGER NOT NULL DEFAULT 0");
            return done();
        }
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
            " token TEXT NOT NULL, bot INTEGER NOT NULL,"
            " conceded INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat))");
        // Version 0's seats (kept by CREATE ... IF NOT EXISTS) lack the column.
        if (!has_column("seats", "conceded"))
            exec("ALTER TABLE seats ADD COLUMN conceded INTEGER NOT NULL DEFAULT 0");
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
        done();
    });
}

bool Store::has_column(const char* table, const char* column) {
    Statement columns(db_, (std::string("PRAGMA table_info(") + table + ")").c_str());
    while (columns.step())
        if (columns.text(1) == column) return true;
    return false;
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
    write([&] {
        Statement(db_, "DELETE FROM action_log WHERE id < ?").bind(1, lowest_floor()).step();
    });
}

Store::~Store() {
    checkpointer_.reset();  // before the last checkpoints, on this connection
    sqlite3_finalize(append_action_);
    if (wal_) close_cleanly();
    sqlite3_close(db_);
}

// Nothing is written any more: the whole log goes into the main file, which is synced; only
// then is PATH.running removed (and that made durable), and the log truncated. A crash at any
// point leaves either PATH.running with the log whole, or the main file complete.
void Store::close_cleanly() noexcept {
    const std::string name = file_name(path_);
    sqlite3_busy_timeout(db_, 2000);  // a reader of another process (a live backup) may hold it
    int frames = -1, copied = -1;
    int rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_FULL, &frames, &copied);
    if (rc != SQLITE_OK || frames != copied) {
        spdlog::warn(
            "closing {}: the log could not be copied into it ({}; {} of {} frames): keep "
            "{}-wal with it",
            name, rc == SQLITE_OK ? "a reader held it" : sqlite3_errmsg(db_), copied, frames, name);
        return;  // PATH.running stays: the main file alone is not complete
    }
    std::error_code ec;
    std::filesystem::remove(path_ + ".running", ec);
    if (ec) {
        spdlog::warn("closing {}: cannot remove {}.running: {}", name, name, ec.message());
        return;
    }
    sync_directory_of(path_);
    rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, &frames, &copied);
    if (rc != SQLITE_OK)
        spdlog::warn("closing {}: the log is copied but not truncated: {}", name,
                     sqlite3_errmsg(db_));
    spdlog::info("closed {}: it holds every commit", name);
}

void Store::exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
        std::string why = error ? error : sqlite3_errmsg(db_);
        sqlite3_free(error);
        throw StoreError(std::string("sqlite: ") + why);
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
    long id = 0;
    write([&] {
        Statement(db_, "INSERT INTO tables (options, host) VALUES (?, ?)")
            .bind(1, options_json)
            .bind(2, host)
            .step();
        id = long(sqlite3_last_insert_rowid(db_));
    });
    return id;
}

void Store::save_seat(long table, const StoredSeat& seat) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_,
                  "INSERT OR REPLACE INTO seats (table_id, seat, name, token, bot, conceded, account)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?)")
            .bind(1, table)
            .bind(2, long(seat.seat))
            .bind(3, seat.name)
            .bind(4, seat.token)
            .bind(5, seat.bot ? 1L + seat.bot_level : 0L)
            .bind(6, seat.conceded ? 1L : 0L)
            .bind_id(7, seat.account)
            .step();
    });
}

void Store::remove_seat(long table, int seat) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_, "DELETE FROM seats WHERE table_id = ? AND seat = ?")
            .bind(1, table)
            .bind(2, long(seat))
            .step();
    });
}

void Store::mark_started(long table, const std::string& game_options_json) {
    std::lock_guard lock(mutex_);
    write([&] {
        // Its actions come after this (a waiting table has none).
        const long floor = next_log_row();
        Statement(db_,
                  "UPDATE tables SET started = 1, game_options = ?, action_floor = ? WHERE id = ?")
            .bind(1, game_options_json)
            .bind(2, floor)
            .bind(3, table)
            .step();
    });
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
    write([&] {
        for (const StoredAction& a : actions)
            Statement(db_, append_action_)
                .bind(1, a.table)
                .bind(2, a.index)
                .bind(3, a.action_json)
                .step();
    });
    for (const auto& [table, index] : next)
        next_index_[table] = index;
}

void Store::add_line(long table, long after_action, const std::string& line_json, int keep) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_, "INSERT INTO table_lines (table_id, after_action, line) VALUES (?, ?, ?)")
            .bind(1, table)
            .bind(2, after_action)
            .bind(3, line_json)
            .step();
        // The table's newest `keep` lines stay: a chat flood grows nothing.
        Statement(db_,
                  "DELETE FROM table_lines WHERE table_id = ?1 AND id <= (SELECT id FROM"
                  " table_lines WHERE table_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)")
            .bind(1, table)
            .bind(2, long(std::max(keep, 0)))
            .step();
    });
}

void Store::finish(long table, const std::string& record_json,
                   const std::vector<RatedPlace>& rated) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_, "UPDATE tables SET finished = 1, record = ? WHERE id = ?")
            .bind(1, record_json)
            .bind(2, table)
            .step();
        for (const RatedPlace& r : rated) {
            Statement(db_,
                      "INSERT OR REPLACE INTO ratings (account, variant, mu, sigma, games)"
                      " VALUES (?, ?, ?, ?, ?)")
                .bind(1, r.account)
                .bind(2, r.variant)
                .bind(3, r.mu)
                .bind(4, r.sigma)
                .bind(5, r.games)
                .step();
            Statement(db_,
                      "INSERT OR REPLACE INTO rated_games"
                      " (account, table_id, variant, place, players, won, mu, sigma)"
                      " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(1, r.account)
                .bind(2, table)
                .bind(3, r.variant)
                .bind(4, long(r.place))
                .bind(5, long(r.players))
                .bind(6, r.won ? 1L : 0L)
                .bind(7, r.mu)
                .bind(8, r.sigma)
                .step();
        }
        // The record has the game; the lines were for those coming back to it.
        Statement(db_, "DELETE FROM table_lines WHERE table_id = ?").bind(1, table).step();
    });
    next_index_.erase(table);  // only now: a failed finish leaves the game playable
}

void Store::close(long table) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_, "UPDATE tables SET finished = 2 WHERE id = ?").bind(1, table).step();
        Statement(db_, "DELETE FROM table_lines WHERE table_id = ?").bind(1, table).step();
    });
    next_index_.erase(table);
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
                    "SELECT seat, name, token, bot, conceded, account FROM seats WHERE table_id = ?"
                    " ORDER BY seat");
        s.bind(1, table.id);
        while (s.step()) {
            const long bot = s.integer(3);
            table.seats.push_back(StoredSeat{int(s.integer(0)), s.text(1), s.text(2), bot != 0,
                                             bot > 1 ? int(bot - 1) : 0, s.integer(4) != 0,
                                             s.integer(5)});
        }
    }
    Statement lines(db_,
                    "SELECT l.table_id, l.after_action, l.line FROM table_lines l"
                    " JOIN tables t ON t.id = l.table_id WHERE t.finished = 0"
                    " ORDER BY l.table_id, l.id");
    while (lines.step())
        if (const auto it = by_id.find(lines.integer(0)); it != by_id.end())
            it->second->lines.push_back(StoredLine{lines.integer(1), lines.text(2)});
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

std::vector<StoredSeat> Store::finished_seats(long table) {
    std::lock_guard lock(mutex_);
    std::vector<StoredSeat> seats;
    Statement s(db_,
                "SELECT s.seat, s.name, s.bot, s.account FROM seats s"
                " JOIN tables t ON t.id = s.table_id"
                " WHERE s.table_id = ? AND t.finished = 1 ORDER BY s.seat");
    s.bind(1, table);
    while (s.step()) {
        const long bot = s.integer(2);
        seats.push_back(StoredSeat{int(s.integer(0)), s.text(1), {}, bot != 0,
                                   bot > 1 ? int(bot - 1) : 0, false, s.integer(3)});
    }
    return seats;
}

std::vector<StoredAccount> Store::accounts() {
    std::lock_guard lock(mutex_);
    std::vector<StoredAccount> out;
    Statement s(db_, "SELECT id, name, password_hash FROM accounts ORDER BY id");
    while (s.step())
        out.push_back(StoredAccount{s.integer(0), s.text(1), s.text(2), {}});
    Statement keys(db_, "SELECT key, account FROM account_keys");
    while (keys.step()) {
        const long id = keys.integer(1);
        for (StoredAccount& a : out)
            if (a.id == id) a.keys.push_back(keys.text(0));
    }
    return out;
}

bool Store::create_account(StoredAccount& account) {
    std::lock_guard lock(mutex_);
    bool created = false;
    write([&] {
        for (const std::string& key : account.keys) {
            Statement taken(db_, "SELECT 1 FROM account_keys WHERE key = ?");
            taken.bind(1, key);
            if (taken.step()) return;
        }
        Statement(db_, "INSERT INTO accounts (name, password_hash) VALUES (?, ?)")
            .bind(1, account.name)
            .bind(2, account.password_hash)
            .step();
        account.id = long(sqlite3_last_insert_rowid(db_));
        for (const std::string& key : account.keys)
            Statement(db_, "INSERT OR IGNORE INTO account_keys (key, account) VALUES (?, ?)")
                .bind(1, key)
                .bind(2, account.id)
                .step();
        created = true;
    });
    return created;
}

void Store::set_password_hash(long account, const std::string& password_hash) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_, "UPDATE accounts SET password_hash = ? WHERE id = ?")
            .bind(1, password_hash)
            .bind(2, account)
            .step();
    });
}

void Store::delete_account(long account) {
    std::lock_guard lock(mutex_);
    write([&] {
        // Its games stay, their seats no longer anyone's and, once finished, nameless: shown as
        // "deleted player" (a name is no one's for good: another may register it). Its
        // ratings, history and sessions go.
        Statement(db_, "DELETE FROM sessions WHERE account = ?").bind(1, account).step();
        Statement(db_, "DELETE FROM chat_links WHERE account = ?").bind(1, account).step();
        Statement(db_,
                  "UPDATE seats SET name = '' WHERE account = ?"
                  " AND table_id IN (SELECT id FROM tables WHERE finished = 1)")
            .bind(1, account)
            .step();
        Statement(db_, "UPDATE seats SET account = NULL WHERE account = ?").bind(1, account).step();
        Statement(db_, "DELETE FROM ratings WHERE account = ?").bind(1, account).step();
        Statement(db_, "DELETE FROM rated_games WHERE account = ?").bind(1, account).step();
        Statement(db_, "DELETE FROM account_keys WHERE account = ?").bind(1, account).step();
        Statement(db_, "DELETE FROM accounts WHERE id = ?").bind(1, account).step();
    });
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

void Store::add_session(const std::string& token_hash, long account, long expires) {
    std::lock_guard lock(mutex_);
    write([&] {
        // The expired go as new ones come: the table never holds more than the live ones.
        Statement(db_, "DELETE FROM sessions WHERE expires <= strftime('%s', 'now')").step();
        // At most kMostSessions per account: its oldest give way (each login may open one).
        Statement(db_,
                  "DELETE FROM sessions WHERE account = ? AND token_hash NOT IN (SELECT token_hash"
                  " FROM sessions WHERE account = ? ORDER BY expires DESC LIMIT ?)")
            .bind(1, account)
            .bind(2, account)
            .bind(3, long(kMostSessions - 1))
            .step();
        Statement(db_, "INSERT OR REPLACE INTO sessions (token_hash, account, expires) VALUES (?, ?, ?)")
            .bind(1, token_hash)
            .bind(2, account)
            .bind(3, expires)
            .step();
    });
}

long Store::session_account(const std::string& token_hash, long now) {
    std::lock_guard lock(mutex_);
    Statement s(db_, "SELECT account FROM sessions WHERE token_hash = ? AND expires > ?");
    s.bind(1, token_hash).bind(2, now);
    return s.step() ? s.integer(0) : 0;
}

void Store::delete_session(const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    write([&] { Statement(db_, "DELETE FROM sessions WHERE token_hash = ?").bind(1, token_hash).step(); });
}

void Store::delete_sessions(long account) {
    std::lock_guard lock(mutex_);
    write([&] { Statement(db_, "DELETE FROM sessions WHERE account = ?").bind(1, account).step(); });
}

void Store::add_chat_link(const std::string& key_hash, long account) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_,
                  "DELETE FROM chat_links WHERE account = ? AND key_hash NOT IN (SELECT key_hash"
                  " FROM chat_links WHERE account = ? ORDER BY created DESC, rowid DESC LIMIT ?)")
            .bind(1, account)
            .bind(2, account)
            .bind(3, long(kMostChatLinks - 1))
            .step();
        Statement(db_,
                  "INSERT OR REPLACE INTO chat_links (key_hash, account, created)"
                  " VALUES (?, ?, strftime('%s', 'now'))")
            .bind(1, key_hash)
            .bind(2, account)
            .step();
    });
}

long Store::chat_link_account(const std::string& key_hash) {
    std::lock_guard lock(mutex_);
    Statement s(db_, "SELECT account FROM chat_links WHERE key_hash = ?");
    s.bind(1, key_hash);
    return s.step() ? s.integer(0) : 0;
}

void Store::delete_chat_link(const std::string& key_hash) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_, "DELETE FROM chat_links WHERE key_hash = ?").bind(1, key_hash).step();
    });
}

void Store::delete_chat_links(long account) {
    std::lock_guard lock(mutex_);
    write([&] {
        Statement(db_, "DELETE FROM chat_links WHERE account = ?").bind(1, account).step();
    });
}

std::vector<StoredRating> Store::ratings() {
    std::lock_guard lock(mutex_);
    std::vector<StoredRating> out;
    Statement s(db_, "SELECT account, variant, mu, sigma, games FROM ratings");
    while (s.step())
        out.push_back(StoredRating{s.integer(0), s.text(1), s.real(2), s.real(3), s.integer(4)});
    return out;
}

std::vector<StoredRatedGame> Store::rated_games(long account, const std::string& variant,
                                                int limit) {
    std::lock_guard lock(mutex_);
    std::vector<StoredRatedGame> out;
    // The newest `limit` games, oldest first, each with its seats: one query, not one per game.
    Statement s(db_,
                "SELECT r.table_id, r.place, r.players, r.won, r.mu, r.sigma, r.at,"
                " s.seat, s.name, s.bot, s.account FROM"
                " (SELECT table_id, place, players, won, mu, sigma, at FROM rated_games"
                "  WHERE account = ? AND variant = ? ORDER BY table_id DESC LIMIT ?) r"
                " LEFT JOIN seats s ON s.table_id = r.table_id ORDER BY r.table_id, s.seat");
    s.bind(1, account).bind(2, variant).bind(3, long(limit));
    while (s.step()) {
        const long table = s.integer(0);
        if (out.empty() || out.back().table != table)
            out.push_back(StoredRatedGame{table, int(s.integer(1)), int(s.integer(2)),
                                          s.integer(3) != 0, s.real(4), s.real(5), s.text(6), {}});
        if (s.is_null(7)) continue;
        const long bot = s.integer(9);
        out.back().seats.push_back(StoredSeat{int(s.integer(7)), s.text(8), {}, bot != 0,
                                              bot > 1 ? int(bot - 1) : 0, false, s.integer(10)});
    }
    return out;
}

}  // namespace niagara::server
