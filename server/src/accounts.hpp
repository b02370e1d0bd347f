// Accounts: a name kept with a password, so that it is its owner's alone (protocol/README.md,
// "Accounts"). Passwords are hashed with Argon2id (libsodium's crypto_pwhash_str: a random salt
// and the settings in the stored string), on a thread of its own: a hash costs tens of
// milliseconds and tens of MiB by design, which no connection's or table's thread may wait for.
// A password is never logged, stored or kept after its check.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "failure_count.hpp"
#include "metrics.hpp"
#include "store.hpp"

namespace niagara::server {

struct AccountSettings {
    // Argon2id's cost (crypto_pwhash's opslimit and memlimit): libsodium's "interactive"
    // settings by default; tests use its minimum.
    unsigned long long hash_ops = 2;
    std::size_t hash_bytes = std::size_t(64) << 20;
    std::size_t most_waiting = 8;  // password checks waiting for the thread: more are refused
    // Failed logins kept against an account and an address over `failure_window`: past either
    // limit a login is refused unchecked until the oldest failure leaves the window.
    int failures_per_account = 5;
    int failures_per_address = 20;
    std::chrono::seconds failure_window{300};
};

class Accounts {
  public:
    enum class Outcome { Ok, Taken, Failed, Limited, Busy, StorageError };

    Accounts(Store& store, Metrics& metrics, AccountSettings settings = {});
    ~Accounts();  // drops the checks still waiting (their callbacks do not run)
    Accounts(const Accounts&) = delete;
    Accounts& operator=(const Accounts&) = delete;

    // The registered name held under one of `keys` (protocol::name_keys), if any.
    std::optional<std::string> holder(const std::array<std::string, 2>& keys) const;
    // The id of the account registered as `name` (as written, up to letter case), else 0.
    long id_of(const std::string& name) const;
    // The account's name as registered, by id (empty: none, or deleted).
    std::string name_of(long id) const;

    // Registers `name` (valid, not reserved: the caller checked) with `password`. `done` runs
    // on the accounts' thread, with the outcome: Ok, Taken (it or a name like it is registered),
    // Busy (too many checks waiting), StorageError.
    void register_name(std::string name, std::string password, std::function<void(Outcome)> done);
    // Checks `password` against the account of `name` (any letter case). `done` runs on the
    // accounts' thread with Ok and the account's name as registered, or Failed (a wrong
    // password or no such account: the same answer, after the same work), Limited or Busy.
    void log_in(std::string name, std::string password, std::string address,
                std::function<void(Outcome, const std::string& account)> done);

    // For the account `account` (its registered name) that a connection is logged in to:
    // changes its password, or deletes it (its name is free again), once `password` is checked.
    // `done` runs on the accounts' thread: Ok, Failed (a wrong password, counted against the
    // account and the address as a failed login is), Limited, Busy, StorageError.
    void change_password(std::string account, std::string password, std::string new_password,
                         std::string address, std::function<void(Outcome)> done);
    void delete_account(std::string account, std::string password, std::string address,
                        std::function<void(Outcome)> done);

  private:
    // Runs `then(id)` on the accounts' thread once `password` is checked against `account`'s,
    // else answers `done` (Failed, Limited, Busy).
    void with_password(std::string account, std::string password, std::string address,
                       std::function<void(Outcome)> done,
                       std::function<Outcome(long id)> then);
    struct Account {
        std::string name;
        std::string hash;
    };
    // True (and counted) when the account's key or the address is at its failures' limit.
    bool limited(const std::string& key, const std::string& address);
    void count_failure(const std::string& key, const std::string& address);
    bool enqueue(std::function<void()> job);  // false: too many waiting
    void run();

    Store& store_;
    Metrics& metrics_;
    const AccountSettings settings_;
    std::string dummy_hash_;  // checked for an unknown name, so that it takes as long

    mutable std::mutex mutex_;  // guards what follows
    std::unordered_map<std::string, long> by_key_;  // name key -> account id
    std::unordered_map<long, Account> accounts_;
    FailureCount account_failures_, address_failures_;
    std::deque<std::function<void()>> waiting_;
    bool stopping_ = false;
    std::condition_variable wake_;
    std::thread worker_;
};

}  // namespace niagara::server
