// The load generator's reader (server/client/play_reader.hpp): of any server message it keeps
// exactly what playing needs, equal to those members of the whole parsed message.
#include <catch2/catch.hpp>

#include "niagara/protocol/server_message.hpp"
#include "play_reader.hpp"

using niagara::client::read_for_play;
using Json = nlohmann::json;
namespace msg = niagara::protocol;

namespace {

// The members of the whole parsed message that playing needs.
Json expected_for_play(const std::string& frame) {
    const Json whole = Json::parse(frame);
    Json m = Json::object();
    for (const char* key : {"type", "table", "seat", "token", "from", "to", "version", "event",
                            "prompt", "chosen", "legal", "actions"})
        if (whole.contains(key)) m[key] = whole[key];
    if (m.contains("event")) m["event"].erase("lines");
    return m;
}

}  // namespace

TEST_CASE("play reader: keeps the type, seat, versions, event seat and the whole prompt",
          "[client]") {
    const msg::GameEvent event{
        2, {"Seat 3 has chosen a card.", "Seat 1 reveals \"4\"."}, "timeout"};
    const msg::Decision decision{
        0,
        {"canoe 1 up 2", "canoe 2 down 4"},
        R"([{"type": "move", "seat": 0, "canoe": 0, "to": "land", "pushed": false},
            {"type": "move", "seat": 0, "canoe": 1, "to": "falls"}])"};
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
    for (const std::string& frame : frames) {
        const Json read = read_for_play(frame);
        INFO(frame);
        REQUIRE_FALSE(read.is_discarded());
        CHECK(read == expected_for_play(frame));
    }
    const Json first = read_for_play(frames[0]);
    CHECK(first["prompt"]["legal"][1] == "canoe 2 down 4");
    CHECK(first["prompt"]["actions"][1]["to"] == "falls");
    CHECK(first["event"] == Json{{"seat", 2}, {"cause", "timeout"}});
    CHECK(first["chosen"] == "cloud");
}

TEST_CASE("play reader: malformed frames are discarded, never thrown", "[client]") {
    for (const std::string bad :
         {"", "{", "[1, 2]", "\"text\"", "{\"type\": }", "nul", "{\"ops\": [1, {\"a\": [}]}"})
        CHECK(read_for_play(bad).is_discarded());
}
