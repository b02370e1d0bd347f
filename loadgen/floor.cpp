// niagara-floor: what the load benchmark's traffic costs this machine with no server logic at
// all, so that load figures from different sittings can be told apart from the machine's drift.
//
//   niagara-floor [--tables 1000] [--seats 4] [--seconds 10]
//
// It forks: the child serves, the parent plays every seat, each a single-threaded epoll loop
// over TCP on 127.0.0.1 with TCP_NODELAY, as niagara-server and niagara-loadgen are. The
// traffic is the load generator's as fast as it can go: each table always has one decision in
// flight; a 16-byte command in, then one frame to every seat of the table, the next actor's
// 2,200 bytes (a patch with a prompt) and the others' 600 (a plain patch), the mean sizes the
// real server sends at 4 seats. No WebSocket, JSON, game or storage: the system calls, the
// kernel's TCP and the wake-ups alone. It prints actions/s and the CPU each side used per
// action; the real server and load generator spend that much and then their own work.
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "process_stats.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using niagara::bench::cpu_seconds;

constexpr std::size_t kCommand = 16;                 // "/canoe 1 down 1" and its kind
constexpr std::size_t kPrompt = 2200, kPlain = 600;  // frames with and without a decision

void tune(int fd) {
    const int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

int watch_all(const std::vector<int>& fds) {
    const int ep = epoll_create1(0);
    for (std::size_t i = 0; i < fds.size(); ++i) {
        epoll_event e{};
        e.events = EPOLLIN | EPOLLET;
        e.data.u64 = i;
        epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &e);
    }
    return ep;
}

// The server side: every command makes one frame for each seat of its table.
[[noreturn]] void serve(int listener, int tables, int seats) {
    std::vector<int> conns;
    for (int i = 0; i < tables * seats; ++i) {
        conns.push_back(accept4(listener, nullptr, nullptr, SOCK_NONBLOCK));
        tune(conns.back());
    }
    const int ep = watch_all(conns);
    const std::string prompt(kPrompt, 'p'), plain(kPlain, 'u');
    std::vector<std::size_t> partial(conns.size(), 0);  // bytes of an unfinished command
    std::array<char, 4096> in{};
    std::array<epoll_event, 128> ready{};
    for (;;) {
        const int n = epoll_wait(ep, ready.data(), int(ready.size()), -1);
        for (int r = 0; r < n; ++r) {
            const std::size_t from = ready[std::size_t(r)].data.u64;
            ssize_t got = 0;
            while ((got = recv(conns[from], in.data(), in.size(), 0)) > 0) {
                partial[from] += std::size_t(got);
                for (; partial[from] >= kCommand; partial[from] -= kCommand) {
                    const std::size_t table = from / std::size_t(seats);
                    const std::size_t next = table * std::size_t(seats) +
                                             (from % std::size_t(seats) + 1) % std::size_t(seats);
                    for (int s = 0; s < seats; ++s) {
                        const std::size_t to = table * std::size_t(seats) + std::size_t(s);
                        const std::string& frame = to == next ? prompt : plain;
                        // Whole: a table has one action in flight, a few KB per socket.
                        send(conns[to], frame.data(), frame.size(), MSG_NOSIGNAL);
                    }
                }
            }
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    int tables = 1000, seats = 4, seconds = 10;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i];
        const int v = std::stoi(argv[i + 1]);
        if (k == "--tables")
            tables = v;
        else if (k == "--seats")
            seats = v;
        else if (k == "--seconds")
            seconds = v;
    }
    if (argc % 2 == 0 || tables < 1 || seats < 2 || seconds < 1) {
        std::fprintf(stderr, "usage: niagara-floor [--tables N] [--seats N] [--seconds S]\n");
        return 2;
    }
    rlimit files{};
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);

    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(listener, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
        listen(listener, 4096) != 0 ||
        getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        std::perror("listen");
        return 1;
    }
    const pid_t server = fork();
    if (server == 0) serve(listener, tables, seats);

    // The seats: a seat answers when a whole prompt-sized frame has come to it.
    const std::size_t n = std::size_t(tables) * std::size_t(seats);
    std::vector<int> conns(n);
    for (int& fd : conns) {
        fd = socket(AF_INET, SOCK_STREAM, 0);
        if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
            std::perror("connect");
            kill(server, SIGKILL);
            return 1;
        }
        tune(fd);
        fcntl(fd, F_SETFL, O_NONBLOCK);  // connected: from now on, read until EAGAIN
    }
    const int ep = watch_all(conns);
    const std::string command(kCommand, 'c');
    // Seat 0 of each table acts first, then each seat in turn: the command of action k goes
    // out from seat k % seats, and its prompt to the seat after. A seat's frames come in
    // order, so counting bytes is framing enough.
    const auto seat_of = [&](std::size_t i) { return i % std::size_t(seats); };
    std::vector<long> frames(n, 0);           // whole frames each seat has had
    std::vector<std::size_t> received(n, 0);  // bytes of the frame under way
    const auto next_is_prompt = [&](std::size_t i) {
        return std::size_t(frames[i] + 1) % std::size_t(seats) == seat_of(i);
    };
    for (int t = 0; t < tables; ++t)
        send(conns[std::size_t(t * seats)], command.data(), command.size(), MSG_NOSIGNAL);

    long actions = 0, measured_from_actions = 0;
    double client_cpu = -1, server_cpu = 0;
    const auto start = Clock::now(), warmed = start + std::chrono::seconds(2);
    const auto end = warmed + std::chrono::seconds(seconds);
    Clock::time_point measured_from = warmed;
    std::vector<char> in(65536);
    std::array<epoll_event, 128> ready{};
    for (Clock::time_point now = start; now < end; now = Clock::now()) {
        if (client_cpu < 0 && now >= warmed) {
            client_cpu = cpu_seconds(getpid());
            server_cpu = cpu_seconds(server);
            measured_from_actions = actions;
            measured_from = now;
        }
        const int k = epoll_wait(ep, ready.data(), int(ready.size()), 100);
        for (int r = 0; r < k; ++r) {
            const std::size_t i = ready[std::size_t(r)].data.u64;
            ssize_t got = 0;
            while ((got = recv(conns[i], in.data(), in.size(), 0)) > 0) {
                received[i] += std::size_t(got);
                for (;;) {
                    const bool prompt = next_is_prompt(i);
                    const std::size_t size = prompt ? kPrompt : kPlain;
                    if (received[i] < size) break;
                    received[i] -= size;
                    ++frames[i];
                    if (!prompt) continue;
                    send(conns[i], command.data(), command.size(), MSG_NOSIGNAL);  // it acts
                    ++actions;
                }
            }
        }
    }
    const double secs = std::chrono::duration<double>(Clock::now() - measured_from).count();
    const double client = cpu_seconds(getpid()) - client_cpu;
    const double served = cpu_seconds(server) - server_cpu;
    const long done = actions - measured_from_actions;
    kill(server, SIGKILL);
    waitpid(server, nullptr, 0);
    std::printf(
        "floor: %d tables x %d seats, %.1f s: %.0f actions/s; server side %.0f us per "
        "action (%.0f%% of a core), clients %.0f us per action (%.0f%%)\n",
        tables, seats, secs, double(done) / secs, 1e6 * served / double(done), 100 * served / secs,
        1e6 * client / double(done), 100 * client / secs);
    return 0;
}
