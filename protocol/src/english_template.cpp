#include "english_template.hpp"

#include <nlohmann/json.hpp>

#include "niagara/i18n/i18n.hpp"

namespace niagara::protocol {

namespace {
// A marker no catalog's English holds: a control character and the argument's number.
std::string marker(std::size_t i) {
    return std::string("\x01") + char('A' + i) + '\x01';
}
}  // namespace

EnglishTemplate::EnglishTemplate(std::string_view key,
                                 std::initializer_list<std::string_view> names) {
    nlohmann::json args = nlohmann::json::object();
    std::size_t i = 0;
    for (std::string_view name : names)
        args[std::string(name)] = marker(i++);
    const std::string rendered = i18n::render("en", key, args);
    std::vector<bool> seen(names.size(), false);
    std::size_t from = 0;
    while (true) {
        const std::size_t at = rendered.find('\x01', from);
        if (at == std::string::npos) break;
        const std::size_t slot = at + 1 < rendered.size() ? std::size_t(rendered[at + 1] - 'A') : 0;
        if (at + 2 >= rendered.size() || slot >= names.size() || seen[slot] ||
            rendered[at + 2] != '\x01')
            return;  // no template: fill() declines
        seen[slot] = true;
        pieces_.push_back(rendered.substr(from, at - from));
        slots_.push_back(slot);
        from = at + 3;
    }
    pieces_.push_back(rendered.substr(from));
    for (const bool s : seen)
        if (!s) return;
    ok_ = true;
}

std::optional<std::string> EnglishTemplate::fill(
    std::initializer_list<std::string_view> values) const {
    if (!ok_ || values.size() != slots_.size()) return std::nullopt;
    std::string out;
    std::size_t size = 0;
    for (const std::string& p : pieces_)
        size += p.size();
    for (std::string_view v : values)
        size += v.size();
    out.reserve(size);
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        out += pieces_[i];
        out += values.begin()[slots_[i]];
    }
    out += pieces_.back();
    return out;
}

}  // namespace niagara::protocol
