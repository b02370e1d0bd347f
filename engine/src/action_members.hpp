// An action's JSON members, listed once for the two ways the engine writes them: as an object
// (json.cpp: action_to_json, legal_action_to_json) and straight to text (legal_json.cpp:
// legal_actions_json, which must be those objects' dump to the byte). Internal.
//
// A sink takes each member as it comes:
//   number(key, int)  text(key, string_view)  null(key)  flag(key) (true)
//   gems(key, const GemList&)  steals(key, const Action&)  river(key, const RiverPreview&)
// The action's text is not among them: each caller has its own (to_text, or the decision's).
#pragma once

#include <array>
#include <string_view>

#include "internal.hpp"
#include "niagara/action.hpp"
#include "niagara/notation.hpp"
#include "niagara/preview.hpp"
#include "niagara/state.hpp"

namespace niagara::detail {

inline constexpr std::array<std::string_view, 4> kDealNames = {"none", "take", "swap", "give"};

// The members of action_to_json(a), but for "text".
template <class Sink>
void write_action_members(Sink& out, const Action& a) {
    out.number("seat", a.seat);
    switch (a.type) {
        case ActionType::PlayCard:
            out.text("type", "play");
            out.text("card", card_name(a.card));
            return;
        case ActionType::BuyBack:
            out.text("type", "buyback");
            out.number("canoe", a.canoe);
            out.text("pay", colour_name(a.colour));
            return;
        case ActionType::Cloud:
            out.text("type", "cloud");
            out.text("direction", a.up ? "up" : "down");
            return;
        case ActionType::EndTurn:
            out.text("type", "done");
            return;
        case ActionType::TakeElk:
            out.text("type", "elk");
            if (a.canoe >= 0)
                out.number("canoe", a.canoe);
            else
                out.null("canoe");
            return;
        case ActionType::Fork:
            out.text("type", "fork");
            out.number("canoe", a.canoe);
            out.text("branch", branch_name(a.fork));
            return;
        case ActionType::FreeCanoe:
            out.text("type", "free");
            out.number("canoe", a.canoe);
            return;
        case ActionType::MeetJoe:
            out.text("type", "joe");
            out.text("deal", kDealNames[static_cast<std::size_t>(a.deal)]);
            if (a.deal != JoeDeal::None) out.number("canoe", a.canoe);
            if (a.deal == JoeDeal::Swap || a.deal == JoeDeal::Give)
                out.text("gem", colour_name(a.colour));
            return;
        case ActionType::MoveCanoe:
            break;
    }
    out.text("type", "move");
    out.number("canoe", a.canoe);
    if (a.points) out.number("points", a.points);
    if (!a.unload.empty() || !a.load.empty()) {
        out.text("timing", a.timing == Timing::Before ? "before" : "after");
        if (!a.unload.empty()) out.gems("unload", a.unload);
        if (!a.load.empty()) out.gems("load", a.load);
    }
    if (a.direction != Direction::None) {
        out.text("direction", a.direction == Direction::Up ? "up" : "down");
        out.number("steps", a.steps);
    }
    if (a.branch) out.text("branch", branch_name(*a.branch));
    if (a.steal_count) out.steals("steal", a);
}

// What legal_action_to_json adds for a move in state `s`: where it starts and ends, whether
// the whirlpool pushes it, and for a move that ends in the river where the canoe is after
// the river moves by each speed of `speeds` (possible_river_speeds for the moving seat).
template <class Sink>
void write_move_ends(Sink& out, const State& s, const Action& a, std::uint16_t speeds) {
    if (a.type != ActionType::MoveCanoe) return;
    const Canoe& boat = s.seats[std::size_t(a.seat)].canoes[std::size_t(a.canoe)];
    out.text("from", boat.where == Where::Land ? std::string_view("land") : pos_name(boat.pos));
    const Destination d = move_destination(s, a);
    switch (d.kind) {
        case Destination::Land:
            out.text("to", "land");
            break;
        case Destination::Waterfall:
            out.text("to", "falls");
            break;
        case Destination::River:
            out.text("to", pos_name(d.pos));
            if (speeds) out.river("after_river", river_preview(s, d.pos, speeds));
            break;
    }
    if (d.pushed) out.flag("pushed");
}

}  // namespace niagara::detail
