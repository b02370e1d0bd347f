// One client connection as the lobby and the tables see it: an identity, a language and a way
// to send. Implemented by websocket_session; tables never touch sockets.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace niagara::server {

class Table;
class LocalizedFrame;

class Connection {
  public:
    Connection(long id, std::string address)
        : id_(id), address_(std::move(address)), name_("guest-" + std::to_string(id)) {}
    virtual ~Connection() = default;

    // Queues a text frame as it is; safe from any thread, never blocks. A client whose queue
    // overflows is dropped, so a slow reader never slows its table down.
    virtual void deliver(std::shared_ptr<const std::string> frame) = 0;
    virtual void close() = 0;  // politely ("going away"), e.g. on shutdown

    // Queues a server message (a serialized frame, English) in this connection's language:
    // every frame a connection is sent goes through here or the overload below.
    void send(std::shared_ptr<const std::string> frame);
    void send(std::string text);
    // A frame shared by several connections: each language's version is made once, by the
    // first connection of that language (localized_frame.hpp).
    void send(LocalizedFrame& frame);

    // The language of the texts this connection is sent ("en" until /lang). Kept as an index
    // into i18n::kLanguages: what a client sends is never stored.
    std::string_view lang() const;
    void set_lang(std::string_view supported);  // one of i18n::kLanguages

    long id() const { return id_; }
    // The peer's IP address, as limits count connections and tables per address.
    const std::string& address() const { return address_; }

    // Asked for the table list: gets it again, pushed, whenever it changes while in the lobby.
    std::atomic<bool> wants_tables{false};

    // Identity and place, guarded: set by the lobby and by table strands, read by both.
    std::string name() const {
        std::lock_guard lock(mutex_);
        return name_;
    }
    void set_name(std::string name) {
        std::lock_guard lock(mutex_);
        name_ = std::move(name);
    }
    // The account this connection logged in to (its name then), or empty: a guest.
    std::string account() const {
        std::lock_guard lock(mutex_);
        return account_;
    }
    // The browser session its upgrade's cookie named (sessions.hpp), if any: /logout ends it.
    std::string session() const {
        std::lock_guard lock(mutex_);
        return session_;
    }
    void set_session(std::string token) {
        std::lock_guard lock(mutex_);
        session_ = std::move(token);
    }
    // The chat link whose key logged it in (chat_links.hpp), if any: /unlink ends it.
    std::string chat_link() const {
        std::lock_guard lock(mutex_);
        return chat_link_;
    }
    void set_chat_link(std::string key) {
        std::lock_guard lock(mutex_);
        chat_link_ = std::move(key);
    }
    // Its id in the store (0: a guest): what a seat it takes remembers, for the ratings.
    long account_id() const {
        std::lock_guard lock(mutex_);
        return account_id_;
    }
    void set_account(std::string account, long id = 0) {
        std::lock_guard lock(mutex_);
        account_ = std::move(account);
        account_id_ = account_.empty() ? 0 : id;
    }
    std::shared_ptr<Table> table() const {
        std::lock_guard lock(mutex_);
        return table_.lock();
    }
    void set_table(const std::shared_ptr<Table>& table) {
        std::lock_guard lock(mutex_);
        table_ = table;
    }

  private:
    const long id_;
    const std::string address_;
    std::atomic<unsigned char> lang_{0};  // index into i18n::kLanguages
    mutable std::mutex mutex_;
    std::string name_;
    std::string account_;
    long account_id_ = 0;
    std::string session_;
    std::string chat_link_;
    std::weak_ptr<Table> table_;
};

}  // namespace niagara::server
