// Public entry points: set-up, who acts, legal actions, apply, results.
#include "niagara/game.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "internal.hpp"

namespace niagara {

void GemList::push(Colour c) {
    gems[size++] = c;
    if (size == 2 && gems[1] < gems[0]) std::swap(gems[0], gems[1]);
}

void Action::add_steal(const Steal& steal) {
    steals[steal_count++] = steal;
    if (steal_count == 2 && steals[1] < steals[0]) std::swap(steals[0], steals[1]);
}

namespace {

// An action of `type` by `seat`, about canoe `canoe` (0 when the type names none): the fields
// every kind shares; each factory below sets its own.
Action action_of(ActionType type, int seat, int canoe = 0) {
    Action a;
    a.type = type;
    a.seat = std::int8_t(seat);
    a.canoe = std::int8_t(canoe);
    return a;
}

}  // namespace

Action Action::play(int seat, Card card) {
    Action a = action_of(ActionType::PlayCard, seat);
    a.card = card;
    return a;
}
Action Action::buy_back(int seat, int canoe, Colour paid) {
    Action a = action_of(ActionType::BuyBack, seat, canoe);
    a.colour = paid;
    return a;
}
Action Action::cloud(int seat, bool up) {
    Action a = action_of(ActionType::Cloud, seat);
    a.up = up;
    return a;
}
Action Action::end_turn(int seat) {
    return action_of(ActionType::EndTurn, seat);
}
Action Action::move(int seat, int canoe) {
    return action_of(ActionType::MoveCanoe, seat, canoe);
}
Action Action::take_elk(int seat, int canoe) {
    return action_of(ActionType::TakeElk, seat, canoe);
}
Action Action::fork_to(int seat, int canoe, Branch branch) {
    Action a = action_of(ActionType::Fork, seat, canoe);
    a.fork = branch;
    return a;
}
Action Action::free_canoe(int seat, int canoe) {
    return action_of(ActionType::FreeCanoe, seat, canoe);
}
Action Action::meet_joe(int seat, JoeDeal deal, int canoe, Colour colour) {
    Action a = action_of(ActionType::MeetJoe, seat);
    a.deal = deal;
    if (deal != JoeDeal::None) a.canoe = std::int8_t(canoe);
    if (deal == JoeDeal::Swap || deal == JoeDeal::Give) a.colour = colour;
    return a;
}

namespace {

// A SplitMix64 step: a tiny, well-known mixer, enough to draw the first starting player.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

}  // namespace

State new_game(const Options& options) {
    if (auto problem = validate(options)) throw std::invalid_argument(*problem);
    State s;
    s.options = options;
    s.rules = Rules::of(options);
    for (Colour c : kAllColours)
        s.place(c).add(c, s.rules.gems_per_place);  // R1.3
    for (int seat = 0; seat < s.players(); ++seat)
        s.seats[seat].hand = s.rules.deck;
    s.starting_seat = std::int8_t(options.starting_seat >= 0
                                      ? options.starting_seat
                                      : int(mix(options.seed) % std::uint64_t(s.players())));
    if (options.spirits) s.whirlpool = Piece{true, Pos::T3};  // R10.2
    if (options.diamond_joe) s.joe = Piece{true, Pos::T1};    // R11.1
    detail::begin_round(s, nullptr);
    return s;
}

std::uint8_t acting_seats(const State& s) {
    switch (s.phase) {
        case Phase::ChooseCards: {
            std::uint8_t seats = 0;
            for (int seat = 0; seat < s.players(); ++seat)
                if (!s.seats[seat].chosen) seats |= std::uint8_t(1u << seat);
            return seats;
        }
        case Phase::Actions:
            return std::uint8_t(1u << s.turn.seat);
        case Phase::GameOver:
            return 0;
    }
    return 0;
}

namespace {

// R7.1: the cloud must move, and stay within -1..+2.
bool cloud_allowed(const State& s, bool up) {
    return s.phase == Phase::Actions && s.turn.stage == Stage::Cloud &&
           (up ? s.weather < detail::kWeatherMax : s.weather > detail::kWeatherMin);
}

// R4.2: the turn may end early only by leaving optional land canoes where they are.
bool may_end_turn(const State& s) {
    const Turn& t = s.turn;
    return s.phase == Phase::Actions && t.stage == Stage::Move && !t.exactly_one &&
           (t.required & ~t.moved) == 0;
}

// Phase I decisions owed before the card: the free canoe's choice, then lassoed canoes'
// branches (R8.4, R10.5).
bool owes_decision(const Seat& p) {
    return p.free_canoe_pending || p.fork_pending;
}

void owed_decisions(const State& s, int seat, std::vector<Action>& out) {
    const Seat& p = s.seats[seat];
    if (p.free_canoe_pending) {
        for (int k = 0; k < kCanoesPerSeat; ++k)
            out.push_back(Action::free_canoe(seat, k));
        return;
    }
    const int k = std::countr_zero(p.fork_pending);
    for (Branch b : {Branch::Left, Branch::Right})
        out.push_back(Action::fork_to(seat, k, b));
}

// R10.8: take the elk onto a canoe on L7/R7, or not.
void elk_choices(const State& s, int seat, std::vector<Action>& out) {
    for (int k = 0; k < kCanoesPerSeat; ++k) {
        const Canoe& boat = s.seats[seat].canoes[k];
        if (boat.in_river() && (boat.pos == Pos::L7 || boat.pos == Pos::R7))
            out.push_back(Action::take_elk(seat, k));
    }
    out.push_back(Action::take_elk(seat, -1));
}

// R11.5: one free deal with Joe for a canoe on his position, or none.
void joe_deals(const State& s, int seat, std::vector<Action>& out) {
    const bool joe_loaded = s.joe_cargo.total() > 0;
    for (int k = 0; k < kCanoesPerSeat; ++k) {
        const Canoe& boat = s.seats[seat].canoes[k];
        if (!boat.in_river() || boat.pos != s.joe.pos) continue;
        if (joe_loaded && boat.cargo.total() < s.rules.capacity[k])
            out.push_back(Action::meet_joe(seat, JoeDeal::Take, k));
        for (Colour c : kAllColours) {
            if (!boat.cargo.of(c)) continue;
            if (!joe_loaded)
                out.push_back(Action::meet_joe(seat, JoeDeal::Give, k, c));
            else if (!s.joe_cargo.of(c))
                out.push_back(Action::meet_joe(seat, JoeDeal::Swap, k, c));
        }
    }
    out.push_back(Action::meet_joe(seat, JoeDeal::None));
}

}  // namespace

void legal_actions(const State& s, int seat, std::vector<Action>& out) {
    out.clear();
    if (seat < 0 || seat >= s.players() || !must_act(s, seat)) return;
    const Seat& player = s.seats[seat];
    if (s.phase == Phase::ChooseCards) {
        if (owes_decision(player)) {
            owed_decisions(s, seat, out);
            return;
        }
        // R8.3: buy back a lost canoe with any gem of the collection, before choosing.
        for (int k = 0; k < kCanoesPerSeat; ++k) {
            if (player.canoes[k].where != Where::Lost) continue;
            for (Colour c : kAllColours)
                if (player.collection.of(c) > 0) out.push_back(Action::buy_back(seat, k, c));
        }
        for (int c = 0; c < kCardKinds; ++c)  // R3.1
            if (player.hand & card_bit(Card(c))) out.push_back(Action::play(seat, Card(c)));
        return;
    }
    switch (s.turn.stage) {
        case Stage::Elk:
            elk_choices(s, seat, out);
            return;
        case Stage::Cloud:
            for (bool up : {true, false})
                if (cloud_allowed(s, up)) out.push_back(Action::cloud(seat, up));
            return;
        case Stage::Move:
            for (int k = 0; k < kCanoesPerSeat; ++k)
                if (detail::canoe_may_move_now(s, k)) detail::generate_canoe_moves(s, seat, k, out);
            if (may_end_turn(s)) out.push_back(Action::end_turn(seat));
            return;
        case Stage::Joe:
            joe_deals(s, seat, out);
            return;
    }
}

std::vector<Action> legal_actions(const State& s, int seat) {
    std::vector<Action> out;
    legal_actions(s, seat, out);
    return out;
}

namespace {

// Legality of one action, checked against exactly the moves the generator would list.
bool is_legal(const State& s, const Action& a) {
    if (a.seat < 0 || a.seat >= s.players() || !must_act(s, a.seat)) return false;
    const Seat& player = s.seats[a.seat];
    switch (a.type) {
        case ActionType::PlayCard:
            return s.phase == Phase::ChooseCards && !owes_decision(player) &&
                   a == Action::play(a.seat, a.card) && (player.hand & card_bit(a.card));
        case ActionType::BuyBack:
            return s.phase == Phase::ChooseCards && !owes_decision(player) &&
                   a == Action::buy_back(a.seat, a.canoe, a.colour) && a.canoe >= 0 &&
                   a.canoe < kCanoesPerSeat && player.canoes[a.canoe].where == Where::Lost &&
                   player.collection.of(a.colour) > 0;
        case ActionType::Cloud:
            return a == Action::cloud(a.seat, a.up) && cloud_allowed(s, a.up);
        case ActionType::EndTurn:
            return a == Action::end_turn(a.seat) && may_end_turn(s);
        case ActionType::MoveCanoe:
            return a.canoe >= 0 && a.canoe < kCanoesPerSeat &&
                   detail::canoe_may_move_now(s, a.canoe) && detail::is_legal_canoe_move(s, a);
        case ActionType::TakeElk:
        case ActionType::Fork:
        case ActionType::FreeCanoe:
        case ActionType::MeetJoe: {  // rare decisions with short lists
            std::vector<Action> legal;
            legal_actions(s, a.seat, legal);
            return std::find(legal.begin(), legal.end(), a) != legal.end();
        }
    }
    return false;
}

}  // namespace

Status apply(State& s, const Action& a, Log* log) {
    if (!is_legal(s, a)) return Status::reject(detail::explain_rejection(s, a));
    Seat& player = s.seats[a.seat];
    switch (a.type) {
        case ActionType::PlayCard:
            player.hand &= std::uint16_t(~card_bit(a.card));
            player.chosen = a.card;
            detail::say(log, [&] {
                return detail::log_line("card_chosen", {{"seat", text_arg::seat(a.seat)}},
                                        detail::seat_label(a.seat) + " has chosen a card.");
            });
            detail::after_card_chosen(s, log);
            break;
        case ActionType::BuyBack:
            player.collection.remove(a.colour);
            s.place(a.colour).add(a.colour);
            player.canoes[a.canoe].where = Where::Land;
            detail::say(log, [&] {
                return detail::log_line("buy_back",
                                        {{"seat", text_arg::seat(a.seat)},
                                         {"canoe", a.canoe + 1},
                                         {"gem", text_arg::gem(a.colour)}},
                                        detail::seat_label(a.seat) + " buys back canoe " +
                                            std::to_string(a.canoe + 1) + " with a " +
                                            std::string(colour_name(a.colour)) + " gem.");
            });
            break;
        case ActionType::Cloud:
            s.weather = std::int8_t(s.weather + (a.up ? 1 : -1));
            detail::say(log, [&] {
                const std::string weather = (s.weather > 0 ? "+" : "") + std::to_string(s.weather);
                return detail::log_line(a.up ? "weather_up" : "weather_down",
                                        {{"seat", text_arg::seat(a.seat)}, {"weather", weather}},
                                        detail::seat_label(a.seat) + " moves the weather " +
                                            (a.up ? "up" : "down") + " to " + weather + ".");
            });
            if (s.options.spirits && s.weather == 2 && !s.beaver.in_river) {  // R10.7
                s.beaver = Piece{true, s.whirlpool.at(Pos::T1) ? Pos::T2 : Pos::T1};
                detail::say(log, [&] {
                    const std::string at(pos_name(s.beaver.pos));
                    return detail::log_line(
                        "beaver_jumps", {{"pos", at}},
                        "The Bathing Beaver jumps into the river at " + at + ".");
                });
            }
            detail::finish_card_action(s, log);
            break;
        case ActionType::MoveCanoe:
            detail::execute_canoe_move(s, a, log);
            detail::after_canoe_moved(s, log);
            break;
        case ActionType::EndTurn:
            detail::finish_card_action(s, log);
            break;
        case ActionType::TakeElk:
            if (a.canoe >= 0) {
                s.elk = Elk{Elk::At::Canoe, a.seat, a.canoe};
                detail::say(log, [&] {
                    return detail::log_line(
                        "elk_taken", {{"seat", text_arg::seat(a.seat)}, {"canoe", a.canoe + 1}},
                        detail::seat_label(a.seat) + "'s canoe " + std::to_string(a.canoe + 1) +
                            " takes the Hurried Elk.");
                });
            }
            detail::start_card_action(s, log);
            break;
        case ActionType::Fork: {
            Canoe& boat = player.canoes[a.canoe];
            boat.where = Where::River;
            boat.pos = a.fork == Branch::Left ? Pos::L6 : Pos::R6;
            player.fork_pending &= std::uint8_t(~(1u << a.canoe));
            detail::say(log, [&] {
                return detail::log_line(a.fork == Branch::Left ? "fork_left" : "fork_right",
                                        {{"seat", text_arg::seat(a.seat)}, {"canoe", a.canoe + 1}},
                                        detail::seat_label(a.seat) + "'s canoe " +
                                            std::to_string(a.canoe + 1) + " drifts into the " +
                                            std::string(branch_name(a.fork)) + " branch.");
            });
            break;
        }
        case ActionType::FreeCanoe:
            player.canoes[a.canoe].where = Where::Land;
            player.free_canoe_pending = false;
            detail::say(log, [&] {
                return detail::log_line("free_canoe",
                                        {{"seat", text_arg::seat(a.seat)}, {"canoe", a.canoe + 1}},
                                        detail::seat_label(a.seat) + " gets canoe " +
                                            std::to_string(a.canoe + 1) + " back for free.");
            });
            break;
        case ActionType::MeetJoe:
            detail::meet_joe(s, a, log);
            detail::end_turn(s, log);
            break;
    }
    return Status::accept();
}

void abandon(State& s, Log* log) {
    if (s.phase == Phase::GameOver) return;
    s.phase = Phase::GameOver;
    s.abandoned = true;
    s.winners = 0;
    detail::say(log, [&] {
        return detail::log_line("abandoned", {},
                                "The table ended the game; there is no winner.");
    });
}

bool is_winning_collection(const Gems& g) {
    if (g.distinct() == kColours || g.total() >= 7) return true;  // R9.1
    for (auto n : g.count)
        if (n >= 4) return true;
    return false;
}

int collection_value(const Gems& g) {
    int v = 0;
    for (int c = 0; c < kColours; ++c)
        v += (c + 1) * g.count[c];
    return v;
}

std::vector<int> winners(const State& s) {
    std::vector<int> seats;
    for (int seat = 0; seat < s.players(); ++seat)
        if ((s.winners >> seat) & 1) seats.push_back(seat);
    if (s.options.tie_break)  // R9.3: higher value first; equal values keep seat order
        std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) {
            return collection_value(s.seats[a].collection) >
                   collection_value(s.seats[b].collection);
        });
    return seats;
}

std::vector<int> places(const State& s) {
    if (!is_over(s) || s.winners == 0) return {};
    const int players = s.players();
    const auto won = [&](int seat) { return ((s.winners >> seat) & 1) != 0; };
    const int winner_count = std::popcount(unsigned(s.winners));
    std::vector<int> out(std::size_t(players), winner_count + 1);
    for (int seat = 0; seat < players; ++seat) {
        if (!won(seat)) continue;
        int better = 0;
        if (s.options.tie_break)
            for (int other = 0; other < players; ++other)
                better += won(other) && collection_value(s.seats[other].collection) >
                                            collection_value(s.seats[seat].collection);
        out[std::size_t(seat)] = 1 + better;
    }
    return out;
}

}  // namespace niagara
