// ngircd as a child process (NgircdServer).
#include "ngircd_fixture.hpp"

#include "child_process.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#ifndef NGIRCD_BIN
#error "NGIRCD_BIN must name the ngircd binary"
#endif

namespace irc_test {

namespace {

sockaddr_in loopback(unsigned short port) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}

}  // namespace

unsigned short free_loopback_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw std::runtime_error("socket failed");
    sockaddr_in address = loopback(0);
    socklen_t length = sizeof address;
    const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                       ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    ::close(fd);
    if (!bound) throw std::runtime_error("cannot bind a loopback port");
    return ntohs(address.sin_port);
}

bool accepts_connections(unsigned short port, std::chrono::milliseconds timeout) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return false;
    const sockaddr_in address = loopback(port);
    bool connected =
        ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
    if (!connected && errno == EINPROGRESS) {
        pollfd waiting{fd, POLLOUT, 0};
        if (::poll(&waiting, 1, int(timeout.count())) == 1) {
            int error = 0;
            socklen_t length = sizeof error;
            connected = ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0;
        }
    }
    ::close(fd);
    return connected;
}

NgircdServer::NgircdServer(Options options) : options_(options) {
    std::string pattern = std::filesystem::temp_directory_path() / "niagara-ngircd-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    std::filesystem::create_directory(dir_ / "include");  // empty: no system-wide settings
    if (options_.tls) make_certificate();
    start();
}

NgircdServer::~NgircdServer() {
    stop();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
}

std::string NgircdServer::log() const {
    std::ifstream in(dir_ / "ngircd.log");
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void NgircdServer::make_certificate() const {
    // An EC key: made in milliseconds (an RSA key of 2048 bits takes a while under ASan too).
    const std::string command =
        "/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
        "-days 2 -subj /CN=localhost -keyout '" +
        (dir_ / "key.pem").string() + "' -out '" + (dir_ / "cert.pem").string() +
        "' >/dev/null 2>&1";
    if (std::system(command.c_str()) != 0)
        throw std::runtime_error("openssl could not make a certificate");
}

void NgircdServer::write_config() const {
    std::ofstream out(dir_ / "ngircd.conf", std::ios::trunc);
    out << "[Global]\n"
        << "Name = " << name << "\n"
        << "Info = Niagara bridge tests\n"
        << "AdminInfo1 = tests\nAdminInfo2 = tests\nAdminEMail = tests@irc.test\n"
        << "Listen = 127.0.0.1\n"
        << "Ports = " << port_ << "\n"
        << "PidFile = " << (dir_ / "ngircd.pid").string() << "\n"
        << "MotdPhrase = Niagara bridge tests\n"
        << "HelpFile = " << (dir_ / "help.txt").string() << "\n"
        << "[Limits]\n"
        << "MaxConnectionsIP = 0\n"  // every test client comes from 127.0.0.1
        << "MaxNickLength = " << options_.nick_length << "\n"
        << (options_.flood_control ? "" : "MaxPenaltyTime = 0\n") << "[Options]\n"
        << "PAM = no\nIdent = no\nDNS = no\n"
        << "IncludeDir = " << (dir_ / "include").string() << "\n";
    if (options_.tls)
        out << "[SSL]\n"
            << "CertFile = " << (dir_ / "cert.pem").string() << "\n"
            << "KeyFile = " << (dir_ / "key.pem").string() << "\n"
            << "Ports = " << tls_port_ << "\n";
}

void NgircdServer::start() {
    if (running()) throw std::runtime_error("ngircd is running already");
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    const bool fresh_port = port_ == 0;
    while (std::chrono::steady_clock::now() < deadline) {
        if (fresh_port) {
            port_ = free_loopback_port();
            if (options_.tls) do
                    tls_port_ = free_loopback_port();
                while (tls_port_ == port_);
        }
        if (try_start(deadline)) return;
        // Most likely the port was taken (or, on a restart, not free yet): again, with a fresh
        // port the first time.
        std::this_thread::sleep_for(50ms);
    }
    throw std::runtime_error("ngircd did not come up within 10 s:\n" + log());
}

bool NgircdServer::try_start(std::chrono::steady_clock::time_point deadline) {
    write_config();
    const std::string binary = NGIRCD_BIN;
    const std::string config = (dir_ / "ngircd.conf").string();
    std::vector<std::string> args = {binary, "--nodaemon", "--config", config};
    pid_ = test_support::spawn_child(std::move(args), dir_ / "ngircd.log");

    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {  // exited: could not listen, most likely
            pid_ = -1;
            return false;
        }
        if (accepts_connections(port_, 200ms) &&
            (!options_.tls || accepts_connections(tls_port_, 200ms)))
            return true;
        std::this_thread::sleep_for(10ms);
    }
    stop();
    return false;
}

void NgircdServer::stop(std::chrono::milliseconds timeout) {
    test_support::stop_child(pid_, SIGTERM, timeout);
}

}  // namespace irc_test
