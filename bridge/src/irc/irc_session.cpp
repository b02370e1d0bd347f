#include "irc_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "irc_link.hpp"
#include "irc_sasl.hpp"

namespace niagara::bridge::irc {

namespace net = boost::asio;
using boost::system::error_code;
using namespace std::chrono_literals;

namespace {

// RFC 1459's nick length, what ngircd allows by default: the bound until 005 says otherwise.
constexpr std::size_t kDefaultNickLen = 9;
// The nick bound for a network whose 005 does not say (most allow 30 or fewer).
constexpr std::size_t kUnsaidNickLen = 30;
// A host name is at most 63 bytes in the prefix of common servers (HOSTLEN in ircd-ratbox,
// solanum, hybrid; ngircd's CLIENT_HOST_LEN is 64 with the NUL).
constexpr std::size_t kMaxHost = 63;
// JOIN lines carry several channels, as long as the line stays well under 512 bytes.
constexpr std::size_t kMaxJoinLine = 400;
// A renamed person's queued tells follow at most this many renames.
constexpr int kMaxRenameHops = 16;
// The IRCv3 capabilities that say who people are (irc_session.hpp: Accounts).
constexpr std::array<std::string_view, 3> kAccountCaps = {"account-tag", "extended-join",
                                                          "account-notify"};
// The token of the bot's WHOX queries: a 354 with another is someone else's (a user's own WHO).
constexpr std::string_view kWhoxToken = "815";
// CAP LS lines beyond this much are not read (a real list is a few hundred bytes).
constexpr std::size_t kMaxCapList = 8192;
// At most one CTCP VERSION answer in this long: requests cost the bot no more than that.
constexpr auto kVersionInterval = std::chrono::seconds(10);

// The project's version (CMakeLists.txt) when the build passes it on.
#ifdef NIAGARA_VERSION
constexpr std::string_view kVersion = NIAGARA_VERSION;
#else
constexpr std::string_view kVersion = "0.1.0";
#endif

// The words of a CAP list ("sasl=PLAIN,EXTERNAL -multi-prefix"), one at a time.
template <typename Visit>
void for_each_cap(std::string_view list, Visit visit) {
    while (!list.empty()) {
        const auto space = std::min(list.find(' '), list.size());
        if (space > 0) visit(list.substr(0, space));
        list.remove_prefix(std::min(space + 1, list.size()));
    }
}

// A capability's name without its value ("sasl=PLAIN": "sasl") nor CAP 3.1 draft modifiers.
std::string_view cap_name(std::string_view word) {
    while (!word.empty() && (word.front() == '~' || word.front() == '=' || word.front() == '-'))
        word.remove_prefix(1);
    return word.substr(0, word.find('='));
}

std::string seconds(std::chrono::milliseconds d) {
    return std::to_string(std::chrono::duration<double>(d).count()) + " s";
}

}  // namespace

IrcSession::IrcSession(net::io_context& io, IrcSettings settings)
    : io_(io),
      settings_(std::move(settings)),
      reconnect_timer_(io),
      watch_timer_(io),
      drain_timer_(io),
      join_timer_(io),
      random_(std::random_device{}()) {}

IrcSession::~IrcSession() {
    stop();
}

// ---- connections --------------------------------------------------------------------------

void IrcSession::start(ChatEvents& events) {
    if (started_) return;
    started_ = true;
    events_ = &events;
    connect();
    watch();
}

void IrcSession::stop() {
    if (stopped_) return;
    stopped_ = true;
    events_ = nullptr;
    reconnect_timer_.cancel();
    watch_timer_.cancel();
    drain_timer_.cancel();
    join_timer_.cancel();
    if (link_) {
        if (link_up_) {
            link_->write("QUIT :Niagara bridge stopping");
            ++lines_sent_;
            link_->close_after_writes(1s);  // the link lives on until the QUIT is out
        } else {
            link_->close();
        }
        link_.reset();
    }
    if (queue_) queue_->clear();
    ready_ = false;
}

void IrcSession::connect() {
    if (stopped_) return;
    IrcLink::Options options;
    options.host = settings_.host;
    options.port = settings_.port;
    options.tls = settings_.tls;
    options.tls_verify = settings_.tls_verify;
    options.connect_timeout = timing_.connect_timeout;
    const std::weak_ptr<IrcSession> weak = weak_from_this();
    IrcLink::Callbacks callbacks;
    callbacks.connected = [weak] {
        if (auto self = weak.lock()) self->on_connected();
    };
    callbacks.line = [weak](const std::string& line) {
        if (auto self = weak.lock()) self->on_line(line);
    };
    callbacks.closed = [weak](const std::string& why) {
        if (auto self = weak.lock()) self->on_lost(why);
    };
    spdlog::info("irc: connecting to {}:{}{}", settings_.host, settings_.port,
                 settings_.tls ? " (TLS)" : "");
    connected_at_ = Clock::now();
    ++connect_attempts_;
    link_ = std::make_shared<IrcLink>(io_, std::move(options), std::move(callbacks));
    link_->start();
}

void IrcSession::on_connected() {
    link_up_ = true;
    connected_at_ = last_heard_ = Clock::now();
    spdlog::info("irc: connected to {}:{}, logging in", settings_.host, settings_.port);
    nick_ = settings_.nick;
    nick_tries_ = 0;
    if (!settings_.password.empty()) send("PASS :" + settings_.password);
    // Always: what a server offers of IRCv3 says who people are. One without CAP ignores it or
    // answers 421, and registers the bot all the same.
    cap_open_ = true;
    send("CAP LS 302");
    send("NICK " + nick_);
    send("USER " + settings_.user + " 0 * :" + settings_.realname);
}

void IrcSession::on_line(const std::string& line) {
    last_heard_ = Clock::now();
    ping_sent_.reset();  // any line shows the link is alive
    const auto message = parse_irc_line(line);
    if (!message) return;
    handle(*message);
}

void IrcSession::drop(const std::string& why) {
    if (!link_) return;
    link_->close();
    on_lost(why);
}

void IrcSession::on_lost(const std::string& why) {
    const bool was_ready = ready_;
    const std::string reason = last_error_.empty() ? why : why + " (" + last_error_ + ")";
    spdlog::warn("irc: connection to {}:{} lost: {}", settings_.host, settings_.port, reason);
    link_.reset();
    link_up_ = registered_ = joined_ = ready_ = cap_open_ = cap_heard_ = whox_ = false;
    ping_sent_.reset();
    cap_list_.clear();
    caps_.clear();
    nicklen_ = 0;
    own_user_.clear();
    own_host_.clear();
    last_error_.clear();
    roster_.clear();
    join_timer_.cancel();
    drain_timer_.cancel();
    drain_scheduled_ = false;
    if (was_ready && events_) events_->on_connection_lost(reason);
    schedule_reconnect();
}

void IrcSession::schedule_reconnect() {
    if (stopped_) return;
    using std::chrono::milliseconds;
    const milliseconds first = std::max(timing_.backoff_first, milliseconds(1));
    const milliseconds most = std::max(timing_.backoff_max, first);
    // Doubling from `first`: past 2^20 steps it is `most` anyway.
    const milliseconds delay = std::min(most, first * (1L << std::min(backoff_step_, 20)));
    ++backoff_step_;
    // +-20%: a network's many bots, restarted together, do not all come back at once.
    std::uniform_real_distribution<double> jitter(0.8, 1.2);
    const auto jittered = std::chrono::milliseconds(
        std::max<long long>(1, static_cast<long long>(double(delay.count()) * jitter(random_))));
    spdlog::info("irc: reconnecting in {}", seconds(jittered));
    reconnect_timer_.expires_after(jittered);
    reconnect_timer_.async_wait([weak = weak_from_this()](const error_code& ec) {
        auto self = weak.lock();
        if (ec || !self || self->stopped_) return;
        self->connect();
    });
}

void IrcSession::watch() {
    if (stopped_) return;
    const auto now = Clock::now();
    if (link_ && link_up_) {
        if (!registered_ && now - connected_at_ > timing_.register_timeout) {
            drop("no welcome from the server within " + seconds(timing_.register_timeout));
        } else if (ping_sent_ && now - *ping_sent_ > timing_.pong_timeout) {
            drop("no answer to PING within " + seconds(timing_.pong_timeout));
        } else if (!ping_sent_ && now - last_heard_ > timing_.ping_after) {
            send("PING :niagara");
            ping_sent_ = now;
        }
    }
    // Often enough to notice a timeout within a quarter of the shortest period.
    const auto tick = std::clamp(
        std::min({timing_.ping_after, timing_.pong_timeout, timing_.register_timeout}) / 4,
        std::chrono::milliseconds(20), std::chrono::milliseconds(5000));
    watch_timer_.expires_after(tick);
    watch_timer_.async_wait([weak = weak_from_this()](const error_code& ec) {
        auto self = weak.lock();
        if (ec || !self) return;
        self->watch();
    });
}

void IrcSession::send(const std::string& line) {
    if (!link_ || !link_up_) return;
    std::string clean = clean_outgoing(line);
    const std::size_t max = std::size_t(std::max(settings_.max_line_bytes, 16)) - 2;
    if (clean.size() > max) clean = split_to_fit(clean, max).front();
    if (spdlog::should_log(spdlog::level::trace)) spdlog::trace("irc: >> {}", clean);
    link_->write(std::move(clean));
    ++lines_sent_;
}

// ---- what the server says -----------------------------------------------------------------

void IrcSession::handle(const IrcMessage& m) {
    const std::string& c = m.command;
    if (c == "PING") {
        send("PONG :" + m.param(0));
    } else if (c == "ERROR") {
        last_error_ = to_utf8(m.param(0));
        spdlog::warn("irc: the server says: ERROR {}", last_error_);
    } else if (c == "CAP") {
        handle_cap(m);
    } else if (c == "AUTHENTICATE") {
        // Only while the bot's own SASL login goes on: never the credentials on demand.
        if (m.param(0) == "+" && cap_open_ && !settings_.sasl_user.empty())
            for (const auto& piece :
                 sasl_plain_messages(settings_.sasl_user, settings_.sasl_password))
                send("AUTHENTICATE " + piece);
    } else if (c == "900") {
        spdlog::info("irc: SASL: logged in as {}", to_utf8(m.param(2)));
    } else if (c == "903" || c == "907") {
        end_cap();
    } else if (c == "902" || c == "904" || c == "905" || c == "906" || c == "908") {
        if (c == "908") return;  // the mechanisms the server has: 904 follows
        spdlog::error("irc: SASL login as {} failed ({} {}); going on without it",
                      settings_.sasl_user, c, to_utf8(m.params.empty() ? "" : m.params.back()));
        end_cap();
    } else if (c == "001") {
        handle_welcome(m);
    } else if (c == "005") {
        handle_isupport(m);
    } else if (c == "376" || c == "422") {  // end of the MOTD, or none
        if (registered_) join_channels();
    } else if (c == "432" || c == "433" || c == "436" || c == "437") {
        handle_nick_refused(m);
    } else if (c == "JOIN") {
        handle_join(m);
    } else if (c == "353") {
        handle_names(m);
    } else if (c == "PART") {
        handle_left(m.param(0), m.nick);
    } else if (c == "KICK") {
        handle_left(m.param(0), m.param(1));
    } else if (c == "QUIT") {
        handle_quit(m);
    } else if (c == "NICK") {
        handle_nick(m);
    } else if (c == "PRIVMSG" || c == "NOTICE") {
        handle_text(m);
    } else if (c == "ACCOUNT") {
        handle_account(m);
    } else if (c == "354") {
        handle_whox(m);
    } else if (c == "421") {
        if (casefold(m.param(1)) == "cap") cap_open_ = false;  // a server without CAP at all
    } else if (c == "403" || c == "405" || c == "471" || c == "473" || c == "474" || c == "475" ||
               c == "477" || c == "489") {
        spdlog::error("irc: cannot join {}: {}", to_utf8(m.param(1)), to_utf8(m.param(2)));
    }
}

void IrcSession::handle_cap(const IrcMessage& m) {
    cap_heard_ = true;
    const std::string& sub = m.param(1);
    if (sub == "LS") {
        if (!cap_open_) return;  // only the answer to the bot's own CAP LS
        // "CAP * LS * :more to come" then "CAP * LS :the rest".
        const bool more = m.params.size() >= 4 && m.param(2) == "*";
        if (cap_list_.size() < kMaxCapList) cap_list_ += (more ? m.param(3) : m.param(2)) + " ";
        if (more) return;
        request_caps(cap_list_, true);
    } else if (sub == "NEW") {
        request_caps(m.param(2), false);  // cap-notify (implied by 302), e.g. services are back
    } else if (sub == "ACK") {
        caps_acknowledged(m.param(2));
    } else if (sub == "NAK") {
        if (!cap_open_) return;
        spdlog::error("irc: the server refused the capabilities {}; logging in without them",
                      to_utf8(m.param(2)));
        end_cap();
    } else if (sub == "DEL") {
        for_each_cap(m.param(2),
                     [&](std::string_view word) { caps_.erase(std::string(cap_name(word))); });
    }
}

void IrcSession::request_caps(std::string_view offered, bool logging_in) {
    // A CAP NEW during the login: what CAP LS offered is what the login takes (a second ACK
    // would end it while SASL goes on).
    if (!logging_in && cap_open_) return;
    // sasl first: the login waits for it; then what says who people are.
    const bool sasl = logging_in && !settings_.sasl_user.empty() && offers_sasl_plain(offered);
    if (logging_in && !settings_.sasl_user.empty() && !sasl)
        spdlog::error("irc: the server offers no SASL PLAIN; logging in without it");
    std::string wanted = sasl ? "sasl" : "";
    for_each_cap(offered, [&](std::string_view word) {
        const std::string name(cap_name(word));
        const bool useful =
            std::find(kAccountCaps.begin(), kAccountCaps.end(), name) != kAccountCaps.end();
        if (!useful || caps_.count(name) > 0 ||
            (" " + wanted + " ").find(" " + name + " ") != std::string::npos)
            return;
        wanted += (wanted.empty() ? "" : " ") + name;
    });
    if (!wanted.empty()) {
        send("CAP REQ :" + wanted);
    } else if (logging_in) {
        end_cap();
    }
}

void IrcSession::caps_acknowledged(std::string_view list) {
    bool sasl = false;
    for_each_cap(list, [&](std::string_view word) {
        const std::string name(cap_name(word));
        if (word.front() == '-') {
            caps_.erase(name);
        } else {
            caps_.insert(name);
            sasl = sasl || name == "sasl";
        }
    });
    if (!caps_.empty()) spdlog::debug("irc: capabilities acknowledged: {}", to_utf8(list));
    // Only while the bot's own login goes on: never the credentials on a server's whim.
    if (sasl && cap_open_ && !settings_.sasl_user.empty()) {
        send("AUTHENTICATE PLAIN");
        return;
    }
    end_cap();
}

void IrcSession::end_cap() {
    if (!cap_open_) return;
    cap_open_ = false;
    send("CAP END");
}

void IrcSession::handle_isupport(const IrcMessage& m) {
    // "005 nick TOKEN TOKEN=value ... :are supported by this server"
    for (std::size_t i = 1; i + 1 < m.params.size(); ++i) {
        const std::string& token = m.params[i];
        if (token.rfind("NICKLEN=", 0) == 0) {
            const int length = std::atoi(token.c_str() + 8);
            if (length > 0 && length < 1000) nicklen_ = std::size_t(length);
        } else if (token == "WHOX") {
            whox_ = true;
        }
    }
}

void IrcSession::handle_welcome(const IrcMessage& m) {
    if (registered_) return;
    registered_ = true;
    ++logins_;
    backoff_step_ = 0;  // a good login: the next loss retries quickly again
    if (!m.param(0).empty()) nick_ = m.param(0);
    spdlog::info("irc: logged in to {} as {}", settings_.host, nick_);
    // A server that answered CAP and registered the bot all the same gets its CAP END; one that
    // never answered does not know CAP (a CAP END would only earn a 421).
    if (cap_heard_) {
        end_cap();
    } else {
        cap_open_ = false;
    }
    // Servers without a MOTD numeric still get the bot into its channels.
    join_timer_.expires_after(timing_.join_fallback);
    join_timer_.async_wait([weak = weak_from_this()](const error_code& ec) {
        auto self = weak.lock();
        if (ec || !self || !self->registered_) return;
        self->join_channels();
    });
}

std::string IrcSession::alternate_nick() {
    // The configured nick cut to leave room for one or two digits within NICKLEN (9 until the
    // server says: 432 "too long" comes before 005).
    const std::size_t limit = nicklen_ > 0 ? nicklen_ : kDefaultNickLen;
    ++nick_tries_;
    const std::string digits = nick_tries_ <= 9
                                   ? std::to_string(nick_tries_)
                                   : std::to_string(10 + random_() % 90);  // two random digits
    std::string base = settings_.nick;
    // A nick may not start with a digit or '-'; letters and []\`_^{|} are safe everywhere.
    base.erase(std::remove_if(base.begin(), base.end(),
                              [](char ch) {
                                  return !(std::isalnum(static_cast<unsigned char>(ch)) ||
                                           std::string_view("[]\\`_^{|}-").find(ch) !=
                                               std::string_view::npos);
                              }),
               base.end());
    while (!base.empty() &&
           (std::isdigit(static_cast<unsigned char>(base.front())) || base.front() == '-'))
        base.erase(0, 1);
    if (base.empty()) base = "niagara";
    if (base.size() + digits.size() > limit)
        base.resize(limit > digits.size() ? limit - digits.size() : 1);
    return base + digits;
}

void IrcSession::handle_nick_refused(const IrcMessage& m) {
    if (registered_) {
        spdlog::warn("irc: nick {} refused: {}", to_utf8(m.param(1)), to_utf8(m.param(2)));
        return;
    }
    if (nick_tries_ >= 30) return drop("no nick accepted after 30 tries");
    const std::string refused = m.param(1);
    // A nick too long for the server (432 before 005): the configured one cut to 9 first.
    if (m.command == "432" && nick_tries_ == 0 && settings_.nick.size() > kDefaultNickLen &&
        nicklen_ == 0) {
        ++nick_tries_;
        nick_ = settings_.nick.substr(0, kDefaultNickLen);
    } else {
        nick_ = alternate_nick();
    }
    spdlog::warn("irc: nick {} refused ({} {}); trying {}", to_utf8(refused), m.command,
                 to_utf8(m.param(2)), nick_);
    send("NICK " + nick_);
}

void IrcSession::join_channels() {
    if (joined_) return;
    joined_ = true;
    join_timer_.cancel();
    std::string line;
    for (const auto& channel : settings_.channels) {
        if (channel.empty()) continue;
        if (!line.empty() && line.size() + 1 + channel.size() > kMaxJoinLine) {
            send("JOIN " + line);
            line.clear();
        }
        line += (line.empty() ? "" : ",") + channel;
    }
    if (!line.empty()) send("JOIN " + line);
    ready_ = true;
    spdlog::info("irc: ready as {}", nick_);
    if (events_) events_->on_ready(nick_);
    drain();
}

void IrcSession::rejoin_later(const std::string& channel) {
    auto timer = std::make_shared<net::steady_timer>(io_, timing_.rejoin_after_kick);
    timer->async_wait([weak = weak_from_this(), timer, channel](const error_code& ec) {
        auto self = weak.lock();
        if (ec || !self || !self->registered_ || self->roster_.in_channel(channel)) return;
        self->send("JOIN " + channel);
    });
}

bool IrcSession::is_self(const std::string& nick) const {
    return !nick_.empty() && casefold(nick) == casefold(nick_);
}

void IrcSession::handle_join(const IrcMessage& m) {
    const std::string channel = to_utf8(m.param(0));
    if (channel.empty() || m.nick.empty()) return;
    if (is_self(m.nick)) {
        roster_.join_self(channel);
        // The prefix others will see on the bot's messages: the exact budget from now on.
        if (!m.user.empty()) own_user_ = m.user;
        if (!m.host.empty()) own_host_ = m.host;
        spdlog::info("irc: joined {}", channel);
        // Who the people already there are (NAMES does not say): 354 replies.
        if (whox_) send("WHO " + channel + " %tcna," + std::string(kWhoxToken));
        return;
    }
    const std::string nick = to_utf8(m.nick);
    const std::string key = casefold(nick);
    const bool fresh = roster_.add(channel, nick);
    // extended-join: ":nick!u@h JOIN #channel account :realname" ("*": not logged in).
    const std::string account = caps_.count("extended-join") > 0 && m.params.size() >= 2
                                    ? account_name(m.param(1))
                                    : account_for(m, key);
    const bool changed = roster_.set_account(key, account);
    if (!events_) return;
    const ChatUser who{key, nick, account};
    if (fresh) {
        events_->on_present(roster_.channel_name(channel), who);
    } else if (changed) {
        events_->on_renamed(key, who);
    }
}

void IrcSession::handle_names(const IrcMessage& m) {
    // "353 me = #channel :@op +voiced plain" (multi-prefix: "@+both"; userhost-in-names:
    // "nick!user@host").
    const std::string channel = to_utf8(m.param(2));
    std::string_view names = m.param(3);
    while (!names.empty()) {
        const auto space = names.find(' ');
        std::string_view name = names.substr(0, space);
        names = space == std::string_view::npos ? std::string_view{} : names.substr(space + 1);
        while (!name.empty() && std::string_view("~&@%+!").find(name.front()) != std::string::npos)
            name.remove_prefix(1);
        name = name.substr(0, name.find('!'));
        if (name.empty()) continue;
        const std::string nick = to_utf8(name);
        if (is_self(nick)) continue;
        const std::string key = casefold(nick);
        // Known when they share another channel with the bot; else WHOX tells in a moment.
        if (roster_.add(channel, nick) && events_)
            events_->on_present(roster_.channel_name(channel),
                                ChatUser{key, nick, roster_.account_of(key)});
        if (stopped_) return;
    }
}

void IrcSession::handle_left(const std::string& raw_channel, const std::string& raw_nick) {
    const std::string channel = to_utf8(raw_channel);
    const std::string nick = to_utf8(raw_nick);
    if (channel.empty() || nick.empty()) return;
    if (is_self(nick)) {
        const bool kicked = roster_.in_channel(channel);
        roster_.leave_self(channel);
        spdlog::warn("irc: left {}", channel);
        // Kicked (or parted by a server): back in a moment, if it is one of ours.
        const bool ours =
            std::any_of(settings_.channels.begin(), settings_.channels.end(),
                        [&](const std::string& c) { return casefold(c) == casefold(channel); });
        if (kicked && ours) rejoin_later(channel);
        return;
    }
    const std::string name = roster_.channel_name(channel);
    const std::string key = casefold(nick);
    if (roster_.remove(channel, key) && events_) events_->on_absent(name, key);
}

void IrcSession::handle_quit(const IrcMessage& m) {
    if (m.nick.empty() || is_self(m.nick)) return;
    const std::string key = casefold(to_utf8(m.nick));
    for (const auto& channel : roster_.quit(key)) {
        if (!events_) return;
        events_->on_absent(channel, key);
    }
}

void IrcSession::handle_nick(const IrcMessage& m) {
    const std::string now = to_utf8(m.param(0));
    if (m.nick.empty() || now.empty()) return;
    if (is_self(m.nick)) {
        nick_ = now;
        spdlog::info("irc: now known as {}", nick_);
        return;
    }
    const std::string old_nick = to_utf8(m.nick);
    if (!roster_.rename(old_nick, now)) return;
    const std::string old_key = casefold(old_nick);
    const std::string new_key = casefold(now);
    if (old_key != new_key && queue_ && !queue_->empty()) renamed_[old_key] = new_key;
    if (events_) events_->on_renamed(old_key, ChatUser{new_key, now, roster_.account_of(new_key)});
}

void IrcSession::handle_text(const IrcMessage& m) {
    // Only people, whom servers always name in full (nick!user@host): a prefix without user
    // and host is a server's (notices before login, "*** Looking up your hostname").
    if (m.nick.empty() || (m.user.empty() && m.host.empty()) || m.params.size() < 2 ||
        is_self(m.nick))
        return;
    const std::string& target = m.param(0);
    const std::string& raw = m.param(1);
    if (is_ctcp(raw)) {  // VERSION, PING, ACTION: not said to the bridge
        // Never an answer to a NOTICE (a CTCP reply), nor to a request sent to a channel.
        if (m.command == "PRIVMSG" && is_self(target)) answer_ctcp(m.nick, raw);
        return;
    }
    const std::string text = to_utf8(strip_formatting(raw));
    if (text.empty()) return;
    const std::string nick = to_utf8(m.nick);
    const std::string key = casefold(nick);
    const std::string account = account_for(m, key);
    if (caps_.count("account-tag") > 0) note_account(nick, account);
    if (stopped_) return;
    const ChatUser from{key, nick, account};
    if (is_channel_name(target)) {
        if (!events_) return;
        events_->on_channel_line(roster_.channel_name(to_utf8(target)), from, text);
    } else if (is_self(target)) {
        roster_.seen(nick);
        spdlog::debug("irc: {} from {}: {}", m.command, nick, text);
        if (events_) events_->on_private_line(from, text);
    }
    // Anything else ("@#channel" to the channel's operators, "$*" to all) is not for the bot.
}

void IrcSession::handle_account(const IrcMessage& m) {
    // account-notify: ":nick!user@host ACCOUNT name" ("*": logged out).
    if (m.nick.empty() || m.params.empty() || is_self(m.nick)) return;
    note_account(to_utf8(m.nick), account_name(m.param(0)));
}

void IrcSession::handle_whox(const IrcMessage& m) {
    // "354 me 815 #channel nick account" (WHO #channel %tcna,815; account "0": none).
    if (m.params.size() < 5 || m.param(1) != kWhoxToken) return;
    const std::string channel = to_utf8(m.param(2));
    const std::string nick = to_utf8(m.param(3));
    if (nick.empty() || is_self(nick) || !roster_.in_channel(channel)) return;
    const std::string account = m.param(4) == "0" ? std::string() : account_name(m.param(4));
    const std::string key = casefold(nick);
    if (!roster_.add(channel, nick)) {
        note_account(nick, account);
        return;
    }
    roster_.set_account(key, account);  // not in NAMES (joined since): present now
    if (events_) events_->on_present(roster_.channel_name(channel), ChatUser{key, nick, account});
}

void IrcSession::answer_ctcp(const std::string& nick, std::string_view text) {
    if (ctcp_command(text) != "VERSION") return;  // PING, TIME, CLIENTINFO...: ignored
    const auto now = Clock::now();
    if (version_answered_ && now - *version_answered_ < kVersionInterval) return;
    version_answered_ = now;
    // At once rather than queued: bounded by the interval, and no player's line waits for it.
    send("NOTICE " + nick + " :\x01VERSION niagara-bridge " + std::string(kVersion) + "\x01");
}

std::string IrcSession::account_for(const IrcMessage& m, const std::string& key) const {
    // With account-tag, a message without the tag is from someone not logged in.
    if (caps_.count("account-tag") > 0) {
        const auto tag = m.tag("account");
        return tag ? account_name(*tag) : std::string();
    }
    return roster_.account_of(key);
}

void IrcSession::note_account(const std::string& nick, const std::string& account) {
    // Reported only for people in sight, and only when it changes what the bridge was told.
    const std::string key = casefold(nick);
    if (roster_.set_account(key, account) && events_)
        events_->on_renamed(key, ChatUser{key, roster_.nick_of(key), account});
}

// ---- output -------------------------------------------------------------------------------

std::size_t IrcSession::nick_bound() const {
    return std::max(nick_.size(), nicklen_ > 0 ? nicklen_ : kUnsaidNickLen);
}

std::size_t IrcSession::budget_for(const std::string& to) const {
    // Before the bot's JOIN shows its prefix: the user name as sent, perhaps with the "~" of a
    // missing ident, and the longest host.
    const std::string user = own_user_.empty() ? "~" + settings_.user : own_user_;
    const std::string host = own_host_.empty() ? std::string(kMaxHost, 'h') : own_host_;
    return payload_budget(std::size_t(std::max(settings_.max_line_bytes, 0)),
                          std::string(nick_bound(), 'n'), user, host, "PRIVMSG", to);
}

std::size_t IrcSession::queue_budget() const {
    // The longest target: a configured channel, or a person (a nick up to the bound).
    std::size_t target = nick_bound();
    for (const auto& channel : settings_.channels)
        target = std::max(target, channel.size());
    return budget_for(std::string(target, 't'));
}

OutputQueue& IrcSession::queue() {
    const std::size_t budget = queue_budget();
    if (!queue_ || (queue_->empty() && budget != queue_budget_)) {
        if (queue_) dropped_before_ += queue_->dropped();
        queue_.emplace(settings_.throttle, std::max<std::size_t>(budget, 1));
        queue_budget_ = budget;
    }
    return *queue_;
}

std::size_t IrcSession::messages_dropped() const {
    return dropped_before_ + (queue_ ? queue_->dropped() : 0);
}

void IrcSession::enqueue(const std::string& target, const std::string& to,
                         const std::string& line, bool news) {
    if (stopped_) return;
    const std::string clean = clean_outgoing(line);
    auto& waiting = queue();
    const std::size_t budget = std::min(budget_for(to), std::max<std::size_t>(queue_budget_, 1));
    for (auto& piece : split_to_fit(clean, budget))
        waiting.push(target, std::move(piece), news);
    drain();
}

void IrcSession::say(const std::string& channel, const std::string& line) {
    enqueue(channel, channel, line, false);
}

void IrcSession::announce(const std::string& channel, const std::string& line) {
    enqueue(channel, channel, line, true);
}

void IrcSession::tell(const std::string& user_key, const std::string& line) {
    // Queued under the key: the nick is looked up when the line goes (people rename).
    enqueue(user_key, std::string(nick_bound(), 'n'), line, false);
}

std::string IrcSession::current_target(const std::string& target) const {
    if (is_channel_name(target)) return target;
    std::string key = target;
    for (int hop = 0; hop < kMaxRenameHops; ++hop) {
        const auto it = renamed_.find(key);
        if (it == renamed_.end()) break;
        key = it->second;
    }
    return roster_.nick_of(key);
}

void IrcSession::drain() {
    if (!ready_ || !link_ || !queue_ || stopped_) return;
    const auto now = Clock::now();
    while (auto line = queue_->pop(now)) {
        // tell()s are queued under a key, say()s under a channel.
        const bool notice = settings_.private_notice && !is_channel_name(line->target);
        send_message(current_target(line->target), line->text, notice);
        if (!ready_) return;
    }
    if (queue_->empty()) renamed_.clear();
    const auto wait = queue_->wait(now);
    if (!wait || drain_scheduled_) return;
    drain_scheduled_ = true;
    drain_timer_.expires_after(*wait);
    drain_timer_.async_wait([weak = weak_from_this()](const error_code& ec) {
        auto self = weak.lock();
        if (ec || !self) return;
        self->drain_scheduled_ = false;
        self->drain();
    });
}

void IrcSession::send_message(const std::string& to, const std::string& text, bool notice) {
    // Queued before the bounds were known (or with a longer target than configured): split
    // again, so that no relayed line is cut by a server. (The budget is PRIVMSG's: a NOTICE's
    // is a byte more.)
    const std::string command = notice ? "NOTICE " : "PRIVMSG ";
    const std::size_t budget = budget_for(to);
    if (text.size() <= budget) {
        send(command + to + " :" + text);
        ++messages_sent_;
        return;
    }
    for (const auto& piece : split_to_fit(text, budget)) {
        send(command + to + " :" + piece);
        ++messages_sent_;
    }
}

}  // namespace niagara::bridge::irc
