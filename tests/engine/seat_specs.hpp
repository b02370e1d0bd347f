// Short scenario set-ups for the rule tests: seats described as "card, canoe 1, canoe 2".
#pragma once

#include <string>
#include <vector>

#include "engine/scenario.hpp"

namespace test::spec {

using niagara::Canoe;
using niagara::Colour;
using niagara::Gems;
using niagara::kAllColours;
using niagara::State;
using niagara::Where;

// Seats and canoes are 0-based here and 1-based in the text notation ("steal red from 2.1").

// JSON of one canoe: "land", "lost", "T3" (empty, in the river) or "T3 red" (carrying red).
inline std::string canoe_json(const std::string& spec) {
    if (spec == "land" || spec == "lost") return R"({"where":")" + spec + R"("})";
    const auto space = spec.find(' ');
    std::string j = R"({"where":"river","pos":")" + spec.substr(0, space) + '"';
    if (space != std::string::npos) j += R"(,"cargo":[")" + spec.substr(space + 1) + R"("])";
    return j + "}";
}

struct SeatSpec {
    SeatSpec(std::string card_ = "6", std::string first_ = "land", std::string second_ = "land",
             std::string extra_ = "")
        : card(std::move(card_)),
          first(std::move(first_)),
          second(std::move(second_)),
          extra(std::move(extra_)) {}
    std::string card, first, second;
    std::string extra;  // more JSON keys of the seat, e.g. "collection":{"red":1}
};

// Phase II of a game with these seats, starting seat 0; `extra` adds top-level JSON keys.
inline State phase_two(const std::vector<SeatSpec>& seats, const std::string& extra = "") {
    std::string j = R"({"options":{"players":)" + std::to_string(seats.size()) +
                    R"(,"starting_seat":0},"phase":"actions",)";
    if (!extra.empty()) j += extra + ",";
    j += R"("seats":[)";
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const SeatSpec& p = seats[i];
        j += (i ? "," : "") + std::string(R"({"chosen":")") + p.card + R"(","canoes":[)" +
             canoe_json(p.first) + "," + canoe_json(p.second) + "]";
        if (!p.extra.empty()) j += "," + p.extra;
        j += "}";
    }
    return test::state(j + "]}");
}

// Seat 0 (of 3) plays `card` with canoes `first` and `second`; the others wait on land.
inline State my_turn(const std::string& card, const std::string& first, const std::string& second) {
    return phase_two({{card, first, second}, {}, {}});
}

inline const Canoe& boat(const State& s, int seat, int k) {
    return s.seats[seat].canoes[k];
}

// Where a canoe is, as a short text: "land", "lost", "T4" (in the river) or "bank T4".
inline std::string where(const State& s, int seat, int k) {
    const Canoe& c = boat(s, seat, k);
    switch (c.where) {
        case Where::Land:
            return "land";
        case Where::Lost:
            return "lost";
        case Where::River:
            return std::string(pos_name(c.pos));
        case Where::Bank:
            return "bank " + std::string(pos_name(c.pos));
    }
    return "?";
}

// Gems as text in colour order ("yellow yellow", "blue red"); "" when there are none.
inline std::string gems(const Gems& g) {
    std::string out;
    for (Colour c : kAllColours)
        for (int i = 0; i < g.of(c); ++i)
            out += (out.empty() ? "" : " ") + std::string(colour_name(c));
    return out;
}
inline std::string cargo(const State& s, int seat, int k) {
    return gems(boat(s, seat, k).cargo);
}

}  // namespace test::spec
