#include "prosody_fixture.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "child_process.hpp"

#ifndef PROSODY_BIN
#define PROSODY_BIN "/usr/bin/prosody"
#endif
#ifndef PROSODYCTL_BIN
#define PROSODYCTL_BIN "/usr/bin/prosodyctl"
#endif

namespace xmpp_test {

namespace {

using Clock = std::chrono::steady_clock;

// What prosody 0.12 logs when it cannot listen (core/portmanager.lua).
constexpr const char* kPortTaken = "Failed to open server port";

// A port the kernel just handed out and took back: free unless someone takes it in between,
// which start() survives by trying another.
unsigned short free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        if (fd >= 0) ::close(fd);
        throw std::runtime_error("no free port");
    }
    ::close(fd);
    return ntohs(address.sin_port);
}

bool accepts(unsigned short port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return false;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return ok;
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

}  // namespace

ProsodyServer::ProsodyServer(std::initializer_list<std::pair<std::string, std::string>> users) {
    std::string pattern = std::filesystem::temp_directory_path() / "niagara-prosody-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    std::filesystem::create_directories(dir_ / "data");
    std::filesystem::create_directories(dir_ / "certs");  // empty: no TLS offered
    try {
        port_ = free_port();
        write_config();
        for (const auto& [user, password] : users)
            register_user(user, password);
        start();
    } catch (...) {
        stop();
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
        throw;
    }
}

ProsodyServer::~ProsodyServer() {
    stop();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

void ProsodyServer::write_config() const {
    const std::string dir = dir_.string();
    std::ofstream out(dir_ / "prosody.cfg.lua");
    out << "-- written by the bridge's XMPP tests (tests/bridge/prosody_fixture.cpp)\n"
        // Tests run as root here and in CI; prosody (and prosodyctl, which would otherwise
        // switch to the 'prosody' user and lose the temporary directory) refuses without this.
        << "run_as_root = true\n"
        << "pidfile = \"" << dir << "/prosody.pid\"\n"
        << "data_path = \"" << dir << "/data\"\n"
        << "certificates = \"" << dir << "/certs\"\n"
        << "log = { { levels = { min = \"info\" }, to = \"file\", filename = \"" << dir
        << "/prosody.log\" } }\n"
        << "interfaces = { \"127.0.0.1\" }\n"
        << "c2s_ports = { " << port_
        << " }\n"
        // Nothing else listens: no s2s, no direct TLS, no components, no HTTP.
        << "s2s_ports = {}\n"
        << "c2s_direct_tls_ports = {}\n"
        << "legacy_ssl_ports = {}\n"
        << "component_ports = {}\n"
        << "c2s_require_encryption = false\n"
        << "allow_unencrypted_plain_auth = true\n"
        << "authentication = \"internal_plain\"\n"
        << "storage = \"internal\"\n"
        // No mod_tls (no certificates: plain text), no offline storage (a message to someone
        // away bounces), no s2s.
        << "modules_enabled = { \"roster\", \"saslauth\", \"disco\", \"ping\" }\n"
        << "modules_disabled = { \"s2s\", \"s2s_auth_certs\", \"offline\" }\n"
        << "VirtualHost \"" << domain
        << "\"\n"
        // Rooms come into being unlocked on first join (the bot needs no room configuration)
        // and show real JIDs to every occupant, so the bot keys people on their bare JIDs
        // whoever created the room.
        << "Component \"" << rooms << "\" \"muc\"\n"
        << "    muc_room_locking = false\n"
        << "    muc_room_default_public_jids = true\n"
        << "Component \"" << hidden << "\" \"muc\"\n"
        << "    muc_room_locking = false\n"
        << "    muc_room_default_public_jids = false\n";
    if (!out) throw std::runtime_error("cannot write the prosody config");
}

void ProsodyServer::register_user(const std::string& user, const std::string& password) const {
    const std::string config = (dir_ / "prosody.cfg.lua").string();
    const pid_t pid = test_support::spawn_child(
        {PROSODYCTL_BIN, "--config", config, "register", user, domain, password},
        dir_ / "prosodyctl.out");
    const int status = test_support::wait_child(pid, 10s);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error("prosodyctl register " + user + " failed:\n" +
                                 read_text(dir_ / "prosodyctl.out"));
}

bool ProsodyServer::try_start() {
    pid_ = test_support::spawn_child(
        {PROSODY_BIN, "--config", (dir_ / "prosody.cfg.lua").string(), "-F"}, dir_ / "prosody.out");
    const auto deadline = Clock::now() + 10s;
    while (Clock::now() < deadline) {
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return false;
        }
        if (accepts(port_)) return true;
        // Prosody stays up when it cannot bind a port: no need to wait for the deadline.
        if (read_text(dir_ / "prosody.log").find(kPortTaken) != std::string::npos) break;
        std::this_thread::sleep_for(10ms);
    }
    stop();
    return false;
}

void ProsodyServer::start() {
    if (running()) throw std::runtime_error("prosody is running already");
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (try_start()) return;
        // Perhaps the port was taken after free_port() chose it: another one.
        if (read_text(dir_ / "prosody.log").find("Failed to open server port") == std::string::npos)
            break;
        port_ = free_port();
        write_config();
    }
    throw std::runtime_error("prosody did not come up:\n" + log());
}

void ProsodyServer::stop(std::chrono::milliseconds timeout) {
    if (!running()) return;
    test_support::stop_child(pid_, SIGTERM, timeout);
}

void ProsodyServer::restart() {
    stop();
    start();
}

std::string ProsodyServer::log() const {
    return read_text(dir_ / "prosody.log") + read_text(dir_ / "prosody.out");
}

}  // namespace xmpp_test
