#include "config.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace niagara::server {
namespace {

// Applies one setting by name; used for both the environment and the flags.
std::optional<std::string> set(Config& c, std::string_view key, const std::string& value) {
    try {
        if (key == "bind")
            c.address = value;
        else if (key == "port") {
            const int port = std::stoi(value);
            if (port < 0 || port > 65535) return "port must be 0..65535";
            c.port = static_cast<unsigned short>(port);
        } else if (key == "data")
            c.data_dir = value;
        else if (key == "web")
            c.web_root = value;
        else if (key == "log-level")
            c.log_level = value;
        else if (key == "threads")
            c.threads = std::stoi(value);
        else if (key == "port-file")
            c.port_file = value;
        else if (key == "bot-delay-ms")
            c.bot_delay_ms = std::stoi(value);
        else if (key == "grace")
            c.grace_seconds = std::stoi(value);
        else if (key == "max-queue")
            c.max_queue = std::stoul(value);
        else if (key == "stall-ms")
            c.stall_ms = std::stoi(value);
        else if (key == "rate")
            c.rate_per_second = std::stod(value);
        else if (key == "burst")
            c.rate_burst = std::stod(value);
        else if (key == "commit-window-us")
            c.commit_window_us = std::stoi(value);
        else
            return "unknown setting --" + std::string(key);
    } catch (const std::exception&) {
        return "bad value '" + value + "' for --" + std::string(key);
    }
    return std::nullopt;
}

// Every setting, as a flag (--NAME) and in the environment (NIAGARA_NAME, dashes as underscores).
constexpr const char* kSettings[] = {
    "bind",         "port",  "data",      "web",      "log-level", "threads", "port-file",
    "bot-delay-ms", "grace", "max-queue", "stall-ms", "rate",      "burst",   "commit-window-us"};

}  // namespace

std::string usage() {
    return "usage: niagara-server [--bind ADDR] [--port N] [--data DIR] [--web DIR] [--log-level "
           "L]\n"
           "                      [--threads N] [--port-file FILE] [--bot-delay-ms N] [--grace S]\n"
           "                      [--max-queue N] [--stall-ms N] [--rate N] [--burst N]\n"
           "                      [--commit-window-us N]\n"
           "Each flag can also be set as NIAGARA_<FLAG> in the environment (NIAGARA_PORT=8080).\n";
}

std::optional<std::string> parse_config(int argc, char** argv, Config& c) {
    for (const char* key : kSettings) {
        std::string env = "NIAGARA_";
        for (const char* p = key; *p; ++p)
            env += *p == '-' ? '_' : char(std::toupper(*p));
        if (const char* value = std::getenv(env.c_str()))
            if (auto problem = set(c, key, value)) return env + ": " + *problem;
    }
    for (int i = 1; i < argc; ++i) {
        std::string_view flag = argv[i];
        if (flag == "--help" || flag == "-h") return usage();
        if (flag.substr(0, 2) != "--" || i + 1 >= argc) return "expected --flag value\n" + usage();
        if (auto problem = set(c, flag.substr(2), argv[++i])) return *problem + "\n" + usage();
    }
    if (c.threads <= 0) c.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    if (c.rate_per_second <= 0 || c.rate_burst < 1) return "rate and burst must be positive";
    if (c.commit_window_us < 0 || c.commit_window_us > 1'000'000)
        return "commit-window-us must be 0..1000000";
    return std::nullopt;
}

}  // namespace niagara::server
