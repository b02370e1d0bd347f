// Helpers for scenario tests: set a state up from JSON, act in the text notation, and read
// the legal actions as text.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "niagara/game.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"

namespace test {

using niagara::Json;

// A state from JSON (state_from_json: missing keys keep the new-game values).
inline niagara::State state(const std::string& json_text) {
    return niagara::state_from_json(Json::parse(json_text));
}

// The action that `text` names for `seat`; fails the test when it does not parse.
inline niagara::Action parse(const std::string& text, int seat) {
    niagara::Parsed p = niagara::parse_action(text, seat);
    INFO("parsing '" << text << "': " << p.error);
    REQUIRE(p.action.has_value());
    return *p.action;
}

// Applies `text` for `seat` and requires it to be accepted.
inline void act(niagara::State& s, int seat, const std::string& text, niagara::Log* log = nullptr) {
    const niagara::Action a = parse(text, seat);
    niagara::Status st = niagara::apply(s, a, log);
    INFO("applying '" << text << "' for seat " << seat << ": " << st.reason);
    REQUIRE(st.ok);
}

// Applies `text` for `seat`, requires a rejection, checks the state is untouched, and returns
// the reason.
inline std::string refused(niagara::State& s, int seat, const std::string& text) {
    const niagara::State before = s;
    const niagara::Action a = parse(text, seat);
    niagara::Status st = niagara::apply(s, a);
    INFO("applying '" << text << "' for seat " << seat);
    REQUIRE_FALSE(st.ok);
    REQUIRE(s == before);
    REQUIRE(niagara::state_to_json(s) == niagara::state_to_json(before));
    return st.reason;
}

inline std::vector<std::string> legal(const niagara::State& s, int seat) {
    std::vector<std::string> out;
    for (const auto& a : niagara::legal_actions(s, seat))
        out.push_back(niagara::to_text(a));
    return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The legal moves of one canoe (numbered from 1, as in the text), sorted.
inline std::vector<std::string> moves_of(const niagara::State& s, int seat, int canoe) {
    const std::string prefix = "canoe " + std::to_string(canoe) + " ";
    std::vector<std::string> out;
    for (const auto& t : legal(s, seat))
        if (t.rfind(prefix, 0) == 0) out.push_back(t);
    return sorted(std::move(out));
}

inline bool is_legal(const niagara::State& s, int seat, const std::string& text) {
    for (const auto& t : legal(s, seat))
        if (t == text) return true;
    return false;
}

}  // namespace test
