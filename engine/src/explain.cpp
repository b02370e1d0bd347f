// Reasons for rejected actions, in words a player understands, citing the rule.
// Legality itself is decided by the generator (game.cpp); this only explains a refusal, so a
// gap here can make a message vaguer but never make an illegal action legal.
#include <bit>
#include <string>

#include "internal.hpp"
#include "niagara/notation.hpp"
#include "river.hpp"

namespace niagara::detail {
namespace {

std::string canoe_label(int canoe) {
    return "canoe " + std::to_string(canoe + 1);
}
std::string colour(Colour c) {
    return std::string(colour_name(c));
}
std::string points(int n) {
    return std::to_string(n) + (n == 1 ? " point" : " points");
}

std::string hand_text(std::uint16_t hand) {
    std::string text;
    for (int c = 0; c < kCardKinds; ++c)
        if (hand & card_bit(Card(c)))
            text += (text.empty() ? "" : " ") + std::string(card_name(Card(c)));
    return text.empty() ? "nothing" : text;
}

std::string where_text(const Canoe& boat) {
    switch (boat.where) {
        case Where::Land:
            return "on land";
        case Where::Lost:
            return "lost over the waterfall";
        case Where::River:
            return "at " + std::string(pos_name(boat.pos));
        case Where::Bank:
            return "on the river bank at " + std::string(pos_name(boat.pos));
    }
    return "";
}

std::string explain_phase_one(const State& s, const Action& a) {
    const Seat& player = s.seats[a.seat];
    if (player.chosen) return "you have already chosen your card for this round";
    if (player.free_canoe_pending)
        return "first choose which canoe comes back for free: free 1 (the double canoe) or free 2 "
               "(R8.4)";
    if (player.fork_pending) {
        const std::string k = std::to_string(std::countr_zero(player.fork_pending) + 1);
        return "first choose the branch canoe " + k + " drifts into from the whirlpool: fork " + k +
               " left or fork " + k + " right (R10.5)";
    }
    if (a.type == ActionType::PlayCard) {
        if (!(s.rules.deck & card_bit(a.card)))
            return "the " + std::string(card_name(a.card)) +
                   " card is only in the Spirits expansion (R10.1)";
        return "you have already played your " + std::string(card_name(a.card)) +
               " card; your hand: " + hand_text(player.hand) + " (R3.5)";
    }
    if (a.type == ActionType::BuyBack) {
        if (a.canoe < 0 || a.canoe >= kCanoesPerSeat) return "canoes are numbered 1 and 2";
        if (player.canoes[a.canoe].where != Where::Lost)
            return canoe_label(a.canoe) +
                   " is not lost; only a lost canoe can be bought back (R8.3)";
        return "your collection has no " + colour(a.colour) + " gem to pay with (R8.3)";
    }
    return "it is phase I: choose a card first (for example: play 4) (R3.1)";
}

std::string explain_stage(const State& s, const Action& a) {
    switch (s.turn.stage) {
        case Stage::Elk:
            if (a.type != ActionType::TakeElk)
                return "first decide about the Hurried Elk: elk 1, elk 2 or elk no (R10.8)";
            return "only a canoe on L7 or R7 can take the elk (R10.8)";
        case Stage::Joe:
            if (a.type != ActionType::MeetJoe)
                return "your turn ends with Diamond Joe: joe take, joe swap, joe give, or joe no "
                       "(R11.5)";
            return "that deal with Diamond Joe is not possible: a canoe on his position takes his "
                   "gem "
                   "into a free place, swaps a gem of another colour for it, or gives a gem to an "
                   "empty Joe (R11.5)";
        case Stage::Cloud:
        case Stage::Move:
            break;
    }
    switch (a.type) {
        case ActionType::TakeElk:
            if (!s.options.spirits)
                return "the Hurried Elk is part of the Spirits expansion (R10.8)";
            if (s.elk.at == Elk::At::Canoe)
                return seat_label(s.elk.seat) + "'s canoe " + std::to_string(s.elk.canoe + 1) +
                       " has the Hurried Elk (R10.8)";
            if (s.elk.at == Elk::At::Returning)
                return "the Hurried Elk is on its way back to the red place until after phase III "
                       "(R10.8)";
            return "the elk is taken at the start of your turn, by a canoe on L7 or R7 (R10.8)";
        case ActionType::MeetJoe:
            return "Diamond Joe is met at the end of your turn (R11.5)";
        case ActionType::Fork:
        case ActionType::FreeCanoe:
            return "that choice is made in phase I";
        default:
            return "";
    }
}

std::string explain_gem_moment(const State& s, const Action& a, const Canoe& boat,
                               std::optional<Pos> at, const Gems& cargo, const char* when) {
    if (a.unload.empty() && a.load.empty()) return "";
    const std::optional<Colour> place = at ? place_at(*at) : std::nullopt;
    if (!place)
        return std::string("there is no discovery place where ") + canoe_label(a.canoe) + " is " +
               when + " the move (" + (at ? std::string(pos_name(*at)) : "land") + ") (R5.2)";
    Gems left = cargo;
    for (Colour c : a.unload) {
        if (left.of(c) == 0)
            return canoe_label(a.canoe) + " carries no " + colour(c) + " gem to unload";
        left.remove(c);
    }
    const Gems& gems = s.place(*place);
    for (Colour c : a.load) {
        for (Colour u : a.unload)
            if (u == c)
                return "a gem loaded after unloading must differ in colour from the unloaded one "
                       "(R5.5)";
        if (gems.of(c) == 0)
            return "the " + colour(*place) + " discovery place has no " + colour(c) + " gem";
    }
    for (Colour c : a.load)
        left.add(c);
    if (left.total() > s.rules.capacity[a.canoe])
        return canoe_label(a.canoe) + " carries at most " +
               std::to_string(s.rules.capacity[a.canoe]) +
               (s.rules.capacity[a.canoe] == 1 ? " gem" : " gems") + " (R5.1)";
    (void)boat;
    return "";
}

std::string explain_move(const State& s, const Action& a) {
    const Turn& t = s.turn;
    if (t.stage == Stage::Cloud)
        return "you played the cloud: move the weather up or down, no canoe (R7.1)";
    if (a.canoe < 0 || a.canoe >= kCanoesPerSeat) return "canoes are numbered 1 and 2";
    const std::uint8_t bit = std::uint8_t(1u << a.canoe);
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    if (t.moved & bit) return canoe_label(a.canoe) + " has already moved this turn (R4.2)";
    if (t.exactly_one && t.moved)
        return t.card == Card::OneTwoThree
                   ? "with the 1/2/3 card only one canoe moves (R10.6)"
                   : "with no canoe in the river at the start of the turn, only one canoe may move "
                     "(R4.2)";
    if (!((t.required | t.optional) & bit))
        return canoe_label(a.canoe) + " is " + where_text(boat) + " and cannot move";

    const bool chosen_points = s.turn.card == Card::OneTwoThree;
    if (chosen_points && (a.points < 1 || a.points > 3))
        return "with the 1/2/3 card say how many points, e.g. canoe " +
               std::to_string(a.canoe + 1) + " using 2 up 2 (R10.6)";
    if (!chosen_points && a.points) return "only the 1/2/3 card lets you choose the points (R10.6)";
    const int total = paddle_points(s, a);
    const int handled = a.unload.size + a.load.size;
    if (handled && total < 2) return "with the card 1 no gem can be loaded or unloaded (R5.3)";
    if (2 * handled > total)
        return "handling " + std::to_string(handled) + " gems costs " + points(2 * handled) +
               " but the card gives " + points(total) + " (R5.3)";
    const int budget = total - 2 * handled;
    const std::optional<Pos> start = boat.in_river() ? std::optional<Pos>(boat.pos) : std::nullopt;

    if (a.timing == Timing::Before) {
        auto why = explain_gem_moment(s, a, boat, start, boat.cargo, "before");
        if (!why.empty()) return why;
    }
    if (budget == 0 && a.direction != Direction::None)
        return "loading and unloading use all " + points(total) +
               "; the canoe does not move (R5.8)";
    if (budget > 0 && a.direction == Direction::None) {
        // R4.4 lets points go unused only on reaching land: say so where land is in reach.
        const bool land_in_reach =
            start &&
            walk_up(*start, budget, Branch::Left,
                    s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt)
                    .kind == Destination::Land;
        return land_in_reach
                   ? "the canoe must move: say up or down and how far (points may be "
                     "left unused only by reaching land, R4.4)"
                   : "all " + points(total) + " must be used: say up or down and how far (R4.4)";
    }
    if (budget == 0 && a.timing == Timing::After)
        return "with no movement, write the loading before the move";
    if (a.direction == Direction::Up && !start)
        return "a canoe on land can only move down-river, into the river (R4.5)";

    const std::optional<Pos> whirlpool =
        s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt;
    const Branch branch = a.branch.value_or(Branch::Left);
    Destination d;
    if (a.direction == Direction::Up) d = walk_up(*start, budget, branch, whirlpool);
    if (a.direction == Direction::Down) d = walk_down(start, budget, branch, whirlpool);
    if (a.direction != Direction::None && d.steps != a.steps) {
        // Rulebooks count a landing or a fall with all the card's points ("3 down"); the
        // notation counts spaces moved, so say exactly what to write.
        Action fixed = a;
        fixed.steps = std::uint8_t(d.steps);
        if (d.used_branch && !fixed.branch) fixed.branch = Branch::Left;
        const std::string end = d.kind == Destination::Land ? "reaches land"
                                : d.kind == Destination::Waterfall
                                    ? "goes over the waterfall"
                                    : "ends at " + std::string(pos_name(d.pos));
        std::string write = "'" + to_text(fixed) + "'";
        if (d.used_branch && !a.branch) {
            fixed.branch = Branch::Right;
            write += " or '" + to_text(fixed) + "'";
        }
        // Why the count is that: only a move ending in the river must use every point.
        const std::string rule =
            d.kind == Destination::Land
                ? "a canoe that reaches land may leave its other points unused; write the spaces "
                  "moved, R4.4"
            : d.kind == Destination::Waterfall
                ? "the move ends at the waterfall; write the spaces moved, R4.6"
                : "all points must be used, R4.4";
        return "with " + points(budget) + " for moving, " + canoe_label(a.canoe) + " " + end +
               " after " + std::to_string(d.steps) + (d.steps == 1 ? " space" : " spaces") +
               "; write " + write + " (" + rule + ")";
    }
    if (d.used_branch && !a.branch)
        return d.pushed && d.pushed_from == Pos::T5
                   ? "the canoe ends on the whirlpool at the fork and drifts into a branch: say "
                     "left or right (R10.3)"
                   : "the move passes the fork at T5: say left or right (R4.3)";
    if (!d.used_branch && a.branch)
        return "this move does not reach the fork; leave out left/right";
    if (d.pushed && (a.timing == Timing::After || a.steal_count))
        return "a canoe pushed off the whirlpool may not load, unload or steal after its move "
               "(R10.3)";
    if (a.timing == Timing::After) {
        if (d.kind != Destination::River)
            return std::string("the canoe ends ") +
                   (d.kind == Destination::Land ? "on land" : "over the waterfall") +
                   " and cannot load or unload there (R5.2)";
        auto why = explain_gem_moment(s, a, boat, d.pos, boat.cargo, "after");
        if (!why.empty()) return why;
    }
    if (a.steal_count > 0) {
        if (a.direction == Direction::None)
            return "only a canoe that moved up-river can steal (R6.1)";
        if (a.direction == Direction::Down) return "a canoe moving down-river never steals (R6.4)";
        if (d.kind != Destination::River) return "there is nothing to steal on land (R6.2)";
        if (a.timing == Timing::After && handled)
            return "a canoe that loads or unloads after its move cannot steal (R6.1)";
        Gems cargo = boat.cargo;
        for (Colour c : a.unload)
            cargo.remove(c);
        for (Colour c : a.load)
            cargo.add(c);
        if (cargo.total() + a.steal_count > s.rules.capacity[a.canoe])
            return canoe_label(a.canoe) + " has no free place for a stolen gem (R6.1, R6.3)";
        for (int i = 0; i < a.steal_count; ++i) {
            const Steal& st = a.steals[i];
            if (st.seat == a.seat) return "you cannot steal from your own canoe (R6.2)";
            if (st.seat < 0 || st.seat >= s.players() || st.canoe < 0 || st.canoe >= kCanoesPerSeat)
                return "there is no such canoe to steal from";
            const Canoe& victim = s.seats[st.seat].canoes[st.canoe];
            if (victim.where == Where::Bank && victim.pos == d.pos)
                return seat_label(st.seat) + "'s " + canoe_label(st.canoe) +
                       " is on the river bank and cannot be robbed (R10.5)";
            if (!victim.in_river() || victim.pos != d.pos)
                return seat_label(st.seat) + "'s " + canoe_label(st.canoe) + " is not at " +
                       std::string(pos_name(d.pos)) + " (R6.2)";
            if (victim.cargo.of(st.colour) == 0)
                return seat_label(st.seat) + "'s " + canoe_label(st.canoe) + " carries no " +
                       colour(st.colour) + " gem";
        }
    }
    return "that is not a legal move for " + canoe_label(a.canoe);
}

}  // namespace

std::string explain_rejection(const State& s, const Action& a) {
    if (s.phase == Phase::GameOver) return "the game is over";
    if (a.seat < 0 || a.seat >= s.players())
        return "there is no seat " + std::to_string(a.seat + 1);
    if (s.phase == Phase::ChooseCards) {
        const Seat& player = s.seats[a.seat];
        if (a.type == ActionType::FreeCanoe && player.free_canoe_pending)
            return "that canoe is not lost";
        if (a.type == ActionType::Fork && player.fork_pending)
            return "choose the branch for canoe " +
                   std::to_string(std::countr_zero(player.fork_pending) + 1) + " (R10.5)";
        if (a.type != ActionType::PlayCard && a.type != ActionType::BuyBack && !player.chosen &&
            !player.free_canoe_pending && !player.fork_pending)
            return "it is phase I: every player chooses a card first (R3.1)";
        return explain_phase_one(s, a);
    }
    if (a.seat != s.turn.seat)
        return "it is " + seat_label(s.turn.seat) + "'s turn, not yours (R3.2)";
    if (auto why = explain_stage(s, a); !why.empty()) return why;
    switch (a.type) {
        case ActionType::PlayCard:
        case ActionType::BuyBack:
            return "cards are chosen and canoes bought back in phase I only (R3.1)";
        case ActionType::Cloud:
            if (s.turn.stage != Stage::Cloud)
                return "you played " + std::string(card_name(s.turn.card)) +
                       ", not the cloud (R7.1)";
            return std::string("the weather is at ") + (s.weather > 0 ? "+" : "") +
                   std::to_string(s.weather) + "; the cloud must move " + (a.up ? "down" : "up") +
                   " (R7.1)";
        case ActionType::EndTurn:
            if (s.turn.stage == Stage::Cloud) return "move the weather up or down first (R7.1)";
            if (s.turn.card == Card::OneTwoThree)
                return "with the 1/2/3 card you move exactly one canoe (R10.6)";
            if (s.turn.exactly_one)
                return "with no canoe in the river you must move one canoe from land (R4.2)";
            for (int k = 0; k < kCanoesPerSeat; ++k)
                if ((s.turn.required & ~s.turn.moved) & (1u << k))
                    return canoe_label(k) + " is in the river and must move (R4.2)";
            return "you cannot end your turn now";
        case ActionType::MoveCanoe:
            return explain_move(s, a);
        case ActionType::TakeElk:
        case ActionType::Fork:
        case ActionType::FreeCanoe:
        case ActionType::MeetJoe:
            break;
    }
    return "that action is not legal now";
}

}  // namespace niagara::detail
