// The real prosody (/usr/bin/prosody, 0.12) as a child process for the XMPP tests: plain-text
// c2s on an ephemeral port of 127.0.0.1, one VirtualHost "localhost" with accounts made by
// prosodyctl, and two MUC services: rooms.localhost shows occupants' JIDs to everyone (as
// the bot needs), hidden.localhost shows them to moderators only. No s2s, no HTTP, no TLS.
// Everything lives in a fresh temporary directory; nothing waits without a deadline.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace xmpp_test {

using namespace std::chrono_literals;

class ProsodyServer {
  public:
    // Registers `users` (name, password) on localhost, then starts the server.
    explicit ProsodyServer(std::initializer_list<std::pair<std::string, std::string>> users);
    ~ProsodyServer();
    ProsodyServer(const ProsodyServer&) = delete;
    ProsodyServer& operator=(const ProsodyServer&) = delete;

    // Starts prosody and waits (10 s at most) until its c2s port accepts; throws
    // std::runtime_error with the log when it does not come up.
    void start();
    // SIGTERM, then SIGKILL after `timeout`; reaps the process.
    void stop(std::chrono::milliseconds timeout = 3s);
    // Stops and starts again on the same port and data (accounts stay; rooms go).
    void restart();
    bool running() const { return pid_ > 0; }

    unsigned short port() const { return port_; }
    static constexpr const char* domain = "localhost";
    static constexpr const char* rooms = "rooms.localhost";    // JIDs shown to all
    static constexpr const char* hidden = "hidden.localhost";  // JIDs for moderators only
    std::string jid(const std::string& user) const { return user + "@" + domain; }
    std::string log() const;  // prosody's log file and what it wrote to stdout/stderr

  private:
    void write_config() const;
    void register_user(const std::string& user, const std::string& password) const;
    bool try_start();

    std::filesystem::path dir_;
    pid_t pid_ = -1;
    unsigned short port_ = 0;
};

}  // namespace xmpp_test
