#include "texts.hpp"

#include "niagara/i18n/i18n.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;

std::string tr(std::string_view lang, std::string_view key, const Json& args) {
    return i18n::render(lang, key, args);
}

std::string one_line(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return out;
}

std::string as_chat_commands(std::string_view text) {
    // The words the bridge knows with a `!` in a channel; `/play 4` is said privately, bare.
    static constexpr std::string_view kBang[] = {"join",    "new",    "tables", "leave",
                                                 "start",   "addbot", "watch",  "concede",
                                                 "lang",    "help",   "rating", "top"};
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char before = i == 0 ? ' ' : text[i - 1];
        const bool starts_word = before == ' ' || before == '(' || before == '\'' ||
                                 before == '"' || before == '`' || before == '\t';
        if (text[i] != '/' || !starts_word) {
            out += text[i];
            continue;
        }
        const std::string_view rest = text.substr(i + 1);
        std::size_t length = 0;
        while (length < rest.size() && rest[length] >= 'a' && rest[length] <= 'z')
            ++length;
        const std::string_view command = rest.substr(0, length);
        bool bang = false;
        for (const auto word : kBang)
            bang = bang || command == word;
        if (bang)
            out += '!';
        else if (command != "play")
            out += '/';
    }
    return out;
}

std::string server_text(std::string_view lang, const Json& m,
                        const std::vector<std::string>* seat_names, std::string_view field) {
    if (!m.is_object()) return "";
    // Someone's own words stay as they were written; the server's speak of chat commands.
    auto type = m.find("type");
    if (type != m.end() && *type == "chat") return server_words(lang, m, seat_names, field);
    return as_chat_commands(server_words(lang, m, seat_names, field));
}

std::string server_words(std::string_view lang, const Json& m,
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
