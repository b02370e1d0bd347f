// What the IRC adapter reported, in order: a ChatEvents that records every call (on the test's
// one thread, so without locks), and a few ways to look for a call.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "chat_network.hpp"

namespace irc_test {

struct IrcEvent {
    std::string kind;  // ready, lost, channel, private, present, absent, renamed
    std::string channel;
    std::string key;  // the user's key (absent: the key that left; renamed: the new key)
    std::string display;
    std::string text;     // the line; on_ready's self; on_connection_lost's why
    std::string old_key;  // renamed

    std::string describe() const;  // "present #niagara alice (alice)": for failure messages
};

class IrcEventLog final : public niagara::bridge::ChatEvents {
  public:
    const std::vector<IrcEvent>& events() const { return events_; }
    std::size_t count(const std::function<bool(const IrcEvent&)>& match) const;
    std::size_t count(const std::string& kind) const;
    bool has(const std::string& kind, const std::string& channel, const std::string& key) const;
    std::string describe() const;  // every event, one a line

    void on_ready(const std::string& self) override;
    void on_connection_lost(const std::string& why) override;
    void on_channel_line(const std::string& channel, const niagara::bridge::ChatUser& from,
                         const std::string& text) override;
    void on_private_line(const niagara::bridge::ChatUser& from, const std::string& text) override;
    void on_present(const std::string& channel, const niagara::bridge::ChatUser& who) override;
    void on_absent(const std::string& channel, const std::string& key) override;
    void on_renamed(const std::string& old_key, const niagara::bridge::ChatUser& now) override;

  private:
    std::vector<IrcEvent> events_;
};

}  // namespace irc_test
