#include "texts.hpp"

#include "niagara/i18n/i18n.hpp"

namespace niagara::protocol::texts {

namespace {


std::string_view sep_name(Sep sep) {
    switch (sep) {
        case Sep::Space:
            return "space";
        case Sep::Comma:
            return "comma";
        case Sep::Semicolon:
            return "semicolon";
        case Sep::And:
            return "and";
    }
    return "space";
}

Json flat(Sep sep, std::vector<Json>& parts, std::size_t from, std::size_t count) {
    if (count == 1) return std::move(parts[from]);
    Json args = Json::object();
    for (std::size_t i = 0; i < count; ++i)
        args["p" + std::to_string(i)] = std::move(parts[from + i]);
    return text("protocol." + std::string(sep_name(sep)) + "." + std::to_string(count),
                std::move(args));
}

}  // namespace

Json text(std::string_view key, Json args) {
    Json t = Json::object();  // member by member: cheaper than an initializer list
    t["key"] = key;
    t["args"] = std::move(args);
    return t;
}

std::string english(const Json& t) {
    return i18n::render("en", t);
}

Json joined(Sep sep, std::vector<Json> parts) {
    if (parts.empty()) return Json("");
    if (parts.size() <= kMostParts) return flat(sep, parts, 0, parts.size());
    // "a, b and c" is only right for the last group: the groups of a long list go by commas.
    const Sep inner = sep == Sep::And ? Sep::Comma : sep;
    std::vector<Json> groups;
    for (std::size_t from = 0; from < parts.size(); from += kMostParts) {
        const std::size_t count = std::min(kMostParts, parts.size() - from);
        groups.push_back(flat(inner, parts, from, count));
    }
    return joined(inner, std::move(groups));
}

}  // namespace niagara::protocol::texts
