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
    if (player.chosen) return refusal("already_chosen", {});
    if (player.free_canoe_pending) return refusal("free_first", {});
    if (player.fork_pending) {
        const int canoe = std::countr_zero(player.fork_pending);
        return refusal("fork_first", canoe_arg(canoe));
    }
    if (a.type == ActionType::PlayCard) {
        if (!(s.rules.deck & card_bit(a.card)))
            return refusal("spirits_card", {{"card", text_arg::card(a.card)}});
        return refusal("card_played",
                       {{"card", text_arg::card(a.card)}, {"hand", hand_arg(player.hand)}});
    }
    if (a.type == ActionType::BuyBack) {
        if (a.canoe < 0 || a.canoe >= kCanoesPerSeat) return refusal("canoe_numbers", {});
        if (player.canoes[a.canoe].where != Where::Lost)
            return refusal("not_lost", canoe_arg(a.canoe));
        return refusal("no_gem_to_pay", {{"gem", text_arg::gem(a.colour)}});
    }
    return refusal("choose_card", {});
}

Text explain_stage(const State& s, const Action& a) {
    switch (s.turn.stage) {
        case Stage::Elk:
            if (a.type != ActionType::TakeElk) return refusal("elk_first", {});
            return refusal("elk_where", {});
        case Stage::Joe:
            if (a.type != ActionType::MeetJoe) return refusal("joe_first", {});
            return refusal("joe_deal", {});
        case Stage::Cloud:
        case Stage::Move:
            break;
    }
    switch (a.type) {
        case ActionType::TakeElk:
            if (!s.options.spirits) return refusal("elk_spirits", {});
            if (s.elk.at == Elk::At::Canoe)
                return refusal("elk_on_canoe", seat_canoe(s.elk.seat, s.elk.canoe));
            if (s.elk.at == Elk::At::Returning) return refusal("elk_returning", {});
            return refusal("elk_when", {});
        case ActionType::MeetJoe:
            return refusal("joe_when", {});
        case ActionType::Fork:
        case ActionType::FreeCanoe:
            return refusal("phase_one_choice", {});
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
                        {"at", at ? TextValue(pos_name(*at)) : text_arg::place("land")}});
    Gems left = cargo;
    for (Colour c : a.unload) {
        if (left.of(c) == 0)
            return refusal("nothing_to_unload",
                           {{"canoe", a.canoe + 1}, {"gem", text_arg::gem(c)}});
        left.remove(c);
    }
    const Gems& gems = s.place(*place);
    for (Colour c : a.load) {
        for (Colour u : a.unload)
            if (u == c) return refusal("reload_same", {});
        if (gems.of(c) == 0)
            return refusal("place_lacks", {{"place", text_arg::discovery_place(*place)},
                                           {"gem", text_arg::gem(c)}});
    }
    for (Colour c : a.load)
        left.add(c);
    const int capacity = s.rules.capacity[a.canoe];
    if (left.total() > capacity)
        return refusal("capacity", {{"canoe", a.canoe + 1}, {"count", capacity}});
    return {};
}

// R4.4 / R4.6: a move whose spaces differ from the walk; say exactly what to write.
Text explain_steps(const Action& a, const Destination& d, int budget) {
    // Rulebooks count a landing or a fall with all the card's points ("3 down"); the notation
    // counts spaces moved, so say exactly what to write.
    Action fixed = a;
    fixed.steps = std::uint8_t(d.steps);
    if (d.used_branch && !fixed.branch) fixed.branch = Branch::Left;
    const TextValue end_arg = d.kind == Destination::Land ? nested("end_land")
                         : d.kind == Destination::Waterfall
                             ? nested("end_falls")
                             : nested("end_pos", {{"pos", pos_name(d.pos)}});
    const std::string first = to_text(fixed);
    TextValue write_arg = nested("write_one", {{"command", first}});
    if (d.used_branch && !a.branch) {
        fixed.branch = Branch::Right;
        const std::string second = to_text(fixed);
        write_arg = nested("write_two", {{"first", first}, {"second", second}});
    }
    // Why the count is that: only a move ending in the river must use every point.
    const TextValue rule_arg = nested(d.kind == Destination::Land        ? "rule_land"
                                 : d.kind == Destination::Waterfall ? "rule_falls"
                                                                    : "rule_river");
    return refusal("steps", {{"budget", budget},
                             {"canoe", a.canoe + 1},
                             {"end", end_arg},
                             {"steps", d.steps},
                             {"write", write_arg},
                             {"rule", rule_arg}});
}

Text explain_steal(const State& s, const Action& a, const Destination& d, int handled) {
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    if (a.direction == Direction::None) return refusal("steal_still", {});
    if (a.direction == Direction::Down) return refusal("steal_down", {});
    if (d.kind != Destination::River) return refusal("steal_land", {});
    if (a.timing == Timing::After && handled) return refusal("steal_after_gems", {});
    Gems cargo = boat.cargo;
    for (Colour c : a.unload)
        cargo.remove(c);
    for (Colour c : a.load)
        cargo.add(c);
    if (cargo.total() + a.steal_count > s.rules.capacity[a.canoe])
        return refusal("steal_full", canoe_arg(a.canoe));
    for (int i = 0; i < a.steal_count; ++i) {
        const Steal& st = a.steals[i];
        if (st.seat == a.seat) return refusal("steal_own", {});
        if (st.seat < 0 || st.seat >= s.players() || st.canoe < 0 || st.canoe >= kCanoesPerSeat)
            return refusal("steal_no_canoe", {});
        const Canoe& victim = s.seats[st.seat].canoes[st.canoe];
        TextArgs args = seat_canoe(st.seat, st.canoe);
        if (victim.where == Where::Bank && victim.pos == d.pos)
            return refusal("steal_bank", std::move(args));
        if (!victim.in_river() || victim.pos != d.pos) {
            args.set("pos", pos_name(d.pos));
            return refusal("steal_not_there", std::move(args));
        }
        if (victim.cargo.of(st.colour) == 0) {
            args.set("gem", text_arg::gem(st.colour));
            return refusal("steal_no_gem", std::move(args));
        }
    }
    return {};
}

Text explain_move(const State& s, const Action& a) {
    const Turn& t = s.turn;
    if (t.stage == Stage::Cloud) return refusal("cloud_played", {});
    if (a.canoe < 0 || a.canoe >= kCanoesPerSeat) return refusal("canoe_numbers", {});
    const std::uint8_t bit = std::uint8_t(1u << a.canoe);
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    if (t.moved & bit) return refusal("moved_already", canoe_arg(a.canoe));
    if (t.exactly_one && t.moved)
        return t.card == Card::OneTwoThree ? refusal("one_canoe_123", {})
                                           : refusal("one_canoe", {});
    if (!((t.required | t.optional) & bit))
        return refusal("cannot_move", {{"canoe", a.canoe + 1}, {"where", where_arg(boat)}});

    const bool chosen_points = s.turn.card == Card::OneTwoThree;
    if (chosen_points && (a.points < 1 || a.points > 3))
        return refusal("say_points", canoe_arg(a.canoe));
    if (!chosen_points && a.points) return refusal("points_123", {});
    const int total = paddle_points(s, a);
    const int handled = a.unload.size + a.load.size;
    if (handled && total < 2) return refusal("card_one_gems", {});
    if (2 * handled > total)
        return refusal("gems_cost", {{"count", handled}, {"cost", 2 * handled}, {"total", total}});
    const int budget = total - 2 * handled;
    const std::optional<Pos> start = boat.in_river() ? std::optional<Pos>(boat.pos) : std::nullopt;

    if (a.timing == Timing::Before) {
        Text why = explain_gem_moment(s, a, start, boat.cargo, true);
        if (!why.key.empty()) return why;
    }
    if (budget == 0 && a.direction != Direction::None)
        return refusal("no_points_left", {{"total", total}});
    if (budget > 0 && a.direction == Direction::None) {
        // R4.4 lets points go unused only on reaching land: say so where land is in reach.
        const bool land_in_reach =
            start &&
            walk_up(*start, budget, Branch::Left,
                    s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt)
                    .kind == Destination::Land;
        return land_in_reach ? refusal("must_move_land", {})
                             : refusal("use_all", {{"total", total}});
    }
    if (budget == 0 && a.timing == Timing::After) return refusal("load_before", {});
    if (a.direction == Direction::Up && !start) return refusal("land_up", {});

    const std::optional<Pos> whirlpool =
        s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt;
    const Branch branch = a.branch.value_or(Branch::Left);
    Destination d;
    if (a.direction == Direction::Up) d = walk_up(*start, budget, branch, whirlpool);
    if (a.direction == Direction::Down) d = walk_down(start, budget, branch, whirlpool);
    if (a.direction != Direction::None && d.steps != a.steps) return explain_steps(a, d, budget);
    if (d.used_branch && !a.branch)
        return d.pushed && d.pushed_from == Pos::T5 ? refusal("say_branch_whirlpool", {})
                                                    : refusal("say_branch", {});
    if (!d.used_branch && a.branch) return refusal("no_fork", {});
    if (d.pushed && (a.timing == Timing::After || a.steal_count))
        return refusal("pushed_after", {});
    if (a.timing == Timing::After) {
        if (d.kind != Destination::River)
            return d.kind == Destination::Land ? refusal("ends_land", {})
                                               : refusal("ends_falls", {});
        Text why = explain_gem_moment(s, a, d.pos, boat.cargo, false);
        if (!why.key.empty()) return why;
    }
    if (a.steal_count > 0) {
        Text why = explain_steal(s, a, d, handled);
        if (!why.key.empty()) return why;
    }
    return refusal("not_legal_move", canoe_arg(a.canoe));
}

}  // namespace

Text explain_rejection(const State& s, const Action& a) {
    if (s.phase == Phase::GameOver) return refusal("game_over", {});
    if (a.seat < 0 || a.seat >= s.players()) return refusal("no_seat", {{"number", a.seat + 1}});
    if (s.phase == Phase::ChooseCards) {
        const Seat& player = s.seats[a.seat];
        if (a.type == ActionType::FreeCanoe && player.free_canoe_pending)
            return refusal("free_not_lost", {});
        if (a.type == ActionType::Fork && player.fork_pending) {
            const int canoe = std::countr_zero(player.fork_pending);
            return refusal("fork_choose", canoe_arg(canoe));
        }
        if (a.type != ActionType::PlayCard && a.type != ActionType::BuyBack && !player.chosen &&
            !player.free_canoe_pending && !player.fork_pending)
            return refusal("phase_one", {});
        return explain_phase_one(s, a);
    }
    if (a.seat != s.turn.seat)
        return refusal("not_your_turn", {{"seat", text_arg::seat(s.turn.seat)}});
    if (Text why = explain_stage(s, a); !why.key.empty()) return why;
    switch (a.type) {
        case ActionType::PlayCard:
        case ActionType::BuyBack:
            return refusal("phase_one_only", {});
        case ActionType::Cloud: {
            if (s.turn.stage != Stage::Cloud)
                return refusal("not_cloud", {{"card", text_arg::card(s.turn.card)}});
            const std::string weather = (s.weather > 0 ? "+" : "") + std::to_string(s.weather);
            return refusal(a.up ? "cloud_down" : "cloud_up", {{"weather", weather}});
        }
        case ActionType::EndTurn:
            if (s.turn.stage == Stage::Cloud) return refusal("weather_first", {});
            if (s.turn.card == Card::OneTwoThree) return refusal("exactly_one_123", {});
            if (s.turn.exactly_one) return refusal("move_from_land", {});
            for (int k = 0; k < kCanoesPerSeat; ++k)
                if ((s.turn.required & ~s.turn.moved) & (1u << k))
                    return refusal("must_move", canoe_arg(k));
            return refusal("cannot_end", {});
        case ActionType::MoveCanoe:
            return explain_move(s, a);
        case ActionType::TakeElk:
        case ActionType::Fork:
        case ActionType::FreeCanoe:
        case ActionType::MeetJoe:
            break;
    }
    return refusal("not_legal", {});
}

}  // namespace niagara::detail
