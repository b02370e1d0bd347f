// Table, hints (/hint): in a game against bots that is not rated, a player may ask what the
// strong bot would do in his place. The bot thinks on the BotPool (never on the table's
// executor) from the seat's own view, so it knows what the player knows and nothing more (no
// other seat's chosen card); the answer speaks of the player's hand, a secret, and goes to the
// asking connection alone, and only while the decision it answers is still open.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "table.hpp"

namespace niagara::server {

namespace msg = protocol;

bool Table::rated() const {
    if (options_.unrated) return false;
    return std::any_of(seats_.begin(), seats_.end(),
                       [](const Seat& s) { return s.taken && !s.bot && s.account != 0; });
}

bool Table::hints_allowed() const {
    const bool bots =
        std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.taken && s.bot; });
    return bots && !rated();
}

void Table::hint(std::shared_ptr<Connection> c) {
    post([this, c = std::move(c)] {
        // Every refusal leaves the table as it was, and is the asker's alone.
        const int seat = seat_of(c);
        if (seat < 0) return send_error(c, "not_seated", {"server.hint.not_seated"});
        if (phase_ != Phase::Playing)
            return send_error(c, "bad_command",
                              {"server.hint.not_playing", {{"table", id_arg(id_)}}});
        if (rated()) return send_error(c, "bad_command", {"server.hint.rated"});
        if (!hints_allowed()) return send_error(c, "bad_command", {"server.hint.no_bots"});
        if (!must_act(*state_, seat))
            return send_error(c, "not_your_turn", {"server.hint.not_your_turn"});
        // One hint at a time per seat: a search is the most CPU a player can ask for.
        if (hints_[std::size_t(seat)] != 0)
            return send_error(c, "bad_command", {"server.hint.busy"});

        const long ticket = ++tickets_;
        hints_[std::size_t(seat)] = ticket;
        services_.metrics.hints_asked.fetch_add(1, std::memory_order_relaxed);
        // (Salted past the seats' own seeds, 0-5 and the fallback's 99.)
        const std::uint64_t seed =
            secret_seed(services_.config.bot_seed, 1000 + std::uint64_t(ticket));
        BotPool::Request request;
        request.bot = std::shared_ptr<Bot>(make_bot(BotLevel::Strong, seed));
        request.view = seat_view(*state_, seat);  // what the player may know, computed here
        request.think = std::chrono::milliseconds(services_.config.bot_think_ms);
        request.cancelled = std::make_shared<std::atomic<bool>>(false);
        request.people_wait = true;
        request.address = owner_;  // the table's share of the pool, as its bots'
        request.table = id_;
        request.answer = [this, self = shared_from_this(), c, seat, ticket, version = version_,
                          legal = legal_actions(*state_, seat)](std::optional<Action> action,
                                                                std::string) {
            net::post(executor_, [this, self, c, seat, ticket, version, legal, action] {
                run_or_hold([this, self, c, seat, ticket, version, legal, action] {
                    on_hint(c, seat, ticket, version, legal, action);
                });
            });
        };
        services_.bots.submit(std::move(request));
    });
}

void Table::on_hint(const std::shared_ptr<Connection>& c, int seat, long ticket, long version,
                    const std::vector<Action>& legal, const std::optional<Action>& action) {
    if (std::size_t(seat) >= hints_.size() || hints_[std::size_t(seat)] != ticket) return;
    hints_[std::size_t(seat)] = 0;
    // Told only if it still answers the open decision of the seat the asker still holds: a
    // hint for a decision already taken would mislead, and a seat passed on is not his.
    Action played;
    if (action) {
        played = *action;
        played.seat = seat;
    }
    const bool holds = phase_ == Phase::Playing && action && seat_of(c) == seat &&
                       must_act(*state_, seat) &&
                       (version_ == version || legal_actions(*state_, seat) == legal) &&
                       std::find(legal.begin(), legal.end(), played) != legal.end();
    if (!holds) {
        services_.metrics.hints_dropped.fetch_add(1, std::memory_order_relaxed);
        return;
    }
    services_.metrics.hints_given.fetch_add(1, std::memory_order_relaxed);
    send_to(c, msg::hint(id_, seat, legal_action_to_json(*state_, played), to_text(played)));
}

}  // namespace niagara::server
