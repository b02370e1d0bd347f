#include "bot_pool.hpp"

#include <pthread.h>
#include <sched.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace niagara::server {

BotPool::BotPool(int threads, Metrics& metrics) : metrics_(metrics) {
    for (int i = 0; i < std::max(1, threads); ++i)
        threads_.emplace_back([this] { run(); });
}

BotPool::~BotPool() {
    stop();
}

void BotPool::submit(Request request) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        const Lane lane = request.bot && request.bot->level() != BotLevel::Strong ? Quick
                          : request.people_wait                                   ? People
                                                                                  : BotsOnly;
        if (++waiting_by_address_[request.address] == 1)
            metrics_.bot_queue_addresses.store(long(waiting_by_address_.size()),
                                               std::memory_order_relaxed);
        const std::string address = request.address;
        const long table = request.table;
        lanes_[lane].enter(address).enter(table).push_back(std::move(request));
    }
    metrics_.bot_queue.fetch_add(1, std::memory_order_relaxed);
    wake_.notify_one();
}

BotPool::Request BotPool::take() {
    auto& lane = *std::find_if(std::begin(lanes_), std::end(lanes_),
                               [](const auto& lane) { return !lane.empty(); });
    TableTurns& tables = lane.front();
    std::deque<Request>& requests = tables.front();
    Request request = std::move(requests.front());
    requests.pop_front();
    tables.served(!requests.empty());
    lane.served(!tables.empty());
    if (auto it = waiting_by_address_.find(request.address);
        it != waiting_by_address_.end() && --it->second <= 0) {
        waiting_by_address_.erase(it);
        metrics_.bot_queue_addresses.store(long(waiting_by_address_.size()),
                                           std::memory_order_relaxed);
    }
    return request;
}

void BotPool::stop() {
    std::vector<std::unordered_map<std::string, TableTurns>> dropped;
    long count = 0;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        for (auto& lane : lanes_)
            dropped.push_back(lane.take_all());
        for (const auto& [address, waiting] : waiting_by_address_)
            count += waiting;
        waiting_by_address_.clear();
    }
    metrics_.bot_queue.fetch_sub(count, std::memory_order_relaxed);
    metrics_.bot_queue_addresses.store(0, std::memory_order_relaxed);
    wake_.notify_all();
    for (auto& thread : threads_)
        if (thread.joinable()) thread.join();
    threads_.clear();
    // `dropped` goes here, outside the lock: its bots and answers may own the
    // last reference to a table.
}

void BotPool::run() {
    // A search uses all the time it gets: on a machine with few cores, the tables' and the
    // connections' threads must win the processor whenever they have work. SCHED_IDLE runs the
    // thread only on what the others leave; where it is refused, a nice value below theirs.
    // Lowering one's own priority needs no privilege (Linux: per thread).
    sched_param idle{};
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle) != 0 &&
        setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), kNice) != 0)
        spdlog::warn("bot thread: could not lower its priority");
    for (;;) {
        Request request;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] {
                return stopping_ || std::any_of(std::begin(lanes_), std::end(lanes_),
                                                [](const auto& lane) { return !lane.empty(); });
            });
            if (stopping_) return;
            request = take();
        }
        metrics_.bot_queue.fetch_sub(1, std::memory_order_relaxed);
        decide(request);
    }
}

void BotPool::decide(Request& request) {
    const auto started = std::chrono::steady_clock::now();
    const auto deadline = started + request.think;
    BotBudget budget;
    budget.stop = [this, deadline, cancelled = request.cancelled] {
        return stopping_.load(std::memory_order_relaxed) ||
               (cancelled && cancelled->load(std::memory_order_relaxed)) ||
               std::chrono::steady_clock::now() >= deadline;
    };
    std::optional<Action> action;
    std::string error;
    try {
        action = request.bot->decide(request.view, budget);
    } catch (const std::exception& e) {
        error = e.what();
    }
    const auto spent = std::chrono::steady_clock::now() - started;
    metrics_.bot_decisions.fetch_add(1, std::memory_order_relaxed);
    metrics_.bot_think_us.fetch_add(
        long(std::chrono::duration_cast<std::chrono::microseconds>(spent).count()),
        std::memory_order_relaxed);
    // The view and the bot go before the answer: the table may drop its last reference to the
    // bot as soon as the answer arrives.
    request.view = Json();
    request.bot.reset();
    if (request.answer) request.answer(std::move(action), std::move(error));
}

}  // namespace niagara::server
