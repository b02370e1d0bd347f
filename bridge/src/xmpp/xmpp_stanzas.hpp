// Stanzas built and read through libstrophe's stanza API (which escapes text and attributes:
// nothing here builds XML from strings), and the owners of what libstrophe allocates.
#pragma once

#include <strophe.h>

#include <memory>
#include <string>
#include <vector>

namespace niagara::bridge::xmpp {

inline constexpr const char* kNsMuc = "http://jabber.org/protocol/muc";
inline constexpr const char* kNsMucUser = "http://jabber.org/protocol/muc#user";

struct StanzaRelease {
    void operator()(xmpp_stanza_t* stanza) const {
        if (stanza) xmpp_stanza_release(stanza);
    }
};
using StanzaPtr = std::unique_ptr<xmpp_stanza_t, StanzaRelease>;

// ---- building ----------------------------------------------------------------------------

// <message type=TYPE to=TO><body>BODY</body></message>
StanzaPtr make_message(xmpp_ctx_t* ctx, const char* type, const std::string& to,
                       const std::string& body);
// <presence/>: available, to the server (and the roster).
StanzaPtr make_presence(xmpp_ctx_t* ctx);
// <presence to=ROOM/NICK><x xmlns=muc><history maxstanzas=0/></x></presence>: a join that
// asks for no history (the bridge must not relay old lines as new).
StanzaPtr make_room_join(xmpp_ctx_t* ctx, const std::string& room, const std::string& nick);
// <presence to=ROOM/NICK/>: a nick change in a room we are in.
StanzaPtr make_room_nick(xmpp_ctx_t* ctx, const std::string& room, const std::string& nick);
// <presence type=unavailable [to=TO]/>: leaving a room (TO: room/nick) or going offline.
StanzaPtr make_unavailable(xmpp_ctx_t* ctx, const std::string& to = {});

// ---- reading -----------------------------------------------------------------------------

std::string attribute(xmpp_stanza_t* stanza, const char* name);
// The text of the <body/> child; empty when there is none.
std::string body_of(xmpp_stanza_t* message);
bool has_child(xmpp_stanza_t* stanza, const char* name, const char* ns);
// Replayed history: <delay xmlns='urn:xmpp:delay'/> (or the legacy jabber:x:delay).
bool is_delayed(xmpp_stanza_t* stanza);
// The defined condition of an error stanza (e.g. "conflict") and its legacy code ("409").
struct StanzaError {
    std::string condition;
    std::string code;
};
StanzaError error_of(xmpp_stanza_t* stanza);

// What a MUC presence says in its <x xmlns='...muc#user'/>.
struct MucUserInfo {
    bool present = false;    // the <x/> is there: this is occupant presence
    std::vector<int> codes;  // <status code=.../>: 110 self, 303 nick change, 307 kicked...
    std::string jid;         // <item jid=.../>: the real JID, when the room shows it to us
    std::string nick;        // <item nick=.../>: the new nick of a 303
    std::string role;        // <item role=.../>

    bool has(int code) const;
};
MucUserInfo muc_user_of(xmpp_stanza_t* presence);

}  // namespace niagara::bridge::xmpp
