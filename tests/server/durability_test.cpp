// What the data directory holds after each way the server stops, and what a start makes of it
// (server/src/store.hpp, "Opening and closing"; README, Backups): a clean stop leaves every
// action in niagara.sqlite3 alone; a live backup restores; after a crash (SIGKILL) the server
// starts with every action, unless the write-ahead log is deleted or damaged, when it refuses
// to start and says why; a damaged file is noticed at start; a table whose row cannot be read is
// left out and the others come back.
#include <sqlite3.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "server_fixture.hpp"
#include "store.hpp"

using namespace server_test;
namespace fs = std::filesystem;

namespace {

// Runs SQL on a database file directly, as an operator (or a damaged disk) would.
class Sql {
  public:
    explicit Sql(const fs::path& path) {
        if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) throw std::runtime_error("open");
        sqlite3_busy_timeout(db_, 5000);
    }
    ~Sql() { sqlite3_close(db_); }
    Sql(const Sql&) = delete;
    Sql& operator=(const Sql&) = delete;
    void exec(const std::string& sql) {
        char* error = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string why = error ? error : "?";
            sqlite3_free(error);
            FAIL(sql << ": " << why);
        }
    }
    long count(const std::string& sql) {
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr);
        const long n = sqlite3_step(s) == SQLITE_ROW ? long(sqlite3_column_int64(s, 0)) : -1;
        sqlite3_finalize(s);
        return n;
    }
    sqlite3* get() { return db_; }

  private:
    sqlite3* db_ = nullptr;
};

fs::path data_of(const ServerProcess& server) {
    return server.dir() / "data";
}

fs::path db_of(const ServerProcess& server) {
    return data_of(server) / "niagara.sqlite3";
}

long stored_actions(const fs::path& db, long table) {
    Sql sql(db);
    return sql.count("SELECT COUNT(*) FROM action_log WHERE table_id = " + std::to_string(table));
}

// Sets an environment variable for the servers started meanwhile (they inherit it).
struct Environment {
    Environment(const char* name, const char* value) : name(name) { ::setenv(name, value, 1); }
    ~Environment() { ::unsetenv(name); }
    const char* name;
};

// A game played partly: three players (the last with JSON messages) at one table, until one
// of them reaches `round`; then they disconnect, and the game waits for them (no bot plays
// while nobody is connected): what is stored no longer changes.
struct PartGame {
    long table = 0;
    std::vector<std::string> tokens;
    std::vector<int> seats;
};

PartGame play_part(ServerProcess& server, int round, const std::string& seed) {
    PartGame game;
    Harness h(server.port());
    std::vector<Player*> players;
    for (int i = 0; i < 3; ++i)
        players.push_back(&h.add(
            "player" + std::to_string(i + 1),
            Harness::Options{
                {"/name keeper" + std::to_string(i + 1)}, i == 2, true, std::uint64_t(30 + i)}));
    auto id = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = players[0];
    setup.new_words = "players=3 seed=" + seed;
    setup.joiners = {players[1], players[2]};
    open_table(setup, id);
    const bool reached = h.run_until(
        [&] {
            for (Player* p : players)
                if (p->round() >= round) return true;
            return false;
        },
        30s);
    INFO(server.log());
    REQUIRE(reached);
    REQUIRE(*id);
    game.table = **id;
    for (Player* p : players) {
        INFO(p->label);
        CHECK(p->errors.empty());
        game.tokens.push_back(p->client->token());
        game.seats.push_back(p->client->seat());
    }
    return game;
}

// The game as a spectator of `table` sees it when it starts watching (the view's game part:
// every public fact of the game, which any action changes).
Json watch(ServerProcess& server, long table) {
    Harness h(server.port());
    Player& watcher = h.add("watcher", {"/watch " + std::to_string(table)});
    const bool seen = h.run_until([&] { return watcher.first("snapshot") != nullptr; }, 10s);
    INFO(server.log());
    REQUIRE(seen);
    REQUIRE(watcher.errors.empty());
    return watcher.first("snapshot")->at("view").at("game");
}

// `game` after its server's start on what the stop left: a spectator sees the game as it was
// before the stop (`before`), and every player gets its seat back with its token.
void check_restored(ServerProcess& server, const PartGame& game, const Json& before) {
    CHECK(watch(server, game.table) == before);
    Harness h(server.port());
    std::vector<Player*> players;
    for (int i = 0; i < 3; ++i)
        players.push_back(&h.add(
            "resumed" + std::to_string(i + 1),
            Harness::Options{
                {"/resume " + game.tokens[std::size_t(i)]}, false, false, std::uint64_t(130 + i)}));
    const bool seated = h.run_until(
        [&] {
            for (Player* p : players)
                if (!p->first("snapshot") && p->errors.empty()) return false;
            return true;
        },
        10s);
    INFO(server.log());
    REQUIRE(seated);
    for (int i = 0; i < 3; ++i) {
        Player& p = *players[std::size_t(i)];
        INFO(p.label);
        CHECK(p.errors.empty());
        const Json* seat = p.first("seated");
        REQUIRE(seat);
        CHECK(seat->at("table") == game.table);
        CHECK(seat->at("seat") == game.seats[std::size_t(i)]);
    }
}

// Replaces a (stopped) server's data directory with copies of `files`, named as given.
void put_data(ServerProcess& server, const std::map<std::string, fs::path>& files) {
    REQUIRE_FALSE(server.running());
    fs::remove_all(data_of(server));
    fs::create_directories(data_of(server));
    for (const auto& [name, from] : files)
        fs::copy_file(from, data_of(server) / name);
}

// The log's frames of its current cycle (the header's salts) that end a transaction.
struct WalFrames {
    long page = 0;
    std::vector<long> current;  // frame numbers (1-based) with the header's salts
    long commits = 0;           // how many of those are commit frames
};

WalFrames read_wal(const fs::path& wal) {
    std::ifstream in(wal, std::ios::binary);
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
    auto be32 = [&](std::size_t at) {
        return (std::uint32_t(bytes[at]) << 24) | (std::uint32_t(bytes[at + 1]) << 16) |
               (std::uint32_t(bytes[at + 2]) << 8) | std::uint32_t(bytes[at + 3]);
    };
    WalFrames w;
    REQUIRE(bytes.size() > 32);
    w.page = long(be32(8));
    const std::size_t frame = 24 + std::size_t(w.page);
    for (std::size_t i = 0; 32 + (i + 1) * frame <= bytes.size(); ++i) {
        const std::size_t at = 32 + i * frame;
        if (be32(at + 8) != be32(16) || be32(at + 12) != be32(20)) continue;
        w.current.push_back(long(i) + 1);
        if (be32(at + 4) != 0) ++w.commits;
    }
    return w;
}

}  // namespace

TEST_CASE("A clean stop (SIGTERM) leaves every action in niagara.sqlite3 alone",
          "[server][store][durability]") {
    ServerProcess server({"--grace", "30"});
    const PartGame game = play_part(server, 3, "515");
    const Json before = watch(server, game.table);
    const long actions = stored_actions(db_of(server), game.table);  // through the log
    REQUIRE(actions > 10);
    const int status = server.stop(SIGTERM);
    INFO(server.log());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    // The log was copied into the main file and removed, with the marker of a running server.
    CHECK_FALSE(fs::exists(db_of(server).string() + "-wal"));
    CHECK_FALSE(fs::exists(db_of(server).string() + ".running"));

    // Only the main file, in a fresh data directory: the table and all its actions are back.
    TempDir copies("niagara-copy");
    const fs::path copy = copies.path / "niagara.sqlite3";
    fs::copy_file(db_of(server), copy);
    CHECK(stored_actions(copy, game.table) == actions);
    ServerProcess fresh({"--grace", "30"});
    fresh.stop();
    put_data(fresh, {{"niagara.sqlite3", copy}});
    fresh.start();
    check_restored(fresh, game, before);
}

TEST_CASE("A stop (SIGTERM) during the start, or as soon as the port is written, is clean",
          "[server][store][durability]") {
    ServerProcess server;
    const std::string running = db_of(server).string() + ".running";
    const auto check_clean = [&](int status) {
        INFO(server.log());
        REQUIRE(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 0);
        CHECK_FALSE(fs::exists(running));
    };
    SECTION("the moment the port file appears (a supervisor, or a test, that stops at once)") {
        // A SIGTERM that came before the handler was in place once killed the server with the
        // default action, and the next start found niagara.sqlite3.running.
        for (int i = 0; i < 10; ++i) {
            check_clean(server.stop(SIGTERM));
            server.start();
        }
        check_clean(server.stop(SIGTERM));
    }
    SECTION("while the store is open and the tables are not yet restored") {
        server.stop(SIGTERM);
        REQUIRE_FALSE(fs::exists(running));
        server.launch();
        const auto deadline = std::chrono::steady_clock::now() + 10s;
        while (!fs::exists(running) && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(1ms);
        REQUIRE(fs::exists(running));  // the store is open: the start is under way
        check_clean(server.stop(SIGTERM));
    }
    // Either way, the next start finds a clean stop.
    server.start();
    CHECK(server.log().find("the last stop was not clean") == std::string::npos);
}

TEST_CASE("A live backup (sqlite3_backup) of a running server restores its tables",
          "[server][store][durability]") {
    ServerProcess server({"--grace", "30"});
    const PartGame game = play_part(server, 3, "616");
    const Json before = watch(server, game.table);
    // As `sqlite3 niagara.sqlite3 ".backup FILE"` does, while the server runs.
    TempDir backups("niagara-backup");
    const fs::path copy = backups.path / "backup.sqlite3";
    {
        Sql source(db_of(server));
        Sql target(copy);
        sqlite3_backup* backup = sqlite3_backup_init(target.get(), "main", source.get(), "main");
        REQUIRE(backup);
        CHECK(sqlite3_backup_step(backup, -1) == SQLITE_DONE);
        CHECK(sqlite3_backup_finish(backup) == SQLITE_OK);
    }
    CHECK(server.running());
    server.stop(SIGKILL);  // whatever happens to the server, the backup is whole
    CHECK(stored_actions(copy, game.table) > 10);

    ServerProcess restored({"--grace", "30"});
    restored.stop();
    put_data(restored, {{"niagara.sqlite3", copy}});
    restored.start();
    check_restored(restored, game, before);
}

TEST_CASE("After a crash (SIGKILL), a deleted write-ahead log stops the start with a message",
          "[server][store][durability]") {
    ServerProcess server({"--grace", "30"});
    play_part(server, 3, "717");
    server.stop(SIGKILL);
    const std::string db = db_of(server).string();
    REQUIRE(fs::exists(db + "-wal"));
    REQUIRE(fs::file_size(db + "-wal") > 0);  // the latest actions are there only
    fs::remove(db + "-wal");
    fs::remove(db + "-shm");

    try {
        server.start();
        FAIL("the server started without its log:\n" << server.log());
    } catch (const std::runtime_error& e) {
        const std::string why = e.what();
        INFO(why);
        CHECK(why.find("exited at start (status 256)") != std::string::npos);  // exit code 1
        CHECK(why.find("niagara.sqlite3-wal is missing") != std::string::npos);
        CHECK(why.find("did not stop cleanly") != std::string::npos);
        CHECK(why.find("NIAGARA_ACCEPT_DATA_LOSS=1") != std::string::npos);
    }
    CHECK_FALSE(server.running());
    CHECK(fs::exists(db + ".running"));  // refused: nothing changed

    // Told to accept the loss, it starts with what the main file holds, and says so.
    Environment accept("NIAGARA_ACCEPT_DATA_LOSS", "1");
    server.start();
    CHECK(server.running());
    CHECK(server.log().find("starting anyway") != std::string::npos);
}

TEST_CASE(
    "After a crash (SIGKILL) the server starts with every action; with a byte of its log "
    "flipped it refuses",
    "[server][store][durability]") {
    ServerProcess server({"--grace", "30"});
    const PartGame game = play_part(server, 3, "818");
    const Json before = watch(server, game.table);
    server.stop(SIGKILL);
    const fs::path db = db_of(server);
    const fs::path wal = db.string() + "-wal";
    REQUIRE(fs::exists(wal));

    // Untouched (a copy of the data directory as the crash left it): every action is back.
    {
        ServerProcess copy({"--grace", "30"});
        copy.stop();
        std::map<std::string, fs::path> files;
        for (const auto& entry : fs::directory_iterator(data_of(server)))
            files[entry.path().filename().string()] = entry.path();
        REQUIRE(files.count("niagara.sqlite3-wal"));
        put_data(copy, files);
        copy.start();
        check_restored(copy, game, before);
    }

    // A byte flipped in the page of the log's first frame: SQLite would replay nothing of the
    // log and start without a word, short of every action since the server started.
    const WalFrames frames = read_wal(wal);
    REQUIRE(frames.current.size() > 2);
    REQUIRE(frames.current.front() == 1);
    REQUIRE(frames.commits > 5);
    {
        std::fstream file(wal, std::ios::in | std::ios::out | std::ios::binary);
        const long at = 32 + 24 + frames.page / 2;
        file.seekg(at);
        char c = 0;
        REQUIRE(file.get(c));
        file.seekp(at);
        file.put(char(c ^ 0x01));
    }
    try {
        server.start();
        FAIL("the server started with a damaged log:\n" << server.log());
    } catch (const std::runtime_error& e) {
        const std::string why = e.what();
        INFO(why);
        CHECK(why.find("exited at start") != std::string::npos);
        CHECK(why.find("niagara.sqlite3-wal is damaged: frame 1 of") != std::string::npos);
        CHECK(why.find("NIAGARA_ACCEPT_DATA_LOSS=1") != std::string::npos);
    }
    CHECK_FALSE(server.running());
}

TEST_CASE("Tables whose stored rows cannot be read are left out; the server starts with the rest",
          "[server][store][durability]") {
    ServerProcess server({"--grace", "30"});
    std::vector<long> ids;
    std::string good_token;
    {
        Harness h(server.port());
        // Six games with a player and two bots each, and a table waiting for players.
        std::vector<std::shared_ptr<std::optional<long>>> tables;
        std::vector<Player*> hosts;
        for (int i = 0; i < 7; ++i) {
            Player& host = h.add(
                "host" + std::to_string(i + 1),
                Harness::Options{
                    {"/name host" + std::to_string(i + 1)}, false, true, std::uint64_t(70 + i)});
            hosts.push_back(&host);
            tables.push_back(std::make_shared<std::optional<long>>());
            if (i == 6) {
                send_when_welcomed(host, "/new players=3");
                host.hooks.push_back([table = tables.back()](Player&, const Json& m) {
                    if (m.value("type", "") == "table_created") *table = m.at("table").get<long>();
                });
                continue;
            }
            TableSetup setup;
            setup.host = &host;
            setup.new_words = "players=3 seed=" + std::to_string(900 + i);
            setup.bots = 2;
            open_table(setup, tables.back());
        }
        const bool ready = h.run_until(
            [&] {
                for (int i = 0; i < 7; ++i)
                    if (!*tables[std::size_t(i)] || (i < 6 && hosts[std::size_t(i)]->round() < 2))
                        return false;
                return true;
            },
            30s);
        INFO(server.log());
        REQUIRE(ready);
        for (const auto& t : tables)
            ids.push_back(**t);
        good_token = hosts[5]->client->token();
    }
    server.stop(SIGTERM);

    {  // The damage, row by row.
        Sql sql(db_of(server));
        const auto id = [&](int i) { return std::to_string(ids[std::size_t(i)]); };
        sql.exec("UPDATE tables SET options = '{not json' WHERE id = " + id(0));
        sql.exec(R"(UPDATE tables SET options = '{"players":"many"}' WHERE id = )" + id(1));
        sql.exec("UPDATE tables SET game_options = '[1, 2' WHERE id = " + id(2));
        sql.exec(
            "UPDATE action_log SET action = 'garbage' WHERE id = (SELECT id FROM action_log "
            "WHERE table_id = " +
            id(3) + " ORDER BY id LIMIT 1 OFFSET 3)");
        sql.exec("UPDATE seats SET seat = 7 WHERE seat = 2 AND table_id = " + id(4));
        CHECK(sql.count("SELECT COUNT(*) FROM tables WHERE finished = 0") == 7);
    }

    server.start();  // it starts
    INFO(server.log());
    const HttpResponse metrics = http_get(server.port(), "/metrics");
    REQUIRE(metrics.status == 200);
    INFO(metrics.body);
    CHECK(metric(metrics.body, "niagara_tables{phase=\"playing\"}") == 1.0);  // the sixth game
    CHECK(metric(metrics.body, "niagara_tables{phase=\"waiting\"}") == 1.0);
    // One line in the log for each table left out.
    const std::string log = server.log();
    for (int i = 0; i < 5; ++i) {
        const std::string line =
            "table " + std::to_string(ids[std::size_t(i)]) + ": cannot restore";
        INFO(line);
        const auto first = log.find(line);
        CHECK(first != std::string::npos);
        CHECK(log.find(line, first + 1) == std::string::npos);
    }
    // The good game goes on: its player comes back to its seat.
    Harness h(server.port());
    Player& back = h.add("back", {"/resume " + good_token});
    REQUIRE(h.run_until([&] { return back.first("snapshot") != nullptr; }, 10s));
    CHECK(back.errors.empty());
    CHECK(back.first("seated")->at("table") == ids[5]);
    // The rows left out are left in the database as they were.
    server.stop(SIGTERM);
    Sql sql(db_of(server));
    CHECK(sql.count("SELECT COUNT(*) FROM tables WHERE options = '{not json'") == 1);
}

TEST_CASE("After a crash, a damaged database file stops the start (quick_check)",
          "[server][store][durability]") {
    ServerProcess server;
    server.stop();
    const std::string db = db_of(server).string();
    fs::remove(db);
    {
        // A finished game's actions, purged at the next start: their pages become free.
        niagara::server::Store store(db);
        const long table = store.create_table("{}", "ann");
        store.mark_started(table, "{}");
        for (long i = 0; i < 200; ++i)
            store.append_actions({{table, i, std::string(300, 'a')}});
        store.finish(table, "{}");
    }
    { niagara::server::Store purged(db); }
    server.start();
    server.stop(SIGKILL);
    {
        // The list of free pages damaged: nothing SQLite reads to start touches it, and the
        // server would run on until a write needed a free page.
        std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
        auto be = [&](long at, int n) {
            unsigned char b[4] = {};
            file.seekg(at);
            file.read(reinterpret_cast<char*>(b), n);
            long v = 0;
            for (int i = 0; i < n; ++i)
                v = (v << 8) | b[i];
            return v;
        };
        const long page = be(16, 2) == 1 ? 65536 : be(16, 2);
        const long trunk = be(32, 4);
        REQUIRE(trunk > 1);
        const unsigned char count[4] = {0x00, 0xff, 0xff, 0xff};
        file.seekp((trunk - 1) * page + 4);
        file.write(reinterpret_cast<const char*>(count), 4);
        REQUIRE(file.good());
    }
    try {
        server.start();
        FAIL("the server started on a damaged file:\n" << server.log());
    } catch (const std::runtime_error& e) {
        const std::string why = e.what();
        INFO(why);
        CHECK(why.find("niagara.sqlite3 is damaged (PRAGMA quick_check)") != std::string::npos);
        CHECK(why.find("Restore a backup") != std::string::npos);
    }
}
