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

bool same_name(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// A bot's own generator, seeded from the system's entropy and never shown to anyone: the
// table's public seed (in every view, for replays) must not let a player compute a bot's card.
// Only --bot-seed (tests, benchmarks) makes bots repeat themselves.
std::unique_ptr<RandomBot> secret_bot(std::uint64_t bot_seed, int seat) {
    if (bot_seed != 0) return std::make_unique<RandomBot>(bot_seed * 31 + std::uint64_t(seat));
    std::random_device device;
    return std::make_unique<RandomBot>((std::uint64_t(device()) << 32) | device());
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
      turn_timer_(executor_),
      idle_timer_(executor_) {
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

template <typename F>
bool Table::try_store(const std::shared_ptr<Connection>& c, F&& write) {
    try {
        write();
        return true;
    } catch (const std::exception& e) {
        services_.metrics.storage_errors.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("table {}: storage failed: {}", id_, e.what());
        if (c) send_error(c, "storage_error", "the server could not store that; try again later");
        return false;
    }
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

bool Table::human_online() const {
    for (std::size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].taken && !seats_[i].bot && online(int(i))) return true;
    return false;
}

bool Table::someone_here() const {
    return human_online() || std::any_of(spectators_.begin(), spectators_.end(),
                                         [](const Spectator& s) { return !s.conn.expired(); });
}

// The host's role passes to the first other player who is connected; with nobody connected it
// stays where it is.
void Table::pass_host(int from) {
    if (from < 0 || !seats_[std::size_t(from)].host) return;
    for (std::size_t i = 0; i < seats_.size(); ++i) {
        Seat& other = seats_[i];
        if (int(i) == from || !other.taken || other.bot || !online(int(i))) continue;
        seats_[std::size_t(from)].host = false;
        other.host = true;
        broadcast(msg::message(
            "host", other.name + " is now the host of table " + std::to_string(id_) + ".",
            Json{{"table", id_}, {"seat", i}, {"name", other.name}}));
        return;
    }
}

// A table at which nobody is connected (bots do not count; spectators do) closes after
// --idle-table-seconds: waiting tables nobody can start, games nobody plays or watches,
// restored tables nobody comes back to. Until then, bots wait too: they never play a game
// nobody is at, so a stranger cannot leave games playing (and being stored) on their own.
void Table::check_idle() {
    const int seconds = services_.config.idle_table_seconds;
    if (phase_ == Phase::Over || seconds <= 0) return;
    if (someone_here()) {
        if (idle_armed_) idle_timer_.cancel();
        idle_armed_ = false;
        return;
    }
    if (idle_armed_) return;
    idle_armed_ = true;
    idle_timer_.expires_after(std::chrono::seconds(seconds));
    idle_timer_.async_wait([this, self = shared_from_this()](boost::system::error_code ec) {
        if (ec) return;
        run_or_hold([this, self] {
            idle_armed_ = false;
            close_idle();
        });
    });
}

void Table::close_idle() {
    if (phase_ == Phase::Over || someone_here()) return check_idle();
    spdlog::info("table {}: closed, nobody was at it for {} s", id_,
                 services_.config.idle_table_seconds);
    services_.metrics.expired_tables.fetch_add(1, std::memory_order_relaxed);
    try_store(nullptr, [&] { services_.store.close(id_); });
    stop_play();
    broadcast(msg::message("closed",
                           "Table " + std::to_string(id_) + " closed: nobody played at it for " +
                               std::to_string(services_.config.idle_table_seconds) + " s.",
                           Json{{"table", id_}}));
    for (const Spectator& s : spectators_)
        if (auto c = s.conn.lock(); c && c->table().get() == this) c->set_table(nullptr);
    update_summary(table_view(facts()));
    services_.finished(id_);
}

// The table is over (finished or closed): no timer fires and no token opens a seat any more.
void Table::stop_play() {
    phase_ = Phase::Over;
    turn_timer_.cancel();
    bot_timer_.cancel();
    idle_timer_.cancel();
    for (auto& timer : grace_timers_)
        timer->cancel();
    for (const Seat& s : seats_)
        if (s.taken) services_.forget_token(s.token);
}

// Frees a seat before the start (its player left, or stayed away past the grace period).
void Table::free_seat(int seat) {
    Seat& s = seats_[std::size_t(seat)];
    services_.forget_token(s.token);
    try_store(nullptr, [&] { services_.store.remove_seat(id_, seat); });
    pass_host(seat);
    s = Seat{};
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
    check_idle();
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
        const std::string name = c->name();
        for (const Seat& other : seats_)  // names are unique at a table: nobody speaks as another
            if (other.taken && same_name(other.name, name))
                return refuse("name_taken", "someone at table " + std::to_string(id_) +
                                                " is called " + other.name +
                                                "; choose another name with /name");
        Seat fresh;
        fresh.taken = true;
        fresh.name = name;
        fresh.token = new_token();
        fresh.conn = c;
        fresh.host =
            std::none_of(seats_.begin(), seats_.end(), [](const Seat& o) { return o.host; });
        if (!try_store(nullptr, [&] {
                services_.store.save_seat(id_, StoredSeat{seat, fresh.name, fresh.token, false});
            }))
            return refuse("storage_error", "the server could not store your seat; try again later");
        std::erase_if(spectators_, [&](const Spectator& s) { return s.conn.lock() == c; });
        Seat& s = seats_[std::size_t(seat)];
        s = std::move(fresh);
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
        // One entry per connection: a repeated /watch must not multiply what the table sends.
        if (std::any_of(spectators_.begin(), spectators_.end(),
                        [&](const Spectator& s) { return s.conn.lock() == c; }))
            return send_error(c, "bad_command",
                              "you watch table " + std::to_string(id_) + " already");
        const std::string name = c->name();
        for (const Seat& seat : seats_)
            if (seat.taken && same_name(seat.name, name)) {
                if (c->table().get() == this) c->set_table(nullptr);
                return send_error(c, "name_taken",
                                  "someone at table " + std::to_string(id_) + " is called " +
                                      seat.name + "; choose another name with /name");
            }
        spectators_.push_back(Spectator{c, false});
        c->set_table(shared_from_this());
        send_to(c, msg::watching(id_));
        publish();
        if (phase_ == Phase::Playing) schedule_bots();  // a game nobody was at goes on
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
        if (phase_ == Phase::Waiting) {
            free_seat(seat);
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

void Table::resume(std::shared_ptr<Connection> c, std::string token) {
    post([this, c = std::move(c), token = std::move(token)] {
        // The lobby found the token before this ran; a /start or /leave since may have moved
        // or freed its seat, so the seat is looked up again, here.
        const auto held = std::find_if(seats_.begin(), seats_.end(), [&](const Seat& s) {
            return s.taken && !s.bot && s.token == token;
        });
        if (held == seats_.end() || phase_ == Phase::Over) {
            if (c->table().get() == this) c->set_table(nullptr);
            return send_error(c, "bad_token",
                              "that token opens no seat (wrong, or the game is over)");
        }
        const int seat = int(held - seats_.begin());
        Seat& s = *held;
        std::erase_if(spectators_, [&](const Spectator& w) { return w.conn.lock() == c; });
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
        if (phase_ == Phase::Waiting) pass_host(seat);  // so that someone can still start
        publish();
        if (phase_ != Phase::Over) arm_grace_timer(seat);
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
            if (seat >= int(seats_.size())) return;  // the game started with fewer seats
            Seat& s = seats_[std::size_t(seat)];
            if (phase_ == Phase::Waiting && s.taken && !s.bot && !online(seat)) {
                // Gone before the start: the seat is free again for someone who is here.
                const Json left = msg::left(id_, seat, s.name);
                free_seat(seat);
                broadcast(left);
                return publish();
            }
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
            Seat bot;
            bot.taken = true;
            bot.bot = true;
            bot.name = "bot-" + std::to_string(i + 1);
            bot.token = new_token();
            if (!try_store(c, [&] {
                    services_.store.save_seat(id_, StoredSeat{int(i), bot.name, bot.token, true});
                }))
                return;
            s = std::move(bot);
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
                        id_, StoredSeat{int(i), seated[i].name, seated[i].token, seated[i].bot});
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
        for (int i = 0; i < n; ++i)
            bots_.push_back(secret_bot(services_.config.bot_seed, i));
        phase_ = Phase::Playing;
        spdlog::info("table {}: game starts with {} players", id_, n);
        broadcast(msg::started(id_, n));
        for (int seat = 0; seat < n; ++seat)
            if (!seats_[std::size_t(seat)].bot && !online(seat)) arm_grace_timer(seat);
        Change everyone;
        everyone.snapshot_all = true;
        publish(everyone);
        after_change();
    });
}

void Table::say(std::shared_ptr<Connection> c, std::string text) {
    post([this, c = std::move(c), text = std::move(text)] {
        // A player speaks under the seat's name; names are unique at a table (join, watch).
        const int seat = seat_of(c);
        broadcast(msg::chat(id_, seat >= 0 ? seats_[std::size_t(seat)].name : c->name(), text));
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
    // With nobody connected the game waits: bots never play on alone (check_idle).
    if (bot_pending_ || phase_ != Phase::Playing || !someone_here()) return;
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
    if (!someone_here()) return;  // the game waits for someone to come back (check_idle)
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
    const Json record = record_to_json(record_);
    // Unstored, the game is replayed at the next start and finishes (and is stored) again.
    try_store(nullptr, [&] { services_.store.finish(id_, record.dump()); });
    stop_play();
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
    if (!stored.started) {
        post([this] { check_idle(); });
        return refresh_views();
    }
    const Options game = options_from_json(Json::parse(stored.game_options_json));
    seats_.resize(std::size_t(game.players));
    state_ = new_game(game);
    record_ = Record{game, {}, false};
    for (int i = 0; i < game.players; ++i)
        bots_.push_back(secret_bot(services_.config.bot_seed, i));
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
        check_idle();
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
    const bool free_seat =
        std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) { return !s.taken; });
    {
        std::lock_guard lock(summary_mutex_);
        summary_ = std::move(table_part);
        phase_copy_ = phase_;
        joinable_ = phase_ == Phase::Waiting && free_seat && human_online();
    }
    if (services_.summary_changed) services_.summary_changed();
}

bool Table::joinable() const {
    std::lock_guard lock(summary_mutex_);
    return joinable_;
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
