// What the server sends: JSON objects with a "type" and a one-line human-readable "text", so a
// chat bridge can relay any message as it is. Built here so every message has one shape.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace niagara::protocol {

using Json = nlohmann::json;
struct TableOptions;  // client_message.hpp

// Every message: {"type": type, "text": text, ...fields}.
Json message(std::string type, std::string text, Json fields = Json::object());

Json welcome(long connection, const std::string& name);
// code: bad_json, unknown_command, ... (protocol/README.md); `why` is also the text.
Json error(const std::string& code, const std::string& why);
Json help();
Json chat(long table, const std::string& from, const std::string& text);  // {from, message}
Json table_list(const Json& tables);  // tables: [{id, options, seats: [...], phase, ...}]

// Per-seat state: a full view, or an RFC 6902 patch from version `from` to `to`.
Json snapshot(long table, long version, const Json& view);
Json patch(long table, long from, long to, const Json& ops);

// The other messages of protocol/README.md. Seats are 0-based in the fields (texts say "seat 2"
// for seat 1); a negative seat is written as null (e.g. a spectator who leaves).
Json name_set(const std::string& name);                       // "name"
Json table_created(long table, const TableOptions& options);  // "table_created"
Json seated(long table, int seat, const std::string& token);  // private
Json joined(long table, int seat, const std::string& name);
Json watching(long table);
Json left(long table, int seat, const std::string& name);
Json presence(long table, int seat, const std::string& name, bool online);
Json started(long table);
Json event(long table, const std::vector<std::string>& lines);             // the engine's log lines
Json chosen(long table, const std::string& card);                          // private: "4", "cloud"
Json prompt(long table, int seat, const std::vector<std::string>& legal);  // private
Json timer(long table, int seat, int seconds);
Json timeout(long table, int seat, const std::string& action);  // the action's text
// result: niagara::result_to_json(); names (optional, by seat) make the text friendlier.
Json ended(long table, const Json& result, const std::vector<std::string>& names = {});

// The frame to send: compact JSON. Never throws (invalid UTF-8 is replaced by U+FFFD).
std::string serialize(const Json& message);

}  // namespace niagara::protocol
