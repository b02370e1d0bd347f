// The engine's entry points: create a game, ask who acts and what is legal, apply an action.
// Pure functions over a State value: no I/O, no threads, no globals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "niagara/action.hpp"
#include "niagara/options.hpp"
#include "niagara/state.hpp"
#include "niagara/text.hpp"

namespace niagara {

// The answer to apply(): accepted, or rejected with a reason a person understands.
struct Status {
    bool ok = true;
    std::string reason;  // in English: refusal.en
    Text refusal;        // the reason as a message key and arguments (engine.refuse.*)

    static Status accept() { return {}; }
    static Status reject(Text why) {
        Status s;
        s.ok = false;
        s.reason = why.en;
        s.refusal = std::move(why);
        return s;
    }
    explicit operator bool() const { return ok; }
};

// Plain-language lines describing what happened (for game logs and chat): each a message key
// with arguments (engine.log.*) and its English (english(log) gives the lines as strings).
using Log = std::vector<Text>;

// Throws std::invalid_argument when the options are not playable (see validate()).
State new_game(const Options& options);

// Bit set of the seats that must act now: in phase I every seat that has not chosen a card,
// in phase II the turn seat, none when the game is over.
std::uint8_t acting_seats(const State& state);
inline bool must_act(const State& state, int seat) {
    return (acting_seats(state) >> seat) & 1;
}
inline bool is_over(const State& state) {
    return state.phase == Phase::GameOver;
}

// Every legal action of `seat` now, in a fixed order (empty when the seat need not act).
void legal_actions(const State& state, int seat, std::vector<Action>& out);
std::vector<Action> legal_actions(const State& state, int seat);

// Validates and applies. On rejection the state is left exactly as it was.
Status apply(State& state, const Action& action, Log* log = nullptr);

// R9.4: the table ends the game without a winner.
void abandon(State& state, Log* log = nullptr);

// R9.1.
bool is_winning_collection(const Gems& collection);

// R9.2 / R9.3: the winners, best first when the tie-break option is on (else by seat).
std::vector<int> winners(const State& state);
int collection_value(const Gems& collection);  // R9.3: violet 1 ... red 5

// Each seat's place in a finished game, 1 = best, as ratings weigh it: the winners first (R9.2:
// all tied, or with the tie-break option ranked by their collections' value, equal values
// tied, R9.3), then every other seat, tied (the printed rules rank no losers). Empty when the
// game is not over or has no winner (R9.4).
std::vector<int> places(const State& state);

}  // namespace niagara
