// A sentence for people as a message key with named arguments (i18n/README.md), so that a
// server or client can render it in any language, beside the English the engine writes itself.
// The engine knows no catalog: tests check that the English catalog renders `en` exactly.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "niagara/types.hpp"

namespace niagara {

using Json = nlohmann::json;

struct Text {
    std::string key;                                 // "engine.log.reveal"
    nlohmann::json args = nlohmann::json::object();  // {"seat": {"seat": 0}, "card": {...}}
    std::string en;                                  // "Seat 1 reveals 4."

    bool operator==(const Text&) const = default;
};

// {"key": ..., "args": {...}}, the form a text takes in protocol messages.
nlohmann::json text_json(const Text& text);
std::vector<nlohmann::json> text_list(const std::vector<Text>& texts);  // each text_json
// The same, taking the texts' keys and arguments instead of copying them (a game's log, once
// its English is read: every action's event is built so).
std::vector<nlohmann::json> text_list(std::vector<Text>&& texts);
nlohmann::json texts_json(const std::vector<Text>& texts);              // the same, as an array
std::vector<std::string> english(const std::vector<Text>& texts);

// Argument values of the kinds i18n/README.md lists, for the game's own words.
namespace text_arg {
nlohmann::json seat(int seat);                  // {"seat": n}: a player's name or "Seat n+1"
nlohmann::json gem(Colour colour);              // {"key": "common.gem.red"}
nlohmann::json gems(const Gems& gems);          // a list of gem, one per gem, violet first
nlohmann::json discovery_place(Colour colour);  // {"key": "common.discovery_place.red"}
nlohmann::json card(Card card);                 // {"key": "common.card.4"}, common.card.cloud
nlohmann::json place(std::string_view id);      // {"key": "common.place.land"}: land, falls, bank
// Items joined by a pattern "{first}<sep>{rest}" (the key): a balanced nesting, so that ten
// items nest four deep, within the renderers' limit. One item is itself.
nlohmann::json joined(const char* key, const std::vector<nlohmann::json>& items);
}  // namespace text_arg

}  // namespace niagara
