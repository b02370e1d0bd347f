// The embedded catalogs parsed once: every key gets a number, every language a pattern per key
// (its own, else English's), so that rendering looks a key up once and caches by number.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "niagara/i18n/i18n.hpp"

namespace niagara::i18n::detail {

inline constexpr int kLanguageCount = static_cast<int>(std::size(kLanguages));

struct CatalogIndex {
    std::map<std::string, int, std::less<>> ids;  // key -> id, over every language's keys
    std::vector<std::string> keys;                // id -> key
    // [language][id]: the pattern, English's where the language lacks the key; nullopt when
    // neither has it.
    std::array<std::vector<std::optional<std::string>>, kLanguageCount> patterns;
    // [language]: English's keys and patterns overlaid with the language's.
    std::array<Json, kLanguageCount> merged;
};

// Built on first use (thread-safe), never changed after.
const CatalogIndex& catalog_index();

// The index of a language in kLanguages, or nullopt.
std::optional<int> language_index(std::string_view lang);

}  // namespace niagara::i18n::detail
