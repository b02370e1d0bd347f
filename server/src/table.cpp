#include "table.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <random>

#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "serial_executor.hpp"

namespace niagara::server {

namespace msg = protocol;

namespace {

const char* phase_name(Table::Phase p) {
    switch (p) {
        case Table::Phase::Waiting:
            return "waiting";
        case Table::Phase::Playing:
            return "playing";
        case Table::Phase::Over:
            return "over";
    }
    return "";
}

std::string seat_text(int seat) {
    return "seat " + std::to_string(seat + 1);
}

}  // namespace

Table::Table(net::io_context& io, TableServices services, long id, protocol::TableOptions options,
             std::string host)
    : executor_(serial_executor(io, services.config.threads)),
      services_(std::move(services)),
      id_(id),
      options_(options),
      host_(std::move(host)),
      seats_(std::size_t(options.game.players)),
      bot_timer_(executor_),
      turn_timer_(executor_) {
    refresh_views();
}

template <typename F>
void Table::post(F&& f) {
    net::post(executor_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
        self->run_or_hold(std::move(f));
    });
}

void Table::run_or_hold(std::function<void()> work) {
    if (storing_ || !held_.empty()) return held_.push_back(std::move(work));
    work();
}

void Table::run_held() {
    while (!storing_ && !held_.empty()) {
        auto work = std::move(held_.front());
        held_.pop_front();
        work();
    }
}

// ---- messages ----------------------------------------------------------------------------

void Table::send_to(const std::shared_ptr<Connection>& c, const Json& message) {
    if (!c) return;
    c->send(protocol::serialize(message));
    services_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
}

void Table::send_error(const std::shared_ptr<Connection>& c, const std::string& code,
                       const std::string& why) {
    services_.metrics.errors.fetch_add(1, std::memory_order_relaxed);
    send_to(c, msg::error(code, why));
}

void Table::broadcast(const Json& message) {
    const auto frame = std::make_shared<const std::string>(protocol::serialize(message));
    auto deliver = [&](const std::weak_ptr<Connection>& weak) {
        if (auto c = weak.lock()) {
            c->send(frame);
            services_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
        }
    };
    for (const Seat& s : seats_)
        deliver(s.conn);
    for (const Spectator& s : spectators_)
        deliver(s.conn);
}

int Table::seat_of(const std::shared_ptr<Connection>& c) const {
    // By owner, not by lock(): no atomic count changes on connections the other thread uses.
    const auto same = [&c](const std::weak_ptr<Connection>& w) {
        return !w.owner_before(c) && !c.owner_before(w);
    };
    if (!c) return -1;
    for (std::size_t i = 0; i < seats_.size(); ++i)
        if (same(seats_[i].conn)) return int(i);
    return -1;
}

bool Table::is_host(const std::shared_ptr<Connection>& c) const {
    const int seat = seat_of(c);
    return seat >= 0 && seats_[std::size_t(seat)].host;
}

std::string Table::host_name() const {
    for (const Seat& s : seats_)
        if (s.taken && s.host) return s.name;
    return host_;
}

int Table::seat_count() const {
    int n = 0;
    for (const Seat& s : seats_)
        n += s.taken;
    return n;
}

bool Table::online(int seat) const {
    return !seats_[std::size_t(seat)].conn.expired();
}

// ---- views -------------------------------------------------------------------------------

Table::Facts Table::facts() const {
    Facts f{phase_, host_name(), {}, 0};
    for (std::size_t i = 0; i < seats_.size(); ++i) {
        const Seat& s = seats_[i];
        f.seats.push_back(s.taken
                              ? SeatFacts{true, s.name, s.bot, s.bot || online(int(i)), s.autoplay}
                              : SeatFacts{});
    }
    for (const Spectator& s : spectators_)
        f.spectators += !s.conn.expired();
    return f;
}

Json Table::table_view(const Facts& f) const {
    Json seats = Json::array();
    for (std::size_t i = 0; i < f.seats.size(); ++i) {
        const SeatFacts& s = f.seats[i];
        if (!s.taken) {
            seats.push_back(Json{{"seat", i}, {"name", nullptr}});
            continue;
        }
        seats.push_back(Json{{"seat", i},
                             {"name", s.name},
                             {"bot", s.bot},
                             {"online", s.online},
                             {"autoplay", s.autoplay}});
    }
    return Json{{"id", id_},
                {"options", msg::table_options_to_json(options_)},
                {"description", msg::describe(options_)},
                {"phase", phase_name(f.phase)},
                {"host", f.host},
                {"seats", seats},
                {"spectators", f.spectators}};
}

std::vector<std::string> Table::names() const {
    std::vector<std::string> out;
    for (const Seat& s : seats_)
        out.push_back(s.name);
    return out;
}

// The decision `seat` must now take, unless it was prompted with it already or the server
// decides for the seat. Remembered as prompted: each decision is sent once.
std::optional<msg::Decision> Table::new_decision(int seat) {
    Seat& s = seats_[std::size_t(seat)];
    if (phase_ != Phase::Playing || !state_ || seat >= state_->players() ||
        !must_act(*state_, seat) || s.bot || s.autoplay || s.conn.expired()) {
        s.prompted.reset();
        return std::nullopt;
    }
    std::vector<Action> actions = legal_actions(*state_, seat);
    if (s.prompted == actions) return std::nullopt;  // the same decision, still open
    msg::Decision decision{seat, {}, {}};
    decision.legal.reserve(actions.size());
    for (const Action& a : actions)
        decision.legal.push_back(to_text(a));
    // The same actions with their fields and, for a move, where it ends: what a graphical
    // client needs to highlight the choices on the board.
    decision.actions = legal_actions_json(*state_, actions, decision.legal);
    s.prompted = std::move(actions);
    return decision;
}

// The answer to /sync. An open decision is not repeated: it came whole with its patch (a
// decision holds even when its patch does not apply), and the client may have answered it.
void Table::send_snapshot(const std::shared_ptr<Connection>& c, int seat) {
    send_to(c, msg::snapshot(id_, version_, views_.seat_view(seat)));
    seats_[std::size_t(seat)].has_view = true;
}

// Every viewer gets the change as one message: a patch from the version it holds (or a
// snapshot) that also says what happened and, to a seat, its own card and decision.
void Table::publish(const Change& change) {
    ++version_;
    refresh_views();
    // What every patch of this change shares is serialized once.
    const msg::PatchFrames patches(id_, version_ - 1, version_, change.event);
    for (std::size_t i = 0; i < seats_.size(); ++i) {
        Seat& s = seats_[i];
        auto c = s.conn.lock();
        if (!c) {
            s.has_view = false;
            continue;
        }
        const std::optional<msg::Decision> decision = new_decision(int(i));
        std::optional<std::string> chosen;
        if (int(i) == change.chooser) chosen = change.card;  // to its owner only
        std::optional<std::string> ops;
        if (s.has_view && !change.snapshot_all) ops = views_.seat_patch(int(i));
        if (ops) {
            c->send(patches.frame(*ops, chosen, decision ? &*decision : nullptr));
            services_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
        } else {
            const msg::News news{change.event, chosen, decision ? &*decision : nullptr};
            send_to(c, msg::snapshot(id_, version_, views_.seat_view(int(i)), news));
            s.has_view = true;
        }
    }
    // Spectators all see the same: one frame for all of them.
    std::erase_if(spectators_, [](const Spectator& s) { return s.conn.expired(); });
    std::shared_ptr<const std::string> patch_frame, snapshot_frame;
    std::optional<std::string> spectator_ops;
    if (!change.snapshot_all && !spectators_.empty()) spectator_ops = views_.spectator_patch();
    for (Spectator& s : spectators_) {
        auto c = s.conn.lock();
        if (s.has_view && spectator_ops) {
            if (!patch_frame)
                patch_frame = std::make_shared<const std::string>(patches.frame(*spectator_ops));
            c->send(patch_frame);
        } else {
            if (!snapshot_frame)
                snapshot_frame = std::make_shared<const std::string>(protocol::serialize(
                    msg::snapshot(id_, version_, views_.spectator_view(),
                                  msg::News{change.event, std::nullopt, nullptr})));
            c->send(snapshot_frame);
            s.has_view = true;
        }
        services_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
    }
}

// ---- seating -----------------------------------------------------------------------------

std::string Table::new_token() {
    std::random_device device;  // /dev/urandom: 128 unpredictable bits
    std::string token;
    static constexpr char kHex[] = "0123456789abcdef";
    for (int i = 0; i < 4; ++i) {
        std::uint32_t word = device();
        for (int j = 0; j < 8; ++j, word >>= 4)
            token += kHex[word & 15];
    }
    return token;
}

void Table::join(std::shared_ptr<Connection> c, std::optional<int> wanted) {
    post([this, c = std::move(c), wanted] {
        // The lobby already routes this connection here; if it does not sit or watch here
        // after a refusal, it is at no table.
        auto refuse = [&](const std::string& code, const std::string& why) {
            const bool watching =
                std::any_of(spectators_.begin(), spectators_.end(),
                            [&](const Spectator& s) { return s.conn.lock() == c; });
            if (seat_of(c) < 0 && !watching && c->table().get() == this) c->set_table(nullptr);
            send_error(c, code, why);
        };
        if (seat_of(c) >= 0) return refuse("bad_command", "you already sit at this table");
        if (phase_ != Phase::Waiting)
            return refuse("started", "the game at table " + std::to_string(id_) +
                                         " has started; /watch " + std::to_string(id_) +
                                         " to follow it");
        int seat = -1;
        if (wanted) {
            if (*wanted < 0 || *wanted >= int(seats_.size()))
                return refuse("bad_command", "table " + std::to_string(id_) + " has seats 1 to " +
                                                 std::to_string(seats_.size()));
            if (seats_[std::size_t(*wanted)].taken)
                return refuse("table_full", seat_text(*wanted) + " is taken");
            seat = *wanted;
        } else {
            for (std::size_t i = 0; i < seats_.size() && seat < 0; ++i)
                if (!seats_[i].taken) seat = int(i);
            if (seat < 0) return refuse("table_full", "table " + std::to_string(id_) + " is full");
        }
        std::erase_if(spectators_, [&](const Spectator& s) { return s.conn.lock() == c; });
        Seat& s = seats_[std::size_t(seat)];
        s = Seat{};
        s.taken = true;
        s.name = c->name();
        s.token = new_token();
        s.conn = c;
        s.host = std::none_of(seats_.begin(), seats_.end(), [](const Seat& o) { return o.host; });
        services_.store.save_seat(id_, StoredSeat{seat, s.name, s.token, false});
        services_.register_token(s.token, id_, seat);
        c->set_table(shared_from_this());
        spdlog::info("table {}: {} sits at seat {}", id_, s.name, seat + 1);
        send_to(c, msg::seated(id_, seat, s.token));
        broadcast(msg::joined(id_, seat, s.name));
        publish();
    });
}

void Table::watch(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        if (seat_of(c) >= 0) return send_error(c, "bad_command", "you sit at this table already");
        spectators_.push_back(Spectator{c, false});
        c->set_table(shared_from_this());
        send_to(c, msg::watching(id_));
        publish();
    });
}

void Table::leave(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        if (c->table().get() == this) c->set_table(nullptr);  // unless it moved on already
        const int seat = seat_of(c);
        if (seat < 0) {
            std::erase_if(spectators_, [&](const Spectator& s) { return s.conn.lock() == c; });
            send_to(c, msg::left(id_, -1, c->name()));
            return publish();
        }
        Seat& s = seats_[std::size_t(seat)];
        const std::string name = s.name;
        s.conn.reset();
        s.has_view = false;
        if (phase_ == Phase::Waiting) {  // the seat is free again
            services_.forget_token(s.token);
            services_.store.remove_seat(id_, seat);
            const bool was_host = s.host;
            s = Seat{};
            for (Seat& other : seats_)  // the host's role passes to the next player
                if (was_host && other.taken && !other.bot) {
                    other.host = true;
                    break;
                }
        } else if (phase_ == Phase::Playing && !s.bot) {
            s.autoplay = true;  // the game goes on; a bot plays until the token comes back
        }
        const Json left = msg::left(id_, seat, name);
        send_to(c, left);
        broadcast(left);
        publish();
        if (phase_ == Phase::Playing) after_change();
    });
}

void Table::resume(std::shared_ptr<Connection> c, int seat) {
    post([this, c = std::move(c), seat] {
        Seat& s = seats_[std::size_t(seat)];
        if (auto old = s.conn.lock(); old && old != c) {
            send_to(old, msg::error("bad_token", "your seat was resumed from another connection"));
            if (old->table().get() == this) old->set_table(nullptr);
        }
        s.conn = c;
        s.autoplay = false;
        s.timeouts = 0;
        s.has_view = false;
        s.prompted.reset();  // the new connection needs its prompt
        c->set_name(s.name);
        c->set_table(shared_from_this());
        spdlog::info("table {}: {} resumes seat {}", id_, s.name, seat + 1);
        send_to(c, msg::resumed(id_, seat, s.token));
        broadcast(msg::presence(id_, seat, s.name, true));
        publish();
        if (phase_ == Phase::Playing) after_change();
    });
}

void Table::disconnected(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        const int seat = seat_of(c);
        if (seat < 0) {
            std::erase_if(spectators_, [&](const Spectator& s) { return s.conn.lock() == c; });
            return publish();
        }
        Seat& s = seats_[std::size_t(seat)];
        s.conn.reset();
        s.has_view = false;
        broadcast(msg::presence(id_, seat, s.name, false));
        publish();
        if (phase_ == Phase::Playing) arm_grace_timer(seat);
    });
}

void Table::arm_grace_timer(int seat) {
    while (grace_timers_.size() < seats_.size())
        grace_timers_.push_back(std::make_unique<net::steady_timer>(executor_));
    auto& timer = *grace_timers_[std::size_t(seat)];
    timer.expires_after(std::chrono::seconds(services_.config.grace_seconds));
    timer.async_wait([this, self = shared_from_this(), seat](boost::system::error_code ec) {
        if (ec) return;
        run_or_hold([this, self, seat] {
            Seat& s = seats_[std::size_t(seat)];
            if (phase_ != Phase::Playing || online(seat) || s.autoplay) return;
            s.autoplay = true;
            broadcast(msg::presence(id_, seat, s.name, false, true));
            publish();
            after_change();
        });
    });
}

void Table::add_bot(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        if (!is_host(c))
            return send_error(c, "not_host",
                              "only the table's host (" + host_name() + ") adds bots");
        if (phase_ != Phase::Waiting) return send_error(c, "started", "the game has started");
        for (std::size_t i = 0; i < seats_.size(); ++i) {
            Seat& s = seats_[i];
            if (s.taken) continue;
            s = Seat{};
            s.taken = true;
            s.bot = true;
            s.name = "bot-" + std::to_string(i + 1);
            s.token = new_token();
            services_.store.save_seat(id_, StoredSeat{int(i), s.name, s.token, true});
            broadcast(msg::joined(id_, int(i), s.name));
            return publish();
        }
        send_error(c, "table_full", "table " + std::to_string(id_) + " is full");
    });
}

void Table::start(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        if (!is_host(c))
            return send_error(c, "not_host",
                              "only the table's host (" + host_name() + ") starts the game");
        if (phase_ != Phase::Waiting)
            return send_error(c, "started", "the game has started already");
        const int n = seat_count();
        if (n < 3)
            return send_error(c, "not_enough_players",
                              "a game needs at least 3 seated players (bots count); " +
                                  std::to_string(n) + " seated. Ask others to /join or /addbot");
        // The engine numbers seats 0..n-1: close the gaps, keeping the order.
        std::vector<Seat> seated;
        for (Seat& s : seats_)
            if (s.taken) seated.push_back(std::move(s));
        seats_ = std::move(seated);
        for (std::size_t i = 0; i < seats_.size(); ++i) {
            services_.store.remove_seat(id_, int(i));
            services_.register_token(seats_[i].token, id_, int(i));
        }
        for (std::size_t i = seats_.size(); i < std::size_t(options_.game.players); ++i)
            services_.store.remove_seat(id_, int(i));
        for (std::size_t i = 0; i < seats_.size(); ++i)
            services_.store.save_seat(
                id_, StoredSeat{int(i), seats_[i].name, seats_[i].token, seats_[i].bot});

        Options game = options_.game;
        game.players = n;
        if (game.seed == 0)
            game.seed = (std::uint64_t(std::random_device{}()) << 32) | std::random_device{}();
        state_ = new_game(game);
        record_ = Record{game, {}, false};
        for (int i = 0; i < n; ++i)
            bots_.push_back(std::make_unique<RandomBot>(game.seed * 31 + std::uint64_t(i)));
        phase_ = Phase::Playing;
        services_.store.mark_started(id_, options_to_json(game).dump());
        spdlog::info("table {}: game starts with {} players", id_, n);
        broadcast(msg::started(id_, n));
        Change everyone;
        everyone.snapshot_all = true;
        publish(everyone);
        after_change();
    });
}

void Table::say(std::shared_ptr<Connection> c, std::string text) {
    post([this, c = std::move(c), text = std::move(text)] {
        broadcast(msg::chat(id_, c->name(), text));
    });
}

void Table::sync(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        const int seat = seat_of(c);
        if (seat < 0) {
            // A spectator's snapshot carries the current version; later patches follow it.
            send_to(c, msg::snapshot(id_, version_, views_.spectator_view()));
            for (Spectator& s : spectators_)
                if (s.conn.lock() == c) s.has_view = true;
            return;
        }
        send_snapshot(c, seat);
    });
}

// ---- the game ----------------------------------------------------------------------------

void Table::act(std::shared_ptr<Connection> c, protocol::ClientMessage message) {
    post([this, c = std::move(c), message = std::move(message)] {
        const int seat = seat_of(c);
        if (seat < 0)
            return send_error(c, "not_seated", "only seated players act; spectators watch");
        if (phase_ != Phase::Playing)
            return send_error(
                c, phase_ == Phase::Waiting ? "bad_command" : "started",
                phase_ == Phase::Waiting ? "the game has not started yet" : "the game is over");
        Action action;
        if (message.action) {
            try {
                action = action_from_json(*message.action);
            } catch (const std::invalid_argument& e) {
                return send_error(c, "bad_command", e.what());
            }
            if (message.action->contains("seat") && action.seat != seat)
                return send_error(c, "not_your_turn",
                                  "you sit at " + seat_text(seat) + "; you act for it only");
            action.seat = std::int8_t(seat);
        } else {
            Parsed parsed = parse_action(message.text, seat);
            if (!parsed.action) return send_error(c, "bad_command", parsed.error);
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
        send_error(c, "not_your_turn", "it is not your decision now; waiting for " + who);
        return false;
    }
    Log log;
    State next = *state_;
    if (Status status = apply(next, action, &log); !status) {
        send_error(c, "illegal", status.reason);
        return false;
    }
    const long index = long(record_.actions.size());
    record_.actions.push_back(action);
    state_ = std::move(next);
    services_.metrics.actions.fetch_add(1, std::memory_order_relaxed);

    // Nothing about the action is sent before it is stored: until its group is committed, the
    // table holds whatever else it is asked (run_or_hold).
    storing_ = true;
    auto event =
        std::make_shared<const msg::GameEvent>(msg::GameEvent{seat, std::move(log), cause});
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
    std::string stored;  // as dump() writes it, without setting up a serializer per action
    append_json_value(stored, action_to_json(action));
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

void Table::schedule_bots() {
    if (bot_pending_ || phase_ != Phase::Playing) return;
    for (int seat = 0; seat < state_->players(); ++seat) {
        const Seat& s = seats_[std::size_t(seat)];
        if (!must_act(*state_, seat) || !(s.bot || s.autoplay)) continue;
        bot_pending_ = true;
        auto run = [this, self = shared_from_this(), seat](boost::system::error_code ec = {}) {
            run_or_hold([this, self, seat, ec] {
                bot_pending_ = false;
                if (ec || phase_ != Phase::Playing || !must_act(*state_, seat))
                    return schedule_bots();
                play_bot(seat);
            });
        };
        if (services_.config.bot_delay_ms <= 0) {
            net::post(executor_, [run]() mutable { run(); });
        } else {
            bot_timer_.expires_after(std::chrono::milliseconds(services_.config.bot_delay_ms));
            bot_timer_.async_wait(run);
        }
        return;
    }
}

void Table::play_bot(int seat) {
    const Action action = bots_[std::size_t(seat)]->pick_action(*state_, seat);
    const Seat& s = seats_[std::size_t(seat)];
    apply_action(seat, action, s.bot ? "" : "bot for " + s.name);
}

void Table::arm_turn_timer() {
    if (options_.turn_seconds <= 0 || phase_ != Phase::Playing) return;
    std::vector<int> waiting;  // the seats whose clock runs
    for (int seat = 0; seat < state_->players(); ++seat) {
        const Seat& s = seats_[std::size_t(seat)];
        if (must_act(*state_, seat) && !s.bot && !s.autoplay) waiting.push_back(seat);
    }
    if (waiting.empty()) return;  // nobody human is waited for
    // Each decision gets the full time from the last change at the table.
    turn_timer_.expires_after(std::chrono::seconds(options_.turn_seconds));
    turn_timer_.async_wait(
        [this, self = shared_from_this(), armed = version_](boost::system::error_code ec) {
            if (!ec) run_or_hold([this, self, armed] { on_turn_timeout(armed); });
        });
    broadcast(msg::timer(id_, waiting, options_.turn_seconds, names()));
}

void Table::on_turn_timeout(long armed_version) {
    if (armed_version != version_ || phase_ != Phase::Playing) return;  // something happened since
    for (int seat = 0; seat < state_->players(); ++seat) {
        Seat& s = seats_[std::size_t(seat)];
        if (!must_act(*state_, seat) || s.bot || s.autoplay) continue;
        const Action action = bots_[std::size_t(seat)]->pick_action(*state_, seat);
        ++s.timeouts;
        broadcast(msg::timeout(id_, seat, to_text(action), names()));
        if (s.timeouts >= 3) s.autoplay = true;  // until the player acts again or resumes
        apply_action(seat, action, "timeout");
        return;  // the next decision gets its own timer
    }
}

void Table::finish() {
    phase_ = Phase::Over;
    turn_timer_.cancel();
    bot_timer_.cancel();
    const Json record = record_to_json(record_);
    services_.store.finish(id_, record.dump());
    for (const Seat& s : seats_)
        services_.forget_token(s.token);
    const Json ended = msg::ended(id_, result_to_json(*state_), names());
    spdlog::info("table {}: {}", id_, ended.at("text").get<std::string>());
    broadcast(ended);
    update_summary(table_view(facts()));  // the views say so at their next version
    services_.finished(id_);
}

// ---- restore and summary -----------------------------------------------------------------

void Table::restore(const StoredTable& stored) {
    for (const StoredSeat& s : stored.seats) {
        if (s.seat < 0 || s.seat >= int(seats_.size())) continue;
        Seat& seat = seats_[std::size_t(s.seat)];
        seat.taken = true;
        seat.name = s.name;
        seat.token = s.token;
        seat.bot = s.bot;
        seat.host =
            !s.bot && s.name == host_ &&
            std::none_of(seats_.begin(), seats_.end(), [](const Seat& o) { return o.host; });
        services_.register_token(s.token, id_, s.seat);
    }
    if (!stored.started) return refresh_views();
    const Options game = options_from_json(Json::parse(stored.game_options_json));
    seats_.resize(std::size_t(game.players));
    state_ = new_game(game);
    record_ = Record{game, {}, false};
    for (int i = 0; i < game.players; ++i)
        bots_.push_back(std::make_unique<RandomBot>(game.seed * 31 + std::uint64_t(i)));
    for (const std::string& text : stored.actions) {
        const Action action = action_from_json(Json::parse(text));
        if (!apply(*state_, action))
            throw std::runtime_error("table " + std::to_string(id_) + ": stored action is illegal");
        record_.actions.push_back(action);
    }
    phase_ = Phase::Playing;
    // Players come back with their tokens; whoever does not within the grace period is
    // played by a bot.
    post([this] {
        for (int seat = 0; seat < int(seats_.size()); ++seat)
            if (!seats_[std::size_t(seat)].bot) arm_grace_timer(seat);
        after_change();
    });
    refresh_views();
}

void Table::refresh_views() {
    std::optional<Json> table_part;
    if (Facts now = facts(); now != shown_facts_) {
        table_part = table_view(now);  // the lobby's summary is the views' table part
        update_summary(*table_part);
        shown_facts_ = std::move(now);
    }
    views_.update(std::move(table_part), state_ ? &*state_ : nullptr);
}

void Table::update_summary(Json table_part) {
    std::lock_guard lock(summary_mutex_);
    summary_ = std::move(table_part);
    phase_copy_ = phase_;
}

Json Table::summary() const {
    std::lock_guard lock(summary_mutex_);
    return summary_;
}

Table::Phase Table::phase() const {
    std::lock_guard lock(summary_mutex_);
    return phase_copy_;
}

}  // namespace niagara::server
