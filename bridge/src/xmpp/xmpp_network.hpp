// The XMPP adapter: the bot logs in with its JID, joins MUC rooms, and relays groupchat and
// direct chat lines (chat_network.hpp). libstrophe is not thread-safe and runs a loop of its
// own, so it gets a thread of its own (xmpp_session.hpp); this class is the io_context's side:
// say()/tell() put lines into a mutex-guarded OutputQueue that the session drains, and the
// session posts every event back to the io_context.
#pragma once

#include <boost/asio/io_context.hpp>
#include <memory>
#include <string>
#include <thread>

#include "bridge_config.hpp"
#include "chat_network.hpp"

namespace niagara::bridge {

namespace xmpp {
struct SessionShared;
}

class XmppNetwork final : public ChatNetwork {
  public:
    XmppNetwork(boost::asio::io_context& io, XmppSettings settings);
    ~XmppNetwork() override;  // stops
    XmppNetwork(const XmppNetwork&) = delete;
    XmppNetwork& operator=(const XmppNetwork&) = delete;

    void start(ChatEvents& events) override;
    // Leaves the rooms, closes the stream (a second at most) and joins the thread. Events not
    // yet delivered are dropped.
    void stop() override;

    void say(const std::string& channel, const std::string& line) override;
    void tell(const std::string& user_key, const std::string& line) override;
    void announce(const std::string& channel, const std::string& line) override;
    std::string network_name() const override { return "xmpp"; }

  private:
    void enqueue(const std::string& target, const std::string& line, bool news);

    boost::asio::io_context& io_;
    XmppSettings settings_;
    std::shared_ptr<xmpp::SessionShared> shared_;
    std::thread thread_;
};

}  // namespace niagara::bridge
