// Table, seating: who sits where, joining, watching, leaving, coming back, bots' seats, chat.
#include <spdlog/spdlog.h>

#include <random>

#include "niagara/ascii.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/protocol/names.hpp"
#include "table.hpp"

namespace niagara::server {

namespace msg = protocol;

namespace {

// Names at a table are one name when a reader could take one for the other (letter case,
// confusable letters: protocol/names.hpp), so nobody at a table speaks as another.
bool same_name(const std::string& a, const std::string& b) {
    return protocol::names_alike(a, b);
}

}  // namespace

// The host's role passes to the first other player who is connected; with nobody connected it
// stays where it is.
void Table::pass_host(int from) {
    if (from < 0 || !seats_[std::size_t(from)].host) return;
    for (std::size_t i = 0; i < seats_.size(); ++i) {
        Seat& other = seats_[i];
        if (int(i) == from || !other.taken || other.bot || !online(int(i))) continue;
        seats_[std::size_t(from)].host = false;
        other.host = true;
        tell(msg::host(id_, int(i), other.name));
        return;
    }
}

// Frees a seat before the start (its player left, or stayed away past the grace period).
void Table::free_seat(int seat) {
    Seat& s = seats_[std::size_t(seat)];
    services_.forget_token(s.token);
    try_store(nullptr, [&] { services_.store.remove_seat(id_, seat); });
    pass_host(seat);
    s = Seat{};
}

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
        auto refuse = [&](const std::string& code, const Reason& why) {
            const bool watching =
                std::any_of(spectators_.begin(), spectators_.end(),
                            [&](const Spectator& s) { return s.conn.lock() == c; });
            if (seat_of(c) < 0 && !watching && c->table().get() == this) c->set_table(nullptr);
            send_error(c, code, why);
        };
        if (seat_of(c) >= 0) return refuse("bad_command", {"server.join.seated_already"});
        if (phase_ == Phase::Playing) {
            // Who left this game from this connection takes the seat back from its bot.
            for (int i = 0; i < int(seats_.size()); ++i) {
                const Seat& s = seats_[std::size_t(i)];
                if (s.taken && !s.bot && s.left_by == c->id() && !online(i) &&
                    (!wanted || *wanted == i))
                    return reseat(c, i, false);
            }
            if (auto why = conceded_by(c->name())) return refuse("conceded", *why);
            const bool theirs = std::any_of(seats_.begin(), seats_.end(), [&](const Seat& s) {
                return s.taken && !s.bot && same_name(s.name, c->name());
            });
            if (theirs)
                return refuse("started", {"server.join.started_resume", {{"table", id_arg(id_)}}});
        }
        if (phase_ != Phase::Waiting)
            return refuse("started", {"server.join.started_watch", {{"table", id_arg(id_)}}});
        int seat = -1;
        if (wanted) {
            if (*wanted < 0 || *wanted >= int(seats_.size()))
                return refuse("bad_command",
                              {"server.join.seat_range",
                               {{"table", id_arg(id_)}, {"seats", id_arg(long(seats_.size()))}}});
            if (seats_[std::size_t(*wanted)].taken)
                return refuse("table_full",
                              {"server.join.seat_taken", {{"seat", id_arg(*wanted + 1)}}});
            seat = *wanted;
        } else {
            for (std::size_t i = 0; i < seats_.size() && seat < 0; ++i)
                if (!seats_[i].taken) seat = int(i);
            if (seat < 0)
                return refuse("table_full", {"server.table.full", {{"table", id_arg(id_)}}});
        }
        const std::string name = c->name();
        for (const Seat& other : seats_)  // names are unique at a table: nobody speaks as another
            if (other.taken && same_name(other.name, name))
                return refuse("name_taken", {"server.table.name_taken",
                                             {{"table", id_arg(id_)}, {"name", other.name}}});
        Seat fresh;
        fresh.taken = true;
        fresh.name = name;
        fresh.token = new_token();
        fresh.conn = c;
        fresh.needs_history = true;
        fresh.account = c->account_id();
        fresh.host =
            std::none_of(seats_.begin(), seats_.end(), [](const Seat& o) { return o.host; });
        if (!try_store(nullptr, [&] {
                services_.store.save_seat(
                    id_, StoredSeat{seat, fresh.name, fresh.token, false, 0, false, fresh.account});
            }))
            return refuse("storage_error", {"server.storage.seat"});
        std::erase_if(spectators_, [&](const Spectator& s) { return s.conn.lock() == c; });
        Seat& s = seats_[std::size_t(seat)];
        s = std::move(fresh);
        services_.register_token(s.token, id_, seat);
        c->set_table(shared_from_this());
        spdlog::info("table {}: {} sits at seat {}", id_, s.name, seat + 1);
        send_to(c, msg::seated(id_, seat, s.token));
        tell(msg::joined(id_, seat, s.name));
        publish();
    });
}

void Table::watch(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        if (seat_of(c) >= 0) return send_error(c, "bad_command", {"server.watch.seated"});
        // One entry per connection: a repeated /watch must not multiply what the table sends.
        if (std::any_of(spectators_.begin(), spectators_.end(),
                        [&](const Spectator& s) { return s.conn.lock() == c; }))
            return send_error(c, "bad_command", {"server.watch.already", {{"table", id_arg(id_)}}});
        const std::string name = c->name();
        // A conceded seat's player may watch his game end, and so may a player who /left it
        // from this connection (a bot plays it meanwhile): it is his name, not a stranger's.
        for (const Seat& seat : seats_)
            if (seat.taken && !seat.conceded && seat.left_by != c->id() &&
                same_name(seat.name, name)) {
                if (c->table().get() == this) c->set_table(nullptr);
                return send_error(
                    c, "name_taken",
                    {"server.table.name_taken", {{"table", id_arg(id_)}, {"name", seat.name}}});
            }
        spectators_.push_back(Spectator{c, false});
        c->set_table(shared_from_this());
        send_to(c, msg::watching(id_));
        publish();
        send_clocks(c);
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
            s.autoplay = true;  // the game goes on; a bot plays until the player comes back
            s.left_by = c->id();
        }
        const Json left = msg::left(id_, seat, name);
        send_to(c, left);
        tell(left);
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
            return send_error(c, "bad_token", {"server.token.unknown"});
        }
        if (held->conceded) {
            if (c->table().get() == this && seat_of(c) < 0 &&
                std::none_of(spectators_.begin(), spectators_.end(),
                             [&](const Spectator& w) { return w.conn.lock() == c; }))
                c->set_table(nullptr);
            return send_error(c, "conceded", *conceded_by(held->name));
        }
        reseat(c, int(held - seats_.begin()), true);
    });
}

void Table::reseat(const std::shared_ptr<Connection>& c, int seat, bool with_token) {
    Seat& s = seats_[std::size_t(seat)];
    std::erase_if(spectators_, [&](const Spectator& w) { return w.conn.lock() == c; });
    if (auto old = s.conn.lock(); old && old != c) {
        send_to(old, refusal("bad_token", {"server.token.taken_over"}));
        if (old->table().get() == this) old->set_table(nullptr);
    }
    s.conn = c;
    s.autoplay = false;
    s.left_by = 0;
    stop_thinking(seat);  // the player decides again: a bot's late answer is dropped
    s.timeouts = 0;
    s.has_view = false;
    s.needs_history = true;  // what happened meanwhile comes with the snapshot
    s.prompted.reset();      // the new connection needs its prompt
    c->set_name(s.name);
    c->set_table(shared_from_this());
    spdlog::info("table {}: {} {} seat {}", id_, s.name, with_token ? "resumes" : "rejoins",
                 seat + 1);
    send_to(c, with_token ? msg::resumed(id_, seat, s.token) : msg::seated(id_, seat, s.token));
    tell(msg::presence(id_, seat, s.name, true));
    publish();
    if (phase_ == Phase::Playing) after_change();
    send_clocks(c);
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
        tell(msg::presence(id_, seat, s.name, false));
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
                tell(left);
                return publish();
            }
            if (phase_ != Phase::Playing || online(seat) || s.autoplay) return;
            s.autoplay = true;
            tell(msg::presence(id_, seat, s.name, false, true));
            publish();
            after_change();
        });
    });
}

void Table::add_bot(std::shared_ptr<Connection> c, std::optional<BotLevel> level) {
    post([this, c = std::move(c), level] {
        if (!is_host(c))
            return send_error(c, "not_host", {"server.bots.not_host", {{"host", host_name()}}});
        if (phase_ != Phase::Waiting) return send_error(c, "started", {"server.game.started"});
        for (std::size_t i = 0; i < seats_.size(); ++i) {
            Seat& s = seats_[i];
            if (s.taken) continue;
            Seat bot;
            bot.taken = true;
            bot.bot = true;
            bot.level = level.value_or(bot_level());
            bot.name = "bot-" + std::to_string(i + 1);
            bot.token = new_token();
            if (!try_store(c, [&] {
                    services_.store.save_seat(
                        id_, StoredSeat{int(i), bot.name, bot.token, true, int(bot.level), false});
                }))
                return;
            s = std::move(bot);
            tell(msg::joined(id_, int(i), s.name));
            return publish();
        }
        send_error(c, "table_full", {"server.table.full", {{"table", id_arg(id_)}}});
    });
}

void Table::say(std::shared_ptr<Connection> c, std::string text) {
    post([this, c = std::move(c), text = std::move(text)] {
        // A player speaks under the seat's name; names are unique at a table (join, watch).
        const int seat = seat_of(c);
        const Json line =
            msg::chat(id_, seat >= 0 ? seats_[std::size_t(seat)].name : c->name(), text);
        // Stored before anyone reads it: a line said is in the log after a restart too.
        if (!keep_line(Json{{"kind", "chat"}, {"from", line["from"]}, {"message", line["message"]}},
                       c))
            return;
        broadcast(line);
    });
}

void Table::who(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        std::vector<protocol::SeatPresence> seats;
        for (const Seat& s : seats_) {
            protocol::SeatPresence p;
            if (s.taken) {
                p.name = s.name;
                p.bot = s.bot;
                p.away = !s.bot && (s.autoplay || s.conceded || s.conn.expired());
            }
            seats.push_back(std::move(p));
        }
        std::vector<std::string> watchers;
        for (const Spectator& s : spectators_)
            if (auto watcher = s.conn.lock()) watchers.push_back(watcher->name());
        send_to(c, msg::who(id_, seats, watchers));
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
            return send_clocks(c);
        }
        send_snapshot(c, seat);
        send_clocks(c);
    });
}
}  // namespace niagara::server
