// Who is where, as far as the bot can see: the channels it is in, the people in each (by key,
// the folded nick), every known key's current nick (to address a PRIVMSG, and to follow
// renames), and the services account of those whose account the server told (extended-join,
// WHOX, account-notify). The IRC adapter turns its changes into on_present/on_absent/on_renamed.
//
// An account is kept only while its holder shares a channel with the bot: that is when the
// server tells the bot of their QUIT, NICK and ACCOUNT changes. Once they are out of sight the
// nick may pass to anyone, and whoever comes with it is nobody until the server says otherwise.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace niagara::bridge::irc {

class IrcRoster {
  public:
    // The bot joined `channel` / left or was kicked from it (its members are forgotten).
    void join_self(const std::string& channel);
    void leave_self(const std::string& channel);
    bool in_channel(const std::string& channel) const;
    // The channel's name as the bot first saw it (the server's spelling), or `channel`.
    std::string channel_name(const std::string& channel) const;

    // `nick` is in `channel`; true when that is news (they were not known there).
    bool add(const std::string& channel, const std::string& nick);
    // Whoever has `key` left `channel`; true when they were there.
    bool remove(const std::string& channel, const std::string& key);
    // Whoever has `key` quit: the names of the channels they were in (each once).
    std::vector<std::string> quit(const std::string& key);
    // `old_nick` is now `new_nick` in every channel; false when nobody knew them.
    bool rename(const std::string& old_nick, const std::string& new_nick);

    // The services account of `key` is `account` ("" when logged out). Kept only while `key`
    // shares a channel with the bot; true when that changed what was known.
    bool set_account(const std::string& key, const std::string& account);
    // What set_account kept for `key`, or "".
    std::string account_of(const std::string& key) const;
    // Whether `key` is in a channel with the bot.
    bool shares_channel(const std::string& key) const;

    // Someone talked to the bot: remember how to address them.
    void seen(const std::string& nick);
    // The current nick for `key`, or `key` itself when unknown (servers fold nicks too).
    std::string nick_of(const std::string& key) const;
    std::size_t members(const std::string& channel) const;

    void clear();

  private:
    void forget_account_unless_seen(const std::string& key);

    struct Channel {
        std::string name;
        std::set<std::string> keys;
    };
    std::map<std::string, Channel> channels_;      // by folded channel name
    std::map<std::string, std::string> nicks_;     // key -> nick
    std::map<std::string, std::string> accounts_;  // key -> account, only of people in sight
};

}  // namespace niagara::bridge::irc
