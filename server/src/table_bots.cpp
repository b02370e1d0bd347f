// Table, bots: who plays the seats the server plays (/addbot seats, players away or too slow),
// at which level, and how their decisions travel. A decision is thought out on the BotPool,
// never on the table's executor: the table computes the seat's view here, hands it over with a
// ticket, and applies the answer, back here, only if it still holds.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <random>

#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "table.hpp"

namespace niagara::server {

namespace msg = protocol;

// A bot's own seed, drawn from the system's entropy and never shown to anyone: the table's
// public seed (in every view, for replays) must not let a player compute a bot's card. Only
// --bot-seed (tests, benchmarks) makes bots repeat themselves.
std::uint64_t Table::secret_seed(std::uint64_t bot_seed, std::uint64_t salt) {
    if (bot_seed != 0) return bot_seed * 31 + salt;
    std::random_device device;
    return (std::uint64_t(device()) << 32) | device();
}

BotLevel Table::bot_level() const {
    return options_.bots.value_or(services_.config.bot_level);
}

// A seat's bot: an /addbot seat's at its level, a player's stand-in at the table's. Made when
// first needed, and kept: a search bot learns nothing across decisions, but its generator goes on.
std::shared_ptr<Bot> Table::bot_for(int seat) {
    auto& bot = bots_[std::size_t(seat)];
    const Seat& s = seats_[std::size_t(seat)];
    if (!bot)
        bot = std::shared_ptr<Bot>(
            make_bot(s.bot ? s.level : bot_level(), secret_seed(services_.config.bot_seed, seat)));
    return bot;
}

void Table::schedule_bots() {
    // With nobody connected the game waits: bots never play on alone (check_idle).
    if (bot_pending_ || phase_ != Phase::Playing || !someone_here()) return;
    for (int seat = 0; seat < state_->players(); ++seat) {
        const Seat& s = seats_[std::size_t(seat)];
        if (!must_act(*state_, seat) || !(s.bot || s.autoplay) || thinking_[std::size_t(seat)])
            continue;
        bot_pending_ = true;  // until its answer is applied or dropped: one bot at a time
        return think(seat, false);
    }
}

void Table::think(int seat, bool timeout) {
    Thinking thinking;
    thinking.ticket = ++tickets_;
    thinking.version = version_;
    thinking.legal = legal_actions(*state_, seat);
    thinking.timeout = timeout;
    // The pause that keeps bots at a pace people can follow (--bot-delay-ms) runs while the bot
    // thinks: its move comes after the pause or the thinking, whichever is longer.
    thinking.not_before = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(timeout ? 0 : services_.config.bot_delay_ms);
    thinking.cancel = std::make_shared<std::atomic<bool>>(false);

    BotPool::Request request;
    request.bot = bot_for(seat);
    request.view = seat_view(*state_, seat);  // all the bot may know, computed here
    request.think = std::chrono::milliseconds(services_.config.bot_think_ms);
    request.cancelled = thinking.cancel;
    request.people_wait = human_online();
    request.address = owner_;  // the pool shares its threads by address, then by table
    request.table = id_;
    request.answer = [this, self = shared_from_this(), seat, ticket = thinking.ticket](
                         std::optional<Action> action, std::string error) {
        // On a pool thread: only the hand-over. The table looks at the answer on its executor.
        net::post(executor_, [this, self, seat, ticket, action = std::move(action),
                              error = std::move(error)]() mutable {
            run_or_hold([this, self, seat, ticket, action, error] {
                on_bot_answer(seat, ticket, action, error);
            });
        });
    };
    thinking_[std::size_t(seat)] = std::move(thinking);
    services_.bots.submit(std::move(request));
}

void Table::stop_thinking(int seat) {
    if (seat < 0 || seat >= int(thinking_.size())) return;
    if (auto& thinking = thinking_[std::size_t(seat)]) {
        thinking->voided = true;  // the seat stays busy until the answer is back: one at a time
        thinking->cancel->store(true, std::memory_order_relaxed);
        // An answer waiting out the pace is dropped now (the timer's handler finds it voided).
        if (!thinking->timeout) bot_timer_.cancel();
    }
}

void Table::on_bot_answer(int seat, long ticket, std::optional<Action> action,
                          const std::string& error) {
    auto& slot = thinking_[std::size_t(seat)];
    if (!slot || slot->ticket != ticket) return;  // not this seat's request (cannot happen)
    if (const auto now = std::chrono::steady_clock::now();
        now < slot->not_before && phase_ == Phase::Playing && !slot->voided) {
        // Early: the answer waits out the pause, then is looked at as the table is by then.
        bot_timer_.expires_at(slot->not_before);
        bot_timer_.async_wait([this, self = shared_from_this(), seat, ticket, action,
                               error](boost::system::error_code) {
            run_or_hold([this, self, seat, ticket, action, error] {
                on_bot_answer(seat, ticket, action, error);
            });
        });
        return;
    }
    const Thinking asked = std::move(*slot);
    slot.reset();  // the seat's bot is free for its next decision
    if (!asked.timeout) bot_pending_ = false;

    // Does the answer still hold? Not when the game is over or the table closed, the player
    // came back (voided) or acted, or the seat's decision changed. Other seats' moves may have
    // come meanwhile (cards are chosen at once): the same choices still open is enough. A
    // timeout's move also needs the seat's clock still out (its player did not act since).
    const Seat& s = seats_[std::size_t(seat)];
    bool holds = phase_ == Phase::Playing && !asked.voided && must_act(*state_, seat);
    const bool same =
        holds && (version_ == asked.version || legal_actions(*state_, seat) == asked.legal);
    if (holds && asked.timeout)
        holds = same && !s.bot && !s.autoplay && someone_here() && s.deadline &&
                *s.deadline <= std::chrono::steady_clock::now();
    else if (holds)
        holds = (s.bot || s.autoplay) && same;
    if (!holds) {
        services_.metrics.bot_late.fetch_add(1, std::memory_order_relaxed);
        spdlog::debug("table {}: a bot's late answer for {} is dropped", id_, seat_text(seat));
        schedule_bots();
        if (asked.timeout) arm_turn_timer();  // a clock still out gets another stand-in move
        return;
    }

    Action chosen;
    State probe = *state_;
    if (action && apply(probe, *action)) {
        chosen = *action;
    } else {
        // A bot that fails (or answers an illegal move) must not stop the game.
        spdlog::error("table {}: the {} bot of {} {}; a random move instead", id_,
                      bot_level_name(s.bot ? s.level : bot_level()), seat_text(seat),
                      action ? "chose an illegal move" : "failed (" + error + ")");
        if (!fallback_)
            fallback_ = std::make_unique<RandomBot>(secret_seed(services_.config.bot_seed, 99));
        chosen = fallback_->pick_action(*state_, seat);
    }
    if (asked.timeout) {
        Seat& late = seats_[std::size_t(seat)];
        ++late.timeouts;
        tell(msg::timeout(id_, seat, to_text(chosen), names()));
        if (late.timeouts >= 3) late.autoplay = true;  // until the player acts again or resumes
        apply_action(seat, chosen, "timeout");
        return;
    }
    apply_action(seat, chosen, s.bot ? "" : "bot for " + s.name);
}

}  // namespace niagara::server
