#include "player_link.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "guarded.hpp"
#include "private_lines.hpp"
#include "json_fields.hpp"
#include "texts.hpp"

namespace niagara::bridge {

namespace {
constexpr std::chrono::milliseconds kLongestClock = std::chrono::hours(24);
}  // namespace

using Json = nlohmann::json;

PlayerLink::PlayerLink(boost::asio::io_context& io, ServerAddress server,
                       std::vector<std::string> names, std::optional<SeatMemory> resume,
                       std::string lang, Hooks hooks, std::string link_key)
    : io_(io),
      server_(std::move(server)),
      names_(std::move(names)),
      resume_(std::move(resume)),
      hooks_(std::move(hooks)),
      lang_(std::move(lang)),
      link_key_(std::move(link_key)) {}

void PlayerLink::start() {
    client_ = open_server_connection_for(io_, server_, shared_from_this());
}

void PlayerLink::connection_ended(const std::string& why) {
    if (stage_ == Stage::Closed) return;
    stage_ = Stage::Closed;
    if (hooks_.closed) hooks_.closed(why);
}

void PlayerLink::receive(const Json& m) {
    guarded("a server message to a player's connection", [&] { on_message(m); });
}

void PlayerLink::close() {
    if (warning_) warning_->cancel();
    if (stage_ == Stage::Closed) return;
    stage_ = Stage::Closed;
    if (client_) client_->close();
}

void PlayerLink::send(const std::string& frame, Origin origin) {
    if (stage_ == Stage::Closed) return;
    last_used_ = std::chrono::steady_clock::now();
    if (stage_ != Stage::Ready) {
        waiting_.emplace_back(frame, origin);
        return;
    }
    last_origin_ = origin;
    if (frame == "/tables") tables_asked_ = true;
    // A link made while connected: the user's first command after it logs in to the account
    // (at a table the seat keeps its name until it is gone).
    if (key_due_ && !seat_) {
        key_due_ = false;
        present_key(link_key_);
    }
    client_->send(frame);
}

void PlayerLink::present_key(const std::string& key) {
    key_sent_ = true;
    client_->send("/linkkey " + key);
}

void PlayerLink::resume_or_name() {
    if (resume_) {
        stage_ = Stage::Resuming;
        client_->send("/resume " + resume_->token);
    } else if (by_key_) {
        ready();  // the account's name is the connection's
    } else if (!names_.empty()) {
        stage_ = Stage::Naming;
        name_tried_ = 0;
        client_->send("/name " + names_[0]);
    } else {
        ready();
    }
}

void PlayerLink::set_lang(const std::string& lang) {
    if (lang == lang_) return;
    lang_ = lang;
    if (welcomed_ && stage_ != Stage::Closed) send_lang();
}

void PlayerLink::send_lang() {
    ++lang_answers_due_;
    client_->send("/lang " + lang_);
}

void PlayerLink::ready() {
    stage_ = Stage::Ready;
    while (!waiting_.empty()) {
        auto [frame, origin] = std::move(waiting_.front());
        waiting_.pop_front();
        send(frame, origin);
    }
}

void PlayerLink::answer(const std::string& text) {
    if (last_origin_ == Origin::Channel && hooks_.answer_in_channel)
        hooks_.answer_in_channel(text);
    else if (hooks_.tell)
        hooks_.tell(text);
}

const Json& PlayerLink::view() const {
    static const Json none;
    return client_ ? client_->view() : none;
}

std::optional<long> PlayerLink::table() const {
    if (seat_) return seat_->table;
    return std::nullopt;
}

std::string PlayerLink::hand_line() const {
    return niagara::bridge::hand_line(lang_, view());
}

std::vector<std::string> PlayerLink::moves_lines() const {
    return niagara::bridge::moves_lines(lang_, prompt_);
}

void PlayerLink::tell_prompt(const Json& prompt) {
    prompt_ = prompt;
    if (!seat_) return;
    if (hooks_.tell) hooks_.tell(prompt_line(lang_, seat_->table, prompt, view()));
    bool turn = false;
    if (const Json& v = view(); v.is_object())
        if (auto game = v.find("game"); game != v.end() && game->is_object())
            if (auto phase = game->find("phase"); phase != game->end())
                turn = *phase == "actions";
    if (turn && hooks_.your_turn) hooks_.your_turn(seat_->table);
}

void PlayerLink::repeat_prompt() {
    if (stage_ == Stage::Closed || !seat_ || !prompt_.is_object() || !hooks_.tell) return;
    hooks_.tell(prompt_line(lang_, seat_->table, prompt_, view()));
}

void PlayerLink::on_timer(const Json& m) {
    // This seat's clock: warn once, a little before it runs out, if the decision still waits.
    if (!seat_ || warn_before_.count() <= 0) return;
    const Json seats = array_field(m, "seats");
    const Json left = array_field(m, "remaining_ms");
    if (!seats.is_array() || !left.is_array()) return;
    for (std::size_t i = 0; i < seats.size() && i < left.size(); ++i) {
        if (!seats[i].is_number_integer() || seats[i].get<long>() != seat_->seat ||
            !left[i].is_number_integer())
            continue;
        // No clock runs longer than a day (the server's longest is minutes): a confused
        // server's 1e30 or 2^63 must neither overflow the conversion nor the timer's deadline.
        const auto remaining = std::chrono::milliseconds(
            std::clamp<long long>(left[i].get<long long>(), 0, kLongestClock.count()));
        // A short clock is warned at its middle, a long one `warn_before_` ahead.
        const auto before = std::min(warn_before_, remaining / 2);
        if (before < std::chrono::seconds(3)) return;
        if (warning_) warning_->cancel();
        warning_ = std::make_shared<boost::asio::steady_timer>(io_, remaining - before);
        const long table = seat_->table;
        const auto seconds = std::chrono::round<std::chrono::seconds>(before).count();
        warning_->async_wait([weak = weak_from_this(), table, seconds](boost::system::error_code ec) {
            auto self = weak.lock();
            if (ec || !self || self->stage_ == Stage::Closed || !self->prompt_.is_object() ||
                !self->hooks_.tell)
                return;
            self->hooks_.tell(tr(self->lang_, "bridge.timer.warning",
                                 {{"table", std::to_string(table)},
                                  {"seconds", std::to_string(seconds)}}));
        });
        return;
    }
}

void PlayerLink::on_error(const Json& m) {
    const std::string code = text_field(m, "code");
    if (key_sent_) {
        // The key's answer (the server answers in order; a key's is the next after it): ended
        // (unlinked, a new password, the account deleted), or the name seated elsewhere.
        key_sent_ = false;
        if (code == "link_ended") {
            link_key_.clear();
            key_due_ = false;
            if (hooks_.link_ended) hooks_.link_ended();
        }
        if (stage_ == Stage::Linking) return resume_or_name();  // a guest this time
    }
    if (stage_ == Stage::Resuming) {
        // The seat is gone (the table closed, or the game was over): start afresh.
        if (code == "bad_token" || code == "bad_command") {
            resume_.reset();
            if (hooks_.seat_gone) hooks_.seat_gone();
            stage_ = Stage::Naming;
            name_tried_ = 0;
            if (!names_.empty()) client_->send("/name " + names_[0]);
            return;
        }
    }
    if (stage_ == Stage::Naming) {
        // Taken or not allowed: the next candidate; out of candidates, play as the guest
        // name the server gave.
        if (++name_tried_ < names_.size()) {
            client_->send("/name " + names_[name_tried_]);
            return;
        }
        ready();
        return;
    }
    const std::vector<std::string> names = seat_names_of(lang_, view());
    std::string text = server_text(lang_, m, &names, "message");
    answer(text.empty() ? tr(lang_, "bridge.refused") : text);
}

void PlayerLink::on_message(const Json& m) {
    const std::string type = text_field(m, "type");
    if (lang_answers_due_ > 0 && (type == "lang" || type == "error")) {
        --lang_answers_due_;
        return;
    }
    if (type == "welcome") {
        server_name_ = text_field(m, "name");
        welcomed_ = true;
        if (lang_ != "en") send_lang();
        if (!link_key_.empty()) {
            stage_ = Stage::Linking;
            present_key(link_key_);
        } else {
            resume_or_name();
        }
    } else if (type == "account") {
        const std::string event = text_field(m, "event");
        if (event == "logged_in" && key_sent_) {
            key_sent_ = false;
            by_key_ = true;
            if (stage_ == Stage::Linking) resume_or_name();
        } else if (event == "elsewhere" || event == "unlinked") {
            // The page (or another login) took the account's name: the user's next command
            // here takes it back, as the user acting from chat means to play from chat.
            by_key_ = false;
            if (event == "unlinked") link_key_.clear();
            key_due_ = !link_key_.empty();
            if (hooks_.tell) hooks_.tell(server_text(lang_, m));
        }
    } else if (type == "link_code") {
        // The code is the user's alone: always private, whoever asked where.
        const auto seconds = std::clamp<long long>(number_field(m, "seconds", 0), 0, 3600);
        code_expires_ = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
        if (hooks_.tell) hooks_.tell(server_text(lang_, m));
    } else if (type == "linked") {
        const std::string key = text_field(m, "link_key");
        const std::string name = text_field(m, "name");
        code_expires_ = {};
        if (key.size() != 64 || name.empty() || !hooks_.linked || !hooks_.linked(name, key))
            return;
        link_key_ = key;
        key_due_ = true;
        if (hooks_.tell) hooks_.tell(server_text(lang_, m));
    } else if (type == "name") {
        server_name_ = text_field(m, "name", server_name_);
        if (stage_ == Stage::Naming) ready();
    } else if (type == "error") {
        on_error(m);
    } else if (type == "seated") {
        const bool resumed = stage_ == Stage::Resuming;
        seat_ = SeatMemory{static_cast<long>(number_field(m, "table", 0)),
                           static_cast<int>(number_field(m, "seat", 0)), text_field(m, "token"), ""};
        last_used_ = std::chrono::steady_clock::now();
        if (hooks_.seated) hooks_.seated(*seat_, server_name_, resumed);
        // Never the server's text: it carries the token. Told with the snapshot that follows,
        // so that a `hand` said on reading it finds the seat's view there.
        welcome_ = tr(lang_, resumed ? "bridge.seated_again" : "bridge.seated",
                      {{"table", std::to_string(seat_->table)},
                       {"seat", std::to_string(seat_->seat + 1)}});
        if (stage_ == Stage::Resuming) ready();
    } else if (type == "timer") {
        on_timer(m);
    } else if (type == "table_created") {
        if (hooks_.table_created)
            hooks_.table_created(static_cast<long>(number_field(m, "table", 0)),
                                 object_field(m, "options"));
    } else if (type == "tables") {
        if (tables_asked_) answer(server_text(lang_, m));
        tables_asked_ = false;
    } else if (type == "snapshot" || type == "patch" || type == "prompt") {
        if (!welcome_.empty() && hooks_.tell) hooks_.tell(welcome_);
        welcome_.clear();
        if (type != "prompt") {
            if (auto chosen = m.find("chosen");
                chosen != m.end() && chosen->is_string() && hooks_.tell)
                hooks_.tell(chosen_line(lang_, chosen->get<std::string>()));
        }
        const Json* prompt = type == "prompt" ? &m : nullptr;
        if (auto p = m.find("prompt"); p != m.end() && p->is_object()) prompt = &*p;
        if (prompt) {
            tell_prompt(*prompt);
        } else if (type == "patch" && m.contains("event")) {
            // A change with no decision for this seat: whatever it owed is settled.
            const Json& event = m["event"];
            if (seat_ && number_field(event, "seat", -1) == seat_->seat)
                prompt_ = nullptr;
        }
    } else if (type == "left") {
        // This connection's own seat freed before the start: its token opens nothing now.
        if (seat_ && number_field(m, "seat", -1) == seat_->seat &&
            number_field(m, "table", 0) == seat_->table && text_field(m, "name") == server_name_) {
            const Json& v = view();
            const bool waiting = !v.is_object() || !v.contains("game") || v["game"].is_null();
            if (waiting) {
                seat_.reset();
                prompt_ = nullptr;
                if (hooks_.seat_gone) hooks_.seat_gone();
            }
        }
    } else if (type == "closed" || type == "ended") {
        if (type == "ended" && hooks_.tell && seat_)
            hooks_.tell(tr(lang_, "bridge.game_over", {{"table", std::to_string(seat_->table)}}));
        seat_.reset();
        prompt_ = nullptr;
        if (hooks_.seat_gone) hooks_.seat_gone();
    }
}

}  // namespace niagara::bridge
