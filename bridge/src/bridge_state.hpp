// What the bridge must remember across a restart, in one small JSON file: which table each
// channel plays at, each chat user's seat (table, seat, name, the seat's token, which takes
// the seat back with /resume, and the bridge's seat key) and the language a user chose with
// !lang, and the site account a user linked with !link (its key: a secret like the tokens).
// Users are kept by who they are (bridge.hpp, "identity": "irc account fred",
// "irc nick alice", "xmpp account bob@example.org"); a seat whose nick quit is kept by its
// key alone ("irc orphan KEY") until someone gives the key. The file holds
// secrets (tokens): it is written with mode 0600, atomically (a temporary file renamed over it), on
// every change.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace niagara::bridge {

struct SeatMemory {
    long table = 0;
    int seat = 0;  // from 0, as in JSON
    std::string token;
    // The bridge's own key to the seat (new_seat_key()), told to the player privately when
    // they sit down: `resume KEY` takes the seat back from another nick or after a quit. It is
    // not the server's token, which never leaves the bridge.
    std::string key = {};
};

// A fresh seat key: 10 characters of an alphabet without look-alikes (about 48 bits).
std::string new_seat_key();
// `text` with white space around it trimmed and letters upper-cased, as a seat key is compared.
std::string normal_seat_key(std::string_view text);

struct UserMemory {
    std::string name;  // the name the game server knows them by
    std::optional<SeatMemory> seat;
    std::string lang;  // what they chose with !lang (en, fr, cs, de); empty: the channel's
    // A site account this identity is linked to (!link; kept under an identity the network
    // vouches for only): the server's key that logs each of its connections in (/linkkey),
    // and the account's name. Empty: not linked.
    std::string link_key = {};
    std::string link_name = {};
    // Nothing worth a line in the file: no seat, no language, no link.
    bool empty() const { return !seat && lang.empty() && link_key.empty(); }
};

// The most users the file remembers: anyone may whisper `lang fr`, and a stranger's choice
// must not grow the file without end. Users with a seat are always kept.
inline constexpr std::size_t kMaxRememberedUsers = 10000;

class BridgeState {
  public:
    // An empty path keeps everything in memory (tests).
    explicit BridgeState(std::filesystem::path file);

    // Reads the file; a missing file is an empty state, a damaged one is an error (the
    // bridge refuses to start rather than forget everyone's seats silently).
    std::optional<std::string> load();

    // Keys are "network key" ("irc alice", "xmpp bob@example.org"), "network #channel".
    std::optional<long> channel_table(const std::string& channel) const;
    void set_channel_table(const std::string& channel, std::optional<long> table);

    const UserMemory* user(const std::string& key) const;
    void set_user(const std::string& key, UserMemory memory);
    void rename_user(const std::string& old_key, const std::string& new_key);
    // Moves `from`'s seat (and server name) to `to`, whose language stays; false when `from`
    // has no seat or `to` has one.
    bool move_seat(const std::string& from, const std::string& to);
    // The user key, among those starting with `prefix` ("irc "), whose seat has `seat_key`.
    std::optional<std::string> holder_of_key(const std::string& prefix,
                                             const std::string& seat_key) const;
    void forget_user(const std::string& key);
    // The seat is gone; the user's language stays (and with no language, the user goes).
    void clear_seat(const std::string& key);
    // Sets (or with "" clears) a user's language; false, with nothing changed, when the user
    // is new and the file already remembers kMaxRememberedUsers.
    bool set_lang(const std::string& key, const std::string& lang);
    // Sets (or with empty strings clears) a user's link to a site account; false as set_lang.
    bool set_link(const std::string& key, const std::string& link_key,
                  const std::string& link_name);

  private:
    void save();

    std::filesystem::path file_;
    std::map<std::string, long> channels_;
    std::map<std::string, UserMemory> users_;
};

}  // namespace niagara::bridge
