// Table, conceding (/concede): a player gives the game up for good. Unlike /leave, which a
// player may undo (/join, /resume), a concede is final: the table's bot plays the seat to the
// end, the seat's token opens it no more, and the player stays at the table as a spectator.
// When every person seated at the game has conceded, the game ends with no winner (R9.4); a
// player who only left may still come back, so the game goes on for him.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "niagara/game.hpp"
#include "niagara/protocol/server_message.hpp"
#include "table.hpp"

namespace niagara::server {

namespace msg = protocol;

std::optional<Reason> Table::conceded_by(const std::string& name) const {
    for (const Seat& s : seats_)
        if (s.taken && s.conceded && s.name == name)
            return Reason{"server.concede.conceded", {{"table", id_arg(id_)}}};
    return std::nullopt;
}

Json Table::conceded_seats() const {
    Json out = Json::array();
    for (std::size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].taken && seats_[i].conceded) out.push_back(i);
    return out;
}

void Table::concede(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        // Every refusal leaves the table as it was.
        const int seat = seat_of(c);
        if (seat < 0) {
            if (auto why = conceded_by(c->name()))  // the conceder, watching now
                return send_error(c, "conceded", *why);
            return send_error(c, "not_seated", {"server.concede.not_seated"});
        }
        if (phase_ == Phase::Waiting)
            return send_error(c, "bad_command",
                              {"server.concede.not_started", {{"table", id_arg(id_)}}});
        if (phase_ != Phase::Playing) return send_error(c, "started", {"server.game.over"});
        Seat& s = seats_[std::size_t(seat)];
        // Stored conceded before anyone is told: after a restart (or a crash) the seat is still
        // played by the server, its token is still refused with the reason, and the result
        // still lists it.
        if (!try_store(c, [&] {
                services_.store.save_seat(
                    id_, StoredSeat{seat, s.name, s.token, false, 0, true, s.account});
            }))
            return;
        // The token stays known to the lobby until the end, so that a /resume finds this table
        // and is told why the seat stays shut (resume() refuses a conceded seat).
        s.conceded = true;
        s.conceder = c;
        s.autoplay = true;
        s.left_by = 0;
        s.conn.reset();
        s.has_view = false;
        s.prompted.reset();
        s.deadline.reset();
        s.timeouts = 0;
        const std::string name = s.name;
        spdlog::info("table {}: {} concedes seat {}", id_, name, seat + 1);
        const Json told = msg::conceded(id_, seat, name);
        send_to(c, told);
        tell(told);
        // The player stays to watch the game end.
        spectators_.push_back(Spectator{c, false});
        send_to(c, msg::watching(id_));

        const bool everyone = std::all_of(seats_.begin(), seats_.end(), [](const Seat& o) {
            return !o.taken || o.bot || o.conceded;
        });
        if (!everyone) {
            publish();
            after_change();
            return send_clocks(c);
        }
        // R9.4: nobody plays on; the game ends with no winner and is stored so.
        Log log;
        abandon(*state_, &log);
        record_.abandoned = true;
        auto event = std::make_shared<const msg::GameEvent>(
            msg::GameEvent{seat, english(log), "conceded", serialized_texts(log)});
        // Not an action of the record: its line is kept as it is.
        if (!log.empty()) remember(TableLog::event_line(seat, log, "conceded"));
        Change change;
        change.event = event.get();
        publish(change);
        finish();
    });
}

}  // namespace niagara::server
