// The bridge's pure parts: reading chat lines as commands (hostile ones included), the river
// picture and the private lines, the settings, the state file and the server address.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <set>

#include "bridge_config.hpp"
#include "bridge_state.hpp"
#include "chat_commands.hpp"
#include "player_link.hpp"
#include "private_lines.hpp"
#include "river_picture.hpp"
#include "server_fixture.hpp"
#include "texts.hpp"

namespace {

using namespace niagara::bridge;
using Json = nlohmann::json;
using Kind = ChatCommand::Kind;

Json seat_view_with_secret() {
    // A seat view in the choose phase: seat 0 chose 4 (its own secret), seat 1 has chosen too.
    return Json::parse(R"({
      "table": {"id": 3, "phase": "playing", "seats": [{"seat": 0, "name": "alice"}, {"seat": 1, "name": "bob"}, {"seat": 2, "name": "carol"}]},
      "game": {"you": 0, "phase": "choose", "round": 2, "weather": 1, "fork": "right", "acting": [2],
               "places": {"violet": {"violet": 6}, "clear": {"clear": 7}, "yellow": {"yellow": 7}, "blue": {"blue": 7}, "red": {"red": 6, "violet": 1}},
               "seats": [
                 {"canoes": [{"where": "river", "pos": "T3", "cargo": ["violet"]}, {"where": "land", "pos": null, "cargo": []}],
                  "collection": {"red": 1}, "hand": ["1", "2", "3", "5", "6", "cloud"], "chosen": "4", "discard": ["7"], "has_chosen": true, "revealed": null},
                 {"canoes": [{"where": "river", "pos": "L7", "cargo": []}, {"where": "land", "pos": null, "cargo": []}],
                  "collection": {}, "hand": ["1", "2", "3", "4", "5", "6", "cloud"], "has_chosen": true, "revealed": null},
                 {"canoes": [{"where": "land", "pos": null, "cargo": []}, {"where": "land", "pos": null, "cargo": []}],
                  "collection": {}, "hand": ["1", "2", "3", "4", "5", "6", "cloud"], "has_chosen": false, "revealed": null}],
               "whirlpool": "T5", "beaver": null, "elk": {"at": "red"}, "joe": null}
    })");
}

}  // namespace

TEST_CASE("bridge: channel lines are commands only with ! or addressed to the bot",
          "[bridge][units]") {
    CHECK(parse_channel_line("!join", "niagara").kind == Kind::Join);
    CHECK(parse_channel_line("  !JOIN 2", "niagara").args == "2");
    CHECK(parse_channel_line("niagara: join", "niagara").kind == Kind::Join);
    CHECK(parse_channel_line("Niagara, !start", "niagara").kind == Kind::Start);
    CHECK(parse_channel_line("niagara is a fine game", "niagara").kind == Kind::None);
    CHECK(parse_channel_line("join", "niagara").kind == Kind::None);
    CHECK(parse_channel_line("!new players=4  spirits", "niagara").args == "players=4 spirits");
    const ChatCommand move = parse_channel_line("!canoe 1   up 3", "niagara");
    CHECK(move.kind == Kind::Decision);
    CHECK(move.decision_text() == "canoe 1 up 3");
    CHECK(parse_channel_line("!play 4", "niagara").kind == Kind::Card);
    CHECK(parse_channel_line("!xyzzy", "niagara").kind == Kind::Unknown);
    // Hostile: control characters, empty commands, overlong lines, a bare '!'.
    CHECK(parse_channel_line("!join\x01", "niagara").kind == Kind::None);
    CHECK(parse_channel_line("!", "niagara").kind == Kind::None);
    CHECK(parse_channel_line("!" + std::string(5000, 'a'), "niagara").kind == Kind::None);
    CHECK(parse_channel_line("niagara:", "niagara").kind == Kind::None);
    CHECK(parse_channel_line(std::string("!join\0x", 7), "niagara").kind == Kind::None);
    CHECK(parse_channel_line("!join", "").kind == Kind::Join);
}

TEST_CASE("bridge: private lines are commands with or without ! or /", "[bridge][units]") {
    CHECK(parse_private_line("play 4").kind == Kind::Card);
    CHECK(parse_private_line("/play 4").decision_text() == "play 4");
    CHECK(parse_private_line("!Canoe 2 load blue then up 3").decision_text() ==
          "canoe 2 load blue then up 3");
    CHECK(parse_private_line("hand").kind == Kind::Hand);
    CHECK(parse_private_line("moves").kind == Kind::Moves);
    CHECK(parse_private_line("hi!").kind == Kind::Unknown);
    CHECK(parse_private_line("").kind == Kind::None);
    CHECK(parse_private_line("play 4\r\n/resume 0123").kind == Kind::None);
}

TEST_CASE("bridge: the river picture shows the public board and never a chosen card or a hand",
          "[bridge][units]") {
    const Json view = seat_view_with_secret();
    const auto lines = river_picture(view);
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].find("Round 2") != std::string::npos);
    CHECK(lines[0].find("whirlpool T5") != std::string::npos);
    CHECK(lines[1].find("T3 (violet 6) alice#1[violet]") != std::string::npos);
    CHECK(lines[2].find("L7 (red 6, violet 1) bob#1") != std::string::npos);
    CHECK(lines[3].find("alice chose") != std::string::npos);
    CHECK(lines[3].find("carol …") != std::string::npos);
    CHECK(lines[3].find("alice red 1") != std::string::npos);
    for (const auto& line : lines) {
        INFO(line);
        CHECK(line.find(" 4") == std::string::npos);     // alice's chosen 4
        CHECK(line.find("cloud") == std::string::npos);  // nobody's hand
    }
    CHECK(river_picture(Json::object()).empty());
    CHECK(river_picture(Json::parse(R"({"game": null})")).empty());
    // A malformed view never throws.
    CHECK_NOTHROW(river_picture(Json::parse(R"({"game": {"seats": [1, "x", {"canoes": 3}]}})")));
}

TEST_CASE("bridge: private lines show the prompt with where moves end, the hand and every move",
          "[bridge][units]") {
    const Json cards = Json::parse(R"({"seat": 0, "legal": ["play 1", "play cloud"]})");
    CHECK(prompt_line("en", 3, cards, Json()) ==
          "Table #3: choose your card: 1, cloud. Answer here: play 1");
    Json moves = Json::parse(R"({"seat": 0, "actions": [
        {"type": "move", "text": "canoe 1 up 2", "from": "T2", "to": "land"},
        {"type": "move", "text": "canoe 2 down 1", "from": "L7", "to": "falls"},
        {"type": "move", "text": "canoe 2 down 1 left", "from": "T5", "to": "L6", "pushed": true}]})");
    const std::string line = prompt_line("en", 3, moves, Json());
    CHECK(line ==
          "Table #3, your turn: canoe 1 up 2 → land | canoe 2 down 1 → over the falls! | "
          "canoe 2 down 1 left → L6 (pushed by the whirlpool)");
    for (int i = 0; i < 60; ++i)
        moves["actions"].push_back({{"text", "canoe 1 load red then up " + std::to_string(i)}});
    const std::string long_line = prompt_line("en", 3, moves, Json());
    CHECK(long_line.size() <= kLineBudget);
    CHECK(long_line.find("more: say moves") != std::string::npos);
    std::size_t listed = 0;
    for (const auto& l : moves_lines("en", moves)) {
        CHECK(l.size() <= kLineBudget);
        listed += static_cast<std::size_t>(std::count(l.begin(), l.end(), '|')) + 1;
    }
    CHECK(listed == 63);
    CHECK(hand_line("en", seat_view_with_secret()) ==
          "Your hand: 1 2 3 5 6 cloud · chosen: 4 (hidden until it is revealed) · played: 7");
    CHECK(hand_line("en", Json()) == "You have no cards: you are not in a game.");
}

TEST_CASE("bridge: settings from a file, NIAGARA_BRIDGE_* variables and flags, in that order",
          "[bridge][units]") {
    const auto loaded = settings_from(
        "# comment\nirc.host = irc.example.org\nirc.channels = #a, #b\n"
        "irc.nick = one\n",
        {"NIAGARA_BRIDGE_IRC_NICK=two", "OTHER=x"}, {"--irc.port", "6697", "--irc.tls=true"});
    REQUIRE(loaded.settings);
    CHECK(loaded.settings->irc.enabled);
    CHECK(loaded.settings->irc.nick == "two");
    CHECK(loaded.settings->irc.port == 6697);
    CHECK(loaded.settings->irc.tls);
    CHECK(loaded.settings->irc.channels == std::vector<std::string>{"#a", "#b"});
    CHECK_FALSE(loaded.settings->xmpp.enabled);

    CHECK(settings_from("", {}, {}).error.find("no network") != std::string::npos);
    CHECK(settings_from("irc.host = h\n", {}, {}).error.find("irc.channels") != std::string::npos);
    CHECK(settings_from("irc.hots = h\n", {}, {}).error.find("unknown setting 'irc.hots'") !=
          std::string::npos);
    CHECK(settings_from("irc.host h\n", {}, {}).error.find("line 1") != std::string::npos);
    CHECK(settings_from("", {}, {"--irc.port", "70000"}).error.find("65535") != std::string::npos);
    CHECK(settings_from("", {}, {"--irc.tls", "maybe"}).error.find("true or false") !=
          std::string::npos);
    CHECK(settings_from("", {}, {"--irc.nick"}).error.find("needs a value") != std::string::npos);
    CHECK(settings_from("xmpp.jid = a@b\n", {}, {}).error.find("xmpp.rooms") != std::string::npos);
}

TEST_CASE(
    "bridge: the state file keeps seats across restarts, privately, and a damaged one is "
    "refused",
    "[bridge][units]") {
    server_test::TempDir dir("niagara-bridge-state");
    const auto file = dir.path / "state.json";
    {
        BridgeState state(file);
        REQUIRE_FALSE(state.load());  // no file yet
        state.set_channel_table("irc #niagara", 7);
        state.set_user("irc alice", UserMemory{"alice", SeatMemory{7, 2, "00ff"}, ""});
        state.rename_user("irc alice", "irc alicia");
    }
    struct stat info {};
    REQUIRE(::stat(file.c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0600);
    BridgeState again(file);
    REQUIRE_FALSE(again.load());
    CHECK(again.channel_table("irc #niagara") == 7);
    CHECK(again.user("irc alice") == nullptr);
    REQUIRE(again.user("irc alicia"));
    CHECK(again.user("irc alicia")->seat->token == "00ff");
    CHECK(again.user("irc alicia")->seat->seat == 2);

    std::ofstream(file) << "{\"users\": {\"x\": {\"seat\": 3}}}";
    CHECK(BridgeState(file).load());
    std::ofstream(file) << "not json";
    CHECK(BridgeState(file).load());
}

TEST_CASE("bridge: the server address is a ws:// URL", "[bridge][units]") {
    auto a = parse_server_url("ws://127.0.0.1:9000/ws");
    REQUIRE(a);
    CHECK(a->host == "127.0.0.1");
    CHECK(a->port == 9000);
    CHECK(parse_server_url("ws://game.example.org")->port == 80);
    CHECK(parse_server_url("ws://[::1]:8080/ws")->host == "::1");
    CHECK_FALSE(parse_server_url("wss://h/ws"));
    CHECK_FALSE(parse_server_url("ws://h:0/ws"));
    CHECK_FALSE(parse_server_url("ws://h:99999/ws"));
    CHECK_FALSE(parse_server_url("ws://h:80/other"));
    CHECK_FALSE(parse_server_url("ws://:80/ws"));
    CHECK_FALSE(parse_server_url("http://h:80/ws"));
}

TEST_CASE("bridge: the server's texts name commands as a chat user types them", "[bridge][units]") {
    using niagara::bridge::as_chat_commands;
    CHECK(as_chat_commands("no table 9; /tables lists them") == "no table 9; !tables lists them");
    CHECK(as_chat_commands("/join 3 to sit down, or /watch 3 (/new opens one)") ==
          "!join 3 to sit down, or !watch 3 (!new opens one)");
    CHECK(as_chat_commands("send /play 4") == "send play 4");
    CHECK(as_chat_commands("card 1/2/3 and http://x/join and /resume T") ==
          "card 1/2/3 and http://x/join and /resume T");
    CHECK(as_chat_commands("/") == "/");
    CHECK(as_chat_commands("") == "");
}

TEST_CASE("bridge: irc.timer and xmpp.timer are seconds the server takes", "[bridge][units]") {
    using niagara::bridge::settings_from;
    const auto ok = settings_from("irc.host = h\nirc.channels = #a\nirc.timer = 60\n", {}, {});
    REQUIRE(ok.settings);
    CHECK(ok.settings->irc.timer == 60);
    CHECK(ok.settings->xmpp.timer == 0);
    CHECK_FALSE(settings_from("irc.host = h\nirc.channels = #a\nirc.timer = 5\n", {}, {}).settings);
    CHECK_FALSE(
        settings_from("irc.host = h\nirc.channels = #a\nirc.timer = 99999\n", {}, {}).settings);
    CHECK_FALSE(settings_from("irc.host = h\nirc.channels = #a\nirc.timer = -1\n", {}, {}).settings);
}

TEST_CASE("bridge: seats are kept by identity, with keys, and a format 1 file is read",
          "[bridge][units]") {
    using niagara::bridge::new_seat_key;
    using niagara::bridge::normal_seat_key;
    server_test::TempDir dir("niagara-bridge-state-keys");
    const auto file = dir.path / "state.json";
    // A file written before seat keys: IRC nicks become nick identities, bare JIDs accounts,
    // and every seat gets a key.
    std::ofstream(file) << R"({"format": "niagara-bridge-state/1", "channels": {"irc #n": 3},
        "users": {"irc alice": {"name": "alice", "seat": {"table": 3, "seat": 0, "token": "aa"}},
                  "xmpp bob@example.org": {"name": "bob", "lang": "fr",
                                           "seat": {"table": 3, "seat": 1, "token": "bb"}},
                  "xmpp room@muc.example.org/zed": {"name": "zed", "lang": "de"}}})";
    {
        BridgeState state(file);
        REQUIRE_FALSE(state.load());
        REQUIRE(state.user("irc nick alice"));
        REQUIRE(state.user("xmpp account bob@example.org"));
        REQUIRE(state.user("xmpp nick room@muc.example.org/zed"));
        CHECK(state.user("xmpp account bob@example.org")->lang == "fr");
        const std::string key = state.user("irc nick alice")->seat->key;
        CHECK(key.size() == 10);
        CHECK(key != state.user("xmpp account bob@example.org")->seat->key);
        // Found by key (any case, spaces around), within one network only.
        CHECK(state.holder_of_key("irc ", normal_seat_key(" " + key + " ")) == "irc nick alice");
        std::string lower = key;
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CHECK(state.holder_of_key("irc ", normal_seat_key(lower)) == "irc nick alice");
        CHECK_FALSE(state.holder_of_key("xmpp ", key));
        CHECK_FALSE(state.holder_of_key("irc ", ""));
        // An orphan, then taken back by another nick.
        REQUIRE(state.move_seat("irc nick alice", "irc orphan " + key));
        CHECK_FALSE(state.user("irc nick alice"));
        REQUIRE(state.move_seat("irc orphan " + key, "irc nick alice_"));
        CHECK(state.user("irc nick alice_")->seat->token == "aa");
        // Never onto someone who has a seat.
        CHECK_FALSE(state.move_seat("irc nick alice_", "xmpp account bob@example.org"));
    }
    BridgeState again(file);
    REQUIRE_FALSE(again.load());
    REQUIRE(again.user("irc nick alice_"));
    CHECK(again.user("irc nick alice_")->seat->key.size() == 10);
    // Keys: the alphabet without look-alikes, and not the same twice in a thousand.
    std::set<std::string> keys;
    for (int i = 0; i < 1000; ++i) {
        const std::string key = new_seat_key();
        CHECK(key.find_first_of("01OILl") == std::string::npos);
        keys.insert(key);
    }
    CHECK(keys.size() == 1000);
}
