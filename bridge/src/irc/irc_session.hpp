// The IRC adapter's work (IrcNetwork is its face): the life of the connections, the login, what
// the server says turned into ChatEvents, and the paced output.
//
// Login: PASS (when set); CAP LS 302, NICK and USER; then CAP REQ for what the server offers of
// sasl (when configured) and the account capabilities below; with SASL, AUTHENTICATE PLAIN ->
// the credentials -> 903 -> CAP END (a refusal is logged and the login goes on without an
// account), else CAP END at once. A server without CAP ignores CAP LS (or answers 421): its 001
// comes without a CAP line and the bot sends no CAP END. A nick in use or refused (433, 432,
// 436, 437) before 001 is replaced by the configured one cut to fit NICKLEN (9 until the
// server's 005 says otherwise: ngircd's default) with a digit or two at the end. After the end
// of the MOTD (or 10 s after 001 without one) the bot joins its channels and reports on_ready.
//
// Accounts (ChatUser::account): with IRCv3 extended-join a JOIN names the person's services
// account; with account-tag every message carries it (no tag: not logged in); account-notify
// reports logins and logouts (ACCOUNT, as on_renamed with the same key); when the server's 005
// says WHOX, a WHO of each channel the bot joins names the accounts of those already there (354,
// token 815). The roster keeps the accounts of people in sight (irc_roster.hpp), for events
// that carry none (NAMES; private lines without account-tag). Without these capabilities, or
// without services, every account is "".
//
// CTCP: a VERSION request to the bot is answered with a NOTICE, at most once in 10 s (a flood of
// requests from many nicks costs one line each 10 s); other CTCP is ignored.
//
// Liveness: PING is answered at once; after `ping_after` of silence the bot sends a PING of its
// own and reconnects when `pong_timeout` passes without a word. A lost connection is
// reconnected with back-off (1 s doubling to 60 s, +-20% jitter; back to 1 s after a login).
//
// Output: say()/tell() lines are cleaned (no CR, LF, NUL), split to fit one message, and queued
// per target in an OutputQueue paced by the settings' Throttle; only PRIVMSGs wait there (login,
// JOIN, WHO, PONG go at once: a handful of lines a connection); with irc.private_notice the
// tell() lines go as NOTICEs. A message's size is bounded so that the line the server relays,
// ":nick!user@host PRIVMSG target :text\r\n", fits max_line_bytes: with the user and host of
// the bot's own JOIN once seen, a 63-byte host before, the longest nick the network allows and
// the longest target.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>

#include "bridge_config.hpp"
#include "chat_network.hpp"
#include "irc_message.hpp"
#include "irc_network.hpp"
#include "irc_roster.hpp"
#include "output_queue.hpp"

namespace niagara::bridge::irc {

class IrcLink;

class IrcSession : public std::enable_shared_from_this<IrcSession> {
  public:
    IrcSession(boost::asio::io_context& io, IrcSettings settings);
    ~IrcSession();

    void start(ChatEvents& events);
    void stop();
    void say(const std::string& channel, const std::string& line);
    void announce(const std::string& channel, const std::string& line);  // game news first
    void tell(const std::string& user_key, const std::string& line);
    void set_timing(const IrcTiming& timing) { timing_ = timing; }

    bool ready() const { return ready_; }
    std::string self_nick() const { return registered_ ? nick_ : std::string(); }
    std::size_t lines_sent() const { return lines_sent_; }
    std::size_t messages_sent() const { return messages_sent_; }
    std::size_t messages_dropped() const;
    std::size_t messages_waiting() const { return queue_ ? queue_->waiting() : 0; }
    std::size_t logins() const { return logins_; }
    std::size_t connect_attempts() const { return connect_attempts_; }

  private:
    using Clock = std::chrono::steady_clock;

    // Connections.
    void connect();
    void on_connected();
    void on_line(const std::string& line);
    void drop(const std::string& why);  // closes the link and reconnects later
    void on_lost(const std::string& why);
    void schedule_reconnect();
    void watch();  // the periodic check of registration, PING and PONG
    void send(const std::string& line);

    // What the server says.
    void handle(const IrcMessage& message);
    void handle_cap(const IrcMessage& message);
    void handle_isupport(const IrcMessage& message);
    void handle_welcome(const IrcMessage& message);
    void handle_nick_refused(const IrcMessage& message);
    void handle_join(const IrcMessage& message);
    void handle_names(const IrcMessage& message);
    void handle_left(const std::string& channel, const std::string& nick);
    void handle_quit(const IrcMessage& message);
    void handle_nick(const IrcMessage& message);
    void handle_text(const IrcMessage& message);
    void handle_account(const IrcMessage& message);
    void handle_whox(const IrcMessage& message);
    void answer_ctcp(const std::string& nick, std::string_view text);
    void request_caps(std::string_view offered, bool logging_in);
    void caps_acknowledged(std::string_view list);
    void end_cap();
    std::string account_for(const IrcMessage& message, const std::string& key) const;
    void note_account(const std::string& nick, const std::string& account);
    void join_channels();
    void rejoin_later(const std::string& channel);
    bool is_self(const std::string& nick) const;
    std::string alternate_nick();

    // Output.
    std::size_t nick_bound() const;
    std::size_t budget_for(const std::string& to) const;
    std::size_t queue_budget() const;
    OutputQueue& queue();
    void enqueue(const std::string& target, const std::string& to, const std::string& line,
                 bool news);
    void drain();
    void send_message(const std::string& to, const std::string& text, bool notice);
    std::string current_target(const std::string& target) const;

    boost::asio::io_context& io_;
    IrcSettings settings_;
    IrcTiming timing_;
    ChatEvents* events_ = nullptr;  // null when stopped: nothing more is reported
    bool started_ = false;
    bool stopped_ = false;

    std::shared_ptr<IrcLink> link_;
    boost::asio::steady_timer reconnect_timer_;
    boost::asio::steady_timer watch_timer_;
    boost::asio::steady_timer drain_timer_;
    boost::asio::steady_timer join_timer_;
    bool drain_scheduled_ = false;
    int backoff_step_ = 0;
    std::mt19937 random_;

    // This connection.
    Clock::time_point connected_at_;
    Clock::time_point last_heard_;
    std::optional<Clock::time_point> ping_sent_;
    bool link_up_ = false;
    bool registered_ = false;
    bool joined_ = false;
    bool ready_ = false;
    bool cap_open_ = false;       // CAP negotiation started and not ended
    bool cap_heard_ = false;      // the server answered CAP: it waits for CAP END
    std::string cap_list_;        // CAP LS 302 arrives in several lines
    std::set<std::string> caps_;  // the capabilities the server acknowledged
    bool whox_ = false;           // 005 WHOX
    std::string nick_;
    int nick_tries_ = 0;
    std::size_t nicklen_ = 0;  // from 005 NICKLEN; 0: not said
    std::string own_user_;     // from the bot's own JOIN: "~niagara"
    std::string own_host_;
    std::string last_error_;  // the server's ERROR line, the reason it is closing
    IrcRoster roster_;

    // Output, kept across reconnects: it waits for the next login.
    std::optional<OutputQueue> queue_;
    std::size_t queue_budget_ = 0;
    std::size_t dropped_before_ = 0;              // drops of queues replaced by a new budget
    std::map<std::string, std::string> renamed_;  // old key -> new key, for queued tells

    // The last CTCP VERSION answer, kept across reconnects.
    std::optional<Clock::time_point> version_answered_;

    std::size_t lines_sent_ = 0;
    std::size_t messages_sent_ = 0;
    std::size_t logins_ = 0;
    std::size_t connect_attempts_ = 0;
};

}  // namespace niagara::bridge::irc
