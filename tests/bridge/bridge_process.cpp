#include "bridge_process.hpp"

#include "child_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#ifndef NIAGARA_BRIDGE_BIN
#error "NIAGARA_BRIDGE_BIN must name the niagara-bridge binary"
#endif

namespace bridge_test {

BridgeProcess::BridgeProcess(std::filesystem::path dir, std::vector<std::string> args)
    : dir_(std::move(dir)), args_(std::move(args)) {}

BridgeProcess::~BridgeProcess() {
    stop();
}

std::string BridgeProcess::log() const {
    std::ifstream in(dir_ / "bridge.log");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void BridgeProcess::start() {
    if (running()) throw std::runtime_error("the bridge is running already");
    std::vector<std::string> args{NIAGARA_BRIDGE_BIN};
    args.insert(args.end(), args_.begin(), args_.end());
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string log_path = (dir_ / "bridge.log").string();
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {  // only async-signal-safe calls until exec
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        const int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        for (int i = 3; i < 4096; ++i)
            close(i);
        execv(argv[0], argv.data());
        _exit(127);
    }
    pid_ = pid;
}

int BridgeProcess::stop(std::chrono::milliseconds timeout) {
    if (!running()) return -1;
    return test_support::stop_child(pid_, SIGTERM, timeout);
}

}  // namespace bridge_test
