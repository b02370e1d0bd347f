// Languages (issue 25): /lang and its JSON forms, localize() (a message in another language has
// the same fields and values, only its texts change), every parse error as a key, and the gem
// names of the rulebooks' languages in decisions.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <set>

#include "frames.hpp"
#include "niagara/i18n/i18n.hpp"
#include "niagara/protocol/gem_aliases.hpp"
#include "niagara/protocol/localize.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/types.hpp"

using Catch::Matchers::Contains;
using frames::accepted;
using frames::accepted_as;
using frames::command_of;
namespace command = niagara::protocol::command;
using frames::Command;
using frames::refused;
using niagara::protocol::Json;

namespace {

using namespace niagara::protocol;

const std::vector<std::string> kOtherLanguages = {"fr", "cs", "de"};

std::string lang_of(std::string_view frame) {
    return accepted_as<command::Lang>(frame).lang;
}

// An engine line as the engine writes it (engine.log.*), with its English.
GameEvent sample_event(std::string cause = "") {
    GameEvent e{2, {"Seat 3 reveals 4.", "Seat 2 has chosen a card."}, std::move(cause), {}};
    e.texts = {
        Json{{"key", "engine.log.reveal"},
             {"args", {{"seat", {{"seat", 2}}}, {"card", {{"key", "common.card.4"}}}}}}
            .dump(),
        Json{{"key", "engine.log.card_chosen"}, {"args", {{"seat", {{"seat", 1}}}}}}.dump(),
    };
    return e;
}

// The event's texts as a history line carries them: JSON objects.
Json sample_texts(const GameEvent& e) {
    Json out = Json::array();
    for (const std::string& t : e.texts)
        out.push_back(Json::parse(t));
    return out;
}

TableOptions options_of(std::string_view words) {
    TableOptions o;
    REQUIRE_FALSE(parse_table_options(words, o));
    return o;
}

Json sample_tables() {
    return Json::parse(R"([
      {"id": 1, "options": {"players": 4, "spirits": true, "turn_seconds": 60, "bots": "greedy"},
       "description": "4 players, Spirits, 60 s turns, greedy bots", "phase": "waiting",
       "seats": [{"seat": 0, "name": "alice"}, {"seat": 1, "name": null}], "spectators": 2},
      {"id": 2, "description": "3 players", "phase": "playing", "seats": [], "spectators": 0}])");
}

// Every builder once, with texts where the server gives them (an event's engine lines).
std::vector<Json> every_message() {
    static const GameEvent event = sample_event();
    static const GameEvent timed_out = sample_event("timeout");
    static const GameEvent bot_for = sample_event("bot for bob");
    static const GameEvent nothing{0, {}, "", {}};
    static const Decision decision{0, {"play 2", "play cloud"}, R"([{"type":"play"}])"};
    std::vector<std::string> many;
    for (int i = 0; i < 30; ++i)
        many.push_back("canoe 1 up " + std::to_string(i));
    static const Decision lots{1, many, "[]"};
    const Json history = Json::array(
        {Json{{"kind", "event"}, {"seat", 2}, {"lines", event.lines}, {"texts", sample_texts(event)}},
         Json{{"kind", "chat"}, {"from", "bob"}, {"message", "hi"}}, [] {
             Json info = joined(3, 1, "bob");
             return Json{{"kind", "info"},
                         {"text", info["text"]},
                         {"key", info["key"]},
                         {"args", info["args"]}};
         }()});
    const Json result =
        Json::parse(R"({"over": true, "abandoned": false, "winners": [0, 2], "collections": []})");
    return {
        welcome(7, "alice"),
        error("not_host", "only the host may start"),
        error(parse_client_frame("/jion")),
        error(parse_client_frame("/new players=9")),
        error(parse_client_frame(R"({"type": "new", "options": {"spirit": true}})")),
        help(),
        chat(3, "alice", "hello {friends}"),
        table_list(sample_tables()),
        table_list(Json::array()),
        name_set("bob"),
        table_created(3, options_of("players=5 spirits joe memory tiebreak timer=60 bots=random")),
        seated(3, 1, "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69"),
        resumed(3, 1, "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69"),
        joined(3, 1, "bob"),
        watching(3),
        left(3, 1, "bob"),
        left(3, -1, "eve"),
        conceded(3, 1, "bob"),
        presence(3, 1, "bob", false),
        presence(3, 1, "bob", false, true),
        presence(3, 1, "bob", true),
        host(3, 1, "bob"),
        closed(3, 600),
        started(3, 4),
        snapshot(3, 12, Json{{"you", 0}}),
        snapshot(3, 12, Json{{"you", 0}}, News{&event, std::nullopt, &decision, &history}),
        patch(3, 12, 13, Json::array()),
        patch(3, 12, 13, Json::array(), News{&event, std::nullopt, nullptr}),
        patch(3, 12, 13, Json::array(), News{&timed_out, "cloud", &decision}),
        patch(3, 12, 13, Json::array(), News{&bot_for, "4", nullptr}),
        patch(3, 12, 13, Json::array(), News{&nothing, std::nullopt, &lots}),
        prompt(3, decision),
        prompt(3, lots),
        prompt(3, Decision{}),
        timer(3, {1}, 60),
        timer(3, {0, 2}, 60, {"alice", "bob", "carol"}),
        timer(3, {0, 2}, 60, {"alice", "bob", "carol"}, {12000, 40500}),
        timer(3, {2}, 60, {"alice", "bob", "carol"}, {3001}),
        timeout(3, 1, "play 3", {"alice", "bob"}),
        ended(3, result, {"alice", "bob", "carol"}),
        ended(3, Json{{"abandoned", true}}),
        ended(3, Json::object()),
        again(3, 4, "alice"),
        lang_set("fr"),
    };
}

// The members whose values are texts for people: they change with the language.
bool is_text(const Json& message, const std::string& member) {
    if (member == "text") return true;
    if (member == "message") return message["type"] == "error";
    if (member == "commands") return message["type"] == "help";
    return false;
}

// `localized` equals `english` but for its texts: the same members in each, the same values.
void same_but_texts(const Json& english, const Json& localized) {
    REQUIRE(localized.is_object());
    std::set<std::string> a, b;
    for (const auto& [k, v] : english.items())
        a.insert(k);
    for (const auto& [k, v] : localized.items())
        b.insert(k);
    CHECK(a == b);
    for (const auto& [k, v] : english.items()) {
        if (is_text(english, k) || !localized.contains(k)) continue;
        if (k == "event") {
            Json e = v, l = localized[k];
            CHECK(e["lines"].size() == l["lines"].size());
            e.erase("lines");
            l.erase("lines");
            CHECK(e == l);
        } else if (k == "history") {
            REQUIRE(v.size() == localized[k].size());
            for (std::size_t i = 0; i < v.size(); ++i) {
                Json e = v[i], l = localized[k][i];
                for (const char* text : {"lines", "text"}) {
                    CHECK(e.contains(text) == l.contains(text));
                    e.erase(text);
                    l.erase(text);
                }
                CHECK(e == l);
            }
        } else {
            INFO(k);
            CHECK(v == localized[k]);
        }
    }
}

}  // namespace

TEST_CASE("/lang with one language, as text or JSON", "[protocol][lang]") {
    CHECK(command_of(accepted("/lang fr")) == Command::Lang);
    CHECK(lang_of("/lang fr") == "fr");
    CHECK(lang_of("/LANG CS") == "cs");
    CHECK(lang_of("/lang de-AT") == "de");
    CHECK(lang_of("/lang fr_CA") == "fr");
    CHECK(lang_of("/lang en") == "en");
    CHECK(lang_of(R"({"type": "lang", "lang": "cs-CZ"})") == "cs");
    CHECK(lang_of(R"({"type": "lang", "lang": "de", "id": 7})") == "de");

    CHECK_THAT(refused("/lang", "bad_command"), Contains("/lang fr") && Contains("cs (Czech)"));
    CHECK_THAT(refused("/lang fr de", "bad_command"), Contains("one word"));
    const std::string why = refused("/lang jp", "bad_command");
    CHECK_THAT(why, Contains("'jp'") && Contains("en (English)") && Contains("fr (French)") &&
                        Contains("cs (Czech)") && Contains("de (German)"));
    refused(R"({"type": "lang", "lang": "xx"})", "bad_command");
    CHECK_THAT(refused(R"({"type": "lang"})", "bad_json"), Contains("\"lang\""));
    refused(R"({"type": "lang", "lang": null})", "bad_json");
    refused(R"({"type": "lang", "lang": 5})", "bad_json");
    refused(R"({"type": "lang", "lang": {"fr": true}})", "bad_json");
}

TEST_CASE("/lang with a preference list: the first language there are texts for",
          "[protocol][lang]") {
    CHECK(lang_of(R"({"type": "lang", "lang": ["fr-CA", "fr", "en"]})") == "fr");
    CHECK(lang_of(R"({"type": "lang", "lang": ["ja", "zh-TW", "de-CH", "fr"]})") == "de");
    CHECK(lang_of(R"({"type": "lang", "lang": ["ja", "ko"]})") == "en");  // none: English
    CHECK(lang_of(R"({"type": "lang", "lang": []})") == "en");
    CHECK(lang_of(R"({"type": "lang", "lang": ["", "CS"]})") == "cs");
    CHECK_THAT(refused(R"({"type": "lang", "lang": ["fr", 3]})", "bad_json"),
               Contains("list of languages"));
    refused(R"({"type": "lang", "lang": [["fr"]]})", "bad_json");
    refused(R"({"type": "lang", "lang": [null]})", "bad_json");
}

TEST_CASE("/lang: hostile input is refused or ignored, never trusted", "[protocol][lang]") {
    // A 10 KB tag names no language: refused alone, skipped in a list.
    const std::string tag(10 * 1024, 'f');
    const std::string why = refused("/lang " + tag, "bad_command");
    CHECK(why.size() < 400);  // the tag is quoted short
    refused(R"({"type": "lang", "lang": ")" + tag + R"("})", "bad_command");
    CHECK(lang_of(R"({"type": "lang", "lang": [")" + tag + R"(", "cs"]})") == "cs");
    // A huge list: refused before any look-up (the frame limit keeps it under 16 KiB anyway).
    std::string list = R"({"type": "lang", "lang": [)";
    for (int i = 0; i < 2000; ++i)
        list += std::string(i ? "," : "") + R"("x")";
    list += "]}";
    CHECK_THAT(refused(list, "bad_json"), Contains("at most 32"));
    std::string numbers = R"({"type": "lang", "lang": [)";
    for (int i = 0; i < 5000; ++i)
        numbers += std::string(i ? "," : "") + "1";
    refused(numbers + "]}", "bad_json");
    // Control characters, invalid UTF-8 and look-alikes.
    refused("/lang f\x01r", "bad_command");
    refused("/lang \xC3\xA9n", "bad_command");
    refused("/lang fr\xFF", "bad_command");
    // Whatever is accepted is one of the four.
    for (const std::string& frame :
         {std::string("/lang fr-FR-x-private"), std::string("/lang DE"), std::string("/lang cs_cz"),
          std::string(R"({"type": "lang", "lang": "fr\u0000"})"),
          std::string(R"({"type": "lang", "lang": ["\u0000", "de\u202e"]})")}) {
        const auto parsed = parse_client_frame(frame);
        if (!parsed.message) continue;  // refused: fine
        const auto lang = std::get<niagara::protocol::command::Lang>(*parsed.message).lang;
        CHECK(std::find(std::begin(niagara::i18n::kLanguages), std::end(niagara::i18n::kLanguages),
                        lang) != std::end(niagara::i18n::kLanguages));
    }
}

TEST_CASE("lang_set answers in the new language", "[protocol][lang]") {
    const Json fr = lang_set("fr");
    CHECK(fr["type"] == "lang");
    CHECK(fr["lang"] == "fr");
    CHECK(fr["key"] == "protocol.lang.set");
    CHECK(fr["text"] == niagara::i18n::render("fr", "protocol.lang.set"));
    CHECK(fr["text"] != lang_set("en")["text"]);
    CHECK(lang_set("cs")["text"] != lang_set("de")["text"]);
    CHECK(lang_set("??")["lang"] == "en");
}

TEST_CASE("/help lists /lang, and every help line has a key in every language",
          "[protocol][lang]") {
    CHECK_THAT(help_text(), Contains("/lang fr - "));
    CHECK(help_line_texts().size() == help_lines().size());
    for (const auto& lang : kOtherLanguages) {
        const auto lines = help_lines(lang);
        REQUIRE(lines.size() == help_lines().size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            INFO(lang << ": " << lines[i]);
            CHECK(lines[i].rfind("protocol.", 0) == std::string::npos);
            CHECK(lines[i] != help_lines()[i]);  // translated
            CHECK((lines[i].find('{') == std::string::npos ||
                   lines[i].find("\"type\"") != std::string::npos));
        }
        const Json h = help(lang);
        CHECK(h["commands"] == Json(lines));
        CHECK(h["text"] == help_text(lang));
        const std::string text = h["text"];
        CHECK(std::count(text.begin(), text.end(), '\n') == long(lines.size()) - 1);
    }
}

TEST_CASE("Every parse error is a key and arguments whose English is the error",
          "[protocol][lang]") {
    const std::vector<std::string> frames = {
        "/jion 3",
        "/frobnicate",
        "/join x",
        "/join 3 9",
        "/join 1 2 3",
        "/watch",
        "/again x",
        "/name",
        "/name a b",
        "/name " + std::string(30, 'a'),
        "/name al!ce",
        "/resume",
        "/resume xyz",
        "/say",
        "/say " + std::string(600, 'a'),
        "/play 9",
        "/canoe",
        "/new players=9",
        "/new spirits=maybe",
        "/new timer=5",
        "/new timer=x",
        "/new bots=hard",
        "/new seed=-1",
        "/new colour=red",
        "/new players=x",
        "/addbot hard",
        "/addbot a b",
        "/leave now",
        "",
        "\xFF",
        std::string(20000, 'x'),
        "{",
        "{}",
        R"({"type": 3})",
        R"({"type": "x"})",
        R"({"type": "join", "table": -1})",
        R"({"type": "join", "seat": 9})",
        R"({"type": "watch"})",
        R"({"type": "again"})",
        R"({"type": "name"})",
        R"({"type": "new", "options": 3})",
        R"({"type": "new", "options": {"spirits": 1}})",
        R"({"type": "new", "options": {"players": "4"}})",
        R"({"type": "new", "options": {"seed": -1}})",
        R"({"type": "new", "options": {"turn_seconds": 1}})",
        R"({"type": "new", "options": {"turn_seconds": "x"}})",
        R"({"type": "new", "options": {"bots": 1}})",
        R"({"type": "new", "options": {"x": 1}})",
        R"({"type": "new", "options": {"players": 9}})",
        R"({"type": "act"})",
        R"({"type": "act", "text": 4})",
        R"({"type": "act", "action": 4})",
        R"({"type": "addbot", "level": 1})",
        R"({"type": "addbot", "level": "hard"})",
        R"({"a": [[[[[[[[[[[[1]]]]]]]]]]]]})",
        "/play \x01",
        "/play   ",
        R"({"type": "lang", "lang": 1})",
    };
    for (const auto& frame : frames) {
        const ParsedMessage p = parse_client_frame(frame);
        INFO("frame: " << frame.substr(0, 80));
        REQUIRE_FALSE(p.message);
        // The parser's own (protocol.*), or the notation's (engine.refuse.*).
        CHECK((p.key.rfind("protocol.", 0) == 0 || p.key.rfind("engine.", 0) == 0));
        CHECK(niagara::i18n::has_key(p.key));
        CHECK(p.args.is_object());
        CHECK(niagara::i18n::render("en", p.key, p.args) == p.error);
        const Json e = error(p);
        CHECK(e["code"] == p.code);
        CHECK(e["text"] == p.error);
        CHECK(e["message"] == p.error);
        for (const auto& lang : kOtherLanguages) {
            const std::string said = niagara::i18n::render(lang, p.key, p.args);
            INFO(lang << ": " << said);
            CHECK_FALSE(said.empty());
            CHECK(said.find("protocol.") == std::string::npos);
        }
    }
}

TEST_CASE("Every message's text is its key and arguments rendered in English", "[protocol][lang]") {
    for (const Json& m : every_message()) {
        INFO(m.dump());
        REQUIRE(m.contains("key"));
        REQUIRE(m["args"].is_object());
        CHECK(niagara::i18n::has_key(m["key"].get<std::string>()));
        const bool english = m["type"] != "lang";  // lang_set speaks the new language
        CHECK((!english ||
               niagara::i18n::render("en", m["key"].get<std::string>(), m["args"]) == m["text"]));
    }
    // A patch frame built for many viewers says the same as the patch.
    const GameEvent event = sample_event("timeout");
    const Decision decision{0, {"play 2"}, "[]"};
    const PatchFrames frames(3, 4, 5, &event);
    for (const auto& [chosen, prompt] :
         std::vector<std::pair<std::optional<std::string>, const Decision*>>{
             {std::nullopt, nullptr},
             {"cloud", nullptr},
             {std::nullopt, &decision},
             {"4", &decision}}) {
        const Json framed = Json::parse(frames.frame("[]", chosen, prompt));
        const Json built = patch(3, 4, 5, Json::array(), News{&event, chosen, prompt});
        CHECK(framed == built);
        CHECK(niagara::i18n::render("en", framed["key"].get<std::string>(), framed["args"]) ==
              framed["text"]);
    }
}

TEST_CASE("/lang switches texts and nothing else", "[protocol][lang]") {
    for (const Json& m : every_message()) {
        const std::string frame = serialize(m);
        INFO(frame);
        CHECK(localize(frame, "en") == frame);  // English: untouched
        bool changed = false;
        for (const auto& lang : kOtherLanguages) {
            const std::string text = localize(frame, lang);
            const Json localized = Json::parse(text);
            INFO(lang << ": " << text);
            same_but_texts(m, localized);
            CHECK(localized["text"] ==
                  niagara::i18n::render(lang, m["key"].get<std::string>(), m["args"]));
            if (m["type"] == "error") CHECK(localized["message"] == localized["text"]);
            if (m.contains("event") && !m["event"]["texts"].empty()) {
                for (std::size_t i = 0; i < m["event"]["texts"].size(); ++i)
                    CHECK(localized["event"]["lines"][i] ==
                          niagara::i18n::render(lang, m["event"]["texts"][i]));
            }
            changed = changed || localized["text"] != m["text"];
        }
        // Only texts that are the sender's words or the notation read the same everywhere.
        const std::string type = m["type"];
        if (type != "chat" && m["key"] != "protocol.text") CHECK(changed);
    }
}

TEST_CASE("localize keeps the order of members and never throws", "[protocol][lang]") {
    const GameEvent event = sample_event();
    const Decision decision{
        0, {"play 2"}, R"([{"type":"play","seat":0,"card":"2","text":"play 2"}])"};
    const std::string frame =
        PatchFrames(3, 4, 5, &event)
            .frame(R"([{"op":"add","path":"/x","value":"{key}"}])", "cloud", &decision);
    const std::string fr = localize(frame, "fr");
    // Outside the texts, byte for byte: the operations and the prompt are where they were.
    CHECK(fr.find(R"({"args":)") == 0);
    CHECK(fr.find(R"("ops":[{"op":"add","path":"/x","value":"{key}"}])") != std::string::npos);
    const auto order = [](const std::string& s) {
        std::vector<std::string> keys;
        const Json parsed = Json::parse(s);  // items() refers to it: not a temporary
        for (const auto& [k, v] : parsed.items())
            keys.push_back(k);
        return keys;
    };
    CHECK(order(fr) == order(frame));
    CHECK(localize(frame, "fr-CA") == fr);
    CHECK(localize(frame, "xx") == frame);  // no catalogs: as it is

    // Anything that is not a server message comes back as it is.
    for (const std::string& junk :
         {std::string(), std::string("{"), std::string("[1,2]"), std::string("{\"key\":3}"),
          std::string("{\"key\":\"protocol.name\",\"args\":[1],\"text\":\"x\"}"),
          std::string("{\"text\":\"x\",\"key\":\"protocol.name\",\"args\":{\"name\":"),
          std::string("{\"event\":{\"lines\":[\"a\"],\"texts\":[1,2]}}"),
          std::string("{\"history\":[1,{\"texts\":5,\"lines\":[]}]}"), std::string("\xFF\xFE"),
          std::string(100000, '{'), std::string(100000, '"')}) {
        std::string out;
        REQUIRE_NOTHROW(out = localize(junk, "cs"));
        CHECK(out == junk);
    }
    // A key the catalogs lack renders as the key, an argument of the wrong kind as "?": the
    // frame is still valid JSON.
    const std::string odd =
        R"({"args":{"name":{"x":1}},"key":"protocol.name","text":"x","type":"name"})";
    CHECK(Json::parse(localize(odd, "de"))["type"] == "name");
}

TEST_CASE("Gem names of the rulebooks' languages are the engine's colours", "[protocol][lang]") {
    CHECK(accepted_as<command::Act>("/canoe 1 down 3 load rouge").text == "canoe 1 down 3 load red");
    CHECK(accepted_as<command::Act>("/canoe 1 down 3 load Modrý").text == "canoe 1 down 3 load blue");
    CHECK(accepted_as<command::Act>("/canoe 1 down 3 load modry").text == "canoe 1 down 3 load blue");
    CHECK(accepted_as<command::Act>("/canoe 1 down 3 load BLAU").text == "canoe 1 down 3 load blue");
    CHECK(accepted_as<command::Act>("/canoe 1 down 3 load weiß").text == "canoe 1 down 3 load clear");
    CHECK(accepted_as<command::Act>("/canoe 1 down 3 load žlutý").text == "canoe 1 down 3 load yellow");
    CHECK(accepted_as<command::Act>("/canoe 1 down 3 load améthyste").text == "canoe 1 down 3 load violet");
    CHECK(accepted_as<command::Act>("/buyback 2 rubis").text == "buyback 2 red");
    CHECK(accepted_as<command::Act>("/joe swap 1 gelb").text == "joe swap 1 yellow");
    CHECK(accepted_as<command::Act>(R"({"type": "act", "text": "canoe 2 load bleu then up 3"})").text ==
          "canoe 2 load blue then up 3");
    // Other words are left as they were typed.
    CHECK(accepted_as<command::Act>("/canoe 1 UP 3").text == "canoe 1 UP 3");
    CHECK(gem_aliases("canoe 1 down 3 load red") == "canoe 1 down 3 load red");
    CHECK_FALSE(gem_alias("rougeâtre"));
    CHECK_FALSE(gem_alias(""));
    CHECK_FALSE(gem_alias(std::string(5000, 'a')));
    CHECK_FALSE(gem_alias("\xC3"));
}

TEST_CASE("No gem alias clashes with a word of the notation or another colour",
          "[protocol][lang]") {
    // Every word the engine's notation reads (engine/src/notation.cpp), and its colour names.
    const std::set<std::string_view> notation = {
        "and",  "back",   "buy",  "buyback", "canoe", "cloud", "done",  "down",  "elk",
        "end",  "fork",   "free", "from",    "give",  "joe",   "left",  "load",  "no",
        "none", "pass",   "pay",  "play",    "right", "skip",  "steal", "swap",  "take",
        "then", "unload", "up",   "using",   "with",  "lasso", "land",  "falls", "bank"};
    std::set<std::string_view> seen;
    for (const auto& [alias, colour] : gem_alias_table()) {
        INFO(alias);
        CHECK(seen.insert(alias).second);  // listed once
        CHECK_FALSE(notation.count(alias));
        const auto named = niagara::parse_colour(colour);
        REQUIRE(named);
        // An English colour word (or one the engine reads) names the same colour.
        if (const auto english = niagara::parse_colour(alias)) CHECK(*english == *named);
        CHECK(gem_alias(alias) == colour);
        // The alias reads the same with capitals.
        std::string upper(alias);
        for (char& c : upper)
            c = char(std::toupper(static_cast<unsigned char>(c)));
        CHECK(gem_alias(upper) == colour);
    }
}

// Not a test: what localize() costs on a typical patch frame (run with "[.bench]").
TEST_CASE("localize: cost of one call on a patch frame", "[.bench]") {
    const GameEvent event = sample_event();
    std::vector<std::string> legal;
    std::string actions = "[";
    for (int i = 0; i < 12; ++i) {
        legal.push_back("canoe 1 down " + std::to_string(i % 6 + 1));
        actions +=
            std::string(i ? "," : "") +
            R"({"type":"move","seat":0,"canoe":0,"direction":"down","steps":)" +
            std::to_string(i % 6 + 1) +
            R"(,"text":"canoe 1 down 1","from":"land","to":"T1","after_river":[{"speed":1,"to":"T2"},{"speed":2,"to":"T3"}]})";
    }
    actions += "]";
    const Decision decision{0, legal, actions};
    std::string ops = "[";
    for (int i = 0; i < 20; ++i)
        ops += std::string(i ? "," : "") + R"({"op":"replace","path":"/game/seats/)" +
               std::to_string(i % 4) + R"(/canoes/0/pos","value":"T3"})";
    ops += "]";
    const std::string frame = PatchFrames(3, 40, 41, &event).frame(ops, std::nullopt, &decision);
    for (const auto& lang : kOtherLanguages) {
        std::vector<double> runs;
        for (int run = 0; run < 9; ++run) {
            constexpr int kCalls = 2000;
            const auto start = std::chrono::steady_clock::now();
            std::size_t bytes = 0;
            for (int i = 0; i < kCalls; ++i)
                bytes += localize(frame, lang).size();
            const std::chrono::duration<double, std::micro> took =
                std::chrono::steady_clock::now() - start;
            runs.push_back(took.count() / kCalls);
            CHECK(bytes > 0);
        }
        std::sort(runs.begin(), runs.end());
        std::cout << "localize(" << lang << ") on a " << frame.size()
                  << "-byte patch frame: median " << runs[runs.size() / 2] << " us per call\n";
    }
}
