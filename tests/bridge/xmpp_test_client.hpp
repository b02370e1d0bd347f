// A person on XMPP for the bridge's tests: a libstrophe client on a thread of its own that
// logs in, joins MUC rooms, speaks in them and to JIDs directly, and records every line it
// receives. Its methods may be called from any thread (they hand work to its thread); the
// waits have deadlines.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace xmpp_test {

using namespace std::chrono_literals;

struct ReceivedLine {
    std::string from;  // the room nick (in a room) or the sender's bare JID (direct)
    std::string room;  // the room's bare JID, or empty for a direct line
    std::string text;
    bool is_private = false;
    std::string from_jid;  // the full `from` attribute
};

class XmppTestClient {
  public:
    XmppTestClient(std::string jid, std::string password, unsigned short port,
                   std::string host = "127.0.0.1");
    ~XmppTestClient();
    XmppTestClient(const XmppTestClient&) = delete;
    XmppTestClient& operator=(const XmppTestClient&) = delete;

    // Logs in (again, after disconnect()); true once the session is up.
    bool connect(std::chrono::milliseconds timeout = 5s);
    // Leaves everything and closes the stream; true once closed.
    bool disconnect(std::chrono::milliseconds timeout = 3s);
    bool connected() const;
    // Waits until connected() is `connected`.
    bool wait_connected(bool connected, std::chrono::milliseconds timeout = 5s);

    // Joins `room` as `nick`; true once the room confirms (status 110).
    bool join(const std::string& room, const std::string& nick,
              std::chrono::milliseconds timeout = 5s);
    // Changes the nick in a room we are in; true once the room confirms.
    bool change_nick(const std::string& room, const std::string& nick,
                     std::chrono::milliseconds timeout = 5s);
    // Leaves a room; true once the room confirms.
    bool leave(const std::string& room, std::chrono::milliseconds timeout = 5s);
    void say(const std::string& room, const std::string& text);  // groupchat
    void tell(const std::string& jid, const std::string& text);  // chat

    // The nicks in `room` as this client sees them (itself included).
    std::set<std::string> occupants(const std::string& room) const;
    // Waits until `nick` is in `room` (as this client sees it).
    bool wait_occupant(const std::string& room, const std::string& nick,
                       std::chrono::milliseconds timeout = 5s);
    std::vector<ReceivedLine> received() const;
    // The lines received since the first `first` (a game's players read them as they come).
    std::vector<ReceivedLine> received_from(std::size_t first) const;
    // Waits until `done(received())` holds; false at the deadline.
    bool wait_for(const std::function<bool(const std::vector<ReceivedLine>&)>& done,
                  std::chrono::milliseconds timeout = 5s);
    // The first received line that satisfies `match` (waiting for it); nullopt at the
    // deadline.
    std::optional<ReceivedLine> wait_line(const std::function<bool(const ReceivedLine&)>& match,
                                          std::chrono::milliseconds timeout = 5s);

    const std::string& jid() const { return jid_; }

  private:
    struct Strophe;  // the libstrophe objects, touched on the thread only

    void run();
    void post(std::function<void(Strophe&)> work);
    bool wait_state(const std::function<bool()>& done, std::chrono::milliseconds timeout);

    std::string jid_;
    std::string password_;
    unsigned short port_;
    std::string host_;

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::function<void(Strophe&)>> work_;
    bool quit_ = false;
    bool connected_ = false;
    std::map<std::string, std::string> joined_;               // room -> our nick
    std::map<std::string, std::set<std::string>> occupants_;  // room -> nicks
    std::vector<ReceivedLine> received_;
    std::thread thread_;
};

}  // namespace xmpp_test
