// The store's append-only action log (server/src/store.hpp): a restart finds each unfinished
// game's actions in order, finished games' actions are purged while their records stay, and a
// database of the first schema (actions keyed by table and index) is migrated when opened.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

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
    CHECK(raw.count("PRAGMA user_version") == 2);
    Store reopened(path);  // opening it again changes nothing
    CHECK(reopened.unfinished_tables().at(0).actions ==
          std::vector<std::string>{"a", "b", "c", "d"});
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
