#include "niagara/i18n/i18n.hpp"

#include "niagara/ascii.hpp"

namespace niagara::i18n {
namespace {

bool is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_alnum(char c) {
    return is_alpha(c) || (c >= '0' && c <= '9');
}

using ascii::lower;

std::string_view trim(std::string_view s) {  // optional white space around a list's items
    return ascii::trim(s, " \t");
}

}  // namespace

std::optional<std::string_view> supported(std::string_view tag) {
    // A BCP 47 tag as browsers send it, or a POSIX locale's "cs_CZ": a language of 2 or 3
    // letters, then subtags of 1 to 8 letters or digits. Anything else names no language.
    tag = trim(tag);
    if (tag.empty() || tag.size() > 64) return std::nullopt;
    const auto end = tag.find_first_of("-_");
    const std::string_view primary = tag.substr(0, end);
    if (primary.size() < 2 || primary.size() > 3) return std::nullopt;
    std::string language;
    for (const char c : primary) {
        if (!is_alpha(c)) return std::nullopt;
        language += lower(c);
    }
    if (end != std::string_view::npos) {
        std::string_view rest = tag.substr(end + 1);
        while (true) {
            const auto sep = rest.find_first_of("-_");
            const std::string_view subtag = rest.substr(0, sep);
            if (subtag.empty() || subtag.size() > 8) return std::nullopt;
            for (const char c : subtag)
                if (!is_alnum(c)) return std::nullopt;
            if (sep == std::string_view::npos) break;
            rest.remove_prefix(sep + 1);
        }
    }
    for (const std::string_view known : kLanguages)
        if (known == language) return known;
    return std::nullopt;
}

std::string_view negotiate(const std::vector<std::string>& preferred) {
    // Each entry may also be an Accept-Language list ("pt-BR,de;q=0.8"): its tags are taken in
    // the order written (browsers write them by falling weight).
    for (const std::string& entry : preferred) {
        std::string_view list = entry;
        while (true) {
            const auto comma = list.find(',');
            const std::string_view item = list.substr(0, comma);
            if (auto lang = supported(item.substr(0, item.find(';')))) return *lang;
            if (comma == std::string_view::npos) break;
            list.remove_prefix(comma + 1);
        }
    }
    return kDefaultLanguage;
}

}  // namespace niagara::i18n
