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
// A table's recent log and chat lines (what a player who comes back reads) are kept too, so
// that a restart does not empty its log: the info and chat lines in `table_lines` (the newest
// --table-history of them per table, deleted when the table finishes or closes); the game's
// own lines are not stored but made again from the actions through the engine, as replays are.
// Schema versions (PRAGMA user_version): 0, the first, with an `actions` table, 2, whose
// seats have no `conceded` column, 3, without `table_lines`, 4, without `accounts` and
// `account_keys`, 5, without `ratings`, `rated_games`, `sessions` and `seats.account`, and 6,
// without `chat_links`, are migrated when opened; 7 is this one. The `meta` table
// (one row a start writes) came later within version 2: a server that does not know it
// ignores it.
//
// Errors. Every write either stores all of itself or (it throws StoreError) nothing: it runs in
// one transaction, rolled back on failure, and the Store's own counts change only after the
// commit. A failed write (a full disk, an I/O error, a lock held too long) leaves the Store
// usable: the next write succeeds once the cause is gone. Reads throw StoreError too. A caller's
// mistake (an action that is not its game's next) is std::invalid_argument, thrown before
// anything is written. Store does not count errors (Metrics::storage_errors is the callers').
//
// Opening and closing. While a Store is open, and after a crash, the file PATH.running lies
// beside the database: the main file alone may then lack the latest commits, which are in
// PATH-wal. Opening refuses (StoreRefused) when data would be lost or is damaged:
//   - PATH.running is there (the last stop was not clean) but PATH-wal is missing or empty;
//   - PATH-wal holds commit frames of its current cycle after a frame that fails its checksum
//     (SQLite would replay the log only up to that frame, silently dropping the rest);
//   - PRAGMA quick_check finds the database damaged (only after an unclean stop: it reads the
//     whole file, seconds for a large one that is not in the page cache).
// StoreOptions::accept_data_loss opens anyway (logged as an error). A start always writes one
// commit before it creates PATH.running, so a crash at any moment leaves a non-empty log.
// The files are made private (0600) when opened: they hold the seats' tokens.
// Closing (the destructor) copies the whole log into the main file and syncs it, removes
// PATH.running, then truncates the log (SQLITE_CHECKPOINT_TRUNCATE): after a clean stop the
// main file alone holds everything, and can be copied as a backup.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace niagara::server {

class WalCheckpointer;

// A write (or read) the database failed; see "Errors" above.
class StoreError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Opening refused: committed data would be lost, or the database is damaged. The message names
// the files and what to do.
class StoreRefused : public StoreError {
  public:
    using StoreError::StoreError;
};

struct StoreOptions {
    // Open even when the write-ahead log is missing or damaged or quick_check fails (the
    // server's NIAGARA_ACCEPT_DATA_LOSS=1): what is lost stays lost.
    bool accept_data_loss = false;
    int checkpoint_pages = 1000;  // the log's size that starts a checkpoint (WalCheckpointer)
};

// What a write-ahead log file holds, read from its headers and checksums as SQLite's recovery
// reads them (https://www.sqlite.org/fileformat2.html#walformat).
struct WalInspection {
    bool exists = false;
    long long bytes = 0;
    bool header_valid = false;  // magic, version, page size and the header's checksum
    long frames = 0;            // whole frames in the file
    long replayed = 0;          // frames SQLite replays: the valid chain, to its last commit
    long first_bad = 0;         // the first frame of the chain that fails (1-based), 0: none
    // Commit frames of the log's current cycle (its salts) after `first_bad` whose checksum
    // follows from the frame before them: commits that were written and would not be replayed.
    // Frames of an earlier cycle (left behind when a checkpoint restarted the log) have other
    // salts and do not count.
    long lost_commits = 0;
};
WalInspection inspect_wal(const std::string& wal_path);

struct StoredSeat {
    int seat = 0;
    std::string name;
    std::string token;  // the seat token (the data directory is private to the server)
    bool bot = false;
    // A bot's level (niagara::BotLevel's value: 0 random, 1 greedy, 2 strong), kept in the
    // `bot` column as 1 + level: the bots of databases from before the levels (1) were random.
    int bot_level = 0;
    // Its player conceded (/concede): the server plays it to the end and its token, still
    // held, opens it no more. Column `conceded` (schema version 3).
    bool conceded = false;
    // The account of the person who sat there (column `account`, schema version 6), 0 for a
    // guest or a bot: whose rating and history the game counts in.
    long account = 0;
};

// An info or chat line of a table's log (Table::remember), and where it stood in the game:
// after how many of its actions.
struct StoredLine {
    long after_action = 0;
    std::string line_json;
};

struct StoredTable {
    long id = 0;
    std::string options_json;       // the table's options
    std::string game_options_json;  // the engine options fixed at the start (players, seed)
    std::string host;
    bool started = false;
    std::vector<StoredSeat> seats;
    std::vector<std::string> actions;  // engine action JSON, in order
    std::vector<StoredLine> lines = {};  // its newest info and chat lines, oldest first
};

// A registered name (accounts.hpp): the name as its owner wrote it, the Argon2id hash of the
// password (libsodium's string form, with its salt and settings), and the keys the name is
// held under (protocol::name_keys).
struct StoredAccount {
    long id = 0;
    std::string name;
    std::string password_hash;
    std::vector<std::string> keys;
};

// An account's rating in one variant ("base" or "spirits"): the Weng-Lin belief and how many
// rated games it rests on.
struct StoredRating {
    long account = 0;
    std::string variant;
    double mu = 0;
    double sigma = 0;
    long games = 0;
};

// A rated game's outcome for one account: its place, and its rating after the game.
struct RatedPlace {
    long account = 0;
    std::string variant;
    int place = 0;    // 1 = best; the seats' places as they were rated (ties share one)
    int players = 0;  // seats in the game
    bool won = false;
    double mu = 0;
    double sigma = 0;
    long games = 0;  // rated games so far, this one included
    double shown_before = 0;  // (not stored) the rating shown before the game: the change
};

// One game of an account's rating history, as stored.
struct StoredRatedGame {
    long table = 0;
    int place = 0;
    int players = 0;
    bool won = false;
    double mu = 0;
    double sigma = 0;
    std::string at;  // when it finished (UTC, ISO 8601)
    std::vector<StoredSeat> seats;  // who sat where (names, bots, accounts), by seat
};

struct StoredAction {
    long table = 0;
    long index = 0;           // its place in the table's record
    std::string action_json;  // engine action JSON
};

class Store {
  public:
    // Throws StoreRefused (see "Opening and closing"), or StoreError when it cannot open.
    explicit Store(const std::string& path, StoreOptions options = {});
    ~Store();  // the clean close: see "Opening and closing"
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // Writes: each stores all of itself or, throwing StoreError, nothing (see "Errors").
    long create_table(const std::string& options_json, const std::string& host);
    void save_seat(long table, const StoredSeat& seat);
    void remove_seat(long table, int seat);
    void mark_started(long table, const std::string& game_options_json);
    // Accepted actions, all in one transaction: every one is stored, or (it throws) none. Each
    // is of a game being played (mark_started, or found by unfinished_tables()) and must be
    // its next (std::invalid_argument otherwise).
    void append_actions(const std::vector<StoredAction>& actions);
    // One info or chat line of a table being played (or waiting), after its first
    // `after_action` actions; only its newest `keep` lines are kept.
    void add_line(long table, long after_action, const std::string& line_json, int keep);
    // The game's record and, for a rated game, each account's place and new rating: all of
    // it or (it throws) none.
    void finish(long table, const std::string& record_json,
                const std::vector<RatedPlace>& rated = {});
    // Closes a table that will not be played to its end (nobody came back): no record is kept,
    // and it is neither restored nor served as a finished game (finished = 2).
    void close(long table);

    // Reads (StoreError when the database fails them).
    std::vector<StoredTable> unfinished_tables();
    std::optional<std::string> finished_record(long table);
    std::vector<long> finished_ids(int limit);
    // Who sat at a finished table, in seat order, without their tokens (for its replay).
    std::vector<StoredSeat> finished_seats(long table);
    // Accounts: every one (read at the start), and a new one; false when one of its keys is
    // an existing account's already (nothing written).
    std::vector<StoredAccount> accounts();
    bool create_account(StoredAccount& account);  // sets its id
    void set_password_hash(long account, const std::string& password_hash);
    // And its keys (its name is free again), its ratings and their history; its seats stay,
    // no longer anyone's.
    void delete_account(long account);
    // Ratings: every account's, in every variant (read at the start); an account's history in
    // one variant, its newest `limit` rated games, oldest first.
    std::vector<StoredRating> ratings();
    // Browser sessions (sessions.hpp): a token's hash, its account, until when (Unix seconds);
    // an account keeps its newest kMostSessions.
    static constexpr int kMostSessions = 20;
    void add_session(const std::string& token_hash, long account, long expires);
    long session_account(const std::string& token_hash, long now);  // 0: none, or expired
    void delete_session(const std::string& token_hash);
    void delete_sessions(long account);
    // Chat links (chat_links.hpp): a key's hash and its account; an account keeps its newest
    // kMostChatLinks (one per chat identity that plays as it).
    static constexpr int kMostChatLinks = 20;
    void add_chat_link(const std::string& key_hash, long account);
    long chat_link_account(const std::string& key_hash);  // 0: none
    void delete_chat_link(const std::string& key_hash);
    void delete_chat_links(long account);
    // With each game's seats, read in the same query (a player page shows them all).
    std::vector<StoredRatedGame> rated_games(long account, const std::string& variant, int limit);

    long checkpoints() const;  // of the log into the database file, completed so far

  private:
    void check_files_before_open(bool& unclean);  // throws StoreRefused
    void make_files_private();                    // 0600: the tokens are the server's alone
    void quick_check();                           // throws StoreRefused
    void mark_running();                          // creates PATH.running
    void close_cleanly() noexcept;
    void rollback_if_open() noexcept;
    template <typename F>
    void write(F&& body);  // body in one transaction; rolled back if anything throws
    void exec(const char* sql);
    std::string journal_mode(const char* mode);  // sets it; returns the mode now in force
    void create_or_migrate_schema();
    bool has_column(const char* table, const char* column);
    long lowest_floor();            // of the games being played: the log is needed from there on
    void purge_finished_actions();  // the log's rows below every unfinished table's floor
    long next_log_row();            // the id the log's next row will get
    const std::string path_;
    const StoreOptions options_;
    bool wal_ = false;  // a file in WAL mode (not an in-memory database)
    sqlite3* db_ = nullptr;
    sqlite3_stmt* append_action_ = nullptr;  // prepared once: the statement of every action
    std::mutex mutex_;  // one connection, used by every table's executor in turn
    std::unordered_map<long, long> next_index_;  // per game being played: its next action's index
    std::unique_ptr<WalCheckpointer> checkpointer_;  // declared last: stopped first
};

}  // namespace niagara::server
