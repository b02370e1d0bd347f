// Server messages: one shape ({"type", "text", ...}), readable texts, valid JSON always.
#include <catch2/catch.hpp>

#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/protocol/text.hpp"

using Catch::Matchers::Contains;
using namespace niagara::protocol;

namespace {

const std::string kBad = "bad\xFF\xC3 \x01 text";  // invalid UTF-8 and a control character

TableOptions spirits_options() {
    TableOptions o;
    REQUIRE_FALSE(parse_table_options("players=5 spirits timer=60", o));
    return o;
}

Json sample_tables() {
    return Json::parse(R"([
      {"id": 1, "options": {"players": 4}, "description": "4 players", "phase": "waiting",
       "seats": [{"seat": 0, "name": "alice", "bot": false, "online": true},
                 {"seat": 1, "name": null, "bot": false, "online": false},
                 {"seat": 2, "name": "bot-1", "bot": true, "online": true},
                 {"seat": 3, "name": null, "bot": false, "online": false}],
       "spectators": 2},
      {"id": 2, "description": "3 players, Spirits", "phase": "playing", "seats": [],
       "spectators": 0}])");
}

// A message without what issue 25 added (its text's key and arguments, an event's texts): the
// fields programs read before, which must not change.
Json without_keys(Json m) {
    m.erase("key");
    m.erase("args");
    if (m.contains("event") && m["event"].is_object()) m["event"].erase("texts");
    return m;
}

// Every builder, with ordinary and hostile arguments.
std::vector<Json> every_message(const std::string& s) {
    const GameEvent hostile_event{1, {s, "Seat 2 reveals 4."}, s};
    const GameEvent empty_event{};
    // JSON arguments (views, ops, actions, results) are the engine's, so valid; strings may
    // come from anyone.
    const Decision hostile_decision{1, {s, "play 1"}, R"([{"text":"play 1"}])"};
    const Json result = Json::parse(
        R"({"over": true, "abandoned": false, "rounds": 9, "winners": [1, 3], "tie_break": false,
            "collections": []})");
    return {
        message("custom", s, {{"x", 1}}),
        message("custom", ""),
        message("custom", s, Json()),
        message("custom", s, Json::array({1, 2})),
        welcome(7, s),
        error("illegal", s),
        error("bad_json", ""),
        help(),
        chat(3, s, s),
        table_list(sample_tables()),
        table_list(Json::array()),
        table_list(Json("not a list")),
        table_list(Json::array({1, "x", Json::object(), {{"id", "x"}, {"seats", 3}}})),
        snapshot(3, 12, Json{{"you", 1}}),
        patch(3, 11, 12, Json::parse(R"([{"op": "replace", "path": "/round", "value": 2}])")),
        name_set(s),
        table_created(3, spirits_options()),
        seated(3, 1, s),
        joined(3, 1, s),
        watching(3),
        left(3, 1, s),
        left(3, -1, s),
        resumed(3, 1, s),
        presence(3, 1, s, true),
        presence(3, 1, s, false),
        presence(3, 1, s, false, true),
        started(3, 4),
        patch(3, 11, 12, Json::array(), News{&hostile_event, s, &hostile_decision}),
        snapshot(3, 12, Json::object(), News{&empty_event, std::nullopt, nullptr}),
        prompt(3, hostile_decision),
        prompt(3, Decision{}),
        timer(3, {1}, 60),
        timer(3, {0, 2}, 60, {s, s, s}),
        timeout(3, 1, s),
        timeout(3, 1, s, {s, s}),
        ended(3, result, {s, s}),
        ended(3, Json("junk")),
        ended(3, Json{{"abandoned", "maybe"}, {"winners", {"x", 99, -5}}}),
    };
}

}  // namespace

TEST_CASE("Server messages: every message has a type and a text, and dumps", "[protocol][server]") {
    for (const std::string& s :
         {std::string("alice"), kBad, std::string(), std::string(20000, 'x')}) {
        for (const Json& m : every_message(s)) {
            INFO(m.dump(-1, ' ', false, Json::error_handler_t::replace));
            REQUIRE(m.is_object());
            REQUIRE(m.contains("type"));
            CHECK(m["type"].is_string());
            CHECK_FALSE(m["type"].get<std::string>().empty());
            REQUIRE(m.contains("text"));
            REQUIRE(m["text"].is_string());
            CHECK_FALSE(m["text"].get<std::string>().empty());
            std::string dumped;
            REQUIRE_NOTHROW(dumped = m.dump());  // strict: throws on invalid UTF-8
            CHECK(Json::parse(dumped) == m);
            CHECK(serialize(m) == dumped);
        }
    }
}

TEST_CASE("Server messages: message() puts type and text over the fields", "[protocol][server]") {
    const Json m = message("chat", "hi", {{"type", "other"}, {"table", 3}});
    CHECK(without_keys(m) == Json{{"type", "chat"}, {"text", "hi"}, {"table", 3}});
    CHECK(message("x", "y", Json::array({1}))["data"] == Json::array({1}));
}

TEST_CASE("Server messages: welcome, error, help, name", "[protocol][server]") {
    const Json w = welcome(7, "alice");
    CHECK(w["type"] == "welcome");
    CHECK(w["text"] == "Welcome, alice! Type /help to see the commands.");
    CHECK(w["connection"] == 7);
    CHECK(w["name"] == "alice");

    const Json e = error("not_your_turn", "it is seat 2's turn");
    CHECK(without_keys(e) == Json{{"type", "error"},
                                  {"text", "it is seat 2's turn"},
                                  {"code", "not_your_turn"},
                                  {"message", "it is seat 2's turn"}});

    const Json h = help();
    CHECK(h["type"] == "help");
    CHECK(h["commands"] == Json(help_lines()));
    CHECK(h["text"] == help_text());

    CHECK(without_keys(name_set("bob")) ==
          Json{{"type", "name"}, {"text", "You are now bob."}, {"name", "bob"}});
}

TEST_CASE("Server messages: tables", "[protocol][server]") {
    const Json t = table_list(sample_tables());
    CHECK(t["type"] == "tables");
    CHECK(t["tables"] == sample_tables());
    CHECK(t["text"] ==
          "Tables: #1 4 players (waiting, 2/4 seated, 2 watching); #2 3 players, Spirits "
          "(playing, 0/0 seated). /join N to sit down, /watch N to watch.");
    CHECK(table_list(Json::array())["text"] == "No tables yet; open one with /new.");

    Json many = Json::array();
    for (int i = 1; i <= 12; ++i)
        many.push_back({{"id", i}});
    CHECK_THAT(table_list(many)["text"].get<std::string>(), Contains("#10; and 2 more."));

    const Json created = table_created(4, spirits_options());
    CHECK(created["text"] ==
          "Table #4 is open: 5 players, Spirits, 60 s turns.");
    CHECK(created["options"] == table_options_to_json(spirits_options()));
    CHECK(created["table"] == 4);
}

TEST_CASE("Server messages: seats and presence count from 1 in texts, 0 in fields",
          "[protocol][server]") {
    const Json s = seated(3, 1, "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69");
    CHECK(s["seat"] == 1);
    CHECK(s["token"] == "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69");
    CHECK_THAT(
        s["text"].get<std::string>(),
        Contains("table #3, seat 2") && Contains("/resume 0f3a9c41d2e87b6a5c0f1e2d3c4b5a69"));

    CHECK(joined(3, 0, "alice")["text"] == "alice sits at table #3, seat 1.");
    CHECK(joined(3, 0, "alice")["seat"] == 0);
    CHECK(watching(3)["text"] == "You are watching table #3.");
    CHECK(left(3, 2, "bob")["text"] == "bob left seat 3 of table #3.");
    CHECK(left(3, -1, "eve")["text"] == "eve stopped watching table #3.");
    CHECK(left(3, -1, "eve")["seat"].is_null());
    CHECK(presence(3, 1, "bob", false)["text"] == "bob (seat 2) lost the connection.");
    CHECK(presence(3, 1, "bob", true)["online"] == true);
    CHECK(started(3, 3)["players"] == 3);
}

TEST_CASE("Server messages: chat, snapshot and patch", "[protocol][server]") {
    CHECK(without_keys(chat(3, "alice", "good luck")) == Json{{"type", "chat"},
                                                              {"text", "<alice> good luck"},
                                                              {"table", 3},
                                                              {"from", "alice"},
                                                              {"message", "good luck"}});

    const Json view{{"you", 1}, {"round", 2}};
    const Json snap = snapshot(3, 12, view);
    CHECK(snap["text"] == "state v12");
    CHECK(snap["version"] == 12);
    CHECK(snap["view"] == view);

    const Json ops = Json::parse(R"([{"op": "replace", "path": "/round", "value": 3}])");
    const Json p = patch(3, 12, 13, ops);
    CHECK(p["text"] == "state v13 (from v12)");
    CHECK(p["from"] == 12);
    CHECK(p["to"] == 13);
    CHECK(p["ops"] == ops);
}

TEST_CASE("Server messages: the game's flow", "[protocol][server]") {
    CHECK(started(3, 4)["text"] == "The game at table #3 starts with 4 players.");
    CHECK(resumed(3, 1, "tok")["type"] == "seated");
    CHECK(resumed(3, 1, "tok")["text"] == "Welcome back to table #3, seat 2.");
    CHECK(presence(3, 1, "bob", false, true)["text"] ==
          "bob (seat 2) is away; a bot plays the seat until they return.");

    const Json few = prompt(3, Decision{0, {"play 1", "play 3"}, "[1,3]"});
    CHECK(few["text"] == "Your decision at table #3 (seat 1): play 1, play 3");
    CHECK(few["legal"] == Json::array({"play 1", "play 3"}));
    CHECK(few["actions"] == Json::array({1, 3}));
    std::vector<std::string> ten;
    for (int i = 0; i < 10; ++i)
        ten.push_back("p" + std::to_string(i));
    CHECK_THAT(prompt(3, Decision{0, ten})["text"].get<std::string>(),
               Contains("p8, p9") && !Contains("..."));
    std::vector<std::string> many;
    for (int i = 0; i < 40; ++i)
        many.push_back("canoe 1 up " + std::to_string(i));
    const Json lots = prompt(3, Decision{0, many});
    CHECK_THAT(lots["text"].get<std::string>(), Contains("canoe 1 up 5, ... (40 in all)"));
    CHECK(lots["legal"].size() == 40);

    CHECK(timer(3, {1}, 60)["text"] == "Seat 2 has 60 s to decide at table #3.");
    CHECK(timer(3, {1}, 60)["seat"] == 1);
    const Json two = timer(3, {0, 2}, 60, {"alice", "bob", "carol"});
    CHECK(two["text"] == "alice (seat 1) and carol (seat 3) have 60 s to decide at table #3.");
    CHECK(two["seats"] == Json::array({0, 2}));
    CHECK(two["seat"].is_null());
    CHECK(timeout(3, 1, "canoe 1 up 3")["text"] ==
          "Seat 2 ran out of time at table #3; the server played 'canoe 1 up 3'.");
}

// One frame per viewer and change: the patch says what happened and, to its receiver only,
// the card it chose and the decision it now has.
TEST_CASE("Server messages: news rides on snapshots and patches", "[protocol][server]") {
    const Json ops = Json::parse(R"([{"op": "replace", "path": "/round", "value": 3}])");
    const GameEvent event{1, {"Seat 2 has chosen a card.", "Seat 1 reveals 4."}, ""};
    const Json plain = patch(3, 12, 13, ops, News{&event, std::nullopt, nullptr});
    CHECK(plain["text"] == "Seat 2 has chosen a card. Seat 1 reveals 4.");
    CHECK(without_keys(plain)["event"] ==
          Json{{"seat", 1}, {"lines", {"Seat 2 has chosen a card.", "Seat 1 reveals 4."}}});
    CHECK_FALSE(plain.contains("chosen"));
    CHECK_FALSE(plain.contains("prompt"));
    CHECK(plain["ops"] == ops);

    const Decision decision{0, {"canoe 1 up 2"}, R"([{"type":"move"}])"};
    const Json mine = patch(3, 12, 13, ops, News{&event, "cloud", &decision});
    CHECK(mine["text"] ==
          "Seat 2 has chosen a card. Seat 1 reveals 4. You chose cloud (hidden until it is "
          "revealed). Your decision at table #3 (seat 1): canoe 1 up 2");
    CHECK(mine["chosen"] == "cloud");
    CHECK(mine["prompt"] == Json{{"seat", 0},
                                 {"legal", {"canoe 1 up 2"}},
                                 {"actions", Json::parse(decision.actions)}});

    const GameEvent timed_out{2, {"Seat 3 plays canoe 1 up 1."}, "timeout"};
    const Json forced = snapshot(3, 13, Json::object(), News{&timed_out, std::nullopt, nullptr});
    CHECK(forced["text"] == "(timeout) Seat 3 plays canoe 1 up 1.");
    CHECK(forced["event"]["cause"] == "timeout");
    CHECK(forced["version"] == 13);

    const GameEvent nothing{0, {}, ""};
    CHECK(patch(3, 1, 2, ops, News{&nothing, std::nullopt, nullptr})["text"] ==
          "Table #3: nothing new.");
}

// A server serializes a change's operations once and splices them into each viewer's frame.
TEST_CASE("Server messages: a patch frame with serialized operations equals the patch",
          "[protocol][server]") {
    const Json ops = Json::parse(
        R"([{"op": "replace", "path": "/round", "value": 3}, {"op": "remove", "path": "/x/1"}])");
    const GameEvent event{1, {"Seat 2 has chosen a card.", "He said \"ops\":[] {"}, ""};
    const Decision decision{0, {"canoe 1 up 2"}, R"([{"type":"move"}])"};
    // Text beyond ASCII, and a byte that is not UTF-8 (replaced), as a name could bring.
    const GameEvent named{2, {"Zo\xc3\xab sits down.", "Bad \xff byte."}, "timeout"};
    const Decision no_seat{-1, {}, "[]"};
    for (const News& news : {News{}, News{&event, std::nullopt, nullptr},
                             News{&event, "cloud", &decision}, News{&named, "1/2/3", &no_seat}}) {
        const std::string frame = patch_frame(3, 12, 13, ops.dump(), news);
        CHECK(Json::parse(frame) == patch(3, 12, 13, ops, news));
        CHECK(Json::parse(patch_frame(3, 12, 13, "[]", news)) ==
              patch(3, 12, 13, Json::array(), news));
    }
    // Events with the engine's texts, of 1 line, of the most lines one joined text takes (8),
    // of more, and with fewer texts than lines: the event's text is written straight from the
    // lines' texts, and must equal the one built and dumped.
    for (const std::size_t count : {1, 2, 8, 9, 17}) {
        GameEvent texted{1, {}, ""};
        for (std::size_t i = 0; i < count; ++i) {
            texted.lines.push_back("Seat 2 reveals " + std::to_string(i) + ".");
            if (i + 1 < count || count == 1)  // the last line without its text
                texted.texts.push_back(
                    Json{{"key", "engine.log.reveal"},
                         {"args", {{"seat", {{"seat", 1}}}, {"card", std::to_string(i)}}}}
                        .dump());
        }
        for (const News& news : {News{&texted, std::nullopt, nullptr},
                                 News{&texted, "4", &decision}, News{&texted, std::nullopt, &decision}}) {
            INFO(count << " lines");
            CHECK(Json::parse(patch_frame(3, 12, 13, ops.dump(), news)) == patch(3, 12, 13, ops, news));
        }
    }
}

TEST_CASE("Server messages: the end of a game", "[protocol][server]") {
    Json result = Json::parse(R"({"over": true, "abandoned": false, "winners": [1]})");
    CHECK(ended(3, result)["text"] == "Game over at table #3: Seat 2 wins.");
    CHECK(ended(3, result, {"alice", "bob"})["text"] ==
          "Game over at table #3: bob (seat 2) wins.");
    result["winners"] = {0, 1, 2};
    CHECK(ended(3, result, {"alice", "bob"})["text"] ==
          "Game over at table #3: alice (seat 1), bob (seat 2) and Seat 3 win.");
    result["abandoned"] = true;
    CHECK(ended(3, result)["text"] == "The game at table #3 was abandoned.");
    CHECK(ended(3, result)["result"] == result);
}

TEST_CASE("Server messages: serialize never throws", "[protocol][server]") {
    Json m = message("chat", "x");
    m["raw"] = kBad;  // a field set after building, bypassing the builders' checks
    CHECK_THROWS(m.dump());
    const std::string frame = serialize(m);
    CHECK(is_valid_utf8(frame));
    CHECK(Json::parse(frame)["type"] == "chat");
}
