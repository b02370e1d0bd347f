#include "river.hpp"

namespace niagara::detail {

void push_off_whirlpool(Destination& d, Branch b) {
    d.pushed = true;
    d.pushed_from = d.pos;
    if (d.pos == Pos::T5) d.used_branch = true;
    if (auto next = step_down(d.pos, b))
        d.pos = *next;
    else
        d.kind = Destination::Waterfall;
}

Destination walk_up(Pos from, int budget, Branch b, std::optional<Pos> whirlpool) {
    Destination d;
    Pos at = from;
    while (budget > 0) {
        const int cost = at == whirlpool ? 2 : 1;
        if (budget < cost) break;  // the last point is spent on the whirlpool (figure 4c)
        budget -= cost;
        ++d.steps;
        auto next = step_up(at);
        if (!next) {
            d.kind = Destination::Land;  // R4.4: leftover points may be wasted on landing
            return d;
        }
        at = *next;
    }
    d.pos = at;
    if (at == whirlpool) push_off_whirlpool(d, b);
    return d;
}

Destination walk_down(std::optional<Pos> from, int budget, Branch b, std::optional<Pos> whirlpool) {
    Destination d;
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
        auto next = step_down(at, b);
        if (!next) {
            d.kind = Destination::Waterfall;  // R4.6: the move ends; the canoe is lost
            return d;
        }
        at = *next;
    }
    d.pos = at;
    if (at == whirlpool) push_off_whirlpool(d, b);
    return d;
}

}  // namespace niagara::detail
