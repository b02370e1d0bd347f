// Engine internals shared between the source files (not part of the public API).
#pragma once

#include <string>
#include <vector>

#include "niagara/action.hpp"
#include "niagara/game.hpp"
#include "niagara/state.hpp"
#include "river.hpp"

namespace niagara::detail {

inline std::string seat_label(int seat) {
    return "Seat " + std::to_string(seat + 1);
}
// A game log line (engine.log.<key>) and a refusal (engine.refuse.<key>): the key, its arguments
// and the English the engine has always written, which the English catalog must render exactly.
inline Text log_line(const char* key, TextArgs args, std::string en) {
    return Text{std::string("engine.log.") + key, std::move(args), std::move(en)};
}
inline Text refusal(const char* key, TextArgs args, std::string en) {
    return Text{std::string("engine.refuse.") + key, std::move(args), std::move(en)};
}

// Appends the line that `make` builds, building it only when a log is wanted (self-play and
// search pass no log, and string building would dominate their time).
template <typename Make>
void say(Log* log, Make&& make) {
    if (log) log->push_back(make());
}

// Canoe moves (moves.cpp). The generator streams moves into a sink that either lists them or
// only looks for one action, so validating an action needs no allocation.
struct MoveSink {
    std::vector<Action>* list = nullptr;
    const Action* wanted = nullptr;
    bool found = false;

    void emit(const Action& a) {
        if (list)
            list->push_back(a);
        else
            found = found || a == *wanted;
    }
};
int paddle_points(const State& s, const Action& move);  // the card (or chosen) + the elk
void generate_canoe_moves(const State& s, int seat, int canoe, MoveSink& out);
void generate_canoe_moves(const State& s, int seat, int canoe, std::vector<Action>& out);
bool is_legal_canoe_move(const State& s, const Action& a);  // a.canoe may move now
Destination move_destination(const State& s, const Action& legal_move);
void execute_canoe_move(State& s, const Action& a, Log* log);
bool canoe_may_move_now(const State& s, int canoe);

// Round flow (rounds.cpp).
Turn make_turn(const State& s, int seat);  // R4.2: what the turn seat must/may move
void begin_round(State& s, Log* log);
void begin_turn(State& s, int seat, Log* log);  // R3.2: reveal the chosen card, start the turn
void run_river(State& s, int steps);            // R2.4 `steps` times (search looks ahead)
void after_card_chosen(State& s, Log* log);
void after_canoe_moved(State& s, Log* log);
void start_card_action(State& s, Log* log);   // after the elk choice: the card's action
void finish_card_action(State& s, Log* log);  // then Joe (R11.5), then the turn ends
bool may_meet_joe(const State& s, int seat);
void meet_joe(State& s, const Action& a, Log* log);  // R11.5, a legal deal
void end_turn(State& s, Log* log);
void lose_canoe(State& s, int seat, int canoe, Log* log);
void release_elk(State& s, int seat, int canoe, Log* log);  // R10.8: its canoe left the river
void move_gems_home(State& s, Gems& cargo);                 // R8.1: each gem to its colour's place
std::string describe_gems(const Gems& gems);                // "red and blue"

// Why an action is not legal (explain.cpp); called only for actions not in the legal list.
Text explain_rejection(const State& s, const Action& a);

}  // namespace niagara::detail
