// niagara-bridge as a child process for the end-to-end tests, with its log in a file of the
// test's temporary directory. The test decides when it is ready (its nick joins the channel).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace bridge_test {

class BridgeProcess {
  public:
    BridgeProcess(std::filesystem::path dir, std::vector<std::string> args);
    ~BridgeProcess();
    BridgeProcess(const BridgeProcess&) = delete;
    BridgeProcess& operator=(const BridgeProcess&) = delete;

    void start();
    // SIGTERM, then SIGKILL after `timeout`; returns the wait status (-1: not running).
    int stop(std::chrono::milliseconds timeout = std::chrono::seconds(5));
    bool running() const { return pid_ > 0; }
    std::string log() const;

  private:
    std::filesystem::path dir_;
    std::vector<std::string> args_;
    pid_t pid_ = -1;
};

}  // namespace bridge_test
