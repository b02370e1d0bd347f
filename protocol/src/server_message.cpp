#include "niagara/protocol/server_message.hpp"

#include <cmath>
#include <utility>

#include "niagara/i18n/i18n.hpp"
#include "niagara/json.hpp"
#include "niagara/protocol/client_message.hpp"
#include "english_template.hpp"
#include "niagara/protocol/text.hpp"
#include "texts.hpp"

namespace niagara::protocol {

namespace {

using texts::english;
using texts::joined;
using texts::number;
using texts::Sep;
using texts::text;

// Strings from outside this library (names, chat, engine lines) go through here, so that a
// message can always be dumped: nlohmann::json::dump throws on invalid UTF-8.
std::string utf8(const std::string& s) {
    return to_valid_utf8(s);
}

// People count seats from 1; JSON counts from 0, and a negative seat means "no seat".
long seat_number(int seat) {
    return long(seat) + 1;
}
Json seat_json(int seat) {
    return seat >= 0 ? Json(seat) : Json(nullptr);
}

// Typed reads from JSON the server built; a missing or mistyped field gives the fallback, so a
// text can always be written.
std::string string_or(const Json& j, const char* key, const std::string& fallback) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? utf8(it->get<std::string>()) : fallback;
}

long number_or(const Json& j, const char* key, long fallback) {
    auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<long>() : fallback;
}

// A table's options as a text: from its "options" object when that is one the protocol reads,
// else its "description" as it is (or nothing).
std::optional<Json> table_description(const Json& t) {
    if (auto o = t.find("options"); o != t.end()) {
        TableOptions options;
        if (!table_options_from_json(*o, options)) return describe_text(options);
    }
    if (auto d = string_or(t, "description", ""); !d.empty()) return Json(d);
    return std::nullopt;
}

// "#1 4 players, Spirits (waiting, 2/4 seated, 1 watching)".
Json describe_table(const Json& t) {
    if (!t.is_object()) return Json("?");
    Json args{{"id", number(number_or(t, "id", 0))}};
    std::vector<Json> state;
    if (auto phase = string_or(t, "phase", ""); !phase.empty())
        state.push_back(phase == "waiting" || phase == "playing" || phase == "over"
                            ? text("protocol.phase." + phase)
                            : Json(phase));
    if (auto seats = t.find("seats"); seats != t.end() && seats->is_array()) {
        long filled = 0;
        for (const auto& s : *seats)
            if (s.is_object() && s.contains("name") && s.at("name").is_string()) ++filled;
        state.push_back(
            text("protocol.table.seated", {{"filled", filled}, {"seats", long(seats->size())}}));
    }
    if (auto watchers = t.find("spectators"); watchers != t.end()) {
        const long n = watchers->is_array()            ? long(watchers->size())
                       : watchers->is_number_integer() ? watchers->get<long>()
                                                       : 0;
        if (n > 0) state.push_back(text("protocol.table.watching", {{"count", n}}));
    }
    const auto description = table_description(t);
    const bool stated = !state.empty();
    if (description) args["description"] = *description;
    if (stated) args["state"] = joined(Sep::Comma, std::move(state));
    const char* key = description ? (stated ? "protocol.table.ds" : "protocol.table.d")
                                  : (stated ? "protocol.table.s" : "protocol.table.i");
    return text(key, std::move(args));
}

Json tables_text(const Json& tables) {
    if (!tables.is_array() || tables.empty()) return text("protocol.tables.none");
    constexpr std::size_t kShown = 10;  // the text stays one readable line
    std::vector<Json> parts;
    for (std::size_t i = 0; i < tables.size() && i < kShown; ++i)
        parts.push_back(describe_table(tables[i]));
    Json args{{"tables", joined(Sep::Semicolon, std::move(parts))}};
    if (tables.size() <= kShown) return text("protocol.tables.list", std::move(args));
    args["count"] = long(tables.size() - kShown);
    return text("protocol.tables.list_more", std::move(args));
}

// "alice (seat 2)", or "Seat 2" when the seat's name is not known.
Json seat_name(int seat, const std::vector<std::string>& names) {
    if (seat >= 0 && std::size_t(seat) < names.size() && !names[std::size_t(seat)].empty())
        return text("protocol.seat.named",
                    {{"name", utf8(names[std::size_t(seat)])}, {"seat", seat_number(seat)}});
    return text("protocol.seat.anon", {{"seat", seat_number(seat)}});
}

Json ended_text(long table, const Json& result, const std::vector<std::string>& names) {
    Json args{{"table", number(table)}};
    if (!result.is_object()) return text("protocol.ended.over", std::move(args));
    if (auto a = result.find("abandoned"); a != result.end() && *a == true)
        return text("protocol.ended.abandoned", std::move(args));
    std::vector<Json> winners;
    if (auto w = result.find("winners"); w != result.end() && w->is_array())
        for (const auto& seat : *w)
            if (seat.is_number_integer()) winners.push_back(seat_name(seat.get<int>(), names));
    if (winners.empty()) return text("protocol.ended.over", std::move(args));
    const bool one = winners.size() == 1;
    args["winners"] = joined(Sep::And, std::move(winners));
    return text(one ? "protocol.ended.wins" : "protocol.ended.win", std::move(args));
}

// What a decision's text says beside the table and the seat: its key, the actions shown (none
// for protocol.prompt.none) and, when the list is cut, how many there are.
struct PromptParts {
    const char* key;
    std::string actions;
    std::optional<long> count;
};
PromptParts prompt_parts(const std::vector<std::string>& legal) {
    if (legal.empty()) return {"protocol.prompt.none", {}, std::nullopt};
    // Canoe moves can number in the hundreds: a long list is cut to its first few. The actions
    // are the notation, which is the same in every language: one string.
    constexpr std::size_t kAll = 10, kShown = 6;
    const std::size_t count = legal.size() <= kAll ? legal.size() : kShown;
    std::string actions;
    for (std::size_t i = 0; i < count; ++i) {
        if (i) actions += ", ";
        actions += legal[i];
    }
    actions = utf8(actions);  // the engine's notation is ASCII: checked once, not per action
    if (count == legal.size()) return {"protocol.prompt.list", std::move(actions), std::nullopt};
    return {"protocol.prompt.more", std::move(actions), long(legal.size())};
}

Json prompt_text(long table, int seat, const std::vector<std::string>& legal) {
    PromptParts parts = prompt_parts(legal);
    Json args = Json::object();  // member by member: this text goes with every decision
    args["table"] = number(table);
    args["seat"] = seat_number(seat);
    if (!legal.empty()) args["actions"] = std::move(parts.actions);
    if (parts.count) args["count"] = number(*parts.count);
    return text(parts.key, std::move(args));
}

void add_prompt(Json& fields, const Decision& decision) {
    Json legal = Json::array();
    for (const auto& a : decision.legal)
        legal.push_back(utf8(a));
    fields["seat"] = seat_json(decision.seat);
    fields["legal"] = std::move(legal);
    Json actions = Json::parse(decision.actions, nullptr, false);
    fields["actions"] = actions.is_array() ? std::move(actions) : Json::array();
}

// Why the server decided for a seat, as a text: the causes the server gives, else as it is.
Json cause_text(const std::string& cause) {
    static constexpr std::string_view kBotFor = "bot for ";
    if (cause == "timeout" || cause == "conceded") return text("protocol.cause." + cause);
    if (cause.rfind(kBotFor, 0) == 0)
        return text("protocol.cause.bot", {{"name", utf8(cause.substr(kBotFor.size()))}});
    return Json(utf8(cause));
}

// The text of one of the event's lines: the engine's key and arguments when it gave them, else
// the line as it is.
Json event_line(const GameEvent& e, std::size_t i) {
    if (i < e.texts.size()) {
        Json text = Json::parse(e.texts[i], nullptr, false);
        if (text.is_object()) return text;
    }
    return Json(utf8(e.lines[i]));
}

// The event's text: its lines, after the cause when the server decided.
Json event_text(long table, const GameEvent& e) {
    if (e.lines.empty()) return text("protocol.event.none", {{"table", number(table)}});
    std::vector<Json> lines;
    lines.reserve(e.lines.size());
    for (std::size_t i = 0; i < e.lines.size(); ++i)
        lines.push_back(event_line(e, i));
    Json said = joined(Sep::Space, std::move(lines));
    if (e.cause.empty()) return said;
    return text("protocol.event.cause",
                {{"cause", cause_text(e.cause)}, {"lines", std::move(said)}});
}

// An event's JSON ({seat, lines, cause}).
Json event_json(const GameEvent& e) {
    Json lines = Json::array();
    for (const auto& line : e.lines)
        lines.push_back(utf8(line));
    Json event = Json::object();  // member by member: cheaper than an initializer list
    event["seat"] = seat_json(e.seat);
    event["lines"] = std::move(lines);
    Json texts = Json::array();  // the lines as {key, args}: clients render them in any language
    for (std::size_t i = 0; i < e.texts.size(); ++i)
        texts.push_back(event_line(e, i));
    event["texts"] = std::move(texts);
    if (!e.cause.empty()) event["cause"] = utf8(e.cause);
    return event;
}

Json chosen_text(const std::string& card) {
    const Json shown = card == "cloud" || card == "lasso" ? text("protocol.card." + card)
                       : card == "1/2/3"                  ? text("protocol.card.any")
                                                          : Json(utf8(card));
    return text("protocol.chosen", {{"card", shown}});
}

// The text of news: the event, then the receiver's card, then its decision (null when there is
// none). `event` is the event's text, or null.
Json news_text(const Json& event, long table, const News& news) {
    std::string key = "protocol.news.";
    Json args = Json::object();
    if (!event.is_null()) {
        key += 'e';
        args["event"] = event;
    }
    if (news.chosen) {
        key += 'c';
        args["chosen"] = chosen_text(*news.chosen);
    }
    if (news.prompt) {
        key += 'p';
        args["prompt"] = prompt_text(table, news.prompt->seat, news.prompt->legal);
    }
    if (args.empty()) return nullptr;
    return text(key, std::move(args));
}

// Puts the news into a state message's fields and returns its text (null when there is none).
Json add_news(Json& fields, long table, const News& news) {
    Json said;
    if (news.event) {
        fields["event"] = event_json(*news.event);
        said = event_text(table, *news.event);
    }
    if (news.chosen) fields["chosen"] = utf8(*news.chosen);
    if (const Decision* d = news.prompt) {
        Json prompt;
        add_prompt(prompt, *d);
        fields["prompt"] = std::move(prompt);
    }
    if (news.history) fields["history"] = *news.history;
    return news_text(said, table, news);
}

Json patch_default_text(long from, long to) {
    return text("protocol.state.patch", {{"from", number(from)}, {"to", number(to)}});
}

// The text's members of a message: "key", "args" and the English "text".
void put_text(Json& fields, Json t) {
    fields["text"] = english(t);
    fields["key"] = std::move(t["key"]);
    fields["args"] = std::move(t["args"]);
}

}  // namespace

Json message(std::string type, std::string text, Json fields) {
    if (fields.is_null()) fields = Json::object();
    if (!fields.is_object()) fields = Json{{"data", std::move(fields)}};
    fields["type"] = to_valid_utf8(type);
    fields["text"] = text.empty() ? std::string(".") : to_valid_utf8(text);
    // A text the library has no key for: the generic key, whose pattern is the text itself.
    if (!fields.contains("key")) {
        fields["key"] = "protocol.text";
        fields["args"] = Json{{"text", fields["text"]}};
    }
    return fields;
}

Json keyed_message(std::string type, std::string_view key, Json args, Json fields) {
    if (fields.is_null()) fields = Json::object();
    if (!fields.is_object()) fields = Json{{"data", std::move(fields)}};
    fields["type"] = to_valid_utf8(type);
    put_text(fields, texts::text(key, args.is_object() ? std::move(args) : Json::object()));
    if (fields["text"].get_ref<const std::string&>().empty()) fields["text"] = ".";
    return fields;
}

namespace {
Json keyed(std::string type, const Json& t, Json fields) {
    return keyed_message(std::move(type), t["key"].get_ref<const std::string&>(), t["args"],
                         std::move(fields));
}
}  // namespace

Json welcome(long connection, const std::string& name) {
    return keyed_message("welcome", "protocol.welcome", {{"name", utf8(name)}},
                         {{"connection", connection}, {"name", utf8(name)}});
}

Json error(const std::string& code, const std::string& why) {
    if (why.empty()) return error(code, "protocol.error.unknown", Json::object());
    return error(code, "protocol.text", {{"text", utf8(why)}});
}

Json error(const std::string& code, std::string_view key, Json args) {
    Json out = keyed_message("error", key, std::move(args), {{"code", utf8(code)}});
    out["message"] = out["text"];
    return out;
}

Json error(const ParsedMessage& parsed) {
    if (parsed.key.empty()) return error(parsed.code, parsed.error);
    return error(parsed.code, parsed.key, parsed.args);
}

Json help(std::string_view lang) {
    const Json t = help_texts();
    Json commands = Json::array();
    for (const auto& line : help_line_texts())  // in the order of the text
        commands.push_back(i18n::render(lang, line));
    Json out = keyed("help", t, {{"commands", std::move(commands)}});
    if (lang != "en") out["text"] = i18n::render(lang, t);
    return out;
}

// "text" is the relayable line with the sender; the words alone are in "message".
Json chat(long table, const std::string& from, const std::string& text) {
    // "<name> text": a player's line can never pass for one of the server's, whose texts never
    // start with '<' (and names are letters, digits, '_', '-' and '.').
    return keyed_message("chat", "protocol.chat", {{"from", utf8(from)}, {"message", utf8(text)}},
                         {{"table", table}, {"from", utf8(from)}, {"message", utf8(text)}});
}

Json table_list(const Json& tables) {
    return keyed("tables", tables_text(tables),
                 {{"tables", tables.is_array() ? tables : Json::array()}});
}

Json snapshot(long table, long version, const Json& view, const News& news) {
    Json fields{{"table", table}, {"version", version}, {"view", view}};
    Json t = add_news(fields, table, news);
    if (t.is_null()) t = text("protocol.state.snapshot", {{"version", number(version)}});
    return keyed("snapshot", t, std::move(fields));
}

Json patch(long table, long from, long to, Json ops, const News& news) {
    Json fields{{"table", table}, {"from", from}, {"to", to}, {"ops", std::move(ops)}};
    Json t = add_news(fields, table, news);
    if (t.is_null()) t = patch_default_text(from, to);
    return keyed("patch", t, std::move(fields));
}

namespace {

// The event's lines' texts serialized, each once (event_line(e, i) as dump() writes it).
std::vector<std::string> serialized_lines(const GameEvent& e) {
    std::vector<std::string> out(e.lines.size());
    for (std::size_t i = 0; i < e.lines.size(); ++i) {
        if (i < e.texts.size())
            out[i] = e.texts[i];
        else
            append_json_string(out[i], utf8(e.lines[i]));
    }
    return out;
}

// The event's JSON ({cause, lines, seat, texts}, as serialize(event_json(e)) writes it),
// written straight from the event and its texts, serialized already.
void append_event_json(std::string& out, const GameEvent& e) {
    out += '{';
    if (!e.cause.empty()) {
        out += R"("cause":)";
        append_json_string(out, utf8(e.cause));
        out += ',';
    }
    out += R"("lines":[)";
    for (std::size_t i = 0; i < e.lines.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, utf8(e.lines[i]));
    }
    out += R"(],"seat":)";
    append_json_value(out, seat_json(e.seat));
    out += R"(,"texts":[)";
    for (std::size_t i = 0; i < e.texts.size(); ++i) {
        if (i) out += ',';
        out += e.texts[i];
    }
    out += "]}";
}

// event_text(table, e) serialized. An event of up to kMostParts lines and no cause (nearly all) is
// written from the lines' serialized texts as joined() builds it ({"args":{"p0":...},"key":
// "protocol.space.N"}, one line alone as itself); any other is built and dumped.
std::string event_text_json(long table, const GameEvent& e, const std::vector<std::string>& lines) {
    std::string out;
    if (!e.cause.empty() || lines.empty() || lines.size() > texts::kMostParts) {
        append_json_value(out, event_text(table, e));
        return out;
    }
    if (lines.size() == 1) return lines[0];
    out = R"({"args":{)";
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i) out += ',';
        out += R"("p)" + std::to_string(i) + R"(":)";
        out += lines[i];
    }
    out += R"(},"key":"protocol.space.)" + std::to_string(lines.size()) + R"("})";
    return out;
}

// The English of event_text(table, e). Each line's text renders in English exactly as the
// engine wrote the line (tests/i18n/engine_texts_test.cpp) and protocol.space.N joins them
// with spaces, so the lines joined are that English without ICU, which cost a tenth of the
// server's CPU per action rendering it. A cause's text and an empty event are rendered.
std::string event_english(long table, const GameEvent& e) {
    if (!e.cause.empty() || e.lines.empty()) return english(event_text(table, e));
    std::string out;
    for (std::size_t i = 0; i < e.lines.size(); ++i) {
        if (i) out += ' ';
        out += utf8(e.lines[i]);
    }
    return out;
}

// A text as a frame carries it: serialized ({"args":...,"key":...}) and its English.
struct WrittenText {
    std::string json;
    std::string english;
};

WrittenText written(const Json& text) {
    WrittenText out;
    append_json_value(out.json, text);
    out.english = english(text);
    return out;
}

// The English patterns of the texts a seat's own frame carries, each rendered once (the
// catalogs are built in), and the words of the cards a chosen text may name.
struct FrameEnglish {
    EnglishTemplate chosen{"protocol.chosen", {"card"}};
    std::string cloud = i18n::render("en", "protocol.card.cloud");
    std::string lasso = i18n::render("en", "protocol.card.lasso");
    std::string any = i18n::render("en", "protocol.card.any");
    EnglishTemplate prompt_none{"protocol.prompt.none", {"table", "seat"}};
    EnglishTemplate prompt_list{"protocol.prompt.list", {"table", "seat", "actions"}};
    EnglishTemplate prompt_more{"protocol.prompt.more", {"table", "seat", "actions", "count"}};
};
const FrameEnglish& frame_english() {
    static const FrameEnglish kEnglish;  // immutable once built: shared by every thread
    return kEnglish;
}

// written(chosen_text(card)), written straight: the same JSON and English.
WrittenText chosen_written(const std::string& card) {
    const FrameEnglish& en = frame_english();
    const bool cloud = card == "cloud", lasso = card == "lasso", any = card == "1/2/3";
    WrittenText out;
    out.json = R"({"args":{"card":)";
    if (cloud || lasso || any) {
        out.json += R"({"args":{},"key":"protocol.card.)";
        out.json += any ? "any" : card;
        out.json += R"("})";
    } else {
        append_json_string(out.json, utf8(card));
    }
    out.json += R"(},"key":"protocol.chosen"})";
    auto english = en.chosen.fill({cloud   ? en.cloud
                                   : lasso ? en.lasso
                                   : any   ? en.any
                                           : std::string_view(utf8(card))});
    if (!english) return written(chosen_text(card));
    out.english = std::move(*english);
    return out;
}

// written(prompt_text(table, seat, legal)), written straight: the same JSON and English.
WrittenText prompt_written(long table, int seat, const std::vector<std::string>& legal) {
    const FrameEnglish& en = frame_english();
    const PromptParts parts = prompt_parts(legal);
    const std::string table_number = number(table);
    const std::string seat_text = std::to_string(seat_number(seat));
    std::optional<std::string> english;
    WrittenText out;
    out.json = R"({"args":{)";  // the arguments in dump()'s order: actions, count, seat, table
    if (!legal.empty()) {
        out.json += R"("actions":)";
        append_json_string(out.json, parts.actions);
        out.json += ',';
    }
    if (parts.count) {
        const std::string count = number(*parts.count);
        out.json += R"("count":)";
        append_json_string(out.json, count);
        out.json += ',';
        english = en.prompt_more.fill({table_number, seat_text, parts.actions, count});
    } else if (!legal.empty()) {
        english = en.prompt_list.fill({table_number, seat_text, parts.actions});
    } else {
        english = en.prompt_none.fill({table_number, seat_text});
    }
    out.json += R"("seat":)" + seat_text + R"(,"table":)";
    append_json_string(out.json, table_number);
    out.json += R"(},"key":)";
    append_json_string(out.json, parts.key);
    out.json += '}';
    if (!english) return written(prompt_text(table, seat, legal));
    out.english = std::move(*english);
    return out;
}

}  // namespace

PatchFrames::PatchFrames(long table, long from, long to, const GameEvent* event) : table_(table) {
    // {"event":...,"from":...,"table":...,"to":...,"type":"patch"}, written in dump()'s order.
    shared_ = "{";
    std::vector<std::string> lines;
    if (event) {
        lines = serialized_lines(*event);
        shared_ += R"("event":)";
        append_event_json(shared_, *event);
        shared_ += ',';
    }
    shared_ += R"("from":)" + std::to_string(from) + R"(,"table":)" + std::to_string(table) +
               R"(,"to":)" + std::to_string(to) + R"(,"type":"patch"})";
    // Most viewers get neither a card nor a decision: their text is the event's (the English
    // pattern of protocol.news.e is "{event}"), else the default one. Values are written as
    // dump() would write them (append_json_string, append_json_value) without a dump() per
    // value, whose set-up cost more than writing these small values.
    std::string plain_english;
    plain_head_ = R"({"args":)";
    if (event) {
        event_args_ = event_text_json(table, *event, lines);
        event_english_ = event_english(table, *event);
        plain_english = event_english_;
        plain_head_ += R"({"event":)" + event_args_ + R"(},"key":"protocol.news.e")";
    } else {
        const Json plain = patch_default_text(from, to);
        plain_english = english(plain);
        append_json_value(plain_head_, plain["args"]);
        plain_head_ += R"(,"key":)";
        append_json_string(plain_head_, plain["key"].get_ref<const std::string&>());
    }
    plain_head_ += R"(,"ops":)";
    plain_tail_ = R"(,"text":)";
    append_json_string(plain_tail_, plain_english);
    plain_tail_ += ',';
    plain_tail_.append(shared_, 1);
}

std::string PatchFrames::frame(std::string_view ops, const std::optional<std::string>& chosen,
                               const Decision* prompt) const {
    std::string out;
    if (!chosen && !prompt) {
        out.reserve(plain_head_.size() + ops.size() + plain_tail_.size());
        out += plain_head_;
        out += ops;
        out += plain_tail_;
        return out;
    }
    // The text of news_text(event, table, {chosen, prompt}), written part by part straight into
    // the frame: the event's was serialized and rendered once for every viewer (the tests check
    // the English equals the rendering of the key and arguments).
    const bool has_event = !event_args_.empty();
    std::optional<WrittenText> chosen_text, prompt_text;
    if (chosen) chosen_text = chosen_written(*chosen);
    if (prompt) prompt_text = prompt_written(table_, prompt->seat, prompt->legal);
    std::string english_text;
    english_text.reserve(event_english_.size() + (chosen_text ? chosen_text->english.size() : 0) +
                         (prompt_text ? prompt_text->english.size() : 0) + 2);
    english_text += event_english_;
    for (const auto* part : {&chosen_text, &prompt_text})
        if (*part) {
            if (!english_text.empty()) english_text += ' ';
            english_text += (*part)->english;
        }

    std::size_t size = ops.size() + shared_.size() + event_args_.size() + 2 * english_text.size() +
                       256 + (chosen_text ? chosen_text->json.size() : 0);
    if (prompt) {
        size += prompt_text->json.size() + prompt->actions.size();
        for (const std::string& l : prompt->legal)
            size += l.size() + 3;
    }
    out.reserve(size);
    // {"args":{"chosen":...,"event":...,"prompt":...}, in dump()'s order of the names.
    out += R"({"args":{)";
    const char* comma = "";
    if (chosen_text) {
        out += R"("chosen":)";
        out += chosen_text->json;
        comma = ",";
    }
    if (has_event) {
        out += comma;
        out += R"("event":)";
        out += event_args_;
        comma = ",";
    }
    if (prompt_text) {
        out += comma;
        out += R"("prompt":)";
        out += prompt_text->json;
    }
    out += '}';
    if (chosen) {
        out += R"(,"chosen":)";
        append_json_string(out, utf8(*chosen));
    }
    // The key: protocol.news. and a letter for each part (the catalog's names).
    out += R"(,"key":"protocol.news.)";
    if (has_event) out += 'e';
    if (chosen) out += 'c';
    if (prompt) out += 'p';
    out += '"';
    out += R"(,"ops":)";
    out += ops;
    if (prompt) {
        out += R"(,"prompt":{"actions":)";
        out += prompt->actions;
        out += R"(,"legal":[)";
        for (std::size_t i = 0; i < prompt->legal.size(); ++i) {
            if (i) out += ',';
            append_json_string(out, prompt->legal[i]);
        }
        out += R"(],"seat":)";
        out += prompt->seat >= 0 ? std::to_string(prompt->seat) : "null";  // seat_json's
        out += '}';
    }
    out += R"(,"text":)";
    append_json_string(out, english_text);
    out += ',';
    out.append(shared_, 1);  // the shared members, and the closing brace
    return out;
}

std::string patch_frame(long table, long from, long to, std::string_view ops, const News& news) {
    return PatchFrames(table, from, to, news.event).frame(ops, news.chosen, news.prompt);
}
namespace {
double tenths(double x) { return std::round(x * 10.0) / 10.0; }

Json rating_json(const RatingLine& r) {
    return {{"variant", r.variant}, {"rating", tenths(r.shown)}, {"mu", r.mu},
            {"sigma", r.sigma},     {"games", r.games}};
}

Json variant_text(const std::string& variant) {
    return texts::text(variant == "spirits" ? "protocol.variant.spirits" : "protocol.variant.base");
}
}  // namespace

Json rating(const std::string& name, const std::vector<RatingLine>& ratings) {
    Json list = Json::array();
    std::vector<Json> parts;
    for (const RatingLine& r : ratings) {
        list.push_back(rating_json(r));
        parts.push_back(texts::text("protocol.rating.variant", {{"variant", variant_text(r.variant)},
                                                                {"rating", tenths(r.shown)},
                                                                {"games", r.games}}));
    }
    if (ratings.empty())
        return keyed_message("rating", "protocol.rating.none", {{"name", utf8(name)}},
                             {{"name", utf8(name)}, {"ratings", list}});
    return keyed_message("rating", "protocol.rating.of",
                         {{"name", utf8(name)}, {"ratings", texts::joined(texts::Sep::Comma, parts)}},
                         {{"name", utf8(name)}, {"ratings", list}});
}

Json top(std::string_view variant, const std::vector<Leader>& leaders, long min_games) {
    Json list = Json::array();
    std::vector<Json> parts;
    for (std::size_t i = 0; i < leaders.size(); ++i) {
        const Leader& l = leaders[i];
        list.push_back({{"place", long(i + 1)},
                        {"name", utf8(l.name)},
                        {"rating", tenths(l.shown)},
                        {"games", l.games}});
        parts.push_back(texts::text("protocol.top.entry", {{"place", long(i + 1)},
                                                           {"name", utf8(l.name)},
                                                           {"rating", tenths(l.shown)},
                                                           {"games", l.games}}));
    }
    const std::string v(variant);
    const Json fields{{"variant", v}, {"players", list}, {"min_games", min_games}};
    if (leaders.empty())
        return keyed_message("top", "protocol.top.empty",
                             {{"variant", variant_text(v)}, {"min", min_games}}, fields);
    return keyed_message(
        "top", "protocol.top.list",
        {{"variant", variant_text(v)}, {"players", texts::joined(texts::Sep::Comma, parts)}},
        fields);
}

Json rated(long table, const RatingLine& now, double change) {
    Json fields = rating_json(now);
    fields["table"] = table;
    fields["change"] = tenths(change);
    return keyed_message("rated", change >= 0 ? "protocol.rated.up" : "protocol.rated.down",
                         {{"table", number(table)},
                          {"variant", variant_text(now.variant)},
                          {"rating", tenths(now.shown)},
                          {"change", std::abs(tenths(change))}},
                         fields);
}

Json name_set(const std::string& name) {
    return keyed_message("name", "protocol.name", {{"name", utf8(name)}}, {{"name", utf8(name)}});
}

Json account(std::string_view event, const std::string& name) {
    return keyed_message("account", "protocol.account." + std::string(event), {{"name", utf8(name)}},
                         {{"event", std::string(event)}, {"name", utf8(name)}});
}

Json session_grant(const std::string& grant) {
    return keyed_message("session", "protocol.session.grant", Json::object(), {{"grant", grant}});
}

Json link_code(const std::string& code, long seconds) {
    return keyed_message("link_code", "protocol.link.code",
                         {{"code", code}, {"minutes", seconds / 60}},
                         {{"code", code}, {"seconds", seconds}});
}

Json linked(const std::string& name, const std::string& key) {
    return keyed_message("linked", "protocol.link.linked", {{"name", utf8(name)}},
                         {{"name", utf8(name)}, {"link_key", key}});
}

Json table_created(long table, const TableOptions& options) {
    return keyed_message("table_created", "protocol.table_created",
                         {{"table", number(table)}, {"description", describe_text(options)}},
                         {{"table", table}, {"options", table_options_to_json(options)}});
}

Json resumed(long table, int seat, const std::string& token) {
    return keyed_message("seated", "protocol.resumed",
                         {{"table", number(table)}, {"seat", seat_number(seat)}},
                         {{"table", table}, {"seat", seat_json(seat)}, {"token", utf8(token)}});
}

Json seated(long table, int seat, const std::string& token) {
    return keyed_message(
        "seated", "protocol.seated",
        {{"table", number(table)}, {"seat", seat_number(seat)}, {"token", utf8(token)}},
        {{"table", table}, {"seat", seat_json(seat)}, {"token", utf8(token)}});
}

Json joined(long table, int seat, const std::string& name) {
    return keyed_message(
        "joined", "protocol.joined",
        {{"name", utf8(name)}, {"table", number(table)}, {"seat", seat_number(seat)}},
        {{"table", table}, {"seat", seat_json(seat)}, {"name", utf8(name)}});
}

Json watching(long table) {
    return keyed_message("watching", "protocol.watching", {{"table", number(table)}},
                         {{"table", table}});
}

Json left(long table, int seat, const std::string& name) {
    Json args{{"name", utf8(name)}, {"table", number(table)}};
    if (seat >= 0) args["seat"] = seat_number(seat);
    return keyed_message("left", seat >= 0 ? "protocol.left.seat" : "protocol.left.watcher",
                         std::move(args),
                         {{"table", table}, {"seat", seat_json(seat)}, {"name", utf8(name)}});
}

Json conceded(long table, int seat, const std::string& name) {
    return keyed_message(
        "conceded", "protocol.conceded",
        {{"name", utf8(name)}, {"table", number(table)}, {"seat", seat_number(seat)}},
        {{"table", table}, {"seat", seat_json(seat)}, {"name", utf8(name)}});
}

Json hint(long table, int seat, const Json& action, const std::string& move) {
    return keyed_message("hint", "protocol.hint", {{"table", number(table)}, {"move", utf8(move)}},
                         {{"table", table}, {"seat", seat_json(seat)}, {"action", action},
                          {"move", utf8(move)}});
}

Json who(long table, const std::vector<SeatPresence>& seats,
         const std::vector<std::string>& watchers) {
    std::vector<Json> seat_texts;
    Json seat_fields = Json::array();
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const SeatPresence& s = seats[i];
        const int seat = int(i);
        const Json args{{"name", utf8(s.name)}, {"seat", seat_number(seat)}};
        seat_texts.push_back(s.name.empty() ? text("protocol.who.free", {{"seat", seat_number(seat)}})
                             : s.bot        ? text("protocol.who.bot", args)
                             : s.away       ? text("protocol.who.away", args)
                                            : text("protocol.seat.named", args));
        seat_fields.push_back({{"seat", seat_json(seat)},
                               {"name", s.name.empty() ? Json() : Json(utf8(s.name))},
                               {"bot", s.bot},
                               {"away", s.away}});
    }
    // The text stays one readable line: the first watchers by name, the fields hold them all.
    constexpr std::size_t kShown = 10;
    std::vector<Json> watcher_texts;
    Json watcher_fields = Json::array();
    for (const auto& name : watchers) {
        if (watcher_texts.size() < kShown)
            watcher_texts.push_back(text("protocol.text", {{"text", utf8(name)}}));
        watcher_fields.push_back(utf8(name));
    }
    Json args{{"table", number(table)}, {"seats", joined(Sep::Semicolon, std::move(seat_texts))}};
    const bool watched = !watcher_texts.empty();
    if (watched) args["watchers"] = joined(Sep::Comma, std::move(watcher_texts));
    return keyed_message("who", watched ? "protocol.who" : "protocol.who.alone", std::move(args),
                         {{"table", table}, {"seats", std::move(seat_fields)},
                          {"watchers", std::move(watcher_fields)}});
}

Json presence(long table, int seat, const std::string& name, bool online, bool autoplay) {
    const char* key = online     ? "protocol.presence.back"
                      : autoplay ? "protocol.presence.away"
                                 : "protocol.presence.lost";
    return keyed_message("presence", key, {{"name", utf8(name)}, {"seat", seat_number(seat)}},
                         {{"table", table},
                          {"seat", seat_json(seat)},
                          {"name", utf8(name)},
                          {"online", online},
                          {"autoplay", autoplay}});
}

Json host(long table, int seat, const std::string& name) {
    return keyed_message("host", "protocol.host", {{"name", utf8(name)}, {"table", number(table)}},
                         {{"table", table}, {"seat", seat_json(seat)}, {"name", utf8(name)}});
}

Json closed(long table, long idle_seconds) {
    return keyed_message("closed", "protocol.closed",
                         {{"table", number(table)}, {"seconds", number(idle_seconds)}},
                         {{"table", table}});
}

Json restored(long table) {
    return keyed_message("restored", "protocol.restored", {{"table", number(table)}},
                         {{"table", table}});
}

Json started(long table, int players) {
    return keyed_message("started", "protocol.started",
                         {{"table", number(table)}, {"count", players}},
                         {{"table", table}, {"players", players}});
}

Json prompt(long table, const Decision& decision) {
    Json fields{{"table", table}};
    add_prompt(fields, decision);
    return keyed("prompt", prompt_text(table, decision.seat, decision.legal), std::move(fields));
}

Json timer(long table, const std::vector<int>& seats, int seconds,
           const std::vector<std::string>& names, const std::vector<long>& remaining_ms) {
    std::vector<Json> who;
    const bool left = remaining_ms.size() == seats.size();
    const bool each = left && seats.size() > 1;  // "alice (seat 1) 12 s and bob (seat 2) 40 s"
    for (std::size_t i = 0; i < seats.size(); ++i) {
        who.push_back(seat_name(seats[i], names));
        if (each)
            who.back() = text("protocol.timer.seat_left",
                              {{"who", std::move(who.back())},
                               {"seconds", number((remaining_ms[i] + 999) / 1000)}});
    }
    const long shown = left && seats.size() == 1 ? (remaining_ms[0] + 999) / 1000 : seconds;
    const bool one = who.size() == 1;
    Json args{{"table", number(table)}, {"who", joined(Sep::And, std::move(who))}};
    const char* key = "protocol.timer.left";
    if (!each) {
        args["seconds"] = number(shown);
        key = one ? "protocol.timer.one" : "protocol.timer.many";
    }
    Json fields{{"table", table},
                {"seats", seats},
                {"seat", seats.size() == 1 ? seat_json(seats[0]) : Json(nullptr)},
                {"seconds", seconds}};
    if (left) fields["remaining_ms"] = remaining_ms;
    return keyed_message("timer", key, std::move(args), std::move(fields));
}

Json timeout(long table, int seat, const std::string& action,
             const std::vector<std::string>& names) {
    return keyed_message(
        "timeout", "protocol.timeout",
        {{"who", seat_name(seat, names)}, {"table", number(table)}, {"action", utf8(action)}},
        {{"table", table}, {"seat", seat_json(seat)}, {"action", utf8(action)}});
}

Json ended(long table, const Json& result, const std::vector<std::string>& names) {
    return keyed("ended", ended_text(table, result, names), {{"table", table}, {"result", result}});
}

Json again(long table, long next, const std::string& name) {
    return keyed_message("again", "protocol.again", {{"name", utf8(name)}, {"next", number(next)}},
                         {{"table", table}, {"next", next}, {"name", utf8(name)}});
}

Json lang_set(std::string_view lang) {
    const std::string code(i18n::supported(lang).value_or(i18n::kDefaultLanguage));
    Json out = keyed_message("lang", "protocol.lang.set", Json::object(), {{"lang", code}});
    out["text"] = i18n::render(code, "protocol.lang.set");  // in the new language
    return out;
}

std::string serialize(const Json& message) {
    try {
        std::string out;  // as dump(-1, ' ', false, replace), without its set-up per call
        append_json_value(out, message);
        return out;
    } catch (const std::exception&) {  // only on exhaustion; the client still gets a frame
        return R"({"type":"error","text":"internal error","code":"internal","message":"internal error"})";
    }
}

}  // namespace niagara::protocol
