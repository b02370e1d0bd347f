// A MUC room's bookkeeping without a server: the presence stanzas a room sends, in the order
// XEP-0045 gives them, and what the bot makes of them.
#include <catch2/catch.hpp>

#include "muc_room.hpp"

namespace xmpp_test {
namespace {

using niagara::bridge::xmpp::MucRoom;
using niagara::bridge::xmpp::OccupantPresence;
using niagara::bridge::xmpp::RoomEvent;
using RoomKind = RoomEvent::Kind;

OccupantPresence room_occupant(std::string nick, std::string jid, std::string type = "",
                               std::vector<int> codes = {}, std::string new_nick = "") {
    return {std::move(nick), std::move(type),     std::move(codes),
            std::move(jid),  std::move(new_nick), ""};
}

}  // namespace

TEST_CASE("xmpp room: joining reports the occupants, then the bot is in", "[xmpp]") {
    MucRoom room("Game@Rooms.Example.org", "niagara");
    room.begin_join();
    CHECK(room.key() == "game@rooms.example.org");

    auto events = room.on_presence(room_occupant("Alice", "alice@example.org/phone"));
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == RoomKind::Present);
    CHECK(events[0].user.key == "alice@example.org");
    CHECK(events[0].user.display == "Alice");

    // A status change (away) of someone already there says nothing new.
    CHECK(room.on_presence(room_occupant("Alice", "alice@example.org/phone")).empty());

    events = room.on_presence(room_occupant("niagara", "bot@example.org/x", "", {110, 100}));
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == RoomKind::Joined);
    CHECK(room.state() == MucRoom::State::Joined);
    CHECK(room.key_of("Alice") == "alice@example.org");
}

TEST_CASE("xmpp room: a taken nick gets a digit; a refusal ends the join", "[xmpp]") {
    MucRoom room("game@rooms.example.org", "niagara");
    room.begin_join();
    OccupantPresence conflict{"niagara", "error", {}, "", "", "conflict"};
    auto events = room.on_presence(conflict);
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == RoomKind::RetryJoin);
    CHECK(room.nick() == "niagara1");
    conflict.nick = "niagara1";
    conflict.error = "409";  // the legacy code alone counts too
    room.on_presence(conflict);
    CHECK(room.nick() == "niagara2");

    OccupantPresence refused{"niagara2", "error", {}, "", "", "forbidden"};
    events = room.on_presence(refused);
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == RoomKind::JoinFailed);
    CHECK(room.resolved());
}

TEST_CASE("xmpp room: leaving, nick changes and a second nick of the same person", "[xmpp]") {
    MucRoom room("game@rooms.example.org", "niagara");
    room.begin_join();
    room.on_presence(room_occupant("niagara", "bot@example.org/x", "", {110}));
    room.on_presence(room_occupant("Bob", "bob@example.org/a"));

    // 303 then the new nick's presence: one rename, no second arrival.
    auto events =
        room.on_presence(room_occupant("Bob", "bob@example.org/a", "unavailable", {303}, "Robert"));
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == RoomKind::Renamed);
    CHECK(events[0].old_key == "bob@example.org");
    CHECK(events[0].user.key == "bob@example.org");
    CHECK(events[0].user.display == "Robert");
    CHECK(room.on_presence(room_occupant("Robert", "bob@example.org/a")).empty());

    // Bob from a second client under another nick: still one person; absent when both went.
    CHECK(room.on_presence(room_occupant("Bobby", "bob@example.org/b")).empty());
    CHECK(room.on_presence(room_occupant("Bobby", "bob@example.org/b", "unavailable")).empty());
    events = room.on_presence(room_occupant("Robert", "bob@example.org/a", "unavailable"));
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == RoomKind::Absent);
    CHECK(events[0].user.key == "bob@example.org");
}

TEST_CASE("xmpp room: without JIDs people are known as room/nick", "[xmpp]") {
    MucRoom room("game@rooms.example.org", "niagara");
    room.begin_join();
    auto events = room.on_presence(room_occupant("Carol", ""));
    REQUIRE(events.size() == 1);
    CHECK(events[0].user.key == "game@rooms.example.org/Carol");
    CHECK(room.take_hidden_jid_warning());
    CHECK_FALSE(room.take_hidden_jid_warning());  // once

    events = room.on_presence(room_occupant("Carol", "", "unavailable", {303}, "Caroline"));
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == RoomKind::Renamed);
    CHECK(events[0].old_key == "game@rooms.example.org/Carol");
    CHECK(events[0].user.key == "game@rooms.example.org/Caroline");
}

TEST_CASE("xmpp room: kicked, everyone is out of sight", "[xmpp]") {
    MucRoom room("game@rooms.example.org", "niagara");
    room.begin_join();
    room.on_presence(room_occupant("Alice", "alice@example.org/a"));
    room.on_presence(room_occupant("niagara", "bot@example.org/x", "", {110}));
    const auto events =
        room.on_presence(room_occupant("niagara", "bot@example.org/x", "unavailable", {110, 307}));
    REQUIRE(events.size() == 2);
    CHECK(events[0].kind == RoomKind::Absent);
    CHECK(events[0].user.key == "alice@example.org");
    CHECK(events[1].kind == RoomKind::Left);
    CHECK(events[1].why == "kicked");
    CHECK(room.state() == MucRoom::State::Out);
}

}  // namespace xmpp_test
