// The catalog files as the build embedded them (embed_catalogs.cmake writes the definition).
#pragma once

#include <span>
#include <string_view>

namespace niagara::i18n::detail {

struct EmbeddedCatalog {
    std::string_view lang;    // "fr"
    std::string_view domain;  // "common"
    std::string_view text;    // the file's JSON text
};

// Sorted by language, then domain.
std::span<const EmbeddedCatalog> embedded_catalogs();

}  // namespace niagara::i18n::detail
