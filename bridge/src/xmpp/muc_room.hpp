// One MUC room as the bot sees it: whether it is in, under which nick, and who else is there,
// updated from the room's presence stanzas. Pure bookkeeping (no libstrophe, no threads), so
// the MUC rules are tested apart from a server: self-presence (status 110), nick conflicts
// (409), nick changes (303), occupants seen with their real JIDs (or, in a room that hides
// them, as room@service/nick).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "chat_network.hpp"

namespace niagara::bridge::xmpp {

// A presence from room@service/nick, read into plain values.
struct OccupantPresence {
    std::string nick;        // the resource of `from`
    std::string type;        // "" (available), "unavailable" or "error"
    std::vector<int> codes;  // muc#user status codes
    std::string real_jid;    // muc#user item jid (empty when hidden)
    std::string new_nick;    // muc#user item nick, with 303
    std::string error;       // the error condition ("conflict"), or the legacy code
    bool has(int code) const;
};

// What a presence means for the bridge or for the bot's own membership.
struct RoomEvent {
    enum class Kind {
        Present,     // `user` is in the room
        Absent,      // `user.key` left
        Renamed,     // `old_key` is now `user` (same key where the room shows JIDs)
        Joined,      // the bot is in, as nick()
        RetryJoin,   // the nick was taken: join again as nick()
        JoinFailed,  // the room refused the bot (`why`)
        Left,        // the bot is out of the room (kicked, or the room went; `why`)
    };
    Kind kind;
    ChatUser user;
    std::string old_key;
    std::string why;
};

// An occupant as the bridge knows them: where the room shows real JIDs the key is the bare
// JID, which the server authenticated, so it is their account too; a room/nick key vouches
// for nobody.
ChatUser occupant(const std::string& key, const std::string& nick);

class MucRoom {
  public:
    enum class State { Joining, Joined, Failed, Out };

    // `name`: the room's bare JID as configured (events name the room so).
    MucRoom(std::string name, std::string base_nick);

    const std::string& name() const { return name_; }
    const std::string& key() const { return key_; }  // the bare JID in lower case
    const std::string& nick() const { return nick_; }
    State state() const { return state_; }
    bool resolved() const { return state_ == State::Joined || state_ == State::Failed; }

    // A fresh join (after connecting, or a rejoin): forgets the occupants, starts over with
    // the base nick.
    void begin_join();
    std::vector<RoomEvent> on_presence(const OccupantPresence& presence);
    // The key of the occupant with `nick` (their bare JID, or room@service/nick).
    std::string key_of(const std::string& nick) const;
    // True once: the room hid someone's JID (the caller warns).
    bool take_hidden_jid_warning();

  private:
    std::vector<RoomEvent> on_own_presence(const OccupantPresence& presence);
    bool key_present(const std::string& key) const;

    std::string name_;
    std::string key_;
    std::string base_nick_;
    std::string nick_;
    int conflicts_ = 0;
    State state_ = State::Out;
    std::map<std::string, std::string> occupants_;  // room nick -> key
    bool hidden_jids_ = false;
    bool hidden_warned_ = false;
};

}  // namespace niagara::bridge::xmpp
