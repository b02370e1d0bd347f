// niagara-loadgen: many tables of bot clients playing whole games against a running server, as
// fast as they can or with a think time per decision. Prints actions/s, latency percentiles
// (action sent -> own event received; -> last member of the table received it), connections,
// the CPU that the server and the load generator used per action while measuring, and the
// server's RSS.
//
//   niagara-loadgen --port 8080 --tables 1000 --seats 4 --seconds 30 [--think-ms 200]
//                   [--server-pid PID]
//
// Each bot plays as a thin client does, with the test clients' PromptBot: it reads of each
// frame only what playing needs (read_for_play, simdjson) and picks from the prompt alone, the
// way the engine's homing bot would, so its games end. The connections are WebSocketClient's:
// one thread, one edge-triggered epoll loop, so that the load generator takes as little as it
// can of the machine it shares with the server it measures (websocket_client.hpp says why).
//
// As fast as they can, every table always has a decision in flight, so by Little's law the
// mean latency is (decisions in flight) / throughput: it measures capacity, and latency grows
// with the number of tables. A think time offers a steady load, as people do, and measures the
// latency at that load.
#include <netdb.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <queue>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "niagara/client/play_reader.hpp"
#include "process_stats.hpp"
#include "niagara/client/prompt_bot.hpp"
#include "websocket_client.hpp"

using niagara::bench::cpu_seconds;
using niagara::bench::rss_kib;
using niagara::client::PlayMessage;
using niagara::client::PromptBot;
using niagara::loadgen::WebSocketClient;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::json;

namespace {

struct Flags {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;
    int tables = 100;
    int seats = 4;
    int seconds = 30;
    int think_ms = 0;  // each bot waits about this long before answering (0: as fast as possible)
    int warmup = 5;    // seconds of connecting and starting before anything is measured
    long server_pid = 0;
    // Languages: every `lang_every`-th bot (the 2nd, 4th, ... with 2) reads the server's texts
    // in `lang` (/lang), the others in English. 0: everyone in English.
    std::string lang = "fr";
    int lang_every = 0;
};

// Latency samples and counters of every table.
struct Stats {
    std::vector<double> own_ms;   // action sent -> its event back at the sender
    std::vector<double> last_ms;  // action sent -> the event at the last member of the table
    long actions = 0;
    long games = 0;
    long errors = 0;
    long closed = 0;
    Clock::time_point measure_from;  // actions sent before this (the warm-up) are not counted
};

double ms_between(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double, std::milli>(to - from).count();
}

// One table's players (members), re-seated at a new table after every game.
struct Group {
    std::vector<std::size_t> players;  // indexes into the players, by member
    // Per event index at this table: when its actor sent it, and when each member got it.
    std::vector<Clock::time_point> sent_at;
    std::vector<int> received;
    std::vector<Clock::time_point> last_at;
    std::vector<std::vector<Clock::time_point>> pending_sends;  // per member, FIFO of send times
    std::vector<long> events_seen;                              // per member
    int joined = 0;
    long table = -1;

    void reset_table() {
        sent_at.clear();
        received.clear();
        last_at.clear();
        for (auto& q : pending_sends)
            q.clear();
        std::fill(events_seen.begin(), events_seen.end(), 0);
        joined = 0;
    }

    void on_event(Stats& stats, std::size_t member, int actor_seat, int member_seat) {
        const auto now = Clock::now();
        const auto n = std::size_t(events_seen[member]++);
        if (n >= received.size()) {
            received.resize(n + 1, 0);
            sent_at.resize(n + 1);
            last_at.resize(n + 1);
        }
        auto& mine = pending_sends[member];
        if (actor_seat == member_seat && !mine.empty()) {  // my own action
            sent_at[n] = mine.front();
            mine.erase(mine.begin());
            if (sent_at[n] >= stats.measure_from) {
                stats.own_ms.push_back(ms_between(sent_at[n], now));
                ++stats.actions;
            }
        }
        last_at[n] = std::max(last_at[n], now);
        if (++received[n] == int(players.size()) && sent_at[n] >= stats.measure_from)
            stats.last_ms.push_back(ms_between(sent_at[n], last_at[n]));
    }
};

struct Player {
    Player(WebSocketClient connection, std::size_t group_index, std::size_t member_index,
           std::uint64_t seed)
        : ws(std::move(connection)),
          group(group_index),
          member(member_index),
          bot(seed),
          random(seed) {}

    WebSocketClient ws;
    std::size_t group;
    std::size_t member;
    PromptBot bot;
    std::mt19937_64 random;  // think times
    int seat = -1;
    bool counted_closed = false;
    // The answer waiting for its think time; a newer prompt replaces it.
    std::uint32_t answer = 0;
    std::string action;
};

// How long the loop lets frames gather after a batch (see run): up to a millisecond more on
// the measured latencies, against a wake-up per frame or two.
constexpr auto kGather = std::chrono::milliseconds(1);

// An answer due at `at`, unless its player has had a newer prompt since.
struct Due {
    Clock::time_point at;
    std::uint32_t player;
    std::uint32_t answer;
    bool operator>(const Due& other) const { return at > other.at; }
};

class LoadGenerator {
  public:
    LoadGenerator(const Flags& f) : f_(f), new_table_("/new players=" + std::to_string(f.seats)) {}

    void connect_all();
    void run(Clock::time_point measure_from, Clock::time_point end);
    const Stats& stats() const { return stats_; }
    long open_connections() const;
    double server_cpu_from = 0, own_cpu_from = 0;

  private:
    void read(std::size_t p);
    void handle(std::size_t p, std::string_view frame);
    void answer(Player& player, std::size_t p);
    void act(Player& player);
    void send(std::size_t p, std::string_view text) { players_[p].ws.send_text(text); }

    const Flags& f_;
    const std::string new_table_;
    Stats stats_;
    std::vector<Player> players_;
    std::vector<Group> groups_;
    std::priority_queue<Due, std::vector<Due>, std::greater<>> due_;
    int epoll_ = -1;
    PlayMessage read_;  // the frame being handled: one for all players, so it stays in cache
};

sockaddr_in resolve(const Flags& f) {
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (getaddrinfo(f.host.c_str(), std::to_string(f.port).c_str(), &hints, &found) != 0 || !found)
        throw std::runtime_error("cannot resolve " + f.host);
    sockaddr_in address{};
    std::memcpy(&address, found->ai_addr, sizeof address);
    freeaddrinfo(found);
    return address;
}

void LoadGenerator::connect_all() {
    const sockaddr_in server = resolve(f_);
    const std::string host = f_.host + ":" + std::to_string(f_.port);
    epoll_ = epoll_create1(EPOLL_CLOEXEC);
    players_.reserve(std::size_t(f_.tables) * std::size_t(f_.seats));
    for (int t = 0; t < f_.tables; ++t) {
        Group& group = groups_.emplace_back();
        group.pending_sends.resize(std::size_t(f_.seats));
        group.events_seen.resize(std::size_t(f_.seats));
        for (int m = 0; m < f_.seats; ++m) {
            const std::uint64_t seed = std::uint64_t(t * 16 + m + 1);
            const std::size_t p = players_.size();
            players_.emplace_back(WebSocketClient(server, host, "/ws", seed), std::size_t(t),
                                  std::size_t(m), seed);
            group.players.push_back(p);
            epoll_event event{};
            event.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
            event.data.u64 = p;
            epoll_ctl(epoll_, EPOLL_CTL_ADD, players_[p].ws.fd(), &event);
            if (f_.lang_every > 0 && (p + 1) % std::size_t(f_.lang_every) == 0)
                send(p, "/lang " + f_.lang);
            if (m == 0) {
                send(p, "/name host-" + std::to_string(t));
                send(p, new_table_);
            }
        }
    }
    // Frames that came with a handshake's answer wait in their client: hand them on.
    for (std::size_t p = 0; p < players_.size(); ++p)
        read(p);
}

void LoadGenerator::run(Clock::time_point measure_from, Clock::time_point end) {
    stats_.measure_from = measure_from;
    bool measuring = false;
    std::array<epoll_event, 256> ready{};
    for (Clock::time_point now = Clock::now(); now < end; now = Clock::now()) {
        if (!measuring && now >= measure_from) {
            measuring = true;
            if (f_.server_pid > 0) server_cpu_from = cpu_seconds(f_.server_pid);
            own_cpu_from = cpu_seconds(getpid());
        }
        // Sleep until the next answer is due (rounded up to a millisecond), or 100 ms.
        Clock::time_point wake = std::min(end, now + std::chrono::milliseconds(100));
        if (!measuring) wake = std::min(wake, measure_from);
        if (!due_.empty()) wake = std::min(wake, due_.top().at);
        const auto wait = std::chrono::ceil<std::chrono::milliseconds>(wake - now).count();
        const int n =
            epoll_wait(epoll_, ready.data(), int(ready.size()), int(std::max<long>(0, wait)));
        for (int i = 0; i < n; ++i) {
            const epoll_event& event = ready[std::size_t(i)];
            const std::size_t p = event.data.u64;
            if (event.events & EPOLLOUT) players_[p].ws.on_writable();
            if (event.events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) read(p);
        }
        now = Clock::now();
        while (!due_.empty() && due_.top().at <= now) {
            const Due due = due_.top();
            due_.pop();
            Player& player = players_[due.player];
            if (player.answer == due.answer && !player.action.empty()) act(player);
        }
        // Let frames gather for a moment rather than wake for each: a wake-up costs both sides
        // (the server's send pays for waking a waiting epoll), and on this VM it is dear.
        if (n > 0 && std::size_t(n) < ready.size()) {
            Clock::time_point until = std::min(end, now + kGather);
            if (!due_.empty()) until = std::min(until, due_.top().at);
            if (until > now) std::this_thread::sleep_for(until - now);
        }
    }
}

void LoadGenerator::read(std::size_t p) {
    Player& player = players_[p];
    if (player.ws.open()) player.ws.on_readable([&](std::string_view frame) { handle(p, frame); });
    // Closed now, or earlier by a failed send (whose error or hang-up brought this call).
    if (!player.ws.open() && !player.counted_closed) {
        player.counted_closed = true;
        ++stats_.closed;
        epoll_ctl(epoll_, EPOLL_CTL_DEL, player.ws.fd(), nullptr);
    }
}

std::string_view text_member(const Json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string()
               ? std::string_view(it->get_ref<const std::string&>())
               : std::string_view();
}

int int_member(const Json& object, const char* key, int otherwise) {
    const auto it = object.find(key);
    return it != object.end() && it->is_number_integer() ? it->get<int>() : otherwise;
}

void LoadGenerator::handle(std::size_t p, std::string_view frame) {
    if (!niagara::client::read_for_play(frame, read_)) return;
    Player& player = players_[p];
    Group& group = groups_[player.group];
    const Json& message = read_.message;
    const std::string_view type = text_member(message, "type");
    const bool state = type == "patch" || type == "snapshot";
    const auto event = message.find("event");
    if (type == "seated") {
        player.seat = int_member(message, "seat", -1);
    } else if (state && event != message.end()) {
        group.on_event(stats_, player.member, int_member(*event, "seat", -1), player.seat);
    } else if (type == "error") {
        ++stats_.errors;
        auto& mine = group.pending_sends[player.member];
        if (!mine.empty()) mine.erase(mine.begin());
    } else if (type == "table_created" && player.member == 0) {
        group.table = message.value("table", -1L);
        for (std::size_t m = 1; m < group.players.size(); ++m)
            send(group.players[m], "/join " + std::to_string(group.table));
    } else if (type == "joined" && player.member == 0) {
        if (++group.joined == int(group.players.size())) send(p, "/start");
    } else if (type == "ended" && player.member == 0) {
        ++stats_.games;
        group.reset_table();
        send(p, new_table_);  // the next game, at a new table
    }
    if (type == "prompt" || (state && message.contains("prompt"))) answer(player, p);
}

// As GameClient answers a prompt: after a random 0.5-1.5 x the think time, unless a newer
// prompt came first.
void LoadGenerator::answer(Player& player, std::size_t p) {
    player.action = player.bot.pick(read_.prompt);
    ++player.answer;
    if (player.action.empty()) return;  // a prompt without actions: nothing to answer
    if (f_.think_ms <= 0) return act(player);
    std::uniform_int_distribution<long> jitter(f_.think_ms / 2, f_.think_ms + f_.think_ms / 2);
    due_.push(Due{Clock::now() + std::chrono::milliseconds(jitter(player.random)), std::uint32_t(p),
                  player.answer});
}

void LoadGenerator::act(Player& player) {
    groups_[player.group].pending_sends[player.member].push_back(Clock::now());
    player.ws.send_text("/" + player.action);
    player.action.clear();
}

long LoadGenerator::open_connections() const {
    return long(std::count_if(players_.begin(), players_.end(),
                              [](const Player& p) { return p.ws.open(); }));
}

double percentile(std::vector<double> v, double p) {
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
        else if (k == "--think-ms")
            f.think_ms = std::stoi(v);
        else if (k == "--warmup")
            f.warmup = std::stoi(v);
        else if (k == "--server-pid")
            f.server_pid = std::stol(v);
        else if (k == "--lang")
            f.lang = v;
        else if (k == "--lang-every")
            f.lang_every = std::stoi(v);
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
                     "                       [--think-ms MS] [--warmup S] [--server-pid PID]\n"
                     "                       [--lang fr --lang-every N]\n";
        return 2;
    }
    rlimit files{};
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;  // one socket per bot
    setrlimit(RLIMIT_NOFILE, &files);

    LoadGenerator generator(f);
    const auto started = Clock::now();
    try {
        generator.connect_all();
    } catch (const std::exception& e) {
        std::cerr << "niagara-loadgen: " << e.what() << "\n";
        return 1;
    }
    const auto measure_from = started + std::chrono::seconds(f.warmup);
    generator.run(measure_from, measure_from + std::chrono::seconds(f.seconds));
    const double secs = std::chrono::duration<double>(Clock::now() - measure_from).count();
    const double server_cpu =
        f.server_pid > 0 ? cpu_seconds(f.server_pid) - generator.server_cpu_from : 0;
    const double own_cpu = cpu_seconds(getpid()) - generator.own_cpu_from;

    const Stats& stats = generator.stats();
    std::printf("tables %d x %d seats: %ld connections open, %ld closed; think time %d ms\n",
                f.tables, f.seats, generator.open_connections(), stats.closed, f.think_ms);
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
    std::fflush(stdout);
    return 0;
}
