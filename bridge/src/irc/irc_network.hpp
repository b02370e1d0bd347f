// The IRC adapter (chat_network.hpp): one connection to one IRC network, plain or TLS, with
// SASL PLAIN or a server password, the configured channels, and the bot's output paced by an
// OutputQueue under the network's flood limits. What it reports and how it reconnects is in
// irc_session.hpp; this is the face the bridge sees.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "bridge_config.hpp"
#include "chat_network.hpp"

namespace niagara::bridge {

namespace irc {
class IrcSession;
}

// How long the adapter waits for things; the defaults suit real networks, tests shorten them.
struct IrcTiming {
    std::chrono::milliseconds ping_after{120000};       // silence before the bot sends a PING
    std::chrono::milliseconds pong_timeout{60000};      // then, silence before it reconnects
    std::chrono::milliseconds backoff_first{1000};      // the first reconnect's delay, doubling...
    std::chrono::milliseconds backoff_max{60000};       // ...up to this (each with +-20% jitter)
    std::chrono::milliseconds connect_timeout{20000};   // resolve + TCP + TLS
    std::chrono::milliseconds register_timeout{60000};  // from connected to 001
    std::chrono::milliseconds join_fallback{10000};     // JOIN this long after 001 without a MOTD
    std::chrono::milliseconds rejoin_after_kick{5000};
};

class IrcNetwork final : public ChatNetwork {
  public:
    IrcNetwork(boost::asio::io_context& io, IrcSettings settings);
    ~IrcNetwork() override;
    IrcNetwork(const IrcNetwork&) = delete;
    IrcNetwork& operator=(const IrcNetwork&) = delete;

    void start(ChatEvents& events) override;
    void stop() override;
    void say(const std::string& channel, const std::string& line) override;
    void tell(const std::string& user_key, const std::string& line) override;
    void announce(const std::string& channel, const std::string& line) override;
    std::string network_name() const override { return "irc"; }

    // Before start(): timeouts and back-off (tests shorten them).
    void set_timing(const IrcTiming& timing);

    // For tests and metrics.
    bool ready() const;                    // registered, channels joined
    std::string self_nick() const;         // the nick the server gave the bot ("" before 001)
    std::size_t lines_sent() const;        // every line written, login and PONG included
    std::size_t messages_sent() const;     // messages of say()/tell() (after merging/splitting)
    std::size_t messages_dropped() const;  // queued messages dropped by a full target
    std::size_t messages_waiting() const;
    std::size_t logins() const;            // successful registrations (001), reconnects included
    std::size_t connect_attempts() const;  // connections tried, the first one included

  private:
    std::shared_ptr<irc::IrcSession> session_;
};

}  // namespace niagara::bridge
