// Reasons for rejected actions, in words a player understands, citing the rule.
// Legality itself is decided by the generator (game.cpp); this only explains a refusal, so a
// gap here can make a message vaguer but never make an illegal action legal.
#include <bit>
#include <string>
#include <vector>

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
// The hand as an argument: "1 3 cloud", nested as {first} {rest}.
TextValue hand_arg(std::uint16_t hand) {
    std::vector<TextValue> cards;
    for (int c = 0; c < kCardKinds; ++c)
        if (hand & card_bit(Card(c))) cards.push_back(text_arg::card(Card(c)));
    if (cards.empty()) return TextValue::raw(R"({"key":"engine.refuse.hand_empty"})");
    return text_arg::joined("engine.refuse.hand_list", cards);
}
TextValue nested(const char* key, const TextArgs& args = {}) {
    return text_arg::text(std::string("engine.refuse.") + key, args);
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
TextValue where_arg(const Canoe& boat) {
    const TextArgs at{{"pos", pos_name(boat.pos)}};
    switch (boat.where) {
        case Where::Land:
            return nested("where_land");
        case Where::Lost:
            return nested("where_lost");
        case Where::River:
            return nested("where_river", at);
        case Where::Bank:
            return nested("where_bank", at);
    }
    return nested("where_land");
}
TextArgs canoe_arg(int canoe) {
    return TextArgs{{"canoe", canoe + 1}};
}
// "Seat 2's canoe 1" as arguments {victim, canoe}.
TextArgs seat_canoe(int seat, int canoe) {
    return TextArgs{{"seat", text_arg::seat(seat)}, {"canoe", canoe + 1}};
}

Text explain_phase_one(const State& s, const Action& a) {
    const Seat& player = s.seats[a.seat];
    if (player.chosen)
        return refusal("already_chosen", {}, "you have already chosen your card for this round");
    if (player.free_canoe_pending)
        return refusal("free_first", {},
                       "first choose which canoe comes back for free: free 1 (the double canoe) "
                       "or free 2 (R8.4)");
    if (player.fork_pending) {
        const int canoe = std::countr_zero(player.fork_pending);
        const std::string k = std::to_string(canoe + 1);
        return refusal("fork_first", canoe_arg(canoe),
                       "first choose the branch canoe " + k +
                           " drifts into from the whirlpool: fork " + k + " left or fork " + k +
                           " right (R10.5)");
    }
    if (a.type == ActionType::PlayCard) {
        if (!(s.rules.deck & card_bit(a.card)))
            return refusal("spirits_card", {{"card", text_arg::card(a.card)}},
                           "the " + std::string(card_name(a.card)) +
                               " card is only in the Spirits expansion (R10.1)");
        return refusal("card_played",
                       {{"card", text_arg::card(a.card)}, {"hand", hand_arg(player.hand)}},
                       "you have already played your " + std::string(card_name(a.card)) +
                           " card; your hand: " + hand_text(player.hand) + " (R3.5)");
    }
    if (a.type == ActionType::BuyBack) {
        if (a.canoe < 0 || a.canoe >= kCanoesPerSeat)
            return refusal("canoe_numbers", {}, "canoes are numbered 1 and 2");
        if (player.canoes[a.canoe].where != Where::Lost)
            return refusal(
                "not_lost", canoe_arg(a.canoe),
                canoe_label(a.canoe) + " is not lost; only a lost canoe can be bought back (R8.3)");
        return refusal("no_gem_to_pay", {{"gem", text_arg::gem(a.colour)}},
                       "your collection has no " + colour(a.colour) + " gem to pay with (R8.3)");
    }
    return refusal("choose_card", {},
                   "it is phase I: choose a card first (for example: play 4) (R3.1)");
}

Text explain_stage(const State& s, const Action& a) {
    switch (s.turn.stage) {
        case Stage::Elk:
            if (a.type != ActionType::TakeElk)
                return refusal(
                    "elk_first", {},
                    "first decide about the Hurried Elk: elk 1, elk 2 or elk no (R10.8)");
            return refusal("elk_where", {}, "only a canoe on L7 or R7 can take the elk (R10.8)");
        case Stage::Joe:
            if (a.type != ActionType::MeetJoe)
                return refusal("joe_first", {},
                               "your turn ends with Diamond Joe: joe take, joe swap, joe give, or "
                               "joe no (R11.5)");
            return refusal("joe_deal", {},
                           "that deal with Diamond Joe is not possible: a canoe on his position "
                           "takes his gem into a free place, swaps a gem of another colour for "
                           "it, or gives a gem to an empty Joe (R11.5)");
        case Stage::Cloud:
        case Stage::Move:
            break;
    }
    switch (a.type) {
        case ActionType::TakeElk:
            if (!s.options.spirits)
                return refusal("elk_spirits", {},
                               "the Hurried Elk is part of the Spirits expansion (R10.8)");
            if (s.elk.at == Elk::At::Canoe)
                return refusal("elk_on_canoe", seat_canoe(s.elk.seat, s.elk.canoe),
                               seat_label(s.elk.seat) + "'s canoe " +
                                   std::to_string(s.elk.canoe + 1) +
                                   " has the Hurried Elk (R10.8)");
            if (s.elk.at == Elk::At::Returning)
                return refusal("elk_returning", {},
                               "the Hurried Elk is on its way back to the red place until after "
                               "phase III (R10.8)");
            return refusal(
                "elk_when", {},
                "the elk is taken at the start of your turn, by a canoe on L7 or R7 (R10.8)");
        case ActionType::MeetJoe:
            return refusal("joe_when", {}, "Diamond Joe is met at the end of your turn (R11.5)");
        case ActionType::Fork:
        case ActionType::FreeCanoe:
            return refusal("phase_one_choice", {}, "that choice is made in phase I");
        default:
            return {};
    }
}

Text explain_gem_moment(const State& s, const Action& a, std::optional<Pos> at, const Gems& cargo,
                        bool before) {
    if (a.unload.empty() && a.load.empty()) return {};
    const std::optional<Colour> place = at ? place_at(*at) : std::nullopt;
    if (!place)
        return refusal(before ? "no_place_before" : "no_place_after",
                       {{"canoe", a.canoe + 1},
                        {"at", at ? TextValue(pos_name(*at)) : text_arg::place("land")}},
                       std::string("there is no discovery place where ") + canoe_label(a.canoe) +
                           " is " + (before ? "before" : "after") + " the move (" +
                           (at ? std::string(pos_name(*at)) : "land") + ") (R5.2)");
    Gems left = cargo;
    for (Colour c : a.unload) {
        if (left.of(c) == 0)
            return refusal("nothing_to_unload", {{"canoe", a.canoe + 1}, {"gem", text_arg::gem(c)}},
                           canoe_label(a.canoe) + " carries no " + colour(c) + " gem to unload");
        left.remove(c);
    }
    const Gems& gems = s.place(*place);
    for (Colour c : a.load) {
        for (Colour u : a.unload)
            if (u == c)
                return refusal("reload_same", {},
                               "a gem loaded after unloading must differ in colour from the "
                               "unloaded one (R5.5)");
        if (gems.of(c) == 0)
            return refusal(
                "place_lacks",
                {{"place", text_arg::discovery_place(*place)}, {"gem", text_arg::gem(c)}},
                "the " + colour(*place) + " discovery place has no " + colour(c) + " gem");
    }
    for (Colour c : a.load)
        left.add(c);
    const int capacity = s.rules.capacity[a.canoe];
    if (left.total() > capacity)
        return refusal("capacity", {{"canoe", a.canoe + 1}, {"count", capacity}},
                       canoe_label(a.canoe) + " carries at most " + std::to_string(capacity) +
                           (capacity == 1 ? " gem" : " gems") + " (R5.1)");
    return {};
}

// R4.4 / R4.6: a move whose spaces differ from the walk; say exactly what to write.
Text explain_steps(const Action& a, const Destination& d, int budget) {
    // Rulebooks count a landing or a fall with all the card's points ("3 down"); the notation
    // counts spaces moved, so say exactly what to write.
    Action fixed = a;
    fixed.steps = std::uint8_t(d.steps);
    if (d.used_branch && !fixed.branch) fixed.branch = Branch::Left;
    const std::string end = d.kind == Destination::Land ? "reaches land"
                            : d.kind == Destination::Waterfall
                                ? "goes over the waterfall"
                                : "ends at " + std::string(pos_name(d.pos));
    const TextValue end_arg = d.kind == Destination::Land ? nested("end_land")
                         : d.kind == Destination::Waterfall
                             ? nested("end_falls")
                             : nested("end_pos", {{"pos", pos_name(d.pos)}});
    const std::string first = to_text(fixed);
    std::string write = "'" + first + "'";
    TextValue write_arg = nested("write_one", {{"command", first}});
    if (d.used_branch && !a.branch) {
        fixed.branch = Branch::Right;
        const std::string second = to_text(fixed);
        write += " or '" + second + "'";
        write_arg = nested("write_two", {{"first", first}, {"second", second}});
    }
    // Why the count is that: only a move ending in the river must use every point.
    const std::string rule =
        d.kind == Destination::Land
            ? "a canoe that reaches land may leave its other points unused; write the spaces "
              "moved, R4.4"
        : d.kind == Destination::Waterfall
            ? "the move ends at the waterfall; write the spaces moved, R4.6"
            : "all points must be used, R4.4";
    const TextValue rule_arg = nested(d.kind == Destination::Land        ? "rule_land"
                                 : d.kind == Destination::Waterfall ? "rule_falls"
                                                                    : "rule_river");
    return refusal("steps",
                   {{"budget", budget},
                    {"canoe", a.canoe + 1},
                    {"end", end_arg},
                    {"steps", d.steps},
                    {"write", write_arg},
                    {"rule", rule_arg}},
                   "with " + points(budget) + " for moving, " + canoe_label(a.canoe) + " " + end +
                       " after " + std::to_string(d.steps) + (d.steps == 1 ? " space" : " spaces") +
                       "; write " + write + " (" + rule + ")");
}

Text explain_steal(const State& s, const Action& a, const Destination& d, int handled) {
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    if (a.direction == Direction::None)
        return refusal("steal_still", {}, "only a canoe that moved up-river can steal (R6.1)");
    if (a.direction == Direction::Down)
        return refusal("steal_down", {}, "a canoe moving down-river never steals (R6.4)");
    if (d.kind != Destination::River)
        return refusal("steal_land", {}, "there is nothing to steal on land (R6.2)");
    if (a.timing == Timing::After && handled)
        return refusal("steal_after_gems", {},
                       "a canoe that loads or unloads after its move cannot steal (R6.1)");
    Gems cargo = boat.cargo;
    for (Colour c : a.unload)
        cargo.remove(c);
    for (Colour c : a.load)
        cargo.add(c);
    if (cargo.total() + a.steal_count > s.rules.capacity[a.canoe])
        return refusal("steal_full", canoe_arg(a.canoe),
                       canoe_label(a.canoe) + " has no free place for a stolen gem (R6.1, R6.3)");
    for (int i = 0; i < a.steal_count; ++i) {
        const Steal& st = a.steals[i];
        if (st.seat == a.seat)
            return refusal("steal_own", {}, "you cannot steal from your own canoe (R6.2)");
        if (st.seat < 0 || st.seat >= s.players() || st.canoe < 0 || st.canoe >= kCanoesPerSeat)
            return refusal("steal_no_canoe", {}, "there is no such canoe to steal from");
        const Canoe& victim = s.seats[st.seat].canoes[st.canoe];
        const std::string whose = seat_label(st.seat) + "'s " + canoe_label(st.canoe);
        TextArgs args = seat_canoe(st.seat, st.canoe);
        if (victim.where == Where::Bank && victim.pos == d.pos)
            return refusal("steal_bank", std::move(args),
                           whose + " is on the river bank and cannot be robbed (R10.5)");
        if (!victim.in_river() || victim.pos != d.pos) {
            args.set("pos", pos_name(d.pos));
            return refusal("steal_not_there", std::move(args),
                           whose + " is not at " + std::string(pos_name(d.pos)) + " (R6.2)");
        }
        if (victim.cargo.of(st.colour) == 0) {
            args.set("gem", text_arg::gem(st.colour));
            return refusal("steal_no_gem", std::move(args),
                           whose + " carries no " + colour(st.colour) + " gem");
        }
    }
    return {};
}

Text explain_move(const State& s, const Action& a) {
    const Turn& t = s.turn;
    if (t.stage == Stage::Cloud)
        return refusal("cloud_played", {},
                       "you played the cloud: move the weather up or down, no canoe (R7.1)");
    if (a.canoe < 0 || a.canoe >= kCanoesPerSeat)
        return refusal("canoe_numbers", {}, "canoes are numbered 1 and 2");
    const std::uint8_t bit = std::uint8_t(1u << a.canoe);
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    if (t.moved & bit)
        return refusal("moved_already", canoe_arg(a.canoe),
                       canoe_label(a.canoe) + " has already moved this turn (R4.2)");
    if (t.exactly_one && t.moved)
        return t.card == Card::OneTwoThree
                   ? refusal("one_canoe_123", {},
                             "with the 1/2/3 card only one canoe moves (R10.6)")
                   : refusal("one_canoe", {},
                             "with no canoe in the river at the start of the turn, only one "
                             "canoe may move (R4.2)");
    if (!((t.required | t.optional) & bit))
        return refusal("cannot_move", {{"canoe", a.canoe + 1}, {"where", where_arg(boat)}},
                       canoe_label(a.canoe) + " is " + where_text(boat) + " and cannot move");

    const bool chosen_points = s.turn.card == Card::OneTwoThree;
    if (chosen_points && (a.points < 1 || a.points > 3))
        return refusal("say_points", canoe_arg(a.canoe),
                       "with the 1/2/3 card say how many points, e.g. canoe " +
                           std::to_string(a.canoe + 1) + " using 2 up 2 (R10.6)");
    if (!chosen_points && a.points)
        return refusal("points_123", {}, "only the 1/2/3 card lets you choose the points (R10.6)");
    const int total = paddle_points(s, a);
    const int handled = a.unload.size + a.load.size;
    if (handled && total < 2)
        return refusal("card_one_gems", {},
                       "with the card 1 no gem can be loaded or unloaded (R5.3)");
    if (2 * handled > total)
        return refusal("gems_cost", {{"count", handled}, {"cost", 2 * handled}, {"total", total}},
                       "handling " + std::to_string(handled) + " gems costs " +
                           points(2 * handled) + " but the card gives " + points(total) +
                           " (R5.3)");
    const int budget = total - 2 * handled;
    const std::optional<Pos> start = boat.in_river() ? std::optional<Pos>(boat.pos) : std::nullopt;

    if (a.timing == Timing::Before) {
        Text why = explain_gem_moment(s, a, start, boat.cargo, true);
        if (!why.key.empty()) return why;
    }
    if (budget == 0 && a.direction != Direction::None)
        return refusal(
            "no_points_left", {{"total", total}},
            "loading and unloading use all " + points(total) + "; the canoe does not move (R5.8)");
    if (budget > 0 && a.direction == Direction::None) {
        // R4.4 lets points go unused only on reaching land: say so where land is in reach.
        const bool land_in_reach =
            start &&
            walk_up(*start, budget, Branch::Left,
                    s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt)
                    .kind == Destination::Land;
        return land_in_reach
                   ? refusal("must_move_land", {},
                             "the canoe must move: say up or down and how far (points may be "
                             "left unused only by reaching land, R4.4)")
                   : refusal("use_all", {{"total", total}},
                             "all " + points(total) +
                                 " must be used: say up or down and how far (R4.4)");
    }
    if (budget == 0 && a.timing == Timing::After)
        return refusal("load_before", {}, "with no movement, write the loading before the move");
    if (a.direction == Direction::Up && !start)
        return refusal("land_up", {},
                       "a canoe on land can only move down-river, into the river (R4.5)");

    const std::optional<Pos> whirlpool =
        s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt;
    const Branch branch = a.branch.value_or(Branch::Left);
    Destination d;
    if (a.direction == Direction::Up) d = walk_up(*start, budget, branch, whirlpool);
    if (a.direction == Direction::Down) d = walk_down(start, budget, branch, whirlpool);
    if (a.direction != Direction::None && d.steps != a.steps) return explain_steps(a, d, budget);
    if (d.used_branch && !a.branch)
        return d.pushed && d.pushed_from == Pos::T5
                   ? refusal("say_branch_whirlpool", {},
                             "the canoe ends on the whirlpool at the fork and drifts into a "
                             "branch: say left or right (R10.3)")
                   : refusal("say_branch", {},
                             "the move passes the fork at T5: say left or right (R4.3)");
    if (!d.used_branch && a.branch)
        return refusal("no_fork", {}, "this move does not reach the fork; leave out left/right");
    if (d.pushed && (a.timing == Timing::After || a.steal_count))
        return refusal("pushed_after", {},
                       "a canoe pushed off the whirlpool may not load, unload or steal after its "
                       "move (R10.3)");
    if (a.timing == Timing::After) {
        if (d.kind != Destination::River)
            return d.kind == Destination::Land
                       ? refusal("ends_land", {},
                                 "the canoe ends on land and cannot load or unload there (R5.2)")
                       : refusal("ends_falls", {},
                                 "the canoe ends over the waterfall and cannot load or unload "
                                 "there (R5.2)");
        Text why = explain_gem_moment(s, a, d.pos, boat.cargo, false);
        if (!why.key.empty()) return why;
    }
    if (a.steal_count > 0) {
        Text why = explain_steal(s, a, d, handled);
        if (!why.key.empty()) return why;
    }
    return refusal("not_legal_move", canoe_arg(a.canoe),
                   "that is not a legal move for " + canoe_label(a.canoe));
}

}  // namespace

Text explain_rejection(const State& s, const Action& a) {
    if (s.phase == Phase::GameOver) return refusal("game_over", {}, "the game is over");
    if (a.seat < 0 || a.seat >= s.players())
        return refusal("no_seat", {{"number", a.seat + 1}},
                       "there is no seat " + std::to_string(a.seat + 1));
    if (s.phase == Phase::ChooseCards) {
        const Seat& player = s.seats[a.seat];
        if (a.type == ActionType::FreeCanoe && player.free_canoe_pending)
            return refusal("free_not_lost", {}, "that canoe is not lost");
        if (a.type == ActionType::Fork && player.fork_pending) {
            const int canoe = std::countr_zero(player.fork_pending);
            return refusal("fork_choose", canoe_arg(canoe),
                           "choose the branch for canoe " + std::to_string(canoe + 1) + " (R10.5)");
        }
        if (a.type != ActionType::PlayCard && a.type != ActionType::BuyBack && !player.chosen &&
            !player.free_canoe_pending && !player.fork_pending)
            return refusal("phase_one", {},
                           "it is phase I: every player chooses a card first (R3.1)");
        return explain_phase_one(s, a);
    }
    if (a.seat != s.turn.seat)
        return refusal("not_your_turn", {{"seat", text_arg::seat(s.turn.seat)}},
                       "it is " + seat_label(s.turn.seat) + "'s turn, not yours (R3.2)");
    if (Text why = explain_stage(s, a); !why.key.empty()) return why;
    switch (a.type) {
        case ActionType::PlayCard:
        case ActionType::BuyBack:
            return refusal("phase_one_only", {},
                           "cards are chosen and canoes bought back in phase I only (R3.1)");
        case ActionType::Cloud: {
            if (s.turn.stage != Stage::Cloud)
                return refusal(
                    "not_cloud", {{"card", text_arg::card(s.turn.card)}},
                    "you played " + std::string(card_name(s.turn.card)) + ", not the cloud (R7.1)");
            const std::string weather = (s.weather > 0 ? "+" : "") + std::to_string(s.weather);
            return refusal(a.up ? "cloud_down" : "cloud_up", {{"weather", weather}},
                           "the weather is at " + weather + "; the cloud must move " +
                               (a.up ? "down" : "up") + " (R7.1)");
        }
        case ActionType::EndTurn:
            if (s.turn.stage == Stage::Cloud)
                return refusal("weather_first", {}, "move the weather up or down first (R7.1)");
            if (s.turn.card == Card::OneTwoThree)
                return refusal("exactly_one_123", {},
                               "with the 1/2/3 card you move exactly one canoe (R10.6)");
            if (s.turn.exactly_one)
                return refusal(
                    "move_from_land", {},
                    "with no canoe in the river you must move one canoe from land (R4.2)");
            for (int k = 0; k < kCanoesPerSeat; ++k)
                if ((s.turn.required & ~s.turn.moved) & (1u << k))
                    return refusal("must_move", canoe_arg(k),
                                   canoe_label(k) + " is in the river and must move (R4.2)");
            return refusal("cannot_end", {}, "you cannot end your turn now");
        case ActionType::MoveCanoe:
            return explain_move(s, a);
        case ActionType::TakeElk:
        case ActionType::Fork:
        case ActionType::FreeCanoe:
        case ActionType::MeetJoe:
            break;
    }
    return refusal("not_legal", {}, "that action is not legal now");
}

}  // namespace niagara::detail
