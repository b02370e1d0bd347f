// The seam between the bridge and a chat network. The bridge (bridge.hpp) knows games and
// people; an adapter (irc/, xmpp/; Matrix or Discord would be a third folder) knows one
// network's wire protocol, its login, its line limits and its flood rules. An adapter turns
// what the network says into ChatEvents calls and carries out say()/tell(); nothing about
// Niagara is in an adapter, and nothing about a network's protocol is in the bridge.
//
// Threading: an adapter calls ChatEvents only on the io_context it was given (if its library
// runs a loop of its own, it posts there), and say()/tell() are called only from that
// io_context, so the bridge needs no locks.
#pragma once

#include <string>

namespace niagara::bridge {

// A person on the network, as the network identifies them.
struct ChatUser {
    // Who they are, stable for as long as the network can tell: IRC: the nick in the network's
    // case folding (followed across NICK changes; see on_renamed); XMPP: the bare JID
    // (user@host, the same from every client and resource). The bridge keys seats on it.
    std::string key;
    // What to call them in a channel: the IRC nick, the MUC room nick.
    std::string display;
    // Who the network vouches they are, or empty when it cannot say: on IRC the services
    // account (IRCv3 account-tag, extended-join, account-notify, WHOX); on XMPP the bare JID
    // the server authenticated (a direct chat, or a room that shows real JIDs). A seat is
    // bound to it when it is set; a bare nick proves nothing once its holder is gone.
    std::string account = {};
};

// What a network tells the bridge.
class ChatEvents {
  public:
    virtual ~ChatEvents() = default;

    // Logged in and in the channels (called again after every reconnect). `self` is the bot's
    // own name there: lines addressed to it ("niagara: join") are commands.
    virtual void on_ready(const std::string& self) = 0;
    // The network connection is lost; the adapter reconnects with back-off on its own.
    virtual void on_connection_lost(const std::string& why) = 0;

    // A line said in a channel (IRC PRIVMSG to a channel, an XMPP groupchat message). Never
    // called for the bot's own lines, for history replayed by the network, nor for CTCP.
    virtual void on_channel_line(const std::string& channel, const ChatUser& from,
                                 const std::string& text) = 0;
    // A line said to the bot alone (IRC PRIVMSG or NOTICE to its nick, an XMPP direct chat).
    virtual void on_private_line(const ChatUser& from, const std::string& text) = 0;

    // Someone is in a channel: they joined, or they were there when the bot joined (IRC
    // NAMES, XMPP MUC presence). The bot itself is never reported.
    virtual void on_present(const std::string& channel, const ChatUser& who) = 0;
    // Someone left a channel (IRC PART, KICK, QUIT: once for each channel they shared with
    // the bot; XMPP unavailable presence).
    virtual void on_absent(const std::string& channel, const std::string& key) = 0;
    // Someone's identity changed (IRC NICK: the key follows the nick; IRC ACCOUNT: the same
    // key with another `account`, empty when they logged out). On XMPP the key, the JID,
    // never changes; a room-nick change is on_renamed with the same key.
    virtual void on_renamed(const std::string& old_key, const ChatUser& now) = 0;
};

// What the bridge asks of a network.
class ChatNetwork {
  public:
    virtual ~ChatNetwork() = default;

    // Connects (and reconnects, with back-off, until stop()), logs in, joins the channels of
    // its configuration and reports to `events`.
    virtual void start(ChatEvents& events) = 0;
    virtual void stop() = 0;

    // One line to a channel / to one person privately (IRC: PRIVMSG / NOTICE to the nick;
    // XMPP: a chat message to the bare JID, never a MUC private message). The line is plain
    // text without line breaks; the adapter splits it where the network's limit needs, and
    // sends it when its flood control allows (fairly between targets: one person's backlog
    // never holds up a channel). A line for a target whose backlog is full may be dropped.
    virtual void say(const std::string& channel, const std::string& line) = 0;
    virtual void tell(const std::string& user_key, const std::string& line) = 0;
    // A line of game news for a channel (a move, a card revealed, the result): like say(),
    // but sent before the answers waiting for the same channel and never dropped for them
    // (output_queue.hpp). An adapter without such a queue says it.
    virtual void announce(const std::string& channel, const std::string& line) {
        say(channel, line);
    }

    // "irc", "xmpp": for logs and the store (a chat user is known by network and key).
    virtual std::string network_name() const = 0;
};

}  // namespace niagara::bridge
