// Chat links: a chat identity (an IRC services account, an XMPP bare JID: the bridge knows
// which) that plays as a site account (README, "Chat identities"). The chat side asks with
// `/link` over its connection and gets a one-time code; the account's owner, logged in on the
// page, enters it (`/link CODE`); the asking connection then receives a link key, which the
// bridge keeps under that chat identity and presents (`/linkkey KEY`) to log each later
// connection in to the account. The store keeps only a hash of each key; `/unlink` ends a
// link, a new password or a deleted account ends them all.
//
// A code names the connection that asked for it, never an account or a typed name: whoever
// enters it chooses which account that connection's chat identity becomes, so it is told
// privately to the chat user alone, lives kCodeLife, is good once, and wrong codes are counted
// against the address that enters them (a guess is about 1 in 2^39 per live code).
#pragma once

#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "failure_count.hpp"
#include "store.hpp"

namespace niagara::server {

class ChatLinks {
  public:
    static constexpr std::size_t kMaxCodes = 1024;  // unused: the oldest give way
    static constexpr std::chrono::seconds kCodeLife{600};
    static constexpr std::size_t kCodeLength = 8;  // shown as ABCD-EFGH
    // Wrong codes an address may enter within the window before the next is refused unchecked.
    static constexpr int kFailuresPerAddress = 10;
    static constexpr std::chrono::seconds kFailureWindow{300};

    explicit ChatLinks(Store& store)
        : store_(store), failures_(kFailuresPerAddress, kFailureWindow) {}

    // A fresh code for connection `connection` ("ABCD-EFGH"); its earlier code, if any, ends.
    std::string code_for(long connection);
    enum class Redeemed { Ok, Unknown, Limited };
    struct Redemption {
        Redeemed outcome = Redeemed::Unknown;
        long connection = 0;  // with Ok: the connection that asked for the code
    };
    // The code as the parser reads it (command::Link: upper case, without the dash or
    // spaces), entered from `address`: the connection it was given to, once; Unknown for a code
    // unknown, used or too old (counted against the address), Limited past the address's failures.
    Redemption redeem(const std::string& code, const std::string& address);
    // The connection is gone: its code ends.
    void forget_connection(long connection);

    // A new link of `account`: its key (64 hex digits), stored. Throws StoreError.
    std::string open(long account);
    // The account a key links to (0: none, or ended). Never throws: a store failure answers 0.
    long account_of(const std::string& key);
    void end(const std::string& key);  // never throws
    void end_all(long account);        // never throws

  private:
    struct Code {
        long connection = 0;
        std::chrono::steady_clock::time_point expires;
    };
    Store& store_;
    std::mutex mutex_;
    std::unordered_map<std::string, Code> codes_;    // by normal code
    std::unordered_map<long, std::string> code_of_;  // connection -> its code
    std::deque<std::string> order_;                  // codes, oldest first
    FailureCount failures_;
};

}  // namespace niagara::server
