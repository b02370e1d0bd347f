// A sentence for people as a message key with named arguments (i18n/README.md), so that a
// server or client can render it in any language, beside the English the engine writes itself.
// The engine knows no catalog: tests check that the English catalog renders `en` exactly.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "niagara/types.hpp"

namespace niagara {

using Json = nlohmann::json;

// One argument's value, held as the JSON text nlohmann::json's dump() writes for it. Log lines
// are written for every action a server plays, and only ever to be sent: building a JSON tree
// for each argument, only to serialize it, was most of the cost of applying an action.
class TextValue {
  public:
    TextValue(int number);              // NOLINT: a number, as {"canoe", 2} reads
    TextValue(std::string_view string);  // NOLINT: a string, escaped (invalid UTF-8 replaced)
    TextValue(const std::string& string) : TextValue(std::string_view(string)) {}  // NOLINT
    TextValue(const char* string) : TextValue(std::string_view(string)) {}         // NOLINT
    // A value already written as JSON (an object or a list the text_arg functions build).
    static TextValue raw(std::string json);
    const std::string& json() const { return json_; }
    bool operator==(const TextValue&) const = default;

  private:
    TextValue() = default;
    std::string json_;
};

// A text's named arguments: a JSON object held as the text dump() writes for it, its members in
// the order of their names (nlohmann::json's, a std::map's), written as they are given: one
// string per text, however many arguments it has.
class TextArgs {
  public:
    struct Member {
        std::string_view name;  // plain ASCII: the catalogs' argument names
        TextValue value;
    };
    TextArgs() = default;
    TextArgs(std::initializer_list<Member> members);  // NOLINT: {{"seat", ...}, {"canoe", 2}}
    void set(std::string_view name, const TextValue& value);  // adds the member, or replaces it
    // Adds a member whose value is already JSON text: at the end, without a search, when its
    // name sorts after every member's (how a hot caller builds a text, its names in order);
    // else as set() would.
    void append(std::string_view name, std::string_view json);
    bool empty() const { return count_ == 0; }
    // The object as JSON text, exactly as json().dump() writes it.
    const std::string& dump() const { return json_; }
    void write(std::string& out) const { out += json_; }
    // As a JSON tree, for what renders or inspects it (tests, refusals): parsed from the text.
    Json json() const;
    bool operator==(const TextArgs& other) const { return json_ == other.json_; }

    static constexpr std::size_t kMostMembers = 12;

  private:
    std::string_view name_at(std::size_t i) const;  // the name of member i
    std::string json_ = "{}";
    // Where each member begins in json_ (its opening quote), and how many there are.
    std::array<std::uint32_t, kMostMembers> at_{};
    std::uint8_t count_ = 0;
};
void to_json(Json& out, const TextArgs& args);  // args.json()

struct Text {
    std::string key;  // "engine.log.reveal"
    TextArgs args;    // {"seat": {"seat": 0}, "card": {...}}
    std::string en;   // "Seat 1 reveals 4."

    bool operator==(const Text&) const = default;
};

// {"key": ..., "args": {...}}, the form a text takes in protocol messages.
Json text_json(const Text& text);
// The same as JSON text, as text_json(text).dump() writes it (appended to `out`), without
// building the tree: what a server sends with every action.
void append_text_json(std::string& out, const Text& text);
std::vector<std::string> serialized_texts(const std::vector<Text>& texts);  // each one's JSON text
Json texts_json(const std::vector<Text>& texts);  // each text_json, as an array
std::vector<std::string> english(const std::vector<Text>& texts);

// Argument values of the kinds i18n/README.md lists, for the game's own words.
namespace text_arg {
TextValue seat(int seat);                  // {"seat": n}: a player's name or "Seat n+1"
TextValue gem(Colour colour);              // {"key": "common.gem.red"}
TextValue gems(const Gems& gems);          // a list of gem, one per gem, violet first
TextValue discovery_place(Colour colour);  // {"key": "common.discovery_place.red"}
TextValue card(Card card);                 // {"key": "common.card.4"}, common.card.cloud
TextValue place(std::string_view id);      // {"key": "common.place.land"}: land, falls, bank
// A text as an argument of another: {"key": key, "args": {...}}.
TextValue text(std::string_view key, const TextArgs& args);
// Items joined by a pattern "{first}<sep>{rest}" (the key): a balanced nesting, so that ten
// items nest four deep, within the renderers' limit. One item is itself.
TextValue joined(const char* key, const std::vector<TextValue>& items);
}  // namespace text_arg

}  // namespace niagara
