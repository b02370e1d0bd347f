// The child processes the tests start (the game server, the bridge, the chat servers), started
// and stopped in one place, so that every fixture does it the same way: a child never outlives
// the test program, never inherits its sockets, writes its output to a file of the test's
// temporary directory, and is always stopped and reaped.
#pragma once

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace test_support {

struct SpawnOptions {
    bool null_stdin = false;  // standard input from /dev/null (else the test program's)
    long max_files = 0;       // RLIMIT_NOFILE, soft and hard (0: as inherited)
};

// Starts `args[0]` (a path) with `args`, its standard output and error appended to `output`.
// Throws when fork fails; a failed exec is the child's exit status 127.
inline pid_t spawn_child(std::vector<std::string> args, const std::filesystem::path& output,
                         SpawnOptions options = {}) {
    std::vector<char*> argv;
    for (auto& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    const std::string output_path = output.string();
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid != 0) return pid;
    // The child: only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test program
    if (::getppid() != parent) ::_exit(127);
    const int fd = ::open(output_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd >= 0) {
        ::dup2(fd, 1);
        ::dup2(fd, 2);
    }
    if (options.null_stdin)
        if (const int null = ::open("/dev/null", O_RDONLY); null >= 0) ::dup2(null, 0);
    for (int i = 3; i < 4096; ++i)  // the test's own sockets stay out of the child
        ::close(i);
    if (options.max_files > 0) {  // soft and hard: the child cannot raise it
        const rlimit files{rlim_t(options.max_files), rlim_t(options.max_files)};
        ::setrlimit(RLIMIT_NOFILE, &files);
    }
    ::execv(argv[0], argv.data());
    ::_exit(127);
}

// Waits for `pid` to end by itself for up to `timeout`, then kills it; returns the wait status.
inline int wait_child(pid_t pid, std::chrono::milliseconds timeout) {
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const pid_t reaped = ::waitpid(pid, &status, WNOHANG);
        if (reaped == pid || reaped < 0) return status;
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            return status;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

// Returns the wait status (0 if the process was already gone); `pid` is -1 afterwards.
inline int stop_child(pid_t& pid, int signal = SIGTERM,
                      std::chrono::milliseconds timeout = std::chrono::seconds(3)) {
    if (pid <= 0) return 0;
    ::kill(pid, signal);
    const int status = wait_child(pid, timeout);
    pid = -1;
    return status;
}

}  // namespace test_support
