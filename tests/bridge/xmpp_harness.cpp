#include "xmpp_harness.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <future>

namespace xmpp_test {

using niagara::bridge::ChatUser;

XmppAdapterHarness::XmppAdapterHarness(niagara::bridge::XmppSettings settings)
    : work_(io_.get_executor()),
      network_(std::make_unique<niagara::bridge::XmppNetwork>(io_, std::move(settings))) {
    thread_ = std::thread([this] { io_.run(); });
}

XmppAdapterHarness::~XmppAdapterHarness() {
    stop();
    work_.reset();
    io_.stop();
    thread_.join();
    network_.reset();
}

void XmppAdapterHarness::on_io(std::function<void()> work) {
    auto done = std::make_shared<std::promise<void>>();
    auto future = done->get_future();
    boost::asio::post(io_, [work = std::move(work), done] {
        work();
        done->set_value();
    });
    future.wait_for(5s);
}

void XmppAdapterHarness::start() {
    on_io([this] { network_->start(*this); });
}

void XmppAdapterHarness::stop() {
    on_io([this] { network_->stop(); });
}

void XmppAdapterHarness::say(const std::string& room, const std::string& line) {
    on_io([=, this] { network_->say(room, line); });
}

void XmppAdapterHarness::tell(const std::string& key, const std::string& line) {
    on_io([=, this] { network_->tell(key, line); });
}

std::vector<ChatEventRecord> XmppAdapterHarness::events() const {
    std::lock_guard lock(mutex_);
    return events_;
}

std::optional<ChatEventRecord> XmppAdapterHarness::wait_event(
    const std::function<bool(const ChatEventRecord&)>& match, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    std::optional<ChatEventRecord> found;
    changed_.wait_for(lock, timeout, [&] {
        for (const auto& event : events_)
            if (match(event)) {
                found = event;
                return true;
            }
        return false;
    });
    return found;
}

bool XmppAdapterHarness::wait_count(const std::function<bool(const ChatEventRecord&)>& match,
                                    std::size_t n, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] {
        return static_cast<std::size_t>(std::count_if(events_.begin(), events_.end(), match)) >= n;
    });
}

std::size_t XmppAdapterHarness::count(
    const std::function<bool(const ChatEventRecord&)>& match) const {
    std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count_if(events_.begin(), events_.end(), match));
}

bool XmppAdapterHarness::off_thread() const {
    std::lock_guard lock(mutex_);
    return off_thread_;
}

void XmppAdapterHarness::record(ChatEventRecord record) {
    std::lock_guard lock(mutex_);
    if (std::this_thread::get_id() != thread_.get_id()) off_thread_ = true;
    events_.push_back(std::move(record));
    changed_.notify_all();
}

void XmppAdapterHarness::on_ready(const std::string& self) {
    record({"ready", "", {}, self, ""});
}
void XmppAdapterHarness::on_connection_lost(const std::string& why) {
    record({"lost", "", {}, why, ""});
}
void XmppAdapterHarness::on_channel_line(const std::string& channel, const ChatUser& from,
                                         const std::string& text) {
    record({"channel", channel, from, text, ""});
}
void XmppAdapterHarness::on_private_line(const ChatUser& from, const std::string& text) {
    record({"private", "", from, text, ""});
}
void XmppAdapterHarness::on_present(const std::string& channel, const ChatUser& who) {
    record({"present", channel, who, "", ""});
}
void XmppAdapterHarness::on_absent(const std::string& channel, const std::string& key) {
    record({"absent", channel, {key, ""}, "", ""});
}
void XmppAdapterHarness::on_renamed(const std::string& old_key, const ChatUser& now) {
    record({"renamed", "", now, "", old_key});
}

niagara::bridge::XmppSettings bot_settings(const ProsodyServer& server, const std::string& user,
                                           const std::string& password,
                                           std::vector<std::string> rooms) {
    niagara::bridge::XmppSettings settings;
    settings.enabled = true;
    settings.jid = server.jid(user);
    settings.password = password;
    settings.host = "127.0.0.1";
    settings.port = server.port();
    settings.tls_required = false;  // the test server offers no TLS
    settings.rooms = std::move(rooms);
    settings.room_nick = "niagara";
    settings.throttle = {100.0, 50, 50};  // tests send bursts
    return settings;
}

}  // namespace xmpp_test
