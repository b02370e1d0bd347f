// Chat commands stay in one language ("/canoe 1 load red"), but players may name gems as their
// own rulebook does: "rouge", "modrý" (or "modry"), "blau", "rubis". These aliases are mapped to
// the engine's colour words before its notation reads the decision.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace niagara::protocol {

// The engine's colour word ("red") for one word typed in any case, with or without its
// diacritics ("Červený", "cerveny", "ROUGE"); nullopt when it names no gem in fr, cs or de.
std::optional<std::string_view> gem_alias(std::string_view word);

// `text` (words separated by single spaces) with every gem alias replaced by its colour word;
// the other words are left exactly as they are.
std::string gem_aliases(std::string_view text);

// Every alias (lower case, without diacritics) and its colour word, for tests and help.
const std::vector<std::pair<std::string_view, std::string_view>>& gem_alias_table();

}  // namespace niagara::protocol
