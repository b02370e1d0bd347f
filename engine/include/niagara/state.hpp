// The mutable state of one game. A plain value: copying it is cheap (no heap), comparing it
// with == is exact, and to_json/from_json round-trip it (json.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "niagara/options.hpp"
#include "niagara/types.hpp"

namespace niagara {

enum class Phase : std::uint8_t {
    ChooseCards,  // R3.1 phase I: every seat without a card acts at once
    Actions,      // R3.2 phase II: the turn seat acts
    GameOver,     // R9.2 / R9.4
};

enum class Where : std::uint8_t {
    Land,
    River,
    Bank,  // R10.5: pulled onto the river bank by a lasso until after phase III
    Lost,
};

struct Canoe {
    Where where = Where::Land;
    Pos pos = Pos::T1;  // meaningful only when where == River
    Gems cargo;

    bool in_river() const { return where == Where::River; }
    bool operator==(const Canoe&) const = default;
};

// A special piece that floats on a river disc: the whirlpool (R10.2), the beaver (R10.7),
// Diamond Joe (R11). Out of the river it waits: the whirlpool to re-enter at T1, the beaver
// for the weather to reach +2.
struct Piece {
    bool in_river = false;
    Pos pos = Pos::T1;
    bool at(Pos p) const { return in_river && pos == p; }
    bool operator==(const Piece&) const = default;
};

// R10.8: the Hurried Elk waits at the red place, rides one canoe, or is on its way back.
struct Elk {
    enum class At : std::uint8_t { RedPlace, Canoe, Returning } at = At::RedPlace;
    std::int8_t seat = -1;
    std::int8_t canoe = -1;
    bool on(int s, int k) const { return at == At::Canoe && seat == s && canoe == k; }
    bool operator==(const Elk&) const = default;
};

struct Seat {
    std::array<Canoe, kCanoesPerSeat> canoes;
    Gems collection;                         // R6.6: gems brought to land
    std::uint16_t hand = 0;                  // card_bit set of cards in hand (without `chosen`)
    std::optional<Card> chosen;              // R3.1: secret until revealed in phase II
    bool revealed = false;                   // the chosen card was revealed this round
    std::array<Card, kCardKinds> discard{};  // R3.5: played cards, oldest first
    std::uint8_t discard_size = 0;
    // Decisions owed before choosing a card in phase I:
    std::uint8_t fork_pending = 0;    // R10.5: lassoed canoes (bits) pushed off a whirlpool at T5
    bool free_canoe_pending = false;  // R8.4 with Spirits: which canoe comes back for free

    bool operator==(const Seat&) const = default;
};

// What the seat whose turn it is still has to decide in phase II.
enum class Stage : std::uint8_t {
    Elk,    // R10.8: take the elk or not, before the card's action
    Cloud,  // R7.1: choose up or down
    Move,   // R4.2 / R10.6: move canoes one at a time
    Joe,    // R11.5: deal with Diamond Joe at the end of the turn, or not
};

struct Turn {
    std::int8_t seat = -1;
    Card card = Card::One;
    Stage stage = Stage::Move;
    std::uint8_t required = 0;  // canoes (bit per index) that must move (R4.2)
    std::uint8_t optional = 0;  // canoes that may move
    bool exactly_one = false;   // exactly one canoe of `optional` must move (R4.2)
    std::uint8_t moved = 0;     // canoes moved this turn

    bool operator==(const Turn&) const = default;
};

struct State {
    Options options;
    Rules rules;  // derived from options, kept for speed
    Phase phase = Phase::ChooseCards;
    int round = 1;
    std::int8_t starting_seat = 0;  // R3.4: the holder of the life preserver
    std::int8_t turns_done = 0;     // turns finished in this phase II
    Turn turn;
    std::int8_t weather = 0;              // R1.6: -1..+2
    Branch fork = Branch::Left;           // R2.5: where the next disc from T5 goes
    std::int8_t lowest_number = 0;        // R7.2: lowest number card revealed this round, 0 = none
    std::int8_t last_speed = 0;           // the river speed of the last phase III (for views)
    std::array<Gems, kColours> places{};  // discovery place of each colour (R2.2)
    std::array<Seat, kMaxSeats> seats{};
    Piece whirlpool;           // R10.2 (Spirits); out of the river = waiting to enter at T1
    Piece beaver;              // R10.7 (Spirits)
    Elk elk;                   // R10.8 (Spirits)
    Piece joe;                 // R11 (Diamond Joe)
    Gems joe_cargo;            // R11.1: at most one gem
    std::uint8_t winners = 0;  // bit per seat, set when the game is over (R9.2)
    bool abandoned = false;    // R9.4

    int players() const { return rules.players; }
    Gems& place(Colour c) { return places[static_cast<int>(c)]; }
    const Gems& place(Colour c) const { return places[static_cast<int>(c)]; }
    bool operator==(const State&) const = default;
};

}  // namespace niagara
