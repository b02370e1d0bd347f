// The data directory and the database files are the server's alone: the directory 0700, the
// database and its -wal and -shm files 0600 (they hold the seats' tokens), those of an older
// server made so; and a data directory the server may not make private stops it with a message
// that names whose it is, who the server runs as and the command that fixes it.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "built_programs.hpp"
#include "child_process.hpp"
#include "server_fixture.hpp"

using namespace server_test;
namespace fs = std::filesystem;

namespace {

unsigned mode_of(const fs::path& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return unsigned(st.st_mode & 07777);
}

// Runs the server (through `prefix`, e.g. setpriv) until it exits; its exit code and output.
std::pair<int, std::string> run_to_exit(std::vector<std::string> args, const fs::path& output) {
    pid_t pid = test_support::spawn_child(std::move(args), output, {.null_stdin = true});
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            test_support::stop_child(pid, SIGKILL);
            FAIL("the server did not stop");
        }
        std::this_thread::sleep_for(20ms);
    }
    std::ifstream in(output);
    std::stringstream text;
    text << in.rdbuf();
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

}  // namespace

TEST_CASE("The database files are private: 0600 from the start, and an older server's made so",
          "[server][data_files]") {
    ServerProcess server;
    const fs::path data = server.dir() / "data";
    const fs::path db = data / "niagara.sqlite3";
    CHECK(mode_of(data) == 0700);
    CHECK(mode_of(db) == 0600);
    CHECK(mode_of(db.string() + "-wal") == 0600);
    CHECK(mode_of(db.string() + "-shm") == 0600);

    // As a server before this one left them (and a careless copy would), readable by all.
    server.stop();
    ::chmod(db.c_str(), 0644);
    ::chmod(data.c_str(), 0755);
    server.start();
    CHECK(mode_of(data) == 0700);
    CHECK(mode_of(db) == 0600);
    CHECK(mode_of(db.string() + "-wal") == 0600);
    CHECK(server.log().find("niagara.sqlite3 was readable by others (mode 644)") !=
          std::string::npos);
}

TEST_CASE("A data directory the server may not make private: it stops and says how to fix it",
          "[server][data_files]") {
    TempDir dir("niagara-data-owner");
    std::vector<std::string> args;
    fs::path data;
    std::string runs_as;
    if (::geteuid() == 0) {
        // As a container's bind mount of a root-owned folder: the server runs as another user
        // (nobody here, 10001 in the image).
        data = dir.path / "mounted";
        fs::create_directories(data);
        ::chmod(data.c_str(), 0755);
        ::chmod(dir.path.c_str(), 0755);  // nobody may reach it, not write it
        args = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
        runs_as = "65534";
    } else {
        data = "/usr/share";  // the root's, which a user cannot chmod (nor is it touched)
        runs_as = std::to_string(::geteuid());
    }
    for (const std::string& arg :
         {test::server_program(), std::string("--bind"), std::string("127.0.0.1"),
          std::string("--port"), std::string("0"), std::string("--data"), data.string()})
        args.push_back(arg);
    const auto [code, output] = run_to_exit(args, dir.path / "server.log");
    INFO(output);
    CHECK(code == 1);
    CHECK_THAT(output, Catch::Contains("cannot make the data directory private"));
    CHECK_THAT(output, Catch::Contains(data.string() + " belongs to uid 0"));
    CHECK_THAT(output, Catch::Contains("this server runs as uid " + runs_as));
    CHECK_THAT(output, Catch::Contains("chown " + runs_as + ":"));
    CHECK_THAT(output, Catch::Contains("podman unshare chown"));
    CHECK(mode_of(data) == 0755);  // left as it was
}
