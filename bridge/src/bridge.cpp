#include "bridge.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>

#include "niagara/protocol/client_message.hpp"
#include "river_picture.hpp"
#include "texts.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

Bridge::Bridge(boost::asio::io_context& io, ChatNetwork& network, BridgeState& state,
               Options options)
    : io_(io), network_(network), state_(state), options_(std::move(options)) {}

Bridge::~Bridge() {
    stop();
}

void Bridge::stop() {
    if (stopped_) return;
    stopped_ = true;
    for (auto& [key, p] : people_) {
        if (p->retry) p->retry->cancel();
        if (p->link) p->link->close();
        p->link.reset();
    }
    for (auto& [name, c] : channels_) {
        if (c.retry) c.retry->cancel();
        if (c.relay) c.relay->close();
        c.relay.reset();
    }
}

std::size_t Bridge::open_links() const {
    return static_cast<std::size_t>(std::count_if(
        people_.begin(), people_.end(), [](const auto& entry) { return entry.second->link; }));
}

std::string Bridge::stored(const std::string& key) const {
    return network_.network_name() + " " + key;
}

std::shared_ptr<Bridge::Person> Bridge::person(const ChatUser& user) {
    auto& p = people_[user.key];
    if (!p) {
        p = std::make_shared<Person>();
        p->tokens = options_.commands_burst;
        p->refilled = Clock::now();
    }
    p->user = user;
    return p;
}

// ---- channels ------------------------------------------------------------------------------

Bridge::Channel& Bridge::channel(const std::string& name) {
    Channel& c = channels_[name];
    if (!c.relay && !stopped_) start_relay(name);
    return c;
}

void Bridge::start_relay(const std::string& name) {
    Channel& c = channels_[name];
    ChannelRelay::Hooks hooks;
    hooks.say = [this, name](const std::string& line) { network_.say(name, line); };
    hooks.table_gone = [this, name] { state_.set_channel_table(stored(name), std::nullopt); };
    hooks.closed = [this, name](const std::string& why) {
        // The server went away: watch again once it is back.
        spdlog::warn("{}: the channel's connection to the server ended ({}); retrying", name, why);
        Channel& ch = channels_[name];
        ch.relay.reset();
        if (stopped_) return;
        ch.retry = std::make_shared<boost::asio::steady_timer>(io_, options_.reconnect_delay);
        ch.retry->async_wait([this, name](boost::system::error_code ec) {
            if (!ec && !stopped_) start_relay(name);
        });
    };
    c.relay =
        std::make_shared<ChannelRelay>(io_, options_.server, channel_lang(name), std::move(hooks));
    c.relay->start();
    if (auto table = state_.channel_table(stored(name))) c.relay->watch(*table);
}

// ---- people --------------------------------------------------------------------------------

std::vector<std::string> Bridge::server_names(const ChatUser& user) const {
    // The server's names: 1-24 of a-z A-Z 0-9 _ - . (protocol/README.md, "Limits").
    std::string base;
    for (char c : user.display.empty() ? user.key : user.display) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '_' || c == '-' || c == '.')
            base += c;
        else if (c == '@')
            break;  // a JID's node
        else
            base += '_';
    }
    std::string folded = base;
    std::transform(folded.begin(), folded.end(), folded.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Reserved by the server: bot*, guest-N, and the staff words.
    if (folded.empty() || folded.starts_with("bot") || folded.starts_with("guest-") ||
        folded == "server" || folded == "niagara" || folded == "admin" || folded == "system" ||
        folded == "moderator")
        base = "p_" + base;
    base = base.substr(0, 20);
    return {base, base + "_", base + "_2", base + "_3", base + "_4"};
}

std::string Bridge::channel_lang(const std::string& channel) const {
    auto it = options_.channel_langs.find(channel);
    return it != options_.channel_langs.end() ? it->second : options_.lang;
}

std::string Bridge::lang_of(const Person& p) const {
    if (const UserMemory* memory = state_.user(stored(p.user.key)); memory && !memory->lang.empty())
        return memory->lang;
    if (!p.home_channel.empty()) return channel_lang(p.home_channel);
    if (!p.channels.empty()) return channel_lang(*p.channels.begin());
    return options_.lang;
}

void Bridge::run_lang(Person& p, const std::string& args,
                      const std::function<void(const std::string&)>& reply) {
    const std::string key = stored(p.user.key);
    const auto name = [](const std::string& lang) {
        return Json{{"key", "bridge.lang.name." + lang}, {"args", Json::object()}};
    };
    std::string word = args;
    std::transform(word.begin(), word.end(), word.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (word.empty()) {
        const std::string home =
            p.home_channel.empty() && !p.channels.empty() ? *p.channels.begin() : p.home_channel;
        return reply(tr(lang_of(p), "bridge.lang.show",
                        {{"lang", name(lang_of(p))}, {"channel", name(channel_lang(home))}}));
    }
    std::string chosen;
    if (word != "channel" && word != "default") {
        const auto lang = language_of(word);
        if (!lang) return reply(tr(lang_of(p), "bridge.lang.unknown"));
        chosen = *lang;
    }
    if (!state_.set_lang(key, chosen)) return reply(tr(lang_of(p), "bridge.lang.not_kept"));
    const std::string now = lang_of(p);
    if (p.link) p.link->set_lang(now);
    reply(chosen.empty() ? tr(now, "bridge.lang.channel", {{"lang", name(now)}})
                         : tr(now, "bridge.lang.set"));
}

PlayerLink& Bridge::link(Person& p) {
    if (p.link) return *p.link;
    std::optional<SeatMemory> resume;
    if (const UserMemory* memory = state_.user(stored(p.user.key)); memory && memory->seat)
        resume = memory->seat;
    std::weak_ptr<Person> weak = people_.at(p.user.key);
    PlayerLink::Hooks hooks;
    hooks.tell = [this, weak](const std::string& line) {
        if (auto q = weak.lock()) tell(*q, line);
    };
    hooks.answer_in_channel = [this, weak](const std::string& line) {
        if (auto q = weak.lock()) {
            const std::string where = q->home_channel.empty() && !q->channels.empty()
                                          ? *q->channels.begin()
                                          : q->home_channel;
            if (!where.empty())
                answer(where, *q, line);
            else
                tell(*q, line);
        }
    };
    hooks.seated = [this, weak](const SeatMemory& seat, const std::string& name) {
        auto q = weak.lock();
        if (!q) return;
        const UserMemory* old = state_.user(stored(q->user.key));
        state_.set_user(stored(q->user.key), UserMemory{name, seat, old ? old->lang : ""});
    };
    hooks.seat_gone = [this, weak] {
        auto q = weak.lock();
        if (!q) return;
        // Nothing left to remember but the language they chose, if they did.
        state_.clear_seat(stored(q->user.key));
    };
    hooks.table_created = [this, weak](long table, const Json& options) {
        auto q = weak.lock();
        if (!q || q->home_channel.empty()) return;
        const std::string where = q->home_channel;
        state_.set_channel_table(stored(where), table);
        channel(where).relay->watch(table);
        protocol::TableOptions parsed;
        Json description = Json{{"key", "bridge.table_opened.some"}, {"args", Json::object()}};
        if (!protocol::table_options_from_json(options, parsed))
            description = protocol::describe_text(parsed);
        network_.say(where, tr(channel_lang(where), "bridge.table_opened",
                               {{"name", q->user.display},
                                {"table", std::to_string(table)},
                                {"options", description}}));
    };
    hooks.closed = [this, weak](const std::string& why) {
        auto q = weak.lock();
        if (!q) return;
        spdlog::info("{} {}: connection to the server ended ({})", network_.network_name(),
                     q->user.key, why);
        q->link.reset();
        // Still here and seated: take the seat back once the server is back.
        const UserMemory* memory = state_.user(stored(q->user.key));
        if (stopped_ || q->channels.empty() || !memory || !memory->seat) return;
        q->retry = std::make_shared<boost::asio::steady_timer>(io_, options_.reconnect_delay);
        q->retry->async_wait([this, weak](boost::system::error_code ec) {
            auto r = weak.lock();
            if (!ec && r && !stopped_ && !r->link && !r->channels.empty()) link(*r);
        });
    };
    p.link = std::make_shared<PlayerLink>(io_, options_.server, server_names(p.user),
                                          std::move(resume), lang_of(p), std::move(hooks));
    p.link->start();
    return *p.link;
}

bool Bridge::may_link(Person& p) {
    // Someone with a seat always gets it back; the cap is for newcomers.
    const UserMemory* memory = state_.user(stored(p.user.key));
    if (p.link || (memory && memory->seat) || open_links() < options_.max_links) return true;
    tell(p, tr(lang_of(p), "bridge.full"));
    return false;
}

void Bridge::forget_if_idle(const std::string& key) {
    auto it = people_.find(key);
    if (it == people_.end()) return;
    const Person& p = *it->second;
    const UserMemory* memory = state_.user(stored(key));
    if (!p.link && p.channels.empty() && !(memory && memory->seat) && !(p.retry)) people_.erase(it);
}

void Bridge::drop_link(Person& p) {
    if (p.retry) p.retry->cancel();
    if (!p.link) return;
    p.link->close();  // the server sees a dropped connection: grace, then a bot plays
    p.link.reset();
}

bool Bridge::allow(Person& p) {
    const auto now = Clock::now();
    const double seconds = std::chrono::duration<double>(now - p.refilled).count();
    p.refilled = now;
    p.tokens = std::min(options_.commands_burst, p.tokens + seconds * options_.commands_per_second);
    if (p.tokens >= 1) {
        p.tokens -= 1;
        return true;
    }
    ++dropped_commands_;
    if (now - p.warned > std::chrono::seconds(30)) {
        p.warned = now;
        tell(p, tr(lang_of(p), "bridge.too_fast"));
    }
    return false;
}

void Bridge::answer(const std::string& where, const Person& p, const std::string& text) {
    network_.say(where, p.user.display + ": " + text);
}

void Bridge::tell(const Person& p, const std::string& text) {
    network_.tell(p.user.key, text);
}

// ---- events --------------------------------------------------------------------------------

void Bridge::on_ready(const std::string& self) {
    self_ = self;
    spdlog::info("{}: ready as {}", network_.network_name(), self);
    for (const auto& name : options_.channels)
        channel(name);
}

void Bridge::on_connection_lost(const std::string& why) {
    // Seats stay: the players' connections to the game server do not depend on ours to the
    // chat network. Presence is learnt again from the channels once the adapter is back.
    spdlog::warn("{}: connection lost ({}); the adapter reconnects", network_.network_name(), why);
}

void Bridge::on_present(const std::string& where, const ChatUser& who) {
    auto p = person(who);
    p->channels.insert(where);
    channel(where);
    // Someone with a seat came back (or the bridge restarted): take the seat back.
    const UserMemory* memory = state_.user(stored(who.key));
    if (memory && memory->seat && !p->link) link(*p);
}

void Bridge::on_absent(const std::string& where, const std::string& key) {
    auto it = people_.find(key);
    if (it == people_.end()) return;
    auto& p = *it->second;
    p.channels.erase(where);
    if (p.channels.empty()) drop_link(p);
    forget_if_idle(key);
}

void Bridge::on_renamed(const std::string& old_key, const ChatUser& now) {
    auto it = people_.find(old_key);
    if (it == people_.end()) {
        person(now);
        return;
    }
    auto p = it->second;
    if (old_key != now.key) {
        people_.erase(it);
        people_[now.key] = p;
        state_.rename_user(stored(old_key), stored(now.key));
    }
    p->user = now;
}

void Bridge::on_channel_line(const std::string& where, const ChatUser& from,
                             const std::string& text) {
    const ChatCommand command = parse_channel_line(text, self_);
    if (command.kind == ChatCommand::Kind::none) return;  // people talking
    auto p = person(from);
    p->channels.insert(where);
    if (!allow(*p)) return;
    run_channel_command(where, *p, command);
}

void Bridge::on_private_line(const ChatUser& from, const std::string& text) {
    const ChatCommand command = parse_private_line(text);
    auto p = person(from);
    if (!allow(*p)) return;
    if (command.kind == ChatCommand::Kind::none)
        tell(*p, help_line_private(lang_of(*p), self_));
    else
        run_private_command(*p, command);
    forget_if_idle(from.key);
}

// ---- commands ------------------------------------------------------------------------------

void Bridge::run_channel_command(const std::string& where, Person& p, const ChatCommand& c) {
    using Kind = ChatCommand::Kind;
    Channel& ch = channel(where);
    const std::optional<long> table = state_.channel_table(stored(where));
    // Answers to one person are in their language; what everyone reads, in the channel's.
    const std::string lang = lang_of(p);
    switch (c.kind) {
        case Kind::none:
            return;
        case Kind::help:
            return network_.say(where, help_line_public(channel_lang(where), self_));
        case Kind::lang:
            return run_lang(p, c.args, [&](const std::string& text) { answer(where, p, text); });
        case Kind::board:
            return ch.relay->post_board();
        case Kind::tables:
            return ch.relay->ask_tables();
        case Kind::new_table: {
            const std::string phase = ch.relay->phase();
            if (table && (phase == "waiting" || phase == "playing"))
                return answer(where, p,
                              tr(lang, "bridge.table_busy",
                                 {{"table", std::to_string(*table)}, {"phase", phase}}));
            std::string words = c.args;
            if (!options_.bot_level.empty() && words.find("bots") == std::string::npos)
                words += (words.empty() ? "" : " ") + std::string("bots=") + options_.bot_level;
            p.home_channel = where;
            if (!may_link(p)) return;
            if (p.link) p.link->set_lang(lang_of(p));
            return link(p).send("/new " + words, Origin::channel);
        }
        case Kind::join:
            if (!table) return answer(where, p, tr(lang, "bridge.no_table_here"));
            p.home_channel = where;
            if (!may_link(p)) return;
            if (p.link) p.link->set_lang(lang_of(p));
            return link(p).send(
                "/join " + std::to_string(*table) + (c.args.empty() ? "" : " " + c.args),
                Origin::channel);
        case Kind::leave:
        case Kind::start:
        case Kind::addbot:
        case Kind::decision: {
            const UserMemory* memory = state_.user(stored(p.user.key));
            if (!p.link && !(memory && memory->seat))
                return answer(where, p, tr(lang, "bridge.no_seat_here"));
            const std::string frame = c.kind == Kind::decision
                                          ? "/" + c.decision_text()
                                          : "/" + c.word + (c.args.empty() ? "" : " " + c.args);
            return link(p).send(frame, Origin::channel);
        }
        case Kind::card:
            // Never echoed, never played: a card said in the channel is no longer a secret.
            return answer(where, p, tr(lang, "bridge.card_in_channel", {{"self", self_}}));
        case Kind::hand:
        case Kind::moves:
            answer(where, p, tr(lang, "bridge.told_privately"));
            return run_private_command(p, c);
        case Kind::unknown:
            return answer(where, p, tr(lang, "bridge.unknown_command"));
    }
}

void Bridge::run_private_command(Person& p, const ChatCommand& c) {
    using Kind = ChatCommand::Kind;
    const UserMemory* memory = state_.user(stored(p.user.key));
    const bool seated = p.link || (memory && memory->seat);
    const std::string lang = lang_of(p);
    switch (c.kind) {
        case Kind::none:
        case Kind::help:
        case Kind::unknown:
            return tell(p, help_line_private(lang, self_));
        case Kind::lang:
            return run_lang(p, c.args, [&](const std::string& text) { tell(p, text); });
        case Kind::board:
            if (!p.link) return tell(p, tr(lang, "bridge.board_private"));
            for (const auto& line : river_picture(p.link->view(), lang))
                tell(p, line);
            return;
        case Kind::hand:
            if (!seated) return tell(p, tr(lang, "bridge.not_in_game"));
            return tell(p, link(p).hand_line());
        case Kind::moves:
            if (!seated) return tell(p, tr(lang, "bridge.not_in_game"));
            for (const auto& line : link(p).moves_lines())
                tell(p, line);
            return;
        case Kind::tables:
            if (!may_link(p)) return;
            return link(p).send("/tables", Origin::private_chat);
        case Kind::new_table:
        case Kind::join:
            return tell(p, tr(lang, "bridge.tables_in_channel",
                              {{"command", c.kind == Kind::join ? "!join" : "!new"}}));
        case Kind::leave:
        case Kind::start:
        case Kind::addbot:
        case Kind::decision:
        case Kind::card: {
            if (!seated) return tell(p, tr(lang, "bridge.no_seat"));
            const std::string frame = c.kind == Kind::decision || c.kind == Kind::card
                                          ? "/" + c.decision_text()
                                          : "/" + c.word + (c.args.empty() ? "" : " " + c.args);
            return link(p).send(frame, Origin::private_chat);
        }
    }
}

}  // namespace niagara::bridge
