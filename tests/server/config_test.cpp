// The server's settings (server/src/config.hpp): every flag also reads from the environment as
// NIAGARA_<FLAG>, and a bad value stops the server at once with a message naming the setting.
#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "built_programs.hpp"

namespace {

struct Run {
    int exit_code = -1;
    std::string output;  // standard output and error
};

// Runs the server with `environment` (VAR=value words) and `flags`; it must stop by itself.
Run run_server(const std::string& environment, const std::string& flags) {
    const std::string command =
        "env " + environment + " " + test::server_program() + " " + flags + " 2>&1";
    Run run;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> chunk{};
    while (std::size_t n = std::fread(chunk.data(), 1, chunk.size(), pipe))
        run.output.append(chunk.data(), n);
    const int status = pclose(pipe);
    if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
    return run;
}

}  // namespace

TEST_CASE("Server settings: --help lists every flag, and bad values stop the server", "[config]") {
    const Run help = run_server("", "--help");
    CHECK(help.exit_code == 0);
    for (const char* flag :
         {"--bind", "--port", "--data", "--threads", "--bot-delay-ms", "--grace", "--max-queue",
          "--stall-ms", "--rate", "--burst", "--commit-window-us", "--ipv6-prefix"})
        CHECK(help.output.find(flag) != std::string::npos);

    // Flags: the value is checked, and the message names the flag.
    const Run bad_flag = run_server("", "--commit-window-us soon");
    CHECK(bad_flag.exit_code == 2);
    CHECK(bad_flag.output.find("bad value 'soon' for --commit-window-us") != std::string::npos);
    const Run out_of_range = run_server("", "--commit-window-us -1");
    CHECK(out_of_range.exit_code == 2);
    CHECK(out_of_range.output.find("commit-window-us must be 0..1000000") != std::string::npos);
    const Run bad_port = run_server("", "--port 70000");
    CHECK(bad_port.exit_code == 2);
    CHECK(bad_port.output.find("port must be 0..65535") != std::string::npos);
    const Run bad_prefix = run_server("", "--ipv6-prefix 129");
    CHECK(bad_prefix.exit_code == 2);
    CHECK(bad_prefix.output.find("ipv6-prefix must be 0..128") != std::string::npos);
    const Run unknown = run_server("", "--colour blue");
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.output.find("unknown setting --colour") != std::string::npos);

    // The environment: every setting, not only the common ones, named as the variable.
    for (const char* variable : {"NIAGARA_PORT", "NIAGARA_BOT_DELAY_MS", "NIAGARA_MAX_QUEUE",
                                 "NIAGARA_STALL_MS", "NIAGARA_RATE", "NIAGARA_COMMIT_WINDOW_US"}) {
        INFO(variable);
        const Run bad_env = run_server(std::string(variable) + "=soon", "--help");
        CHECK(bad_env.exit_code == 2);
        CHECK(bad_env.output.find(std::string(variable) + ": bad value 'soon'") !=
              std::string::npos);
    }
}

TEST_CASE("Server settings: the bots' pool, budget and default level are checked", "[config]") {
    const Run help = run_server("", "--help");
    for (const char* flag : {"--bot-threads", "--bot-think-ms", "--bot-level"})
        CHECK(help.output.find(flag) != std::string::npos);
    const Run no_threads = run_server("", "--bot-threads 0");
    CHECK(no_threads.exit_code == 2);
    CHECK(no_threads.output.find("bot-threads must be 1..64") != std::string::npos);
    const Run long_think = run_server("", "--bot-think-ms 60001");
    CHECK(long_think.exit_code == 2);
    CHECK(long_think.output.find("bot-think-ms must be 1..60000") != std::string::npos);
    const Run bad_level = run_server("NIAGARA_BOT_LEVEL=expert", "--help");
    CHECK(bad_level.exit_code == 2);
    CHECK(bad_level.output.find("NIAGARA_BOT_LEVEL: bot-level must be random, greedy or strong") !=
          std::string::npos);
}
