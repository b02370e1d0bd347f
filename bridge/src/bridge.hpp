// The bridge between one chat network and the game server. It knows people and games, not
// wire protocols: an adapter (chat_network.hpp) reports who is in which channel and what they
// say; the bridge gives each chat user in a bridged channel a connection of their own to the
// server (PlayerLink), each channel a spectator that posts the table's public news
// (ChannelRelay), and remembers seats across nick changes, reconnects and its own restarts
// (BridgeState).
//
// Secrecy is by construction: channel lines come from the relay (a spectator's view) or are
// answers to what someone typed in the channel; a player's own connection speaks to the
// channel only to answer a command given there (errors, table lists), and everything that
// only their seat may see goes to them privately.
//
// Identity: a seat belongs to who the person is, never to a typed name. Where the network
// vouches for someone (ChatUser::account: an IRC services account, an XMPP bare JID) the seat
// is kept under that account and follows them to any nick, quit or restart. Without one it is
// kept under the nick only while the bridge sees that nick stay: a live rename carries it; a
// quit or a part turns it into an orphan that only its seat key (told privately when they sat
// down) brings back, with `resume KEY` from any nick. While the bridge itself cannot see
// (its chat connection is down, or it restarts) it takes the nick it finds when it is back
// for the one it left, as it cannot have seen a quit.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bridge_state.hpp"
#include "channel_relay.hpp"
#include "chat_commands.hpp"
#include "chat_network.hpp"
#include "health.hpp"
#include "player_link.hpp"

namespace niagara::bridge {

class Bridge final : public ChatEvents {
  public:
    struct Options {
        ServerAddress server;
        std::vector<std::string> channels;  // as the adapter names them
        std::string bot_level;              // bots= for !new without one (empty: server's)
        // timer= for !new without one: the seconds each decision may take (0: no timer).
        int turn_seconds = 0;
        // What one chat user may ask per second (bursts of `commands_burst`): the rest is
        // dropped, so that a flood costs neither the server's rate limit (which would close
        // the user's connection) nor the network's patience with the bot.
        double commands_per_second = 2;
        double commands_burst = 6;
        // How often a channel may be shown !board, !help, !tables or !who: whoever asks, what
        // the channel reads is game news first, not the same answer again and again.
        std::chrono::milliseconds channel_cooldown{20000};
        std::chrono::milliseconds reconnect_delay{2000};
        // The most chat users with a game-server connection at once: each is a connection
        // from the bridge's address, which the server limits (--max-connections-per-address,
        // 64 by default).
        std::size_t max_links = 60;
        // A connection without a seat (a failed !join, a table that closed) is closed after
        // this long unused.
        std::chrono::milliseconds idle_link{300000};
        // After the chat connection came back: who is not seen again within this long is
        // taken to have gone (their connection closes; a seat without an account is orphaned).
        std::chrono::milliseconds reseen_grace{60000};
        // How long a quit waits before it counts: a chat server going down says QUIT for
        // everyone just before it drops the bot, and those are not people leaving.
        std::chrono::milliseconds quit_grace{3000};
        // The channels' language (en, fr, cs, de): what the channel reads (the game's log, the
        // river picture, help) and what its users read until they choose with !lang.
        std::string lang = "en";
        std::map<std::string, std::string> channel_langs;  // by channel name, over `lang`
        // Told when the chat network comes and goes (the heartbeat file, health.hpp); may be
        // null.
        Health* health = nullptr;
    };

    Bridge(boost::asio::io_context& io, ChatNetwork& network, BridgeState& state, Options options);
    ~Bridge() override;
    void stop();

    // ChatEvents. Each is total: whatever arrives, an exception is caught, logged and
    // counted (guarded.hpp), and the bridge goes on serving everyone else.
    void on_ready(const std::string& self) override;
    void on_connection_lost(const std::string& why) override;
    void on_channel_line(const std::string& channel, const ChatUser& from,
                         const std::string& text) override;
    void on_private_line(const ChatUser& from, const std::string& text) override;
    void on_present(const std::string& channel, const ChatUser& who) override;
    void on_absent(const std::string& channel, const std::string& key) override;
    void on_renamed(const std::string& old_key, const ChatUser& now) override;

    // For tests and metrics.
    std::size_t open_links() const;
    std::size_t dropped_commands() const { return dropped_commands_; }
    std::size_t known_people() const { return people_.size(); }
    std::size_t refused_keys() const { return refused_keys_; }

  private:
    struct Person {
        ChatUser user;
        std::set<std::string> channels;  // where they are now
        std::string home_channel;        // where they last opened or joined a table
        // The identity the link's seat is kept under (identity()), or empty: no seat.
        std::string holder;
        std::shared_ptr<PlayerLink> link;
        std::shared_ptr<boost::asio::steady_timer> retry;
        // Not seen since the chat connection came back (see Options::reseen_grace).
        bool unseen = false;
        // They quit: gone once this runs out, unless the bot's own connection is lost first.
        std::shared_ptr<boost::asio::steady_timer> leaving;
        // The identity that last asked for a link code (!link): a key that comes back is
        // kept only while they are still that identity.
        std::string link_asked_as;
        // The command bucket.
        double tokens = 0;
        std::chrono::steady_clock::time_point refilled{};
        std::chrono::steady_clock::time_point warned{};
    };
    struct Channel {
        std::shared_ptr<ChannelRelay> relay;
        std::shared_ptr<boost::asio::steady_timer> retry;
        // When each public command (!board, !help, ...) was last answered, and whether the
        // "wait" was said since.
        std::map<ChatCommand::Kind, std::chrono::steady_clock::time_point> answered;
        std::set<ChatCommand::Kind> told_to_wait;
    };

    std::string stored(const std::string& key) const;  // the state's key for a channel
    // Whom the state keeps `p`'s seat and language under: "irc account fred" where the network
    // vouches, else "irc nick alice".
    std::string identity(const Person& p) const;
    std::shared_ptr<Person> person(const ChatUser& user);
    Channel& channel(const std::string& name);
    void start_relay(const std::string& name);
    PlayerLink& link(Person& p);
    void drop_link(Person& p);
    // `p` is gone from the bridge's sight (left every channel, quit, or unseen after a
    // reconnect): forgotten after Options::quit_grace, or at once without a connection.
    void gone(const std::string& key);
    // The connection closes and a seat kept under a nick is orphaned.
    void forget(Person& p);
    // Someone is heard under `key`: if that nick quit within the grace, its holder is gone.
    void arrived(const std::string& key);
    // Forgets someone the bridge holds nothing for (no connection, no channel, no retry), so
    // that strangers sending private lines do not make it remember them forever.
    void forget_if_idle(const std::string& key);
    static bool holds_nothing(const Person& p);  // no connection, no channel, no retry due
    // The network now vouches for `account` (or no longer for anyone) as `p`.
    void account_changed(Person& p, const std::string& account);
    // `who` (p, reported again after a reconnect) is vouched for: p is seen again, and asked
    // again for a decision pending; false while a seat kept under an account waits for it.
    bool seen_again(Person& p, const ChatUser& who);
    // A seat waits under p's identity and p is in a channel: connect and take it back.
    void take_seat_back(Person& p);
    bool may_link(Person& p);
    bool allow(Person& p);
    // False (and "wait N s" once) while `kind` was answered in `where` within the cooldown.
    bool public_answer_due(const std::string& where, ChatCommand::Kind kind);
    // What reaches the network, each as one line (texts.hpp, one_line()).
    void say_line(const std::string& channel, const std::string& line);
    void announce_line(const std::string& channel, const std::string& line);
    void tell_line(const std::string& key, const std::string& line);
    // The server command a !rating or !top asks ("/rating alice", "/top spirits").
    std::string rating_question(const Person& p, const ChatCommand& c) const;
    // The key of the site account p's identity is linked to (BridgeState), or empty.
    std::string link_key(const Person& p) const;
    // !link (a code, privately) and !unlink.
    void run_link(Person& p, const ChatCommand& c);
    void answer(const std::string& channel, const Person& p, const std::string& text);
    void tell(const Person& p, const std::string& text);
    // "Your seat key for table #3 is ...", privately.
    void tell_seat_key(const Person& p, const SeatMemory& seat);
    void run_channel_command(const std::string& channel, Person& p, const ChatCommand& command);
    void run_private_command(Person& p, const ChatCommand& command);
    void run_resume(Person& p, const std::string& key_text);
    void run_who(const std::string& channel);
    void run_abort(const std::string& channel, Person& p);
    std::vector<std::string> server_names(const ChatUser& user) const;
    // The language of a channel, and of a person: theirs if they chose one, else their
    // channel's.
    std::string channel_lang(const std::string& channel) const;
    std::string lang_of(const Person& p) const;
    // !lang [code|channel]; `reply` answers where it was asked.
    void run_lang(Person& p, const std::string& args,
                  const std::function<void(const std::string&)>& reply);
    // Every 10 s: closes idle connections, ends the grace after a reconnect.
    void schedule_sweep();
    void sweep();

    boost::asio::io_context& io_;
    ChatNetwork& network_;
    BridgeState& state_;
    Options options_;
    std::string self_;
    bool stopped_ = false;
    bool ready_once_ = false;
    // Since when people are being seen again after a reconnect (none: no grace running).
    std::optional<std::chrono::steady_clock::time_point> reseen_since_;
    // By ChatUser::key. Shared so that a link's hooks can hold a person across a rename.
    std::map<std::string, std::shared_ptr<Person>> people_;
    std::map<std::string, std::shared_ptr<Person>> leaving_;  // quit, within quit_grace
    std::map<std::string, Channel> channels_;  // by channel name
    boost::asio::steady_timer sweep_timer_;
    std::size_t dropped_commands_ = 0;
    std::size_t refused_keys_ = 0;
    std::size_t sweeps_ = 0;
};

}  // namespace niagara::bridge
