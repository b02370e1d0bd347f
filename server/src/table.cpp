#include "table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <random>

#include "localized_frame.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "serial_executor.hpp"

namespace niagara::server {

namespace msg = protocol;

Table::Table(net::io_context& io, TableServices services, long id, protocol::TableOptions options,
             std::string host, std::string owner)
    : executor_(serial_executor(io, services.config.threads)),
      services_(std::move(services)),
      id_(id),
      options_(options),
      host_(std::move(host)),
      owner_(std::move(owner)),
      seats_(std::size_t(options.game.players)),
      bots_(std::size_t(options.game.players)),
      thinking_(std::size_t(options.game.players)),
      hints_(std::size_t(options.game.players)),
      bot_timer_(executor_),
      turn_timer_(executor_),
      idle_timer_(executor_),
      lines_(services_.config.table_history, services_.metrics) {
    refresh_views();
}

Table::~Table() = default;

void Table::remember(const Json& entry) {
    lines_.add_line(actions_told(), entry);
}

bool Table::keep_line(Json line, const std::shared_ptr<Connection>& c) {
    const int limit = services_.config.table_history;
    if (limit <= 0) return true;
    // Over: its stored lines were deleted with it (Store::finish, close); nobody restores it.
    if (phase_ == Phase::Over) {
        remember(line);
        return true;
    }
    if (!try_store(c, [&] { services_.store.add_line(id_, actions_told(), line.dump(), limit); }))
        return false;
    remember(line);
    return true;
}

namespace {

// A told message as a line of the table's log: its text, and its key and arguments, so that a
// viewer who comes later reads it in his language.
Json info_line(const Json& message) {
    Json line{{"kind", "info"}, {"text", message.value("text", "")}};
    if (message.contains("key")) {
        line["key"] = message["key"];
        line["args"] = message.value("args", Json::object());
    }
    return line;
}

}  // namespace

void Table::tell(const Json& message) {
    broadcast(message);
    const Json line = info_line(message);
    // What happened happened: a line the store refuses is still told, only not kept.
    if (!keep_line(line, nullptr)) remember(line);
}

bool Table::Rematch::played_by(const std::shared_ptr<Connection>& c) const {
    return std::any_of(present.begin(), present.end(),
                       [&](const std::weak_ptr<Connection>& p) { return p.lock() == c; });
}

std::optional<Table::Rematch> Table::rematch() const {
    std::lock_guard lock(summary_mutex_);
    return rematch_;
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

void Table::send_to(const std::shared_ptr<Connection>& c, const Json& message) {
    if (!c) return;
    c->send(protocol::serialize(message));
    services_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
}

void Table::send_error(const std::shared_ptr<Connection>& c, const std::string& code,
                       const Reason& why) {
    services_.metrics.errors.fetch_add(1, std::memory_order_relaxed);
    send_to(c, refusal(code, why));
}

void Table::broadcast(const Json& message) {
    LocalizedFrame frame(protocol::serialize(message));  // once per language
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
    tell(msg::closed(id_, services_.config.idle_table_seconds));
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
    for (int seat = 0; seat < int(thinking_.size()); ++seat)
        stop_thinking(seat);
}

void Table::restore(const StoredTable& stored) {
    for (const StoredSeat& s : stored.seats) {
        if (s.seat < 0 || s.seat >= int(seats_.size())) continue;
        Seat& seat = seats_[std::size_t(s.seat)];
        seat.taken = true;
        seat.name = s.name;
        seat.token = s.token;
        seat.bot = s.bot;
        // A conceded seat is the server's from the start: no grace period to come back in.
        seat.conceded = s.conceded && !s.bot;
        seat.account = s.account;
        seat.autoplay = seat.conceded;
        if (s.bot_level >= 0 && s.bot_level <= int(BotLevel::Strong))
            seat.level = BotLevel(s.bot_level);
        seat.host =
            !s.bot && s.name == host_ &&
            std::none_of(seats_.begin(), seats_.end(), [](const Seat& o) { return o.host; });
        services_.register_token(s.token, id_, s.seat);
    }
    if (!stored.started) {
        restore_lines(stored);
        post([this] { check_idle(); });
        return refresh_views();
    }
    const Options game = options_from_json(Json::parse(stored.game_options_json));
    seats_.resize(std::size_t(game.players));
    bots_.assign(std::size_t(game.players), nullptr);
    thinking_.assign(std::size_t(game.players), std::nullopt);
    hints_.assign(std::size_t(game.players), 0);
    state_ = new_game(game);
    record_ = Record{game, {}, false};
    for (const std::string& text : stored.actions) {
        const Json stored_action = Json::parse(text);
        const Action action = action_from_json(stored_action);
        if (!apply(*state_, action))
            throw std::runtime_error("table " + std::to_string(id_) + ": stored action is illegal");
        record_.actions.push_back(action);
        lines_.add_action(TableLog::cause_of(stored_action.value("cause", "")));
    }
    phase_ = Phase::Playing;
    restore_lines(stored);
    // Players come back with their tokens; whoever does not within the grace period is
    // played by a bot.
    post([this] {
        for (int seat = 0; seat < int(seats_.size()); ++seat)
            if (!seats_[std::size_t(seat)].bot && !seats_[std::size_t(seat)].conceded)
                arm_grace_timer(seat);
        after_change();
        check_idle();
    });
    refresh_views();
}

// The info and chat lines as they were before the restart (the game's come from the record),
// then one that says the server restarted.
void Table::restore_lines(const StoredTable& stored) {
    for (const StoredLine& line : stored.lines) {
        const Json parsed = Json::parse(line.line_json, nullptr, false);
        if (parsed.is_object()) lines_.add_line(line.after_action, parsed);
    }
    keep_line(info_line(msg::restored(id_)), nullptr);
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
