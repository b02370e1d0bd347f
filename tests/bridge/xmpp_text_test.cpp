// The XMPP adapter's text rules without a server: what may go into a body, how long lines are
// cut, how received bodies become lines, and JIDs.
#include <catch2/catch.hpp>

#include "xmpp_text.hpp"

namespace xmpp_test {
namespace {

using namespace niagara::bridge::xmpp;

std::string text_joined_pieces(const std::vector<std::string>& pieces) {
    std::string all;
    for (const auto& piece : pieces)
        all += piece;
    return all;
}

}  // namespace

TEST_CASE("xmpp text: a line keeps what XML can carry and loses what it cannot", "[xmpp]") {
    CHECK(xml_safe_line("plain <b>&amp;</b> \"'") == "plain <b>&amp;</b> \"'");
    CHECK(xml_safe_line("tab\there\r\nnext") == "tab here  next");
    CHECK(xml_safe_line(std::string("a\x01"
                                    "b\0c\x1b"
                                    "d\x7f",
                                    8)) == "abcd");
    CHECK(xml_safe_line("caf\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x8E\xB2") ==
          "caf\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x8E\xB2");
    CHECK(xml_safe_line("bad \xFF byte") == "bad \xEF\xBF\xBD byte");
    CHECK(xml_safe_line("cut \xE2\x9C") == "cut \xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(xml_safe_line("overlong \xC0\xAF") == "overlong \xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(xml_safe_line("surrogate \xED\xA0\x80") ==
          "surrogate \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(xml_safe_line("C1 \xC2\x85 and \xEF\xBF\xBE") == "C1  and ");
}

TEST_CASE("xmpp text: long lines are cut between characters, at spaces where they can be",
          "[xmpp]") {
    CHECK(split_utf8("short", 100) == std::vector<std::string>{"short"});
    CHECK(split_utf8("", 100) == std::vector<std::string>{""});

    const std::string words = "alpha beta gamma delta epsilon";
    const auto pieces = split_utf8(words, 12);
    CHECK(text_joined_pieces(pieces) == words);
    for (const auto& piece : pieces)
        CHECK(piece.size() <= 12);
    CHECK(pieces.front() == "alpha beta ");

    std::string accents;
    for (int i = 0; i < 1000; ++i)
        accents += "\xC3\xA9";  // é, two bytes each: no piece may end inside one
    const auto cut = split_utf8(accents, 101);
    CHECK(text_joined_pieces(cut) == accents);
    for (const auto& piece : cut) {
        CHECK(piece.size() <= 101);
        CHECK(piece.size() % 2 == 0);
    }
    const std::string garbage(50, '\x80');  // not UTF-8 at all: still cut, still whole
    CHECK(text_joined_pieces(split_utf8(garbage, 8)) == garbage);
}

TEST_CASE("xmpp text: a received body becomes its non-blank lines", "[xmpp]") {
    CHECK(body_lines("niagara: join") == std::vector<std::string>{"niagara: join"});
    CHECK(body_lines("one\r\n\r\n  \ntwo\n") == std::vector<std::string>{"one", "two"});
    std::string many;
    for (int i = 0; i < 50; ++i)
        many += "line\n";
    CHECK(body_lines(many).size() == 20);
    CHECK(body_lines("\n\n").empty());
}

TEST_CASE("xmpp text: JIDs", "[xmpp]") {
    CHECK(jid_key("Alice@Example.ORG/Phone/2") == "alice@example.org");
    CHECK(jid_resource("room@rooms.example.org/Nick/with@slash") == "Nick/with@slash");
    CHECK(jid_resource("alice@example.org").empty());
    CHECK(jid_node_or_domain("alice@example.org/x") == "alice");
    CHECK(jid_node_or_domain("example.org/x") == "example.org");
}

}  // namespace xmpp_test
