#include "xmpp_network.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "xmpp_session.hpp"
#include "xmpp_text.hpp"

namespace niagara::bridge {

XmppNetwork::XmppNetwork(boost::asio::io_context& io, XmppSettings settings)
    : io_(io),
      settings_(std::move(settings)),
      shared_(std::make_shared<xmpp::SessionShared>(settings_.throttle)) {}

XmppNetwork::~XmppNetwork() {
    stop();
}

void XmppNetwork::start(ChatEvents& events) {
    if (thread_.joinable() || shared_->stopping) return;
    // Events cross to the io_context; one that arrives after stop() is dropped there (the
    // shared state outlives this object for as long as a posted event holds it).
    xmpp::PostEvent post = [&io = io_, shared = shared_, &events](xmpp::Event event) {
        boost::asio::post(io, [shared, &events, event = std::move(event)] {
            if (!shared->stopping) event(events);
        });
    };
    thread_ = std::thread([settings = settings_, shared = shared_, post = std::move(post)] {
        try {
            xmpp::XmppSession(settings, *shared, post).run();
        } catch (const std::exception& e) {
            spdlog::error("xmpp: the session stopped: {}", e.what());
        }
    });
}

void XmppNetwork::stop() {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->stopping = true;
    }
    shared_->wake.notify_all();
    if (thread_.joinable()) thread_.join();
}

void XmppNetwork::say(const std::string& channel, const std::string& line) {
    enqueue(std::string(xmpp::kRoomTarget) + channel, line, false);
}

void XmppNetwork::announce(const std::string& channel, const std::string& line) {
    enqueue(std::string(xmpp::kRoomTarget) + channel, line, true);
}

void XmppNetwork::tell(const std::string& user_key, const std::string& line) {
    // A key is a bare JID: a chat message to it reaches the person's clients, never a room.
    // (In a room that hides JIDs the key is room@service/nick, the only address there is.)
    enqueue(std::string(xmpp::kChatTarget) + user_key, line, false);
}

void XmppNetwork::enqueue(const std::string& target, const std::string& line, bool news) {
    const std::string text = xmpp::xml_safe_line(line);
    if (text.find_first_not_of(' ') == std::string::npos) return;
    const auto pieces = xmpp::split_utf8(text, xmpp::kMaxBodyBytes);
    std::lock_guard lock(shared_->mutex);
    for (const auto& piece : pieces)
        shared_->queue.push(target, piece, news);
}

}  // namespace niagara::bridge
