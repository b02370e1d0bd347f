// The bridge between one chat network and the game server. It knows people and games, not
// wire protocols: an adapter (chat_network.hpp) reports who is in which channel and what they
// say; the bridge gives each chat user a connection of their own to the server (PlayerLink),
// each channel a spectator that posts the table's public news (ChannelRelay), and remembers
// seats across nick changes, reconnects and its own restarts (BridgeState).
//
// Secrecy is by construction: channel lines come from the relay (a spectator's view) or are
// answers to what someone typed in the channel; a player's own connection speaks to the
// channel only to answer a command given there (errors, table lists), and everything that
// only their seat may see goes to them privately.
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
#include "player_link.hpp"

namespace niagara::bridge {

class Bridge final : public ChatEvents {
  public:
    struct Options {
        ServerAddress server;
        std::vector<std::string> channels;  // as the adapter names them
        std::string bot_level;              // bots= for !new without one (empty: server's)
        // What one chat user may ask per second (bursts of `commands_burst`): the rest is
        // dropped, so that a flood costs neither the server's rate limit (which would close
        // the user's connection) nor the network's patience with the bot.
        double commands_per_second = 2;
        double commands_burst = 6;
        std::chrono::milliseconds reconnect_delay{2000};
        // The most chat users with a game-server connection at once: each is a connection
        // from the bridge's address, which the server limits (--max-connections-per-address,
        // 64 by default).
        std::size_t max_links = 60;
        // The channels' language (en, fr, cs, de): what the channel reads (the game's log, the
        // river picture, help) and what its users read until they choose with !lang.
        std::string lang = "en";
        std::map<std::string, std::string> channel_langs;  // by channel name, over `lang`
    };

    Bridge(boost::asio::io_context& io, ChatNetwork& network, BridgeState& state, Options options);
    ~Bridge() override;
    void stop();

    // ChatEvents
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

  private:
    struct Person {
        ChatUser user;
        std::set<std::string> channels;  // where they are now
        std::string home_channel;        // where they last opened or joined a table
        std::shared_ptr<PlayerLink> link;
        std::shared_ptr<boost::asio::steady_timer> retry;
        // The command bucket.
        double tokens = 0;
        std::chrono::steady_clock::time_point refilled{};
        std::chrono::steady_clock::time_point warned{};
    };
    struct Channel {
        std::shared_ptr<ChannelRelay> relay;
        std::shared_ptr<boost::asio::steady_timer> retry;
    };

    std::string stored(const std::string& key) const;  // the state's key for a user/channel
    std::shared_ptr<Person> person(const ChatUser& user);
    Channel& channel(const std::string& name);
    void start_relay(const std::string& name);
    PlayerLink& link(Person& p);
    void drop_link(Person& p);
    // Forgets someone the bridge holds nothing for (no connection, no channel, no seat), so
    // that strangers sending private lines do not make it remember them forever.
    void forget_if_idle(const std::string& key);
    bool may_link(Person& p);
    bool allow(Person& p);
    void answer(const std::string& channel, const Person& p, const std::string& text);
    void tell(const Person& p, const std::string& text);
    void run_channel_command(const std::string& channel, Person& p, const ChatCommand& command);
    void run_private_command(Person& p, const ChatCommand& command);
    std::vector<std::string> server_names(const ChatUser& user) const;
    // The language of a channel, and of a person: theirs if they chose one, else their
    // channel's.
    std::string channel_lang(const std::string& channel) const;
    std::string lang_of(const Person& p) const;
    // !lang [code|channel]; `reply` answers where it was asked.
    void run_lang(Person& p, const std::string& args,
                  const std::function<void(const std::string&)>& reply);

    boost::asio::io_context& io_;
    ChatNetwork& network_;
    BridgeState& state_;
    Options options_;
    std::string self_;
    bool stopped_ = false;
    // By ChatUser::key. Shared so that a link's hooks can hold a person across a rename.
    std::map<std::string, std::shared_ptr<Person>> people_;
    std::map<std::string, Channel> channels_;  // by channel name
    std::size_t dropped_commands_ = 0;
};

}  // namespace niagara::bridge
