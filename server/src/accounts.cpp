#include "accounts.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <stdexcept>

#include "niagara/protocol/names.hpp"

namespace niagara::server {

namespace {

// A password's bytes are overwritten once checked: a copy left in freed memory could reach a
// core dump.
void forget(std::string& password) {
    if (!password.empty()) sodium_memzero(password.data(), password.size());
    password.clear();
}

// A password held until a job has run, overwritten when it goes, whether or not it was used.
struct Secret {
    std::string text;
    explicit Secret(std::string t) : text(std::move(t)) {}
    Secret(const Secret&) = delete;
    Secret& operator=(const Secret&) = delete;
    ~Secret() { forget(text); }
};

std::string hash_of(const std::string& password, const AccountSettings& settings) {
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(out, password.data(), password.size(), settings.hash_ops,
                          settings.hash_bytes) != 0)
        throw std::runtime_error("crypto_pwhash_str failed (out of memory?)");
    return out;
}

bool matches(const std::string& hash, const std::string& password) {
    // Constant-time in what it compares (libsodium's verify).
    return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

}  // namespace

Accounts::Accounts(Store& store, Metrics& metrics, AccountSettings settings)
    : store_(store),
      metrics_(metrics),
      settings_(settings),
      account_failures_(settings.failures_per_account, settings.failure_window),
      address_failures_(settings.failures_per_address, settings.failure_window) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
    dummy_hash_ = hash_of("not anybody's password", settings_);
    for (StoredAccount& a : store_.accounts()) {
        for (const std::string& key : a.keys)
            by_key_[key] = a.id;
        accounts_[a.id] = Account{std::move(a.name), std::move(a.password_hash)};
    }
    worker_ = std::thread([this] { run(); });
}

Accounts::~Accounts() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    worker_.join();
}

std::optional<std::string> Accounts::holder(const std::array<std::string, 2>& keys) const {
    std::lock_guard lock(mutex_);
    for (const std::string& key : keys)
        if (auto it = by_key_.find(key); it != by_key_.end()) return accounts_.at(it->second).name;
    return std::nullopt;
}

long Accounts::id_of(const std::string& name) const {
    const std::string key = protocol::name_keys(name)[0];
    std::lock_guard lock(mutex_);
    if (auto it = by_key_.find(key);
        it != by_key_.end() && protocol::same_name(accounts_.at(it->second).name, name))
        return it->second;
    return 0;
}

std::string Accounts::name_of(long id) const {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(id);
    return it == accounts_.end() ? std::string() : it->second.name;
}

bool Accounts::limited(const std::string& key, const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (!account_failures_.exceeded(key, now) && !address_failures_.exceeded(address, now))
        return false;
    metrics_.limited[std::size_t(Limit::LoginFailures)].fetch_add(1);
    return true;
}

void Accounts::count_failure(const std::string& key, const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    account_failures_.add(key, now);
    address_failures_.add(address, now);
}

bool Accounts::enqueue(std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        if (waiting_.size() >= settings_.most_waiting) {
            metrics_.limited[std::size_t(Limit::PasswordChecks)].fetch_add(1);
            return false;
        }
        waiting_.push_back(std::move(job));
    }
    wake_.notify_one();
    return true;
}

void Accounts::run() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
            if (stopping_) return;
            job = std::move(waiting_.front());
            waiting_.pop_front();
        }
        job();
    }
}

void Accounts::register_name(std::string name, std::string password,
                             std::function<void(Outcome)> done) {
    auto secret = std::make_shared<Secret>(std::move(password));  // overwritten however it ends
    auto job = [this, name = std::move(name), secret, done]() {
        const std::string& password = secret->text;
        Outcome outcome = Outcome::Ok;
        StoredAccount account{0, name, {}, {}};
        const auto keys = protocol::name_keys(name);
        account.keys.assign(keys.begin(), keys.end());
        if (keys[0] == keys[1]) account.keys.pop_back();
        try {
            account.password_hash = hash_of(password, settings_);
            if (!holder(keys) && store_.create_account(account)) {
                std::lock_guard lock(mutex_);
                for (const std::string& key : account.keys)
                    by_key_[key] = account.id;
                accounts_[account.id] = Account{account.name, account.password_hash};
                metrics_.registrations.fetch_add(1);
                spdlog::info("account {}: registered", account.name);
            } else {
                outcome = Outcome::Taken;
            }
        } catch (const std::exception& e) {
            metrics_.storage_errors.fetch_add(1);
            spdlog::error("account {}: cannot be stored: {}", name, e.what());
            outcome = Outcome::StorageError;
        }
        done(outcome);
    };
    if (!enqueue(std::move(job))) done(Outcome::Busy);
}

void Accounts::log_in(std::string name, std::string password, std::string address,
                      std::function<void(Outcome, const std::string&)> done) {
    const std::string key = protocol::name_keys(name)[0];
    if (limited(key, address)) {
        forget(password);
        return done(Outcome::Limited, "");
    }
    auto secret = std::make_shared<Secret>(std::move(password));
    auto job = [this, name = std::move(name), secret, address = std::move(address), key, done]() {
        const std::string& password = secret->text;
        std::optional<Account> account;
        {
            std::lock_guard lock(mutex_);
            // The account whose name this is, in another letter case at most: a name that only
            // looks like it is another name.
            if (auto it = by_key_.find(key); it != by_key_.end()) {
                const Account& a = accounts_.at(it->second);
                if (protocol::same_name(a.name, name)) account = a;
            }
        }
        const bool ok = matches(account ? account->hash : dummy_hash_, password) && account;
        if (!ok) {
            count_failure(key, address);
            metrics_.logins_failed.fetch_add(1);
            return done(Outcome::Failed, "");
        }
        metrics_.logins_ok.fetch_add(1);
        done(Outcome::Ok, account->name);
    };
    if (!enqueue(std::move(job))) done(Outcome::Busy, "");
}

void Accounts::with_password(std::string account, std::string password, std::string address,
                             std::function<void(Outcome)> done,
                             std::function<Outcome(long id)> then) {
    const std::string key = protocol::name_keys(account)[0];
    if (limited(key, address)) {
        forget(password);
        return done(Outcome::Limited);
    }
    auto secret = std::make_shared<Secret>(std::move(password));
    auto job = [this, secret, address = std::move(address), key, done, then]() {
        const std::string& password = secret->text;
        std::optional<std::pair<long, std::string>> found;  // id, hash
        {
            std::lock_guard lock(mutex_);
            if (auto it = by_key_.find(key); it != by_key_.end())
                found.emplace(it->second, accounts_.at(it->second).hash);
        }
        const bool ok = matches(found ? found->second : dummy_hash_, password) && found;
        if (!ok) {
            count_failure(key, address);
            return done(Outcome::Failed);
        }
        Outcome outcome = Outcome::Ok;
        try {
            outcome = then(found->first);
        } catch (const std::exception& e) {
            metrics_.storage_errors.fetch_add(1);
            spdlog::error("account {}: cannot be stored: {}", found->first, e.what());
            outcome = Outcome::StorageError;
        }
        done(outcome);
    };
    if (!enqueue(std::move(job))) done(Outcome::Busy);
}

void Accounts::change_password(std::string account, std::string password,
                               std::string new_password, std::string address,
                               std::function<void(Outcome)> done) {
    auto fresh = std::make_shared<Secret>(std::move(new_password));
    with_password(std::move(account), std::move(password), std::move(address), std::move(done),
                  [this, fresh](long id) {
                      const std::string hash = hash_of(fresh->text, settings_);
                      store_.set_password_hash(id, hash);
                      std::lock_guard lock(mutex_);
                      if (auto it = accounts_.find(id); it != accounts_.end()) {
                          it->second.hash = hash;
                          spdlog::info("account {}: password changed", it->second.name);
                      }
                      return Outcome::Ok;
                  });
}

void Accounts::delete_account(std::string account, std::string password, std::string address,
                              std::function<void(Outcome)> done) {
    with_password(std::move(account), std::move(password), std::move(address), std::move(done),
                  [this](long id) {
                      store_.delete_account(id);
                      std::lock_guard lock(mutex_);
                      std::erase_if(by_key_, [&](const auto& entry) { return entry.second == id; });
                      if (auto it = accounts_.find(id); it != accounts_.end()) {
                          spdlog::info("account {}: deleted", it->second.name);
                          accounts_.erase(it);
                      }
                      return Outcome::Ok;
                  });
}

}  // namespace niagara::server
