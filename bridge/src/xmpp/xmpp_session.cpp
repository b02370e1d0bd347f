#include "xmpp_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <mutex>

#include "xmpp_stanzas.hpp"
#include "xmpp_text.hpp"

namespace niagara::bridge::xmpp {

namespace {

using namespace std::chrono_literals;

// The longest the thread sleeps in libstrophe: a line queued from the io_context waits up to
// this long (libstrophe has no wake-up call), so it is short; 100 wake-ups a second cost nothing.
constexpr unsigned long kLoopMs = 10;
constexpr auto kJoinTimeout = 10s;         // rooms that have not answered by then
constexpr auto kCloseTimeout = 1s;         // for the server to end the stream at stop()
constexpr auto kRejoinDelay = 10s;         // after a kick
constexpr auto kFirstBackOff = 1000ms;     // doubled per failure,
constexpr auto kLongestBackOff = 60000ms;  // up to this

// libstrophe's one-time set-up (TLS library); never undone, as other contexts (tests' clients)
// may live in the same process.
void initialize_once() {
    static std::once_flag once;
    std::call_once(once, [] { xmpp_initialize(); });
}

std::string describe(int error, xmpp_stream_error_t* stream_error) {
    if (stream_error) {
        if (stream_error->text) return std::string("stream error: ") + stream_error->text;
        return "stream error " + std::to_string(static_cast<int>(stream_error->type));
    }
    if (error) return std::strerror(error);
    return "the server closed the stream";
}

}  // namespace

SessionShared::SessionShared(const Throttle& throttle) : queue(throttle, kMaxBodyBytes) {}

XmppSession::XmppSession(XmppSettings settings, SessionShared& shared, PostEvent post)
    : settings_(std::move(settings)),
      shared_(shared),
      post_(std::move(post)),
      self_key_(jid_key(settings_.jid)),
      random_(std::random_device{}()) {
    initialize_once();
    log_.handler = &XmppSession::on_log;
    log_.userdata = this;
    ctx_ = xmpp_ctx_new(nullptr, &log_);
    for (const auto& room : settings_.rooms)
        rooms_.emplace_back(room, settings_.room_nick);
    rejoin_at_.resize(rooms_.size());
}

XmppSession::~XmppSession() {
    if (conn_) xmpp_conn_release(conn_);
    if (ctx_) xmpp_ctx_free(ctx_);
}

// ---- the loop ----------------------------------------------------------------------------

void XmppSession::run() {
    while (!shared_.stopping) {
        run_connection();
        if (shared_.stopping) break;
        wait_before_reconnect();
    }
}

void XmppSession::run_connection() {
    conn_ = xmpp_conn_new(ctx_);
    // Stream management off: every connection is a fresh session that joins the rooms again
    // and reports who is there, as the bridge expects after on_ready.
    long flags = XMPP_CONN_FLAG_DISABLE_SM;
    if (settings_.tls_required) flags |= XMPP_CONN_FLAG_MANDATORY_TLS;
    if (!settings_.tls_verify) flags |= XMPP_CONN_FLAG_TRUST_TLS;
    // Without tls_required libstrophe uses STARTTLS when the server offers it and goes on in
    // plain text when it does not (a test server, a link on localhost): no flag is needed.
    xmpp_conn_set_flags(conn_, flags);
    xmpp_conn_set_jid(conn_, settings_.jid.c_str());
    xmpp_conn_set_pass(conn_, settings_.password.c_str());
    xmpp_conn_set_sockopt_callback(conn_, xmpp_sockopt_cb_keepalive);  // notices a dead peer
    over_ = logged_in_ = ready_ = false;
    join_deadline_.reset();
    held_.clear();
    told_to_write_directly_.clear();

    const char* host = settings_.host.empty() ? nullptr : settings_.host.c_str();
    if (xmpp_connect_client(conn_, host, settings_.port, &XmppSession::on_connection, this) !=
        XMPP_EOK) {
        spdlog::warn("xmpp: cannot connect to {}", host ? host : settings_.jid);
        over_ = true;
    }
    std::optional<Clock::time_point> closing;
    while (!over_) {
        if (shared_.stopping && !closing) {
            if (!logged_in_) break;  // nothing to close politely
            closing = Clock::now() + kCloseTimeout;
            if (logged_in_) send(make_unavailable(ctx_).get());
            xmpp_disconnect(conn_);
        }
        xmpp_run_once(ctx_, kLoopMs);
        const auto now = Clock::now();
        if (closing && now >= *closing) break;
        if (logged_in_ && !over_ && !closing) {
            check_rooms(now);
            if (ready_) drain(now);
        }
    }
    // Releasing a connection still open closes its socket (and reports the end once more,
    // which on_connection ignores: over_ is set).
    over_ = true;
    xmpp_conn_release(conn_);
    conn_ = nullptr;
}

void XmppSession::wait_before_reconnect() {
    // Exponential back-off with jitter: half the delay fixed, half random, so that bridges
    // cut off together do not all come back in the same instant.
    const auto base = std::min<std::chrono::milliseconds>(
        kLongestBackOff, kFirstBackOff * (1LL << std::min(failures_, 6)));
    std::uniform_int_distribution<long long> jitter(0, base.count() / 2);
    const auto delay = base / 2 + std::chrono::milliseconds(jitter(random_));
    ++failures_;
    spdlog::info("xmpp: reconnecting in {} ms", delay.count());
    std::unique_lock lock(shared_.mutex);
    shared_.wake.wait_for(lock, delay, [&] { return shared_.stopping.load(); });
}

// ---- connection events -------------------------------------------------------------------

void XmppSession::on_connection(xmpp_conn_t*, xmpp_conn_event_t event, int error,
                                xmpp_stream_error_t* stream_error, void* self) {
    auto& session = *static_cast<XmppSession*>(self);
    if (session.over_) return;
    if (event == XMPP_CONN_CONNECT)
        session.connected();
    else if (event == XMPP_CONN_DISCONNECT || event == XMPP_CONN_FAIL)
        session.disconnected(error, stream_error);
}

void XmppSession::connected() {
    logged_in_ = true;
    spdlog::info("xmpp: logged in as {}", settings_.jid);
    xmpp_handler_add(conn_, &XmppSession::on_presence, nullptr, "presence", nullptr, this);
    xmpp_handler_add(conn_, &XmppSession::on_message, nullptr, "message", nullptr, this);
    send(make_presence(ctx_).get());
    for (std::size_t i = 0; i < rooms_.size(); ++i) {
        rejoin_at_[i].reset();
        rooms_[i].begin_join();
        join(rooms_[i]);
    }
    join_deadline_ = Clock::now() + kJoinTimeout;
}

void XmppSession::disconnected(int error, xmpp_stream_error_t* stream_error) {
    over_ = true;
    const std::string why = describe(error, stream_error);
    if (!logged_in_) {
        spdlog::warn("xmpp: no session with {}: {}",
                     settings_.host.empty() ? settings_.jid : settings_.host, why);
        return;
    }
    if (shared_.stopping) {
        spdlog::info("xmpp: disconnected");
        return;
    }
    spdlog::warn("xmpp: connection lost: {}", why);
    {
        // Lines said to a connection that is gone are gone: after on_ready the bridge says
        // what is current.
        std::lock_guard lock(shared_.mutex);
        if (!shared_.queue.empty())
            spdlog::debug("xmpp: {} waiting lines dropped", shared_.queue.waiting());
        shared_.queue.clear();
    }
    post_([why](ChatEvents& events) { events.on_connection_lost(why); });
}

// ---- rooms -------------------------------------------------------------------------------

void XmppSession::join(MucRoom& room) {
    spdlog::info("xmpp: joining {} as {}", room.name(), room.nick());
    send(make_room_join(ctx_, room.name(), room.nick()).get());
}

void XmppSession::check_rooms(Clock::time_point now) {
    for (std::size_t i = 0; i < rooms_.size(); ++i)
        if (rejoin_at_[i] && now >= *rejoin_at_[i]) {
            rejoin_at_[i].reset();
            rooms_[i].begin_join();
            join(rooms_[i]);
        }
    if (ready_) return;
    const bool all = std::all_of(rooms_.begin(), rooms_.end(),
                                 [](const MucRoom& room) { return room.resolved(); });
    if (!all && join_deadline_ && now < *join_deadline_) return;
    for (const auto& room : rooms_)
        if (!room.resolved()) spdlog::warn("xmpp: {} did not answer the join", room.name());
    become_ready();
}

void XmppSession::become_ready() {
    ready_ = true;
    failures_ = 0;
    std::string self = settings_.room_nick;
    for (const auto& room : rooms_)
        if (room.state() == MucRoom::State::Joined) {
            self = room.nick();
            break;
        }
    post_([self](ChatEvents& events) { events.on_ready(self); });
    for (auto& event : held_)
        post_(std::move(event));
    held_.clear();
}

void XmppSession::emit(Event event) {
    if (ready_)
        post_(std::move(event));
    else
        held_.push_back(std::move(event));
}

MucRoom* XmppSession::room_by_key(const std::string& key) {
    for (auto& room : rooms_)
        if (room.key() == key) return &room;
    return nullptr;
}

// ---- stanzas in --------------------------------------------------------------------------

int XmppSession::on_presence(xmpp_conn_t*, xmpp_stanza_t* stanza, void* self) {
    static_cast<XmppSession*>(self)->handle_presence(stanza);
    return 1;
}

int XmppSession::on_message(xmpp_conn_t*, xmpp_stanza_t* stanza, void* self) {
    static_cast<XmppSession*>(self)->handle_message(stanza);
    return 1;
}

void XmppSession::handle_presence(xmpp_stanza_t* stanza) {
    const std::string from = attribute(stanza, "from");
    MucRoom* room = room_by_key(jid_key(from));
    const std::string nick = jid_resource(from);
    if (!room || nick.empty()) return;  // not occupant presence in one of our rooms

    const MucUserInfo info = muc_user_of(stanza);
    const StanzaError error = error_of(stanza);
    OccupantPresence presence{nick,       attribute(stanza, "type"),
                              info.codes, info.jid,
                              info.nick,  error.condition.empty() ? error.code : error.condition};
    if (presence.type != "" && presence.type != "unavailable" && presence.type != "error")
        return;  // (un)subscribe: rooms do not send these
    const std::size_t index = static_cast<std::size_t>(room - rooms_.data());
    for (const RoomEvent& event : room->on_presence(presence)) {
        const std::string name = room->name();
        switch (event.kind) {
            case RoomEvent::Kind::Present:
                emit([name, user = event.user](ChatEvents& e) { e.on_present(name, user); });
                break;
            case RoomEvent::Kind::Absent:
                emit([name, key = event.user.key](ChatEvents& e) { e.on_absent(name, key); });
                break;
            case RoomEvent::Kind::Renamed:
                emit([old = event.old_key, user = event.user](ChatEvents& e) {
                    e.on_renamed(old, user);
                });
                break;
            case RoomEvent::Kind::Joined:
                spdlog::info("xmpp: in {} as {}", name, room->nick());
                break;
            case RoomEvent::Kind::RetryJoin:
                join(*room);
                break;
            case RoomEvent::Kind::JoinFailed:
                spdlog::warn("xmpp: {} refused the bot: {}", name, event.why);
                break;
            case RoomEvent::Kind::Left:
                if (shared_.stopping) break;  // our own goodbye
                spdlog::warn("xmpp: out of {} ({}); joining again in {} s", name, event.why,
                             std::chrono::seconds(kRejoinDelay).count());
                rejoin_at_[index] = Clock::now() + kRejoinDelay;
                break;
        }
    }
    if (room->take_hidden_jid_warning())
        spdlog::warn("xmpp: {} hides occupants' JIDs from the bot; they are known by room nick",
                     room->name());
}

void XmppSession::handle_message(xmpp_stanza_t* stanza) {
    const std::string type = attribute(stanza, "type");
    const std::string from = attribute(stanza, "from");
    if (type == "error" || type == "headline" || from.empty()) return;
    if (type == "groupchat") {
        if (MucRoom* room = room_by_key(jid_key(from))) handle_room_line(*room, stanza, from);
        return;
    }
    handle_direct_line(stanza, from);  // "chat", "normal" or none (normal)
}

void XmppSession::handle_room_line(MucRoom& room, xmpp_stanza_t* stanza, const std::string& from) {
    const std::string nick = jid_resource(from);
    // No nick: the room itself (subject changes, notices). Our own lines come back too.
    if (nick.empty() || nick == room.nick()) return;
    if (is_delayed(stanza)) return;  // history, despite maxstanzas=0
    const std::string body = body_of(stanza);
    if (body.empty()) return;  // a subject, a chat state
    const ChatUser user = occupant(room.key_of(nick), nick);
    for (auto& line : body_lines(body))
        emit([name = room.name(), user, line = std::move(line)](ChatEvents& e) {
            e.on_channel_line(name, user, line);
        });
}

void XmppSession::handle_direct_line(xmpp_stanza_t* stanza, const std::string& from) {
    const std::string body = body_of(stanza);
    if (body.empty()) return;  // chat states, receipts
    const std::string key = jid_key(from);
    if (key == self_key_ || key.find('@') == std::string::npos) return;  // ourselves, services
    if (room_by_key(key) || has_child(stanza, "x", kNsMucUser)) {
        // A private message through a room: its sender's JID is the room's to give. Answer
        // once per occupant and connection, through the queue like every line.
        spdlog::debug("xmpp: private message through a room from {}", from);
        if (told_to_write_directly_.insert(from).second) {
            std::lock_guard lock(shared_.mutex);
            shared_.queue.push(std::string(kChatTarget) + from,
                               "Please write to me directly: " + self_key_);
        }
        return;
    }
    if (is_delayed(stanza)) {  // stored while the bot was away: a stale command
        spdlog::debug("xmpp: ignoring an offline message from {}", key);
        return;
    }
    // The server authenticated the sender: the bare JID is who they are.
    const ChatUser user{key, jid_node_or_domain(key), key};
    for (auto& line : body_lines(body))
        emit([user, line = std::move(line)](ChatEvents& e) { e.on_private_line(user, line); });
}

// ---- stanzas out -------------------------------------------------------------------------

void XmppSession::drain(Clock::time_point now) {
    std::vector<OutputQueue::Line> lines;
    {
        std::lock_guard lock(shared_.mutex);
        while (auto line = shared_.queue.pop(now))
            lines.push_back(std::move(*line));
    }
    for (const auto& line : lines) {
        const std::string_view target = line.target;
        const char* type = target.starts_with(kRoomTarget) ? "groupchat" : "chat";
        send(make_message(ctx_, type, std::string(target.substr(2)), line.text).get());
    }
}

void XmppSession::send(xmpp_stanza_t* stanza) {
    if (conn_ && stanza) xmpp_send(conn_, stanza);
}

// ---- logging -----------------------------------------------------------------------------

void XmppSession::on_log(void*, xmpp_log_level_t level, const char* area, const char* msg) {
    // libstrophe's debug output is every stanza sent and received: private lines, and the
    // SASL exchange (PLAIN carries the password in base64) which is never logged at all.
    spdlog::level::level_enum to = spdlog::level::trace;
    if (level == XMPP_LEVEL_ERROR || level == XMPP_LEVEL_WARN)
        to = spdlog::level::warn;
    else if (level == XMPP_LEVEL_INFO)
        to = spdlog::level::debug;
    if (!spdlog::should_log(to)) return;
    if (std::strstr(msg, "xmpp-sasl")) msg = "(SASL exchange not logged)";
    spdlog::log(to, "libstrophe {}: {}", area, msg);
}

}  // namespace niagara::bridge::xmpp
