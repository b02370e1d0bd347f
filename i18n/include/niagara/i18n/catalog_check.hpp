// The catalog test's checks (README.md, "Patterns"), as a function so that a test can also feed
// it a broken catalog and see each fault reported.
#pragma once

#include <string>
#include <vector>

#include "niagara/i18n/i18n.hpp"

namespace niagara::i18n {

// One catalog file: i18n/catalogs/<lang>/<domain>.json, parsed.
struct CatalogFile {
    std::string lang;    // "fr"
    std::string domain;  // "engine"
    Json entries;        // {"key": "pattern"}
};

// Every fault of a set of catalog files (all languages' files of every domain), one line each,
// "<lang>/<domain>.json: <key>: <what>": a file or key English has and a language lacks (or the
// reverse), a key outside its file's domain, a pattern that is empty, not a string or not valid
// ICU MessageFormat, a numbered argument, an argument name a translation drops or invents (every
// name counts, also those of plural and select arguments and nested ones), a plural without
// every category of its language (or with one the language does not have). Empty: no fault.
std::vector<std::string> check_catalogs(const std::vector<CatalogFile>& files);

// The catalog files embedded in this build.
std::vector<CatalogFile> embedded_catalog_files();

}  // namespace niagara::i18n
