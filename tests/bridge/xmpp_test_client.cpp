#include "xmpp_test_client.hpp"

#include <strophe.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>

namespace xmpp_test {

namespace {

constexpr const char* kNsMucUserForClient = "http://jabber.org/protocol/muc#user";

std::string client_attribute(xmpp_stanza_t* stanza, const char* name) {
    const char* value = xmpp_stanza_get_attribute(stanza, name);
    return value ? value : "";
}

std::string client_bare(const std::string& jid) {
    return jid.substr(0, jid.find('/'));
}

std::string client_resource(const std::string& jid) {
    const auto slash = jid.find('/');
    return slash == std::string::npos ? "" : jid.substr(slash + 1);
}

xmpp_stanza_t* client_presence(xmpp_ctx_t* ctx, const std::string& to, const char* type) {
    xmpp_stanza_t* presence = xmpp_presence_new(ctx);
    if (!to.empty()) xmpp_stanza_set_to(presence, to.c_str());
    if (type) xmpp_stanza_set_type(presence, type);
    return presence;
}

void client_send(xmpp_conn_t* conn, xmpp_stanza_t* stanza) {
    if (conn && xmpp_conn_is_connected(conn)) xmpp_send(conn, stanza);
    xmpp_stanza_release(stanza);
}

}  // namespace

// The libstrophe objects and callbacks: used on the client's thread alone.
struct XmppTestClient::Strophe {
    XmppTestClient& client;
    xmpp_ctx_t* ctx = nullptr;
    xmpp_conn_t* conn = nullptr;

    static void on_connection(xmpp_conn_t* conn, xmpp_conn_event_t event, int, xmpp_stream_error_t*,
                              void* userdata) {
        auto& self = *static_cast<Strophe*>(userdata);
        std::lock_guard lock(self.client.mutex_);
        if (event == XMPP_CONN_CONNECT) {
            xmpp_handler_add(conn, &Strophe::on_presence, nullptr, "presence", nullptr, &self);
            xmpp_handler_add(conn, &Strophe::on_message, nullptr, "message", nullptr, &self);
            client_send(conn, client_presence(self.ctx, "", nullptr));
            self.client.connected_ = true;
        } else {
            self.client.connected_ = false;
            self.client.joined_.clear();
            self.client.occupants_.clear();
        }
        self.client.changed_.notify_all();
    }

    static int on_presence(xmpp_conn_t*, xmpp_stanza_t* stanza, void* userdata) {
        auto& client = static_cast<Strophe*>(userdata)->client;
        const std::string from = client_attribute(stanza, "from");
        const std::string room = client_bare(from), nick = client_resource(from);
        const std::string type = client_attribute(stanza, "type");
        xmpp_stanza_t* x = xmpp_stanza_get_child_by_name_and_ns(stanza, "x", kNsMucUserForClient);
        if (!x || nick.empty()) return 1;
        bool self = false, renamed = false;
        std::string new_nick;
        for (xmpp_stanza_t* c = xmpp_stanza_get_children(x); c; c = xmpp_stanza_get_next(c)) {
            if (!xmpp_stanza_is_tag(c)) continue;
            const std::string name = xmpp_stanza_get_name(c);
            if (name == "status") {
                const int code = std::atoi(client_attribute(c, "code").c_str());
                self = self || code == 110;
                renamed = renamed || code == 303;
            } else if (name == "item") {
                new_nick = client_attribute(c, "nick");
            }
        }
        std::lock_guard lock(client.mutex_);
        auto& nicks = client.occupants_[room];
        if (type == "unavailable") {
            nicks.erase(nick);
            if (renamed && !new_nick.empty()) nicks.insert(new_nick);
            if (self && renamed && !new_nick.empty())
                client.joined_[room] = new_nick;
            else if (self)
                client.joined_.erase(room);
        } else if (type.empty()) {
            nicks.insert(nick);
            if (self) client.joined_[room] = nick;
        }
        client.changed_.notify_all();
        return 1;
    }

    static int on_message(xmpp_conn_t*, xmpp_stanza_t* stanza, void* userdata) {
        auto& client = static_cast<Strophe*>(userdata)->client;
        const std::string type = client_attribute(stanza, "type");
        xmpp_stanza_t* body = xmpp_stanza_get_child_by_name(stanza, "body");
        if (type == "error" || !body) return 1;
        char* text = xmpp_stanza_get_text(body);
        ReceivedLine line;
        line.from_jid = client_attribute(stanza, "from");
        line.text = text ? text : "";
        if (text) xmpp_free(xmpp_stanza_get_context(stanza), text);
        if (type == "groupchat") {
            line.room = client_bare(line.from_jid);
            line.from = client_resource(line.from_jid);
        } else {
            line.from = client_bare(line.from_jid);
            line.is_private = true;
        }
        std::lock_guard lock(client.mutex_);
        client.received_.push_back(std::move(line));
        client.changed_.notify_all();
        return 1;
    }
};

XmppTestClient::XmppTestClient(std::string jid, std::string password, unsigned short port,
                               std::string host)
    : jid_(std::move(jid)), password_(std::move(password)), port_(port), host_(std::move(host)) {
    static std::once_flag once;
    std::call_once(once, [] { xmpp_initialize(); });
    thread_ = std::thread([this] { run(); });
}

XmppTestClient::~XmppTestClient() {
    if (connected()) disconnect(1s);
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void XmppTestClient::run() {
    Strophe strophe{*this};
    strophe.ctx = xmpp_ctx_new(nullptr, nullptr);  // no logger: quiet
    while (true) {
        std::deque<std::function<void(Strophe&)>> work;
        {
            std::unique_lock lock(mutex_);
            if (!strophe.conn || xmpp_conn_is_disconnected(strophe.conn))
                changed_.wait_for(lock, 10ms, [&] { return quit_ || !work_.empty(); });
            if (quit_) break;
            work.swap(work_);
        }
        for (auto& item : work)
            item(strophe);
        xmpp_run_once(strophe.ctx, 10);
    }
    if (strophe.conn) xmpp_conn_release(strophe.conn);
    xmpp_ctx_free(strophe.ctx);
}

void XmppTestClient::post(std::function<void(Strophe&)> work) {
    {
        std::lock_guard lock(mutex_);
        work_.push_back(std::move(work));
    }
    changed_.notify_all();
}

bool XmppTestClient::wait_state(const std::function<bool()>& done,
                                std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, done);
}

bool XmppTestClient::connect(std::chrono::milliseconds timeout) {
    post([this](Strophe& s) {
        if (s.conn) xmpp_conn_release(s.conn);
        s.conn = xmpp_conn_new(s.ctx);
        xmpp_conn_set_flags(s.conn, XMPP_CONN_FLAG_DISABLE_SM);
        xmpp_conn_set_jid(s.conn, jid_.c_str());
        xmpp_conn_set_pass(s.conn, password_.c_str());
        xmpp_connect_client(s.conn, host_.c_str(), port_, &Strophe::on_connection, &s);
    });
    return wait_state([this] { return connected_; }, timeout);
}

bool XmppTestClient::disconnect(std::chrono::milliseconds timeout) {
    post([](Strophe& s) {
        if (!s.conn) return;
        client_send(s.conn, client_presence(s.ctx, "", "unavailable"));
        xmpp_disconnect(s.conn);
    });
    return wait_state([this] { return !connected_; }, timeout);
}

bool XmppTestClient::connected() const {
    std::lock_guard lock(mutex_);
    return connected_;
}

bool XmppTestClient::wait_connected(bool connected, std::chrono::milliseconds timeout) {
    return wait_state([&] { return connected_ == connected; }, timeout);
}

bool XmppTestClient::join(const std::string& room, const std::string& nick,
                          std::chrono::milliseconds timeout) {
    post([room, nick](Strophe& s) {
        xmpp_stanza_t* presence = client_presence(s.ctx, room + "/" + nick, nullptr);
        xmpp_stanza_t* x = xmpp_stanza_new(s.ctx);
        xmpp_stanza_set_name(x, "x");
        xmpp_stanza_set_ns(x, "http://jabber.org/protocol/muc");
        xmpp_stanza_add_child_ex(presence, x, 0);
        client_send(s.conn, presence);
    });
    return wait_state(
        [&] {
            const auto it = joined_.find(room);
            return it != joined_.end() && it->second == nick;
        },
        timeout);
}

bool XmppTestClient::change_nick(const std::string& room, const std::string& nick,
                                 std::chrono::milliseconds timeout) {
    post([room, nick](Strophe& s) {
        client_send(s.conn, client_presence(s.ctx, room + "/" + nick, nullptr));
    });
    return wait_state(
        [&] {
            const auto it = joined_.find(room);
            return it != joined_.end() && it->second == nick;
        },
        timeout);
}

bool XmppTestClient::leave(const std::string& room, std::chrono::milliseconds timeout) {
    std::string nick;
    {
        std::lock_guard lock(mutex_);
        const auto it = joined_.find(room);
        if (it == joined_.end()) return true;
        nick = it->second;
    }
    post([to = room + "/" + nick](Strophe& s) {
        client_send(s.conn, client_presence(s.ctx, to, "unavailable"));
    });
    return wait_state([&] { return !joined_.contains(room); }, timeout);
}

void XmppTestClient::say(const std::string& room, const std::string& text) {
    post([room, text](Strophe& s) {
        xmpp_stanza_t* message = xmpp_message_new(s.ctx, "groupchat", room.c_str(), nullptr);
        xmpp_message_set_body(message, text.c_str());
        client_send(s.conn, message);
    });
}

void XmppTestClient::tell(const std::string& jid, const std::string& text) {
    post([jid, text](Strophe& s) {
        xmpp_stanza_t* message = xmpp_message_new(s.ctx, "chat", jid.c_str(), nullptr);
        xmpp_message_set_body(message, text.c_str());
        client_send(s.conn, message);
    });
}

std::set<std::string> XmppTestClient::occupants(const std::string& room) const {
    std::lock_guard lock(mutex_);
    const auto it = occupants_.find(room);
    return it == occupants_.end() ? std::set<std::string>{} : it->second;
}

bool XmppTestClient::wait_occupant(const std::string& room, const std::string& nick,
                                   std::chrono::milliseconds timeout) {
    return wait_state(
        [&] {
            const auto it = occupants_.find(room);
            return it != occupants_.end() && it->second.contains(nick);
        },
        timeout);
}

std::vector<ReceivedLine> XmppTestClient::received() const {
    std::lock_guard lock(mutex_);
    return received_;
}

std::vector<ReceivedLine> XmppTestClient::received_from(std::size_t first) const {
    std::lock_guard lock(mutex_);
    if (first >= received_.size()) return {};
    return {received_.begin() + static_cast<std::ptrdiff_t>(first), received_.end()};
}

bool XmppTestClient::wait_for(const std::function<bool(const std::vector<ReceivedLine>&)>& done,
                              std::chrono::milliseconds timeout) {
    return wait_state([&] { return done(received_); }, timeout);
}

std::optional<ReceivedLine> XmppTestClient::wait_line(
    const std::function<bool(const ReceivedLine&)>& match, std::chrono::milliseconds timeout) {
    std::optional<ReceivedLine> found;
    wait_state(
        [&] {
            const auto it = std::find_if(received_.begin(), received_.end(), match);
            if (it != received_.end()) found = *it;
            return found.has_value();
        },
        timeout);
    return found;
}

}  // namespace xmpp_test
