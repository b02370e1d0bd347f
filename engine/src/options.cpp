#include "niagara/options.hpp"

#include <bit>

namespace niagara {

std::optional<Text> options_problem(const Options& o) {
    // Numbers as strings: a player count typed by a stranger may be large, and a number
    // argument would be grouped ("100,000") where the English says "100000".
    const int max_players = o.spirits ? 6 : 5;
    if (o.players < 3 || o.players > max_players) {
        const std::string en = "a game needs 3 to " + std::to_string(max_players) + " players" +
                               (o.spirits ? "" : " (6 only with the Spirits expansion)") +
                               ", not " + std::to_string(o.players);
        return Text{
            o.spirits ? "engine.refuse.options.players" : "engine.refuse.options.players_base",
            {{"max", std::to_string(max_players)}, {"players", std::to_string(o.players)}},
            en};
    }
    if (o.starting_seat >= o.players)
        return Text{"engine.refuse.options.starting_seat",
                    {{"players", std::to_string(o.players)}},
                    "the starting seat must be one of the " + std::to_string(o.players) + " seats"};
    return std::nullopt;
}

std::optional<std::string> validate(const Options& o) {
    if (auto problem = options_problem(o)) return problem->en;
    return std::nullopt;
}

Rules Rules::of(const Options& o) {
    Rules r;
    r.players = o.players;
    for (Card c :
         {Card::One, Card::Two, Card::Three, Card::Four, Card::Five, Card::Six, Card::Cloud})
        r.deck |= card_bit(c);
    if (o.spirits) {
        // R1.3, R1.4, R10.1: the double canoe is canoe 0; three more cards; gems by player count.
        r.gems_per_place = o.players == 3 ? 6 : o.players == 6 ? 8 : 7;
        r.capacity = {2, 1};
        r.deck |= card_bit(Card::Seven) | card_bit(Card::Lasso) | card_bit(Card::OneTwoThree);
    }
    r.deck_size = std::popcount(r.deck);
    return r;
}

}  // namespace niagara
