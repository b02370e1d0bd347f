// Reads of a server message only what playing needs, for clients that keep no view (the load
// generator's bots): the type, table, seat, token, versions, the event's seat and cause, the chosen
// card, whose prompt it is, and of the prompt's actions what a bot that reads the prompt alone
// weighs. Views, patches and texts are validated but never built: simdjson parses the frame
// (several times faster than nlohmann's lexer, which was a third of the load generator's CPU).
// The prompt's actions become small structs rather than nlohmann values: a tree of every legal
// action for each prompt was half of the load generator's instructions (though, with 4,000
// connections, not half of its time: see the README's load figures).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::client {

// One of a prompt's actions: its `legal` text and what its action object says of it.
struct PromptAction {
    enum class Type : std::uint8_t { Other, Move, Cloud, Buyback };
    std::string text;  // the `legal` entry: what the client sends back
    Type type = Type::Other;
    int canoe = -1;      // the seat's canoe it moves or buys back (from 0), or -1
    bool up = false;     // a move up-river, or the cloud moved up
    bool loads = false;  // a move that loads gems
    bool robs = false;   // a move that steals gems
    std::string to;      // where a move ends: a position, "land" or "falls"
};

struct PlayMessage {
    // The message's wanted members; a prompt riding on a state message keeps only its "seat".
    nlohmann::json message;
    // The prompt's actions in its order, one per `legal` entry (empty without a prompt).
    std::vector<PromptAction> prompt;
};

// Reads the frame into `into`; false, with `into` unspecified, when it is not a JSON object.
bool read_for_play(std::string_view frame, PlayMessage& into);

}  // namespace niagara::client
