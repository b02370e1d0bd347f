#include "chat_links.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include "sessions.hpp"

namespace niagara::server {

namespace {

// Neither 0/O nor 1/I/L: a code is read in a chat window and typed into the page by hand.
constexpr std::string_view kCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

}  // namespace

std::string ChatLinks::code_for(long connection) {
    std::string code;
    for (std::size_t i = 0; i < kCodeLength; ++i)
        code += kCodeAlphabet[randombytes_uniform(std::uint32_t(kCodeAlphabet.size()))];
    std::lock_guard lock(mutex_);
    if (auto old = code_of_.find(connection); old != code_of_.end()) codes_.erase(old->second);
    while (codes_.size() >= kMaxCodes && !order_.empty()) {
        if (auto it = codes_.find(order_.front()); it != codes_.end()) {
            code_of_.erase(it->second.connection);
            codes_.erase(it);
        }
        order_.pop_front();
    }
    // (Used and replaced codes leave their names in order_: it is trimmed with the map.)
    while (order_.size() > 2 * kMaxCodes)
        order_.pop_front();
    codes_[code] = Code{connection, std::chrono::steady_clock::now() + kCodeLife};
    code_of_[connection] = code;
    order_.push_back(code);
    return code.substr(0, kCodeLength / 2) + "-" + code.substr(kCodeLength / 2);
}

ChatLinks::Redemption ChatLinks::redeem(const std::string& code, const std::string& address) {
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(mutex_);
    if (failures_.exceeded(address, now)) return {Redeemed::Limited, 0};
    auto it = codes_.find(code);
    if (it == codes_.end() || it->second.expires <= now) {
        failures_.add(address, now);
        return {Redeemed::Unknown, 0};
    }
    const long connection = it->second.connection;
    code_of_.erase(connection);
    codes_.erase(it);  // once
    return {Redeemed::Ok, connection};
}

void ChatLinks::forget_connection(long connection) {
    std::lock_guard lock(mutex_);
    if (auto it = code_of_.find(connection); it != code_of_.end()) {
        codes_.erase(it->second);
        code_of_.erase(it);
    }
}

std::string ChatLinks::open(long account) {
    std::string key = random_token();
    store_.add_chat_link(stored_hash(key), account);
    return key;
}

long ChatLinks::account_of(const std::string& key) {
    if (!Sessions::well_formed(key)) return 0;
    try {
        return store_.chat_link_account(stored_hash(key));
    } catch (const StoreError& e) {
        spdlog::error("cannot read a chat link: {}", e.what());
        return 0;
    }
}

void ChatLinks::end(const std::string& key) {
    if (!Sessions::well_formed(key)) return;
    try {
        store_.delete_chat_link(stored_hash(key));
    } catch (const StoreError& e) {
        spdlog::error("cannot end a chat link: {}", e.what());
    }
}

void ChatLinks::end_all(long account) {
    try {
        store_.delete_chat_links(account);
    } catch (const StoreError& e) {
        spdlog::error("cannot end account {}'s chat links: {}", account, e.what());
    }
}

}  // namespace niagara::server
