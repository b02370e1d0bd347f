#include "irc_event_log.hpp"

namespace irc_test {

std::string IrcEvent::describe() const {
    std::string text_part = text.empty() ? "" : " \"" + text + "\"";
    std::string old_part = old_key.empty() ? "" : " from " + old_key;
    return kind + (channel.empty() ? "" : " " + channel) + (key.empty() ? "" : " " + key) +
           (display.empty() ? "" : " (" + display + ")") + old_part + text_part;
}

std::size_t IrcEventLog::count(const std::function<bool(const IrcEvent&)>& match) const {
    std::size_t n = 0;
    for (const auto& event : events_)
        n += match(event) ? 1 : 0;
    return n;
}

std::size_t IrcEventLog::count(const std::string& kind) const {
    return count([&](const IrcEvent& e) { return e.kind == kind; });
}

bool IrcEventLog::has(const std::string& kind, const std::string& channel,
                      const std::string& key) const {
    return count([&](const IrcEvent& e) {
               return e.kind == kind && e.channel == channel && e.key == key;
           }) > 0;
}

std::string IrcEventLog::describe() const {
    std::string all;
    for (const auto& event : events_)
        all += event.describe() + "\n";
    return all;
}

void IrcEventLog::on_ready(const std::string& self) {
    events_.push_back({"ready", "", "", "", self, ""});
}

void IrcEventLog::on_connection_lost(const std::string& why) {
    events_.push_back({"lost", "", "", "", why, ""});
}

void IrcEventLog::on_channel_line(const std::string& channel, const niagara::bridge::ChatUser& from,
                                  const std::string& text) {
    events_.push_back({"channel", channel, from.key, from.display, text, ""});
}

void IrcEventLog::on_private_line(const niagara::bridge::ChatUser& from, const std::string& text) {
    events_.push_back({"private", "", from.key, from.display, text, ""});
}

void IrcEventLog::on_present(const std::string& channel, const niagara::bridge::ChatUser& who) {
    events_.push_back({"present", channel, who.key, who.display, "", ""});
}

void IrcEventLog::on_absent(const std::string& channel, const std::string& key) {
    events_.push_back({"absent", channel, key, "", "", ""});
}

void IrcEventLog::on_renamed(const std::string& old_key, const niagara::bridge::ChatUser& now) {
    events_.push_back({"renamed", "", now.key, now.display, "", old_key});
}

}  // namespace irc_test
