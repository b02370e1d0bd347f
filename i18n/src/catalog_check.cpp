#include "niagara/i18n/catalog_check.hpp"

#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/plurrule.h>
#include <unicode/strenum.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <utility>

#include "embedded_catalogs.hpp"
#include "icu_text.hpp"

namespace niagara::i18n {
namespace {

using detail::utf8;

using Names = std::set<std::string>;

std::string join(const Names& names) {
    std::string out;
    for (const auto& name : names)
        out += (out.empty() ? "" : " ") + name;
    return out;
}

// The plural categories of a language's cardinal (or ordinal) numbers, per ICU.
Names categories(const std::string& lang, bool ordinal) {
    Names out;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::PluralRules> rules(icu::PluralRules::forLocale(
        icu::Locale(lang.c_str()), ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, status));
    if (U_FAILURE(status)) return out;
    std::unique_ptr<icu::StringEnumeration> keywords(rules->getKeywords(status));
    if (U_FAILURE(status)) return out;
    while (const icu::UnicodeString* keyword = keywords->snext(status)) {
        if (U_FAILURE(status)) break;
        out.insert(utf8(*keyword));
    }
    return out;
}

// What one pattern is made of.
struct PatternFacts {
    std::string error;  // why it does not parse; empty if it does
    Names arguments;    // every argument name, nested ones too
    bool numbered = false;
    std::vector<std::string> plural_faults;  // "plural {n} lacks 'few'"
};

PatternFacts analyse(const std::string& lang, const std::string& text) {
    PatternFacts facts;
    const icu::UnicodeString pattern = icu::UnicodeString::fromUTF8(text);
    UParseError where{};
    UErrorCode status = U_ZERO_ERROR;
    icu::MessagePattern parsed(pattern, &where, status);
    if (U_FAILURE(status)) {
        facts.error = std::string("ICU cannot parse it (") + u_errorName(status) + " at offset " +
                      std::to_string(where.offset) + ")";
        return facts;
    }
    // MessageFormat also checks each argument's type and style ({n, number, ::skeleton}).
    icu::MessageFormat format(pattern, icu::Locale(lang.c_str()), where, status);
    if (U_FAILURE(status)) {
        facts.error = std::string("ICU MessageFormat refuses it (") + u_errorName(status) + ")";
        return facts;
    }
    const int parts = parsed.countParts();
    for (int i = 0; i < parts; ++i) {
        const icu::MessagePattern::Part& part = parsed.getPart(i);
        if (part.getType() == UMSGPAT_PART_TYPE_ARG_NAME)
            facts.arguments.insert(utf8(parsed.getSubstring(part)));
        if (part.getType() == UMSGPAT_PART_TYPE_ARG_NUMBER) facts.numbered = true;
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        const UMessagePatternArgType type = part.getArgType();
        if (type != UMSGPAT_ARG_TYPE_PLURAL && type != UMSGPAT_ARG_TYPE_SELECTORDINAL) continue;
        // The selectors of this argument itself (its messages' nested arguments are met later
        // in the outer loop); explicit values (=0) are extra, not categories.
        Names selectors;
        const int limit = parsed.getLimitPartIndex(i);
        for (int j = i + 1; j < limit; ++j) {
            const icu::MessagePattern::Part& inner = parsed.getPart(j);
            if (inner.getType() == UMSGPAT_PART_TYPE_MSG_START) {
                j = parsed.getLimitPartIndex(j);
            } else if (inner.getType() == UMSGPAT_PART_TYPE_ARG_SELECTOR) {
                const std::string selector = utf8(parsed.getSubstring(inner));
                if (selector.empty() || selector.front() != '=') selectors.insert(selector);
            }
        }
        const std::string name = utf8(parsed.getSubstring(parsed.getPart(i + 1)));
        const Names needed = categories(lang, type == UMSGPAT_ARG_TYPE_SELECTORDINAL);
        for (const auto& category : needed)
            if (!selectors.count(category))
                facts.plural_faults.push_back("plural {" + name + "} lacks '" + category + "' (" +
                                              lang + " has " + join(needed) + ")");
        for (const auto& selector : selectors)
            if (!needed.count(selector))
                facts.plural_faults.push_back("plural {" + name + "} has '" + selector +
                                              "', which " + lang + " does not have (" +
                                              join(needed) + ")");
    }
    return facts;
}

bool known_language(const std::string& lang) {
    return std::find(std::begin(kLanguages), std::end(kLanguages), lang) != std::end(kLanguages);
}

}  // namespace

std::vector<std::string> check_catalogs(const std::vector<CatalogFile>& files) {
    std::vector<std::string> faults;
    // (domain, lang) -> the file; the facts of each pattern, for comparing with English's.
    std::map<std::pair<std::string, std::string>, const CatalogFile*> by_domain;
    std::map<std::pair<std::string, std::string>, PatternFacts> facts;  // (lang, key)
    for (const CatalogFile& file : files) {
        const std::string where = file.lang + "/" + file.domain + ".json: ";
        if (!known_language(file.lang)) {
            faults.push_back(where + "no such language (the languages are en fr cs de)");
            continue;
        }
        if (!by_domain.emplace(std::pair{file.domain, file.lang}, &file).second) {
            faults.push_back(where + "twice");
            continue;
        }
        if (!file.entries.is_object()) {
            faults.push_back(where + "not a JSON object");
            continue;
        }
        for (const auto& [key, value] : file.entries.items()) {
            const std::string at = where + key + ": ";
            if (key.rfind(file.domain + ".", 0) != 0)
                faults.push_back(at + "a key of this file starts with '" + file.domain + ".'");
            if (!value.is_string()) {
                faults.push_back(at + "the pattern is not a string");
                continue;
            }
            const auto& text = value.get_ref<const std::string&>();
            if (text.empty()) {
                faults.push_back(at + "empty pattern");
                continue;
            }
            PatternFacts f = analyse(file.lang, text);
            if (!f.error.empty()) {
                faults.push_back(at + f.error);
                continue;
            }
            if (f.numbered) faults.push_back(at + "a numbered argument ({0}): name it");
            for (const auto& fault : f.plural_faults)
                faults.push_back(at + fault);
            facts.emplace(std::pair{file.lang, key}, std::move(f));
        }
    }
    // Every language has English's files, keys and argument names, and no others.
    for (const auto& [id, file] : by_domain) {
        const auto& [domain, lang] = id;
        const std::string where = lang + "/" + domain + ".json: ";
        if (lang == "en" || !file->entries.is_object()) continue;
        const auto english = by_domain.find({domain, "en"});
        if (english == by_domain.end()) {
            faults.push_back(where + "English has no such file");
            continue;
        }
        if (!english->second->entries.is_object()) continue;
        for (const auto& [key, value] : english->second->entries.items())
            if (!file->entries.contains(key)) faults.push_back(where + key + ": missing");
        for (const auto& [key, value] : file->entries.items()) {
            if (!english->second->entries.contains(key)) {
                faults.push_back(where + key + ": not in English");
                continue;
            }
            const auto mine = facts.find({lang, key});
            const auto theirs = facts.find({"en", key});
            if (mine == facts.end() || theirs == facts.end()) continue;  // reported above
            for (const auto& name : theirs->second.arguments)
                if (!mine->second.arguments.count(name))
                    faults.push_back(where + key + ": drops argument {" + name + "}");
            for (const auto& name : mine->second.arguments)
                if (!theirs->second.arguments.count(name))
                    faults.push_back(where + key + ": argument {" + name +
                                     "} is not in English's pattern");
        }
    }
    for (const auto& [id, file] : by_domain) {
        const auto& [domain, lang] = id;
        if (lang != "en") continue;
        for (const std::string_view other : kLanguages)
            if (!by_domain.count({domain, std::string(other)}))
                faults.push_back(std::string(other) + "/" + domain +
                                 ".json: missing (English has it)");
    }
    return faults;
}

std::vector<CatalogFile> embedded_catalog_files() {
    std::vector<CatalogFile> files;
    for (const detail::EmbeddedCatalog& file : detail::embedded_catalogs())
        files.push_back({std::string(file.lang), std::string(file.domain),
                         Json::parse(file.text, nullptr, /*allow_exceptions=*/false)});
    return files;
}

}  // namespace niagara::i18n
