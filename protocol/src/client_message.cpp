#include "niagara/protocol/client_message.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <exception>
#include <limits>
#include <type_traits>
#include <utility>

#include "niagara/ascii.hpp"
#include "niagara/i18n/i18n.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/gem_aliases.hpp"
#include "niagara/protocol/text.hpp"
#include "niagara/types.hpp"
#include "texts.hpp"

namespace niagara::protocol {

namespace {

using texts::english;
using texts::number;
using texts::text;

constexpr int kMinTimer = 10;
constexpr int kMaxTimer = 3600;
// Real messages nest three or four levels (a move's thefts inside an action inside a message);
// refusing deeper input before parsing keeps hostile frames from costing deep recursion later.
constexpr int kMaxJsonDepth = 10;
constexpr std::size_t kMinTokenLength = 8;
constexpr std::size_t kMaxTokenLength = 128;

constexpr const char* kJsonExample = R"({"type": "join", "table": 3, "seat": 0})";
constexpr const char* kOptionWords =
    "players=N, spirits, joe, memory, tiebreak, timer=SECONDS, seed=N, bots=LEVEL, unrated";
constexpr const char* kOptionKeys =
    "players, spirits, diamond_joe, memory, tie_break, seed, turn_seconds, bots, unrated";
// A preference list longer than this is refused: navigator.languages holds a handful, and
// every entry costs a look-up. A tag longer than kMaxLanguageTag names no language we have.
constexpr std::size_t kMaxLanguages = 32;
constexpr std::size_t kMaxLanguageTag = 64;

Json bot_levels() {  // "random, greedy or strong (the strongest)"
    return text("protocol.parse.levels");
}

// ---------------------------------------------------------------- small helpers

ParsedMessage ok(ClientMessage message) {
    return {std::move(message), "", "", "", Json::object()};
}

// A refusal: its code, and its text as a key with arguments (the English in `error`).
ParsedMessage fail_with(std::string code, Json why) {
    ParsedMessage p{std::nullopt, english(why), std::move(code), "", Json::object()};
    p.key = why["key"].get<std::string>();
    p.args = std::move(why["args"]);
    return p;
}
ParsedMessage fail(std::string code, std::string_view key, Json args = Json::object()) {
    return fail_with(std::move(code), text(key, std::move(args)));
}

ParsedMessage bad_command_with(Json why) {
    return fail_with("bad_command", std::move(why));
}
ParsedMessage bad_command(std::string_view key, Json args = Json::object()) {
    return fail("bad_command", key, std::move(args));
}
ParsedMessage bad_json_with(Json why) {
    return fail_with("bad_json", std::move(why));
}
ParsedMessage bad_json(std::string_view key, Json args = Json::object()) {
    return fail("bad_json", key, std::move(args));
}

// Each command's struct is at its Command's place in ClientMessage (command_of()).
template <Command c, class T>
constexpr bool at_place = std::is_same_v<std::variant_alternative_t<std::size_t(c), ClientMessage>, T>;
static_assert(at_place<Command::Help, command::Help> && at_place<Command::Resume, command::Resume> &&
              at_place<Command::Name, command::Name> && at_place<Command::Tables, command::Tables> &&
              at_place<Command::New, command::New> && at_place<Command::Join, command::Join> &&
              at_place<Command::Watch, command::Watch> && at_place<Command::Leave, command::Leave> &&
              at_place<Command::Start, command::Start> &&
              at_place<Command::AddBot, command::AddBot> && at_place<Command::Say, command::Say> &&
              at_place<Command::Act, command::Act> && at_place<Command::Sync, command::Sync> &&
              at_place<Command::Again, command::Again> &&
              at_place<Command::Concede, command::Concede> && at_place<Command::Lang, command::Lang> &&
              at_place<Command::Who, command::Who> &&
              at_place<Command::Register, command::Register> &&
              at_place<Command::Login, command::Login> && at_place<Command::Logout, command::Logout> &&
              at_place<Command::Password, command::Password> &&
              at_place<Command::Unregister, command::Unregister> &&
              at_place<Command::Rating, command::Rating> && at_place<Command::Top, command::Top> &&
              at_place<Command::Link, command::Link> &&
              at_place<Command::LinkKey, command::LinkKey> &&
              at_place<Command::Unlink, command::Unlink> && at_place<Command::Hint, command::Hint>);

// A command that carries nothing, by its Command (the JSON and text forms of those without
// arguments are read by the table of commands alone).
ClientMessage without_arguments(Command command) {
    ClientMessage m;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((I == std::size_t(command) ? void(m.emplace<I>()) : void()), ...);
    }(std::make_index_sequence<std::variant_size_v<ClientMessage>>());
    return m;
}

using ascii::is_space;
using ascii::lower;
using ascii::trim;

// Words separated by ASCII white space (and commas, when `commas`).
std::vector<std::string_view> split_words(std::string_view s, bool commas = false) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || is_space(s[i]) || (commas && s[i] == ',')) {
            if (i > start) words.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return words;
}

std::string join_words(const std::vector<std::string_view>& words) {
    std::string out;
    for (auto w : words) {
        if (!out.empty()) out += ' ';
        out += w;
    }
    return out;
}

template <typename T>
std::optional<T> to_number(std::string_view s) {
    T value{};
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

std::string in_quotes(std::string_view s) {
    return "'" + quote(s) + "'";
}

// A text of the engine's that has no key: the same in every language.
Json verbatim(const std::string& s) {
    return text("protocol.text", {{"text", to_valid_utf8(s)}});
}

// The notation's explanation of a malformed decision: its key and arguments (engine.refuse.*)
// when the engine gives them, else its English.
template <typename P>
Json notation_error(const P& parsed) {
    if constexpr (requires { parsed.why.key; }) {
        if (!parsed.why.key.empty()) return text(parsed.why.key, parsed.why.args.json());
    }
    return verbatim(parsed.error);
}

// ---------------------------------------------------------------- checks shared by both forms

// Why `name` is refused (protocol/names.hpp has the rule), or nothing; `name` becomes its
// composed form (NFC), the one the server keeps.
std::optional<Json> name_problem(std::string& name) {
    const NameCheck check = protocol::check_name(name);
    const Json rule = text("protocol.parse.name.rule", {{"max", long(kMaxNameLength)}});
    switch (check.fault) {
        case NameFault::None:
            name = check.name;
            return std::nullopt;
        case NameFault::Empty:
            return text("protocol.parse.name.empty", {{"rule", rule}});
        case NameFault::TooLong:
            return text("protocol.parse.name.long", {{"name", quote(check.name)},
                                                     {"length", number(long(check.length))},
                                                     {"rule", rule}});
        case NameFault::MixedScripts:
            return text("protocol.parse.name.mixed", {{"name", quote(check.name)}});
        case NameFault::NotAllowed:
            break;
    }
    return text("protocol.parse.name.invalid", {{"name", quote(check.name)}, {"rule", rule}});
}

// Tokens are the hex strings the server sent in "seated"; hex is case-insensitive, so the
// token is lowercased for the server's comparison.
ParsedMessage resume_with(std::string_view token) {
    const bool hex = std::all_of(token.begin(), token.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    });
    if (token.size() < kMinTokenLength || token.size() > kMaxTokenLength || !hex)
        return bad_command("protocol.parse.token");
    return ok(command::Resume{lower(token)});
}

ParsedMessage name_as(std::string_view typed) {
    std::string name(typed);
    if (auto why = name_problem(name)) return bad_command_with(*why);
    return ok(command::Name{std::move(name)});
}

// "/rating" (one's own) or "/rating alice": a name as /name reads it.
ParsedMessage rating_of(std::string_view typed) {
    if (typed.empty()) return ok(command::Rating{});
    std::string name(typed);
    if (auto why = name_problem(name)) return bad_command_with(*why);
    return ok(command::Rating{std::move(name)});
}

// "/top", "/top base", "/top spirits" (any letter case).
ParsedMessage top_of(std::string_view typed) {
    const std::string variant = typed.empty() ? "base" : ascii::lower(typed);
    if (variant != "base" && variant != "spirits")
        return bad_command("protocol.parse.top", {{"word", quote(typed)}});
    return ok(command::Top{variant});
}

// "/link" (ask for a code) or "/link ABCD-EFGH": a code as printed, in any letter case, with or
// without its dash; only letters and digits, at most 16 of them.
ParsedMessage link_with(std::string_view typed) {
    std::string code;
    for (const char c : typed) {
        if (c == '-' || c == ' ') continue;
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if ((!letter && !(c >= '0' && c <= '9')) || code.size() == 16)
            return bad_command("protocol.parse.link_code", {{"example", "/link ABCD-EFGH"}});
        code += (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
    }
    return ok(command::Link{std::move(code)});
}

// "/linkkey KEY": 64 hexadecimal digits, as the server gave them.
ParsedMessage link_key_with(std::string_view typed) {
    const bool hex = typed.size() == 64 && std::all_of(typed.begin(), typed.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    });
    if (!hex) return bad_command("protocol.parse.link_key");
    return ok(command::LinkKey{lower(typed)});
}

// Chat is cleaned rather than refused: people paste text with tabs and line breaks, and a
// message with a stray control character is still worth delivering.
ParsedMessage say(std::string_view text) {
    std::string clean = clean_chat(text);
    if (clean.empty()) return bad_command("protocol.parse.say.empty");
    const std::size_t length = utf8_length(clean);
    if (length > kMaxChatLength)
        return bad_command("protocol.parse.say.long", {{"length", number(long(length))},
                                                       {"max", number(long(kMaxChatLength))}});
    return ok(command::Say{std::move(clean)});
}

// A game decision in the engine's notation. Only its form is checked here: whether it is legal
// depends on the table, which the server knows.
ParsedMessage act(std::string_view text) {
    if (has_control(text)) return bad_command("protocol.parse.act.control");
    const std::string normal = join_words(split_words(text));
    if (normal.empty()) return bad_command("protocol.parse.act.empty");
    // The rulebooks' gem names of each language ("rouge", "modrý") become the notation's. No
    // alias is a word of the notation, and one that is a colour name the engine reads names the
    // same colour (protocol/lang_test.cpp), so a line that reads as it is needs none: the
    // aliases are looked up only for a line that does not (most lines played are notation).
    std::string notation = normal;
    Parsed parsed = parse_action(notation, 0);
    if (!parsed.action) {
        notation = gem_aliases(normal);
        if (notation != normal) parsed = parse_action(notation, 0);
    }
    if (!parsed.action) return bad_command_with(notation_error(parsed));
    return ok(command::Act{std::move(notation), std::nullopt, *parsed.action});
}

// ---------------------------------------------------------------- table options

std::optional<bool> flag_value(std::string_view value) {
    if (value.empty() || value == "on" || value == "yes" || value == "true" || value == "1")
        return true;
    if (value == "off" || value == "no" || value == "false" || value == "0") return false;
    return std::nullopt;
}

std::optional<Json> check_timer(int seconds) {
    if (seconds == 0 || (seconds >= kMinTimer && seconds <= kMaxTimer)) return std::nullopt;
    return text("protocol.parse.option.timer_range",
                {{"min", number(kMinTimer)}, {"max", number(kMaxTimer)}});
}

// "'players=9': ..." and "option \"players\": ...": an option and what is wrong with it.
Json about(Json name, Json why) {
    return text("protocol.parse.option.about",
                {{"name", std::move(name)}, {"why", std::move(why)}});
}

bool* flag_of(std::string_view key, TableOptions& o) {
    if (key == "spirits") return &o.game.spirits;
    if (key == "joe" || key == "diamond_joe" || key == "diamond-joe" || key == "diamondjoe")
        return &o.game.diamond_joe;
    if (key == "memory") return &o.game.memory;
    if (key == "tiebreak" || key == "tie_break" || key == "tie-break") return &o.game.tie_break;
    if (key == "unrated") return &o.unrated;
    return nullptr;
}

// Applies one "/new" word ("players=4", "spirits", "timer=60"); returns the error, if any.
std::optional<Json> apply_option_word(std::string_view word, TableOptions& o) {
    const std::string w = lower(word);
    const auto eq = w.find('=');
    const std::string key = w.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : w.substr(eq + 1);
    const Json quoted = in_quotes(word);
    const auto wrong = [&](const char* what) {
        return about(quoted, text(std::string("protocol.parse.option.") + what));
    };
    if (bool* flag = flag_of(key, o)) {
        auto on = flag_value(value);
        if (!on) return about(quoted, text("protocol.parse.option.flag", {{"option", key}}));
        *flag = *on;
        return std::nullopt;
    }
    if (key == "players") {
        auto n = to_number<int>(value);
        if (!n) return wrong("players");
        o.game.players = *n;
    } else if (key == "timer" || key == "turn_seconds") {
        auto n = to_number<int>(value);
        if (!n) return wrong("timer");
        if (auto why = check_timer(*n)) return about(quoted, *why);
        o.turn_seconds = *n;
    } else if (key == "bots") {
        auto level = parse_bot_level(value);
        if (!level)
            return about(quoted, text("protocol.parse.option.bots", {{"levels", bot_levels()}}));
        o.bots = *level;
    } else if (key == "seed") {
        auto n = to_number<std::uint64_t>(value);
        if (!n) return wrong("seed");
        o.game.seed = *n;
    } else {
        return text("protocol.parse.option.unknown",
                    {{"word", quote(word)}, {"options", kOptionWords}});
    }
    return std::nullopt;
}

std::optional<Json> check_game(const TableOptions& o, const Json& players_word) {
    if (auto problem = options_problem(o.game))
        return about(players_word, text(problem->key, problem->args.json()));
    return std::nullopt;
}

// A JSON whole number that fits an int (floats such as 4.0 are refused, as in the engine).
std::optional<int> json_int(const Json& v) {
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > std::uint64_t(std::numeric_limits<int>::max())) return std::nullopt;
        return int(u);
    }
    if (!v.is_number_integer()) return std::nullopt;
    const auto i = v.get<std::int64_t>();
    if (i < std::numeric_limits<int>::min() || i > std::numeric_limits<int>::max())
        return std::nullopt;
    return int(i);
}

bool* json_flag_of(std::string_view key, TableOptions& o) {
    if (key == "spirits") return &o.game.spirits;
    if (key == "diamond_joe") return &o.game.diamond_joe;
    if (key == "memory") return &o.game.memory;
    if (key == "tie_break") return &o.game.tie_break;
    if (key == "unrated") return &o.unrated;
    return nullptr;
}

// Applies one key of a JSON options object; returns the error, if any. Unknown keys are refused:
// silently ignoring {"spirit": true} would open a table the player did not ask for.
std::optional<Json> apply_option_key(const std::string& key, const Json& v, TableOptions& o) {
    const Json name = text("protocol.parse.option.json", {{"option", quote(key)}});
    const auto must = [&](const char* what, Json args = Json::object()) {
        args["name"] = name;
        return text(std::string("protocol.parse.option.json_") + what, std::move(args));
    };
    if (bool* flag = json_flag_of(key, o)) {
        if (!v.is_boolean()) return must("flag");
        *flag = v.get<bool>();
    } else if (key == "players") {
        auto n = json_int(v);
        if (!n) return must("players");
        o.game.players = *n;
    } else if (key == "seed") {
        if (!v.is_number_unsigned()) return must("seed");
        o.game.seed = v.get<std::uint64_t>();
    } else if (key == "turn_seconds") {
        auto n = json_int(v);
        if (!n) return must("timer");
        if (auto why = check_timer(*n)) return about(name, *why);
        o.turn_seconds = *n;
    } else if (key == "bots") {
        const auto level =
            v.is_string() ? parse_bot_level(v.get_ref<const std::string&>()) : std::nullopt;
        if (!level) return must("bots", {{"levels", bot_levels()}});
        o.bots = *level;
    } else {
        return text("protocol.parse.option.json_unknown",
                    {{"name", name}, {"options", kOptionKeys}});
    }
    return std::nullopt;
}

// ---------------------------------------------------------------- text commands ("/join 3")

std::optional<long> table_number(std::string_view word) {
    if (!word.empty() && word.front() == '#') word.remove_prefix(1);  // tables are shown as "#3"
    auto n = to_number<long>(word);
    if (!n || *n < 0) return std::nullopt;
    return n;
}

ParsedMessage no_table(std::string_view word, std::string_view example) {
    return bad_command("protocol.parse.table",
                       {{"word", quote(word)}, {"example", std::string(example)}});
}

ParsedMessage join_text(const std::vector<std::string_view>& args) {
    if (args.size() > 2) return bad_command("protocol.parse.join.args");
    command::Join m;
    if (!args.empty()) {
        m.table = table_number(args[0]);
        if (!m.table) return no_table(args[0], "/join 3");
    }
    if (args.size() == 2) {
        auto seat = to_number<int>(args[1]);
        if (!seat || *seat < 1 || *seat > kMaxSeats)
            return bad_command("protocol.parse.join.seat",
                               {{"word", quote(args[1])}, {"max", kMaxSeats}});
        m.seat = *seat - 1;
    }
    return ok(std::move(m));
}

ParsedMessage watch_text(const std::vector<std::string_view>& args) {
    if (args.size() != 1) return bad_command("protocol.parse.watch");
    const auto table = table_number(args[0]);
    if (!table) return no_table(args[0], "/watch 3");
    return ok(command::Watch{*table});
}

// "/again 3": after the game at table 3, a new table with its options and bots.
ParsedMessage again_text(const std::vector<std::string_view>& args) {
    if (args.size() != 1) return bad_command("protocol.parse.again");
    const auto table = table_number(args[0]);
    if (!table) return no_table(args[0], "/again 3");
    return ok(command::Again{*table});
}

ParsedMessage new_text(std::string_view args) {
    command::New m;
    if (auto why = table_options_text(args, m.options)) return bad_command_with(*why);
    return ok(std::move(m));
}

// "/addbot" or "/addbot greedy": the level is checked here, so a bad one is the sender's error.
ParsedMessage addbot_with(std::optional<std::string_view> level_word, bool json) {
    command::AddBot m;
    if (level_word) {
        m.level = parse_bot_level(lower(*level_word));
        if (!m.level) {
            Json why = text("protocol.parse.addbot.level",
                            {{"word", quote(*level_word)},
                             {"levels", bot_levels()},
                             {"example", json ? R"({"type": "addbot", "level": "greedy"})"
                                              : "/addbot greedy"}});
            return json ? bad_json_with(std::move(why)) : bad_command_with(std::move(why));
        }
    }
    return ok(std::move(m));
}

ParsedMessage addbot_text(const std::vector<std::string_view>& args) {
    if (args.size() > 1)
        return bad_command("protocol.parse.addbot.args", {{"levels", bot_levels()}});
    return addbot_with(args.empty() ? std::nullopt : std::optional(args[0]), false);
}

// `missing`: the key of the text for no word at all; every text gets {example}.
ParsedMessage one_word(const std::vector<std::string_view>& args, std::string_view missing,
                       std::string_view example, ParsedMessage (*then)(std::string_view)) {
    const Json e{{"example", std::string(example)}};
    if (args.empty()) return bad_command(missing, e);
    if (args.size() > 1) return bad_command("protocol.parse.one_word", e);
    return then(args[0]);
}

// The text words of game decisions ("/play 4", "/canoe 1 up 3"): read by the engine's notation.
constexpr std::array<std::string_view, 12> kActionWords{
    "play", "buyback", "buy", "cloud", "done", "end", "pass", "canoe", "elk", "fork", "free", "joe",
};

// Optimal string alignment distance, to suggest "/join" for "/jion".
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

// ---------------------------------------------------------------- /lang

ParsedMessage lang_is(std::string_view lang) {
    return ok(command::Lang{std::string(lang)});
}

// "/lang fr", "/lang fr-CA", {"lang": "de"}: one language, which must be one we have.
ParsedMessage lang_text(std::string_view tag) {
    const auto lang = tag.size() <= kMaxLanguageTag ? i18n::supported(tag) : std::nullopt;
    if (!lang) return bad_command("protocol.parse.lang.unknown", {{"lang", quote(tag)}});
    return lang_is(*lang);
}

// {"lang": ["fr-CA", "fr", "en"]} (navigator.languages): the first one we have, else English.
ParsedMessage lang_list(const Json& list) {
    const Json example{{"example", R"({"type": "lang", "lang": ["fr-CA", "fr", "en"]})"}};
    if (list.size() > kMaxLanguages)
        return bad_json("protocol.parse.lang.list_long",
                        {{"max", long(kMaxLanguages)}, {"example", example["example"]}});
    std::vector<std::string> tags;
    for (const Json& tag : list) {
        if (!tag.is_string()) return bad_json("protocol.parse.lang.list", example);
        const auto& s = tag.get_ref<const std::string&>();
        if (s.size() <= kMaxLanguageTag) tags.push_back(s);
    }
    return lang_is(i18n::negotiate(tags));
}

// ---------------------------------------------------------------- JSON messages

// Nesting depth of a JSON text, counted without parsing (brackets inside strings do not count).
int json_depth(std::string_view s) {
    int depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (char c : s) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            deepest = std::max(deepest, ++depth);
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return deepest;
}

Json parse_error_text(const std::exception& e) {
    // nlohmann's messages start with "[json.exception.parse_error.101] ", noise to a person.
    std::string what = e.what();
    if (auto close = what.find("] "); what.rfind("[json.exception", 0) == 0 && close != what.npos)
        what.erase(0, close + 2);
    return text("protocol.parse.json.invalid",
                {{"detail", to_valid_utf8(what)}, {"example", kJsonExample}});
}

// A present, non-null field. Null counts as absent so clients may send {"table": null}.
const Json* field(const Json& j, const char* key) {
    auto it = j.find(key);
    return it == j.end() || it->is_null() ? nullptr : &*it;
}

// "\"table\" must be a table number (0 or more), e.g. ...": `what` names the text
// protocol.parse.json.<what>.
Json needs(const char* key, const char* what, const char* example) {
    return text("protocol.parse.json.needs",
                {{"field", key},
                 {"what", text(std::string("protocol.parse.json.") + what)},
                 {"example", example}});
}

ParsedMessage string_field(const Json& j, const char* key, const char* example,
                           ParsedMessage (*then)(std::string_view)) {
    const Json* v = field(j, key);
    if (!v || !v->is_string()) return bad_json_with(needs(key, "string", example));
    return then(v->get_ref<const std::string&>());
}

std::optional<long> json_table(const Json& v) {
    if (v.is_number_unsigned() &&
        v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<long>::max()))
        return long(v.get<std::uint64_t>());
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return long(v.get<std::int64_t>());
    return std::nullopt;
}

ParsedMessage join_json(const Json& j) {
    command::Join m;
    if (const Json* t = field(j, "table")) {
        m.table = json_table(*t);
        if (!m.table) return bad_json_with(needs("table", "table", kJsonExample));
    }
    if (const Json* s = field(j, "seat")) {
        m.seat = json_int(*s);
        if (!m.seat || *m.seat < 0 || *m.seat >= kMaxSeats)
            return bad_json_with(needs("seat", "seat", kJsonExample));
    }
    return ok(std::move(m));
}

// Watch and Again: a table, which they must name (`what`: the text naming it, `example`).
template <class TableCommand>
ParsedMessage table_json(const Json& j, const char* what, const char* example) {
    const Json* t = field(j, "table");
    if (!t) return bad_json_with(needs("table", what, example));
    const auto table = json_table(*t);
    if (!table) return bad_json_with(needs("table", "table", kJsonExample));
    return ok(TableCommand{*table});
}

ParsedMessage new_json(const Json& j) {
    command::New m;
    const Json* o = field(j, "options");
    std::optional<Json> why;
    if (o && o->is_string())  // the "/new" words, for convenience
        why = table_options_text(o->get_ref<const std::string&>(), m.options);
    else if (o)
        why = table_options_json_text(*o, m.options);
    if (why) return bad_json_with(*why);
    return ok(std::move(m));
}

ParsedMessage act_json(const Json& j) {
    const Json* text = field(j, "text");
    const Json* action = field(j, "action");
    if ((text != nullptr) == (action != nullptr))
        return bad_json("protocol.parse.json.act",
                        {{"example", R"({"type": "act", "text": "play 4"})"}});
    if (text) {
        if (!text->is_string()) return bad_json_with(needs("text", "act_text", R"("play 4")"));
        return act(text->get_ref<const std::string&>());
    }
    if (!action->is_object())
        return bad_json_with(
            needs("action", "action", R"({"type": "play", "seat": 0, "card": "4"})"));
    return ok(command::Act{"", *action, std::nullopt});
}

// ---------------------------------------------------------------- accounts

// Why a password is refused, or nothing. The text never shows the password: a refusal goes
// back to its sender only, but it may be read over a shoulder or land in a chat log.
std::optional<Json> password_problem(std::string_view password) {
    const Json rule = text("protocol.parse.password.rule",
                           {{"min", long(kMinPasswordLength)}, {"max", long(kMaxPasswordLength)}});
    const bool control = std::any_of(password.begin(), password.end(), [](char c) {
        return static_cast<unsigned char>(c) < 0x20 || c == 0x7F;  // tabs and line breaks too
    });
    if (!is_valid_utf8(password) || control || has_control(password))
        return text("protocol.parse.password.invalid", {{"rule", rule}});
    const std::size_t length = utf8_length(password);
    if (length < kMinPasswordLength || length > kMaxPasswordLength)
        return text("protocol.parse.password.length", {{"rule", rule}});
    return std::nullopt;
}

ParsedMessage register_with(std::string_view password) {
    if (password.empty())
        return bad_command("protocol.parse.password.missing", {{"example", "/register PASSWORD"}});
    if (auto why = password_problem(password)) return bad_command_with(*why);
    return ok(command::Register{std::string(password)});
}

ParsedMessage login_with(std::string_view typed_name, std::string_view password) {
    std::string name(typed_name);
    if (auto why = name_problem(name)) return bad_command_with(*why);
    if (password.empty())
        return bad_command("protocol.parse.password.missing",
                           {{"example", "/login " + name + " PASSWORD"}});
    if (auto why = password_problem(password)) return bad_command_with(*why);
    return ok(command::Login{std::move(name), std::string(password)});
}

// "/login NAME PASSWORD": the password is the rest of the line after the name, spaces and all
// (its ends trimmed).
ParsedMessage login_text(std::string_view rest) {
    rest = ascii::trim(rest);
    const std::size_t space = rest.find_first_of(" \t");
    if (rest.empty()) return bad_command("protocol.parse.login.missing", {{"example", "/login alice PASSWORD"}});
    if (space == std::string_view::npos) return login_with(rest, "");
    return login_with(rest.substr(0, space), ascii::trim(rest.substr(space + 1)));
}

ParsedMessage login_json(const Json& j) {
    const Json* name = field(j, "name");
    const Json* password = field(j, "password");
    const char* example = R"({"type": "login", "name": "alice", "password": "..."})";
    if (!name || !name->is_string()) return bad_json_with(needs("name", "string", example));
    if (!password || !password->is_string())
        return bad_json_with(needs("password", "string", example));
    return login_with(name->get_ref<const std::string&>(), password->get_ref<const std::string&>());
}

ParsedMessage password_with(std::string_view old_password, std::string_view new_password) {
    if (old_password.empty() || new_password.empty())
        return bad_command("protocol.parse.password.change",
                           {{"example", "/password OLDPASSWORD NEWPASSWORD"}});
    for (const std::string_view p : {old_password, new_password})
        if (auto why = password_problem(p)) return bad_command_with(*why);
    return ok(command::Password{std::string(old_password), std::string(new_password)});
}

ParsedMessage password_json(const Json& j) {
    const Json* old_password = field(j, "old");
    const Json* new_password = field(j, "new");
    const char* example = R"({"type": "password", "old": "...", "new": "..."})";
    if (!old_password || !old_password->is_string())
        return bad_json_with(needs("old", "string", example));
    if (!new_password || !new_password->is_string())
        return bad_json_with(needs("new", "string", example));
    return password_with(old_password->get_ref<const std::string&>(),
                         new_password->get_ref<const std::string&>());
}

ParsedMessage unregister_with(std::string_view password) {
    if (password.empty())
        return bad_command("protocol.parse.password.missing", {{"example", "/unregister PASSWORD"}});
    if (auto why = password_problem(password)) return bad_command_with(*why);
    return ok(command::Unregister{std::string(password)});
}

// ---------------------------------------------------------------- the commands

// What a command's arguments are read by: as text, the words after "/name" (`rest` whole and
// split in words); as JSON, the object. Null: the command takes none.
using FromWords = ParsedMessage (*)(std::string_view rest, const std::vector<std::string_view>& args);
using FromJson = ParsedMessage (*)(const Json& j);

struct CommandSpec {
    Command command;
    std::string_view name;  // the JSON "type", and "/name" as text
    bool typed = true;      // false: no "/name" (decisions are typed in the notation's words)
    FromWords from_words = nullptr;
    FromJson from_json = nullptr;
};

// Every command, in the order error messages list them. A new command is one entry here (and
// its handler in the server's lobby).
constexpr std::array<CommandSpec, 28> kCommandSpecs{{
    {Command::Help, "help", true,
     // "/help join" is still a request for help
     [](std::string_view, const std::vector<std::string_view>&) { return ok(command::Help{}); },
     nullptr},
    {Command::Resume, "resume", true,
     [](std::string_view, const std::vector<std::string_view>& args) {
         return one_word(args, "protocol.parse.resume.missing",
                         "/resume 0f3a9c41d2e87b6a5c0f1e2d3c4b5a69", resume_with);
     },
     [](const Json& j) {
         return string_field(j, "token", R"("0f3a9c41d2e87b6a5c0f1e2d3c4b5a69")", resume_with);
     }},
    {Command::Name, "name", true,
     [](std::string_view, const std::vector<std::string_view>& args) {
         return one_word(args, "protocol.parse.name.missing", "/name alice", name_as);
     },
     [](const Json& j) { return string_field(j, "name", R"("alice")", name_as); }},
    {Command::Tables, "tables"},
    {Command::New, "new", true,
     [](std::string_view rest, const std::vector<std::string_view>&) { return new_text(rest); },
     new_json},
    {Command::Join, "join", true,
     [](std::string_view, const std::vector<std::string_view>& args) { return join_text(args); },
     join_json},
    {Command::Watch, "watch", true,
     [](std::string_view, const std::vector<std::string_view>& args) { return watch_text(args); },
     [](const Json& j) {
         return table_json<command::Watch>(j, "watch", R"({"type": "watch", "table": 3})");
     }},
    {Command::Leave, "leave"},
    {Command::Start, "start"},
    {Command::AddBot, "addbot", true,
     [](std::string_view, const std::vector<std::string_view>& args) { return addbot_text(args); },
     [](const Json& j) {
         const Json* level = field(j, "level");
         if (level && !level->is_string())
             return bad_json_with(
                 needs("level", "level", R"({"type": "addbot", "level": "greedy"})"));
         return addbot_with(
             level ? std::optional<std::string_view>(level->get_ref<const std::string&>())
                   : std::nullopt,
             true);
     }},
    {Command::Say, "say", true,
     [](std::string_view rest, const std::vector<std::string_view>&) { return say(rest); },
     [](const Json& j) { return string_field(j, "text", R"("hello")", say); }},
    {Command::Act, "act", false, nullptr, act_json},
    {Command::Sync, "sync"},
    {Command::Again, "again", true,
     [](std::string_view, const std::vector<std::string_view>& args) { return again_text(args); },
     [](const Json& j) {
         return table_json<command::Again>(j, "again", R"({"type": "again", "table": 3})");
     }},
    {Command::Concede, "concede"},
    {Command::Lang, "lang", true,
     [](std::string_view, const std::vector<std::string_view>& args) {
         return one_word(args, "protocol.parse.lang.missing", "/lang fr", lang_text);
     },
     [](const Json& j) {
         const Json* lang = field(j, "lang");
         if (lang && lang->is_string()) return lang_text(lang->get_ref<const std::string&>());
         if (lang && lang->is_array()) return lang_list(*lang);
         return bad_json_with(needs("lang", "lang", R"({"type": "lang", "lang": "fr"})"));
     }},
    {Command::Who, "who"},
    {Command::Register, "register", true,
     [](std::string_view rest, const std::vector<std::string_view>&) {
         return register_with(ascii::trim(rest));
     },
     [](const Json& j) {
         return string_field(j, "password", R"("correct horse battery staple")", register_with);
     }},
    {Command::Login, "login", true,
     [](std::string_view rest, const std::vector<std::string_view>&) { return login_text(rest); },
     login_json},
    {Command::Logout, "logout"},
    {Command::Password, "password", true,
     [](std::string_view, const std::vector<std::string_view>& args) {
         if (args.size() != 2) return password_with("", "");
         return password_with(args[0], args[1]);
     },
     password_json},
    {Command::Unregister, "unregister", true,
     [](std::string_view rest, const std::vector<std::string_view>&) {
         return unregister_with(ascii::trim(rest));
     },
     [](const Json& j) { return string_field(j, "password", R"("correct horse")", unregister_with); }},
    {Command::Rating, "rating", true,
     [](std::string_view, const std::vector<std::string_view>& args) {
         if (args.size() > 1)
             return bad_command("protocol.parse.one_word", {{"example", "/rating alice"}});
         return rating_of(args.empty() ? std::string_view() : args[0]);
     },
     [](const Json& j) {
         if (!field(j, "name")) return rating_of("");
         return string_field(j, "name", R"("alice")", rating_of);
     }},
    {Command::Top, "top", true,
     [](std::string_view, const std::vector<std::string_view>& args) {
         if (args.size() > 1)
             return bad_command("protocol.parse.one_word", {{"example", "/top spirits"}});
         return top_of(args.empty() ? std::string_view() : args[0]);
     },
     [](const Json& j) {
         if (!field(j, "variant")) return top_of("");
         return string_field(j, "variant", R"("spirits")", top_of);
     }},
    {Command::Link, "link", true,
     [](std::string_view rest, const std::vector<std::string_view>&) {
         return link_with(ascii::trim(rest));
     },
     [](const Json& j) {
         if (!field(j, "code")) return link_with("");
         return string_field(j, "code", R"("ABCD-EFGH")", link_with);
     }},
    {Command::LinkKey, "linkkey", true,
     [](std::string_view rest, const std::vector<std::string_view>&) {
         return link_key_with(ascii::trim(rest));
     },
     [](const Json& j) { return string_field(j, "key", R"("0123...cdef")", link_key_with); }},
    {Command::Unlink, "unlink"},
    {Command::Hint, "hint"},
}};

const CommandSpec& spec_of(Command command) {
    for (const auto& spec : kCommandSpecs)
        if (spec.command == command) return spec;
    return kCommandSpecs.front();
}

std::string all_types() {
    std::string out;
    for (const auto& spec : kCommandSpecs)
        out += (out.empty() ? "" : ", ") + std::string(spec.name);
    return out;
}

ParsedMessage unknown_command(std::string_view word) {
    const std::string command = quote("/" + std::string(word));
    if (word.size() <= 16) {  // a long word is no typo of a short command
        const std::string typed = lower(word);
        std::size_t best = 3;
        std::string_view guess;
        const auto consider = [&](std::string_view name) {
            const std::size_t d = edit_distance(typed, name);
            if (d < best && d <= name.size() / 2) {
                best = d;
                guess = name;
            }
        };
        for (const auto& spec : kCommandSpecs)
            if (spec.typed) consider(spec.name);
        for (const auto word : kActionWords)
            consider(word);
        if (!guess.empty())
            return fail("unknown_command", "protocol.parse.unknown_guess",
                        {{"command", command}, {"guess", "/" + std::string(guess)}});
    }
    return fail("unknown_command", "protocol.parse.unknown", {{"command", command}});
}

ParsedMessage parse_text_command(std::string_view frame) {
    const std::string_view body = frame.substr(1);
    std::size_t end = 0;
    while (end < body.size() && !is_space(body[end]))
        ++end;
    const std::string verb = lower(body.substr(0, end));
    if (std::find(kActionWords.begin(), kActionWords.end(), verb) != kActionWords.end())
        return act(body);
    const auto found = std::find_if(kCommandSpecs.begin(), kCommandSpecs.end(),
                                    [&](const CommandSpec& c) { return c.typed && c.name == verb; });
    if (found == kCommandSpecs.end()) return unknown_command(body.substr(0, end));
    const std::string_view rest = trim(body.substr(end));
    const auto args = split_words(rest);
    if (found->from_words) return found->from_words(rest, args);
    if (!args.empty()) return bad_command("protocol.parse.no_args", {{"command", "/" + verb}});
    return ok(without_arguments(found->command));
}

ParsedMessage parse_json_frame(std::string_view frame) {
    if (json_depth(frame) > kMaxJsonDepth)
        return bad_json("protocol.parse.json.deep", {{"max", kMaxJsonDepth}});
    Json j;
    try {
        j = Json::parse(frame);
    } catch (const Json::exception& e) {
        return bad_json_with(parse_error_text(e));
    }
    if (!j.is_object()) return bad_json("protocol.parse.json.object", {{"example", kJsonExample}});
    const Json* type = field(j, "type");
    if (!type || !type->is_string())
        return bad_json("protocol.parse.json.type",
                        {{"example", R"({"type": "tables"})"}, {"types", all_types()}});
    const auto& name = type->get_ref<const std::string&>();
    for (const auto& spec : kCommandSpecs)
        if (spec.name == name) return spec.from_json ? spec.from_json(j) : ok(without_arguments(spec.command));
    return fail("unknown_command", "protocol.parse.json.unknown_type",
                {{"type", quote(name)}, {"types", all_types()}});
}

ParsedMessage parse_frame(std::string_view frame) {
    if (frame.size() > kMaxFrameBytes)
        return fail("too_large", "protocol.parse.too_large",
                    {{"size", number(long(frame.size()))}, {"max", number(long(kMaxFrameBytes))}});
    if (!is_valid_utf8(frame)) return bad_command("protocol.parse.utf8");
    const std::string_view text = trim(frame);
    if (text.empty()) return bad_command("protocol.parse.empty");
    if (text.front() == '{') return parse_json_frame(text);
    if (text.front() == '/') return parse_text_command(text);
    return say(text);  // plain text is chat, as typed by a person or relayed by a chat bridge
}

}  // namespace

// ---------------------------------------------------------------- public functions

std::string_view command_name(Command command) {
    return spec_of(command).name;
}

ParsedMessage parse_client_frame(std::string_view frame) {
    // Parsing must never take a connection down: anything unforeseen becomes an error reply.
    try {
        ParsedMessage parsed = parse_frame(frame);
        if (!parsed.message) parsed.error = to_valid_utf8(parsed.error);
        return parsed;
    } catch (const std::exception& e) {
        return bad_command("protocol.parse.failed", {{"detail", to_valid_utf8(e.what())}});
    }
}

std::optional<Json> table_options_text(std::string_view words, TableOptions& out) {
    TableOptions o = out;
    Json players_word = "players=" + std::to_string(o.game.players);
    for (auto word : split_words(words, true)) {
        if (auto why = apply_option_word(word, o)) return why;
        if (lower(word).rfind("players", 0) == 0) players_word = in_quotes(word);
    }
    if (auto why = check_game(o, players_word)) return why;
    out = o;
    return std::nullopt;
}

std::optional<Json> table_options_json_text(const Json& j, TableOptions& out) {
    if (!j.is_object())
        return text("protocol.parse.option.json_object",
                    {{"example", R"({"players": 4, "spirits": true})"}});
    TableOptions o = out;
    for (const auto& [key, value] : j.items())
        if (auto why = apply_option_key(key, value, o)) return why;
    if (auto why = check_game(o, text("protocol.parse.option.json", {{"option", "players"}})))
        return why;
    out = o;
    return std::nullopt;
}

std::optional<std::string> parse_table_options(std::string_view words, TableOptions& out) {
    if (auto why = table_options_text(words, out)) return english(*why);
    return std::nullopt;
}

std::optional<std::string> table_options_from_json(const Json& j, TableOptions& out) {
    if (auto why = table_options_json_text(j, out)) return english(*why);
    return std::nullopt;
}

Json table_options_to_json(const TableOptions& o) {
    Json j{{"players", o.game.players},         {"spirits", o.game.spirits},
           {"diamond_joe", o.game.diamond_joe}, {"memory", o.game.memory},
           {"tie_break", o.game.tie_break},     {"seed", o.game.seed},
           {"turn_seconds", o.turn_seconds}};
    if (o.bots) j["bots"] = std::string(bot_level_name(*o.bots));
    if (o.unrated) j["unrated"] = true;  // (absent from the options stored before it)
    return j;
}

Json describe_text(const TableOptions& o) {
    std::vector<Json> parts{text("protocol.options.players", {{"count", o.game.players}})};
    if (o.game.spirits) parts.push_back(text("protocol.options.spirits"));
    if (o.game.diamond_joe) parts.push_back(text("protocol.options.joe"));
    if (o.game.memory) parts.push_back(text("protocol.options.memory"));
    if (o.game.tie_break) parts.push_back(text("protocol.options.tie_break"));
    if (o.turn_seconds > 0)
        parts.push_back(text("protocol.options.timer", {{"seconds", number(o.turn_seconds)}}));
    if (o.bots)
        parts.push_back(text("protocol.options.bots." + std::string(bot_level_name(*o.bots))));
    if (o.unrated) parts.push_back(text("protocol.options.unrated"));
    return texts::joined(texts::Sep::Comma, std::move(parts));
}

std::string describe(const TableOptions& o) {
    return english(describe_text(o));
}

// The help's lines, in order: each one key (protocol.help.<name>).
constexpr std::array<std::string_view, 36> kHelpLines{
    "help",  "name",  "register", "login", "logout", "password", "unregister", "link", "unlink",
    "rating", "top",
    "lang", "tables",
    "new", "join", "watch",
    "who",   "leave",
    "concede", "addbot", "start", "say", "resume", "sync", "again", "hint", "play", "buyback",
    "cloud", "canoe", "done", "elk",    "fork",   "free", "joe",   "json",
};

std::vector<Json> help_line_texts() {
    std::vector<Json> lines;
    for (auto name : kHelpLines) {
        Json args = Json::object();
        if (name == "json") args["example"] = R"({"type": "join", "table": 3, "seat": 1})";
        lines.push_back(text("protocol.help." + std::string(name), std::move(args)));
    }
    return lines;
}

Json help_texts() {
    Json args = Json::object();
    for (auto&& line : help_line_texts()) {
        std::string name = line["key"].get<std::string>().substr(sizeof("protocol.help.") - 1);
        args[name] = std::move(line);
    }
    return text("protocol.help.text", std::move(args));
}

std::vector<std::string> help_lines(std::string_view lang) {
    std::vector<std::string> lines;
    for (const auto& line : help_line_texts())
        lines.push_back(i18n::render(lang, line));
    return lines;
}

std::string help_text(std::string_view lang) {
    return i18n::render(lang, help_texts());
}

}  // namespace niagara::protocol
