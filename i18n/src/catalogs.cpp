#include "catalog_index.hpp"
#include "embedded_catalogs.hpp"

namespace niagara::i18n {
namespace detail {
namespace {

CatalogIndex build_index() {
    CatalogIndex index;
    // Each language's own patterns, parsed from its files; a file that does not parse as an
    // object is skipped (the build refuses such files; the catalog test names them).
    std::array<Json, kLanguageCount> own;
    for (auto& o : own)
        o = Json::object();
    for (const EmbeddedCatalog& file : embedded_catalogs()) {
        const auto lang = language_index(file.lang);
        if (!lang) continue;
        Json parsed = Json::parse(file.text, nullptr, /*allow_exceptions=*/false);
        if (!parsed.is_object()) continue;
        for (auto& [key, pattern] : parsed.items()) {
            if (!pattern.is_string()) continue;
            own[*lang][key] = pattern;
            if (index.ids.emplace(key, static_cast<int>(index.keys.size())).second)
                index.keys.push_back(key);
        }
    }
    for (int lang = 0; lang < kLanguageCount; ++lang) {
        Json merged = own[0];
        merged.update(own[lang]);
        auto& patterns = index.patterns[lang];
        patterns.resize(index.keys.size());
        for (std::size_t id = 0; id < index.keys.size(); ++id) {
            const auto it = merged.find(index.keys[id]);
            if (it != merged.end()) patterns[id] = it->get<std::string>();
        }
        index.merged[lang] = std::move(merged);
    }
    return index;
}

}  // namespace

const CatalogIndex& catalog_index() {
    static const CatalogIndex index = build_index();
    return index;
}

std::optional<int> language_index(std::string_view lang) {
    for (int i = 0; i < kLanguageCount; ++i)
        if (kLanguages[i] == lang) return i;
    return std::nullopt;
}

}  // namespace detail

const Json& catalog(std::string_view lang) {
    return detail::catalog_index().merged[detail::language_index(lang).value_or(0)];
}

bool has_key(std::string_view key) {
    const auto& english = detail::catalog_index().patterns[0];
    const auto& ids = detail::catalog_index().ids;
    const auto it = ids.find(key);
    return it != ids.end() && english[it->second].has_value();
}

}  // namespace niagara::i18n
