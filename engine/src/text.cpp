// Texts as protocol JSON, and the argument values of the game's own words.
#include "niagara/text.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "niagara/json.hpp"

namespace niagara {

TextValue::TextValue(int number) : json_(std::to_string(number)) {}

TextValue::TextValue(std::string_view string) {
    append_json_string(json_, string);
}

TextValue TextValue::raw(std::string json) {
    TextValue v;
    v.json_ = std::move(json);
    return v;
}

namespace {
// "name":value, written at `p`.
char* put_member(char* p, std::string_view name, const std::string& value) {
    *p++ = '"';
    std::memcpy(p, name.data(), name.size());
    p += name.size();
    *p++ = '"';
    *p++ = ':';
    std::memcpy(p, value.data(), value.size());
    return p + value.size();
}
std::size_t member_size(std::string_view name, const TextValue& value) {
    return name.size() + value.json().size() + 3;
}
}  // namespace

TextArgs::TextArgs(std::initializer_list<Member> members) {
    if (members.size() > kMostMembers) throw std::length_error("a text has at most 12 arguments");
    // In the order of their names, written one after the other (a name given twice: set()).
    std::array<const Member*, kMostMembers> sorted{};
    std::size_t n = 0, size = 2;
    for (const Member& m : members) {
        std::size_t i = n++;
        for (; i > 0 && m.name < sorted[i - 1]->name; --i)
            sorted[i] = sorted[i - 1];
        sorted[i] = &m;
        size += member_size(m.name, m.value) + 1;
    }
    for (std::size_t i = 1; i < n; ++i)
        if (sorted[i]->name == sorted[i - 1]->name) {
            for (const Member& m : members)
                set(m.name, m.value);
            return;
        }
    json_.assign(size - (n ? 1 : 0), ',');
    char* p = json_.data();
    *p++ = '{';
    for (std::size_t i = 0; i < n; ++i) {
        if (i) ++p;  // the comma
        at_[i] = std::uint32_t(p - json_.data());
        p = put_member(p, sorted[i]->name, sorted[i]->value.json());
    }
    *p = '}';
    count_ = std::uint8_t(n);
}

std::string_view TextArgs::name_at(std::size_t i) const {
    const std::size_t from = at_[i] + 1;  // after the opening quote
    return std::string_view(json_).substr(from, json_.find('"', from) - from);
}

void TextArgs::set(std::string_view name, const TextValue& value) {
    std::size_t k = 0;  // the first member whose name does not sort before `name`
    while (k < count_ && name_at(k) < name)
        ++k;
    const std::size_t size = member_size(name, value);
    if (k < count_ && name_at(k) == name) {  // replace member k
        const std::size_t end = k + 1 < count_ ? at_[k + 1] - 1 : json_.size() - 1;
        const std::size_t old = end - at_[k];
        json_.replace(at_[k], old, size, ',');
        put_member(json_.data() + at_[k], name, value.json());
        for (std::size_t i = k + 1; i < count_; ++i)
            at_[i] = std::uint32_t(at_[i] + size - old);
        return;
    }
    if (count_ == kMostMembers) throw std::length_error("a text has at most 12 arguments");
    // Before member k (and its comma after), else the last (a comma before unless the first).
    const bool last = k == count_, comma_before = last && count_ > 0;
    const std::size_t at = last ? json_.size() - 1 : at_[k];
    const std::size_t grown = size + 1 - (last && count_ == 0 ? 1 : 0);
    json_.insert(at, grown, ',');
    put_member(json_.data() + at + (comma_before ? 1 : 0), name, value.json());
    for (std::size_t i = count_; i > k; --i)
        at_[i] = std::uint32_t(at_[i - 1] + grown);
    at_[k] = std::uint32_t(at + (comma_before ? 1 : 0));
    ++count_;
}

void TextArgs::append(std::string_view name, std::string_view json) {
    if ((count_ > 0 && !(name_at(count_ - 1) < name)) || count_ == kMostMembers) {
        set(name, TextValue::raw(std::string(json)));
        return;
    }
    json_.pop_back();  // the closing brace
    if (count_ > 0) json_ += ',';
    at_[count_++] = std::uint32_t(json_.size());
    json_ += '"';
    json_ += name;
    json_ += "\":";
    json_ += json;
    json_ += '}';
}

Json TextArgs::json() const {
    return Json::parse(json_);
}

void to_json(Json& out, const TextArgs& args) {
    out = args.json();
}

Json text_json(const Text& text) {
    Json out = Json::object();  // member by member: an initializer list copies each twice
    out["args"] = text.args.json();
    out["key"] = text.key;
    return out;
}

namespace {
// {"args":{...},"key":"..."}, "args" before "key" as dump() orders them: a text in protocol
// messages, and a text as another's argument.
void append_key_and_args(std::string& out, std::string_view key, const TextArgs& args) {
    out += R"({"args":)";
    args.write(out);
    out += R"(,"key":)";
    append_json_string(out, key);
    out += '}';
}
}  // namespace

void append_text_json(std::string& out, const Text& text) {
    append_key_and_args(out, text.key, text.args);
}

std::vector<std::string> serialized_texts(const std::vector<Text>& texts) {
    std::vector<std::string> out(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i)
        append_text_json(out[i], texts[i]);
    return out;
}

Json texts_json(const std::vector<Text>& texts) {
    Json out = Json::array();
    for (const Text& t : texts)
        out.push_back(text_json(t));
    return out;
}

std::vector<std::string> english(const std::vector<Text>& texts) {
    std::vector<std::string> out;
    out.reserve(texts.size());
    for (const Text& t : texts)
        out.push_back(t.en);
    return out;
}

namespace text_arg {

namespace {
// {"key":"<prefix><name>"}: the game's words are plain ASCII names, written as they are.
TextValue key(std::string_view prefix, std::string_view name) {
    std::string json;
    json.reserve(prefix.size() + name.size() + 10);
    json += R"({"key":")";
    json += prefix;
    json += name;
    json += R"("})";
    return TextValue::raw(std::move(json));
}
}  // namespace

TextValue seat(int seat) {
    return TextValue::raw(R"({"seat":)" + std::to_string(seat) + '}');
}

TextValue gem(Colour colour) {
    return key("common.gem.", colour_name(colour));
}

TextValue gems(const Gems& gems) {
    std::string json = "[";
    for (Colour c : kAllColours)
        for (int i = 0; i < gems.of(c); ++i) {
            if (json.size() > 1) json += ',';
            json += gem(c).json();
        }
    json += ']';
    return TextValue::raw(std::move(json));
}

TextValue discovery_place(Colour colour) {
    return key("common.discovery_place.", colour_name(colour));
}

TextValue card(Card card) {
    // "1/2/3" is not a good key segment: the 1/2/3 card is common.card.123.
    return key("common.card.", card == Card::OneTwoThree ? "123" : card_name(card));
}

TextValue place(std::string_view id) {
    return key("common.place.", id);
}

TextValue text(std::string_view key, const TextArgs& args) {
    std::string json;
    json.reserve(args.dump().size() + key.size() + 16);
    append_key_and_args(json, key, args);
    return TextValue::raw(std::move(json));
}

namespace {
TextValue joined(const char* key, const std::vector<TextValue>& items, std::size_t from,
                 std::size_t to) {
    if (to - from == 1) return items[from];
    const std::size_t middle = from + (to - from) / 2;
    return text(key, {{"first", joined(key, items, from, middle)},
                      {"rest", joined(key, items, middle, to)}});
}
}  // namespace

TextValue joined(const char* key, const std::vector<TextValue>& items) {
    if (items.empty()) return TextValue::raw("[]");
    return joined(key, items, 0, items.size());
}

}  // namespace text_arg
}  // namespace niagara
