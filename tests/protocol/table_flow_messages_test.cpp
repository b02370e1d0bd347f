// The messages of a table's flow: /again (play a finished game again), the turn clocks with
// what is left of each, the history a snapshot brings, and the again announcement.
#include "frames.hpp"
#include "niagara/protocol/server_message.hpp"

using frames::accepted;
using frames::accepted_as;
using frames::command_of;
namespace command = niagara::protocol::command;
using frames::Command;
using frames::refused;
using niagara::protocol::Json;
namespace msg = niagara::protocol;

TEST_CASE("/again names the finished game's table, as text or JSON", "[protocol][again]") {
    const auto text = accepted_as<command::Again>("/again 3");
    CHECK(text.table == 3);
    const auto json = accepted_as<command::Again>(R"({"type": "again", "table": 3})");
    CHECK(json.table == 3);
    CHECK_FALSE(refused("/again", "bad_command").empty());
    CHECK_FALSE(refused("/again x", "bad_command").empty());
    CHECK_FALSE(refused("/again 3 4", "bad_command").empty());
    CHECK_FALSE(refused(R"({"type": "again"})", "bad_json").empty());
    CHECK_FALSE(refused(R"({"type": "again", "table": "3"})", "bad_json").empty());
}

TEST_CASE("A timer message says what is left of each clock", "[protocol][timer]") {
    const Json one = msg::timer(3, {1}, 60, {"alice", "bob"}, {26000});
    CHECK(one["remaining_ms"] == Json({26000}));
    CHECK(one["seat"] == 1);
    CHECK(one["text"] == "bob (seat 2) has 26 s to decide at table #3.");
    const Json two = msg::timer(3, {0, 1}, 60, {"alice", "bob"}, {60000, 25500});
    CHECK(two["seats"] == Json({0, 1}));
    CHECK(two["seat"].is_null());
    CHECK(two["text"] ==
          "Time left to decide at table #3: alice (seat 1) 60 s and bob (seat 2) 26 s.");
    // Without what is left: the table's time, as before.
    CHECK(msg::timer(3, {0}, 60, {"alice"})["text"] ==
          "alice (seat 1) has 60 s to decide at table #3.");
    CHECK_FALSE(msg::timer(3, {0}, 60).contains("remaining_ms"));
}

TEST_CASE("A snapshot can bring the table's history; again names the new table",
          "[protocol][history]") {
    const Json history =
        Json::array({Json{{"kind", "chat"}, {"from", "alice"}, {"message", "hi"}}});
    const Json with =
        msg::snapshot(3, 7, Json::object(), msg::News{nullptr, std::nullopt, nullptr, &history});
    CHECK(with["history"] == history);
    CHECK_FALSE(msg::snapshot(3, 7, Json::object()).contains("history"));
    const Json again = msg::again(3, 4, "alice");
    CHECK(again["type"] == "again");
    CHECK(again["next"] == 4);
    CHECK(again["table"] == 3);
    CHECK(
        again["text"] ==
        "alice opened table #4 to play again with the same options and bots: /join 4 to sit down.");
}
