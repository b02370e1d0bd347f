// /concede (give up the game in progress), as text or JSON, in /help, and the table's message.
#include "frames.hpp"
#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/server_message.hpp"

using frames::accepted;
using frames::accepted_as;
using frames::command_of;
namespace command = niagara::protocol::command;
using frames::Command;
using frames::refused;
using niagara::protocol::Json;
namespace msg = niagara::protocol;

TEST_CASE("/concede takes no arguments, as text or JSON", "[protocol][concede]") {
    CHECK(command_of(accepted("/concede")) == Command::Concede);
    CHECK(command_of(accepted("/CONCEDE")) == Command::Concede);
    CHECK(command_of(accepted(R"({"type": "concede"})")) == Command::Concede);
    CHECK(msg::command_name(Command::Concede) == "concede");
    CHECK_FALSE(refused("/concede now", "bad_command").empty());
    // A typo is pointed at the command.
    CHECK(refused("/concde", "unknown_command").find("did you mean /concede?") !=
          std::string::npos);
    // JSON lists it among the types.
    CHECK(refused(R"({"type": "resign"})", "unknown_command").find("concede") != std::string::npos);
}

TEST_CASE("/help lists /concede and says it cannot be undone", "[protocol][concede]") {
    const std::string help = msg::help_text();
    const auto at = help.find("/concede - ");
    REQUIRE(at != std::string::npos);
    CHECK(help.find("no way back", at) != std::string::npos);
}

TEST_CASE("The table is told who conceded and that a bot plays the seat", "[protocol][concede]") {
    const Json m = msg::conceded(3, 1, "bob");
    CHECK(m["type"] == "conceded");
    CHECK(m["text"] == "bob concedes; a bot plays seat 2 of table #3 to the end.");
    CHECK(m["table"] == 3);
    CHECK(m["seat"] == 1);
    CHECK(m["name"] == "bob");
}
