// The bots' own threads. A bot's search may take a second (--bot-think-ms); on a table's or a
// connection's thread that would stall every other table and client sharing it, so tables hand
// their bots' decisions here and get the answers back on their own executors.
//
// A request carries everything the bot may use: its seat's view (computed on the table's
// executor), the Bot (shared: it outlives the request even if the table goes), the budget and
// a cancel flag the table sets when the answer can no longer be used (the game ended, the
// seat's player came back). The pool never touches a table: `answer` only posts back, and the
// table decides there whether the answer still holds. A Bot is used by one request at a time:
// the table asks for one decision per seat at a time.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "metrics.hpp"
#include "niagara/bot.hpp"

namespace niagara::server {

class BotPool {
  public:
    struct Request {
        std::shared_ptr<Bot> bot;
        Json view;                          // seat_view() of the seat that must act
        std::chrono::milliseconds think{};  // the search's budget, from when a thread takes it
        std::shared_ptr<const std::atomic<bool>> cancelled;  // set: answer now, it is moot
        bool people_wait = false;  // someone plays at the table (not only bots, watched)
        // Called on a pool thread with the action, or nullopt and what went wrong. It must only
        // hand the answer on (post to the table's executor): it runs while the pool waits.
        std::function<void(std::optional<Action>, std::string error)> answer;
    };

    BotPool(int threads, Metrics& metrics);
    ~BotPool();  // stop()
    BotPool(const BotPool&) = delete;
    BotPool& operator=(const BotPool&) = delete;

    // From any thread. Requests are answered in the order they come within three lanes, taken
    // in turn: bots that do not search (random, greedy: microseconds), then searches where
    // people play, then searches at tables of bots only: a player never waits behind the
    // searches of tables nobody plays at, nor an easy bot behind a strong one.
    void submit(Request request);
    // Searches in progress end at once, requests not started are dropped unanswered, and the
    // threads are joined. Idempotent.
    void stop();

    // The pool's threads run under SCHED_IDLE, or else at this nice value: below the tables
    // and connections.
    static constexpr int kNice = 10;

  private:
    void run();
    void decide(Request& request);

    Metrics& metrics_;
    std::mutex mutex_;
    std::condition_variable wake_;
    enum Lane { kQuick, kPeople, kBotsOnly, kLanes };
    std::deque<Request> lanes_[kLanes];
    std::atomic<bool> stopping_{false};
    std::vector<std::thread> threads_;
};

}  // namespace niagara::server
