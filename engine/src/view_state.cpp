// state_from_view: turn what one seat sees back into a playable state (a "determinization"),
// so that a client-side bot can use the engine's legal actions and the same RandomBot.
#include <stdexcept>

#include "niagara/json.hpp"

namespace niagara {
namespace {

Json cards_without(const Json& cards, const Json& card) {
    Json out = Json::array();
    for (const Json& c : cards)
        if (c != card) out.push_back(c);
    return out;
}

// The seat as state_from_json reads it. `deck` is the game's card list.
Json seat_state(const Json& seat, bool own, const Json& deck) {
    Json s{{"canoes", seat.at("canoes")},
           {"collection", seat.at("collection")},
           {"fork_pending", seat.value("fork_pending", Json::array())},
           {"free_canoe_pending", seat.value("free_canoe_pending", false)}};
    const Json revealed = seat.value("revealed", Json(nullptr));
    s["card_revealed"] = !revealed.is_null();
    if (own) {
        s["hand"] = seat.at("hand");
        s["chosen"] = seat.value("chosen", Json(nullptr));
        s["discard"] = seat.at("discard");
        return s;
    }
    Json unrevealed, discard;
    if (seat.contains("hand")) {  // open mode: the remaining cards are public
        unrevealed = seat.at("hand");
        discard = seat.at("discard");
    } else {  // memory mode: any cards that fit what is shown
        const Json top = seat.value("discard_top", Json(nullptr));
        const std::size_t hand_size = seat.at("hand_size").get<std::size_t>();
        unrevealed = Json::array();
        discard = Json::array();
        for (const Json& c : deck) {
            if (c == top || c == revealed) continue;
            (unrevealed.size() < hand_size ? unrevealed : discard).push_back(c);
        }
        if (!top.is_null()) discard.push_back(top);
        if (!revealed.is_null() && revealed != top) discard.push_back(revealed);
    }
    Json chosen = nullptr;
    if (!revealed.is_null())
        chosen = revealed;
    else if (seat.value("has_chosen", false) && !unrevealed.empty())
        chosen = unrevealed.front();
    s["chosen"] = chosen;
    s["hand"] =
        revealed.is_null() && !chosen.is_null() ? cards_without(unrevealed, chosen) : unrevealed;
    s["discard"] = discard;
    return s;
}

}  // namespace

State state_from_view(const Json& view) {
    try {
        const Json& options = view.at("options");
        const State fresh = new_game(options_from_json(options));
        Json deck = Json::array();
        for (int c = 0; c < kCardKinds; ++c)
            if (fresh.rules.deck & card_bit(Card(c))) deck.push_back(card_name(Card(c)));

        Json st = Json::object();
        for (const char* key : {"options", "phase", "round", "starting_seat", "weather", "fork",
                                "last_speed", "lowest_number", "places", "whirlpool", "beaver",
                                "elk", "joe", "abandoned", "winners"})
            if (view.contains(key) && !view.at(key).is_null()) st[key] = view.at(key);
        const int n = fresh.players();
        const Json you = view.value("you", Json(nullptr));
        Json seats = Json::array();
        for (int i = 0; i < n; ++i)
            seats.push_back(seat_state(view.at("seats").at(std::size_t(i)), you == i, deck));
        st["seats"] = seats;
        const Json& turn = view.value("turn", Json(nullptr));
        if (!turn.is_null()) {
            const int starting = view.at("starting_seat").get<int>();
            st["turns_done"] = (turn.at("seat").get<int>() - starting + n) % n;
            st["turn_state"] = Json{{"stage", turn.at("stage")},
                                    {"moved", turn.at("moved")},
                                    {"required", turn.at("must_move")},
                                    {"optional", turn.at("may_move")},
                                    {"exactly_one", turn.at("exactly_one")}};
        }
        return state_from_json(st);
    } catch (const Json::exception& e) {
        throw std::invalid_argument(std::string("not a view: ") + e.what());
    }
}

}  // namespace niagara
