#include "sessions.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

namespace niagara::server {

std::string random_token() {
    unsigned char bytes[32];
    randombytes_buf(bytes, sizeof bytes);
    char hex[2 * sizeof bytes + 1];
    sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
    return hex;
}

std::string stored_hash(const std::string& token) {
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                       token.size(), nullptr, 0);
    char hex[2 * sizeof digest + 1];
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    return hex;
}

namespace {

long unix_now() {
    return long(std::chrono::duration_cast<std::chrono::seconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count());
}

}  // namespace

bool Sessions::well_formed(std::string_view text) {
    if (text.size() != 64) return false;
    for (const char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::string Sessions::grant(long account) {
    std::string grant = random_token();
    std::lock_guard lock(mutex_);
    while (grants_.size() >= kMaxGrants && !order_.empty()) {
        grants_.erase(order_.front());
        order_.pop_front();
    }
    // (Redeemed grants leave their names in order_: it is trimmed with the map.)
    while (order_.size() > 2 * kMaxGrants) order_.pop_front();
    grants_[grant] = Grant{account, std::chrono::steady_clock::now() + kGrantLife};
    order_.push_back(grant);
    return grant;
}

std::optional<std::string> Sessions::redeem(const std::string& grant) {
    if (!well_formed(grant)) return std::nullopt;
    long account = 0;
    {
        std::lock_guard lock(mutex_);
        auto it = grants_.find(grant);
        if (it == grants_.end()) return std::nullopt;
        const bool fresh = it->second.expires > std::chrono::steady_clock::now();
        account = it->second.account;
        grants_.erase(it);  // once, fresh or not
        if (!fresh) return std::nullopt;
    }
    std::string token = random_token();
    store_.add_session(stored_hash(token), account, unix_now() + long(kSessionLife.count()));
    metrics_.sessions_opened.fetch_add(1);
    return token;
}

long Sessions::account_of(const std::string& token) {
    if (!well_formed(token)) return 0;
    try {
        return store_.session_account(stored_hash(token), unix_now());
    } catch (const StoreError& e) {
        metrics_.storage_errors.fetch_add(1);
        spdlog::error("cannot read a session: {}", e.what());
        return 0;
    }
}

void Sessions::end(const std::string& token) {
    if (!well_formed(token)) return;
    try {
        store_.delete_session(stored_hash(token));
    } catch (const StoreError& e) {
        metrics_.storage_errors.fetch_add(1);
        spdlog::error("cannot end a session: {}", e.what());
    }
}

void Sessions::end_all(long account) {
    {
        // Grants given and not yet traded go too: one handed out before a new password must
        // not open a session after it.
        std::lock_guard lock(mutex_);
        std::erase_if(grants_, [&](const auto& g) { return g.second.account == account; });
    }
    try {
        store_.delete_sessions(account);
    } catch (const StoreError& e) {
        metrics_.storage_errors.fetch_add(1);
        spdlog::error("cannot end account {}'s sessions: {}", account, e.what());
    }
}

std::string cookie_value(std::string_view header, std::string_view name) {
    // "a=1; b=2" (RFC 6265 5.4): pairs separated by ';' and optional spaces.
    while (!header.empty()) {
        const auto semicolon = header.find(';');
        std::string_view pair = header.substr(0, semicolon);
        while (!pair.empty() && (pair.front() == ' ' || pair.front() == '\t')) pair.remove_prefix(1);
        while (!pair.empty() && (pair.back() == ' ' || pair.back() == '\t')) pair.remove_suffix(1);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == name)
            return std::string(pair.substr(eq + 1));
        if (semicolon == std::string_view::npos) break;
        header.remove_prefix(semicolon + 1);
    }
    return {};
}

}  // namespace niagara::server
