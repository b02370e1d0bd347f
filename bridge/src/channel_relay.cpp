#include "channel_relay.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <regex>

#include "guarded.hpp"
#include "river_picture.hpp"
#include "json_fields.hpp"
#include "texts.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;

namespace {

// The engine's log says "Seat 2"; a channel knows its players by name: "bob".
std::string with_names(const std::string& line, const Json& view) {
    static const std::regex seat(R"(\bSeat (\d))");
    const Json none;
    const Json& seats = view.is_object() && view.contains("table") && view["table"].is_object() &&
                                view["table"].contains("seats")
                            ? view["table"]["seats"]
                            : none;
    std::string out;
    auto from = line.cbegin();
    for (std::sregex_iterator it(line.begin(), line.end(), seat), end; it != end; ++it) {
        const auto index = static_cast<std::size_t>(std::stoi((*it)[1]) - 1);
        std::string name;
        if (seats.is_array() && index < seats.size() && seats[index].is_object() &&
            seats[index].contains("name") && seats[index]["name"].is_string())
            name = seats[index]["name"].get<std::string>();
        out.append(from, (*it)[0].first);
        out += name.empty() ? it->str() : name;
        from = (*it)[0].second;
    }
    out.append(from, line.cend());
    return out;
}

}  // namespace

ChannelRelay::ChannelRelay(boost::asio::io_context& io, ServerAddress server, std::string lang,
                           Hooks hooks)
    : io_(io), server_(std::move(server)), lang_(std::move(lang)), hooks_(std::move(hooks)) {}

void ChannelRelay::start() {
    client_ = open_server_connection_for(io_, server_, shared_from_this());
}

void ChannelRelay::connection_ended(const std::string& why) {
    if (closed_) return;
    closed_ = true;
    if (hooks_.closed) hooks_.closed(why);
}

void ChannelRelay::receive(const Json& m) {
    guarded("a server message to a channel's spectator", [&] { on_message(m); });
}

void ChannelRelay::close() {
    closed_ = true;
    if (client_) client_->close();
}

void ChannelRelay::watch(long table) {
    table_ = table;
    last_round_ = 0;
    over_ = false;
    started_ = false;
    if (welcomed_) client_->send("/watch " + std::to_string(table));
}

std::string ChannelRelay::phase() const {
    if (!client_) return "";
    if (over_) return "over";
    // "started" comes before the snapshot that shows it: a command in between must not take
    // the table for one still waiting (the host's !abort would close a running game).
    if (started_) return "playing";
    const Json& view = client_->view();
    if (!view.is_object() || !view.contains("table") || !view["table"].is_object()) {
        return table_ ? "pending" : "";
    }
    // Until the watched table's snapshot comes, the view is of none or of the table before: a
    // table just opened by !new would otherwise look free, and a !watch in that moment took
    // the channel from it (the hostile test's "!watch 99999999999999999999", now and then).
    const Json& table = field(view, "table");
    if (table_ && number_field(table, "id", 0) != *table_) return "pending";
    return text_field(table, "phase");
}

void ChannelRelay::ask_tables(std::function<void(const std::string&)> reply) {
    // However many ask at once (strangers' private lines), one /tables answers them all; a
    // bounded number wait, the oldest giving way.
    if (tables_asked_.size() >= 64) tables_asked_.pop_front();
    tables_asked_.push_back(std::move(reply));
    if (!welcomed_ || tables_in_flight_) return;
    tables_in_flight_ = true;
    client_->send("/tables");
}

bool ChannelRelay::ask(const std::string& command, std::function<void(const std::string&)> reply) {
    const auto now = std::chrono::steady_clock::now();
    while (!asked_at_.empty() && now - asked_at_.front() >= std::chrono::seconds(1))
        asked_at_.pop_front();
    if (closed_ || asked_.size() >= kMaxAsked || asked_at_.size() >= kMaxAskedPerSecond)
        return false;
    asked_at_.push_back(now);
    asked_.push_back(Question{command, std::move(reply), welcomed_});
    if (welcomed_) client_->send(command);
    return true;
}

std::string ChannelRelay::host() const {
    return client_ ? text_field(field(client_->view(), "table"), "host") : "";
}

void ChannelRelay::forget_table() {
    table_.reset();
    over_ = true;  // what the view still shows is no game of this channel's
}

std::string ChannelRelay::who_line() const {
    if (!client_ || !table_) return "";
    const Json& view = client_->view();
    const Json* game = nullptr;
    if (view.is_object())
        if (auto g = view.find("game"); g != view.end() && g->is_object()) game = &*g;
    if (!game || over_) return "";
    const std::vector<std::string> names = seat_names_of(lang_, view);
    const auto name_of = [&](const Json& seat) -> std::string {
        if (!seat.is_number_integer()) return "";
        const auto s = seat.get<long long>();
        return s >= 0 && std::size_t(s) < names.size() ? names[std::size_t(s)] : "";
    };
    const auto string_at = [](const Json& object, const char* key) -> std::string {
        auto it = object.find(key);
        return it != object.end() && it->is_string() ? it->get<std::string>() : "";
    };
    const std::string phase = string_at(*game, "phase");
    const std::string table = std::to_string(*table_);
    if (phase == "actions") {
        if (auto turn = game->find("turn"); turn != game->end() && turn->is_object())
            if (auto seat = turn->find("seat"); seat != turn->end())
                if (const std::string who = name_of(*seat); !who.empty())
                    return tr(lang_, "bridge.who.turn", {{"table", table}, {"name", who}});
    }
    if (phase == "choose") {
        std::string waiting;
        if (auto seats = game->find("seats"); seats != game->end() && seats->is_array())
            for (std::size_t s = 0; s < seats->size() && s < names.size(); ++s) {
                const Json& seat = (*seats)[s];
                if (!seat.is_object()) continue;
                auto chosen = seat.find("has_chosen");
                if (chosen == seat.end() || !chosen->is_boolean() || !chosen->get<bool>())
                    waiting += (waiting.empty() ? "" : ", ") + names[s];
            }
        if (!waiting.empty())
            return tr(lang_, "bridge.who.cards", {{"table", table}, {"names", waiting}});
    }
    return tr(lang_, "bridge.who.moving", {{"table", table}});
}

void ChannelRelay::post_board() {
    const std::vector<std::string> lines = river_picture(client_ ? client_->view() : Json(), lang_);
    if (lines.empty()) {
        hooks_.say(table_ ? tr(lang_, "bridge.board.no_game", {{"table", std::to_string(*table_)}})
                          : tr(lang_, "bridge.board.no_table"));
        return;
    }
    for (const auto& line : lines)
        hooks_.say(line);
}

void ChannelRelay::post_picture() {
    for (const auto& line : river_picture(client_->view(), lang_))
        hooks_.say(line);
}

std::string ChannelRelay::event_line(const Json& event) const {
    // The engine's lines as keys and arguments (`texts`), rendered in the channel's language
    // with the players' names; a server that sends only English `lines` gets those, "Seat 2"
    // replaced by the name.
    const Json& view = client_->view();
    const std::vector<std::string> names = seat_names_of(lang_, view);
    std::string line;
    Json lines = array_field(event, "lines");
    Json texts = array_field(event, "texts");
    if (!lines.is_array()) lines = Json::array();
    if (!texts.is_array()) texts = Json::array();
    for (std::size_t i = 0; i < std::max(lines.size(), texts.size()); ++i) {
        // A text whose key the catalogs know, else the English line (its "Seat 2" named).
        std::string said =
            i < texts.size() ? niagara::bridge::server_text(lang_, texts[i], &names) : "";
        if (said.empty() && i < lines.size() && lines[i].is_string())
            said = with_names(lines[i].get<std::string>(), view);
        if (!said.empty()) line += (line.empty() ? "" : " ") + said;
    }
    if (auto cause = event.find("cause"); cause != event.end() && cause->is_string()) {
        static constexpr std::string_view kBotFor = "bot for ";
        const std::string c = cause->get<std::string>();
        Json said = c;
        if (c == "timeout" || c == "conceded")
            said = word("protocol.cause." + c, c);
        else if (c.starts_with(kBotFor) && word("protocol.cause.bot", c).is_object())
            said =
                Json{{"key", "protocol.cause.bot"}, {"args", {{"name", c.substr(kBotFor.size())}}}};
        if (!line.empty())
            line = tr(lang_, "bridge.event.cause", {{"lines", line}, {"cause", said}});
    }
    return line;
}

void ChannelRelay::on_message(const Json& m) {
    const std::string type = text_field(m, "type");
    if (lang_answers_due_ > 0 && (type == "lang" || type == "error")) {
        --lang_answers_due_;
        return;
    }
    // The message's own text in the channel's language (only for the messages posted as they
    // are: rendering every patch's would be wasted).
    const auto text = [&] {
        const std::vector<std::string> names = seat_names_of(lang_, client_->view());
        return server_text(lang_, m, &names);
    };
    if (type == "welcome") {
        welcomed_ = true;
        if (lang_ != "en") {
            ++lang_answers_due_;
            client_->send("/lang " + lang_);
        }
        if (table_) client_->send("/watch " + std::to_string(*table_));
        tables_in_flight_ = !tables_asked_.empty();
        if (tables_in_flight_) client_->send("/tables");
        // Questions sent on a connection before this one get no answer; the others go now
        // (after /lang: they are answered in the channel's language).
        std::erase_if(asked_, [](const Question& q) { return q.sent; });
        for (Question& q : asked_) {
            client_->send(q.command);
            q.sent = true;
        }
        return;
    }
    if ((type == "rating" || type == "top" ||
         (type == "error" && (text_field(m, "code") == "unknown_player" ||
                              text_field(m, "code") == "bad_command"))) &&
        !asked_.empty()) {
        // The answer to the oldest ask() (a refusal too: a name nobody holds, a bad word).
        auto reply = std::move(asked_.front().reply);
        asked_.pop_front();
        if (reply) reply(text());
        return;
    }
    if (type == "error") {
        // Only this relay's own commands are answered here: /watch of a table that is gone.
        if (text_field(m, "code") == "no_such_table" && table_) {
            table_.reset();
            if (hooks_.table_gone) hooks_.table_gone();
        }
        return;
    }
    if (type == "tables") {
        // The answer to our /tables, for everyone who asked meanwhile; without a question in
        // flight it is one of the server's pushes, not relayed.
        if (!tables_in_flight_) return;
        tables_in_flight_ = false;
        const std::string answer = text();
        auto waiting = std::move(tables_asked_);
        tables_asked_.clear();
        for (auto& reply : waiting)
            if (reply) reply(answer);
        return;
    }
    if (type == "snapshot" || type == "patch") {
        // The event's lines in plain language; a spectator's message holds no prompt and no
        // chosen card, and its event never names a card before its reveal.
        if (auto event = m.find("event"); event != m.end() && event->is_object())
            if (const std::string line = event_line(*event); !line.empty()) hooks_.say(line);
        const Json& view = client_->view();
        const Json& game = field(view, "game");
        if (game.is_object()) {
            const long long round = number_field(game, "round", 0);
            const bool over = text_field(game, "phase") == "over";
            if (picture_pending_ || (last_round_ > 0 && round != last_round_) || over) {
                if (!over || last_round_ > 0) post_picture();
                picture_pending_ = false;
                if (over) last_round_ = 0;
            }
            if (!over) last_round_ = round;
        }
        return;
    }
    if (type == "started") {
        picture_pending_ = true;
        started_ = true;
    }
    if (type == "chat") {
        // A line from the table's chat: a player at the web page, say. (The bridge never
        // sends chat for its players: what they say in the channel stays there.)
        hooks_.say(text());
        return;
    }
    if (type == "closed" && table_) {
        hooks_.say(text());
        table_.reset();
        if (hooks_.table_gone) hooks_.table_gone();
        return;
    }
    if (type == "ended" && table_) {
        // The game is over: the channel is free for the next !new at once (the view, and so
        // the last picture and !board, stay until then).
        hooks_.say(text());
        over_ = true;
        table_.reset();
        if (hooks_.table_gone) hooks_.table_gone();
        return;
    }
    // The table's public news, each with its one-line text.
    static const char* const kPublic[] = {"joined",  "left",    "presence", "host",
                                          "started", "timeout", "ended"};
    for (const char* p : kPublic)
        if (type == p) {
            hooks_.say(text());
            return;
        }
    // `watching`, `timer` (one per turn: too chatty for a channel), `welcome`, `help`: nothing.
}

}  // namespace niagara::bridge
