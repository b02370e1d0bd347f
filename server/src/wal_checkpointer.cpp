#include "wal_checkpointer.hpp"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <stdexcept>

namespace niagara::server {

WalCheckpointer::WalCheckpointer(const std::string& path, sqlite3* writer, int pages)
    : writer_(writer), pages_(pages) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open database " + path + " to checkpoint: " + why);
    }
    // A new connection learns that the database is in WAL mode only when it first reads it;
    // until then a checkpoint on it would do nothing.
    if (sqlite3_exec(db_, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr) != SQLITE_OK) {
        std::string why = sqlite3_errmsg(db_);
        sqlite3_close(db_);
        throw std::runtime_error("cannot checkpoint " + path + ": " + why);
    }
    // Replaces the writer's automatic checkpoint (which is itself a WAL hook).
    sqlite3_wal_hook(writer_, &WalCheckpointer::on_commit, this);
    thread_ = std::thread([this] { run(); });
}

WalCheckpointer::~WalCheckpointer() {
    sqlite3_wal_hook(writer_, nullptr, nullptr);
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
    sqlite3_close(db_);
}

// Runs on the writer's thread after each commit, with the number of pages in the log: only a
// flag and a wake-up, no I/O.
int WalCheckpointer::on_commit(void* self, sqlite3*, const char*, int pages) {
    auto* checkpointer = static_cast<WalCheckpointer*>(self);
    if (pages < checkpointer->pages_) return SQLITE_OK;
    {
        std::lock_guard lock(checkpointer->mutex_);
        checkpointer->due_ = true;
    }
    checkpointer->wake_.notify_one();
    return SQLITE_OK;
}

void WalCheckpointer::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return due_ || stopping_; });
        if (stopping_) return;
        due_ = false;
        lock.unlock();
        // Passive: copies what it can without waiting for the writer; once all of the log is
        // in the database file, the writer's next commit starts the log over from its start.
        const int rc =
            sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        if (rc == SQLITE_OK) {
            ++checkpoints_;
            if (failing_) spdlog::info("sqlite checkpoint: works again");
            failing_ = false;
        } else if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED && !failing_) {
            // Once, not after every commit (a full disk fails each of them): the commits go
            // on into the log, which grows until a checkpoint works again.
            spdlog::warn("sqlite checkpoint: {}", sqlite3_errmsg(db_));
            failing_ = true;
        }
        lock.lock();
    }
}

}  // namespace niagara::server
