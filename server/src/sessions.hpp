// Sessions: a login the browser keeps across reloads (README, "Names and accounts"). After a
// /login or /register over the WebSocket the server hands the page a one-time grant; the page
// trades it at POST /session?grant=... for a session token in an HttpOnly, SameSite=Strict
// cookie, which the WebSocket upgrade then reads (its Origin checked as always) to log the new
// connection in. The store keeps only a hash of each token; /logout ends the session, a new
// password or a deleted account ends all of the account's.
#pragma once

#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "metrics.hpp"
#include "store.hpp"

namespace niagara::server {

class Sessions {
  public:
    static constexpr std::size_t kMaxGrants = 1024;  // unredeemed: the oldest give way
    static constexpr std::chrono::seconds kGrantLife{60};
    static constexpr std::chrono::seconds kSessionLife{30 * 24 * 3600};

    Sessions(Store& store, Metrics& metrics) : store_(store), metrics_(metrics) {}

    // A grant for `account`: 64 hex digits, good once, for kGrantLife.
    std::string grant(long account);
    // A session for the grant's account (stored), its token to set as the cookie; nullopt for
    // a grant that is unknown, used or too old. Throws StoreError.
    std::optional<std::string> redeem(const std::string& grant);
    // The account of a session's token, while it lasts (0: none). Never throws: a store
    // failure logs and answers 0.
    long account_of(const std::string& token);
    void end(const std::string& token);  // never throws
    void end_all(long account);          // and its grants not yet traded; never throws

    // Whether `text` could be a grant or token (64 lowercase hex digits): anything else is
    // refused before any look-up.
    static bool well_formed(std::string_view text);

  private:
    struct Grant {
        long account = 0;
        std::chrono::steady_clock::time_point expires;
    };
    Store& store_;
    Metrics& metrics_;
    std::mutex mutex_;
    std::unordered_map<std::string, Grant> grants_;
    std::deque<std::string> order_;  // grants, oldest first (some already redeemed)
};

// 32 random bytes as 64 lowercase hex digits: a grant, a session's token, a chat link's key.
std::string random_token();
// What the store keeps of a token: its BLAKE2b hash, in hex (a stolen database opens nothing).
std::string stored_hash(const std::string& token);

// The value of the cookie `name` in a Cookie header ("a=1; niagara_session=ab12"), or empty.
std::string cookie_value(std::string_view header, std::string_view name);

inline constexpr std::string_view kSessionCookie = "niagara_session";

}  // namespace niagara::server
