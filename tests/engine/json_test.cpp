// JSON forms (engine/README.md): shapes, round trips, and malformed input refused cleanly.
#include "engine/scenario.hpp"
#include "engine/seat_specs.hpp"
#include "niagara/random_bot.hpp"
#include "niagara/record.hpp"
#include "option_variants.hpp"

using namespace niagara;

TEST_CASE("JSON: an action has the documented shape and its text", "[json]") {
    const Action a = test::parse("canoe 2 load blue then up 3 steal red from 3.1", 1);
    const Json j = action_to_json(a);
    CHECK(j == Json::parse(R"({"type": "move", "seat": 1, "canoe": 1, "timing": "before",
        "load": ["blue"], "direction": "up", "steps": 3,
        "steal": [{"seat": 2, "canoe": 0, "gem": "red"}],
        "text": "canoe 2 load blue then up 3 steal red from 3.1"})"));
    CHECK(action_from_json(j) == a);
    CHECK(action_to_json(Action::play(0, Card::Cloud)) ==
          Json::parse(R"({"type": "play", "seat": 0, "card": "cloud", "text": "play cloud"})"));
    CHECK(
        action_to_json(Action::buy_back(2, 1, Colour::Red)) ==
        Json::parse(
            R"({"type": "buyback", "seat": 2, "canoe": 1, "pay": "red", "text": "buyback 2 red"})"));
}

TEST_CASE("JSON: an action written as text is action_to_json's dump, byte for byte", "[json]") {
    long actions = 0;
    for (int variant = 0; variant < test::kOptionVariants; ++variant) {
        const Options o = test::option_variant(variant, 70 + std::uint64_t(variant));
        State s = new_game(o);
        RandomBot bot(o.seed);
        for (int step = 0; step < 150 && !is_over(s); ++step) {
            const int seat = bot.pick_seat(s);
            for (const Action& a : legal_actions(s, seat)) {
                std::string text;
                append_action_json(text, a);
                REQUIRE(text == action_to_json(a).dump());
                ++actions;
            }
            REQUIRE(apply(s, bot.pick_action(s, seat)).ok);
        }
    }
    CHECK(actions > 1000);
}

TEST_CASE("JSON: the expansion's decisions have their documented shapes (R10, R11)", "[json]") {
    CHECK(action_to_json(Action::take_elk(1, -1)) ==
          Json::parse(R"({"type": "elk", "seat": 1, "canoe": null, "text": "elk no"})"));
    CHECK(
        action_to_json(Action::fork_to(1, 0, Branch::Right)) ==
        Json::parse(
            R"({"type": "fork", "seat": 1, "canoe": 0, "branch": "right", "text": "fork 1 right"})"));
    CHECK(
        action_to_json(Action::meet_joe(3, JoeDeal::Swap, 1, Colour::Red)) ==
        Json::parse(
            R"({"type": "joe", "seat": 3, "deal": "swap", "canoe": 1, "gem": "red", "text": "joe swap 2 red"})"));
    CHECK(action_to_json(test::parse("canoe 1 using 2 up 2", 0))["points"] == 2);
    for (const char* text : {"elk 2", "elk no", "fork 1 left", "free 2", "joe take 1",
                             "joe give 2 red", "joe no", "canoe 1 using 3 down 3"}) {
        const Action a = test::parse(text, 4);
        CHECK(action_from_json(action_to_json(a)) == a);
    }
}

TEST_CASE("JSON: malformed actions are refused with a reason, never a crash", "[json]") {
    for (const char* text : {R"(null)",
                             R"([])",
                             R"({"type": "jump"})",
                             R"({"type": "play"})",
                             R"({"type": "play", "card": 4})",
                             R"({"type": "play", "card": "9"})",
                             R"({"type": "play", "card": "4", "seat": 99})",
                             R"({"type": "play", "card": "4", "seat": -1})",
                             R"({"type": "play", "card": "4", "seat": 1.5})",
                             R"({"type": "move", "canoe": 5})",
                             R"({"type": "move", "load": ["blue", "red", "clear"]})",
                             R"({"type": "move", "load": "blue"})",
                             R"({"type": "move", "direction": "sideways"})",
                             R"({"type": "move", "steps": 1000})",
                             R"({"type": "move", "steal": [{"seat": 0}]})",
                             R"({"type": "move", "steal": [1, 2]})",
                             R"({"type": "cloud", "direction": 1})",
                             R"({"type": "buyback", "canoe": 0})",
                             R"({"type": 7})",
                             R"({"type": "fork", "canoe": 0})",
                             R"({"type": "joe", "deal": "steal"})",
                             R"({"type": "joe", "deal": "give", "canoe": 0})",
                             R"({"type": "move", "points": 4})",
                             R"({"type": "elk", "canoe": 2})"}) {
        INFO(text);
        CHECK_THROWS_AS(action_from_json(Json::parse(text)), std::invalid_argument);
    }
}

TEST_CASE("JSON: impossible states are refused (R1.3, R5.1)", "[json]") {
    auto refused = [](const char* text) {
        INFO(text);
        CHECK_THROWS_AS(state_from_json(Json::parse(text)), std::invalid_argument);
    };
    refused(R"({"options": {"players": 2}})");
    refused(R"({"options": {"players": 3}, "seats": [{"collection": {"red": 8}}, {}, {}]})");
    refused(
        R"({"options": {"players": 3}, "seats": [{"canoes": [{"where": "river", "pos": "T3", "cargo": ["red", "blue"]}, {}]}, {}, {}]})");
    refused(
        R"({"options": {"players": 3}, "seats": [{"canoes": [{"where": "land", "cargo": ["red"]}, {}]}, {}, {}]})");
    refused(
        R"({"options": {"players": 3}, "seats": [{"canoes": [{"where": "river", "pos": "T9"}, {}]}, {}, {}]})");
    refused(R"({"options": {"players": 3}, "seats": [{"hand": ["4"], "discard": ["4"]}, {}, {}]})");
    refused(R"({"options": {"players": 3}, "seats": [{"hand": ["7"]}, {}, {}]})");
    refused(R"({"options": {"players": 3}, "places": {"red": {"red": 6}}})");
    refused(R"({"options": {"players": 3}, "weather": 3})");
    refused(R"({"options": {"players": 3}, "phase": "actions"})");
    refused(R"({"options": {"players": 3}, "seats": [{}, {}]})");
    refused(R"("a string")");
}

TEST_CASE("JSON: options and records round-trip", "[json]") {
    Options o;
    o.players = 5;
    o.memory = true;
    o.tie_break = true;
    o.seed = 18446744073709551615ull;
    o.starting_seat = 3;
    CHECK(options_from_json(options_to_json(o)) == o);
    CHECK_THROWS_AS(options_from_json(Json::parse(R"({"seed": -1})")), std::invalid_argument);
    CHECK_THROWS_AS(options_from_json(Json::parse(R"({"players": "four"})")),
                    std::invalid_argument);

    Record r{o, {Action::play(0, Card::Four), Action::play(1, Card::Cloud)}, false};
    const Record back = record_from_json(record_to_json(r));
    CHECK(back.options == r.options);
    CHECK(back.actions == r.actions);
    CHECK_THROWS_WITH(record_from_json(Json::parse(
                          R"({"actions": [{"type": "play", "card": "4"}, {"type": "x"}]})")),
                      Catch::Contains("action 1"));
}

TEST_CASE("JSON: the result names winners and collections (R9.2)", "[json]") {
    auto s = test::state(R"({"options": {"players": 3}, "phase": "over", "winners": [1],
        "seats": [{}, {"collection": {"red": 4}}, {"collection": {"blue": 1}}]})");
    const Json r = result_to_json(s);
    CHECK(r["over"] == true);
    CHECK(r["winners"] == Json::array({1}));
    CHECK(r["collections"][1]["gems"] == Json::parse(R"({"red": 4})"));
    CHECK(r["collections"][1]["value"] == 20);
    CHECK(r["collections"][1]["winning"] == true);
    CHECK(r["collections"][2]["winning"] == false);
}

TEST_CASE("JSON: a turn that would have passed by itself is not a valid state (R4.2)", "[json]") {
    CHECK_THROWS_WITH(
        test::state(R"({"options": {"players": 3, "starting_seat": 0}, "phase": "actions",
        "seats": [{"chosen": "4", "canoes": [{"where": "lost"}, {"where": "lost"}]}, {"chosen": "5"}, {"chosen": "6"}]})"),
        Catch::Contains("no canoe to move"));
}

TEST_CASE("JSON: a legal canoe move says where it starts and ends, for the board (R4.3, R4.6)",
          "[json]") {
    using test::spec::my_turn;
    const State s = my_turn("4", "T2", "land");
    auto find = [&](const std::string& text) {
        for (const Action& a : legal_actions(s, 0))
            if (to_text(a) == text) return legal_action_to_json(s, a);
        std::string all;
        for (const Action& a : legal_actions(s, 0))
            all += to_text(a) + "; ";
        FAIL("'" << text << "' is not legal: " << all);
        return Json();
    };
    // Entering from land costs 1 point (R4.3): 4 points reach T4.
    const Json enter = find("canoe 2 down 4");
    CHECK(enter["from"] == "land");
    CHECK(enter["to"] == "T4");
    CHECK(enter["text"] == "canoe 2 down 4");
    const Json home = find("canoe 1 up 2");
    CHECK(home["from"] == "T2");
    CHECK(home["to"] == "land");
    CHECK(find("canoe 1 down 2 then load clear")["to"] == "T4");
    CHECK(find("canoe 1 down 4 left")["to"] == "L6");
    // Other decisions are plain action_to_json.
    const State choose = new_game(Options{});
    const Action play = legal_actions(choose, 0).front();
    CHECK(legal_action_to_json(choose, play) == action_to_json(play));

    // The list as text, for servers: the same objects, dumped (property_test checks thousands).
    for (const State& at : {s, choose}) {
        const std::vector<Action> legal = legal_actions(at, 0);
        std::vector<std::string> texts;
        Json objects = Json::array();
        for (const Action& a : legal) {
            texts.push_back(to_text(a));
            objects.push_back(legal_action_to_json(at, a));
        }
        CHECK(legal_actions_json(at, legal, texts) == objects.dump());
    }
    CHECK(legal_actions_json(s, {}, {}) == "[]");
    // The caller's texts are escaped as the library escapes them.
    const Action first = legal_actions(s, 0).front();
    Json odd = legal_action_to_json(s, first);
    odd["text"] = "odd \"text\"\\ caf\xc3\xa9\n";
    CHECK(legal_actions_json(s, {first}, {odd["text"].get<std::string>()}) ==
          Json::array({odd}).dump());
}

TEST_CASE("JSON: strings are written as the library writes them", "[json]") {
    for (const std::string& text : std::vector<std::string>{
             "play 4", "", "say \"hi\"\\", "tab\there", "caf\xc3\xa9", "bad \xff byte",
             std::string("nul\0inside", 10), "\"quoted\" and caf\xc3\xa9",
             "long plain text of forty-odd chars."}) {
        std::string out = "x";
        append_json_string(out, text);
        CHECK(out == "x" + Json(text).dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    // Every byte alone, in the middle of a text, and all of them at once.
    std::string every;
    for (int byte = 0; byte < 256; ++byte) {
        const char c = static_cast<char>(byte);
        every += c;
        for (const std::string& text :
             {std::string(1, c), "a" + std::string(1, c) + "bcdefghijk"}) {
            std::string out;
            append_json_string(out, text);
            INFO("byte " << byte);
            CHECK(out == Json(text).dump(-1, ' ', false, Json::error_handler_t::replace));
        }
    }
    std::string out;
    append_json_string(out, every.substr(0, 128));
    CHECK(out == Json(every.substr(0, 128)).dump(-1, ' ', false, Json::error_handler_t::replace));
    out.clear();
    append_json_string(out, every);
    CHECK(out == Json(every).dump(-1, ' ', false, Json::error_handler_t::replace));
}

TEST_CASE("JSON: values are written as the library writes them", "[json]") {
    const auto check = [](const Json& value) {
        std::string out = "x";
        append_json_value(out, value);
        REQUIRE(out == "x" + value.dump(-1, ' ', false, Json::error_handler_t::replace));
    };
    for (const Json& value :
         {Json(nullptr), Json(true), Json(false), Json(0), Json(-7), Json(std::int64_t(-1) << 62),
          Json(std::uint64_t(-1)), Json(2.5), Json(-0.1), Json(1e300), Json("caf\xc3\xa9"),
          Json("bad \xff byte"), Json::array(), Json::object(),
          Json::parse(R"({"b": [1, {"z": null, "a": "q\"uote"}], "a": {}, "k~/": [[]]})")})
        check(value);
    // Every view of seeded games: the values that patches carry.
    long views = 0;
    for (int variant = 0; variant < test::kOptionVariants; ++variant) {
        const Options o = test::option_variant(variant, 40 + std::uint64_t(variant));
        State s = new_game(o);
        RandomBot bot(o.seed);
        for (int step = 0; step < 120 && !is_over(s); ++step) {
            REQUIRE(apply(s, bot.pick_action(s, bot.pick_seat(s))).ok);
            check(spectator_view(s));
            check(seat_view(s, step % s.players()));
            views += 2;
        }
    }
    CHECK(views > 1000);
}
