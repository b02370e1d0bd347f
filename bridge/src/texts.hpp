// The bridge's words in a reader's language: its own texts are keys of the `bridge` domain
// (i18n/catalogs/<lang>/bridge.json) rendered with niagara::i18n; the server's texts are
// rendered from the message's own key and arguments when the catalogs know the key, so that a
// line reads in the reader's language whatever language the connection it came on was set to.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::bridge {

// A bridge text (`key` from bridge.json) in `lang`.
std::string tr(std::string_view lang, std::string_view key,
               const nlohmann::json& args = nlohmann::json::object());

// A server message's text in `lang`: its key and args when the catalogs know the key, else
// its `field` ("text", or "message" for an error) as the server wrote it. `seat_names` names
// the table's seats ({"seat": n} arguments).
std::string server_text(std::string_view lang, const nlohmann::json& message,
                        const std::vector<std::string>* seat_names = nullptr,
                        std::string_view field = "text");

// The same as the server wrote it, with its commands as the web's page reads them (`/join 3`).
std::string server_words(std::string_view lang, const nlohmann::json& message,
                         const std::vector<std::string>* seat_names = nullptr,
                         std::string_view field = "text");
// A server text's commands as a chat user types them: `/join 3` is `!join 3`, `/play 4` is
// `play 4` (said privately); other slashes (a URL, "1/2/3") stay.
std::string as_chat_commands(std::string_view text);

// `text` as one line: control characters (CR, LF, NUL, ...) become spaces. Whatever a server
// message or a name held, the bridge never says two lines where it meant one.
std::string one_line(std::string_view text);

// A nested text argument for the catalogs' word `key` ("common.gem.red"), or `fallback` as it
// is when no catalog has that key.
nlohmann::json word(const std::string& key, std::string_view fallback);

// The supported language a user's tag names ("fr", "FR", "fr-CA" -> "fr"); nullopt for
// anything else, however long or odd.
std::optional<std::string> language_of(std::string_view tag);

// The seats' names of a view's table, by seat ("Seat 3" in `lang` where a seat has no name).
std::vector<std::string> seat_names_of(std::string_view lang, const nlohmann::json& view);

}  // namespace niagara::bridge
