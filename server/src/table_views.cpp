// Table, views: what each viewer sees (the table part, the game's view by seat), the patches
// of every change, prompts, and the summary the lobby lists.
#include "localized_frame.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/server_message.hpp"
#include "table.hpp"

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

}  // namespace

Table::Facts Table::facts() const {
    Facts f{phase_, host_name(), {}, 0};
    for (std::size_t i = 0; i < seats_.size(); ++i) {
        const Seat& s = seats_[i];
        if (!s.taken) {
            f.seats.push_back(SeatFacts{});
            continue;
        }
        std::optional<BotLevel> level;
        if (s.bot)
            level = s.level;
        else if (s.autoplay)
            level = bot_level();
        f.seats.push_back(
            SeatFacts{true, s.name, s.bot, s.bot || online(int(i)), s.autoplay, s.conceded, level});
    }
    for (const Spectator& s : spectators_)
        f.spectators += !s.conn.expired();
    f.hints = phase_ == Phase::Playing && hints_allowed();
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
                             {"autoplay", s.autoplay},
                             {"conceded", s.conceded},
                             {"level", s.level ? Json(bot_level_name(*s.level)) : Json()}});
    }
    return Json{{"id", id_},
                {"options", msg::table_options_to_json(options_)},
                {"description", msg::describe(options_)},
                {"phase", phase_name(f.phase)},
                {"host", f.host},
                {"seats", seats},
                {"spectators", f.spectators},
                {"hints", f.hints}};
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
    // A version_ changes with every change of state_ (publish): at the version it was last
    // checked at, the prompted decision is still the one open (after_change asks again what
    // publish just sent; finding the legal actions was 2.6% of a server's work under load).
    if (s.prompted && s.decided_at == version_) return std::nullopt;
    std::vector<Action> actions = legal_actions(*state_, seat);
    s.decided_at = version_;
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
    // For the viewers who just came: the lines of the table before them (the change's event
    // is the last of them), built once (TableLog).
    const auto history_for = [&]() -> const Json* {
        return &lines_.lines(state_ ? &record_ : nullptr, names());
    };
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
        if (s.has_view && !change.snapshot_all && !s.needs_history) ops = views_.seat_patch(int(i));
        if (ops) {
            c->send(patches.frame(*ops, chosen, decision ? &*decision : nullptr));
            services_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
        } else {
            // With the history, the event is its last line already.
            const msg::News news{s.needs_history ? nullptr : change.event, chosen,
                                 decision ? &*decision : nullptr,
                                 s.needs_history ? history_for() : nullptr};
            send_to(c, msg::snapshot(id_, version_, views_.seat_view(int(i)), news));
            s.has_view = true;
            s.needs_history = false;
        }
    }
    // Spectators all see the same: one frame for all of them, localized once per language.
    std::erase_if(spectators_, [](const Spectator& s) { return s.conn.expired(); });
    std::optional<LocalizedFrame> patch_frame, snapshot_frame;
    std::optional<std::string> spectator_ops;
    if (!change.snapshot_all && !spectators_.empty()) spectator_ops = views_.spectator_patch();
    for (Spectator& s : spectators_) {
        auto c = s.conn.lock();
        if (s.needs_history) {  // its own snapshot, with the lines before it came
            send_to(c, msg::snapshot(id_, version_, views_.spectator_view(),
                                     msg::News{nullptr, std::nullopt, nullptr, history_for()}));
            s.has_view = true;
            s.needs_history = false;
            continue;
        }
        if (s.has_view && spectator_ops) {
            if (!patch_frame) patch_frame.emplace(patches.frame(*spectator_ops));
            c->send(*patch_frame);
        } else {
            if (!snapshot_frame)
                snapshot_frame.emplace(protocol::serialize(
                    msg::snapshot(id_, version_, views_.spectator_view(),
                                  msg::News{change.event, std::nullopt, nullptr})));
            c->send(*snapshot_frame);
            s.has_view = true;
        }
        services_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
    }
    check_idle();
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
}  // namespace niagara::server
