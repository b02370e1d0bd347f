// The bot pool's order (server/src/bot_pool.hpp, round_robin.hpp): within a lane, requests are
// taken in turns over addresses, then over an address's tables, then in the order they came, so
// one address's many tables cannot hold another address's bot behind all of theirs. One pool
// thread and a fake bot whose first decision waits at a gate: everything else is queued while
// it waits, and the order the answers come in is the order the pool took them.
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bot_pool.hpp"
#include "metrics.hpp"
#include "round_robin.hpp"

using niagara::Action;
using niagara::Bot;
using niagara::BotBudget;
using niagara::BotLevel;
using niagara::Json;
using niagara::server::BotPool;
using niagara::server::Metrics;
using niagara::server::RoundRobin;
using namespace std::chrono_literals;

namespace {

// What the pool answered, in order, and the gate the first decision waits at.
struct Answers {
    std::mutex mutex;
    std::condition_variable changed;
    bool waiting_at_gate = false;
    bool gate_open = false;
    std::vector<std::string> labels;

    // Every wait has a deadline (a hang guard, not a measure): false when it passed.
    template <typename Done>
    bool wait(Done done) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, 10s, [&] { return done(); });
    }
    void open_gate() {
        std::lock_guard lock(mutex);
        gate_open = true;
        changed.notify_all();
    }
};

// Answers at once with any action; with `gated`, first waits until the gate opens.
class FakeBot : public Bot {
  public:
    FakeBot(Answers& answers, BotLevel level, bool gated)
        : answers_(answers), level_(level), gated_(gated) {}
    BotLevel level() const override { return level_; }
    Action decide(const Json&, const BotBudget&) override {
        if (gated_) {
            std::unique_lock lock(answers_.mutex);
            answers_.waiting_at_gate = true;
            answers_.changed.notify_all();
            answers_.changed.wait_for(lock, 10s, [&] { return answers_.gate_open; });
        }
        return Action{};
    }

  private:
    Answers& answers_;
    BotLevel level_;
    bool gated_;
};

BotPool::Request request(Answers& answers, const std::string& address, long table,
                         const std::string& label, BotLevel level = BotLevel::Strong,
                         bool people = true, bool gated = false) {
    BotPool::Request r;
    r.bot = std::make_shared<FakeBot>(answers, level, gated);
    r.view = Json::object();
    r.think = 1s;
    r.people_wait = people;
    r.address = address;
    r.table = table;
    r.answer = [&answers, label](std::optional<Action>, std::string) {
        std::lock_guard lock(answers.mutex);
        answers.labels.push_back(label);
        answers.changed.notify_all();
    };
    return r;
}

// A one-thread pool busy with a gated decision of `address`'s table 1 ("blocker").
void occupy(BotPool& pool, Answers& answers, const std::string& address) {
    pool.submit(request(answers, address, 1, "blocker", BotLevel::Strong, true, true));
    REQUIRE(answers.wait([&] { return answers.waiting_at_gate; }));
}

std::vector<std::string> answers_after_gate(Answers& answers, std::size_t expected) {
    answers.open_gate();
    const bool all = answers.wait([&] { return answers.labels.size() >= expected; });
    std::lock_guard lock(answers.mutex);
    INFO("answered: " << answers.labels.size() << " of " << expected);
    CHECK(all);
    return answers.labels;
}

}  // namespace

TEST_CASE("Bot pool: another address's request is taken before a busy address's many tables",
          "[bot_pool]") {
    Metrics metrics;
    Answers answers;
    BotPool pool(1, metrics);
    // 127.0.0.2 keeps the only thread busy, then queues two decisions at each of 8 tables.
    occupy(pool, answers, "127.0.0.2");
    for (long table = 1; table <= 8; ++table)
        for (int n = 1; n <= 2; ++n)
            pool.submit(request(answers, "127.0.0.2", table,
                                "A" + std::to_string(table) + "." + std::to_string(n)));
    // The bystander's one table asks last.
    pool.submit(request(answers, "127.0.0.3", 9, "B9.1"));
    CHECK(metrics.bot_queue.load() == 17);
    CHECK(metrics.bot_queue_addresses.load() == 2);

    const auto order = answers_after_gate(answers, 18);
    // The bystander first; then the busy address's tables in turns, each table's in order.
    const std::vector<std::string> expected = {"blocker", "B9.1", "A1.1", "A2.1", "A3.1", "A4.1",
                                               "A5.1",    "A6.1", "A7.1", "A8.1", "A1.2", "A2.2",
                                               "A3.2",    "A4.2", "A5.2", "A6.2", "A7.2", "A8.2"};
    CHECK(order == expected);
    CHECK(metrics.bot_queue.load() == 0);
    CHECK(metrics.bot_queue_addresses.load() == 0);
}

TEST_CASE("Bot pool: addresses with several requests waiting take turns, one each", "[bot_pool]") {
    Metrics metrics;
    Answers answers;
    BotPool pool(1, metrics);
    occupy(pool, answers, "192.0.2.1");
    for (int n = 1; n <= 3; ++n)
        pool.submit(request(answers, "192.0.2.1", 1, "A" + std::to_string(n)));
    for (int n = 1; n <= 3; ++n)
        pool.submit(request(answers, "2001:db8:1:2::/64", 2, "B" + std::to_string(n)));
    pool.submit(request(answers, "restored table 7", 7, "R1"));
    const auto order = answers_after_gate(answers, 8);
    // The blocker's address was served in this round: the other two go first.
    const std::vector<std::string> expected = {"blocker", "B1", "R1", "A1", "B2", "A2", "B3", "A3"};
    CHECK(order == expected);
}

TEST_CASE("Bot pool: the lanes keep their order, quick bots, then people's, then bots only",
          "[bot_pool]") {
    Metrics metrics;
    Answers answers;
    BotPool pool(1, metrics);
    occupy(pool, answers, "192.0.2.9");
    pool.submit(request(answers, "192.0.2.1", 1, "bots only", BotLevel::Strong, false));
    pool.submit(request(answers, "192.0.2.2", 2, "people", BotLevel::Strong, true));
    pool.submit(request(answers, "192.0.2.3", 3, "quick", BotLevel::Greedy, false));
    const auto order = answers_after_gate(answers, 4);
    const std::vector<std::string> expected = {"blocker", "quick", "people", "bots only"};
    CHECK(order == expected);
}

TEST_CASE("Bot pool's turns: a key served and back at once waits for the next round",
          "[bot_pool]") {
    RoundRobin<std::string, std::vector<int>> turns;
    turns.enter("busy").push_back(1);
    turns.enter("busy").push_back(2);
    turns.enter("brief").push_back(1);
    CHECK(turns.keys() == 2);
    CHECK(turns.front_key() == "busy");
    turns.served(true);  // "busy" still has one waiting: the next round
    CHECK(turns.front_key() == "brief");
    turns.front().clear();
    turns.served(false);  // "brief" leaves, and comes back at once
    turns.enter("brief").push_back(2);
    // It had its turn in this round: "busy" goes first, then "brief" again.
    CHECK(turns.front_key() == "busy");
    turns.served(false);
    CHECK(turns.front_key() == "brief");
    turns.served(false);
    CHECK(turns.empty());
    // Nobody waits, but "brief" was served last (its work is under way): a newcomer goes first.
    turns.enter("brief").push_back(3);
    turns.enter("late").push_back(1);
    CHECK(turns.front_key() == "late");
    turns.served(false);
    CHECK(turns.front_key() == "brief");
    turns.served(false);
    CHECK(turns.empty());
}
