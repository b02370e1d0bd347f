// Table, the game: the start, players' actions (stored before they are published), turn
// timers and the end.
#include <spdlog/spdlog.h>

#include <random>

#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "table.hpp"

namespace niagara::server {

namespace msg = protocol;

void Table::start(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        if (!is_host(c))
            return send_error(c, "not_host", {"server.start.not_host", {{"host", host_name()}}});
        if (phase_ != Phase::Waiting) return send_error(c, "started", {"server.start.already"});
        const int n = seat_count();
        if (n < 3)
            return send_error(c, "not_enough_players", {"server.start.too_few", {{"count", n}}});
        // The engine numbers seats 0..n-1: close the gaps, keeping the order.
        std::vector<Seat> seated;
        for (const Seat& s : seats_)
            if (s.taken) seated.push_back(s);
        Options game = options_.game;
        game.players = n;
        if (game.seed == 0)
            game.seed = (std::uint64_t(std::random_device{}()) << 32) | std::random_device{}();
        if (!try_store(c, [&] {
                for (std::size_t i = 0; i < seats_.size(); ++i)
                    services_.store.remove_seat(id_, int(i));
                for (std::size_t i = 0; i < seated.size(); ++i)
                    services_.store.save_seat(
                        id_, StoredSeat{int(i), seated[i].name, seated[i].token, seated[i].bot,
                                        int(seated[i].level), false, seated[i].account});
                services_.store.mark_started(id_, options_to_json(game).dump());
            }))
            return;
        seats_ = std::move(seated);
        for (std::size_t i = 0; i < seats_.size(); ++i)
            services_.register_token(seats_[i].token, id_, int(i));
        // Grace timers belong to seat numbers, which just changed: each absent player gets one
        // for the seat he has now.
        for (auto& timer : grace_timers_)
            timer->cancel();
        state_ = new_game(game);
        record_ = Record{game, {}, false};
        bots_.assign(std::size_t(n), nullptr);
        thinking_.assign(std::size_t(n), std::nullopt);
        hints_.assign(std::size_t(n), 0);
        phase_ = Phase::Playing;
        spdlog::info("table {}: game starts with {} players", id_, n);
        tell(msg::started(id_, n));
        for (int seat = 0; seat < n; ++seat)
            if (!seats_[std::size_t(seat)].bot && !online(seat)) arm_grace_timer(seat);
        Change everyone;
        everyone.snapshot_all = true;
        publish(everyone);
        after_change();
    });
}

void Table::act(std::shared_ptr<Connection> c, protocol::command::Act message) {
    post([this, c = std::move(c), message = std::move(message)] {
        const int seat = seat_of(c);
        if (seat < 0) return send_error(c, "not_seated", {"server.act.not_seated"});
        if (phase_ != Phase::Playing)
            return send_error(
                c, phase_ == Phase::Waiting ? "bad_command" : "started",
                {phase_ == Phase::Waiting ? "server.act.not_started" : "server.game.over"});
        Action action;
        if (message.action) {
            try {
                action = action_from_json(*message.action);
            } catch (const std::invalid_argument& e) {
                return send_error(c, "bad_command", {"server.act.unreadable", {{"why", e.what()}}});
            }
            if (message.action->contains("seat") && action.seat != seat)
                return send_error(c, "not_your_turn",
                                  {"server.act.other_seat", {{"seat", id_arg(seat + 1)}}});
            action.seat = std::int8_t(seat);
        } else if (message.notation) {  // parsed when it was read: only the seat is the table's
            action = *message.notation;
            action.seat = std::int8_t(seat);
        } else {
            Parsed parsed = parse_action(message.text, seat);
            if (!parsed.action)
                return send_error(c, "bad_command", {parsed.why.key, parsed.why.args.json()});
            action = *parsed.action;
        }
        seats_[std::size_t(seat)].timeouts = 0;
        apply_action(seat, action, "");
    });
}

bool Table::apply_action(int seat, const Action& action, const std::string& cause) {
    const auto started = std::chrono::steady_clock::now();
    auto c = seats_[std::size_t(seat)].conn.lock();
    if (!must_act(*state_, seat)) {
        std::string who;
        for (int i = 0; i < state_->players(); ++i)
            if (must_act(*state_, i))
                who += (who.empty() ? "" : ", ") + seats_[std::size_t(i)].name;
        send_error(c, "not_your_turn", {"server.act.not_your_turn", {{"who", who}}});
        return false;
    }
    Log log;
    State next = *state_;
    if (Status status = apply(next, action, &log); !status) {
        // The engine's reason, as its key and arguments: read in the player's language.
        send_error(c, "illegal", {status.refusal.key, status.refusal.args.json()});
        return false;
    }
    const long index = long(record_.actions.size());
    record_.actions.push_back(action);
    lines_.add_action(TableLog::cause_of(cause));
    seats_[std::size_t(seat)].deadline.reset();  // its next decision gets a clock of its own
    state_ = std::move(next);
    services_.metrics.actions.fetch_add(1, std::memory_order_relaxed);

    // Nothing about the action is sent before it is stored: until its group is committed, the
    // table holds whatever else it is asked (run_or_hold).
    storing_ = true;
    auto event = std::make_shared<const msg::GameEvent>(
        msg::GameEvent{seat, english(log), cause, serialized_texts(log)});
    Change change;
    if (action.type == ActionType::PlayCard) {  // the choice, to its owner only
        change.chooser = seat;
        change.card = card_name(action.card);
    }
    auto committed = [this, self = shared_from_this(), event, change, started]() mutable {
        storing_ = false;
        change.event = event.get();
        publish(change);
        services_.metrics.observe_broadcast(std::chrono::steady_clock::now() - started);
        after_change();
        run_held();
    };
    std::string stored;  // as dump() writes it: written directly, no object built per action
    if (cause.empty()) {
        append_action_json(stored, action);
    } else {
        // Who made a move for the seat ("timeout", "bot for alice"): its line says so after a
        // restart too (the engine reads the action without it).
        Json action_json = action_to_json(action);
        action_json["cause"] = cause;
        append_json_value(stored, action_json);
    }
    services_.actions.append(StoredAction{id_, index, std::move(stored)},
                             [this, committed = std::move(committed)]() mutable {
                                 net::post(executor_, std::move(committed));
                             });
    return true;
}

void Table::after_change() {
    if (!state_) return;
    if (is_over(*state_)) return finish();
    // Decisions usually ride on the change's message (publish); one still unsent goes alone.
    for (int seat = 0; seat < state_->players(); ++seat)
        if (auto decision = new_decision(seat))
            send_to(seats_[std::size_t(seat)].conn.lock(), msg::prompt(id_, *decision));
    schedule_bots();
    arm_turn_timer();
}

// Every seat's clock runs from the moment its decision began: another seat's move (or its
// timeout) neither restarts nor stops it. One timer wakes the table at the first clock's end.
void Table::arm_turn_timer() {
    if (options_.turn_seconds <= 0 || phase_ != Phase::Playing || !state_) return;
    const auto now = std::chrono::steady_clock::now();
    bool fresh = false;  // a decision began: everyone is told the clocks
    std::optional<std::chrono::steady_clock::time_point> first;
    for (int seat = 0; seat < state_->players(); ++seat) {
        Seat& s = seats_[std::size_t(seat)];
        if (!must_act(*state_, seat) || s.bot || s.autoplay) {
            s.deadline.reset();
            continue;
        }
        if (!s.deadline) {
            s.deadline = now + std::chrono::seconds(options_.turn_seconds);
            fresh = true;
        }
        // A seat whose stand-in move is being thought out needs no wake-up.
        const bool deciding = thinking_[std::size_t(seat)] && thinking_[std::size_t(seat)]->timeout;
        if (!deciding && (!first || *s.deadline < *first)) first = s.deadline;
    }
    if (!first) {
        turn_timer_.cancel();
        return;
    }
    turn_timer_.expires_at(*first);
    turn_timer_.async_wait([this, self = shared_from_this()](boost::system::error_code ec) {
        if (!ec) run_or_hold([this, self] { on_turn_timeout(); });
    });
    if (fresh) broadcast(clocks());
}

Json Table::clocks() const {
    if (phase_ != Phase::Playing || !state_) return nullptr;
    const auto now = std::chrono::steady_clock::now();
    std::vector<int> seats;
    std::vector<long> remaining;
    for (int seat = 0; seat < int(seats_.size()); ++seat)
        if (const auto& deadline = seats_[std::size_t(seat)].deadline) {
            seats.push_back(seat);
            remaining.push_back(std::max<long>(
                0, long(std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - now)
                            .count())));
        }
    if (seats.empty()) return nullptr;
    return msg::timer(id_, seats, options_.turn_seconds, names(), remaining);
}

// A viewer who arrives (or comes back) mid-decision sees the clocks as they run.
void Table::send_clocks(const std::shared_ptr<Connection>& c) {
    if (const Json message = clocks(); !message.is_null()) send_to(c, message);
}

void Table::on_turn_timeout() {
    if (phase_ != Phase::Playing) return;
    if (!someone_here()) return;  // the game waits for someone to come back (check_idle)
    const auto now = std::chrono::steady_clock::now();
    for (int seat = 0; seat < state_->players(); ++seat) {
        const Seat& s = seats_[std::size_t(seat)];
        if (!s.deadline || *s.deadline > now || !must_act(*state_, seat) || s.bot || s.autoplay)
            continue;
        // The table's bot decides for the seat, on the pool; the move is played when its answer
        // comes, if the player has not acted meanwhile (on_bot_answer).
        if (!thinking_[std::size_t(seat)]) think(seat, true);
    }
    arm_turn_timer();  // the other clocks run on
}

// Each rated player learns his new rating, at his seat's connection (a conceded seat's: the
// connection that conceded, watching on), after the game's end.
void Table::tell_ratings(const std::vector<RatedPlace>& rated) {
    for (const RatedPlace& r : rated) {
        const msg::RatingLine now{r.variant, ratings::ordinal({r.mu, r.sigma}), r.mu, r.sigma,
                                  r.games};
        for (const Seat& s : seats_) {
            if (s.account != r.account) continue;
            if (auto c = (s.conceded ? s.conceder : s.conn).lock())
                send_to(c, msg::rated(id_, now, now.shown - r.shown_before));
            break;
        }
    }
}

void Table::finish() {
    Json record = record_to_json(record_);
    const Json conceded = conceded_seats();  // who gave up (/concede), kept with the record
    if (!conceded.empty()) record["conceded"] = conceded;
    // Unstored, the game is replayed at the next start and finishes (and is stored) again.
    std::vector<RatedSeat> rated_seats;
    for (const Seat& s : seats_)
        rated_seats.push_back(RatedSeat{s.account, s.bot, s.level, s.conceded});
    std::vector<RatedPlace> rated;
    try_store(nullptr, [&] {
        rated = services_.ratings.finish(id_, record.dump(), variant_of(state_->options),
                                         rated_seats, places(*state_), options_.unrated);
    });
    stop_play();
    {
        // Who played (the connections, not their names: a conceded seat's is the connection
        // that conceded it, watching on), and the bots to seat again, for "play again" (/again).
        std::lock_guard lock(summary_mutex_);
        rematch_ = Rematch{options_, {}, {}, 0};
        for (const Seat& s : seats_) {
            if (s.bot)
                rematch_->bots.push_back(s.level);
            else
                rematch_->present.push_back(s.conceded ? s.conceder : s.conn);
        }
    }
    Json result = result_to_json(*state_);
    if (!conceded.empty()) result["conceded"] = conceded;
    const Json ended = msg::ended(id_, result, names());
    spdlog::info("table {}: {}", id_, ended.at("text").get<std::string>());
    // The lobby learns of the end (and keeps the rematch plan) before any player does: a
    // "/again" sent the moment "ended" arrives, handled on another thread, found no plan and
    // was refused (the sanitizer run's "Play again" test, once).
    services_.finished(id_);
    tell(ended);
    tell_ratings(rated);
    update_summary(table_view(facts()));  // the views say so at their next version
}
}  // namespace niagara::server
