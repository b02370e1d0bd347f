// niagara-loadgen: many tables of bot clients playing whole games against a running server, as
// fast as they can or with a think time per decision. Prints actions/s, latency percentiles
// (action sent -> own event received; -> last member of the table received it), connections,
// and the server's RSS.
//
//   niagara-loadgen --port 8080 --tables 1000 --seats 4 --seconds 30 [--think-ms 200]
//                   [--bot prompt|view] [--server-pid PID]
//
// Bots pick from the prompt alone by default (--bot prompt), as a thin client does: they keep
// no view and read of each frame only what playing needs (read_for_play, simdjson); --bot
// view keeps every view up to date and runs the engine's RandomBot on a state rebuilt from it,
// which costs the load generator several times more CPU per decision (CPU the server then
// lacks on a shared machine). It also prints the CPU that the server and the load generator
// used per action while measuring.
//
// As fast as they can, every table always has a decision in flight, so by Little's law the
// mean latency is (decisions in flight) / throughput: it measures capacity, and latency grows
// with the number of tables. A think time offers a steady load, as people do, and measures the
// latency at that load.
#include <sys/resource.h>
#include <unistd.h>
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "game_client.hpp"
#include "process_stats.hpp"

using namespace niagara::client;
using niagara::bench::cpu_seconds;
using niagara::bench::rss_kib;
using Clock = std::chrono::steady_clock;

namespace {

struct Flags {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;
    int tables = 100;
    int seats = 4;
    int seconds = 30;
    int threads = 1;
    int think_ms = 0;  // each bot waits about this long before answering (0: as fast as possible)
    int warmup = 5;    // seconds of connecting and starting before anything is measured
    bool bot_reads_view = false;
    long server_pid = 0;
};

// Latency samples and counters shared by every client (guarded: clients run on strands).
struct Stats {
    std::mutex mutex;
    std::vector<double> own_ms;   // action sent -> its event back at the sender
    std::vector<double> last_ms;  // action sent -> the event at the last member of the table
    long actions = 0;
    long games = 0;
    long errors = 0;
    long closed = 0;
    Clock::time_point measure_from;  // actions sent before this (the warm-up) are not counted
};

// One table's players, re-seated at a new table after every game.
struct Group : std::enable_shared_from_this<Group> {
    Stats& stats;
    std::vector<std::shared_ptr<GameClient>> clients;
    std::mutex mutex;
    // Per event index at this table: when its actor sent it, and when each member got it.
    std::vector<Clock::time_point> sent_at;
    std::vector<int> received;
    std::vector<Clock::time_point> last_at;
    std::vector<std::vector<Clock::time_point>> pending_sends;  // per member, FIFO of send times
    std::vector<long> events_seen;                              // per member
    int joined = 0;
    long table = -1;

    explicit Group(Stats& s) : stats(s) {}

    void reset_table() {
        std::lock_guard lock(mutex);
        sent_at.clear();
        received.clear();
        last_at.clear();
        for (auto& q : pending_sends)
            q.clear();
        std::fill(events_seen.begin(), events_seen.end(), 0);
        joined = 0;
    }

    void on_event(std::size_t member, int actor_seat, int member_seat) {
        const auto now = Clock::now();
        std::lock_guard lock(mutex);
        const long n = events_seen[member]++;
        if (std::size_t(n) >= received.size()) {
            received.resize(std::size_t(n) + 1, 0);
            sent_at.resize(std::size_t(n) + 1);
            last_at.resize(std::size_t(n) + 1);
        }
        if (actor_seat == member_seat && !pending_sends[member].empty()) {  // my own action
            sent_at[std::size_t(n)] = pending_sends[member].front();
            pending_sends[member].erase(pending_sends[member].begin());
            std::lock_guard s(stats.mutex);
            if (sent_at[std::size_t(n)] >= stats.measure_from) {
                stats.own_ms.push_back(
                    std::chrono::duration<double, std::milli>(now - sent_at[std::size_t(n)])
                        .count());
                ++stats.actions;
            }
        }
        last_at[std::size_t(n)] = std::max(last_at[std::size_t(n)], now);
        if (++received[std::size_t(n)] == int(clients.size()) &&
            sent_at[std::size_t(n)] >= stats.measure_from) {
            std::lock_guard s(stats.mutex);
            stats.last_ms.push_back(std::chrono::duration<double, std::milli>(
                                        last_at[std::size_t(n)] - sent_at[std::size_t(n)])
                                        .count());
        }
    }
};

double percentile(std::vector<double>& v, double p) {
    if (v.empty()) return 0;
    const std::size_t k = std::min(v.size() - 1, std::size_t(p * double(v.size())));
    std::nth_element(v.begin(), v.begin() + long(k), v.end());
    return v[k];
}

bool parse(int argc, char** argv, Flags& f) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--host")
            f.host = v;
        else if (k == "--port")
            f.port = static_cast<unsigned short>(std::stoi(v));
        else if (k == "--tables")
            f.tables = std::stoi(v);
        else if (k == "--seats")
            f.seats = std::stoi(v);
        else if (k == "--seconds")
            f.seconds = std::stoi(v);
        else if (k == "--threads")
            f.threads = std::stoi(v);
        else if (k == "--think-ms")
            f.think_ms = std::stoi(v);
        else if (k == "--warmup")
            f.warmup = std::stoi(v);
        else if (k == "--server-pid")
            f.server_pid = std::stol(v);
        else if (k == "--bot" && (v == "prompt" || v == "view"))
            f.bot_reads_view = v == "view";
        else
            return false;
    }
    return argc % 2 == 1 && f.tables > 0 && f.seats >= 3 && f.seats <= 5 && f.think_ms >= 0 &&
           f.warmup >= 0;
}

}  // namespace

int main(int argc, char** argv) {
    Flags f;
    if (!parse(argc, argv, f)) {
        std::cerr << "usage: niagara-loadgen [--host H] [--port P] [--tables N] [--seats 3..5] "
                     "[--seconds S]\n"
                     "                       [--threads T] [--think-ms MS] [--warmup S] [--bot "
                     "prompt|view]\n"
                     "                       [--server-pid PID]\n";
        return 2;
    }
    rlimit files{};
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;  // one socket per bot
    setrlimit(RLIMIT_NOFILE, &files);

    boost::asio::io_context io(f.threads);  // with 1: Asio's single-thread fast paths
    Stats stats;
    std::vector<std::shared_ptr<Group>> groups;
    const std::string new_table = "/new players=" + std::to_string(f.seats);

    for (int t = 0; t < f.tables; ++t) {
        auto group = std::make_shared<Group>(stats);
        group->pending_sends.resize(std::size_t(f.seats));
        group->events_seen.resize(std::size_t(f.seats));
        for (int m = 0; m < f.seats; ++m) {
            GameClient::Settings settings;
            settings.host = f.host;
            settings.port = f.port;
            settings.seed = std::uint64_t(t * 16 + m + 1);
            settings.think = std::chrono::milliseconds(f.think_ms);
            settings.one_thread = f.threads == 1;  // no strand per client
            settings.bot_reads_view = f.bot_reads_view;
            settings.keep_view = f.bot_reads_view;  // a bot that picks from the prompt needs none
            if (m == 0) settings.opening = {"/name host-" + std::to_string(t), new_table};
            auto client = std::make_shared<GameClient>(io, settings);
            std::weak_ptr<Group> weak = group;
            const std::size_t member = std::size_t(m);
            client->on_act = [weak, member](GameClient&, const std::string&) {
                if (auto g = weak.lock()) {
                    std::lock_guard lock(g->mutex);
                    g->pending_sends[member].push_back(Clock::now());
                }
            };
            client->on_closed = [&stats](GameClient&, const std::string&) {
                std::lock_guard lock(stats.mutex);
                ++stats.closed;
            };
            client->on_message = [weak, member, &stats, new_table](GameClient& me, const Json& msg,
                                                                   const std::string&) {
                auto g = weak.lock();
                if (!g) return;
                const std::string type = msg.value("type", "");
                if ((type == "patch" || type == "snapshot") && msg.contains("event")) {
                    g->on_event(member, msg["event"].value("seat", -1), me.seat());
                } else if (type == "error") {
                    std::lock_guard lock(stats.mutex);
                    ++stats.errors;
                    std::lock_guard group_lock(g->mutex);
                    if (member < g->pending_sends.size() && !g->pending_sends[member].empty())
                        g->pending_sends[member].erase(g->pending_sends[member].begin());
                } else if (type == "table_created" && member == 0) {
                    g->table = msg.at("table").get<long>();
                    for (std::size_t i = 1; i < g->clients.size(); ++i)
                        g->clients[i]->send("/join " + std::to_string(g->table));
                } else if (type == "joined" && member == 0) {
                    bool start = false;
                    {
                        std::lock_guard lock(g->mutex);
                        start = ++g->joined == int(g->clients.size());
                    }
                    if (start) me.send("/start");
                } else if (type == "ended" && member == 0) {
                    {
                        std::lock_guard lock(stats.mutex);
                        ++stats.games;
                    }
                    g->reset_table();
                    me.send(new_table);  // the next game, at a new table
                }
            };
            group->clients.push_back(client);
        }
        groups.push_back(group);
    }
    for (auto& g : groups)
        for (auto& c : g->clients)
            c->start();

    const auto started = Clock::now();
    stats.measure_from = started + std::chrono::seconds(f.warmup);
    const auto run_time = std::chrono::seconds(f.warmup + f.seconds);
    // CPU used while measuring, by the server and by this load generator.
    double server_cpu_from = 0, own_cpu_from = 0;
    boost::asio::steady_timer measuring(io, stats.measure_from);
    measuring.async_wait([&](boost::system::error_code) {
        if (f.server_pid > 0) server_cpu_from = cpu_seconds(f.server_pid);
        own_cpu_from = cpu_seconds(getpid());
    });
    std::vector<std::thread> threads;
    for (int i = 1; i < f.threads; ++i)
        threads.emplace_back([&] { io.run_for(run_time); });
    io.run_for(run_time);
    for (auto& t : threads)
        t.join();
    const double secs = std::chrono::duration<double>(Clock::now() - stats.measure_from).count();
    const double server_cpu = f.server_pid > 0 ? cpu_seconds(f.server_pid) - server_cpu_from : 0;
    const double own_cpu = cpu_seconds(getpid()) - own_cpu_from;

    std::lock_guard lock(stats.mutex);
    long open = 0;
    for (auto& g : groups)
        for (auto& c : g->clients)
            open += c->connected();
    std::printf("tables %d x %d seats: %ld connections open, %ld closed; think time %d ms\n",
                f.tables, f.seats, open, stats.closed, f.think_ms);
    std::printf(
        "%.1f s measured after %d s of warm-up: %ld actions (%.0f actions/s), %ld games finished, "
        "%ld errors\n",
        secs, f.warmup, stats.actions, double(stats.actions) / secs, stats.games, stats.errors);
    std::printf(
        "latency action -> own event:    p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (%zu "
        "samples)\n",
        percentile(stats.own_ms, 0.5), percentile(stats.own_ms, 0.9),
        percentile(stats.own_ms, 0.99), percentile(stats.own_ms, 1.0), stats.own_ms.size());
    std::printf(
        "latency action -> last member:  p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (%zu "
        "samples)\n",
        percentile(stats.last_ms, 0.5), percentile(stats.last_ms, 0.9),
        percentile(stats.last_ms, 0.99), percentile(stats.last_ms, 1.0), stats.last_ms.size());
    const double per_action = stats.actions > 0 ? 1e6 / double(stats.actions) : 0;
    std::printf("load generator CPU %.0f%% of a core, %.0f us per action\n", 100 * own_cpu / secs,
                own_cpu * per_action);
    if (f.server_pid > 0)
        std::printf("server CPU %.0f%% of a core, %.0f us per action; server RSS %.1f MiB\n",
                    100 * server_cpu / secs, server_cpu * per_action,
                    double(rss_kib(f.server_pid)) / 1024.0);
    // The io_context stopped with connections open; exit without waiting for them.
    std::fflush(stdout);
    std::_Exit(0);
}
