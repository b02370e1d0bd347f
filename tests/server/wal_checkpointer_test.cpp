// The write-ahead log is copied back into the database by WalCheckpointer's thread, not by the
// commits (server/src/wal_checkpointer.hpp): the log stays bounded however many actions are
// committed, and every committed action is there after a restart.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <thread>

#include "server_fixture.hpp"
#include "store.hpp"

using namespace niagara::server;
namespace fs = std::filesystem;

TEST_CASE("checkpoints: the log is copied back off the committing thread and stays bounded",
          "[server][store]") {
    server_test::TempDir dir("niagara-wal");
    const std::string db = (dir.path / "db.sqlite3").string();
    const std::string wal = db + "-wal";
    const std::string action(1000, 'x');
    long table = 0;
    constexpr long kBatches = 400, kPerBatch = 50;   // 20 MB: 5 times the 1,000 pages (4 MiB)
    constexpr std::uintmax_t kOutgrown = 6'000'000;  // the threshold and a half
    {
        Store store(db);
        table = store.create_table("{}", "host");
        store.mark_started(table, "{}");
        const auto database_size_before = fs::file_size(db);
        std::uintmax_t largest_log = 0;
        for (long b = 0; b < kBatches; ++b) {
            std::vector<StoredAction> batch;
            for (long i = 0; i < kPerBatch; ++i)
                batch.push_back(StoredAction{table, b * kPerBatch + i, action});
            const long checkpoints_before = store.checkpoints();
            store.append_actions(batch);
            const std::uintmax_t log_size = fs::file_size(wal);
            // As a busy server does between its turns: the thread gets to run. On a machine
            // busy with other programs it may not, and the log grows while it waits: once the
            // log outgrows its threshold by half, the next checkpoint is waited for (it copies
            // the log back, and the writer then starts the log over instead of growing it).
            if (log_size > largest_log && log_size > kOutgrown) {
                bool copied = false;
                for (int i = 0; i < 300 && !copied; ++i) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
                    copied = store.checkpoints() > checkpoints_before;
                }
                REQUIRE(copied);  // within 3 s of the log outgrowing its threshold
            }
            largest_log = std::max(largest_log, log_size);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        // Let the last checkpoint that was due finish.
        for (int i = 0; i < 500 && store.checkpoints() == 0; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        CHECK(store.checkpoints() > 0);
        CHECK(fs::file_size(db) > database_size_before);  // copied into the database file
        // Without checkpoints the log would hold every page written (over 20 MB); with them
        // it is reused from its start once copied back (under 5 MB seen when the thread runs).
        const std::uintmax_t all_written = std::uintmax_t(kBatches * kPerBatch) * action.size();
        CHECK(largest_log < all_written / 2);
    }
    // A restart finds every action.
    Store reopened(db);
    const auto tables = reopened.unfinished_tables();
    REQUIRE(tables.size() == 1);
    REQUIRE(tables[0].actions.size() == std::size_t(kBatches * kPerBatch));
    CHECK(tables[0].actions.back() == action);
}

TEST_CASE("checkpoints: an in-memory database (no log) needs none", "[server][store]") {
    Store store(":memory:");
    const long table = store.create_table("{}", "host");
    store.mark_started(table, "{}");
    store.append_actions({StoredAction{table, 0, "{}"}});
    CHECK(store.checkpoints() == 0);
    CHECK(store.unfinished_tables().at(0).actions.size() == 1);
}
