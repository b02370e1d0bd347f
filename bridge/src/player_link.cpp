#include "player_link.hpp"

#include <spdlog/spdlog.h>

#include "private_lines.hpp"
#include "texts.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;

PlayerLink::PlayerLink(boost::asio::io_context& io, ServerAddress server,
                       std::vector<std::string> names, std::optional<SeatMemory> resume,
                       std::string lang, Hooks hooks)
    : io_(io),
      server_(std::move(server)),
      names_(std::move(names)),
      resume_(std::move(resume)),
      hooks_(std::move(hooks)),
      lang_(std::move(lang)) {}

void PlayerLink::start() {
    std::weak_ptr<PlayerLink> weak = weak_from_this();
    client_ = open_server_connection(
        io_, server_,
        [weak](const Json& m) {
            if (auto self = weak.lock()) self->on_message(m);
        },
        [weak](const std::string& why) {
            auto self = weak.lock();
            if (!self || self->stage_ == Stage::closed) return;
            self->stage_ = Stage::closed;
            if (self->hooks_.closed) self->hooks_.closed(why);
        });
}

void PlayerLink::close() {
    if (stage_ == Stage::closed) return;
    stage_ = Stage::closed;
    if (client_) client_->close();
}

void PlayerLink::send(const std::string& frame, Origin origin) {
    if (stage_ == Stage::closed) return;
    if (stage_ != Stage::ready) {
        waiting_.emplace_back(frame, origin);
        return;
    }
    last_origin_ = origin;
    if (frame == "/tables") tables_asked_ = true;
    client_->send(frame);
}

void PlayerLink::set_lang(const std::string& lang) {
    if (lang == lang_) return;
    lang_ = lang;
    if (welcomed_ && stage_ != Stage::closed) send_lang();
}

void PlayerLink::send_lang() {
    ++lang_answers_due_;
    client_->send("/lang " + lang_);
}

void PlayerLink::ready() {
    stage_ = Stage::ready;
    while (!waiting_.empty()) {
        auto [frame, origin] = std::move(waiting_.front());
        waiting_.pop_front();
        send(frame, origin);
    }
}

void PlayerLink::answer(const std::string& text) {
    if (last_origin_ == Origin::channel && hooks_.answer_in_channel)
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
    if (hooks_.tell && seat_) hooks_.tell(prompt_line(lang_, seat_->table, prompt, view()));
}

void PlayerLink::on_error(const Json& m) {
    const std::string code = m.value("code", "");
    if (stage_ == Stage::resuming) {
        // The seat is gone (the table closed, or the game was over): start afresh.
        if (code == "bad_token" || code == "bad_command") {
            resume_.reset();
            if (hooks_.seat_gone) hooks_.seat_gone();
            stage_ = Stage::naming;
            name_tried_ = 0;
            if (!names_.empty()) client_->send("/name " + names_[0]);
            return;
        }
    }
    if (stage_ == Stage::naming) {
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
    const std::string type = m.value("type", "");
    if (lang_answers_due_ > 0 && (type == "lang" || type == "error")) {
        --lang_answers_due_;
        return;
    }
    if (type == "welcome") {
        server_name_ = m.value("name", "");
        welcomed_ = true;
        if (lang_ != "en") send_lang();
        if (resume_) {
            stage_ = Stage::resuming;
            client_->send("/resume " + resume_->token);
        } else if (!names_.empty()) {
            stage_ = Stage::naming;
            client_->send("/name " + names_[0]);
        } else {
            ready();
        }
    } else if (type == "name") {
        server_name_ = m.value("name", server_name_);
        if (stage_ == Stage::naming) ready();
    } else if (type == "error") {
        on_error(m);
    } else if (type == "seated") {
        const bool resumed = stage_ == Stage::resuming;
        seat_ = SeatMemory{m.value("table", 0L), m.value("seat", 0), m.value("token", "")};
        if (hooks_.seated) hooks_.seated(*seat_, server_name_);
        // Never the server's text: it carries the token.
        if (hooks_.tell)
            hooks_.tell(tr(lang_, resumed ? "bridge.seated_again" : "bridge.seated",
                           {{"table", std::to_string(seat_->table)},
                            {"seat", std::to_string(seat_->seat + 1)}}));
        if (stage_ == Stage::resuming) ready();
    } else if (type == "table_created") {
        if (hooks_.table_created)
            hooks_.table_created(m.value("table", 0L), m.value("options", Json::object()));
    } else if (type == "tables") {
        if (tables_asked_) answer(server_text(lang_, m));
        tables_asked_ = false;
    } else if (type == "snapshot" || type == "patch" || type == "prompt") {
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
            if (seat_ && event.is_object() && event.value("seat", -1) == seat_->seat)
                prompt_ = nullptr;
        }
    } else if (type == "left") {
        // This connection's own seat freed before the start: its token opens nothing now.
        if (seat_ && m.value("seat", -1) == seat_->seat && m.value("table", 0L) == seat_->table &&
            m.value("name", "") == server_name_) {
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
