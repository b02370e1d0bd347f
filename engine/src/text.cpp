// Texts as protocol JSON, and the argument values of the game's own words.
#include "niagara/text.hpp"

namespace niagara {

using nlohmann::json;

json text_json(const Text& text) {
    return json{{"key", text.key}, {"args", text.args}};
}

std::vector<json> text_list(std::vector<Text>&& texts) {
    std::vector<json> out;
    out.reserve(texts.size());
    for (Text& t : texts) {
        json text = json::object();  // member by member: an initializer list copies each twice
        text["args"] = std::move(t.args);
        text["key"] = std::move(t.key);
        out.push_back(std::move(text));
    }
    return out;
}

std::vector<json> text_list(const std::vector<Text>& texts) {
    std::vector<json> out;
    out.reserve(texts.size());
    for (const Text& t : texts)
        out.push_back(text_json(t));
    return out;
}

json texts_json(const std::vector<Text>& texts) {
    json out = json::array();
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
json key(std::string k) {
    return json{{"key", std::move(k)}};
}
}  // namespace

json seat(int seat) {
    return json{{"seat", seat}};
}

json gem(Colour colour) {
    return key("common.gem." + std::string(colour_name(colour)));
}

json gems(const Gems& gems) {
    json out = json::array();
    for (Colour c : kAllColours)
        for (int i = 0; i < gems.of(c); ++i)
            out.push_back(gem(c));
    return out;
}

json discovery_place(Colour colour) {
    return key("common.discovery_place." + std::string(colour_name(colour)));
}

json card(Card card) {
    // "1/2/3" is not a good key segment: the 1/2/3 card is common.card.123.
    return key("common.card." + std::string(card == Card::OneTwoThree ? "123" : card_name(card)));
}

json place(std::string_view id) {
    return key("common.place." + std::string(id));
}

namespace {
json joined(const char* key, const std::vector<json>& items, std::size_t from, std::size_t to) {
    if (to - from == 1) return items[from];
    const std::size_t middle = from + (to - from) / 2;
    return json{
        {"key", key},
        {"args",
         {{"first", joined(key, items, from, middle)}, {"rest", joined(key, items, middle, to)}}}};
}
}  // namespace

json joined(const char* key, const std::vector<json>& items) {
    if (items.empty()) return json::array();
    return joined(key, items, 0, items.size());
}

}  // namespace text_arg
}  // namespace niagara
