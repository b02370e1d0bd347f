// Texts as protocol JSON, and the argument values of the game's own words.
#include "niagara/text.hpp"

#include <algorithm>

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

TextArgs::TextArgs(std::initializer_list<Member> members) {
    members_.reserve(members.size());
    for (const Member& m : members)
        set(m.name, m.value);
}

void TextArgs::set(std::string_view name, TextValue value) {
    const auto at = std::lower_bound(members_.begin(), members_.end(), name,
                                     [](const Member& m, std::string_view n) { return m.name < n; });
    if (at != members_.end() && at->name == name)
        at->value = std::move(value);
    else
        members_.insert(at, Member{std::string(name), std::move(value)});
}

void TextArgs::write(std::string& out) const {
    out += '{';
    for (std::size_t i = 0; i < members_.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, members_[i].name);
        out += ':';
        out += members_[i].value.json();
    }
    out += '}';
}

std::string TextArgs::dump() const {
    std::string out;
    write(out);
    return out;
}

Json TextArgs::json() const {
    Json out = Json::object();
    for (const Member& m : members_)
        out[m.name] = Json::parse(m.value.json());
    return out;
}

bool TextArgs::operator==(const TextArgs& other) const {
    return std::equal(members_.begin(), members_.end(), other.members_.begin(),
                      other.members_.end(), [](const Member& a, const Member& b) {
                          return a.name == b.name && a.value == b.value;
                      });
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

void append_text_json(std::string& out, const Text& text) {
    out += R"({"args":)";  // "args" before "key", as dump() orders them
    text.args.write(out);
    out += R"(,"key":)";
    append_json_string(out, text.key);
    out += '}';
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
    std::string json = R"({"args":)";  // as append_text_json writes a text
    args.write(json);
    json += R"(,"key":)";
    append_json_string(json, key);
    json += '}';
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
