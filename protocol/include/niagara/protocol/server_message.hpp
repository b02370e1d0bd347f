// What the server sends: JSON objects with a "type" and a one-line human-readable "text", so a
// chat bridge can relay any message as it is. Built here so every message has one shape.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::protocol {

using Json = nlohmann::json;
struct TableOptions;   // client_message.hpp
struct ParsedMessage;  // client_message.hpp

// Every message: {"type": type, "text": text, "key": key, "args": args, ...fields}. The text
// is a message key with named arguments (i18n/README.md), and "text" its English; localize()
// (localize.hpp) renders a frame in another language. Strings given to the builders may come
// from anyone (invalid UTF-8 is replaced); JSON values (views, ops, actions, results) are the
// engine's and are taken as they are.
Json keyed_message(std::string type, std::string_view key, Json args, Json fields = Json::object());
// A message whose text has no key of its own: key "protocol.text", args {"text": text}, so it
// reads the same in every language. Prefer keyed_message.
Json message(std::string type, std::string text, Json fields = Json::object());

Json welcome(long connection, const std::string& name);
// code: bad_json, unknown_command, ... (protocol/README.md); the text (also in "message") is
// the key's: the server's refusals (server.*), the engine's reasons (engine.refuse.*), ...
Json error(const std::string& code, std::string_view key, Json args);
// The same with an English text that has no key (key "protocol.text").
Json error(const std::string& code, const std::string& why);
// The refusal of a frame parse_client_frame() did not accept: its code, key and args.
Json error(const ParsedMessage& parsed);
// Every command, one per line; "commands" has the lines in `lang` ("text" is English unless
// `lang` is another language: localize() gives the same).
Json help(std::string_view lang = "en");
Json chat(long table, const std::string& from, const std::string& text);  // {from, message}
Json table_list(const Json& tables);  // tables: [{id, options, seats: [...], phase, ...}]

// What happened at a table: a game decision and the engine's log of it.
struct GameEvent {
    int seat = -1;                   // whose decision it was
    std::vector<std::string> lines;  // the engine's log, in plain language
    std::string cause;               // why the server decided for the seat ("timeout"), or ""
    // The same lines as texts {key, args} (engine.log.*, i18n/README.md), one per line, each
    // serialized: a JSON object as text (the engine's serialized_texts), which frames splice in
    // as it is. Last and defaulted so that events built from lines alone stay valid.
    std::vector<std::string> texts = {};
};

// A decision the receiver must take: every legal action as text, and the same actions as
// objects (engine's legal_action_to_json), in the same order. The objects come serialized, a
// JSON array as the engine's legal_actions_json writes it: frames splice it in as it is.
struct Decision {
    int seat = -1;
    std::vector<std::string> legal;
    std::string actions = "[]";
};

// What rides on a state message for its receiver, so that one frame per viewer carries a
// change: what happened, the receiver's own secret card (never anyone else's), and its
// decision. Each part is optional; the message's text tells them in that order.
struct News {
    const GameEvent* event = nullptr;
    std::optional<std::string> chosen;  // the card the receiver just chose: "4", "cloud"
    const Decision* prompt = nullptr;
    // The table's recent log and chat lines ({kind: event|chat|info, ...}), for a viewer who
    // just sat down, came back or began watching: only lines every viewer of the table saw.
    const Json* history = nullptr;
};

// Per-seat state: a full view, or an RFC 6902 patch from version `from` to `to`.
Json snapshot(long table, long version, const Json& view, const News& news = {});
Json patch(long table, long from, long to, Json ops, const News& news = {});
// The frame of patch(table, from, to, ops, news) with its operations already serialized (`ops`
// is the JSON text of their array), so that a server serializes each part of a change once for
// all its viewers. The same JSON as serialize(patch(...)), up to the order of its keys.
std::string patch_frame(long table, long from, long to, std::string_view ops,
                        const News& news = {});

// The patch frames of one change, one per viewer: what they share (the versions, the event)
// is serialized once, and each viewer's frame adds its operations (serialized) and, for a seat,
// its own card and decision. frame() equals patch_frame() with the same arguments.
class PatchFrames {
  public:
    PatchFrames(long table, long from, long to, const GameEvent* event);
    std::string frame(std::string_view ops, const std::optional<std::string>& chosen = {},
                      const Decision* prompt = nullptr) const;

  private:
    long table_;
    std::string event_args_;     // the event's text ({key, args}) serialized, or "" (none)
    std::string event_english_;  // its English
    std::string shared_;         // {"event":...,"from":...,"table":...,"to":...,"type":"patch"}
    std::string plain_head_;  // {"args":...,"key":...,"ops": for a frame with no card or decision
    std::string plain_tail_;  // ,"text":...,"event":...} for the same
};

// The other messages of protocol/README.md. Seats are 0-based in the fields (texts say "seat 2"
// for seat 1); a negative seat is written as null (e.g. a spectator who leaves).
// Ratings (README, "Ratings"): a variant's rating as shown (mu - 3 sigma, one decimal), its
// belief and how many rated games it rests on.
struct RatingLine {
    std::string variant;  // "base" or "spirits"
    double shown = 0, mu = 0, sigma = 0;
    long games = 0;
};
// "rating": `name`'s ratings, one per variant played (none: no rated game yet).
Json rating(const std::string& name, const std::vector<RatingLine>& ratings);
// "top": the leaderboard of a variant, best first; `min_games` to be on it.
struct Leader {
    std::string name;
    double shown = 0;
    long games = 0;
};
Json top(std::string_view variant, const std::vector<Leader>& leaders, long min_games);
// "rated": the receiver's rating after the rated game of `table`, and by how much it moved.
Json rated(long table, const RatingLine& now, double change);
Json name_set(const std::string& name);                        // "name"
// "account": `event` is "registered" (the sender's name is now an account's, and the sender
// logged in to it), "logged_in", "logged_out", or "elsewhere" (the account logged in from
// another connection, which took the name: the sender is a guest again), "password_changed",
// or "deleted" (the account is gone; the sender keeps the name as a guest).
Json account(std::string_view event, const std::string& name);
// "session": a one-time grant a browser trades at POST /session?grant=... for a cookie that
// keeps it logged in across reloads (README, "Names and accounts").
Json session_grant(const std::string& grant);
// Chat links (README, "Chat identities"). "link_code": the code this connection's chat user
// enters on the page within `seconds`; "linked": the code was entered by `name`'s owner, and
// `link_key` logs any later connection in to that account (/linkkey KEY): keep it secret.
Json link_code(const std::string& code, long seconds);
Json linked(const std::string& name, const std::string& key);
Json table_created(long table, const TableOptions& options);   // "table_created"
Json seated(long table, int seat, const std::string& token);   // private
Json resumed(long table, int seat, const std::string& token);  // private: "seated" again
Json joined(long table, int seat, const std::string& name);
Json watching(long table);
Json left(long table, int seat, const std::string& name);
// `name` gave up the game (/concede): a bot plays `seat` to the end, and it cannot be taken back.
Json conceded(long table, int seat, const std::string& name);
// What the strong bot would do in `seat`'s place (/hint), to that seat's connection alone: the
// action as the engine's object (one of the seat's prompt's actions) and as the command that
// plays it ("play 4", "canoe 1 up 3").
Json hint(long table, int seat, const Json& action, const std::string& move);
// online false: the connection dropped; `autoplay`: and a bot now plays the seat.
Json presence(long table, int seat, const std::string& name, bool online, bool autoplay = false);
// /who: the table's seats in order and who watches it.
struct SeatPresence {
    std::string name;    // empty: the seat is free
    bool bot = false;    // an /addbot seat
    bool away = false;   // its player's connection is gone (or a bot plays it meanwhile)
};
Json who(long table, const std::vector<SeatPresence>& seats, const std::vector<std::string>& watchers);
// The host's role passed to `name` at `seat`.
Json host(long table, int seat, const std::string& name);
// The table closed: nobody was at it for `idle_seconds`.
Json closed(long table, long idle_seconds);
// The server restarted and the table goes on (a line of its log, for whoever comes back).
Json restored(long table);
Json started(long table, int players);
Json prompt(long table, const Decision& decision);  // private; also rides on state messages
// The seats whose clock runs; names (by seat) make the text friendlier. `remaining_ms` (by
// position in `seats`, when given): what is left of each clock, which runs from the moment that
// seat's decision began, whatever the others do meanwhile.
Json timer(long table, const std::vector<int>& seats, int seconds,
           const std::vector<std::string>& names = {}, const std::vector<long>& remaining_ms = {});
Json timeout(long table, int seat, const std::string& action,
             const std::vector<std::string>& names = {});  // the action's text
// result: niagara::result_to_json(); names (optional, by seat) make the text friendlier.
Json ended(long table, const Json& result, const std::vector<std::string>& names = {});
// To the players of the finished game at `table`: `name` opened table `next` to play again,
// with the same options and bots.
Json again(long table, long next, const std::string& name);
// The answer to /lang: {"type": "lang", "lang": "fr"}, its text in that language (`lang` is
// a supported language, else English).
Json lang_set(std::string_view lang);

// The frame to send: compact JSON. Never throws (invalid UTF-8 is replaced by U+FFFD).
std::string serialize(const Json& message);

}  // namespace niagara::protocol
