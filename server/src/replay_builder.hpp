// Replays (GET /games/<id>/replay) are built here, on a thread of their own, never on a
// connection's: replaying a long record through the engine takes up to a second or so, and on
// an IO thread it would stall every client sharing it. The HTTP session asks, goes idle, and is
// answered from this thread (it posts the answer back to its own executor).
//
// What a stranger can make it hold is bounded: at most `limit` requests wait at once (queued or
// being built; 0: no limit), and at most `per_address` of them from one client address (0: no
// limit; 1 by default, --max-replay-builds-per-address), so that one address cycling through
// long games cannot keep the builder full and every other visitor answered 503. A request for a game already queued or being built waits for that
// build and still counts, since each holds a connection. Beyond the limit, submit() refuses and
// the caller answers 503 with Retry-After. `waiting` (a gauge on /metrics) is the number of
// requests waiting now.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "replay_route.hpp"

namespace niagara::server {

// The Retry-After of a 503 when the builder is full: about one long replay's build.
inline constexpr int kReplayRetrySeconds = 2;

class ReplayBuilder {
  public:
    using Build = std::function<ReplayAnswer()>;  // runs on the builder's thread
    // Called on the builder's thread with the answer: it must only hand it on (post it).
    using Done = std::function<void(const ReplayAnswer&)>;

    ReplayBuilder(std::size_t limit, std::size_t per_address, std::atomic<long>& waiting);
    ~ReplayBuilder();  // stop()
    ReplayBuilder(const ReplayBuilder&) = delete;
    ReplayBuilder& operator=(const ReplayBuilder&) = delete;

    enum class Submitted { Accepted, Full, AddressFull, Stopped };
    // From any thread, for a client at `address`. Anything but `accepted` (`limit` requests
    // wait, `per_address` of them from `address`, or the builder stopped): `done` is never
    // called.
    Submitted submit(long game, const std::string& address, Build build, Done done);
    // Requests not yet answered are dropped unanswered (their Done is destroyed here, outside
    // the lock); a build in progress finishes first. Idempotent.
    void stop();

  private:
    struct Waiter {
        std::string address;
        Done done;
    };
    struct Job {
        long game = 0;
        Build build;
        std::vector<Waiter> waiting;
    };
    void run();

    const std::size_t limit_;
    const std::size_t per_address_;
    std::atomic<long>& waiting_metric_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::shared_ptr<Job>> queue_;               // not started yet, oldest first
    std::unordered_map<long, std::shared_ptr<Job>> jobs_;  // queued or being built, by game
    std::size_t waiting_ = 0;                              // requests in jobs_
    std::unordered_map<std::string, std::size_t> by_address_;  // ... from each address
    bool stopping_ = false;
    std::thread thread_;  // last: started once the rest is ready
};

}  // namespace niagara::server
