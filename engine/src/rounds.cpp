// The flow of a round (R3): phase I card choice, phase II turns, phase III river (R7, R8),
// phase IV life preserver, and the end of the game (R9).
#include <bit>
#include <string>

#include "internal.hpp"
#include "river.hpp"

namespace niagara::detail {
namespace {

std::string signed_number(int v) {
    return (v > 0 ? "+" : "") + std::to_string(v);
}

// R2.4: one river step. Canoes float on the discs; the disc on the flagged branch's 7 falls.
void river_step(State& s, Log* log) {
    const Branch flow = s.fork;
    for (int seat = 0; seat < s.players(); ++seat) {
        for (int k = 0; k < kCanoesPerSeat; ++k) {
            Canoe& boat = s.seats[seat].canoes[k];
            if (!boat.in_river()) continue;
            if (is_branch(boat.pos) && branch_of(boat.pos) != flow) continue;  // stays still
            if (auto next = step_down(boat.pos, flow))
                boat.pos = *next;
            else
                lose_canoe(s, seat, k, log);  // R8.1
        }
    }
    s.fork = other(flow);  // R2.5
}

// R3.2: the turn seat reveals its card; work out what it must decide.
void begin_turn(State& s, int seat, Log* log) {
    Seat& player = s.seats[seat];
    const Card card = *player.chosen;
    player.revealed = true;
    player.discard[player.discard_size++] = card;
    if (is_number_card(card) && (s.lowest_number == 0 || card_number(card) < s.lowest_number))
        s.lowest_number = std::int8_t(card_number(card));

    Turn t = make_turn(s, seat);
    s.turn = t;
    say(log, seat_label(seat) + " reveals " + std::string(card_name(card)) + ".");
    if (t.stage == Stage::Move && t.required == 0 && t.optional == 0) {
        say(log, seat_label(seat) + " has no canoe to move.");
        end_turn(s, log);
    }
}

void phase_three(State& s, Log* log) {
    // R7.2: the lowest number card of the round plus the weather.
    const int speed = s.lowest_number + s.weather;
    s.last_speed = std::int8_t(speed);
    if (speed <= 0) {
        say(log, "The river does not move (speed " + std::to_string(speed) + ").");
        return;
    }
    say(log, "The river moves " + std::to_string(speed) + (speed == 1 ? " space" : " spaces") +
                 " (lowest card " + std::to_string(s.lowest_number) + ", weather " +
                 signed_number(s.weather) + ").");
    for (int i = 0; i < speed; ++i)
        river_step(s, log);  // R7.3
}

void end_phase_two(State& s, Log* log) {
    // R9.2: the game ends once a phase II finishes with a winning collection.
    std::uint8_t winners = 0;
    for (int seat = 0; seat < s.players(); ++seat)
        if (is_winning_collection(s.seats[seat].collection)) winners |= std::uint8_t(1u << seat);
    if (winners) {
        s.winners = winners;
        s.phase = Phase::GameOver;
        std::string names;
        for (int seat : niagara::winners(s))
            names += (names.empty() ? "" : ", ") + seat_label(seat);
        say(log, "Game over after round " + std::to_string(s.round) + ". Winner" +
                     (std::popcount(winners) > 1 ? "s: " : ": ") + names + ".");
        return;
    }
    phase_three(s, log);
    s.starting_seat = std::int8_t((s.starting_seat + 1) % s.players());  // R3.4
    ++s.round;
    begin_round(s, log);
}

}  // namespace

Turn make_turn(const State& s, int seat) {
    const Seat& player = s.seats[seat];
    Turn t;
    t.seat = std::int8_t(seat);
    t.card = *player.chosen;
    if (t.card == Card::Cloud) {
        t.stage = Stage::Cloud;
        return t;
    }
    // R4.2: every canoe in the river must move; canoes on land may; with none in the river,
    // exactly one canoe from land.
    t.stage = Stage::Move;
    for (int k = 0; k < kCanoesPerSeat; ++k) {
        const Where w = player.canoes[k].where;
        if (w == Where::River) t.required |= std::uint8_t(1u << k);
        if (w == Where::Land) t.optional |= std::uint8_t(1u << k);
    }
    t.exactly_one = t.required == 0;
    return t;
}

void begin_round(State& s, Log* log) {
    s.phase = Phase::ChooseCards;
    s.turn = Turn{};
    s.turns_done = 0;
    s.lowest_number = 0;
    say(log, "Round " + std::to_string(s.round) + ": " + seat_label(s.starting_seat) +
                 " holds the life preserver.");
    for (int seat = 0; seat < s.players(); ++seat) {
        Seat& player = s.seats[seat];
        player.chosen.reset();
        player.revealed = false;
        if (player.hand == 0) {  // R3.5: all cards played: take them back
            player.hand = s.rules.deck;
            player.discard_size = 0;
            player.discard = {};
        }
        // R8.4: no canoe left and nothing to pay with: one canoe back for free.
        bool all_lost = true;
        for (const Canoe& boat : player.canoes)
            all_lost = all_lost && boat.where == Where::Lost;
        if (all_lost && player.collection.total() == 0) {
            player.canoes[0].where = Where::Land;
            say(log, seat_label(seat) + " gets canoe 1 back for free.");
        }
    }
}

void after_card_chosen(State& s, Log* log) {
    for (int seat = 0; seat < s.players(); ++seat)
        if (!s.seats[seat].chosen) return;
    s.phase = Phase::Actions;  // R3.2
    s.turns_done = 0;
    begin_turn(s, s.starting_seat, log);
}

void after_canoe_moved(State& s, Log* log) {
    const Turn& t = s.turn;
    const bool required_done = (t.required & ~t.moved) == 0;
    const bool choice_left = t.exactly_one ? t.moved == 0 : (t.optional & ~t.moved) != 0;
    if (required_done && !choice_left) end_turn(s, log);
}

void end_turn(State& s, Log* log) {
    ++s.turns_done;
    s.turn = Turn{};
    if (s.turns_done == s.players()) {
        end_phase_two(s, log);
        return;
    }
    begin_turn(s, (s.starting_seat + s.turns_done) % s.players(), log);
}

}  // namespace niagara::detail
