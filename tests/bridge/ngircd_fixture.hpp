// The real ngircd (/usr/sbin/ngircd, 26.1) as a child process for the IRC tests: in the
// foreground (-n), on 127.0.0.1 and an ephemeral port, with a configuration written into a
// fresh temporary directory (no PAM, no ident or DNS lookups, any number of connections from one
// address, no system include directory). Nothing waits without a deadline; the destructor kills
// and reaps the server.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>

namespace irc_test {

using namespace std::chrono_literals;

class NgircdServer {
  public:
    struct Options {
        // ngircd's flood control as shipped: 3 commands a second per client, penalties for
        // long lines and errors. Off (MaxPenaltyTime = 0), test clients are served at once;
        // only the flood test needs it on.
        bool flood_control = false;
        int nick_length = 9;  // ngircd's default MaxNickLength
        // A TLS port too (tls_port()), with a self-signed certificate for "localhost" made by
        // /usr/bin/openssl.
        bool tls = false;
    };

    // Starts the server (see start()).
    explicit NgircdServer(Options options);
    NgircdServer() : NgircdServer(Options{}) {}
    ~NgircdServer();
    NgircdServer(const NgircdServer&) = delete;
    NgircdServer& operator=(const NgircdServer&) = delete;

    // Starts ngircd and waits (10 s at most) until its port accepts connections. The first
    // start takes a free port (tries again with another when ngircd cannot bind it); later
    // starts keep the port. Throws std::runtime_error with ngircd's log when it does not come up.
    void start();
    // SIGTERM, then SIGKILL after `timeout`; reaps the process.
    void stop(std::chrono::milliseconds timeout = 3s);
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }  // to SIGSTOP it: a server that stops answering

    unsigned short port() const { return port_; }
    unsigned short tls_port() const { return tls_port_; }  // 0 without Options::tls
    static constexpr const char* name = "irc.test";
    std::string log() const;  // what ngircd wrote to stdout and stderr

  private:
    bool try_start(std::chrono::steady_clock::time_point deadline);
    void write_config() const;
    void make_certificate() const;

    Options options_;
    std::filesystem::path dir_;
    pid_t pid_ = -1;
    unsigned short port_ = 0;
    unsigned short tls_port_ = 0;
};

// A TCP port of 127.0.0.1 that nobody listens on just now (bound to port 0, then closed).
unsigned short free_loopback_port();

// Whether something accepts TCP connections on 127.0.0.1:`port` (waits `timeout` at most).
bool accepts_connections(unsigned short port, std::chrono::milliseconds timeout = 500ms);

}  // namespace irc_test
