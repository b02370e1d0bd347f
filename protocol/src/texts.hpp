// Texts as message keys with named arguments (i18n/README.md): how the protocol library builds
// the {"key", "args"} of its messages and their English "text".
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace niagara::protocol::texts {

using Json = nlohmann::json;

// {"key": key, "args": args}: a text, or an argument that is itself a text.
Json text(std::string_view key, Json args = Json::object());
// The English of a text (what every message's "text" says).
std::string english(const Json& text);

// Numbers people read but that must not be written with a language's separators ("#1234",
// "v12000", "3600 s"): passed as strings, shown as they are.
inline std::string number(long n) {
    return std::to_string(n);
}

// Parts joined into one text, in every language: "a b c" (space), "a, b, c" (comma),
// "a; b; c" (semicolon) or "a, b and c" (and). Flat keys protocol.<sep>.2 to .8 with args
// p0...; longer lists are joined in groups, so a text never nests deeper than i18n renders.
inline constexpr std::size_t kMostParts = 8;  // protocol.<sep>.2 ... protocol.<sep>.8
enum class Sep { Space, Comma, Semicolon, And };
Json joined(Sep sep, std::vector<Json> parts);

}  // namespace niagara::protocol::texts
