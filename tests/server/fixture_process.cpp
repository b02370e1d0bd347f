// The server under test as a child process (ServerProcess) in a temporary directory (TempDir).
#include "server_fixture.hpp"

#include "built_programs.hpp"
#include "child_process.hpp"

#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstring>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>


namespace server_test {

namespace {

// The server's threads: 2 (connections on one thread, tables on the other), or what
// NIAGARA_TEST_SERVER_THREADS says (CTest runs the server tests again with 1, everything on
// one thread, and with 3, every table and connection on a strand).
std::string server_threads() {
    const char* threads = std::getenv("NIAGARA_TEST_SERVER_THREADS");
    return threads && *threads ? threads : "2";
}

}  // namespace

// ---- TempDir -----------------------------------------------------------------------------

TempDir::TempDir(const std::string& prefix) {
    std::string pattern = std::filesystem::temp_directory_path() / (prefix + "-XXXXXX");
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
}

// ---- SmallDisk ---------------------------------------------------------------------------

SmallDisk::SmallDisk(long bytes) : dir_("niagara-disk") {
    path = dir_.path / "disk";
    std::filesystem::create_directory(path);
    const std::string options = "size=" + std::to_string(bytes) + ",mode=0700";
    mounted = ::mount("tmpfs", path.c_str(), "tmpfs", 0, options.c_str()) == 0;
    if (!mounted) why = std::strerror(errno);
}

SmallDisk::~SmallDisk() {
    if (mounted) ::umount2(path.c_str(), MNT_DETACH);
}

std::filesystem::path SmallDisk::fill() const {
    const auto filler = path / "filler";
    const int fd = ::open(filler.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd < 0) throw std::runtime_error("cannot create " + filler.string());
    const std::string block(4096, 'f');
    for (std::size_t size = block.size(); size > 0; size /= 2)
        while (::write(fd, block.data(), size) == ssize_t(size)) {
        }
    ::close(fd);
    return filler;
}

// ---- ServerProcess -----------------------------------------------------------------------

ServerProcess::ServerProcess(std::vector<std::string> extra_args, int max_files)
    : args_(std::move(extra_args)), dir_("niagara-srvtest"), max_files_(max_files) {
    start();
}

ServerProcess::~ServerProcess() {
    try {
        stop();
    } catch (...) {
    }
}

std::string ServerProcess::log() const {
    std::ifstream in(dir_.path / "server.log");
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void ServerProcess::start() {
    launch();
    wait_for_port();
}

void ServerProcess::launch() {
    if (running()) throw std::runtime_error("the server is running already");
    const auto port_file = dir_.path / "port";
    std::filesystem::remove(port_file);
    std::vector<std::string> args = {
        test::server_program(), "--bind", "127.0.0.1", "--port", "0", "--port-file", port_file.string(),
        "--data", (dir_.path / "data").string(), "--bot-delay-ms", "0", "--log-level", "warn",
        "--threads", server_threads(),
        // Bots answer prompts at once, far faster than the default
        // 20 messages a second; tests of the limit set their own.
        "--rate", "100000", "--burst", "100000",
        // Every test's requests come from 127.0.0.1: the HTTP limits per address are off
        // but in the tests of them.
        "--max-http-connections-per-address", "0", "--http-rate", "0",
        "--max-replay-builds-per-address", "0",
        // Most tests read /metrics on the game's port; by default
        // the server does not serve it there.
        "--metrics", "main",
        // Every test client comes from 127.0.0.1: the limits per
        // address are tested on their own (limits_test.cpp).
        "--max-tables-per-address", "0", "--max-connections-per-address", "0",
        // Random bots: they answer in microseconds and, with --bot-seed, repeat themselves.
        // Tests of the other levels ask for them (/addbot strong, bots=greedy, --bot-level).
        "--bot-level", "random"};
    args.insert(args.end(), args_.begin(), args_.end());
    pid_ = test_support::spawn_child(std::move(args), dir_.path / "server.log",
                                     {.null_stdin = false, .max_files = long(max_files_)});
}

void ServerProcess::wait_for_port() {
    const auto port_file = dir_.path / "port";
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            throw std::runtime_error("niagara-server exited at start (status " +
                                     std::to_string(status) + "):\n" + log());
        }
        std::ifstream in(port_file);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!text.empty() && text.back() == '\n') {
            const int port = std::atoi(text.c_str());
            if (port > 0 && port < 65536) {
                port_ = static_cast<unsigned short>(port);
                return;
            }
        }
        std::this_thread::sleep_for(5ms);
    }
    stop(SIGKILL);
    throw std::runtime_error("niagara-server wrote no port file within 10 s:\n" + log());
}

int ServerProcess::stop(int signal, std::chrono::milliseconds timeout) {
    if (!running()) return -1;
    return test_support::stop_child(pid_, signal, timeout);
}

void ServerProcess::restart() {
    stop();
    start();
}

}  // namespace server_test
