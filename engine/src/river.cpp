#include "river.hpp"

namespace niagara::detail {

Destination walk_up(Pos from, int budget) {
    Destination d;
    Pos at = from;
    while (budget > 0) {
        --budget;
        ++d.steps;
        auto next = step_up(at);
        if (!next) {
            d.kind = Destination::Land;  // R4.4: leftover points may be wasted on landing
            return d;
        }
        at = *next;
    }
    d.pos = at;
    return d;
}

Destination walk_down(std::optional<Pos> from, int budget, Branch branch) {
    Destination d;
    if (budget <= 0) return d;
    Pos at = Pos::T1;
    if (from) {
        at = *from;
    } else {
        --budget;  // R4.3: land -> T1 costs 1
        ++d.steps;
    }
    while (budget > 0) {
        --budget;
        ++d.steps;
        if (at == Pos::T5) d.used_branch = true;
        auto next = step_down(at, branch);
        if (!next) {
            d.kind = Destination::Waterfall;  // R4.6: the move ends; the canoe is lost
            return d;
        }
        at = *next;
    }
    d.pos = at;
    return d;
}

}  // namespace niagara::detail
