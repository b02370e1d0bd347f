// One decision of one seat (R12.2). A flat value type: fields a kind does not use stay at their
// defaults, so == compares actions exactly and the canonical form is unique.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "niagara/types.hpp"

namespace niagara {

enum class ActionType : std::uint8_t {
    PlayCard,   // R3.1: choose the secret card
    BuyBack,    // R8.3: return a lost canoe to land, paying a gem
    Cloud,      // R7.1: move the weather marker
    MoveCanoe,  // R4-R6: one canoe's whole move
    EndTurn,    // R4.2: leave the optional land canoe where it is
    TakeElk,    // R10.8: canoe >= 0 takes the elk, -1 leaves it
    Fork,       // R10.5 / R10.3: the branch for a lassoed canoe pushed off the whirlpool at T5
    FreeCanoe,  // R8.4 with Spirits: which canoe comes back for free
    MeetJoe,    // R11.5: take, swap, give, or nothing
};

enum class JoeDeal : std::uint8_t { None, Take, Swap, Give };

enum class Direction : std::uint8_t { None, Up, Down };
enum class Timing : std::uint8_t { Before, After };  // R5.4: load/unload before or after moving

// Up to two gems, sorted by colour (canonical).
struct GemList {
    std::uint8_t size = 0;
    std::array<Colour, kMaxCanoeCapacity> gems{};

    void push(Colour c);  // keeps the list sorted
    bool empty() const { return size == 0; }
    const Colour* begin() const { return gems.data(); }
    const Colour* end() const { return gems.data() + size; }
    bool operator==(const GemList&) const = default;
};

struct Steal {
    std::int8_t seat = 0;
    std::int8_t canoe = 0;
    Colour colour = Colour::Violet;
    bool operator==(const Steal&) const = default;
    auto operator<=>(const Steal&) const = default;
};

struct Action {
    ActionType type = ActionType::PlayCard;
    std::int8_t seat = 0;
    Card card = Card::One;           // PlayCard
    std::int8_t canoe = 0;           // BuyBack, MoveCanoe (0-based)
    Colour colour = Colour::Violet;  // BuyBack: the gem paid
    bool up = false;                 // Cloud: true = up
    Branch fork = Branch::Left;      // Fork
    JoeDeal deal = JoeDeal::None;    // MeetJoe (colour: the canoe's gem swapped or given)
    // MoveCanoe. Loads and unloads happen at one moment (timing); with no movement they are
    // written Before. `steps` counts spaces moved, the step onto land or over the fall included.
    std::uint8_t points = 0;  // the 1/2/3 card: the points chosen (1-3, before the elk's +2)
    Timing timing = Timing::Before;
    GemList unload;
    GemList load;
    Direction direction = Direction::None;
    std::uint8_t steps = 0;
    std::optional<Branch> branch;  // only when the move passes from T5 into a branch
    std::uint8_t steal_count = 0;
    std::array<Steal, kMaxCanoeCapacity> steals{};  // sorted

    static Action play(int seat, Card card);
    static Action buy_back(int seat, int canoe, Colour paid);
    static Action cloud(int seat, bool up);
    static Action end_turn(int seat);
    static Action move(int seat, int canoe);      // fill in the move fields after
    static Action take_elk(int seat, int canoe);  // canoe -1: leave the elk
    static Action fork_to(int seat, int canoe, Branch branch);
    static Action free_canoe(int seat, int canoe);
    static Action meet_joe(int seat, JoeDeal deal, int canoe = 0, Colour colour = Colour::Violet);

    void add_steal(const Steal& steal);  // keeps `steals` sorted

    bool operator==(const Action&) const = default;
};

}  // namespace niagara
