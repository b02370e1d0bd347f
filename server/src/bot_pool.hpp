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
        // Called on a pool thread with the action, or nullopt and what went wrong. It must only
        // hand the answer on (post to the table's executor): it runs while the pool waits.
        std::function<void(std::optional<Action>, std::string error)> answer;
    };

    BotPool(int threads, Metrics& metrics);
    ~BotPool();  // stop()
    BotPool(const BotPool&) = delete;
    BotPool& operator=(const BotPool&) = delete;

    // From any thread. Requests are answered in the order they come, except that bots that do
    // not search (random, greedy: microseconds) go before searches (strong: up to the budget),
    // so a table of easy bots never waits behind another table's strong ones.
    void submit(Request request);
    // Searches in progress end at once, requests not started are dropped unanswered, and the
    // threads are joined. Idempotent.
    void stop();

    // The pool's threads run at this nice value: below the tables and connections.
    static constexpr int kNice = 10;

  private:
    void run();
    void decide(Request& request);

    Metrics& metrics_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Request> quick_;   // random and greedy bots
    std::deque<Request> search_;  // strong bots
    std::atomic<bool> stopping_{false};
    std::vector<std::thread> threads_;
};

}  // namespace niagara::server
