#include "bridge_process.hpp"

#include "built_programs.hpp"
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
    std::vector<std::string> args{test::bridge_program()};
    args.insert(args.end(), args_.begin(), args_.end());
    pid_ = test_support::spawn_child(std::move(args), dir_ / "bridge.log");
}

int BridgeProcess::stop(std::chrono::milliseconds timeout) {
    if (!running()) return -1;
    return test_support::stop_child(pid_, SIGTERM, timeout);
}

}  // namespace bridge_test
