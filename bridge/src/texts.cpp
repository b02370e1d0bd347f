#include "texts.hpp"

#include "niagara/i18n/i18n.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;

std::string tr(std::string_view lang, std::string_view key, const Json& args) {
    return i18n::render(lang, key, args);
}

std::string server_text(std::string_view lang, const Json& m,
                        const std::vector<std::string>* seat_names, std::string_view field) {
    if (!m.is_object()) return "";
    if (auto key = m.find("key");
        key != m.end() && key->is_string() && i18n::has_key(key->get<std::string>())) {
        const auto args = m.find("args");
        return i18n::render(lang, key->get<std::string>(),
                            args != m.end() && args->is_object() ? *args : Json::object(),
                            seat_names);
    }
    if (auto text = m.find(field); text != m.end() && text->is_string())
        return text->get<std::string>();
    if (auto text = m.find("text"); text != m.end() && text->is_string())
        return text->get<std::string>();
    return "";
}

Json word(const std::string& key, std::string_view fallback) {
    if (i18n::has_key(key)) return Json{{"key", key}, {"args", Json::object()}};
    return std::string(fallback);
}

std::optional<std::string> language_of(std::string_view tag) {
    // A language tag is short; anything longer is no language (and never reaches the library).
    if (tag.empty() || tag.size() > 35) return std::nullopt;
    if (auto lang = i18n::supported(tag)) return std::string(*lang);
    return std::nullopt;
}

std::vector<std::string> seat_names_of(std::string_view lang, const Json& view) {
    std::vector<std::string> names;
    if (!view.is_object()) return names;
    const auto table = view.find("table");
    if (table == view.end() || !table->is_object()) return names;
    const auto seats = table->find("seats");
    if (seats == table->end() || !seats->is_array()) return names;
    for (const auto& seat : *seats) {
        std::string name;
        if (seat.is_object())
            if (auto n = seat.find("name"); n != seat.end() && n->is_string())
                name = n->get<std::string>();
        if (name.empty()) name = i18n::render(lang, "common.seat", {{"n", names.size() + 1}});
        names.push_back(std::move(name));
    }
    return names;
}

}  // namespace niagara::bridge
