#include "niagara/protocol/server_message.hpp"

#include <utility>

#include "niagara/json.hpp"
#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/text.hpp"

namespace niagara::protocol {

namespace {

// Strings from outside this library (names, chat, engine lines) go through here, so that a
// message can always be dumped: nlohmann::json::dump throws on invalid UTF-8.
std::string utf8(const std::string& s) {
    return to_valid_utf8(s);
}

std::string table_tag(long table) {
    return "#" + std::to_string(table);
}

// People count seats from 1; JSON counts from 0, and a negative seat means "no seat".
std::string seat_text(int seat) {
    return "seat " + std::to_string(seat + 1);
}
Json seat_json(int seat) {
    return seat >= 0 ? Json(seat) : Json(nullptr);
}

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
    std::string out;
    for (const auto& part : parts) {
        if (!out.empty()) out += separator;
        out += part;
    }
    return out;
}

// "alice", "alice and bob", "alice, bob and carol".
std::string and_list(const std::vector<std::string>& parts) {
    if (parts.size() <= 1) return join(parts, "");
    std::vector<std::string> head(parts.begin(), parts.end() - 1);
    return join(head, ", ") + " and " + parts.back();
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

// "#1 4 players, Spirits (waiting, 2/4 seated, 1 watching)".
std::string describe_table(const Json& t) {
    if (!t.is_object()) return "?";
    std::string out = table_tag(number_or(t, "id", 0));
    if (auto d = string_or(t, "description", ""); !d.empty()) out += " " + d;
    std::vector<std::string> state;
    if (auto phase = string_or(t, "phase", ""); !phase.empty()) state.push_back(phase);
    if (auto seats = t.find("seats"); seats != t.end() && seats->is_array()) {
        long filled = 0;
        for (const auto& s : *seats)
            if (s.is_object() && s.contains("name") && s.at("name").is_string()) ++filled;
        state.push_back(std::to_string(filled) + "/" + std::to_string(seats->size()) + " seated");
    }
    if (auto watchers = t.find("spectators"); watchers != t.end()) {
        const long n = watchers->is_array()            ? long(watchers->size())
                       : watchers->is_number_integer() ? watchers->get<long>()
                                                       : 0;
        if (n > 0) state.push_back(std::to_string(n) + " watching");
    }
    if (!state.empty()) out += " (" + join(state, ", ") + ")";
    return out;
}

std::string tables_text(const Json& tables) {
    if (!tables.is_array() || tables.empty()) return "No tables yet; open one with /new.";
    constexpr std::size_t kShown = 10;  // the text stays one readable line
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < tables.size() && i < kShown; ++i)
        parts.push_back(describe_table(tables[i]));
    std::string out = "Tables: " + join(parts, "; ");
    if (tables.size() > kShown) out += "; and " + std::to_string(tables.size() - kShown) + " more";
    return out + ". /join N to sit down, /watch N to watch.";
}

std::string seat_name(int seat, const std::vector<std::string>& names) {
    if (seat >= 0 && std::size_t(seat) < names.size() && !names[std::size_t(seat)].empty())
        return utf8(names[std::size_t(seat)]) + " (" + seat_text(seat) + ")";
    return "Seat " + std::to_string(seat + 1);
}

std::string ended_text(long table, const Json& result, const std::vector<std::string>& names) {
    const std::string at = "table " + table_tag(table);
    if (!result.is_object()) return "Game over at " + at + ".";
    if (auto a = result.find("abandoned"); a != result.end() && *a == true)
        return "The game at " + at + " was abandoned.";
    std::vector<std::string> winners;
    if (auto w = result.find("winners"); w != result.end() && w->is_array())
        for (const auto& seat : *w)
            if (seat.is_number_integer()) winners.push_back(seat_name(seat.get<int>(), names));
    if (winners.empty()) return "Game over at " + at + ".";
    return "Game over at " + at + ": " + and_list(winners) +
           (winners.size() == 1 ? " wins." : " win.");
}

std::string prompt_text(long table, int seat, const std::vector<std::string>& legal) {
    std::string out = "Your decision at table " + table_tag(table) + " (" + seat_text(seat) + ")";
    if (legal.empty()) return out + ".";
    // Canoe moves can number in the hundreds: a long list is cut to its first few.
    constexpr std::size_t kAll = 10, kShown = 6;
    const std::size_t count = legal.size() <= kAll ? legal.size() : kShown;
    out += ": ";  // written in place: this text goes with every decision
    for (std::size_t i = 0; i < count; ++i) {
        if (i) out += ", ";
        out += utf8(legal[i]);
    }
    if (count < legal.size()) out += ", ... (" + std::to_string(legal.size()) + " in all)";
    return out;
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

// An event's JSON ({seat, lines, cause}) and its line of text.
std::pair<Json, std::string> event_parts(long table, const GameEvent& e) {
    Json lines = Json::array();
    for (const auto& line : e.lines)
        lines.push_back(utf8(line));
    std::string said =
        e.lines.empty() ? "Table " + table_tag(table) + ": nothing new." : utf8(join(e.lines, " "));
    Json event = Json::object();  // member by member: cheaper than an initializer list
    event["seat"] = seat_json(e.seat);
    event["lines"] = std::move(lines);
    if (!e.cause.empty()) {
        event["cause"] = utf8(e.cause);
        said = "(" + utf8(e.cause) + ") " + said;
    }
    return {std::move(event), std::move(said)};
}

std::string chosen_text(const std::string& card) {
    return "You chose " + utf8(card) + " (hidden until it is revealed).";
}

// The text of news: the event's line, then the receiver's card, then its decision.
std::string news_text(const std::string& event_text, long table, const News& news) {
    std::string text = event_text;  // then the other parts, a space between any two
    const auto add = [&text](const std::string& part) {
        if (!text.empty()) text += ' ';
        text += part;
    };
    if (news.chosen) add(chosen_text(*news.chosen));
    if (news.prompt) add(prompt_text(table, news.prompt->seat, news.prompt->legal));
    return text;
}

// Puts the news into a state message's fields and returns its text ("" when there is none).
std::string add_news(Json& fields, long table, const News& news) {
    std::string event_text;
    if (news.event) {
        auto [event, said] = event_parts(table, *news.event);
        fields["event"] = std::move(event);
        event_text = std::move(said);
    }
    if (news.chosen) fields["chosen"] = utf8(*news.chosen);
    if (const Decision* d = news.prompt) {
        Json prompt;
        add_prompt(prompt, *d);
        fields["prompt"] = std::move(prompt);
    }
    if (news.history) fields["history"] = *news.history;
    return news_text(event_text, table, news);
}

std::string patch_default_text(long from, long to) {
    return "state v" + std::to_string(to) + " (from v" + std::to_string(from) + ")";
}

}  // namespace

Json message(std::string type, std::string text, Json fields) {
    if (fields.is_null()) fields = Json::object();
    if (!fields.is_object()) fields = Json{{"data", std::move(fields)}};
    fields["type"] = to_valid_utf8(type);
    fields["text"] = text.empty() ? std::string(".") : to_valid_utf8(text);
    return fields;
}

Json welcome(long connection, const std::string& name) {
    return message("welcome", "Welcome, " + utf8(name) + "! Type /help to see the commands.",
                   {{"connection", connection}, {"name", utf8(name)}});
}

Json error(const std::string& code, const std::string& why) {
    const std::string reason = why.empty() ? "something went wrong" : utf8(why);
    return message("error", reason, {{"code", utf8(code)}, {"message", reason}});
}

Json help() {
    return message("help", help_text(), {{"commands", help_lines()}});
}

// "text" is the relayable line with the sender; the words alone are in "message".
Json chat(long table, const std::string& from, const std::string& text) {
    // "<name> text": a player's line can never pass for one of the server's, whose texts never
    // start with '<' (and names are letters, digits, '_', '-' and '.').
    return message("chat", "<" + utf8(from) + "> " + utf8(text),
                   {{"table", table}, {"from", utf8(from)}, {"message", utf8(text)}});
}

Json table_list(const Json& tables) {
    return message("tables", tables_text(tables),
                   {{"tables", tables.is_array() ? tables : Json::array()}});
}

Json snapshot(long table, long version, const Json& view, const News& news) {
    Json fields{{"table", table}, {"version", version}, {"view", view}};
    std::string text = add_news(fields, table, news);
    return message("snapshot", text.empty() ? "state v" + std::to_string(version) : text,
                   std::move(fields));
}

Json patch(long table, long from, long to, Json ops, const News& news) {
    Json fields{{"table", table}, {"from", from}, {"to", to}, {"ops", std::move(ops)}};
    std::string text = add_news(fields, table, news);
    return message("patch", text.empty() ? patch_default_text(from, to) : text, std::move(fields));
}

PatchFrames::PatchFrames(long table, long from, long to, const GameEvent* event)
    : table_(table), default_text_(patch_default_text(from, to)) {
    Json shared = Json::object();  // member by member: cheaper than an initializer list
    shared["table"] = table;
    shared["from"] = from;
    shared["to"] = to;
    shared["type"] = "patch";
    if (event) {
        auto [json, text] = event_parts(table, *event);
        shared["event"] = std::move(json);
        event_text_ = std::move(text);
    }
    shared_ = serialize(shared);
    // Most viewers get neither a card nor a decision: their text is the event's. Values are
    // written as dump() would write them (append_json_string, append_json_value) without a
    // dump() per value, whose set-up cost more than writing these small values.
    plain_tail_ = R"(,"text":)";
    append_json_string(plain_tail_, event_text_.empty() ? default_text_ : event_text_);
    plain_tail_ += ',';
    plain_tail_.append(shared_, 1);
}

std::string PatchFrames::frame(std::string_view ops, const std::optional<std::string>& chosen,
                               const Decision* prompt) const {
    static constexpr std::string_view kHead = R"({"ops":)";
    std::string out;
    if (!chosen && !prompt) {
        out.reserve(kHead.size() + ops.size() + plain_tail_.size());
        out += kHead;
        out += ops;
        out += plain_tail_;
        return out;
    }
    const std::string text = news_text(event_text_, table_, News{nullptr, chosen, prompt});
    out.reserve(kHead.size() + ops.size() + shared_.size() + 2 * text.size() + 1024);
    out += kHead;
    out += ops;
    if (chosen) {
        out += R"(,"chosen":)";
        append_json_string(out, utf8(*chosen));
    }
    if (prompt) {
        out += R"(,"prompt":{"actions":)";
        out += prompt->actions;
        out += R"(,"legal":[)";
        for (std::size_t i = 0; i < prompt->legal.size(); ++i) {
            if (i) out += ',';
            append_json_string(out, prompt->legal[i]);
        }
        out += R"(],"seat":)";
        append_json_value(out, seat_json(prompt->seat));
        out += '}';
    }
    out += R"(,"text":)";
    append_json_string(out, text);
    out += ',';
    out.append(shared_, 1);  // the shared members, and the closing brace
    return out;
}

std::string patch_frame(long table, long from, long to, std::string_view ops, const News& news) {
    return PatchFrames(table, from, to, news.event).frame(ops, news.chosen, news.prompt);
}

Json name_set(const std::string& name) {
    return message("name", "You are now " + utf8(name) + ".", {{"name", utf8(name)}});
}

Json table_created(long table, const TableOptions& options) {
    return message("table_created",
                   "Table " + table_tag(table) + " is open: " + describe(options) + ". /join " +
                       std::to_string(table) + " to sit down.",
                   {{"table", table}, {"options", table_options_to_json(options)}});
}

Json resumed(long table, int seat, const std::string& token) {
    return message("seated",
                   "Welcome back to table " + table_tag(table) + ", " + seat_text(seat) + ".",
                   {{"table", table}, {"seat", seat_json(seat)}, {"token", utf8(token)}});
}

Json seated(long table, int seat, const std::string& token) {
    return message("seated",
                   "You sit at table " + table_tag(table) + ", " + seat_text(seat) +
                       ". Keep this to take your seat back: /resume " + utf8(token),
                   {{"table", table}, {"seat", seat_json(seat)}, {"token", utf8(token)}});
}

Json joined(long table, int seat, const std::string& name) {
    return message("joined",
                   utf8(name) + " sits at table " + table_tag(table) + ", " + seat_text(seat) + ".",
                   {{"table", table}, {"seat", seat_json(seat)}, {"name", utf8(name)}});
}

Json watching(long table) {
    return message("watching", "You are watching table " + table_tag(table) + ".",
                   {{"table", table}});
}

Json left(long table, int seat, const std::string& name) {
    const std::string text =
        seat >= 0 ? utf8(name) + " left " + seat_text(seat) + " of table " + table_tag(table) + "."
                  : utf8(name) + " stopped watching table " + table_tag(table) + ".";
    return message("left", text,
                   {{"table", table}, {"seat", seat_json(seat)}, {"name", utf8(name)}});
}

Json conceded(long table, int seat, const std::string& name) {
    return message("conceded",
                   utf8(name) + " concedes; a bot plays " + seat_text(seat) + " of table " +
                       table_tag(table) + " to the end.",
                   {{"table", table}, {"seat", seat_json(seat)}, {"name", utf8(name)}});
}

Json presence(long table, int seat, const std::string& name, bool online, bool autoplay) {
    const std::string what = online     ? "is back."
                             : autoplay ? "is away; a bot plays the seat until they return."
                                        : "lost the connection.";
    return message("presence", utf8(name) + " (" + seat_text(seat) + ") " + what,
                   {{"table", table},
                    {"seat", seat_json(seat)},
                    {"name", utf8(name)},
                    {"online", online},
                    {"autoplay", autoplay}});
}

Json started(long table, int players) {
    return message("started",
                   "The game at table " + table_tag(table) + " starts with " +
                       std::to_string(players) + " players.",
                   {{"table", table}, {"players", players}});
}

Json prompt(long table, const Decision& decision) {
    Json fields{{"table", table}};
    add_prompt(fields, decision);
    return message("prompt", prompt_text(table, decision.seat, decision.legal), std::move(fields));
}

Json timer(long table, const std::vector<int>& seats, int seconds,
           const std::vector<std::string>& names, const std::vector<long>& remaining_ms) {
    std::vector<std::string> who;
    const bool left = remaining_ms.size() == seats.size();
    for (std::size_t i = 0; i < seats.size(); ++i) {
        who.push_back(seat_name(seats[i], names));
        if (left && seats.size() > 1)
            who.back() += " " + std::to_string((remaining_ms[i] + 999) / 1000) + " s";
    }
    const long shown = left && seats.size() == 1 ? (remaining_ms[0] + 999) / 1000 : seconds;
    std::string text = and_list(who);
    if (left && seats.size() > 1)
        text = "Time left to decide at table " + table_tag(table) + ": " + text + ".";
    else
        text += (who.size() == 1 ? " has " : " have ") + std::to_string(shown) +
                " s to decide at table " + table_tag(table) + ".";
    Json fields{{"table", table},
                {"seats", seats},
                {"seat", seats.size() == 1 ? seat_json(seats[0]) : Json(nullptr)},
                {"seconds", seconds}};
    if (left) fields["remaining_ms"] = remaining_ms;
    return message("timer", text, std::move(fields));
}

Json timeout(long table, int seat, const std::string& action,
             const std::vector<std::string>& names) {
    return message("timeout",
                   seat_name(seat, names) + " ran out of time at table " + table_tag(table) +
                       "; the server played '" + utf8(action) + "'.",
                   {{"table", table}, {"seat", seat_json(seat)}, {"action", utf8(action)}});
}

Json ended(long table, const Json& result, const std::vector<std::string>& names) {
    return message("ended", ended_text(table, result, names),
                   {{"table", table}, {"result", result}});
}

Json again(long table, long next, const std::string& name) {
    return message("again",
                   utf8(name) + " opened table " + table_tag(next) +
                       " to play again with the same options and bots: /join " +
                       std::to_string(next) + " to sit down.",
                   {{"table", table}, {"next", next}, {"name", utf8(name)}});
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
