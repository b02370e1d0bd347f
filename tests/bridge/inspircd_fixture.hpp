// A small IRC network with services for the account tests: Debian's InspIRCd (3.15) with the
// IRCv3 account capabilities (account-tag, extended-join, account-notify; WHOX is in its core),
// and Atheme (7.2) linked to it as services.test: NickServ (REGISTER, IDENTIFY, LOGOUT) and
// SaslServ (PLAIN). Both run in the foreground as child processes, on 127.0.0.1 and free ports
// (one for clients, one for the services link), with their configuration, logs and Atheme's
// database in a fresh temporary directory; they never touch the system's own configuration,
// ports or services. Nothing waits without a deadline; the destructor kills and reaps both.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace irc_test {

using namespace std::chrono_literals;

class InspircdServices {
  public:
    // Starts InspIRCd, then Atheme, and waits (15 s at most) until Atheme has linked and sent
    // its burst (NickServ is on the network). Throws std::runtime_error with both logs when
    // they do not come up.
    InspircdServices();
    ~InspircdServices();
    InspircdServices(const InspircdServices&) = delete;
    InspircdServices& operator=(const InspircdServices&) = delete;

    unsigned short port() const { return port_; }  // for clients
    static constexpr const char* name = "irc.test";
    static constexpr const char* services_name = "services.test";
    std::string log() const;  // what both wrote, for failure messages

  private:
    bool try_start(std::chrono::steady_clock::time_point deadline);
    bool wait_linked(std::chrono::steady_clock::time_point deadline);
    void write_inspircd_config() const;
    void write_atheme_config() const;
    pid_t spawn(std::vector<std::string> args, const std::filesystem::path& output) const;
    void stop();

    std::filesystem::path dir_;
    pid_t ircd_pid_ = -1;
    pid_t services_pid_ = -1;
    unsigned short port_ = 0;       // clients
    unsigned short link_port_ = 0;  // the services' link
};

}  // namespace irc_test
