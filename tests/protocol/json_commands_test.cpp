// JSON messages ({"type": "join", "table": 3, "seat": 0}): every type, its fields and mistakes.
#include "frames.hpp"
#include "niagara/notation.hpp"

using Catch::Matchers::Contains;
using frames::accepted;
using frames::accepted_as;
using frames::command_of;
namespace command = niagara::protocol::command;
using frames::Command;
using frames::refused;
using niagara::protocol::Json;

TEST_CASE("JSON: messages without fields", "[protocol][json]") {
    CHECK(command_of(accepted(R"({"type": "help"})")) == Command::Help);
    CHECK(command_of(accepted(R"({"type": "tables"})")) == Command::Tables);
    CHECK(command_of(accepted(R"({"type": "leave"})")) == Command::Leave);
    CHECK(command_of(accepted(R"({"type": "start"})")) == Command::Start);
    CHECK(command_of(accepted(R"({"type": "addbot"})")) == Command::AddBot);
    CHECK(command_of(accepted(R"({"type": "sync"})")) == Command::Sync);
    CHECK(command_of(accepted(" \n{\"type\":\"sync\"}\n")) == Command::Sync);
}

TEST_CASE("JSON: addbot with a level", "[protocol][json]") {
    CHECK_FALSE(accepted_as<command::AddBot>(R"({"type": "addbot"})").level);
    CHECK_FALSE(accepted_as<command::AddBot>(R"({"type": "addbot", "level": null})").level);
    CHECK(accepted_as<command::AddBot>(R"({"type": "addbot", "level": "greedy"})").level ==
          niagara::BotLevel::Greedy);
    CHECK(accepted_as<command::AddBot>(R"({"type": "addbot", "level": "strong"})").level ==
          niagara::BotLevel::Strong);
    CHECK_THAT(refused(R"({"type": "addbot", "level": "expert"})", "bad_json"),
               Contains("unknown bot level 'expert'") && Contains("random, greedy or strong"));
    CHECK_THAT(refused(R"({"type": "addbot", "level": 2})", "bad_json"),
               Contains("\"level\" must be a bot level"));
}

TEST_CASE("JSON: unknown fields are ignored, so clients can add request ids", "[protocol][json]") {
    CHECK(command_of(accepted(R"({"type": "tables", "id": 17, "extra": [1, 2]})")) == Command::Tables);
}

TEST_CASE("JSON: resume", "[protocol][json]") {
    auto m = accepted_as<command::Resume>(R"({"type": "resume", "token": "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69"})");
    CHECK(m.token == "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69");
    CHECK_THAT(refused(R"({"type": "resume"})", "bad_json"), Contains("\"token\" must be"));
    CHECK_THAT(refused(R"({"type": "resume", "token": 12345678})", "bad_json"),
               Contains("\"token\" must be a string"));
    CHECK_THAT(refused(R"({"type": "resume", "token": "xyz"})", "bad_command"),
               Contains("hexadecimal"));
}

TEST_CASE("JSON: name", "[protocol][json]") {
    auto m = accepted_as<command::Name>(R"({"type": "name", "name": "bob"})");
    CHECK(m.name == "bob");
    CHECK_THAT(refused(R"({"type": "name"})", "bad_json"), Contains("\"name\" must be a string"));
    CHECK_THAT(refused(R"({"type": "name", "name": ["bob"]})", "bad_json"),
               Contains("\"name\" must be a string"));
    CHECK_THAT(refused(R"({"type": "name", "name": "bob smith"})", "bad_command"),
               Contains("not a valid name"));
    CHECK_THAT(refused(R"({"type": "name", "name": ""})", "bad_command"), Contains("1 to 24"));
}

TEST_CASE("JSON: new, with an options object or the /new words", "[protocol][json]") {
    auto plain = accepted_as<command::New>(R"({"type": "new"})");
    CHECK(plain.options == niagara::protocol::TableOptions{});
    CHECK(accepted_as<command::New>(R"({"type": "new", "options": null})").options ==
          niagara::protocol::TableOptions{});

    auto m = accepted_as<command::New>(
        R"({"type": "new", "options": {"players": 6, "spirits": true, "diamond_joe": true,
            "memory": true, "tie_break": true, "seed": 99, "turn_seconds": 30}})");
    CHECK(m.options.game.players == 6);
    CHECK(m.options.game.spirits);
    CHECK(m.options.game.diamond_joe);
    CHECK(m.options.game.memory);
    CHECK(m.options.game.tie_break);
    CHECK(m.options.game.seed == 99);
    CHECK(m.options.turn_seconds == 30);

    auto words = accepted_as<command::New>(R"({"type": "new", "options": "players=3 joe"})");
    CHECK(words.options.game.players == 3);
    CHECK(words.options.game.diamond_joe);

    CHECK_THAT(refused(R"({"type": "new", "options": [4]})", "bad_json"),
               Contains("\"options\" must be an object"));
    CHECK_THAT(refused(R"({"type": "new", "options": {"players": 6}})", "bad_json"),
               Contains("players") && Contains("Spirits"));
    CHECK_THAT(refused(R"({"type": "new", "options": {"spirit": true}})", "bad_json"),
               Contains("unknown option \"spirit\""));
}

TEST_CASE("JSON: join counts seats from 0; table and seat are optional", "[protocol][json]") {
    auto any = accepted_as<command::Join>(R"({"type": "join"})");
    CHECK_FALSE(any.table);
    CHECK_FALSE(any.seat);

    auto m = accepted_as<command::Join>(R"({"type": "join", "table": 3, "seat": 0})");
    CHECK(m.table == 3);
    CHECK(m.seat == 0);
    CHECK(accepted_as<command::Join>(R"({"type": "join", "table": 3, "seat": 5})").seat == 5);
    CHECK_FALSE(accepted_as<command::Join>(R"({"type": "join", "table": null, "seat": null})").table);

    for (const char* bad :
         {R"({"type": "join", "table": "3"})", R"({"type": "join", "table": 3.5})",
          R"({"type": "join", "table": -2})", R"({"type": "join", "table": true})",
          R"({"type": "join", "table": 1e30})"})
        CHECK_THAT(refused(bad, "bad_json"), Contains("\"table\" must be a table number"));
    for (const char* bad : {R"({"type": "join", "table": 3, "seat": 6})",
                            R"({"type": "join", "table": 3, "seat": -1})",
                            R"({"type": "join", "table": 3, "seat": "1"})",
                            R"({"type": "join", "table": 3, "seat": 99999999999999})"})
        CHECK_THAT(refused(bad, "bad_json"), Contains("\"seat\" must be a seat from 0 to 5"));
}

TEST_CASE("JSON: watch needs a table", "[protocol][json]") {
    auto m = accepted_as<command::Watch>(R"({"type": "watch", "table": 7})");
    CHECK(m.table == 7);
    CHECK(accepted_as<command::Watch>(R"({"type": "watch", "table": 7, "seat": 2})").table == 7);
    CHECK_THAT(refused(R"({"type": "watch"})", "bad_json"), Contains("\"table\""));
    CHECK_THAT(refused(R"({"type": "watch", "table": "x"})", "bad_json"), Contains("\"table\""));
}

TEST_CASE("JSON: say", "[protocol][json]") {
    auto m = accepted_as<command::Say>(R"({"type": "say", "text": "  hi all  "})");
    CHECK(m.text == "hi all");
    CHECK(accepted_as<command::Say>(R"({"type": "say", "text": "/not a command"})").text == "/not a command");
    CHECK_THAT(refused(R"({"type": "say"})", "bad_json"), Contains("\"text\" must be a string"));
    CHECK_THAT(refused(R"({"type": "say", "text": 5})", "bad_json"), Contains("\"text\""));
    CHECK_THAT(refused(R"({"type": "say", "text": " "})", "bad_command"),
               Contains("say something"));
}

TEST_CASE("JSON: act as text or as an action object", "[protocol][json]") {
    auto text = accepted_as<command::Act>(R"({"type": "act", "text": "canoe 1  up 3"})");
    CHECK(text.text == "canoe 1 up 3");
    CHECK_FALSE(text.action);

    auto action = accepted_as<command::Act>(
        R"({"type": "act", "action": {"type": "play", "seat": 0, "card": "4"}})");
    REQUIRE(action.action);
    CHECK((*action.action)["card"] == "4");

    CHECK(refused(R"({"type": "act", "text": "play 9"})", "bad_command") ==
          niagara::parse_action("play 9", 0).error);
    CHECK_THAT(refused(R"({"type": "act"})", "bad_json"),
               Contains("either \"text\" or \"action\""));
    CHECK_THAT(refused(R"({"type": "act", "text": "play 4", "action": {}})", "bad_json"),
               Contains("either \"text\" or \"action\""));
    CHECK_THAT(refused(R"({"type": "act", "text": 4})", "bad_json"), Contains("\"text\""));
    CHECK_THAT(refused(R"({"type": "act", "action": "play 4"})", "bad_json"),
               Contains("\"action\" must be an action object"));
}

TEST_CASE("JSON: syntax errors say where and show a valid message", "[protocol][json]") {
    for (const char* bad : {"{", "{\"type\": \"help\"", "{type: help}", "{\"type\": \"help\"} x",
                            "{} {}", "{\"type\": 'help'}", "{\"a\": [1, 2,]}"}) {
        const auto why = refused(bad, "bad_json");
        CHECK_THAT(why, Contains("not valid JSON") && Contains("column") &&
                            Contains(R"({"type": "join")"));
        CHECK_THAT(why, !Contains("json.exception"));
    }
}

TEST_CASE("JSON: the type is required and must be known", "[protocol][json]") {
    CHECK_THAT(refused("{}", "bad_json"), Contains("needs a \"type\""));
    CHECK_THAT(refused(R"({"type": 3})", "bad_json"), Contains("needs a \"type\""));
    CHECK_THAT(refused(R"({"type": null})", "bad_json"), Contains("needs a \"type\""));
    const auto why = refused(R"({"type": "jion"})", "unknown_command");
    CHECK_THAT(why, Contains("unknown message type 'jion'"));
    CHECK_THAT(why, Contains("types: help, resume, name, tables, new, join, watch, leave, start, "
                             "addbot, say, act, sync"));
    CHECK_THAT(refused(R"({"type": "Join"})", "unknown_command"), Contains("'Join'"));
}

TEST_CASE("JSON: deep nesting is refused before parsing", "[protocol][json]") {
    const std::string deep =
        R"({"type": "act", "action": )" + std::string(5000, '[') + std::string(5000, ']') + "}";
    CHECK_THAT(refused(deep, "bad_json"), Contains("nested too deeply"));
    // Brackets inside strings do not count.
    CHECK(command_of(accepted(
              R"({"type": "say", "text": "[[[[[[[[[[[[[[[[[[[[ {{{{{{{{{{{{{{ \" [[["})")) ==
          Command::Say);
}

TEST_CASE("JSON: every command name round-trips through its JSON type", "[protocol][json]") {
    using niagara::protocol::command_name;
    const std::pair<Command, const char*> frames[] = {
        {Command::Help, R"({"type": "help"})"},
        {Command::Resume, R"({"type": "resume", "token": "0123456789abcdef"})"},
        {Command::Name, R"({"type": "name", "name": "x"})"},
        {Command::Tables, R"({"type": "tables"})"},
        {Command::New, R"({"type": "new"})"},
        {Command::Join, R"({"type": "join"})"},
        {Command::Watch, R"({"type": "watch", "table": 1})"},
        {Command::Leave, R"({"type": "leave"})"},
        {Command::Start, R"({"type": "start"})"},
        {Command::AddBot, R"({"type": "addbot"})"},
        {Command::Say, R"({"type": "say", "text": "x"})"},
        {Command::Act, R"({"type": "act", "text": "done"})"},
        {Command::Sync, R"({"type": "sync"})"},
        {Command::Concede, R"({"type": "concede"})"},
        {Command::Again, R"({"type": "again", "table": 1})"},
        {Command::Lang, R"({"type": "lang", "lang": "fr"})"},
        {Command::Who, R"({"type": "who"})"},
    };
    for (const auto& [command, frame] : frames) {
        CHECK(command_of(accepted(frame)) == command);
        CHECK(Json::parse(frame)["type"] == command_name(command));
    }
}
