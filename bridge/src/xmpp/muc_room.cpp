#include "muc_room.hpp"

#include <algorithm>

#include "xmpp_text.hpp"

namespace niagara::bridge::xmpp {

namespace {
// A taken nick gets a digit: niagara1 ... niagara9, then the room counts as refused.
constexpr int kMaxNickConflicts = 9;
}  // namespace

bool OccupantPresence::has(int code) const {
    return std::find(codes.begin(), codes.end(), code) != codes.end();
}

MucRoom::MucRoom(std::string name, std::string base_nick)
    : name_(std::move(name)),
      key_(jid_key(name_)),
      base_nick_(std::move(base_nick)),
      nick_(base_nick_) {}

void MucRoom::begin_join() {
    state_ = State::Joining;
    nick_ = base_nick_;
    conflicts_ = 0;
    occupants_.clear();
}

std::string MucRoom::key_of(const std::string& nick) const {
    const auto it = occupants_.find(nick);
    return it != occupants_.end() ? it->second : key_ + "/" + nick;
}

bool MucRoom::take_hidden_jid_warning() {
    if (!hidden_jids_ || hidden_warned_) return false;
    hidden_warned_ = true;
    return true;
}

bool MucRoom::key_present(const std::string& key) const {
    return std::any_of(occupants_.begin(), occupants_.end(),
                       [&](const auto& occupant) { return occupant.second == key; });
}

ChatUser occupant(const std::string& key, const std::string& nick) {
    return ChatUser{key, nick, key.find('/') == std::string::npos ? key : std::string()};
}

std::vector<RoomEvent> MucRoom::on_presence(const OccupantPresence& p) {
    if (p.type == "error") {
        // Errors answer the bot's own presence: a join, or a nick change once in.
        if (state_ != State::Joining) return {};
        if ((p.error == "conflict" || p.error == "409") && conflicts_ < kMaxNickConflicts) {
            ++conflicts_;
            nick_ = base_nick_ + std::to_string(conflicts_);
            return {{RoomEvent::Kind::RetryJoin, {}, {}, "nick taken"}};
        }
        state_ = State::Failed;
        return {{RoomEvent::Kind::JoinFailed, {}, {}, p.error.empty() ? "error" : p.error}};
    }
    // 110 marks the bot's own presence (XEP-0045 7.2.2: the room must send it).
    if (p.has(110)) return on_own_presence(p);

    std::string key = p.real_jid.empty() ? key_ + "/" + p.nick : jid_key(p.real_jid);
    if (p.real_jid.empty()) hidden_jids_ = true;
    if (p.type == "unavailable") {
        const auto it = occupants_.find(p.nick);
        if (it != occupants_.end()) {
            key = it->second;
            occupants_.erase(it);
        }
        if (p.has(303) && !p.new_nick.empty()) {
            // The key stays the JID; where the room hides JIDs it follows the nick.
            const bool nick_keyed = key == key_ + "/" + p.nick;
            const std::string now = nick_keyed ? key_ + "/" + p.new_nick : key;
            occupants_[p.new_nick] = now;
            return {{RoomEvent::Kind::Renamed, occupant(now, p.new_nick), key, {}}};
        }
        if (key_present(key)) return {};  // still here under another nick
        return {{RoomEvent::Kind::Absent, occupant(key, p.nick), {}, {}}};
    }
    const auto it = occupants_.find(p.nick);
    if (it != occupants_.end() && it->second == key) return {};  // a status update
    const bool known = key_present(key);
    occupants_[p.nick] = key;
    if (known) return {};  // a second nick of someone already here
    return {{RoomEvent::Kind::Present, occupant(key, p.nick), {}, {}}};
}

std::vector<RoomEvent> MucRoom::on_own_presence(const OccupantPresence& p) {
    if (p.type == "unavailable") {
        if (p.has(303) && !p.new_nick.empty()) {
            nick_ = p.new_nick;
            return {};
        }
        // Kicked (307), banned (301), the room destroyed...: everyone is out of sight.
        std::vector<RoomEvent> events;
        std::vector<std::string> gone;
        for (const auto& [nick, key] : occupants_)
            if (std::find(gone.begin(), gone.end(), key) == gone.end()) {
                gone.push_back(key);
                events.push_back({RoomEvent::Kind::Absent, occupant(key, nick), {}, {}});
            }
        occupants_.clear();
        state_ = State::Out;
        const std::string why = p.has(307)   ? "kicked"
                                : p.has(301) ? "banned"
                                             : "removed from the room";
        events.push_back({RoomEvent::Kind::Left, {}, {}, why});
        return events;
    }
    nick_ = p.nick;  // the room may have changed it (status 210)
    if (state_ == State::Joined) return {};
    state_ = State::Joined;
    return {{RoomEvent::Kind::Joined, {}, {}, {}}};
}

}  // namespace niagara::bridge::xmpp
