// The bridge's settings: a config file of `key = value` lines (bridge.conf.example), then
// NIAGARA_BRIDGE_* environment variables over it (the key in upper case: irc.nick is
// NIAGARA_BRIDGE_IRC_NICK), then command-line flags over both (--irc.nick=niagara).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace niagara::bridge {

// How an adapter paces what it sends: a token bucket shared by every target, with a cap on
// what one target may have waiting (output_queue.hpp).
struct Throttle {
    double lines_per_second = 1.0;
    double burst = 4;
    std::size_t max_waiting_per_target = 20;
};

struct IrcSettings {
    bool enabled = false;          // irc.enabled (true when irc.host is set)
    std::string host;              // irc.host
    unsigned short port = 6667;    // irc.port (6697 with TLS)
    bool tls = false;              // irc.tls
    bool tls_verify = true;        // irc.tls_verify: check the server's certificate
    std::string nick = "niagara";  // irc.nick (ngircd's default limit is 9 characters)
    std::string user = "niagara";  // irc.user
    std::string realname = "Niagara board game bridge";  // irc.realname
    std::string password;                                // irc.password: the server password (PASS)
    std::string sasl_user;              // irc.sasl_user + irc.sasl_password: SASL PLAIN
    std::string sasl_password;          //
    std::vector<std::string> channels;  // irc.channels: comma-separated, e.g. #niagara,#games
    std::string lang;                   // irc.lang: the channels' language (empty: `lang`)
    // irc.channel_lang: a channel's own, over irc.lang: "#niagara-fr=fr, #niagara-cz=cs"
    std::map<std::string, std::string> channel_langs;
    // irc.rate, irc.burst, irc.max_waiting. The default is what the ratbox family (solanum on
    // Libera, charybdis, hybrid on OFTC and EFnet) parses: 5 lines at once, then 2 a second;
    // lines beyond that wait in the server, and 20 waiting lines (solanum's
    // client_flood_max_lines; hybrid: 2560 bytes) are "Excess Flood". ngircd never disconnects
    // for the rate, it reads 3 commands a second (2.5 of long lines) and lets the rest wait:
    // 2 a second keeps it without a backlog (measured: tests/bridge/irc_flood_test.cpp).
    // Networks with RFC 2813's 2 s a message (IRCnet's ircd 2.11) need irc.rate = 0.5.
    Throttle throttle{2.0, 5, 20};
    int max_line_bytes = 512;  // irc.max_line_bytes: RFC 1459's limit, CR LF and prefix included
    // irc.timer: the seconds per decision of a table opened with !new without timer= (0: no
    // timer; else 10 to 3600, as the server takes them).
    int timer = 0;
    // irc.private_notice: private lines (tell) as NOTICE rather than PRIVMSG, for networks or
    // users that want a bot's lines apart (clients show notices differently; bots never answer
    // them).
    bool private_notice = false;
};

struct XmppSettings {
    bool enabled = false;               // xmpp.enabled (true when xmpp.jid is set)
    std::string jid;                    // xmpp.jid: the bot's account, e.g. niagara@example.org
    std::string password;               // xmpp.password
    std::string host;                   // xmpp.host: connect here instead of the JID's domain's SRV
    unsigned short port = 0;            // xmpp.port (0: the default, 5222)
    bool tls_required = true;           // xmpp.tls_required: refuse to log in without TLS
    bool tls_verify = true;             // xmpp.tls_verify: check the server's certificate
    std::vector<std::string> rooms;     // xmpp.rooms: MUC rooms, e.g. niagara@rooms.example.org
    std::string room_nick = "niagara";  // xmpp.room_nick
    std::string lang;                   // xmpp.lang: the rooms' language (empty: `lang`)
    // xmpp.room_lang: a room's own, over xmpp.lang: "jeux@rooms.example.org=fr"
    std::map<std::string, std::string> room_langs;
    Throttle throttle{10.0, 20, 20};  // xmpp.rate, xmpp.burst, xmpp.max_waiting
    int timer = 0;                    // xmpp.timer: as irc.timer
};

struct BridgeSettings {
    std::string server_url = "ws://127.0.0.1:8080/ws";  // server: the game server's WebSocket
    std::string state_file = "bridge-state.json";       // state_file: seats kept across restarts
    std::string log_level = "info";                     // log_level
    // bot_level: the level of `!addbot` without one is the table's; this is what `!new`
    // passes as bots= when the channel does not say (empty: the server's default).
    std::string bot_level;
    // user_rate, user_burst: commands one chat user may give per second, with bursts; the
    // rest are skipped (bridge.hpp).
    double user_rate = 2;
    double user_burst = 6;
    // lang: the language of every channel and room (en, fr, cs, de) unless irc.lang, xmpp.lang,
    // irc.channel_lang or xmpp.room_lang say otherwise; a user's own comes from !lang.
    std::string lang = "en";
    IrcSettings irc;
    XmppSettings xmpp;
};

// Reads the file (when `path` is set), then the environment, then the flags. An error names
// the key or line that is wrong.
struct LoadedSettings {
    std::optional<BridgeSettings> settings;
    std::string error;
};
LoadedSettings load_settings(int argc, const char* const* argv);
// The same from given parts (tests): `file_text` as the file, `environment` as NAME=VALUE.
LoadedSettings settings_from(const std::string& file_text,
                             const std::vector<std::string>& environment,
                             const std::vector<std::string>& flags);

}  // namespace niagara::bridge
