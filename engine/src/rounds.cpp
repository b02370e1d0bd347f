// The flow of a round (R3): phase I card choice, phase II turns, phase III river (R7, R8,
// R10, R11), phase IV life preserver, and the end of the game (R9).
#include <bit>
#include <string>
#include <vector>

#include "internal.hpp"
#include "river.hpp"

namespace niagara::detail {
namespace {

std::string signed_number(int v) {
    return (v > 0 ? "+" : "") + std::to_string(v);
}
std::string canoe_of(int seat, int canoe) {
    return seat_label(seat) + "'s canoe " + std::to_string(canoe + 1);
}
TextArgs canoe_args(int seat, int canoe) {
    return TextArgs{{"seat", text_arg::seat(seat)}, {"canoe", canoe + 1}};
}

// Moves a piece floating on a disc one river step; false when its disc falls.
bool float_down(Piece& piece, Branch flow) {
    if (!piece.in_river) return true;
    if (auto next = float_step(piece.pos, flow)) {
        piece.pos = *next;
        return true;
    }
    piece = Piece{};  // out of the river, at no position
    return false;
}

// R2.4: one river step. Canoes and pieces float on the discs; the disc on the flagged
// branch's 7 falls; a new disc (the whirlpool, if it is waiting, R10.2) enters at T1.
void river_step(State& s, Log* log) {
    const Branch flow = s.fork;
    const bool whirlpool_waiting = s.options.spirits && !s.whirlpool.in_river;
    for (int seat = 0; seat < s.players(); ++seat) {
        for (int k = 0; k < kCanoesPerSeat; ++k) {
            Canoe& boat = s.seats[seat].canoes[k];
            if (!boat.in_river()) continue;  // canoes on the bank stay put (R10.5)
            if (auto next = float_step(boat.pos, flow))
                boat.pos = *next;
            else
                lose_canoe(s, seat, k, log);  // R8.1
        }
    }
    if (!float_down(s.whirlpool, flow))
        say(log, [&] {
            return log_line("whirlpool_falls", {},
                            "The whirlpool goes over the waterfall.");
        });
    if (!float_down(s.beaver, flow)) {  // R10.7
        s.weather = 0;
        say(log, [&] {
            return log_line(
                "beaver_falls", {},
                "The Bathing Beaver goes over the waterfall: the weather is back to 0.");
        });
    }
    if (!float_down(s.joe, flow)) {  // R11.4
        say(log, [&] {
            return log_line("joe_falls", {},
                            "Diamond Joe goes over the waterfall and starts again at T1.");
        });
        move_gems_home(s, s.joe_cargo);
        s.joe = Piece{true, Pos::T1};
    }
    if (whirlpool_waiting) s.whirlpool = Piece{true, Pos::T1};
    s.fork = other(flow);  // R2.5
}

// R10.5 / R10.3: a lassoed canoe goes back into the water after phase III; on the whirlpool it
// drifts one position down (over the fall from L7/R7; at T5 its owner picks the branch).
void return_from_bank(State& s, int seat, int k, Log* log) {
    Canoe& boat = s.seats[seat].canoes[k];
    if (!s.whirlpool.at(boat.pos)) {
        boat.where = Where::River;
        return;
    }
    if (boat.pos == Pos::T5) {
        s.seats[seat].fork_pending |= std::uint8_t(1u << k);
        say(log, [&] {
            return log_line(
                "bank_fork", canoe_args(seat, k),
                canoe_of(seat, k) +
                    " returns onto the whirlpool at the fork: its owner picks a branch.");
        });
        return;
    }
    say(log, [&] {
        return log_line("bank_whirlpool", canoe_args(seat, k),
                        canoe_of(seat, k) + " returns onto the whirlpool and drifts down-river.");
    });
    if (auto next = step_down(boat.pos, Branch::Left)) {
        boat.where = Where::River;
        boat.pos = *next;
    } else {
        lose_canoe(s, seat, k, log);
    }
}

// R11.2 / R11.3: after the river, Joe loads and moves up-river by the starting player's card.
void move_joe(State& s, Log* log) {
    if (!s.options.diamond_joe) return;
    if (s.joe_cargo.total() == 0) {
        if (auto place = place_at(s.joe.pos); place && s.place(*place).of(*place) > 0) {
            s.place(*place).remove(*place);
            s.joe_cargo.add(*place);
            say(log, [&] {
                return log_line("joe_loads", {{"gem", text_arg::gem(*place)}},
                                "Diamond Joe loads " + std::string(colour_name(*place)) + ".");
            });
        }
    }
    const std::optional<Card> card = s.seats[s.starting_seat].chosen;
    if (!card || !is_number_card(*card)) return;
    int points = card_number(*card);
    bool up = true;
    while (points-- > 0) {
        if (up && s.joe.pos == Pos::T1) up = false;  // never onto land: he turns at T1
        if (up) {
            s.joe.pos = *step_up(s.joe.pos);
        } else if (auto next = step_down(s.joe.pos, Branch::Right)) {
            s.joe.pos = *next;
        } else {  // R11.4
            say(log, [&] {
                return log_line("joe_paddles_falls", {},
                                "Diamond Joe paddles over the waterfall and starts again at T1.");
            });
            move_gems_home(s, s.joe_cargo);
            s.joe = Piece{true, Pos::T1};
            return;
        }
    }
    say(log, [&] {
        const std::string at(pos_name(s.joe.pos));
        return log_line("joe_moves", {{"pos", at}}, "Diamond Joe moves to " + at + ".");
    });
}

void phase_three(State& s, Log* log) {
    // R7.2: the lowest number card of the round plus the weather.
    const int speed = river_speed(s.lowest_number, s.weather);
    s.last_speed = std::int8_t(speed);
    if (speed <= 0) {
        say(log, [&] {
            return log_line("river_still", {{"speed", speed}},
                            "The river does not move (speed " + std::to_string(speed) + ").");
        });
    } else {
        say(log, [&] {
            return log_line("river_moves",
                            {{"speed", speed},
                             {"lowest", int(s.lowest_number)},
                             {"weather", signed_number(s.weather)}},
                            "The river moves " + std::to_string(speed) +
                                (speed == 1 ? " space" : " spaces") + " (lowest card " +
                                std::to_string(s.lowest_number) + ", weather " +
                                signed_number(s.weather) + ").");
        });
        for (int i = 0; i < speed; ++i)
            river_step(s, log);  // R7.3
    }
    for (int seat = 0; seat < s.players(); ++seat)
        for (int k = 0; k < kCanoesPerSeat; ++k)
            if (s.seats[seat].canoes[k].where == Where::Bank) return_from_bank(s, seat, k, log);
    if (s.elk.at == Elk::At::Returning) {  // R10.8
        s.elk = Elk{};
        say(log, [&] {
            return log_line("elk_back", {},
                            "The Hurried Elk is back at the red place.");
        });
    }
    move_joe(s, log);
}

void end_phase_two(State& s, Log* log) {
    // R9.2: the game ends once a phase II finishes with a winning collection.
    std::uint8_t winners = 0;
    for (int seat = 0; seat < s.players(); ++seat)
        if (is_winning_collection(s.seats[seat].collection)) winners |= std::uint8_t(1u << seat);
    if (winners) {
        s.winners = winners;
        s.phase = Phase::GameOver;
        say(log, [&] {
            // "Seat 1, Seat 3", best first: nested as {first}, {rest}.
            const std::vector<int> order = niagara::winners(s);
            std::string names;
            for (int seat : order)
                names += (names.empty() ? "" : ", ") + seat_label(seat);
            std::vector<TextValue> seats;
            for (int seat : order)
                seats.push_back(text_arg::seat(seat));
            const TextValue list = text_arg::joined("engine.log.seat_list", seats);
            return log_line(order.size() > 1 ? "game_over_tie" : "game_over",
                            {{"round", std::to_string(s.round)}, {"winners", list}},
                            "Game over after round " + std::to_string(s.round) + ". Winner" +
                                (std::popcount(winners) > 1 ? "s: " : ": ") + names + ".");
        });
        return;
    }
    phase_three(s, log);
    s.starting_seat = std::int8_t((s.starting_seat + 1) % s.players());  // R3.4
    ++s.round;
    begin_round(s, log);
}

// R10.8: at the start of his turn a seat with a canoe on L7/R7 may take the free elk.
bool may_take_elk(const State& s, int seat) {
    if (!s.options.spirits || s.elk.at != Elk::At::RedPlace) return false;
    for (const Canoe& boat : s.seats[seat].canoes)
        if (boat.in_river() && (boat.pos == Pos::L7 || boat.pos == Pos::R7)) return true;
    return false;
}

}  // namespace

// R3.2: the turn seat reveals its card; work out what it must decide.
void begin_turn(State& s, int seat, Log* log) {
    Seat& player = s.seats[seat];
    const Card card = *player.chosen;
    player.revealed = true;
    player.discard[player.discard_size++] = card;
    s.lowest_number = std::int8_t(lowest_number_after(s.lowest_number, card));
    say(log, [&] {
        return log_line("reveal", {{"seat", text_arg::seat(seat)}, {"card", text_arg::card(card)}},
                        seat_label(seat) + " reveals " + std::string(card_name(card)) + ".");
    });
    s.turn = Turn{};
    s.turn.seat = std::int8_t(seat);
    s.turn.card = card;
    if (may_take_elk(s, seat)) {
        s.turn.stage = Stage::Elk;  // R10.8: before the card's action
        return;
    }
    start_card_action(s, log);
}

void run_river(State& s, int steps) {
    for (int i = 0; i < steps; ++i)
        river_step(s, nullptr);
}

Turn make_turn(const State& s, int seat) {
    const Seat& player = s.seats[seat];
    Turn t;
    t.seat = std::int8_t(seat);
    t.card = *player.chosen;
    if (t.card == Card::Cloud) {
        t.stage = Stage::Cloud;
        return t;
    }
    t.stage = Stage::Move;
    if (t.card == Card::Lasso) return t;  // no canoe moves (R10.5)
    for (int k = 0; k < kCanoesPerSeat; ++k) {
        const Where w = player.canoes[k].where;
        if (w == Where::River) t.required |= std::uint8_t(1u << k);
        if (w == Where::Land) t.optional |= std::uint8_t(1u << k);
    }
    if (t.card == Card::OneTwoThree) {  // R10.6: exactly one canoe, from land or the river
        t.optional |= t.required;
        t.required = 0;
    }
    // R4.2: every canoe in the river must move; canoes on land may; with none in the river,
    // exactly one canoe from land.
    t.exactly_one = t.required == 0;
    return t;
}

bool may_meet_joe(const State& s, int seat) {
    if (!s.options.diamond_joe || !s.joe.in_river) return false;
    for (int k = 0; k < kCanoesPerSeat; ++k) {
        const Canoe& boat = s.seats[seat].canoes[k];
        if (!boat.in_river() || boat.pos != s.joe.pos) continue;
        const bool joe_loaded = s.joe_cargo.total() > 0;
        if (joe_loaded && boat.cargo.total() < s.rules.capacity[k]) return true;  // take
        if (boat.cargo.total() > 0) {
            if (!joe_loaded) return true;  // give
            for (Colour c : kAllColours)   // swap for another colour
                if (boat.cargo.of(c) && !s.joe_cargo.of(c)) return true;
        }
    }
    return false;
}

void meet_joe(State& s, const Action& a, Log* log) {
    if (a.deal == JoeDeal::None) return;
    Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    std::optional<Colour> joes;
    for (Colour c : kAllColours)
        if (s.joe_cargo.of(c)) joes = c;
    const std::string who = canoe_of(a.seat, a.canoe);
    switch (a.deal) {
        case JoeDeal::Take:
            s.joe_cargo.remove(*joes);
            boat.cargo.add(*joes);
            say(log, [&] {
                TextArgs args = canoe_args(a.seat, a.canoe);
                args.set("gem", text_arg::gem(*joes));
                return log_line(
                    "joe_take", std::move(args),
                    who + " takes Diamond Joe's " + std::string(colour_name(*joes)) + ".");
            });
            break;
        case JoeDeal::Swap:
            s.joe_cargo.remove(*joes);
            s.joe_cargo.add(a.colour);
            boat.cargo.remove(a.colour);
            boat.cargo.add(*joes);
            say(log, [&] {
                TextArgs args = canoe_args(a.seat, a.canoe);
                args.set("gem", text_arg::gem(a.colour));
                args.set("joe_gem", text_arg::gem(*joes));
                return log_line("joe_swap", std::move(args),
                                who + " swaps " + std::string(colour_name(a.colour)) +
                                    " for Diamond Joe's " + std::string(colour_name(*joes)) + ".");
            });
            break;
        case JoeDeal::Give:
            boat.cargo.remove(a.colour);
            s.joe_cargo.add(a.colour);
            say(log, [&] {
                TextArgs args = canoe_args(a.seat, a.canoe);
                args.set("gem", text_arg::gem(a.colour));
                return log_line(
                    "joe_give", std::move(args),
                    who + " gives " + std::string(colour_name(a.colour)) + " to Diamond Joe.");
            });
            break;
        case JoeDeal::None:
            break;
    }
}

void start_card_action(State& s, Log* log) {
    const int seat = s.turn.seat;
    s.turn = make_turn(s, seat);
    Seat& player = s.seats[seat];
    if (s.turn.card == Card::Lasso) {  // R10.5: every canoe in the river onto the bank
        for (int k = 0; k < kCanoesPerSeat; ++k)
            if (player.canoes[k].in_river()) {
                player.canoes[k].where = Where::Bank;
                say(log, [&] {
                    const std::string at(pos_name(player.canoes[k].pos));
                    TextArgs args = canoe_args(seat, k);
                    args.set("pos", at);
                    return log_line(
                        "lasso", std::move(args),
                        canoe_of(seat, k) + " is pulled onto the river bank at " + at + ".");
                });
            }
        finish_card_action(s, log);
        return;
    }
    if (s.turn.stage == Stage::Move && s.turn.required == 0 && s.turn.optional == 0) {
        say(log, [&] {
            return log_line("no_canoe", {{"seat", text_arg::seat(seat)}},
                            seat_label(seat) + " has no canoe to move.");
        });
        finish_card_action(s, log);
    }
}

void finish_card_action(State& s, Log* log) {
    if (may_meet_joe(s, s.turn.seat)) {
        s.turn.stage = Stage::Joe;  // R11.5
        return;
    }
    end_turn(s, log);
}

void begin_round(State& s, Log* log) {
    s.phase = Phase::ChooseCards;
    s.turn = Turn{};
    s.turns_done = 0;
    s.lowest_number = 0;
    say(log, [&] {
        // The round as a string: a number would be grouped ("Round 1,000") in every language.
        return log_line(
            "round",
            {{"round", std::to_string(s.round)}, {"seat", text_arg::seat(s.starting_seat)}},
            "Round " + std::to_string(s.round) + ": " + seat_label(s.starting_seat) +
                " holds the life preserver.");
    });
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
            if (s.options.spirits) {  // the canoes differ: the player chooses
                player.free_canoe_pending = true;
            } else {
                player.canoes[0].where = Where::Land;
                say(log, [&] {
                    return log_line("free_canoe", {{"seat", text_arg::seat(seat)}, {"canoe", 1}},
                                    seat_label(seat) + " gets canoe 1 back for free.");
                });
            }
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
    if (required_done && !choice_left) finish_card_action(s, log);
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
