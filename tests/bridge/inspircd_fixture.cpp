// InspIRCd and Atheme as child processes (InspircdServices).
#include "inspircd_fixture.hpp"

#include "child_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "ngircd_fixture.hpp"  // free_loopback_port, accepts_connections

#ifndef INSPIRCD_BIN
#error "INSPIRCD_BIN must name the inspircd binary"
#endif
#ifndef ATHEME_BIN
#error "ATHEME_BIN must name the atheme-services binary"
#endif

namespace irc_test {

namespace {

// The password of the services link, both ways (loopback only).
constexpr const char* kInspircdLinkPassword = "niagara-link";
// What Atheme logs once its burst is through and the ircd has answered it.
constexpr const char* kAthemeSynched = "finished synching with uplink";

std::string inspircd_read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

bool inspircd_exited(pid_t pid) {
    int status = 0;
    return waitpid(pid, &status, WNOHANG) == pid;
}


}  // namespace

InspircdServices::InspircdServices() {
    std::string pattern = std::filesystem::temp_directory_path() / "niagara-inspircd-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    std::filesystem::create_directory(dir_ / "atheme");
    const auto deadline = std::chrono::steady_clock::now() + 15s;
    while (std::chrono::steady_clock::now() < deadline) {
        if (try_start(deadline)) return;
        stop();  // most likely a port was taken meanwhile: again, with fresh ones
        std::this_thread::sleep_for(50ms);
    }
    const std::string logs = log();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
    throw std::runtime_error("inspircd and atheme did not come up within 15 s:\n" + logs);
}

InspircdServices::~InspircdServices() {
    stop();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
}

std::string InspircdServices::log() const {
    return "---- inspircd\n" + inspircd_read_file(dir_ / "inspircd.out") +
           inspircd_read_file(dir_ / "inspircd.log") + "---- atheme\n" +
           inspircd_read_file(dir_ / "atheme.out");
}

void InspircdServices::write_inspircd_config() const {
    const std::string dir = dir_.string();
    std::ofstream out(dir_ / "inspircd.conf", std::ios::trunc);
    out << "<server name=\"" << name << "\" description=\"Niagara bridge tests\" "
        << "network=\"NiagaraTest\" id=\"0AA\">\n"
        << "<admin name=\"tests\" nick=\"tests\" email=\"tests@irc.test\">\n"
        << "<bind address=\"127.0.0.1\" port=\"" << port_ << "\" type=\"clients\">\n"
        << "<bind address=\"127.0.0.1\" port=\"" << link_port_ << "\" type=\"servers\">\n"
        << "<path configdir=\"" << dir << "\" datadir=\"" << dir << "\" logdir=\"" << dir
        << "\">\n"
        // Every test client comes from 127.0.0.1, talks fast and needs no DNS nor ident.
        << "<connect name=\"tests\" allow=\"*\" timeout=\"20\" pingfreq=\"120\" "
        << "hardsendq=\"1048576\" softsendq=\"65536\" recvq=\"65536\" localmax=\"1000\" "
        << "globalmax=\"1000\" threshold=\"1000\" commandrate=\"100000\" fakelag=\"no\" "
        << "resolvehostnames=\"no\" useident=\"no\" limit=\"5000\">\n"
        << "<dns timeout=\"1\">\n"
        << "<log method=\"file\" type=\"* -USERINPUT -USEROUTPUT\" level=\"default\" target=\""
        << (dir_ / "inspircd.log").string() << "\">\n"
        << "<module name=\"cap\">\n"
        << "<module name=\"ircv3\">\n"  // account-notify, extended-join
        << "<module name=\"ircv3_accounttag\">\n"
        << "<module name=\"ircv3_capnotify\">\n"
        << "<module name=\"sasl\">\n"
        << "<module name=\"services_account\">\n"
        << "<module name=\"spanningtree\">\n"
        << "<ircv3 accountnotify=\"yes\" awaynotify=\"yes\" extendedjoin=\"yes\">\n"
        << "<link name=\"" << services_name << "\" ipaddr=\"127.0.0.1\" port=\"" << link_port_
        << "\" allowmask=\"127.0.0.0/8\" sendpass=\"" << kInspircdLinkPassword << "\" recvpass=\""
        << kInspircdLinkPassword << "\" timeout=\"10\">\n"
        << "<uline server=\"" << services_name << "\" silent=\"yes\">\n"
        << "<sasl target=\"" << services_name << "\">\n";
}

void InspircdServices::write_atheme_config() const {
    std::ofstream out(dir_ / "atheme.conf", std::ios::trunc);
    for (const char* module : {"protocol/inspircd", "backend/opensex", "crypto/pbkdf2v2",
                               "nickserv/main", "nickserv/register", "nickserv/identify",
                               "nickserv/logout", "saslserv/main", "saslserv/plain"})
        out << "loadmodule \"modules/" << module << "\";\n";
    // Registrations without e-mail (auth = none), no rate limits for the tests' quick logins.
    out << "serverinfo {\n"
        << "  name = \"" << services_name << "\";\n"
        << "  desc = \"Atheme for the Niagara bridge tests\";\n"
        << "  numeric = \"0AB\";\n"
        << "  recontime = 1;\n"
        << "  netname = \"NiagaraTest\";\n"
        << "  hidehostsuffix = \"users.test\";\n"
        << "  adminname = \"tests\";\n"
        << "  adminemail = \"tests@irc.test\";\n"
        << "  registeremail = \"noreply@irc.test\";\n"
        << "  mta = \"/bin/false\";\n"
        << "  loglevel = { error; info; admin; network; };\n"
        << "  maxlogins = 10;\n"
        << "  maxusers = 10;\n"
        << "  mdlimit = 30;\n"
        << "  emaillimit = 10;\n"
        << "  emailtime = 300;\n"
        << "  auth = none;\n"
        << "  casemapping = rfc1459;\n"
        << "};\n"
        << "uplink \"" << name << "\" {\n"
        << "  host = \"127.0.0.1\";\n"
        << "  password = \"" << kInspircdLinkPassword << "\";\n"
        << "  port = " << link_port_ << ";\n"
        << "};\n"
        << "nickserv {\n"
        << "  nick = \"NickServ\";\n  user = \"NickServ\";\n  host = \"" << services_name
        << "\";\n  real = \"Nickname Services\";\n  maxnicks = 5;\n  expire = 30;\n"
        << "};\n"
        << "saslserv {\n"
        << "  nick = \"SaslServ\";\n  user = \"SaslServ\";\n  host = \"" << services_name
        << "\";\n  real = \"SASL Authentication Agent\";\n"
        << "};\n"
        << "general {\n"
        << "  flood_msgs = 1000;\n  flood_time = 10;\n"
        << "  ratelimit_uses = 1000;\n  ratelimit_period = 60;\n"
        << "  kline_time = 7;\n  clone_time = 0;\n  commit_interval = 5;\n"
        << "  default_clone_allowed = 1000;\n  default_clone_warn = 1000;\n"
        << "  uplink_sendq_limit = 1048576;\n  language = \"en\";\n"
        << "  immune_level = immune;\n"
        << "};\n";
}

pid_t InspircdServices::spawn(std::vector<std::string> args,
                              const std::filesystem::path& output) const {
    return test_support::spawn_child(std::move(args), output, {.null_stdin = true});
}

bool InspircdServices::try_start(std::chrono::steady_clock::time_point deadline) {
    std::error_code ignored;
    std::filesystem::remove(dir_ / "atheme.log", ignored);  // a failed try's "synching" lines
    port_ = free_loopback_port();
    do
        link_port_ = free_loopback_port();
    while (link_port_ == port_);
    write_inspircd_config();
    write_atheme_config();

    std::vector<std::string> ircd_args = {INSPIRCD_BIN, "--config",
                                          (dir_ / "inspircd.conf").string(), "--nofork", "--nopid"};
    if (geteuid() == 0) ircd_args.emplace_back("--runasroot");  // it refuses root otherwise
    ircd_pid_ = spawn(std::move(ircd_args), dir_ / "inspircd.out");
    while (!accepts_connections(port_, 200ms)) {
        if (inspircd_exited(ircd_pid_)) {  // could not bind, most likely
            ircd_pid_ = -1;
            return false;
        }
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(10ms);
    }

    services_pid_ = spawn(
        {ATHEME_BIN, "-n", "-c", (dir_ / "atheme.conf").string(), "-D", (dir_ / "atheme").string(),
         "-l", (dir_ / "atheme.log").string(), "-p", (dir_ / "atheme.pid").string()},
        dir_ / "atheme.out");
    return wait_linked(deadline);
}

bool InspircdServices::wait_linked(std::chrono::steady_clock::time_point deadline) {
    while (std::chrono::steady_clock::now() < deadline) {
        if (inspircd_read_file(dir_ / "atheme.log").find(kAthemeSynched) != std::string::npos)
            return true;
        if (inspircd_exited(services_pid_)) {
            services_pid_ = -1;
            return false;
        }
        if (inspircd_exited(ircd_pid_)) {
            ircd_pid_ = -1;
            return false;
        }
        std::this_thread::sleep_for(20ms);
    }
    return false;
}

void InspircdServices::stop() {
    test_support::stop_child(services_pid_, SIGTERM, 3s);
    test_support::stop_child(ircd_pid_, SIGTERM, 3s);
}

}  // namespace irc_test
