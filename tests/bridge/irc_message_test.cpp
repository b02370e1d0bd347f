// The IRC adapter's text rules without a network: parsing what a server sends (hostile lines
// too), RFC 1459 case folding, CTCP, formatting codes, UTF-8, and splitting a text so that the
// line a server relays stays within 512 bytes.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "irc_message.hpp"
#include "irc_roster.hpp"
#include "irc_sasl.hpp"

namespace {

using namespace niagara::bridge::irc;

// Whether `text` is valid UTF-8 (to_utf8 leaves valid text alone).
bool irc_msg_valid_utf8(const std::string& text) {
    return to_utf8(text) == text;
}

// Joins split pieces back with single spaces (split_to_fit drops the space it breaks at).
std::string irc_msg_join(const std::vector<std::string>& pieces, const std::string& between) {
    std::string joined;
    for (std::size_t i = 0; i < pieces.size(); ++i)
        joined += (i ? between : "") + pieces[i];
    return joined;
}

}  // namespace

TEST_CASE("IRC lines parse into prefix, command and parameters", "[irc]") {
    SECTION("a relayed PRIVMSG") {
        const auto m =
            parse_irc_line(":Alice!~alice@host.example PRIVMSG #niagara :hello there\r\n");
        REQUIRE(m);
        CHECK(m->has_prefix);
        CHECK(m->nick == "Alice");
        CHECK(m->user == "~alice");
        CHECK(m->host == "host.example");
        CHECK(m->command == "PRIVMSG");
        REQUIRE(m->params.size() == 2);
        CHECK(m->param(0) == "#niagara");
        CHECK(m->param(1) == "hello there");
        CHECK_FALSE(m->from_server());
    }
    SECTION("a numeric from a server, middle parameters and an empty trailing one") {
        const auto m = parse_irc_line(":irc.test 353 bot = #niagara :");
        REQUIRE(m);
        CHECK(m->from_server());
        CHECK(m->nick == "irc.test");
        CHECK(m->command == "353");
        REQUIRE(m->params.size() == 4);
        CHECK(m->param(3).empty());
    }
    SECTION("no prefix; the command in lower case; runs of spaces") {
        const auto m = parse_irc_line("ping   :irc.test");
        REQUIRE(m);
        CHECK_FALSE(m->has_prefix);
        CHECK(m->command == "PING");
        CHECK(m->params == std::vector<std::string>{"irc.test"});
    }
    SECTION("IRCv3 tags are skipped") {
        const auto m = parse_irc_line(
            "@time=2026-11-26T06:00:00.000Z;account=bob :bob!b@h PRIVMSG bot :hi :) there");
        REQUIRE(m);
        CHECK(m->nick == "bob");
        CHECK(m->param(1) == "hi :) there");
    }
    SECTION("a trailing parameter keeps its spaces and colons") {
        const auto m = parse_irc_line(":a!b@c PRIVMSG #x :  two  spaces : colon ");
        REQUIRE(m);
        CHECK(m->param(1) == "  two  spaces : colon ");
    }
    SECTION("a prefix of a nick alone, or nick@host without a user") {
        auto m = parse_irc_line(":justnick QUIT");
        REQUIRE(m);
        CHECK(m->nick == "justnick");
        CHECK_FALSE(m->from_server());
        m = parse_irc_line(":nick@host JOIN #c");
        REQUIRE(m);
        CHECK(m->nick == "nick");
        CHECK(m->user.empty());
        CHECK(m->host == "host");
    }
    SECTION("missing parameters read as empty") {
        const auto m = parse_irc_line(":x!y@z KICK");
        REQUIRE(m);
        CHECK(m->params.empty());
        CHECK(m->param(0).empty());
        CHECK(m->param(7).empty());
    }
}

TEST_CASE("IRC hostile lines never crash the parser", "[irc]") {
    for (const std::string& line :
         std::vector<std::string>{"",
                                  "\r\n",
                                  " ",
                                  ":",
                                  ": ",
                                  ":prefix",
                                  ":prefix ",
                                  "@",
                                  "@tags",
                                  "@tags ",
                                  "@tags :p",
                                  "@ :p CMD",
                                  ":!@ CMD",
                                  ":!!!@@@ CMD a b",
                                  ":nick!@ PRIVMSG",
                                  ":@host X",
                                  "CMD :",
                                  std::string("PRIVMSG #a :nul\0inside", 22),
                                  "\x01\x01\x01",
                                  ":a!b@c PRIVMSG #x :\x01",
                                  std::string(100000, 'A'),
                                  ":" + std::string(5000, '!') + " X",
                                  "X " + std::string(3000, ' ') + ":t",
                                  std::string(600, ':')}) {
        const auto m = parse_irc_line(line);
        if (m) {
            CHECK_FALSE(m->command.empty());
            (void)m->from_server();
        }
    }
    CHECK_FALSE(parse_irc_line(""));
    CHECK_FALSE(parse_irc_line(":prefix"));
    CHECK_FALSE(parse_irc_line("@tags-only"));

    // Random bytes, lines of IRC-ish tokens: no crash, no hang (ASan and UBSan watch).
    std::mt19937 random(1459);
    const std::vector<std::string> tokens = {":",  " ", "!",       "@",   "#",    "\x01", "\r",
                                             "\n", "a", "PRIVMSG", "353", "\xff", "\xc3", "\0"};
    for (int round = 0; round < 2000; ++round) {
        std::string line;
        const int length = int(random() % 40);
        for (int i = 0; i < length; ++i)
            line += round % 2 ? tokens[random() % tokens.size()] : std::string(1, char(random()));
        const auto m = parse_irc_line(line);
        if (m) CHECK_FALSE(m->command.empty());
        (void)strip_formatting(line);
        CHECK(irc_msg_valid_utf8(to_utf8(line)));
        for (const auto& piece : split_to_fit(line, 1 + random() % 12))
            CHECK(piece.size() <= std::max<std::size_t>(4, 12));
    }
}

TEST_CASE("IRC nicks fold by RFC 1459", "[irc]") {
    CHECK(casefold("Alice") == "alice");
    CHECK(casefold("[Bob]\\~") == "{bob}|^");
    CHECK(casefold("{bob}|^") == "{bob}|^");
    CHECK(casefold("Bob[1]") == casefold("bob{1}"));
    CHECK(casefold("ÄLICE") == "Älice");  // only ASCII folds
    CHECK(casefold("") == "");
    CHECK(is_channel_name("#niagara"));
    CHECK(is_channel_name("&local"));
    CHECK_FALSE(is_channel_name("alice"));
    CHECK_FALSE(is_channel_name(""));
}

TEST_CASE("IRC CTCP and formatting codes", "[irc]") {
    CHECK(
        is_ctcp("\x01"
                "ACTION waves\x01"));
    CHECK(ctcp_command("\x01"
                       "action waves\x01") == "ACTION");
    CHECK(ctcp_command("\x01VERSION\x01") == "VERSION");
    CHECK(ctcp_command("\x01PING 123") == "PING");  // the closing \x01 left out
    CHECK_FALSE(is_ctcp("plain"));
    CHECK(ctcp_command("plain").empty());

    CHECK(strip_formatting("\x02"
                           "bold\x02 \x1Dital\x1D \x1Funder\x1F\x0F") == "bold ital under");
    CHECK(strip_formatting("\x03"
                           "4red\x03 \x03"
                           "04,12on blue\x03"
                           "99") == "red on blue");
    CHECK(strip_formatting("\x03,5 comma stays") == ",5 comma stays");
    CHECK(strip_formatting("\x04"
                           "FF0000red\x04"
                           "00ff00,0000FFx") == "redx");
    CHECK(strip_formatting("\x03") == "");
    CHECK(strip_formatting("\x04"
                           "12") == "12");  // not a hex colour: the digits stay
    CHECK(strip_formatting("niagara: join") == "niagara: join");
}

TEST_CASE("IRC texts are made valid UTF-8 and clean to send", "[irc]") {
    CHECK(to_utf8("plain") == "plain");
    CHECK(to_utf8("Grüße ✓ 🚣") == "Grüße ✓ 🚣");
    CHECK(to_utf8("Gr\xfc\xdf"
                  "e") == "Grüße");                          // Latin-1
    CHECK(irc_msg_valid_utf8(to_utf8("\xc3")));              // cut sequence
    CHECK(irc_msg_valid_utf8(to_utf8("\xed\xa0\x80")));      // a surrogate
    CHECK(irc_msg_valid_utf8(to_utf8("\xc0\xaf")));          // overlong
    CHECK(irc_msg_valid_utf8(to_utf8("\xf4\x90\x80\x80")));  // above U+10FFFF

    CHECK(clean_outgoing("a\r\nQUIT :injected\nb") == "a  QUIT :injected b");
    CHECK(clean_outgoing(std::string("nul\0byte", 8)) == "nulbyte");
}

TEST_CASE("IRC texts split to fit, at spaces and never inside a UTF-8 sequence", "[irc]") {
    CHECK(split_to_fit("", 10).empty());
    CHECK(split_to_fit("short", 10) == std::vector<std::string>{"short"});
    CHECK(split_to_fit("exactly10!", 10) == std::vector<std::string>{"exactly10!"});
    CHECK(split_to_fit("one two three four", 9) ==
          std::vector<std::string>{"one two", "three", "four"});
    // A space just past the limit still ends the piece (it is dropped).
    CHECK(split_to_fit("abcdefghi jk", 9) == std::vector<std::string>{"abcdefghi", "jk"});
    // No space: as much as fits.
    CHECK(split_to_fit("abcdefghijkl", 5) == std::vector<std::string>{"abcde", "fghij", "kl"});

    // "é" is two bytes, "🚣" four: a cut never splits them.
    const std::string text = "ééééé🚣🚣ééé";
    for (std::size_t max = 4; max <= 12; ++max) {
        const auto pieces = split_to_fit(text, max);
        CHECK(irc_msg_join(pieces, "") == text);
        for (const auto& piece : pieces) {
            CHECK(piece.size() <= max);
            CHECK(irc_msg_valid_utf8(piece));
        }
    }
    // Below one character's worth the bound is 4 bytes.
    for (const auto& piece : split_to_fit("🚣🚣", 1))
        CHECK(piece == "🚣");

    // A long sentence: pieces within the bound, words intact, nothing lost.
    std::string sentence;
    for (int i = 0; i < 200; ++i)
        sentence += (i ? " " : "") + std::string("wörd") + std::to_string(i);
    const auto pieces = split_to_fit(sentence, 100);
    CHECK(pieces.size() > 10);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const auto& piece = pieces[i];
        CHECK(piece.size() <= 100);
        if (i + 1 < pieces.size()) CHECK(piece.size() > 80);  // near the end, not the first space
        CHECK(piece.front() != ' ');
    }
    CHECK(irc_msg_join(pieces, " ") == sentence);
}

TEST_CASE("IRC relayed lines of the budget's size are 512 bytes exactly", "[irc]") {
    const std::string nick = "niagara", user = "~niagara", host = "127.0.0.1";
    const std::string target = "#niagara";
    const std::size_t budget = payload_budget(512, nick, user, host, "PRIVMSG", target);
    const std::string prefix = ":" + nick + "!" + user + "@" + host + " PRIVMSG " + target + " :";
    CHECK(budget == 512 - prefix.size() - 2);

    // The longest text, split to the budget, relays as lines of 512 bytes at most; the full
    // pieces exactly 512.
    std::string text;
    for (int i = 0; i < 300; ++i)
        text += "ü" + std::to_string(i % 10) + " ";
    const auto pieces = split_to_fit(text, budget);
    REQUIRE(pieces.size() > 1);
    for (const auto& piece : pieces)
        CHECK((prefix + piece + "\r\n").size() <= 512);
    const std::string no_spaces(2000, 'x');
    for (const auto& piece : split_to_fit(no_spaces, budget)) {
        const std::size_t line = (prefix + piece + "\r\n").size();
        CHECK(line <= 512);
        if (piece.size() == budget) CHECK(line == 512);
    }
    CHECK(payload_budget(40, nick, user, host, "PRIVMSG", target) == 0);
}

TEST_CASE("IRC SASL PLAIN credentials are base64 in 400-byte pieces", "[irc]") {
    CHECK(base64("") == "");
    CHECK(base64("f") == "Zg==");
    CHECK(base64("fo") == "Zm8=");
    CHECK(base64("foo") == "Zm9v");
    CHECK(base64(std::string("bot\0bot\0secret", 14)) == "Ym90AGJvdABzZWNyZXQ=");
    CHECK(sasl_plain_messages("bot", "secret") == std::vector<std::string>{"Ym90AGJvdABzZWNyZXQ="});
    // 300 bytes of credentials: 400 characters of base64, then "+" to say that was all.
    const auto exact = sasl_plain_messages(std::string(99, 'u'), std::string(100, 'p'));
    REQUIRE(exact.size() == 2);
    CHECK(exact[0].size() == 400);
    CHECK(exact[1] == "+");
    const auto longer = sasl_plain_messages(std::string(150, 'u'), std::string(100, 'p'));
    REQUIRE(longer.size() == 2);
    CHECK(longer[0].size() == 400);
    CHECK(longer[1].size() < 400);

    CHECK(offers_sasl_plain("multi-prefix sasl account-notify"));
    CHECK(offers_sasl_plain("sasl=EXTERNAL,PLAIN"));
    CHECK_FALSE(offers_sasl_plain("sasl=EXTERNAL"));
    CHECK_FALSE(offers_sasl_plain("multi-prefix saslx"));
    CHECK_FALSE(offers_sasl_plain(""));
}

TEST_CASE("IRC roster follows joins, parts, quits and renames", "[irc]") {
    IrcRoster roster;
    CHECK_FALSE(roster.add("#a", "alice"));  // not in #a yet
    roster.join_self("#Niagara");
    roster.join_self("#games");
    CHECK(roster.in_channel("#niagara"));
    CHECK(roster.channel_name("#NIAGARA") == "#Niagara");
    CHECK(roster.add("#niagara", "Alice"));
    CHECK_FALSE(roster.add("#niagara", "alice"));  // the same person
    CHECK(roster.add("#games", "Alice"));
    CHECK(roster.add("#games", "Bob[1]"));
    CHECK(roster.nick_of("bob{1}") == "Bob[1]");
    CHECK(roster.nick_of("stranger") == "stranger");

    CHECK(roster.rename("Bob[1]", "Robert"));
    CHECK(roster.nick_of("robert") == "Robert");
    CHECK(roster.members("#games") == 2);
    CHECK_FALSE(roster.rename("nobody", "someone"));

    CHECK(roster.remove("#games", "robert"));
    CHECK_FALSE(roster.remove("#games", "robert"));
    CHECK(roster.quit("alice") == std::vector<std::string>{"#games", "#Niagara"});
    CHECK(roster.quit("alice").empty());

    roster.seen("Carol");  // talked privately: addressable without a shared channel
    CHECK(roster.nick_of("carol") == "Carol");
    roster.leave_self("#niagara");
    CHECK_FALSE(roster.in_channel("#niagara"));
    roster.clear();
    CHECK(roster.nick_of("carol") == "carol");
}
