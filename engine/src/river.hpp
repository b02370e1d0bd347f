// River geometry (R2): neighbours of a position and walks of a canoe along the river (R4.3).
// Shared by move generation and move execution so that both follow the same path.
#pragma once

#include <optional>

#include "niagara/types.hpp"

namespace niagara::detail {

constexpr bool is_branch(Pos p) {
    return p >= Pos::L6;
}
constexpr Branch branch_of(Pos p) {
    return p <= Pos::L7 ? Branch::Left : Branch::Right;
}

// One step up-river; nullopt means land (R2.6).
constexpr std::optional<Pos> step_up(Pos p) {
    switch (p) {
        case Pos::T1:
            return std::nullopt;
        case Pos::L6:
        case Pos::R6:
            return Pos::T5;
        default:
            return Pos(static_cast<int>(p) - 1);
    }
}

// One step down-river; nullopt means over the waterfall (R4.6). `b` is used only at T5.
constexpr std::optional<Pos> step_down(Pos p, Branch b) {
    switch (p) {
        case Pos::T5:
            return b == Branch::Left ? Pos::L6 : Pos::R6;
        case Pos::L7:
        case Pos::R7:
            return std::nullopt;
        default:
            return Pos(static_cast<int>(p) + 1);
    }
}

// R2.4: where something floating on the disc at `p` is after one river step that flows into
// branch `flow`: still at `p` on the other branch (that branch does not move), one position
// down-river, or nullopt when its disc falls over the waterfall. The one rule for canoes and
// pieces in phase III and for the river preview (preview.cpp), so that they cannot differ.
constexpr std::optional<Pos> float_step(Pos p, Branch flow) {
    if (is_branch(p) && branch_of(p) != flow) return p;
    return step_down(p, flow);
}

// R1.6 / R7.1: the weather track.
inline constexpr int kWeatherMin = -1;
inline constexpr int kWeatherMax = 2;

// R7.2: the lowest number card of the round once `c` is revealed (0: none yet).
constexpr int lowest_number_after(int lowest, Card c) {
    if (!is_number_card(c)) return lowest;
    return lowest == 0 || card_number(c) < lowest ? card_number(c) : lowest;
}

// R7.2: the river's speed (0 or less: it does not move). Phase III and the preview both use it.
constexpr int river_speed(int lowest_number, int weather) {
    return lowest_number + weather;
}

// Where a walk ends.
struct Destination {
    enum Kind { Land, River, Waterfall } kind = River;
    Pos pos = Pos::T1;          // when kind == River
    int steps = 0;              // spaces moved, the step onto land or over the fall included
    bool used_branch = false;   // the walk, or the whirlpool's push, went from T5 into a branch
    bool pushed = false;        // R10.3: it ended on the whirlpool and was pushed down-river
    Pos pushed_from = Pos::T1;  // where the whirlpool was, when pushed
};

// R10.3: a canoe may not stay on the whirlpool: one position down-river (the branch `b` at
// the fork; over the waterfall from L7/R7).
void push_off_whirlpool(Destination& d, Branch b);

// R4.3/R4.4/R10.3: up-river with exactly `budget` points, or fewer when land is reached. The
// step out of the whirlpool's position costs 2; a walk ending on it is pushed (branch `b`).
Destination walk_up(Pos from, int budget, Branch b, std::optional<Pos> whirlpool);

// R4.3/R4.6/R10.3: down-river from `from` (nullopt = land, R4.5) with exactly `budget` points;
// the walk stops early only by going over the waterfall. `b` is the choice at the fork.
Destination walk_down(std::optional<Pos> from, int budget, Branch b, std::optional<Pos> whirlpool);

}  // namespace niagara::detail
