// The XMPP adapter under test: an XmppNetwork on an io_context of its own thread, reporting to
// a recorder of every ChatEvents call. Calls into the adapter are posted to the io_context (as
// the bridge makes them there); waits have deadlines.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bridge_config.hpp"
#include "chat_network.hpp"
#include "prosody_fixture.hpp"
#include "xmpp_network.hpp"

namespace xmpp_test {

struct ChatEventRecord {
    std::string kind;  // ready, lost, channel, private, present, absent, renamed
    std::string channel;
    niagara::bridge::ChatUser user;
    std::string text;     // the line; on_ready's self; on_connection_lost's why
    std::string old_key;  // renamed
};

class XmppAdapterHarness final : public niagara::bridge::ChatEvents {
  public:
    explicit XmppAdapterHarness(niagara::bridge::XmppSettings settings);
    ~XmppAdapterHarness() override;

    void start();
    void stop();
    void say(const std::string& room, const std::string& line);
    void tell(const std::string& key, const std::string& line);

    std::vector<ChatEventRecord> events() const;
    std::optional<ChatEventRecord> wait_event(
        const std::function<bool(const ChatEventRecord&)>& match,
        std::chrono::milliseconds timeout = 5s);
    // Waits until `n` recorded events satisfy `match`.
    bool wait_count(const std::function<bool(const ChatEventRecord&)>& match, std::size_t n,
                    std::chrono::milliseconds timeout = 5s);
    // How many recorded events satisfy `match`.
    std::size_t count(const std::function<bool(const ChatEventRecord&)>& match) const;
    // Whether an event was called off the io_context's thread (the seam forbids it).
    bool off_thread() const;

    void on_ready(const std::string& self) override;
    void on_connection_lost(const std::string& why) override;
    void on_channel_line(const std::string& channel, const niagara::bridge::ChatUser& from,
                         const std::string& text) override;
    void on_private_line(const niagara::bridge::ChatUser& from, const std::string& text) override;
    void on_present(const std::string& channel, const niagara::bridge::ChatUser& who) override;
    void on_absent(const std::string& channel, const std::string& key) override;
    void on_renamed(const std::string& old_key, const niagara::bridge::ChatUser& now) override;

  private:
    void record(ChatEventRecord record);
    void on_io(std::function<void()> work);  // runs it there and waits (5 s at most)

    boost::asio::io_context io_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
    std::unique_ptr<niagara::bridge::XmppNetwork> network_;
    std::thread thread_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<ChatEventRecord> events_;
    bool off_thread_ = false;
};

// The bot's settings for a ProsodyServer: plain text on 127.0.0.1, the given rooms.
niagara::bridge::XmppSettings bot_settings(const ProsodyServer& server, const std::string& user,
                                           const std::string& password,
                                           std::vector<std::string> rooms);

}  // namespace xmpp_test
