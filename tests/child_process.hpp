// Stopping a child process the tests started (the game server, the bridge, a chat server):
// `signal`, then SIGKILL once `timeout` has passed, and always reaped. One place for it, so
// that every fixture stops its children the same way and none can be left behind.
#pragma once

#include <sys/types.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <thread>

namespace test_support {

// Returns the wait status (0 if the process was already gone); `pid` is -1 afterwards.
inline int stop_child(pid_t& pid, int signal = SIGTERM,
                      std::chrono::milliseconds timeout = std::chrono::seconds(3)) {
    if (pid <= 0) return 0;
    ::kill(pid, signal);
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const pid_t reaped = ::waitpid(pid, &status, WNOHANG);
        if (reaped == pid || reaped < 0) break;
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    pid = -1;
    return status;
}

}  // namespace test_support
