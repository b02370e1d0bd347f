// The load generator's reader (client/include/niagara/client/play_reader.hpp): of any server message it keeps
// exactly what playing needs, equal to those members of the whole parsed message, and reads a
// prompt's actions as their action objects say.
#include <catch2/catch.hpp>

#include "niagara/game.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/random_bot.hpp"
#include "option_variants.hpp"
#include "niagara/client/play_reader.hpp"

using niagara::client::PlayMessage;
using niagara::client::PromptAction;
using niagara::client::read_for_play;
using Json = nlohmann::json;
namespace msg = niagara::protocol;

namespace {

// The members of the whole parsed message that playing needs.
Json expected_for_play(const Json& whole) {
    Json m = Json::object();
    for (const char* key :
         {"type", "table", "seat", "token", "from", "to", "version", "event", "prompt", "chosen"})
        if (whole.contains(key)) m[key] = whole[key];
    if (m.contains("event")) {  // its seat and cause: not its texts, in any form
        m["event"].erase("lines");
        m["event"].erase("texts");
    }
    if (m.contains("prompt")) m["prompt"] = Json{{"seat", whole["prompt"]["seat"]}};
    return m;
}

// The prompt of a whole parsed message (riding on it, or the message itself), as a prompt
// bot reads it from the nlohmann values.
std::vector<PromptAction> expected_prompt(const Json& whole) {
    const Json& prompt = whole.contains("prompt") ? whole["prompt"] : whole;
    std::vector<PromptAction> out;
    if (!prompt.contains("legal")) return out;
    const Json objects = prompt.value("actions", Json::array());
    for (std::size_t i = 0; i < prompt["legal"].size(); ++i) {
        PromptAction a;
        a.text = prompt["legal"][i].get<std::string>();
        if (i < objects.size()) {
            const Json& o = objects[i];
            const std::string type = o.value("type", "");
            a.type = type == "move"      ? PromptAction::Type::Move
                     : type == "cloud"   ? PromptAction::Type::Cloud
                     : type == "buyback" ? PromptAction::Type::Buyback
                                         : PromptAction::Type::Other;
            if (o.contains("canoe") && o["canoe"].is_number_integer())
                a.canoe = o["canoe"].get<int>();
            a.up = o.value("direction", "") == "up";
            a.loads = o.contains("load");
            a.robs = o.contains("steal");
            a.to = o.value("to", "");
        }
        out.push_back(a);
    }
    return out;
}

void check_read(const std::string& frame) {
    INFO(frame);
    const Json whole = Json::parse(frame);
    PlayMessage read;
    REQUIRE(read_for_play(frame, read));
    CHECK(read.message == expected_for_play(whole));
    const std::vector<PromptAction> expected = expected_prompt(whole);
    REQUIRE(read.prompt.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const PromptAction &got = read.prompt[i], &want = expected[i];
        INFO("action " << i << ": " << want.text);
        CHECK(got.text == want.text);
        CHECK(got.type == want.type);
        CHECK(got.canoe == want.canoe);
        CHECK(got.up == want.up);
        CHECK(got.loads == want.loads);
        CHECK(got.robs == want.robs);
        CHECK(got.to == want.to);
    }
}

}  // namespace

TEST_CASE("play reader: keeps the type, seat, versions, event seat and the prompt's actions",
          "[client]") {
    const msg::GameEvent event{
        2, {"Seat 3 has chosen a card.", "Seat 1 reveals \"4\"."}, "timeout"};
    const msg::Decision decision{
        0,
        {"canoe 1 up 2", "canoe 2 down 4", "cloud up"},
        R"([{"type": "move", "seat": 0, "canoe": 0, "direction": "up", "to": "land",
             "pushed": false, "load": ["blue"]},
            {"type": "move", "seat": 0, "canoe": 1, "direction": "down", "to": "falls",
             "steal": {"canoe": 2}},
            {"type": "cloud", "seat": 0, "direction": "up"}])"};
    const std::string ops = R"([{"op":"replace","path":"/game/turn","value":{"seat":2}}])";
    const std::vector<std::string> frames = {
        msg::patch_frame(7, 12, 13, ops, {&event, "cloud", &decision}),
        msg::patch_frame(7, 13, 14, ops, {&event, std::nullopt, nullptr}),
        msg::patch_frame(7, 14, 15, "[]"),
        msg::serialize(msg::snapshot(7, 15, Json{{"seat", 9}, {"game", {{"seats", {1, 2}}}}},
                                     {&event, std::nullopt, &decision})),
        msg::serialize(msg::seated(7, 1, "0123abcd")),
        msg::serialize(msg::error("illegal", "no")),
        msg::serialize(msg::prompt(7, decision)),
    };
    for (const std::string& frame : frames)
        check_read(frame);

    PlayMessage first;
    REQUIRE(read_for_play(frames[0], first));
    CHECK(first.message["prompt"] == Json{{"seat", 0}});
    CHECK(first.message["event"] == Json{{"seat", 2}, {"cause", "timeout"}});
    CHECK(first.message["chosen"] == "cloud");
    REQUIRE(first.prompt.size() == 3);
    CHECK(first.prompt[0].text == "canoe 1 up 2");
    CHECK(first.prompt[0].loads);
    CHECK(first.prompt[1].to == "falls");
    CHECK(first.prompt[1].robs);
    CHECK(first.prompt[2].type == PromptAction::Type::Cloud);
    CHECK(first.prompt[2].up);

    // A message without a prompt after one with: no actions are left over.
    PlayMessage reused;
    REQUIRE(read_for_play(frames[0], reused));
    REQUIRE(read_for_play(frames[1], reused));
    CHECK(reused.prompt.empty());
    CHECK_FALSE(reused.message.contains("prompt"));
}

TEST_CASE("play reader: reads every legal action of seeded games as its action object says",
          "[client][property]") {
    long actions = 0;
    for (int variant = 0; variant < test::kOptionVariants; ++variant) {
        const niagara::Options o = test::option_variant(variant, std::uint64_t(variant + 301));
        niagara::State s = niagara::new_game(o);
        niagara::RandomBot bot(o.seed);
        for (int step = 0; step < 400 && !niagara::is_over(s); ++step) {
            const int seat = bot.pick_seat(s);
            const std::vector<niagara::Action> legal = niagara::legal_actions(s, seat);
            msg::Decision decision{seat, {}, {}};
            for (const niagara::Action& a : legal)
                decision.legal.push_back(niagara::to_text(a));
            decision.actions = niagara::legal_actions_json(s, legal, decision.legal);
            check_read(msg::serialize(msg::prompt(3, decision)));
            actions += long(legal.size());
            REQUIRE(niagara::apply(s, bot.pick_action(s, seat)).ok);
        }
    }
    CHECK(actions > 10000);
}

TEST_CASE("play reader: malformed frames are refused, never thrown", "[client]") {
    PlayMessage read;
    for (const std::string bad :
         {"", "{", "[1, 2]", "\"text\"", "{\"type\": }", "nul", "{\"ops\": [1, {\"a\": [}]}"})
        CHECK_FALSE(read_for_play(bad, read));
    // Valid JSON of unexpected shapes is read for what it does say.
    for (const std::string odd :
         {R"({"type": "prompt", "seat": 0, "legal": "x"})",
          R"({"type": "patch", "prompt": {"legal": ["a"], "actions": {"type": "move"}}})",
          R"({"type": "prompt", "legal": ["a"], "actions": [{"type": 3}]})"})
        CHECK(read_for_play(odd, read));
    REQUIRE(read_for_play(R"({"type": "prompt", "seat": 0, "legal": ["a", 1],
                              "actions": [7, {"canoe": "x", "load": null}, {"to": "land"}]})",
                          read));
    REQUIRE(read.prompt.size() == 2);
    CHECK(read.prompt[0].type == PromptAction::Type::Other);
    CHECK(read.prompt[1].text.empty());
    CHECK(read.prompt[1].canoe == -1);
    CHECK(read.prompt[1].loads);
}
