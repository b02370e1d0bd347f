#include "irc_roster.hpp"

#include "irc_message.hpp"

namespace niagara::bridge::irc {

namespace {
// People the bot has only talked with, not shared a channel with, are remembered up to this
// many; then such entries are forgotten (a flood of private messages from new nicks must not
// grow the map without end).
constexpr std::size_t kMaxNicks = 10000;
}  // namespace

void IrcRoster::join_self(const std::string& channel) {
    auto& entry = channels_[casefold(channel)];
    if (entry.name.empty()) entry.name = channel;
}

void IrcRoster::leave_self(const std::string& channel) {
    const auto it = channels_.find(casefold(channel));
    if (it == channels_.end()) return;
    const std::set<std::string> left = std::move(it->second.keys);
    channels_.erase(it);
    for (const auto& key : left)
        forget_account_unless_seen(key);
}

bool IrcRoster::in_channel(const std::string& channel) const {
    return channels_.count(casefold(channel)) > 0;
}

std::string IrcRoster::channel_name(const std::string& channel) const {
    const auto it = channels_.find(casefold(channel));
    return it == channels_.end() ? channel : it->second.name;
}

bool IrcRoster::add(const std::string& channel, const std::string& nick) {
    const auto it = channels_.find(casefold(channel));
    if (it == channels_.end() || nick.empty()) return false;
    const std::string key = casefold(nick);
    nicks_[key] = nick;
    return it->second.keys.insert(key).second;
}

bool IrcRoster::remove(const std::string& channel, const std::string& key) {
    const auto it = channels_.find(casefold(channel));
    if (it == channels_.end() || it->second.keys.erase(key) == 0) return false;
    forget_account_unless_seen(key);
    return true;
}

std::vector<std::string> IrcRoster::quit(const std::string& key) {
    std::vector<std::string> left;
    for (auto& [folded, entry] : channels_)
        if (entry.keys.erase(key) > 0) left.push_back(entry.name);
    nicks_.erase(key);
    accounts_.erase(key);
    return left;
}

bool IrcRoster::rename(const std::string& old_nick, const std::string& new_nick) {
    const std::string old_key = casefold(old_nick);
    const std::string new_key = casefold(new_nick);
    bool known = nicks_.erase(old_key) > 0;
    for (auto& [folded, entry] : channels_) {
        if (entry.keys.erase(old_key) > 0) {
            entry.keys.insert(new_key);
            known = true;
        }
    }
    if (known) nicks_[new_key] = new_nick;
    // The account goes with the person (the server vouched for the connection, not the nick).
    if (const auto it = accounts_.find(old_key); it != accounts_.end() && old_key != new_key) {
        std::string account = std::move(it->second);
        accounts_.erase(it);
        accounts_[new_key] = std::move(account);
    }
    return known;
}

bool IrcRoster::set_account(const std::string& key, const std::string& account) {
    if (!shares_channel(key)) return false;
    if (account.empty()) return accounts_.erase(key) > 0;
    auto& known = accounts_[key];
    if (known == account) return false;
    known = account;
    return true;
}

std::string IrcRoster::account_of(const std::string& key) const {
    const auto it = accounts_.find(key);
    return it == accounts_.end() ? std::string() : it->second;
}

bool IrcRoster::shares_channel(const std::string& key) const {
    for (const auto& [folded, entry] : channels_)
        if (entry.keys.count(key) > 0) return true;
    return false;
}

void IrcRoster::forget_account_unless_seen(const std::string& key) {
    if (!shares_channel(key)) accounts_.erase(key);
}

void IrcRoster::seen(const std::string& nick) {
    if (nick.empty()) return;
    if (nicks_.size() >= kMaxNicks && nicks_.count(casefold(nick)) == 0) {
        // Keep only the people who share a channel with the bot.
        std::map<std::string, std::string> kept;
        for (const auto& [folded, entry] : channels_)
            for (const auto& key : entry.keys)
                if (const auto it = nicks_.find(key); it != nicks_.end()) kept.insert(*it);
        nicks_ = std::move(kept);
    }
    nicks_[casefold(nick)] = nick;
}

std::string IrcRoster::nick_of(const std::string& key) const {
    const auto it = nicks_.find(key);
    return it == nicks_.end() ? key : it->second;
}

std::size_t IrcRoster::members(const std::string& channel) const {
    const auto it = channels_.find(casefold(channel));
    return it == channels_.end() ? 0 : it->second.keys.size();
}

void IrcRoster::clear() {
    channels_.clear();
    nicks_.clear();
    accounts_.clear();
}

}  // namespace niagara::bridge::irc
