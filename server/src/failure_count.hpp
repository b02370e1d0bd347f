// Failures counted per key (an account's name key, an address) over a sliding window: past the
// limit, what the key asks is refused unchecked until its oldest failure leaves the window.
// Used for logins (accounts.hpp) and for chat-link codes (chat_links.hpp). Not thread-safe:
// its owner's lock guards it.
#pragma once

#include <chrono>
#include <deque>
#include <string>
#include <unordered_map>

namespace niagara::server {

class FailureCount {
  public:
    FailureCount(int most, std::chrono::seconds window) : most_(most), window_(window) {}
    bool exceeded(const std::string& key, std::chrono::steady_clock::time_point now);
    void add(const std::string& key, std::chrono::steady_clock::time_point now);

  private:
    void prune(std::chrono::steady_clock::time_point now);  // every key's old failures
    int most_;
    std::chrono::seconds window_;
    std::unordered_map<std::string, std::deque<std::chrono::steady_clock::time_point>> failures_;
};

}  // namespace niagara::server
