// The libstrophe side of XmppNetwork: everything here runs on the adapter's own thread, which
// alone touches libstrophe. It connects (and reconnects with back-off), logs in, joins the
// rooms, reads stanzas into ChatEvents calls (posted to the io_context by `post`), and turns
// the lines waiting in the shared OutputQueue into stanzas.
//
// The queue is drained here rather than on the io_context: this thread knows when the stream
// is up and the rooms are joined, to the stanza, so lines wait (paced by the queue's bucket)
// exactly until they can go, with no second timer and no hand-over of already-paced lines that
// a disconnect would strand between two threads. It wakes every 50 ms anyway.
#pragma once

#include <strophe.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "bridge_config.hpp"
#include "chat_network.hpp"
#include "muc_room.hpp"
#include "output_queue.hpp"

namespace niagara::bridge::xmpp {

// Targets in the queue: a room's groupchat, or a direct chat to a JID.
inline constexpr std::string_view kRoomTarget = "g:";
inline constexpr std::string_view kChatTarget = "c:";

// What the io_context's side and the session's thread share.
struct SessionShared {
    explicit SessionShared(const Throttle& throttle);

    std::mutex mutex;
    std::condition_variable wake;  // ends a back-off wait at stop()
    OutputQueue queue;             // guarded by `mutex`
    std::atomic<bool> stopping{false};
};

using Event = std::function<void(ChatEvents&)>;
using PostEvent = std::function<void(Event)>;

class XmppSession {
  public:
    using Clock = std::chrono::steady_clock;

    XmppSession(XmppSettings settings, SessionShared& shared, PostEvent post);
    ~XmppSession();
    XmppSession(const XmppSession&) = delete;
    XmppSession& operator=(const XmppSession&) = delete;

    // Connects, reconnects, until shared.stopping.
    void run();

  private:
    // libstrophe's callbacks (userdata: this session).
    static void on_connection(xmpp_conn_t* conn, xmpp_conn_event_t event, int error,
                              xmpp_stream_error_t* stream_error, void* self);
    static int on_presence(xmpp_conn_t* conn, xmpp_stanza_t* stanza, void* self);
    static int on_message(xmpp_conn_t* conn, xmpp_stanza_t* stanza, void* self);
    static void on_log(void* self, xmpp_log_level_t level, const char* area, const char* msg);

    void run_connection();
    void connected();
    void disconnected(int error, xmpp_stream_error_t* stream_error);
    void handle_presence(xmpp_stanza_t* stanza);
    void handle_message(xmpp_stanza_t* stanza);
    void handle_room_line(MucRoom& room, xmpp_stanza_t* stanza, const std::string& from);
    void handle_direct_line(xmpp_stanza_t* stanza, const std::string& from);

    void join(MucRoom& room);
    void check_rooms(Clock::time_point now);
    void become_ready();
    void emit(Event event);  // held back until ready, then posted in order
    void drain(Clock::time_point now);
    void send(xmpp_stanza_t* stanza);
    MucRoom* room_by_key(const std::string& key);
    void wait_before_reconnect();

    XmppSettings settings_;
    SessionShared& shared_;
    PostEvent post_;
    std::string self_key_;  // the bot's bare JID
    xmpp_log_t log_{};
    xmpp_ctx_t* ctx_ = nullptr;
    xmpp_conn_t* conn_ = nullptr;

    // The connection in progress.
    bool over_ = false;       // libstrophe reported the end
    bool logged_in_ = false;  // it reached XMPP_CONN_CONNECT
    bool ready_ = false;      // on_ready posted
    std::optional<Clock::time_point> join_deadline_;
    std::vector<MucRoom> rooms_;
    std::vector<std::optional<Clock::time_point>> rejoin_at_;  // per room, after a kick
    std::vector<Event> held_;
    std::set<std::string> told_to_write_directly_;  // MUC private messages answered

    // Reconnecting.
    int failures_ = 0;  // connections in a row that did not reach ready
    std::mt19937 random_;
};

}  // namespace niagara::bridge::xmpp
