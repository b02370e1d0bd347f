// Copies SQLite's write-ahead log back into the database file on a thread of its own.
//
// Left to itself, SQLite checkpoints inside the COMMIT that takes the log past 1,000 pages,
// and a checkpoint fsyncs: on the event loop that commits actions that stall reached every
// table (it was most of the load benchmark's p99). With this, the committing connection never
// checkpoints: its commits only note the log's size, and once the log is past `pages` this
// thread runs a passive checkpoint on its own connection, which never blocks the writer.
// Durability is unchanged: a commit is in the log (and survives a crash of the process) before
// the action is broadcast, as before.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace niagara::server {

class WalCheckpointer {
  public:
    // `writer` is the connection that commits (in WAL mode); its checkpoints move here.
    WalCheckpointer(const std::string& path, sqlite3* writer, int pages = 1000);
    ~WalCheckpointer();  // stops the thread (Store's close runs the last checkpoints)
    WalCheckpointer(const WalCheckpointer&) = delete;
    WalCheckpointer& operator=(const WalCheckpointer&) = delete;

    long checkpoints() const { return checkpoints_.load(); }  // completed so far

  private:
    static int on_commit(void* self, sqlite3* db, const char* name, int pages);
    void run();

    sqlite3* writer_;
    sqlite3* db_ = nullptr;  // the checkpointing connection, used only by the thread
    const int pages_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool due_ = false;
    bool stopping_ = false;
    std::atomic<long> checkpoints_{0};
    bool failing_ = false;  // the last checkpoint failed (warned once); the thread's own
    std::thread thread_;
};

}  // namespace niagara::server
