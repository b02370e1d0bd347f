// Limits and hostile text: frame size, names, chat length, UTF-8 and control characters.
#include "frames.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/protocol/text.hpp"

using Catch::Matchers::Contains;
using frames::accepted;
using frames::accepted_as;
using frames::command_of;
namespace command = niagara::protocol::command;
using frames::Command;
using frames::refused;
using niagara::protocol::kMaxChatLength;
using niagara::protocol::kMaxFrameBytes;
using niagara::protocol::kMaxNameLength;

namespace {

std::string repeat(std::string_view piece, std::size_t times) {
    std::string out;
    for (std::size_t i = 0; i < times; ++i)
        out += piece;
    return out;
}

}  // namespace

TEST_CASE("Limits: frames over 16 KiB are refused unread", "[protocol][limits]") {
    CHECK(refused(std::string(kMaxFrameBytes + 1, 'a'), "too_large") ==
          "message too large (16385 bytes; at most 16384)");
    CHECK(refused("{" + std::string(100000, ' '), "too_large") ==
          "message too large (100001 bytes; at most 16384)");
    // At the limit the frame is read: here a chat text that is too long.
    CHECK_THAT(refused(std::string(kMaxFrameBytes, 'a'), "bad_command"),
               Contains("chat text too long"));
    const std::string padded = R"({"type": "sync")" + std::string(kMaxFrameBytes - 16, ' ') + "}";
    REQUIRE(padded.size() == kMaxFrameBytes);
    CHECK(command_of(accepted(padded)) == Command::Sync);
}

TEST_CASE("Limits: names are 1 to 24 characters, counted as readers count them",
          "[protocol][limits]") {
    CHECK(accepted_as<command::Name>("/name " + std::string(kMaxNameLength, 'n')).name.size() == kMaxNameLength);
    CHECK_THAT(refused("/name " + std::string(kMaxNameLength + 1, 'n'), "bad_command"),
               Contains("too long (25 characters)") && Contains("1 to 24"));
    // 24 accented letters, each written as a letter and a combining accent (48 code points):
    // 24 characters, kept composed.
    CHECK(accepted_as<command::Name>("/name " + repeat("e\xCC\x81", kMaxNameLength)).name ==
          repeat("\xC3\xA9", kMaxNameLength));
    CHECK_THAT(refused("/name " + repeat("\xC3\xA9", kMaxNameLength + 1), "bad_command"),
               Contains("too long (25 characters)"));
    for (const char* bad : {"/name a!", "/name <b>", "/name a/b", "/name a\x01", "/name a\x7F",
                            "/name ---", "/name ."})
        CHECK_THAT(refused(bad, "bad_command"), Contains("is not a valid name"));
    CHECK_THAT(refused(R"({"type": "name", "name": "a\u0000b"})", "bad_command"),
               Contains("'a?b' is not a valid name"));  // the NUL is shown as '?'
    CHECK_THAT(refused(R"({"type": "name", "name": "a\tb"})", "bad_command"),
               Contains("not a valid name"));
    // Accents stacked on one letter: at most 4.
    CHECK_FALSE(accepted_as<command::Name>("/name a\xCC\x81\xCC\x82\xCC\x83\xCC\x84").name.empty());
    CHECK_THAT(refused("/name a\xCC\x81\xCC\x82\xCC\x83\xCC\x84\xCC\x85", "bad_command"),
               Contains("not a valid name"));
}

TEST_CASE("Limits: chat is at most 500 characters, counted in code points", "[protocol][limits]") {
    CHECK(accepted_as<command::Say>("/say " + std::string(kMaxChatLength, 'x')).text.size() == kMaxChatLength);
    CHECK(accepted_as<command::Say>(repeat("\xC3\xA9", kMaxChatLength)).text.size() == 2 * kMaxChatLength);
    CHECK(refused("/say " + std::string(kMaxChatLength + 1, 'x'), "bad_command") ==
          "chat text too long (501 characters; at most 500)");
    CHECK(refused(repeat("\xF0\x9F\x8C\x8A", kMaxChatLength + 1), "bad_command") ==
          "chat text too long (501 characters; at most 500)");
}

TEST_CASE("Limits: chat loses its control characters; tabs and line breaks become spaces",
          "[protocol][limits]") {
    CHECK(accepted_as<command::Say>("/say a\x01"
                   "b\tc\r\nd\x7F")
              .text == "ab c  d");
    CHECK(accepted_as<command::Say>("hello\x1B[31m red").text == "hello[31m red");  // no terminal escapes
    CHECK(accepted_as<command::Say>("a\xC2\x85"
                   "b")
              .text == "ab");  // C1 control U+0085
    CHECK(accepted_as<command::Say>("abc\xE2\x80\xAE"
                   "def")
              .text == "abcdef");  // right-to-left override
    CHECK(accepted_as<command::Say>(R"({"type": "say", "text": "x\u0000y\u2066z"})").text == "xyz");
    CHECK_THAT(refused("/say \x01\x02\x03", "bad_command"), Contains("say something"));
    CHECK(accepted_as<command::Say>("caf\xC3\xA9 \xF0\x9F\x8C\x8A").text == "caf\xC3\xA9 \xF0\x9F\x8C\x8A");
}

TEST_CASE("Limits: control characters in commands are refused", "[protocol][limits]") {
    CHECK_THAT(refused("/canoe 1\x01 up 3", "bad_command"), Contains("control characters"));
    CHECK_THAT(refused(R"({"type": "act", "text": "play\u00074"})", "bad_command"),
               Contains("control characters"));
    // A control character glued to a command word makes it unknown; the echo shows '?'.
    CHECK_THAT(refused("/play\x01 4", "unknown_command"), Contains("'/play?'"));
}

TEST_CASE("Limits: frames that are not valid UTF-8 are refused", "[protocol][limits]") {
    for (const char* bad :
         {"\xFF", "/say \xC3", "hi \xC0\xAF", "\xED\xA0\x80 surrogate", "\xF4\x90\x80\x80",
          "{\"type\": \"say\", \"text\": \"\xE2\x82\"}", "/name \x80", "\xF8\x88\x80\x80\x80"})
        CHECK_THAT(refused(bad, "bad_command"), Contains("not valid UTF-8"));
}

TEST_CASE("Limits: errors that echo input stay short, valid and printable", "[protocol][limits]") {
    const auto why = refused("/" + std::string(5000, 'q'), "unknown_command");
    CHECK(why.size() < 120);
    CHECK_THAT(why, Contains("..."));
    // nlohmann's parse errors quote the bytes read so far, which can stop inside a character.
    const auto json = refused("{\xC3\xA9}", "bad_json");
    CHECK(niagara::protocol::is_valid_utf8(json));
    CHECK_NOTHROW(niagara::protocol::error("bad_json", json).dump());
}
