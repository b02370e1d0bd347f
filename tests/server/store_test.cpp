// The store's append-only action log (server/src/store.hpp): a restart finds each unfinished
// game's actions in order, finished games' actions are purged while their records stay, and a
// database of the first schema (actions keyed by table and index) is migrated when opened.
#include <fcntl.h>
#include <poll.h>
#include <sqlite3.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

#include "action_log.hpp"
#include "server_fixture.hpp"
#include "store.hpp"

using namespace niagara::server;

namespace {

// Runs SQL on the database file directly, as the first server did or as an operator would.
class RawDb {
  public:
    explicit RawDb(const std::string& path) {
        if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) throw std::runtime_error("open");
    }
    ~RawDb() { sqlite3_close(db_); }
    RawDb(const RawDb&) = delete;
    RawDb& operator=(const RawDb&) = delete;
    void exec(const std::string& sql) {
        char* error = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string why = error ? error : "?";
            sqlite3_free(error);
            throw std::runtime_error(why);
        }
    }
    long count(const std::string& sql) {
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr);
        const long n = sqlite3_step(s) == SQLITE_ROW ? long(sqlite3_column_int64(s, 0)) : -1;
        sqlite3_finalize(s);
        return n;
    }

  private:
    sqlite3* db_ = nullptr;
};

const StoredTable* find(const std::vector<StoredTable>& tables, long id) {
    for (const StoredTable& t : tables)
        if (t.id == id) return &t;
    return nullptr;
}

}  // namespace

TEST_CASE("store: interleaved games come back in order; finished games keep only their records",
          "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    long playing = 0, over = 0, waiting = 0;
    {
        Store store(path);
        playing = store.create_table("{}", "host");
        over = store.create_table("{}", "host");
        waiting = store.create_table("{}", "host");
        store.mark_started(playing, R"({"players":3})");
        store.mark_started(over, R"({"players":3})");
        for (long i = 0; i < 5; ++i)  // two games whose actions share transactions
            store.append_actions(
                {{playing, i, "p" + std::to_string(i)}, {over, i, "o" + std::to_string(i)}});
        store.finish(over, R"({"record":"over"})");
        CHECK_THROWS_AS(store.append_actions({{playing, 4, "again"}}), std::invalid_argument);
        // Actions belong to games being played, not to a waiting or a finished one.
        CHECK_THROWS_AS(store.append_actions({{waiting, 0, "w"}}), std::invalid_argument);
        CHECK_THROWS_AS(store.append_actions({{over, 5, "o5"}}), std::invalid_argument);
    }
    {
        Store reopened(path);
        const auto tables = reopened.unfinished_tables();
        CHECK(tables.size() == 2);
        REQUIRE(find(tables, playing));
        CHECK(find(tables, playing)->actions ==
              std::vector<std::string>{"p0", "p1", "p2", "p3", "p4"});
        REQUIRE(find(tables, waiting));
        CHECK(find(tables, waiting)->actions.empty());
        CHECK_FALSE(find(tables, over));
        CHECK(reopened.finished_record(over) == R"({"record":"over"})");
        // The game goes on from where it was, one action after the other.
        reopened.append_actions({{playing, 5, "p5"}});
        CHECK_THROWS_AS(reopened.append_actions({{playing, 7, "p7"}}), std::invalid_argument);
        reopened.finish(playing, R"({"record":"playing"})");
    }
    {
        // Both games are over: at the next start their actions leave the log, which the
        // waiting table does not need; the records stay.
        Store reopened(path);
        CHECK(reopened.unfinished_tables().size() == 1);
        CHECK(reopened.finished_record(playing) == R"({"record":"playing"})");
    }
    RawDb raw(path);
    CHECK(raw.count("SELECT COUNT(*) FROM action_log") == 0);
}

TEST_CASE("store: a game started after the whole log was purged is restored", "[server][store]") {
    // Log ids never go back, so a table's floor stays below its actions even when every row
    // before it is gone.
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    long first = 0, second = 0;
    {
        Store store(path);
        first = store.create_table("{}", "host");
        store.mark_started(first, "{}");
        store.append_actions({{first, 0, "a"}, {first, 1, "b"}});
        store.finish(first, "{}");
        second = store.create_table("{}", "host");  // created, not started yet
    }
    {
        Store reopened(path);  // no unfinished game has actions: the log is emptied
        reopened.unfinished_tables();
        reopened.mark_started(second, "{}");
        reopened.append_actions({{second, 0, "x"}, {second, 1, "y"}});
    }
    Store again(path);
    const auto tables = again.unfinished_tables();
    REQUIRE(find(tables, second));
    CHECK(find(tables, second)->actions == std::vector<std::string>{"x", "y"});
}

TEST_CASE("store: a database of the first schema is migrated when opened", "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    {
        RawDb old(path);  // the schema and rows as the first server wrote them
        old.exec(
            "CREATE TABLE tables (id INTEGER PRIMARY KEY, options TEXT NOT NULL, host TEXT NOT "
            "NULL, started INTEGER NOT NULL DEFAULT 0, game_options TEXT, finished INTEGER NOT "
            "NULL DEFAULT 0, record TEXT, created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);"
            "CREATE TABLE seats (table_id INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT "
            "NULL, token TEXT NOT NULL, bot INTEGER NOT NULL, PRIMARY KEY (table_id, seat));"
            "CREATE TABLE actions (table_id INTEGER NOT NULL, idx INTEGER NOT NULL, action TEXT "
            "NOT NULL, PRIMARY KEY (table_id, idx));"
            "INSERT INTO tables (id, options, host, started, game_options) VALUES "
            " (1, '{}', 'ann', 1, '{\"players\":3}'), (2, '{}', 'bob', 1, '{\"players\":4}');"
            "UPDATE tables SET finished = 1, record = '{\"done\":true}' WHERE id = 2;"
            "INSERT INTO seats VALUES (1, 0, 'ann', 'tok', 0);"
            // Inserted out of order: the key, not the insertion, gave the order.
            "INSERT INTO actions VALUES (1, 2, 'c'), (2, 0, 'z'), (1, 0, 'a'), (1, 1, 'b');");
    }
    {
        Store store(path);
        const auto tables = store.unfinished_tables();
        REQUIRE(tables.size() == 1);
        CHECK(tables[0].id == 1);
        CHECK(tables[0].started);
        CHECK(tables[0].game_options_json == R"({"players":3})");
        REQUIRE(tables[0].seats.size() == 1);
        CHECK(tables[0].seats[0].token == "tok");
        CHECK(tables[0].actions == std::vector<std::string>{"a", "b", "c"});
        CHECK(store.finished_record(2) == R"({"done":true})");
        store.append_actions({{1, 3, "d"}});
        // New tables get ids after the old ones.
        CHECK(store.create_table("{}", "cy") == 3);
    }
    RawDb raw(path);
    CHECK(raw.count("SELECT COUNT(*) FROM sqlite_master WHERE name = 'actions'") == 0);
    CHECK(raw.count("PRAGMA user_version") == 7);
    Store reopened(path);  // opening it again changes nothing
    CHECK(reopened.unfinished_tables().at(0).actions ==
          std::vector<std::string>{"a", "b", "c", "d"});
    CHECK_FALSE(reopened.unfinished_tables().at(0).seats.at(0).conceded);
}

// Version 2 stored no conceded seats: its seats gain the column (none conceded), and a seat
// conceded from then on comes back conceded, with its token and as a person's seat.
TEST_CASE("store: a database of schema 2 is migrated; a conceded seat is kept so",
          "[server][store][concede]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    {
        RawDb old(path);  // schema 2, as the server before conceded seats wrote it
        old.exec(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "CREATE TABLE tables (id INTEGER PRIMARY KEY, options TEXT NOT NULL, host TEXT NOT "
            "NULL, started INTEGER NOT NULL DEFAULT 0, game_options TEXT, finished INTEGER NOT "
            "NULL DEFAULT 0, record TEXT, created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, "
            "action_floor INTEGER NOT NULL DEFAULT 0);"
            "CREATE TABLE seats (table_id INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT "
            "NULL, token TEXT NOT NULL, bot INTEGER NOT NULL, PRIMARY KEY (table_id, seat));"
            "CREATE TABLE action_log (id INTEGER PRIMARY KEY AUTOINCREMENT, table_id INTEGER "
            "NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL);"
            "INSERT INTO tables (id, options, host, started, game_options) VALUES "
            " (1, '{}', 'ann', 1, '{\"players\":3}');"
            "INSERT INTO seats VALUES (1, 0, 'ann', 'tok-a', 0), (1, 1, 'bob', 'tok-b', 0),"
            " (1, 2, 'bot-3', 'tok-c', 2);"
            "INSERT INTO action_log (table_id, idx, action) VALUES (1, 0, 'a');"
            "PRAGMA user_version = 2;");
    }
    {
        Store store(path);
        const auto tables = store.unfinished_tables();
        REQUIRE(tables.size() == 1);
        REQUIRE(tables[0].seats.size() == 3);
        for (const StoredSeat& seat : tables[0].seats)
            CHECK_FALSE(seat.conceded);
        CHECK(tables[0].seats[2].bot);
        CHECK(tables[0].seats[2].bot_level == 1);
        CHECK(tables[0].actions == std::vector<std::string>{"a"});
        store.save_seat(1, StoredSeat{1, "bob", "tok-b", false, 0, true});
    }
    RawDb raw(path);
    CHECK(raw.count("PRAGMA user_version") == 7);
    CHECK(raw.count("SELECT COUNT(*) FROM seats WHERE conceded = 1") == 1);
    Store reopened(path);
    const auto seats = reopened.unfinished_tables().at(0).seats;
    REQUIRE(seats.size() == 3);
    CHECK_FALSE(seats[0].conceded);
    CHECK(seats[1].conceded);
    CHECK_FALSE(seats[1].bot);
    CHECK(seats[1].token == "tok-b");
    CHECK_FALSE(seats[2].conceded);
}

// Version 3 had no table lines: it gains the table, and a table's lines come back with it, in
// order, after the actions they followed; only the newest are kept, and a table's end
// (finished or closed) deletes them.
TEST_CASE("store: a database of schema 3 is migrated; table lines are kept, trimmed and deleted",
          "[server][store][history]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    {
        Store store(path);
        store.create_table("{}", "ann");
        store.create_table("{}", "bob");
    }
    {
        RawDb old(path);  // back to version 3, as a server before table lines left it
        old.exec("DROP TABLE table_lines; PRAGMA user_version = 3;");
    }
    {
        Store store(path);
        for (int i = 0; i < 7; ++i)
            store.add_line(1, i / 2, "{\"n\":" + std::to_string(i) + "}", 4);
        store.add_line(2, 0, "{\"n\":\"other\"}", 4);
        const auto tables = store.unfinished_tables();
        REQUIRE(tables.size() == 2);
        REQUIRE(tables[0].lines.size() == 4);  // the newest 4 of table 1's 7
        CHECK(tables[0].lines.front().line_json == R"({"n":3})");
        CHECK(tables[0].lines.front().after_action == 1);
        CHECK(tables[0].lines.back().line_json == R"({"n":6})");
        CHECK(tables[0].lines.back().after_action == 3);
        REQUIRE(tables[1].lines.size() == 1);
        store.finish(1, "{}");
        store.close(2);
    }
    RawDb raw(path);
    CHECK(raw.count("PRAGMA user_version") == 7);
    CHECK(raw.count("SELECT COUNT(*) FROM table_lines") == 0);
}

TEST_CASE("store: a database of schema 4 is migrated; its games stay and accounts can be kept",
          "[server][store][accounts]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    {
        Store store(path);
        store.create_table("{}", "ann");
        store.save_seat(1, niagara::server::StoredSeat{0, "ann", "a1b2c3d4", false, 0, false});
    }
    {
        RawDb old(path);  // back to version 4, as a server before accounts left it
        old.exec("DROP TABLE account_keys; DROP TABLE accounts; PRAGMA user_version = 4;");
    }
    {
        Store store(path);
        REQUIRE(store.unfinished_tables().size() == 1);
        CHECK(store.unfinished_tables()[0].seats.at(0).name == "ann");
        CHECK(store.accounts().empty());
        niagara::server::StoredAccount ann{0, "ann", "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA", {"ann"}};
        CHECK(store.create_account(ann));
        CHECK(ann.id > 0);
        niagara::server::StoredAccount again{0, "ANN", "$argon2id$other", {"ann", "ANN"}};
        CHECK_FALSE(store.create_account(again));  // a key of ann's: nothing written
    }
    Store store(path);
    const auto accounts = store.accounts();
    REQUIRE(accounts.size() == 1);
    CHECK(accounts[0].name == "ann");
    CHECK(accounts[0].keys == std::vector<std::string>{"ann"});
    RawDb raw(path);
    CHECK(raw.count("PRAGMA user_version") == 7);
    CHECK(raw.count("SELECT COUNT(*) FROM account_keys") == 1);
}

TEST_CASE("store: a database of schema 5 is migrated; its seats gain accounts and games are rated",
          "[server][store][ratings]") {
    using niagara::server::RatedPlace;
    using niagara::server::StoredSeat;
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    {
        Store store(path);
        store.create_table("{}", "ann");
        store.save_seat(1, StoredSeat{0, "ann", "a1b2c3d4", false, 0, false});
    }
    {
        RawDb old(path);  // back to version 5, as a server before ratings left it
        old.exec(
            "DROP TABLE ratings; DROP TABLE rated_games; DROP INDEX seats_by_account;"
            " ALTER TABLE seats DROP COLUMN account; PRAGMA user_version = 5;");
    }
    {
        Store store(path);
        const auto tables = store.unfinished_tables();
        REQUIRE(tables.size() == 1);
        CHECK(tables[0].seats.at(0).name == "ann");
        CHECK(tables[0].seats.at(0).account == 0);  // a guest's, as all seats were
        CHECK(store.ratings().empty());
        store.save_seat(1, StoredSeat{1, "bob", "e5f6a7b8", false, 0, false, 7});
        store.mark_started(1, "{}");
        store.finish(1, "{}", {RatedPlace{7, "base", 1, 2, true, 29.5, 7.1, 1}});
    }
    Store store(path);
    const auto seats = store.finished_seats(1);
    REQUIRE(seats.size() == 2);
    CHECK(seats[1].account == 7);
    const auto ratings = store.ratings();
    REQUIRE(ratings.size() == 1);
    CHECK(ratings[0].account == 7);
    CHECK(ratings[0].variant == "base");
    CHECK(ratings[0].mu == 29.5);
    CHECK(ratings[0].sigma == 7.1);
    CHECK(ratings[0].games == 1);
    const auto history = store.rated_games(7, "base", 10);
    REQUIRE(history.size() == 1);
    CHECK(history[0].table == 1);
    CHECK(history[0].won);
    CHECK(history[0].at.size() == 20);  // 2026-12-03T07:00:00Z
    REQUIRE(history[0].seats.size() == 2);  // read with it, in seat order
    CHECK(history[0].seats[0].name == "ann");
    CHECK(history[0].seats[1].account == 7);
    CHECK(store.rated_games(7, "spirits", 10).empty());
    // A deleted account's ratings and history go; its seat stays, nobody's.
    store.delete_account(7);
    CHECK(store.ratings().empty());
    CHECK(store.rated_games(7, "base", 10).empty());
    CHECK(store.finished_seats(1).at(1).account == 0);
    CHECK(store.finished_seats(1).at(1).name.empty());  // shown as "deleted player"
    CHECK(store.finished_seats(1).at(0).name == "ann");
    RawDb raw(path);
    CHECK(raw.count("PRAGMA user_version") == 7);
}


TEST_CASE("store: a database of schema 6 is migrated; chat links are kept, capped and ended",
          "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    { Store store(path); }
    {
        RawDb old(path);  // back to version 6, as a server before chat links left it
        old.exec("DROP TABLE chat_links; PRAGMA user_version = 6;");
    }
    Store store(path);
    CHECK(store.chat_link_account("h1") == 0);
    store.add_chat_link("h1", 7);
    store.add_chat_link("h2", 8);
    CHECK(store.chat_link_account("h1") == 7);
    CHECK(store.chat_link_account("h2") == 8);
    // An account keeps its newest kMostChatLinks: the oldest give way.
    for (int i = 0; i < Store::kMostChatLinks; ++i)
        store.add_chat_link("n" + std::to_string(i), 7);
    CHECK(store.chat_link_account("h1") == 0);
    CHECK(store.chat_link_account("n0") == 7);
    CHECK(store.chat_link_account("h2") == 8);  // another account's are not counted
    store.delete_chat_link("n0");
    CHECK(store.chat_link_account("n0") == 0);
    store.delete_chat_links(7);
    CHECK(store.chat_link_account("n1") == 0);
    store.delete_account(8);
    CHECK(store.chat_link_account("h2") == 0);
    RawDb raw(path);
    CHECK(raw.count("PRAGMA user_version") == 7);
}
// A server older than its data stops with a reason rather than misreading it, and leaves the
// file as it was (under the sanitizers, also without leaking the connection it had opened).
TEST_CASE("store: a database of a newer schema is refused and left alone", "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    {
        Store created(path);
        created.create_table("{}", "ann");
    }
    RawDb(path).exec("PRAGMA user_version = 99");
    CHECK_THROWS_WITH(Store(path), Catch::Contains("newer schema (version 99)"));
    RawDb raw(path);
    CHECK(raw.count("PRAGMA user_version") == 99);
    CHECK(raw.count("SELECT COUNT(*) FROM tables") == 1);
}

// ---- errors: a write the database refuses ------------------------------------------------

namespace {

// The connection a Store opens first (its own; the checkpointer's comes after), caught as
// SQLite opens it: sqlite3_auto_extension runs for every connection the process opens.
class FirstConnection {
  public:
    FirstConnection() {
        first_ = nullptr;
        sqlite3_auto_extension(reinterpret_cast<void (*)()>(&FirstConnection::opened));
    }
    ~FirstConnection() {
        sqlite3_cancel_auto_extension(reinterpret_cast<void (*)()>(&FirstConnection::opened));
    }
    FirstConnection(const FirstConnection&) = delete;
    FirstConnection& operator=(const FirstConnection&) = delete;
    sqlite3* get() const { return first_; }

  private:
    static int opened(sqlite3* db, const char**, const sqlite3_api_routines*) {
        if (!first_) first_ = db;
        return SQLITE_OK;
    }
    static inline sqlite3* first_ = nullptr;
};

long pragma(sqlite3* db, const std::string& sql) {
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
    const long n = sqlite3_step(s) == SQLITE_ROW ? long(sqlite3_column_int64(s, 0)) : -1;
    sqlite3_finalize(s);
    return n;
}

}  // namespace

// A full database (PRAGMA max_page_count on the Store's own connection: no page can be added)
// refuses every write that needs room. Each fails whole with StoreError, leaves nothing behind,
// and once there is room again the same writes succeed.
TEST_CASE("store: a write the full database refuses is rolled back, and works once there is room",
          "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    const std::string big(200'000, 'x');  // needs pages of its own
    long playing = 0, waiting = 0, extra = 0;
    {
        FirstConnection connection;
        Store store(path);
        REQUIRE(connection.get());
        playing = store.create_table("{}", "ann");
        waiting = store.create_table("{}", "bob");
        store.save_seat(playing, {0, "ann", "tok-ann", false});
        store.mark_started(playing, "{}");
        store.append_actions({{playing, 0, "a0"}});

        const long pages = pragma(connection.get(), "PRAGMA page_count");
        REQUIRE(pragma(connection.get(), "PRAGMA max_page_count = " + std::to_string(pages)) ==
                pages);
        CHECK_THROWS_AS(store.create_table(big, "cy"), StoreError);
        CHECK_THROWS_WITH(store.save_seat(playing, {1, big, "tok-big", false}),
                          Catch::Contains("full"));
        // A batch is refused whole: "a1" fits, but not with the big action.
        CHECK_THROWS_AS(store.append_actions({{playing, 1, "a1"}, {playing, 2, big}}), StoreError);
        CHECK_THROWS_AS(store.mark_started(waiting, big), StoreError);
        CHECK_THROWS_AS(store.finish(playing, big), StoreError);
        // Nothing of them was stored, and the Store's counts did not move: the waiting table is
        // still not being played, the game still expects its action 1.
        CHECK_THROWS_AS(store.append_actions({{waiting, 0, "w0"}}), std::invalid_argument);
        {
            RawDb raw(path);
            CHECK(raw.count("SELECT COUNT(*) FROM tables") == 2);
            CHECK(raw.count("SELECT COUNT(*) FROM seats") == 1);
            CHECK(raw.count("SELECT COUNT(*) FROM action_log") == 1);
            CHECK(raw.count("SELECT COUNT(*) FROM tables WHERE started = 1 OR finished != 0") == 1);
        }

        // Room again: the same writes, on the same Store.
        pragma(connection.get(), "PRAGMA max_page_count = 1073741823");
        store.append_actions({{playing, 1, "a1"}, {playing, 2, "a2"}});
        extra = store.create_table(big, "cy");
        store.save_seat(playing, {1, "bea", "tok-bea", false});
        store.mark_started(waiting, R"({"players":3})");
        store.append_actions({{waiting, 0, "w0"}});
        store.finish(playing, R"({"record":1})");
    }
    Store reopened(path);
    const auto tables = reopened.unfinished_tables();
    REQUIRE(tables.size() == 2);
    REQUIRE(find(tables, waiting));
    CHECK(find(tables, waiting)->actions == std::vector<std::string>{"w0"});
    REQUIRE(find(tables, extra));
    CHECK(find(tables, extra)->options_json == big);
    CHECK(reopened.finished_record(playing) == R"({"record":1})");
}

// The same on a disk that is really full: SQLite's writes to the log fail (ENOSPC) at the
// commit. Needs root (a tmpfs is mounted); skipped where that is not allowed.
TEST_CASE("store: on a full disk writes fail whole, and work again once there is room",
          "[server][store]") {
    server_test::SmallDisk disk(1 << 20);
    if (!disk.mounted) {
        WARN("skipped: cannot mount a tmpfs here (" << disk.why << ")");
        return;
    }
    const std::string path = (disk.path / "db.sqlite3").string();
    const std::string action(3000, 'a');
    long table = 0, other = 0;
    {
        Store store(path);
        table = store.create_table("{}", "ann");
        store.mark_started(table, "{}");
        store.append_actions({{table, 0, action}});
        const auto filler = disk.fill();
        long failed = 0;  // the log may have had room for a few more frames
        long next = 1;
        for (int attempt = 0; attempt < 50 && failed == 0; ++attempt) {
            try {
                store.append_actions({{table, next, action}, {table, next + 1, action}});
                next += 2;
            } catch (const StoreError& e) {
                ++failed;
                CHECK_THAT(e.what(), Catch::Contains("full"));
            }
        }
        REQUIRE(failed == 1);
        CHECK_THROWS_AS(store.create_table(std::string(100'000, 'o'), "bob"), StoreError);
        std::filesystem::remove(filler);
        // Room again: the batch that failed goes in as it was, and the rest after it.
        store.append_actions({{table, next, action}, {table, next + 1, action}});
        other = store.create_table(std::string(100'000, 'o'), "bob");
        store.append_actions({{table, next + 2, "last"}});
    }
    Store reopened(path);
    const auto tables = reopened.unfinished_tables();
    REQUIRE(find(tables, table));
    const auto& actions = find(tables, table)->actions;
    REQUIRE(actions.size() >= 4);
    CHECK(actions.back() == "last");
    CHECK(find(tables, other));
    CHECK(tables.size() == 2);
}

// ---- crashes: what opening finds in the files ----------------------------------------------

namespace {

std::string action_text(long i) {
    return "action-" + std::to_string(i) + std::string(300, '.');
}

struct Crash {
    long committed = -1;  // the last action the child reported committed
    bool opened = false;
    std::string error;  // the child's, when it stopped by itself
};

// A child process (fork) opens the store at `path`, checkpointing every `pages` pages of log;
// checks that `table` holds at least `expected` actions, each as written; then appends one
// action a commit, reporting each, until it is sent SIGKILL after `kill_after` commits: a
// crash of the server at that moment.
Crash run_and_kill(const std::string& path, long table, long expected, long kill_after, int pages) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {  // the child: no Catch2 here
        ::close(fds[0]);
        auto say = [&](long n) {
            if (::write(fds[1], &n, sizeof n) != ssize_t(sizeof n)) ::_exit(3);
        };
        try {
            StoreOptions options;
            options.checkpoint_pages = pages;
            Store store(path, options);
            const auto tables = store.unfinished_tables();
            const StoredTable* t = find(tables, table);
            if (!t) throw std::runtime_error("table " + std::to_string(table) + " is gone");
            if (long(t->actions.size()) < expected)
                throw std::runtime_error(std::to_string(t->actions.size()) + " actions, " +
                                         std::to_string(expected) + " committed");
            for (std::size_t i = 0; i < t->actions.size(); ++i)
                if (t->actions[i] != action_text(long(i)))
                    throw std::runtime_error("action " + std::to_string(i) + " differs");
            say(-1);
            for (long i = long(t->actions.size());; ++i) {
                store.append_actions({{table, i, action_text(i)}});
                say(i);
            }
        } catch (const std::exception& e) {
            std::ofstream(path + ".child-error") << e.what();
        }
        ::_exit(2);
    }
    ::close(fds[1]);
    Crash crash;
    long commits = 0;
    bool killed = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    for (;;) {
        pollfd p{fds[0], POLLIN, 0};
        if (!killed && (std::chrono::steady_clock::now() > deadline ||
                        (crash.opened && commits >= kill_after))) {
            ::kill(pid, SIGKILL);
            killed = true;
        }
        if (::poll(&p, 1, 100) <= 0) continue;
        long n = 0;
        if (::read(fds[0], &n, sizeof n) != ssize_t(sizeof n)) break;  // the child is gone
        if (n == -1) {
            crash.opened = true;
        } else {
            crash.committed = n;
            ++commits;
        }
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFSIGNALED(status)) {
        std::ifstream in(path + ".child-error");
        std::getline(in, crash.error);
        if (crash.error.empty())
            crash.error = "the child stopped (status " + std::to_string(status) + ")";
    }
    return crash;
}

// The files of a database (the main file, its log, its -shm and .running) copied to `to`.
void copy_files(const std::filesystem::path& from, const std::filesystem::path& to) {
    std::filesystem::create_directories(to);
    for (const auto& entry : std::filesystem::directory_iterator(from))
        if (entry.is_regular_file())
            std::filesystem::copy_file(entry.path(), to / entry.path().filename());
}

void flip_byte(const std::string& path, long offset) {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    REQUIRE(file);
    file.seekg(offset);
    char c = 0;
    REQUIRE(file.get(c));
    file.seekp(offset);
    file.put(char(c ^ 0x5a));
}

long wal_page_size(const std::string& wal) {
    std::ifstream in(wal, std::ios::binary);
    unsigned char h[12] = {};
    in.read(reinterpret_cast<char*>(h), 12);
    return (long(h[8]) << 24) | (long(h[9]) << 16) | (long(h[10]) << 8) | long(h[11]);
}

}  // namespace

// The server's process killed at any moment (mid-commit, mid-checkpoint, as a checkpoint
// restarts the log, right after a start): every start after it opens without complaint and
// finds every action reported committed. A log of 4 pages makes the checkpointer restart it
// every few commits, leaving frames of earlier cycles behind in the file.
TEST_CASE("store: killed at any moment, checkpoints running, it opens again with every commit",
          "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    long table = 0;
    {
        Store store(path);
        table = store.create_table("{}", "ann");
        store.mark_started(table, "{}");
    }
    long committed = -1;
    // Whether the log ever held frames of an earlier cycle after the current one when the
    // process died. Which crash leaves them depends on when the checkpointer thread got to
    // restart the log, so it is looked for after every crash, not only the last: after the
    // last, the current cycle may be the longest the file ever held, with nothing after it.
    bool saw_earlier_cycle = false;
    std::mt19937 random(2024);
    for (int round = 0; round < 12; ++round) {
        const long kill_after =
            round % 4 == 0 ? 0 : std::uniform_int_distribution<long>(1, 250)(random);
        INFO("round " << round << ", killed after " << kill_after << " commits");
        const Crash crash = run_and_kill(path, table, committed + 1, kill_after, 4);
        REQUIRE(crash.error.empty());
        REQUIRE(crash.opened);
        committed = std::max(committed, crash.committed);
        CHECK(std::filesystem::exists(path + ".running"));
        const WalInspection wal = inspect_wal(path + "-wal");
        CHECK(wal.header_valid);
        CHECK(wal.lost_commits == 0);
        saw_earlier_cycle = saw_earlier_cycle || wal.first_bad > 0;
    }
    CHECK(saw_earlier_cycle);
    Store store(path);
    const auto tables = store.unfinished_tables();
    REQUIRE(find(tables, table));
    const auto& actions = find(tables, table)->actions;
    REQUIRE(long(actions.size()) >= committed + 1);
    for (long i = 0; i < long(actions.size()); ++i)
        CHECK(actions[std::size_t(i)] == action_text(i));
}

// After a crash the latest commits are only in the log. A log deleted, emptied or damaged, or a
// main file gone, would make SQLite open with less and say nothing: the Store refuses, naming
// the file, unless told to accept the loss.
TEST_CASE("store: after a crash, a lost or damaged log is refused, naming it", "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const auto crashed = dir.path / "crashed";
    std::filesystem::create_directory(crashed);
    const std::string path = (crashed / "db.sqlite3").string();
    long table = 0;
    {
        Store store(path);
        table = store.create_table("{}", "ann");
        store.mark_started(table, "{}");
    }
    const Crash crash = run_and_kill(path, table, 0, 30, 1000);  // no checkpoint: all in the log
    REQUIRE(crash.error.empty());
    REQUIRE(crash.committed >= 29);
    const long committed = crash.committed + 1;  // reported; a few more may have landed
    const WalInspection wal = inspect_wal(path + "-wal");
    REQUIRE(wal.header_valid);
    REQUIRE(wal.first_bad == 0);
    REQUIRE(wal.replayed >= 30);
    auto copy = [&](const std::string& name) {
        copy_files(crashed, dir.path / name);
        return (dir.path / name / "db.sqlite3").string();
    };
    auto actions_in = [&](const std::string& db, bool accept) {
        StoreOptions options;
        options.accept_data_loss = accept;
        Store store(db, options);
        const auto tables = store.unfinished_tables();
        return find(tables, table) ? long(find(tables, table)->actions.size()) : -1L;
    };

    SECTION("untouched, it opens with every commit") {
        // The child may commit more before SIGKILL lands than it reported: at least these.
        CHECK(actions_in(copy("untouched"), false) >= committed);
    }
    SECTION("the log deleted") {
        const std::string db = copy("deleted");
        std::filesystem::remove(db + "-wal");
        std::filesystem::remove(db + "-shm");
        CHECK_THROWS_AS(actions_in(db, false), StoreRefused);
        CHECK_THROWS_WITH(actions_in(db, false), Catch::Contains("did not stop cleanly") &&
                                                     Catch::Contains("db.sqlite3-wal is missing"));
        CHECK(std::filesystem::exists(db + ".running"));  // refused: the files as they were
        CHECK_FALSE(std::filesystem::exists(db + "-wal"));
        CHECK(actions_in(db, true) < committed);                // accepted: what the main file had
        CHECK_FALSE(std::filesystem::exists(db + ".running"));  // and closed cleanly
        CHECK_NOTHROW(actions_in(db, false));
    }
    SECTION("the log emptied") {
        const std::string db = copy("emptied");
        std::filesystem::resize_file(db + "-wal", 0);
        CHECK_THROWS_WITH(actions_in(db, false), Catch::Contains("db.sqlite3-wal is empty"));
    }
    SECTION("a byte of a committed frame flipped") {
        const std::string db = copy("flipped");
        const long page = wal_page_size(db + "-wal");
        flip_byte(db + "-wal", 32 + (24 + page) * 2 + 24 + page / 2);  // frame 3's page
        const WalInspection damaged = inspect_wal(db + "-wal");
        CHECK(damaged.first_bad == 3);
        CHECK(damaged.lost_commits >= 25);
        CHECK_THROWS_WITH(actions_in(db, false),
                          Catch::Contains("db.sqlite3-wal is damaged: frame 3 of") &&
                              Catch::Contains("later commits would be dropped"));
        CHECK(actions_in(db, true) < committed);
        bool kept = false;  // accepted: the damaged log is kept aside
        for (const auto& entry : std::filesystem::directory_iterator(dir.path / "flipped"))
            kept =
                kept || entry.path().filename().string().rfind("db.sqlite3-wal.damaged-", 0) == 0;
        CHECK(kept);
    }
    SECTION("the log's header damaged") {
        const std::string db = copy("header");
        flip_byte(db + "-wal", 17);  // a salt
        CHECK_THROWS_WITH(actions_in(db, false), Catch::Contains("the header of") &&
                                                     Catch::Contains("db.sqlite3-wal is damaged"));
    }
    SECTION("the main file deleted") {
        const std::string db = copy("main-gone");
        std::filesystem::remove(db);
        CHECK_THROWS_WITH(actions_in(db, false), Catch::Contains("db.sqlite3 is missing"));
    }
}

// ---- a damaged main file ---------------------------------------------------------------

namespace {

std::uint32_t read_be32(std::istream& in, long offset) {
    unsigned char b[4] = {};
    in.seekg(offset);
    in.read(reinterpret_cast<char*>(b), 4);
    return (std::uint32_t(b[0]) << 24) | (std::uint32_t(b[1]) << 16) | (std::uint32_t(b[2]) << 8) |
           std::uint32_t(b[3]);
}

}  // namespace

// A damage no start-up read touches (the list of free pages, which the next page a write
// needs would come from): SQLite opens the file and serves from it until that write. After an
// unclean stop, the Store's quick_check finds it at the start.
TEST_CASE("store: after a crash, a damaged database file is refused when opened (quick_check)",
          "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string clean = (dir.path / "db.sqlite3").string();
    {
        Store store(clean);
        const long table = store.create_table("{}", "ann");
        store.mark_started(table, "{}");
        for (long i = 0; i < 200; ++i)
            store.append_actions({{table, i, action_text(i)}});
        store.finish(table, "{}");
    }
    { Store purged(clean); }  // the finished game's actions leave the log: its pages are free
    REQUIRE_FALSE(std::filesystem::exists(clean + "-wal"));  // all in the main file
    {
        Store running(clean);  // its files as a crash would leave them: a log, PATH.running
        copy_files(dir.path, dir.path / "crashed");
    }
    const std::string path = (dir.path / "crashed" / "db.sqlite3").string();
    REQUIRE(std::filesystem::exists(path + ".running"));
    {
        std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
        unsigned char size[2] = {};
        file.seekg(16);
        file.read(reinterpret_cast<char*>(size), 2);
        const long page = size[0] == 0 && size[1] == 1 ? 65536 : (long(size[0]) << 8) | size[1];
        const std::uint32_t trunk = read_be32(file, 32);  // the first freelist trunk page
        REQUIRE(read_be32(file, 36) > 5);                 // free pages
        REQUIRE(trunk > 1);
        const unsigned char count[4] = {0x00, 0xff, 0xff, 0xff};  // its count of leaf pages
        file.seekp((long(trunk) - 1) * page + 4);
        file.write(reinterpret_cast<const char*>(count), 4);
        REQUIRE(file.good());
    }
    CHECK_THROWS_AS(Store(path), StoreRefused);
    CHECK_THROWS_WITH(Store(path), Catch::Contains("db.sqlite3 is damaged (PRAGMA quick_check)") &&
                                       Catch::Contains("Restore a backup"));
    StoreOptions accept;
    accept.accept_data_loss = true;
    CHECK_NOTHROW(Store(path, accept));
}

// ---- the stop --------------------------------------------------------------------------

// The server's event loop stops with a group of accepted actions not yet committed (its commit
// was posted, or waits for the window): the action log commits it as it goes, before the
// Store's clean close, without telling the tables (nothing more is sent).
TEST_CASE("action log: at the stop, the actions still gathered are committed", "[server][store]") {
    server_test::TempDir dir("niagara-store");
    const std::string path = (dir.path / "db.sqlite3").string();
    long table = 0;
    bool told = false;
    {
        Store store(path);
        table = store.create_table("{}", "ann");
        store.mark_started(table, "{}");
        boost::asio::io_context io;
        {
            ActionLog log(io, store, std::chrono::milliseconds(100));
            log.append(StoredAction{table, 0, "first"}, [&] { told = true; });
            io.run_one();  // the first group is committed at once
            CHECK(told);
            told = false;
            // The next waits for the window, and the loop stops before it ends.
            log.append(StoredAction{table, 1, "second"}, [&] { told = true; });
            log.append(StoredAction{table, 2, "third"}, [&] { told = true; });
        }
        CHECK_FALSE(told);
    }
    CHECK_FALSE(std::filesystem::exists(path + "-wal"));  // closed cleanly after it
    Store reopened(path);
    const auto tables = reopened.unfinished_tables();
    REQUIRE(find(tables, table));
    CHECK(find(tables, table)->actions == std::vector<std::string>{"first", "second", "third"});
}
