// The product's words in each language: catalogs of ICU MessageFormat patterns (i18n/catalogs/
// <lang>/<domain>.json, embedded in the binary at build time) and the one function that turns a
// message key and its named arguments into a sentence. See i18n/README.md for the conventions.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::i18n {

using Json = nlohmann::json;

// The languages there are catalogs for; "en" is the default and the reference.
inline constexpr std::string_view kLanguages[] = {"en", "fr", "cs", "de"};
inline constexpr std::string_view kDefaultLanguage = "en";

// "fr", "fr-CA", "FR_ca", "cs-CZ" -> the supported language it names; nullopt otherwise.
std::optional<std::string_view> supported(std::string_view tag);
// The first supported language of a preference list (navigator.languages); else "en".
std::string_view negotiate(const std::vector<std::string>& preferred);

// Renders the pattern of `key` in `lang` with named `args` (an object; see README for what each
// kind of value becomes). Never throws: an unknown language falls back to English, an unknown
// key renders as the key itself (tests make sure none is met), a bad argument as "?".
// `seat_names` (by seat), when given, names seats ({"seat": n}) instead of "Seat n+1".
std::string render(std::string_view lang, std::string_view key, const Json& args = Json::object(),
                   const std::vector<std::string>* seat_names = nullptr);
// A key as a literal or a std::string converts to a Json as well as to a string_view: these pick
// the key's overload.
inline std::string render(std::string_view lang, const char* key, const Json& args = Json::object(),
                          const std::vector<std::string>* seat_names = nullptr) {
    return render(lang, std::string_view(key), args, seat_names);
}
inline std::string render(std::string_view lang, const std::string& key,
                          const Json& args = Json::object(),
                          const std::vector<std::string>* seat_names = nullptr) {
    return render(lang, std::string_view(key), args, seat_names);
}
// The same for a text object {"key": ..., "args": {...}}.
std::string render(std::string_view lang, const Json& text,
                   const std::vector<std::string>* seat_names = nullptr);

// The same text as render(), every pattern formatted by ICU's MessageFormat: render() writes
// patterns of plain text and {name} arguments itself, and the tests compare the two.
std::string render_through_icu(std::string_view lang, std::string_view key,
                               const Json& args = Json::object(),
                               const std::vector<std::string>* seat_names = nullptr);

// Renders a pattern given as text rather than by key, with the same arguments (tests, tools):
// compiled on each call, so not for the server's hot paths. A pattern ICU refuses renders as "?".
std::string render_pattern(std::string_view lang, std::string_view pattern,
                           const Json& args = Json::object(),
                           const std::vector<std::string>* seat_names = nullptr);

// The merged catalog of a language: {key: pattern} (for the browser's /i18n/<lang>.json and
// for tests). An unknown language gives English's.
const Json& catalog(std::string_view lang);
bool has_key(std::string_view key);  // in the English catalog

}  // namespace niagara::i18n
