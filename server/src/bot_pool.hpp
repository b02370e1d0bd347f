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
//
// The threads are shared fairly: within a lane, requests are taken in turns over the addresses
// that own them (round_robin.hpp), then in turns over each address's tables, and in order
// within a table. However many tables one address keeps thinking, another address's request
// waits for at most one request of each address ahead of it in its lane.
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
#include <unordered_map>
#include <vector>

#include "metrics.hpp"
#include "niagara/bot.hpp"
#include "round_robin.hpp"

namespace niagara::server {

class BotPool {
  public:
    struct Request {
        std::shared_ptr<Bot> bot;
        Json view;                          // seat_view() of the seat that must act
        std::chrono::milliseconds think{};  // the search's budget, from when a thread takes it
        std::shared_ptr<const std::atomic<bool>> cancelled;  // set: answer now, it is moot
        bool people_wait = false;  // someone plays at the table (not only bots, watched)
        // Whose share of the threads this is: the address key (address_key.hpp) of the
        // connection that opened the table, or a key of the table's own (a restored table);
        // and the table, which shares its address's turns with its address's other tables.
        std::string address;
        long table = 0;
        // Called on a pool thread with the action, or nullopt and what went wrong. It must only
        // hand the answer on (post to the table's executor): it runs while the pool waits.
        std::function<void(std::optional<Action>, std::string error)> answer;
    };

    BotPool(int threads, Metrics& metrics);
    ~BotPool();  // stop()
    BotPool(const BotPool&) = delete;
    BotPool& operator=(const BotPool&) = delete;

    // From any thread. Requests wait in three lanes, taken in turn: bots that do not search
    // (random, greedy: microseconds), then searches where people play, then searches at tables
    // of bots only: a player never waits behind the searches of tables nobody plays at, nor
    // an easy bot behind a strong one. Within a lane: in turns by address, then by table,
    // then in the order they came.
    void submit(Request request);
    // Searches in progress end at once, requests not started are dropped unanswered, and the
    // threads are joined. Idempotent.
    void stop();

    // The pool's threads run under SCHED_IDLE, or else at this nice value: below the tables
    // and connections.
    static constexpr int kNice = 10;

  private:
    // One lane: turns over addresses, then over an address's tables, then first come first.
    using TableTurns = RoundRobin<long, std::deque<Request>>;
    using AddressTurns = RoundRobin<std::string, TableTurns>;

    void run();
    // The next request, from the first lane with one waiting; under the lock, not when empty.
    Request take();
    void decide(Request& request);

    Metrics& metrics_;
    std::mutex mutex_;
    std::condition_variable wake_;
    enum Lane { Quick, People, BotsOnly, LaneCount };
    AddressTurns lanes_[LaneCount];
    // Requests waiting, by address over all lanes: the addresses sharing the threads now
    // (niagara_bot_queue_addresses).
    std::unordered_map<std::string, long> waiting_by_address_;
    std::atomic<bool> stopping_{false};
    std::vector<std::thread> threads_;
};

}  // namespace niagara::server
