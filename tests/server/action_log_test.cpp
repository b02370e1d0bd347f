// Group commit (server/src/action_log.hpp): every accepted action is stored before its table
// hears that it was, the actions of many tables share transactions, and a restart finds every
// action that was reported committed, in order.
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <map>

#include "action_log.hpp"
#include "server_fixture.hpp"
#include "store.hpp"

using namespace niagara::server;

namespace {

std::map<long, std::vector<std::string>> stored_actions(Store& store) {
    std::map<long, std::vector<std::string>> out;
    for (const StoredTable& t : store.unfinished_tables())
        out[t.id] = t.actions;
    return out;
}

}  // namespace

TEST_CASE("action log: an action is committed before its table is told, in order per table",
          "[server][store]") {
    server_test::TempDir dir("niagara-action-log");
    Store store((dir.path / "db.sqlite3").string());
    std::vector<long> tables;
    for (int t = 0; t < 3; ++t)
        tables.push_back(store.create_table("{}", "host"));
    for (long table : tables)
        store.mark_started(table, "{}");

    boost::asio::io_context io;
    ActionLog log(io, store);
    std::map<long, long> told;  // per table: how many of its actions were reported committed
    long checked = 0;
    // Three tables accept actions as their messages come in, several per turn of the loop.
    for (long index = 0; index < 40; ++index)
        for (long table : tables)
            boost::asio::post(io, [&, table, index] {
                const std::string json = R"({"n":)" + std::to_string(index) + "}";
                log.append(StoredAction{table, index, json}, [&, table, index, json] {
                    CHECK(told[table] == index);  // in order
                    ++told[table];
                    // Already in the database, as a restart would read it.
                    const auto stored = stored_actions(store);
                    REQUIRE(stored.at(table).size() > std::size_t(index));
                    CHECK(stored.at(table)[std::size_t(index)] == json);
                    ++checked;
                });
            });
    io.run();
    CHECK(checked == 120);
    for (long table : tables)
        CHECK(told[table] == 40);
    const auto stored = stored_actions(store);
    for (long table : tables)
        CHECK(stored.at(table).size() == 40);
}

TEST_CASE("action log: a batch is stored whole or not at all", "[server][store]") {
    server_test::TempDir dir("niagara-action-log");
    Store store((dir.path / "db.sqlite3").string());
    const long table = store.create_table("{}", "host");
    store.mark_started(table, "{}");
    store.append_actions({{table, 0, "a"}, {table, 1, "b"}});
    // Index 1 again is not the table's next: the whole batch, index 2 included, is refused.
    CHECK_THROWS(store.append_actions({{table, 2, "c"}, {table, 1, "again"}}));
    CHECK(stored_actions(store).at(table) == std::vector<std::string>{"a", "b"});
    store.append_actions({{table, 2, "c"}});
    CHECK(stored_actions(store).at(table) == std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("action log: with a window, commits are that far apart and group what came meanwhile",
          "[server][store]") {
    server_test::TempDir dir("niagara-action-log");
    Store store((dir.path / "db.sqlite3").string());
    const long table = store.create_table("{}", "host");
    store.mark_started(table, "{}");

    using Clock = std::chrono::steady_clock;
    constexpr auto window = std::chrono::milliseconds(200);
    boost::asio::io_context io;
    ActionLog log(io, store, window);
    std::vector<Clock::time_point> told;  // when each action was reported committed
    auto append = [&](long index) {
        log.append(StoredAction{table, index, "{}"}, [&] { told.push_back(Clock::now()); });
    };

    // After a quiet spell an action is committed at once, without waiting for the window.
    const Clock::time_point start = Clock::now();
    append(0);
    io.run();
    io.restart();
    REQUIRE(told.size() == 1);
    CHECK(told[0] - start < window);
    CHECK(log.commits() == 1);

    // Within the window of that commit, actions wait for its end and share one commit.
    for (long index = 1; index <= 5; ++index)
        append(index);
    io.run();
    io.restart();
    REQUIRE(told.size() == 6);
    CHECK(told[1] - start >= window);  // the first commit came after `start`
    CHECK(log.commits() == 2);
    CHECK(stored_actions(store).at(table).size() == 6);
}
