#include "bridge.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cstdlib>

#include "niagara/ascii.hpp"
#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/names.hpp"
#include "guarded.hpp"
#include "player_name.hpp"
#include "river_picture.hpp"
#include "texts.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

Bridge::Bridge(boost::asio::io_context& io, ChatNetwork& network, BridgeState& state,
               Options options)
    : io_(io), network_(network), state_(state), options_(std::move(options)), sweep_timer_(io) {
    schedule_sweep();
}

Bridge::~Bridge() {
    stop();
}

void Bridge::stop() {
    if (stopped_) return;
    stopped_ = true;
    sweep_timer_.cancel();
    for (auto& [key, p] : leaving_) {
        if (p->leaving) p->leaving->cancel();
        if (p->link) p->link->close();
        p->link.reset();
    }
    leaving_.clear();
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
    const auto linked = [](const auto& entry) { return entry.second->link != nullptr; };
    return static_cast<std::size_t>(std::count_if(people_.begin(), people_.end(), linked) +
                                    std::count_if(leaving_.begin(), leaving_.end(), linked));
}

std::string Bridge::stored(const std::string& key) const {
    return network_.network_name() + " " + key;
}

std::string Bridge::identity(const Person& p) const {
    return p.user.account.empty() ? stored("nick " + p.user.key)
                                  : stored("account " + p.user.account);
}

std::shared_ptr<Bridge::Person> Bridge::person(const ChatUser& user) {
    auto& p = people_[user.key];
    if (!p) {
        p = std::make_shared<Person>();
        p->tokens = options_.commands_burst;
        p->refilled = Clock::now();
        p->user = user;
        return p;
    }
    p->user.display = user.display;
    // An event without an account says only that the network did not tell this time (a
    // server without account-tag); a different account is news (on_renamed says "logged out").
    if (!user.account.empty() && user.account != p->user.account) account_changed(*p, user.account);
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
    // Everything the relay posts is the table's news (answers to !board go through it too,
    // but the cooldown keeps those to one a while).
    hooks.say = [this, name](const std::string& line) { announce_line(name, line); };
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
    // The chat name in its own script when the server's rule allows it, else in Latin letters
    // (player_name.hpp): "Zoë Čapková" plays as Zoë_Čapková. A JID's domain is left out.
    std::string shown = user.display.empty() ? user.key : user.display;
    if (const auto at = shown.find('@'); at != std::string::npos) shown.resize(at);
    const std::string base = player_name_base(shown);
    return {base, base + "_", base + "_2", base + "_3", base + "_4"};
}

std::string Bridge::rating_question(const Person& p, const ChatCommand& c) const {
    // !rating alone asks for the name the speaker plays under (a linked account's); the
    // server checks the name (one word, a valid name) and answers either way.
    if (c.kind == ChatCommand::Kind::Top) return "/top" + (c.args.empty() ? "" : " " + c.args);
    if (!c.args.empty()) return "/rating " + c.args;
    const UserMemory* memory = p.user.account.empty() ? nullptr : state_.user(identity(p));
    if (memory && !memory->link_key.empty()) return "/rating " + memory->link_name;
    return "/rating " + server_names(p.user).front();
}

std::string Bridge::link_key(const Person& p) const {
    if (p.user.account.empty()) return {};
    const UserMemory* memory = state_.user(identity(p));
    return memory ? memory->link_key : std::string();
}

void Bridge::run_link(Person& p, const ChatCommand& c) {
    const std::string lang = lang_of(p);
    // A link is an identity's: one the network vouches for (an IRC services account, an XMPP
    // bare JID), never a nick anyone may take after its holder left.
    if (p.user.account.empty()) return tell(p, tr(lang, "bridge.link.needs_account"));
    const UserMemory* memory = state_.user(identity(p));
    const bool linked = memory && !memory->link_key.empty();
    if (c.kind == ChatCommand::Kind::Link) {
        if (linked)
            return tell(p, tr(lang, "bridge.link.already", {{"name", memory->link_name}}));
        if (!may_link(p)) return;
        // The code comes back privately (PlayerLink), wherever this was asked.
        p.link_asked_as = identity(p);
        return link(p).send("/link", Origin::PrivateChat);
    }
    if (!linked) return tell(p, tr(lang, "bridge.link.none"));
    if (!p.link && !may_link(p)) return;
    // Through a connection the key logged in (a new one presents it first): the server ends
    // that link and says so; the bridge forgets the key at once either way.
    link(p).send("/unlink", Origin::PrivateChat);
    state_.set_link(identity(p), "", "");
}

std::string Bridge::channel_lang(const std::string& channel) const {
    auto it = options_.channel_langs.find(channel);
    return it != options_.channel_langs.end() ? it->second : options_.lang;
}

std::string Bridge::lang_of(const Person& p) const {
    if (const UserMemory* memory = state_.user(identity(p)); memory && !memory->lang.empty())
        return memory->lang;
    if (!p.home_channel.empty()) return channel_lang(p.home_channel);
    if (!p.channels.empty()) return channel_lang(*p.channels.begin());
    return options_.lang;
}

void Bridge::run_lang(Person& p, const std::string& args,
                      const std::function<void(const std::string&)>& reply) {
    const std::string key = identity(p);
    const auto name = [](const std::string& lang) {
        return Json{{"key", "bridge.lang.name." + lang}, {"args", Json::object()}};
    };
    const std::string word = ascii::lower(args);
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
    if (const UserMemory* memory = state_.user(identity(p)); memory && memory->seat) {
        resume = memory->seat;
        p.holder = identity(p);
    }
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
    hooks.seated = [this, weak](const SeatMemory& seat, const std::string& name, bool resumed) {
        auto q = weak.lock();
        if (!q) return;
        if (q->holder.empty()) q->holder = identity(*q);
        const UserMemory* old = state_.user(q->holder);
        // The same seat keeps its key; a new seat gets a new one, told privately at once.
        SeatMemory kept = seat;
        const bool same = old && old->seat && old->seat->table == seat.table &&
                          old->seat->seat == seat.seat && !old->seat->key.empty();
        kept.key = same ? old->seat->key : new_seat_key();
        UserMemory memory = old ? *old : UserMemory{};
        memory.name = name;
        memory.seat = kept;
        state_.set_user(q->holder, std::move(memory));
        if (!same || !resumed) tell_seat_key(*q, kept);
    };
    hooks.seat_gone = [this, weak] {
        auto q = weak.lock();
        if (!q) return;
        // Nothing left to remember but the language they chose, if they did.
        if (!q->holder.empty()) state_.clear_seat(q->holder);
        q->holder.clear();
    };
    hooks.your_turn = [this, weak](long table) {
        auto q = weak.lock();
        if (!q || q->home_channel.empty() || !q->channels.count(q->home_channel)) return;
        // A highlight in the channel: IRC clients ring for a line with the nick in it.
        answer(q->home_channel, *q,
               tr(channel_lang(q->home_channel), "bridge.your_turn",
                  {{"table", std::to_string(table)}}));
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
        say_line(where, tr(channel_lang(where), "bridge.table_opened",
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
        const UserMemory* memory = q->holder.empty() ? nullptr : state_.user(q->holder);
        if (stopped_ || q->channels.empty() || !memory || !memory->seat) return;
        q->retry = std::make_shared<boost::asio::steady_timer>(io_, options_.reconnect_delay);
        q->retry->async_wait([this, weak](boost::system::error_code ec) {
            auto r = weak.lock();
            if (!ec && r && !stopped_ && !r->link && !r->channels.empty())
                guarded("a player's reconnect", [&] { link(*r); });
        });
    };
    hooks.linked = [this, weak](const std::string& name, const std::string& key) {
        auto q = weak.lock();
        // Only for the identity that asked (one the network vouches for: !link), if the
        // network still says they are it.
        if (!q || q->user.account.empty() || q->link_asked_as != identity(*q)) return false;
        q->link_asked_as.clear();
        return state_.set_link(identity(*q), key, name);
    };
    hooks.link_ended = [this, weak] {
        if (auto q = weak.lock()) state_.set_link(identity(*q), "", "");
    };
    p.link = std::make_shared<PlayerLink>(io_, options_.server, server_names(p.user),
                                          std::move(resume), lang_of(p), std::move(hooks),
                                          link_key(p));
    p.link->start();
    return *p.link;
}

bool Bridge::may_link(Person& p) {
    if (p.link) return true;
    // A connection is for someone in a bridged channel: a stranger's private lines cost none.
    const UserMemory* memory = state_.user(identity(p));
    const bool seated = memory && memory->seat;
    if (p.channels.empty() && !seated) {
        tell(p, tr(lang_of(p), "bridge.join_channel_first",
                   {{"channels", options_.channels.empty() ? "" : options_.channels.front()}}));
        return false;
    }
    // Someone with a seat always gets it back; the cap is for newcomers.
    if (seated || open_links() < options_.max_links) return true;
    tell(p, tr(lang_of(p), "bridge.full"));
    return false;
}

bool Bridge::holds_nothing(const Person& p) {
    return !p.link && p.channels.empty() && !p.retry;
}

void Bridge::forget_if_idle(const std::string& key) {
    if (auto it = people_.find(key); it != people_.end() && holds_nothing(*it->second))
        people_.erase(it);
}

void Bridge::drop_link(Person& p) {
    if (p.retry) p.retry->cancel();
    p.retry.reset();
    if (!p.link) return;
    p.link->close();  // the server sees a dropped connection: grace, then a bot plays
    p.link.reset();
}

void Bridge::gone(const std::string& key) {
    auto it = people_.find(key);
    if (it == people_.end()) return;
    auto p = it->second;
    people_.erase(it);
    if (!p->link) return forget(*p);
    // A quit may be the chat server going down (it says QUIT for everyone before it drops the
    // bot): wait a moment before believing it (on_connection_lost() takes them back).
    p->leaving = std::make_shared<boost::asio::steady_timer>(io_, options_.quit_grace);
    leaving_[key] = p;
    p->leaving->async_wait([this, key, p](boost::system::error_code ec) {
        if (ec || stopped_) return;
        auto it = leaving_.find(key);
        if (it == leaving_.end() || it->second != p) return;
        leaving_.erase(it);
        guarded("a quit", [&] { forget(*p); });
    });
}

void Bridge::arrived(const std::string& key) {
    // Whoever speaks or comes under a nick that just quit is someone new, whatever the nick
    // says: the one who quit is gone now, not after the grace.
    auto left = leaving_.find(key);
    if (left == leaving_.end()) return;
    auto old = left->second;
    leaving_.erase(left);
    forget(*old);
}

void Bridge::forget(Person& p) {
    if (p.leaving) p.leaving->cancel();
    p.leaving.reset();
    drop_link(p);
    // A nick proves nothing once its holder is gone: the seat waits for its key.
    if (!p.holder.empty() && p.user.account.empty())
        if (const UserMemory* memory = state_.user(p.holder); memory && memory->seat)
            state_.move_seat(p.holder, stored("orphan " + memory->seat->key));
    p.holder.clear();
}

void Bridge::account_changed(Person& p, const std::string& account) {
    const std::string was = p.holder;
    const bool held_by_account = !was.empty() && !p.user.account.empty();
    // A connection logged in to a linked site account was that chat account's: another
    // account (or none) behind the nick does not inherit it.
    if (p.link && p.link->logged_in_by_key() && account != p.user.account) drop_link(p);
    p.user.account = account;
    if (!was.empty() && was == identity(p)) {
        p.unseen = false;  // the account the seat is kept under vouched for them again
        return;
    }
    if (held_by_account) {
        // Another account (or none) behind the nick: the seat stays with its account.
        drop_link(p);
        p.holder.clear();
    } else if (!was.empty()) {
        // They sat down under their nick and have now logged in: the seat follows the account.
        if (state_.move_seat(was, identity(p))) p.holder = identity(p);
    }
    take_seat_back(p);
}

void Bridge::take_seat_back(Person& p) {
    if (p.link || p.channels.empty() || stopped_) return;
    const UserMemory* memory = state_.user(identity(p));
    if (memory && memory->seat) link(p);
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

bool Bridge::public_answer_due(const std::string& where, ChatCommand::Kind kind) {
    Channel& c = channel(where);
    const auto now = Clock::now();
    auto last = c.answered.find(kind);
    if (last == c.answered.end() || now - last->second >= options_.channel_cooldown) {
        c.answered[kind] = now;
        c.told_to_wait.erase(kind);
        return true;
    }
    if (c.told_to_wait.insert(kind).second) {
        const auto left = std::chrono::ceil<std::chrono::seconds>(options_.channel_cooldown -
                                                                  (now - last->second));
        say_line(where, tr(channel_lang(where), "bridge.cooldown",
                               {{"seconds", std::to_string(left.count())}}));
    }
    return false;
}

void Bridge::say_line(const std::string& channel, const std::string& line) {
    network_.say(channel, one_line(line));
}

void Bridge::announce_line(const std::string& channel, const std::string& line) {
    network_.announce(channel, one_line(line));
}

void Bridge::tell_line(const std::string& key, const std::string& line) {
    network_.tell(key, one_line(line));
}

void Bridge::answer(const std::string& where, const Person& p, const std::string& text) {
    say_line(where, p.user.display + ": " + text);
}

void Bridge::tell_seat_key(const Person& p, const SeatMemory& seat) {
    tell(p, tr(lang_of(p), "bridge.seat_key",
               {{"key", seat.key}, {"table", std::to_string(seat.table)}}));
}

void Bridge::tell(const Person& p, const std::string& text) {
    tell_line(p.user.key, text);
}

// ---- upkeep --------------------------------------------------------------------------------

void Bridge::schedule_sweep() {
    if (stopped_) return;
    sweep_timer_.expires_after(std::chrono::seconds(10));
    sweep_timer_.async_wait([this](boost::system::error_code ec) {
        if (ec || stopped_) return;
        guarded("the bridge's sweep", [&] { sweep(); });
        schedule_sweep();
    });
}

void Bridge::sweep() {
    const auto now = Clock::now();
    // What the bridge holds and refused, in the log every 10 minutes (it has no /metrics).
    if (++sweeps_ % 60 == 0)
        spdlog::info("{}: {} people known, {} game-server connections (at most {}), {} commands "
                     "skipped for speed, {} seat keys refused, {} handler failures",
                     network_.network_name(), people_.size(), open_links(), options_.max_links,
                     dropped_commands_, refused_keys_, guarded_failures());
    std::vector<std::string> unseen;
    for (auto& [key, p] : people_) {
        // A connection without a seat that nobody uses: closed, so that links are held only
        // for playing.
        if (p->link && p->holder.empty() && now - p->link->last_used() > options_.idle_link &&
            !p->link->waiting_for_code())
            drop_link(*p);
        if (p->unseen && reseen_since_ && now - *reseen_since_ > options_.reseen_grace)
            unseen.push_back(key);
    }
    if (reseen_since_ && now - *reseen_since_ > options_.reseen_grace) reseen_since_.reset();
    for (const auto& key : unseen) {
        spdlog::info("{} {}: not seen since the chat connection came back", network_.network_name(),
                     key);
        auto p = people_.at(key);
        people_.erase(key);
        forget(*p);
    }
    std::erase_if(people_, [](const auto& entry) { return holds_nothing(*entry.second); });
}

// ---- events --------------------------------------------------------------------------------

void Bridge::on_ready(const std::string& self) {
    guarded("on_ready", [&] {
        self_ = self;
        spdlog::info("{}: ready as {}", network_.network_name(), self);
        if (options_.health)
            options_.health->network_ready(network_.network_name(), Health::Clock::now());
        for (const auto& name : options_.channels)
            channel(name);
        if (ready_once_) reseen_since_ = Clock::now();
        ready_once_ = true;
    });
}

void Bridge::on_connection_lost(const std::string& why) {
    guarded("on_connection_lost", [&] {
        // Seats stay: the players' connections to the game server do not depend on ours to
        // the chat network. Presence is learnt again from the channels once the adapter is
        // back; whoever is not seen again in time is taken to have gone (sweep()).
        spdlog::warn("{}: connection lost ({}); the adapter reconnects", network_.network_name(),
                     why);
        if (options_.health)
            options_.health->network_lost(network_.network_name(), why, Health::Clock::now());
        // Those who quit just before are most likely the same outage (a server going down
        // says QUIT for each of its users first): they are unseen too, not gone.
        for (auto& [key, p] : leaving_) {
            if (p->leaving) p->leaving->cancel();
            p->leaving.reset();
            if (!people_.count(key)) people_[key] = p;
            else forget(*p);
        }
        leaving_.clear();
        for (auto& [key, p] : people_) {
            p->unseen = true;
            p->channels.clear();
        }
        reseen_since_.reset();
    });
}

void Bridge::on_present(const std::string& where, const ChatUser& who) {
    guarded("on_present", [&] {
        arrived(who.key);
        auto p = person(who);
        p->channels.insert(where);
        channel(where);
        if (p->unseen && !seen_again(*p, who)) return;
        // Someone with a seat came back (or the bridge restarted): take the seat back.
        take_seat_back(*p);
    });
}

bool Bridge::seen_again(Person& p, const ChatUser& who) {
    // Back after the chat connection was away. A seat kept under an account waits for that
    // account to vouch for them (an event that names it); a nick's is theirs again.
    const bool held_by_account = !p.holder.empty() && !p.user.account.empty();
    if (held_by_account && who.account != p.user.account) return false;
    p.unseen = false;
    // What they answered while the network was away never arrived: ask again, once.
    if (p.link) p.link->repeat_prompt();
    return true;
}

void Bridge::on_absent(const std::string& where, const std::string& key) {
    guarded("on_absent", [&] {
        auto it = people_.find(key);
        if (it == people_.end()) return;
        auto& p = *it->second;
        p.channels.erase(where);
        if (p.channels.empty()) gone(key);
    });
}

void Bridge::on_renamed(const std::string& old_key, const ChatUser& now) {
    guarded("on_renamed", [&] {
        if (old_key != now.key) arrived(now.key);
        auto it = people_.find(old_key);
        if (it == people_.end()) {
            // Someone the bridge holds nothing for; an account they logged in to may hold a
            // seat, taken back once they are in a channel.
            return;
        }
        auto p = it->second;
        if (old_key != now.key) {
            // A live rename: the same person, seen all along, so the nick's seat follows.
            if (auto taken = people_.find(now.key); taken != people_.end() && taken->second != p) {
                auto stale = taken->second;  // (an entry the network forgot to remove)
                people_.erase(taken);
                forget(*stale);
            }
            people_.erase(old_key);
            people_[now.key] = p;
            const std::string before = p->holder;
            p->user.key = now.key;
            if (!before.empty() && p->user.account.empty() && before != identity(*p) &&
                state_.move_seat(before, identity(*p)))
                p->holder = identity(*p);
        }
        p->user.display = now.display;
        // on_renamed speaks for the account: empty means logged out.
        if (now.account != p->user.account) account_changed(*p, now.account);
        if (p->unseen && !p->channels.empty()) seen_again(*p, now);
    });
}

void Bridge::on_channel_line(const std::string& where, const ChatUser& from,
                             const std::string& text) {
    guarded("on_channel_line", [&] {
        const ChatCommand command = parse_channel_line(text, self_);
        if (command.kind == ChatCommand::Kind::None) return;  // people talking
        arrived(from.key);
        auto p = person(from);
        p->channels.insert(where);
        if (p->unseen && !seen_again(*p, from)) return;  // not yet vouched for again
        if (!allow(*p)) return;
        run_channel_command(where, *p, command);
    });
}

void Bridge::on_private_line(const ChatUser& from, const std::string& text) {
    guarded("on_private_line", [&] {
        const ChatCommand command = parse_private_line(text);
        arrived(from.key);
        auto p = person(from);
        if ((!p->unseen || (!p->channels.empty() && seen_again(*p, from))) && allow(*p)) {
            if (command.kind == ChatCommand::Kind::None)
                tell(*p, help_line_private(lang_of(*p), self_));
            else
                run_private_command(*p, command);
        }
        forget_if_idle(from.key);
    });
}

// ---- commands ------------------------------------------------------------------------------

namespace {

// The channel's table holds the channel (no !new, no !watch of another) while it waits for
// players or plays: the phase to tell, or "" when it is free. A table whose snapshot has not
// come yet (just opened, or just watched) is taken as waiting.
std::string busy_phase(const ChannelRelay* relay) {
    const std::string phase = relay ? relay->phase() : "";
    if (phase == "pending") return "waiting";
    return phase == "waiting" || phase == "playing" ? phase : "";
}

}  // namespace

void Bridge::run_channel_command(const std::string& where, Person& p, const ChatCommand& c) {
    using Kind = ChatCommand::Kind;
    Channel& ch = channel(where);
    const std::optional<long> table = state_.channel_table(stored(where));
    // Answers to one person are in their language; what everyone reads, in the channel's.
    const std::string lang = lang_of(p);
    const auto in_channel = [&](const std::string& text) { say_line(where, text); };
    switch (c.kind) {
        case Kind::None:
            return;
        case Kind::Help:
            if (!public_answer_due(where, c.kind)) return;
            return say_line(where, help_line_public(channel_lang(where), self_));
        case Kind::Lang:
            return run_lang(p, c.args, [&](const std::string& text) { answer(where, p, text); });
        case Kind::Board:
            if (!ch.relay || !public_answer_due(where, c.kind)) return;
            return ch.relay->post_board();
        case Kind::Tables:
            if (!ch.relay || !public_answer_due(where, c.kind)) return;
            // Answered later, when the server's list comes: the channel's name is kept by value
            // (`where` is the network's event's, gone by then: it once read freed memory).
            return ch.relay->ask_tables(
                [this, channel = where](const std::string& text) { say_line(channel, text); });
        case Kind::Who:
            if (!public_answer_due(where, c.kind)) return;
            return run_who(where);
        case Kind::Watch: {
            // The channel's spectator follows another table (a game played from the web).
            // A number beyond a long is no table (strtol would read it as the largest long).
            long id = 0;
            const char* const begin = c.args.data();
            const char* const end = begin + c.args.size();
            if (const auto [at, error] = std::from_chars(begin, end, id);
                c.args.empty() || error != std::errc() || at != end || id <= 0)
                return answer(where, p, tr(lang, "bridge.watch.usage"));
            if (const std::string phase = busy_phase(ch.relay.get()); table && *table != id && !phase.empty())
                return answer(where, p,
                              tr(lang, "bridge.table_busy",
                                 {{"table", std::to_string(*table)}, {"phase", phase}}));
            if (!public_answer_due(where, c.kind)) return;
            state_.set_channel_table(stored(where), id);
            if (ch.relay) ch.relay->watch(id);
            return in_channel(
                tr(channel_lang(where), "bridge.watching", {{"table", std::to_string(id)}}));
        }
        case Kind::NewTable: {
            if (const std::string phase = busy_phase(ch.relay.get()); table && !phase.empty())
                return answer(where, p,
                              tr(lang, "bridge.table_busy",
                                 {{"table", std::to_string(*table)}, {"phase", phase}}));
            std::string words = c.args;
            if (!options_.bot_level.empty() && words.find("bots") == std::string::npos)
                words += (words.empty() ? "" : " ") + std::string("bots=") + options_.bot_level;
            if (options_.turn_seconds > 0 && words.find("timer") == std::string::npos)
                words += (words.empty() ? "" : " ") + std::string("timer=") +
                         std::to_string(options_.turn_seconds);
            p.home_channel = where;
            if (!may_link(p)) return;
            if (p.link) p.link->set_lang(lang_of(p));
            return link(p).send("/new " + words, Origin::Channel);
        }
        case Kind::Join:
            if (!table) return answer(where, p, tr(lang, "bridge.no_table_here"));
            p.home_channel = where;
            if (!may_link(p)) return;
            if (p.link) p.link->set_lang(lang_of(p));
            return link(p).send(
                "/join " + std::to_string(*table) + (c.args.empty() ? "" : " " + c.args),
                Origin::Channel);
        case Kind::Leave:
        case Kind::Start:
        case Kind::Addbot:
        case Kind::Concede:
        case Kind::Decision: {
            if (const UserMemory* memory = state_.user(identity(p));
                !p.link && !(memory && memory->seat))
                return answer(where, p, tr(lang, "bridge.no_seat_here"));
            if (!p.link && !may_link(p)) return;
            const std::string frame = c.kind == Kind::Decision
                                          ? "/" + c.decision_text()
                                          : "/" + c.word + (c.args.empty() ? "" : " " + c.args);
            return link(p).send(frame, Origin::Channel);
        }
        case Kind::Card:
            // Never echoed, never played: a card said in the channel is no longer a secret.
            return answer(where, p, tr(lang, "bridge.card_in_channel", {{"self", self_}}));
        case Kind::Resume:
            // A key said in the channel is no longer a secret: it is not used, and the seat
            // it opens (if any) gets a new key, told to its holder privately.
            if (auto holder = state_.holder_of_key(stored(""), normal_seat_key(c.args))) {
                if (const UserMemory* memory = state_.user(*holder)) {
                    UserMemory renewed = *memory;
                    renewed.seat->key = new_seat_key();
                    state_.set_user(*holder, renewed);
                    for (auto& [key, q] : people_)
                        if (q->holder == *holder) tell_seat_key(*q, *renewed.seat);
                }
            }
            return answer(where, p, tr(lang, "bridge.key_in_channel", {{"self", self_}}));
        case Kind::Abort:
            return run_abort(where, p);
        case Kind::Link:
        case Kind::Unlink:
            // Answered privately: a code is its user's alone.
            answer(where, p, tr(lang, "bridge.told_privately"));
            return run_link(p, c);
        case Kind::Rating:
        case Kind::Top:
            if (!ch.relay || !public_answer_due(where, c.kind)) return;
            if (!ch.relay->ask(rating_question(p, c), [this, channel = where](const std::string& text) {
                    say_line(channel, text);
                }))
                return answer(where, p, tr(lang, "bridge.busy"));
            return;
        case Kind::Hand:
        case Kind::Moves:
            answer(where, p, tr(lang, "bridge.told_privately"));
            return run_private_command(p, c);
        case Kind::Unknown:
            return answer(where, p, tr(lang, "bridge.unknown_command"));
    }
}

void Bridge::run_abort(const std::string& where, Person& p) {
    // A table nobody comes to would hold the channel until the server closes it (10 minutes
    // idle): its host may close it for the channel. Once the game runs, it belongs to all its
    // players: each may only give up their own (!concede).
    Channel& ch = channel(where);
    const std::optional<long> table = state_.channel_table(stored(where));
    const std::string lang = lang_of(p);
    const std::string phase = ch.relay ? ch.relay->phase() : "";
    if (!table || !ch.relay || phase == "over")
        return answer(where, p, tr(lang, "bridge.no_table_here"));
    if (phase != "waiting") return answer(where, p, tr(lang, "bridge.abort.playing"));
    const std::string host = ch.relay->host();
    if (!p.link || host.empty() || p.link->server_name() != host)
        return answer(where, p, tr(lang, "bridge.abort.not_host", {{"host", host}}));
    // Everyone the bridge seated there stands up (the server's table, empty, then closes).
    for (auto& [key, q] : people_)
        if (q->link && q->link->table() == table) q->link->send("/leave", Origin::PrivateChat);
    state_.set_channel_table(stored(where), std::nullopt);
    ch.relay->forget_table();
    say_line(where, tr(channel_lang(where), "bridge.aborted",
                       {{"name", p.user.display}, {"table", std::to_string(*table)}}));
}

void Bridge::run_who(const std::string& where) {
    Channel& ch = channel(where);
    const std::string line = ch.relay ? ch.relay->who_line() : "";
    say_line(where, line.empty() ? tr(channel_lang(where), "bridge.who.nothing") : line);
}

void Bridge::run_resume(Person& p, const std::string& key_text) {
    const std::string lang = lang_of(p);
    const std::string key = normal_seat_key(key_text);
    const auto holder = state_.holder_of_key(stored(""), key);
    if (!holder) {
        ++refused_keys_;
        return tell(p, tr(lang, "bridge.resume.unknown"));
    }
    if (*holder == identity(p)) {
        if (!p.link && may_link(p)) link(p);
        return tell(p, tr(lang, "bridge.resume.already"));
    }
    if (const UserMemory* mine = state_.user(identity(p)); mine && mine->seat)
        return tell(p, tr(lang, "bridge.resume.has_seat",
                          {{"table", std::to_string(mine->seat->table)}}));
    // Whoever holds it now (a ghost of their old nick, or someone who sat in their name)
    // loses the connection; the seat's token goes to the one who knows the key.
    for (auto& [k, q] : people_)
        if (q.get() != &p && q->holder == *holder) {
            drop_link(*q);
            q->holder.clear();
            tell(*q, tr(lang_of(*q), "bridge.resume.taken"));
        }
    drop_link(p);
    if (!state_.move_seat(*holder, identity(p))) return tell(p, tr(lang, "bridge.resume.unknown"));
    p.holder = identity(p);
    link(p);  // resumes with the token: the server says welcome back
}

void Bridge::run_private_command(Person& p, const ChatCommand& c) {
    using Kind = ChatCommand::Kind;
    const UserMemory* memory = state_.user(identity(p));
    const bool seated = p.link || (memory && memory->seat);
    const std::string lang = lang_of(p);
    switch (c.kind) {
        case Kind::None:
        case Kind::Help:
        case Kind::Unknown:
            return tell(p, help_line_private(lang, self_));
        case Kind::Lang:
            return run_lang(p, c.args, [&](const std::string& text) { tell(p, text); });
        case Kind::Board:
            if (!p.link) return tell(p, tr(lang, "bridge.board_private"));
            for (const auto& line : river_picture(p.link->view(), lang))
                tell(p, line);
            return;
        case Kind::Hand:
            if (!p.link) return tell(p, tr(lang, "bridge.not_in_game"));
            return tell(p, p.link->hand_line());
        case Kind::Moves:
            if (!p.link) return tell(p, tr(lang, "bridge.not_in_game"));
            for (const auto& line : p.link->moves_lines())
                tell(p, line);
            return;
        case Kind::Tables: {
            // Answered from a channel's spectator: asking costs no connection of one's own.
            // (By key: someone who is in no channel is forgotten before the answer comes.)
            for (auto& [name, ch] : channels_)
                if (ch.relay)
                    return ch.relay->ask_tables([this, key = p.user.key](const std::string& text) {
                        tell_line(key, text);
                    });
            return tell(p, tr(lang, "bridge.join_channel_first",
                              {{"channels", options_.channels.empty() ? ""
                                                                      : options_.channels.front()}}));
        }
        case Kind::Resume:
            return run_resume(p, c.args);
        case Kind::Link:
        case Kind::Unlink:
            return run_link(p, c);
        case Kind::Rating:
        case Kind::Top:
            // Asked through a channel's spectator, as !tables is; the answer comes privately.
            for (auto& [name, ch] : channels_)
                if (ch.relay) {
                    if (!ch.relay->ask(rating_question(p, c),
                                       [this, key = p.user.key](const std::string& text) {
                                           tell_line(key, text);
                                       }))
                        return tell(p, tr(lang, "bridge.busy"));
                    return;
                }
            return tell(p, tr(lang, "bridge.join_channel_first",
                              {{"channels", options_.channels.empty() ? ""
                                                                      : options_.channels.front()}}));
        case Kind::NewTable:
        case Kind::Join:
        case Kind::Watch:
        case Kind::Who:
        case Kind::Abort:
            return tell(p, tr(lang, "bridge.tables_in_channel", {{"command", "!" + c.word}}));
        case Kind::Leave:
        case Kind::Start:
        case Kind::Addbot:
        case Kind::Concede:
        case Kind::Decision:
        case Kind::Card: {
            if (!seated) return tell(p, tr(lang, "bridge.no_seat"));
            if (!p.link && !may_link(p)) return;
            const std::string frame = c.kind == Kind::Decision || c.kind == Kind::Card
                                          ? "/" + c.decision_text()
                                          : "/" + c.word + (c.args.empty() ? "" : " " + c.args);
            return link(p).send(frame, Origin::PrivateChat);
        }
    }
}

}  // namespace niagara::bridge
