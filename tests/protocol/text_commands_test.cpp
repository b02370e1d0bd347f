// Chat-style commands ("/join 3 2"): every command, its arguments and its mistakes.
#include "frames.hpp"
#include "niagara/notation.hpp"

using Catch::Matchers::Contains;
using frames::accepted;
using frames::accepted_as;
using frames::command_of;
namespace command = niagara::protocol::command;
using frames::Command;
using frames::refused;

TEST_CASE("Text: commands without arguments", "[protocol][text]") {
    CHECK(command_of(accepted("/help")) == Command::Help);
    CHECK(command_of(accepted("/tables")) == Command::Tables);
    CHECK(command_of(accepted("/leave")) == Command::Leave);
    CHECK(command_of(accepted("/start")) == Command::Start);
    CHECK(command_of(accepted("/addbot")) == Command::AddBot);
    CHECK(command_of(accepted("/sync")) == Command::Sync);
}

TEST_CASE("Text: command words are case-insensitive and white space is trimmed",
          "[protocol][text]") {
    CHECK(command_of(accepted("/HELP")) == Command::Help);
    CHECK(command_of(accepted("  /Tables \r\n")) == Command::Tables);
    CHECK(accepted_as<command::Join>("\t/join 3").table == 3);
}

TEST_CASE("Text: /who asks who sits at the table and who watches", "[protocol][text]") {
    CHECK(command_of(accepted("/who")) == Command::Who);
    CHECK(command_of(accepted("/WHO ")) == Command::Who);
    CHECK_THAT(refused("/who alice", "bad_command"), Contains("takes no arguments"));
    CHECK_THAT(refused("/whom", "unknown_command"), Contains("/who"));  // a typo's guess
    CHECK_THAT(niagara::protocol::help_text("en"), Contains("/who - who sits at your table"));
}

TEST_CASE("Text: /help ignores what follows, the others refuse extra words", "[protocol][text]") {
    CHECK(command_of(accepted("/help join")) == Command::Help);
    for (const char* frame : {"/tables 2", "/leave now", "/start please", "/sync x"})
        CHECK_THAT(refused(frame, "bad_command"), Contains("takes no arguments"));
}

TEST_CASE("Text: /addbot takes an optional bot level", "[protocol][text]") {
    CHECK_FALSE(accepted_as<command::AddBot>("/addbot").level);  // the table's level
    CHECK(accepted_as<command::AddBot>("/addbot random").level == niagara::BotLevel::Random);
    CHECK(accepted_as<command::AddBot>("/addbot Greedy").level == niagara::BotLevel::Greedy);
    CHECK(accepted_as<command::AddBot>("/addbot strong").level == niagara::BotLevel::Strong);
    CHECK_THAT(refused("/addbot hard", "bad_command"), Contains("unknown bot level 'hard'") &&
                                                           Contains("random, greedy or strong") &&
                                                           Contains("/addbot greedy"));
    CHECK_THAT(refused("/addbot 2", "bad_command"), Contains("unknown bot level '2'"));
    CHECK_THAT(refused("/addbot greedy strong", "bad_command"), Contains("one level at most"));
}

TEST_CASE("Text: /resume TOKEN", "[protocol][text]") {
    auto m = accepted_as<command::Resume>("/resume 0F3A9C41D2E87B6A5C0F1E2D3C4B5A69");
    CHECK(m.token == "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69");  // hex is compared in lower case
    CHECK_THAT(refused("/resume", "bad_command"), Contains("/resume"));
    CHECK_THAT(refused("/resume not-hex-at-all", "bad_command"), Contains("hexadecimal"));
    CHECK_THAT(refused("/resume abc", "bad_command"), Contains("hexadecimal"));
    CHECK_THAT(refused("/resume 0f3a9c41 d2e87b6a", "bad_command"), Contains("one word"));
    refused("/resume " + std::string(129, 'a'), "bad_command");
}

TEST_CASE("Text: /name NAME", "[protocol][text]") {
    auto m = accepted_as<command::Name>("/name alice_B-2.0");
    CHECK(m.name == "alice_B-2.0");
    CHECK_THAT(refused("/name", "bad_command"), Contains("/name alice"));
    CHECK_THAT(refused("/name bob smith", "bad_command"), Contains("one word"));
    CHECK_THAT(refused("/name b@d", "bad_command"),
               Contains("'b@d' is not a valid name") && Contains("letters"));
    CHECK(accepted_as<command::Name>("/name caf\xC3\xA9").name == "caf\xC3\xA9");  // café
    CHECK_THAT(refused("/name caf\xC3\xA9\xE2\x98\x95", "bad_command"),  // café☕
               Contains("not a valid name"));
}

TEST_CASE("Text: /new with option words", "[protocol][text]") {
    auto plain = accepted_as<command::New>("/new");
    CHECK(plain.options == niagara::protocol::TableOptions{});

    auto m = accepted_as<command::New>("/new players=5 spirits joe memory tiebreak timer=60 seed=7");
    CHECK(m.options.game.players == 5);
    CHECK(m.options.game.spirits);
    CHECK(m.options.game.diamond_joe);
    CHECK(m.options.game.memory);
    CHECK(m.options.game.tie_break);
    CHECK(m.options.game.seed == 7);
    CHECK(m.options.turn_seconds == 60);

    CHECK_THAT(refused("/new players=6", "bad_command"), Contains("players=6"));
    CHECK_THAT(refused("/new spirts", "bad_command"), Contains("unknown option 'spirts'"));
}

TEST_CASE("Text: /join [table] [seat] counts seats from 1", "[protocol][text]") {
    auto any = accepted_as<command::Join>("/join");
    CHECK_FALSE(any.table);
    CHECK_FALSE(any.seat);

    auto table = accepted_as<command::Join>("/join 3");
    CHECK(table.table == 3);
    CHECK_FALSE(table.seat);

    auto seat = accepted_as<command::Join>("/join 3 2");
    CHECK(seat.table == 3);
    CHECK(seat.seat == 1);

    CHECK(accepted_as<command::Join>("/join #12 6").table == 12);  // tables are shown as "#12"
    CHECK(accepted_as<command::Join>("/join 12 6").seat == 5);

    CHECK_THAT(refused("/join 3 0", "bad_command"), Contains("seats are 1 to 6"));
    CHECK_THAT(refused("/join 3 7", "bad_command"), Contains("'7' is not a seat"));
    CHECK_THAT(refused("/join three", "bad_command"), Contains("'three' is not a table number"));
    CHECK_THAT(refused("/join -1", "bad_command"), Contains("not a table number"));
    CHECK_THAT(refused("/join 99999999999999999999999", "bad_command"),
               Contains("not a table number"));
    CHECK_THAT(refused("/join 1 2 3", "bad_command"), Contains("/join 3 2"));
}

TEST_CASE("Text: /watch TABLE", "[protocol][text]") {
    auto m = accepted_as<command::Watch>("/watch 4");
    CHECK(m.table == 4);
    CHECK_THAT(refused("/watch", "bad_command"), Contains("/watch 3"));
    CHECK_THAT(refused("/watch 1 2", "bad_command"), Contains("/watch 3"));
    CHECK_THAT(refused("/watch x", "bad_command"), Contains("'x' is not a table number"));
}

TEST_CASE("Text: /say and plain text are chat", "[protocol][text]") {
    auto m = accepted_as<command::Say>("/say hello  there ");
    CHECK(m.text == "hello  there");

    auto plain = accepted_as<command::Say>("  good luck, everyone!\n");
    CHECK(plain.text == "good luck, everyone!");

    CHECK(accepted_as<command::Say>("[afk] back soon").text == "[afk] back soon");
    CHECK_THAT(refused("/say", "bad_command"), Contains("/say hello"));
    CHECK_THAT(refused("/say   ", "bad_command"), Contains("/say hello"));
}

TEST_CASE("Text: game decisions become the engine's notation without the slash",
          "[protocol][text]") {
    for (const char* frame : {"/play 4",
                              "/play cloud",
                              "/play 1/2/3",
                              "/buyback 2 red",
                              "/buy back canoe 2 with ruby",
                              "/cloud up",
                              "/cloud down",
                              "/done",
                              "/end",
                              "/pass",
                              "/canoe 1 up 3",
                              "/canoe 2 load blue then up 3 steal red from 3.1",
                              "/canoe 1 using 2 up 2",
                              "/elk 1",
                              "/elk no",
                              "/fork 1 left",
                              "/free 1",
                              "/joe take 1",
                              "/joe swap 1 red",
                              "/joe no"}) {
        auto m = accepted_as<command::Act>(frame);
        CHECK(m.text == std::string(frame).substr(1));
        CHECK_FALSE(m.action);
        CHECK(niagara::parse_action(m.text, 0).action);
    }
}

TEST_CASE("Text: decisions are normalised to single spaces, case kept", "[protocol][text]") {
    CHECK(accepted_as<command::Act>("/canoe   1\tup  3 ").text == "canoe 1 up 3");
    CHECK(accepted_as<command::Act>("/PLAY Cloud").text == "PLAY Cloud");
}

TEST_CASE("Text: a malformed decision gives the notation's own explanation", "[protocol][text]") {
    for (const char* frame : {"/play 9", "/canoe", "/canoe 3 up 2", "/cloud sideways", "/joe maybe",
                              "/elk", "/fork 1", "/free", "/buyback", "/done now"}) {
        const std::string text = std::string(frame).substr(1);
        CHECK(refused(frame, "bad_command") == niagara::parse_action(text, 0).error);
    }
}

TEST_CASE("Text: unknown commands suggest the nearest one and /help", "[protocol][text]") {
    const auto why = refused("/jion 3", "unknown_command");
    CHECK_THAT(why, Contains("unknown command '/jion'") && Contains("did you mean /join?") &&
                        Contains("/help"));
    CHECK_THAT(refused("/TABELS", "unknown_command"), Contains("did you mean /tables?"));
    const auto far = refused("/xyzzy", "unknown_command");
    CHECK_THAT(far, Contains("unknown command '/xyzzy'") && Contains("try /help"));
    CHECK_THAT(far, !Contains("did you mean"));
    CHECK_THAT(refused("/", "unknown_command"), Contains("try /help"));
    CHECK_THAT(refused("/ join", "unknown_command"), Contains("try /help"));
    CHECK_THAT(refused("/act play 4", "unknown_command"), Contains("try /help"));
}

TEST_CASE("Text: empty frames are refused", "[protocol][text]") {
    for (const char* frame : {"", " ", "\t\r\n", "\n\n"})
        CHECK_THAT(refused(frame, "bad_command"), Contains("/help"));
}

TEST_CASE("Text: the help lists every command with an example", "[protocol][text]") {
    const std::string help = niagara::protocol::help_text();
    for (const char* command :
         {"/help",        "/name alice",    "/tables",         "/new players=4",
          "/join 3 2",    "/watch 3",       "/leave",          "/addbot",
          "/start",       "/say hello",     "/resume ",        "/sync",
          "/play 4",      "/buyback 2 red", "/cloud up",       "/canoe 2",
          "/done",        "/end",           "/pass",           "/elk 1",
          "/fork 1 left", "/free 1",        "/joe swap 1 red", R"({"type": "join")"})
        CHECK_THAT(help, Contains(command));
    const auto lines = niagara::protocol::help_lines();
    CHECK(lines.size() == std::size_t(std::count(help.begin(), help.end(), '\n') + 1));
    // Every example in the help parses.
    for (const auto& line : lines) {
        const std::string example = line.substr(0, line.find(" - "));
        if (example.front() == '/') CHECK(frames::parse_client_frame(example).message);
    }
}

TEST_CASE("Text and JSON: /register, /login and /logout; a password is never shown back",
          "[protocol][text][accounts]") {
    CHECK(accepted_as<command::Register>("/register correct horse battery").password ==
          "correct horse battery");
    CHECK(accepted_as<command::Register>(R"({"type": "register", "password": "p\u00e4ssw\u00f6rd!"})")
              .password == "p\xC3\xA4ssw\xC3\xB6rd!");
    const auto login = accepted_as<command::Login>("/login  Jir\xCC\x8Ci\xCC\x81   open sesame 42 ");
    CHECK(login.name == "Ji\xC5\x99\xC3\xAD");  // composed, as /name keeps names
    CHECK(login.password == "open sesame 42");
    CHECK(accepted_as<command::Login>(
              R"({"type": "login", "name": "alice", "password": "correct horse"})")
              .password == "correct horse");
    (void)accepted_as<command::Logout>("/logout");
    (void)accepted_as<command::Logout>(R"({"type": "logout"})");

    for (const char* frame : {"/register qwzx", "/login alice qwzx",
                              R"({"type": "register", "password": "qwzx\tqwzx!!"})",
                              R"({"type": "login", "name": "alice", "password": "qwzx"})"}) {
        INFO(frame);
        const std::string why = refused(frame, "bad_command");
        CHECK_THAT(why, Contains("8 to 128 characters"));
        CHECK_THAT(why, !Contains("qwzx"));
    }
    CHECK_THAT(refused("/register " + std::string(129, 'x'), "bad_command"),
               Contains("too short or too long") && !Contains("xxxxxxxx"));
    CHECK_THAT(refused("/register", "bad_command"), Contains("/register PASSWORD"));
    CHECK_THAT(refused("/login alice", "bad_command"), Contains("/login alice PASSWORD"));
    CHECK_THAT(refused("/login", "bad_command"), Contains("/login alice PASSWORD"));
    CHECK_THAT(refused("/login b@d some password", "bad_command"), Contains("not a valid name"));
    CHECK_THAT(refused(R"({"type": "login", "name": "alice"})", "bad_json"), Contains("password"));
    CHECK_THAT(refused(R"({"type": "register", "password": 12345678})", "bad_json"),
               !Contains("12345678"));
}

TEST_CASE("Text and JSON: /password OLD NEW and /unregister PASSWORD", "[protocol][text][accounts]") {
    const auto change = accepted_as<command::Password>("/password old-secret new-secret");
    CHECK(change.old_password == "old-secret");
    CHECK(change.new_password == "new-secret");
    CHECK(accepted_as<command::Password>(
              R"({"type": "password", "old": "old secret", "new": "new secret"})")
              .new_password == "new secret");
    CHECK_THAT(refused("/password only-one-word", "bad_command"), Contains("/password OLDPASSWORD NEWPASSWORD"));
    CHECK_THAT(refused("/password old-secret qwzx", "bad_command"),
               Contains("8 to 128") && !Contains("qwzx") && !Contains("old-secret"));
    CHECK(accepted_as<command::Unregister>("/unregister my old secret").password == "my old secret");
    CHECK_THAT(refused("/unregister", "bad_command"), Contains("/unregister PASSWORD"));
    CHECK_THAT(refused(R"({"type": "password", "old": "old-secret"})", "bad_json"), Contains("new"));
}

TEST_CASE("Text and JSON: /rating [NAME] and /top [base|spirits]", "[protocol][text][ratings]") {
    CHECK(accepted_as<command::Rating>("/rating").name.empty());  // one's own
    CHECK(accepted_as<command::Rating>("/rating Ji\xC5\x99\xC3\xAD").name == "Ji\xC5\x99\xC3\xAD");
    CHECK(accepted_as<command::Rating>("/rating Jir\xCC\x8Ci\xCC\x81").name ==
          "Ji\xC5\x99\xC3\xAD");  // composed, as /name keeps names
    CHECK(accepted_as<command::Rating>(R"({"type": "rating", "name": "alice"})").name == "alice");
    CHECK(accepted_as<command::Rating>(R"({"type": "rating"})").name.empty());
    CHECK_THAT(refused("/rating alice bob", "bad_command"), Contains("/rating alice"));
    CHECK_THAT(refused("/rating b@d", "bad_command"), Contains("not a valid name"));
    CHECK_THAT(refused(R"({"type": "rating", "name": 7})", "bad_json"), Contains("name"));

    CHECK(accepted_as<command::Top>("/top").variant == "base");
    CHECK(accepted_as<command::Top>("/top SPIRITS").variant == "spirits");
    CHECK(accepted_as<command::Top>(R"({"type": "top", "variant": "spirits"})").variant == "spirits");
    CHECK(accepted_as<command::Top>(R"({"type": "top"})").variant == "base");
    CHECK(refused("/top chess", "bad_command") == "'chess' is no variant: /top base or /top spirits");
    CHECK_THAT(refused(R"({"type": "top", "variant": "joe"})", "bad_command"), Contains("'joe'"));
}

TEST_CASE("Text and JSON: /link [CODE], /linkkey KEY and /unlink", "[protocol][text][ratings]") {
    CHECK(accepted_as<command::Link>("/link").code.empty());  // asks for a code
    CHECK(accepted_as<command::Link>("/link abcd-efgh").code == "ABCDEFGH");
    CHECK(accepted_as<command::Link>("/link  ABCD EFGH ").code == "ABCDEFGH");
    CHECK(accepted_as<command::Link>(R"({"type": "link"})").code.empty());
    CHECK(accepted_as<command::Link>(R"({"type": "link", "code": "Q4RM-HWXD"})").code == "Q4RMHWXD");
    CHECK_THAT(refused("/link ab;cd", "bad_command"), Contains("/link ABCD-EFGH"));
    CHECK_THAT(refused("/link " + std::string(17, 'A'), "bad_command"), Contains("letters and digits"));
    CHECK_THAT(refused("/link \xC3\xA9t\xC3\xA9", "bad_command"), Contains("letters and digits"));
    CHECK_THAT(refused(R"({"type": "link", "code": 12345678})", "bad_json"), Contains("code"));

    const std::string key(64, 'A');
    CHECK(accepted_as<command::LinkKey>("/linkkey " + key).key == std::string(64, 'a'));
    CHECK(accepted_as<command::LinkKey>(R"({"type": "linkkey", "key": ")" + key + "\"}").key ==
          std::string(64, 'a'));
    CHECK_THAT(refused("/linkkey", "bad_command"), Contains("64 hexadecimal digits"));
    CHECK_THAT(refused("/linkkey " + std::string(63, 'a'), "bad_command"), Contains("64"));
    CHECK_THAT(refused("/linkkey " + std::string(64, 'g'), "bad_command"), Contains("64"));
    CHECK_THAT(refused(R"({"type": "linkkey"})", "bad_json"), Contains("key"));
    accepted_as<command::Unlink>("/unlink");
    accepted_as<command::Unlink>(R"({"type": "unlink"})");
}
