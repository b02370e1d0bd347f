// What a client may send: JSON objects ({"type": ...}) or chat-style text commands ("/join 3").
// Parsing is pure: the server decides what a message means for the sender's table and seat.
#pragma once

#include <nlohmann/json.hpp>

#include "niagara/protocol/names.hpp"  // kMaxNameLength
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "niagara/action.hpp"
#include "niagara/bot.hpp"
#include "niagara/options.hpp"

namespace niagara::protocol {

using Json = nlohmann::json;

// The largest text frame the server accepts (bytes); larger frames are refused unread.
inline constexpr std::size_t kMaxFrameBytes = 16 * 1024;
inline constexpr std::size_t kMaxChatLength = 500;
// A password's length in characters (code points): long enough to be worth hashing, short
// enough that hashing it costs what the hash's settings say.
inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 128;

// A table's options: the game's (engine Options) plus the server's own.
struct TableOptions {
    Options game;
    int turn_seconds = 0;  // 0: no turn timer
    // The level of the bots that /addbot adds without a level and that take over dropped or
    // timed-out seats ("bots=greedy"); absent: the server's default (--bot-level).
    std::optional<BotLevel> bots;
    // Its games change nobody's rating ("unrated"); by default a finished game with a
    // registered player at it is rated.
    bool unrated = false;
    bool operator==(const TableOptions&) const = default;
};

// The commands, in the order of ClientMessage's alternatives (command_of() is the index).
enum class Command {
    Help, Resume, Name, Tables, New, Join, Watch, Leave, Start, AddBot, Say, Act, Sync, Again,
    Concede, Lang, Who, Register, Login, Logout, Password, Unregister, Rating, Top,
    Link, LinkKey, Unlink, Hint,
};

// One struct per command: what its text and JSON forms carry. Their forms and how they are
// read: kCommandSpecs in client_message.cpp, and protocol/README.md.
namespace command {

struct Help {};  // /help
struct Resume {  // /resume TOKEN   {"type": "resume", "token": "..."}
    std::string token;  // lower case
};
struct Name {  // /name alice   {"type": "name", "name": "alice"}
    std::string name;
};
struct Tables {};  // /tables
struct New {  // /new players=4 spirits   {"type": "new", "options": {...}}
    TableOptions options;
};
struct Join {  // /join [table] [seat]   {"type": "join", "table": 3, "seat": 0}
    std::optional<long> table;  // absent: the current table, or any open one
    std::optional<int> seat;    // 0-based (text commands count seats from 1)
};
struct Watch {  // /watch 3   {"type": "watch", "table": 3}
    long table = 0;
};
struct Leave {};  // /leave
struct Start {};  // /start
struct AddBot {   // /addbot [level]   {"type": "addbot", "level": "greedy"}
    std::optional<BotLevel> level;  // absent: the table's level
};
struct Say {  // /say text, or any text not starting with '/'   {"type": "say", "text": "..."}
    std::string text;  // cleaned of control and bidirectional characters
};
// A decision: /play 4, /canoe 1 up 3   {"type": "act", "text": "play 4"} or "action": {...}
struct Act {
    std::string text;            // the engine notation (gem words in any language made English)
    std::optional<Json> action;  // sent as an engine action object (engine/README.md) instead
    // `text` parsed once here (its seat 0: the table that takes it sets the sender's seat,
    // which the notation does not name).
    std::optional<Action> notation;
};
struct Sync {};   // /sync: a fresh snapshot
struct Again {    // /again 3: after the game at table 3, a new table with its options and bots
    long table = 0;
};
struct Concede {};  // /concede: give up the game in progress; a bot plays the seat to the end
struct Lang {       // /lang fr   {"type": "lang", "lang": "fr"} or "lang": ["fr-CA", "fr"]
    std::string lang;  // one of i18n::kLanguages, chosen from a preference list
};
struct Who {};  // /who: who sits at this table (a bot, away, free) and who watches it
// Accounts (protocol/README.md, "Accounts"). A password is never logged, echoed or kept.
struct Register {  // /register PASSWORD   {"type": "register", "password": "..."}: your name
    std::string password;
};
struct Login {  // /login alice PASSWORD   {"type": "login", "name": "alice", "password": "..."}
    std::string name;  // composed (NFC), as /name keeps it
    std::string password;
};
struct Logout {};  // /logout: back to a guest's name
// /password OLD NEW (one word each; JSON for passwords with spaces)
// {"type": "password", "old": "...", "new": "..."}: the logged-in account's password changes
struct Password {
    std::string old_password, new_password;
};
struct Unregister {  // /unregister PASSWORD   {"type": "unregister", "password": "..."}
    std::string password;  // the logged-in account is deleted; its name is free again
};
// Ratings (README, "Ratings").
struct Rating {  // /rating [NAME]   {"type": "rating", "name": "alice"}: a player's ratings
    std::string name;  // composed (NFC); empty: the sender's own
};
struct Top {  // /top [base|spirits]   {"type": "top", "variant": "spirits"}: the leaderboard
    std::string variant;  // "base" (the default) or "spirits"
};
// Chat links (README, "Chat identities"): a chat identity plays as a site account.
// /link: a one-time code for this connection (a chat user's, through the bridge);
// /link ABCD-EFGH (logged in, on the page): the connection that asked for that code is linked
// to your account.   {"type": "link"}, {"type": "link", "code": "ABCD-EFGH"}
struct Link {
    std::string code;  // empty: ask for one; else upper case, without dashes or spaces
};
struct LinkKey {  // /linkkey KEY   {"type": "linkkey", "key": "..."}: log in with a link's key
    std::string key;  // lower case
};
struct Unlink {};  // /unlink: ends the link this connection logged in with (or, from any other
                   // logged-in connection, every link of the account)
// /hint: the strong bot's choice for the sender's decision, to the sender alone; only in a
// game against bots that is not rated (protocol/README.md, "/hint").
struct Hint {};

}  // namespace command

using ClientMessage =
    std::variant<command::Help, command::Resume, command::Name, command::Tables, command::New,
                 command::Join, command::Watch, command::Leave, command::Start, command::AddBot,
                 command::Say, command::Act, command::Sync, command::Again, command::Concede,
                 command::Lang, command::Who, command::Register, command::Login,
                 command::Logout, command::Password, command::Unregister, command::Rating,
                 command::Top, command::Link, command::LinkKey, command::Unlink,
                 command::Hint>;
static_assert(std::variant_size_v<ClientMessage> == std::size_t(Command::Hint) + 1);

inline Command command_of(const ClientMessage& m) {
    return Command(m.index());
}

struct ParsedMessage {
    std::optional<ClientMessage> message;
    std::string error;  // what is wrong and what would be right
    // With an error, the code for the server's error message: too_large, bad_json,
    // unknown_command or bad_command (see protocol/README.md).
    std::string code;
    // With an error, the error as a message key and arguments (i18n/README.md); `error` is
    // its English. error(parsed) (server_message.hpp) builds the message.
    std::string key;
    Json args = Json::object();
};

// The JSON "type" of a command: "help", "resume", ..., "act", "sync".
std::string_view command_name(Command command);

// Parses one text frame. Never throws; malformed input gives an error that names the fix.
ParsedMessage parse_client_frame(std::string_view frame);

// "/new" option words: players=N, spirits, joe (or diamond_joe), memory, tiebreak (or
// tie_break), timer=SECONDS, seed=N, bots=LEVEL. Also used for {"type": "new", "options": {...}}.
// Both start from `out` (words and keys not given keep its values), check the result with
// niagara::validate() and the timer's range, and change `out` only on success. They return the
// error, or nullopt. Seed 0 (the default) means "the server draws one".
std::optional<std::string> parse_table_options(std::string_view words, TableOptions& out);
std::optional<std::string> table_options_from_json(const Json& j, TableOptions& out);
// The same, the error as a text ({"key", "args"}) to render in any language.
std::optional<Json> table_options_text(std::string_view words, TableOptions& out);
std::optional<Json> table_options_json_text(const Json& j, TableOptions& out);
Json table_options_to_json(const TableOptions& options);
std::string describe(const TableOptions& options);  // "4 players, Spirits, 60 s turns"
Json describe_text(const TableOptions& options);    // the same as a text ({"key", "args"})

// Every command with an example, one per line, in a language (i18n::kLanguages).
std::string help_text(std::string_view lang = "en");
std::vector<std::string> help_lines(std::string_view lang = "en");  // the "help" message's lines
std::vector<Json> help_line_texts();  // the lines as texts ({"key", "args"}), in order
Json help_texts();                    // the whole help as one text (protocol.help.text)

}  // namespace niagara::protocol
