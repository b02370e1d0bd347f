#include "config.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace niagara::server {
namespace {

// A value that parses but lies outside its setting's range; `why` is the whole message.
struct OutOfRange {
    std::string why;
};

// A limit or a count: a whole number from 0 (0 often meaning "no limit").
int count(const std::string& v) {
    std::size_t used = 0;
    const int n = std::stoi(v, &used);
    if (used != v.size()) throw std::invalid_argument("trailing");
    if (n < 0) throw OutOfRange{"must be 0 or more"};
    return n;
}

// A size in bytes: a whole number from 0.
std::size_t byte_count(const std::string& v) {
    if (v.empty() || v.front() == '-') throw OutOfRange{"must be 0 or more"};
    std::size_t used = 0;
    const unsigned long long n = std::stoull(v, &used);
    if (used != v.size()) throw std::invalid_argument("trailing");
    return std::size_t(n);
}

struct Setting {
    std::string_view name;                       // the flag without its dashes
    void (*apply)(Config&, const std::string&);  // throws on a bad value
};

// Every setting, as a flag (--NAME) and in the environment (NIAGARA_NAME, dashes as
// underscores): one list, so that no setting is read one way and not the other.
constexpr Setting kSettings[] = {
    {"bind", [](Config& c, const std::string& v) { c.address = v; }},
    {"port",
     [](Config& c, const std::string& v) {
         const int port = std::stoi(v);
         if (port < 0 || port > 65535) throw OutOfRange{"port must be 0..65535"};
         c.port = static_cast<unsigned short>(port);
     }},
    {"data", [](Config& c, const std::string& v) { c.data_dir = v; }},
    {"web", [](Config& c, const std::string& v) { c.web_root = v; }},
    {"log-level", [](Config& c, const std::string& v) { c.log_level = v; }},
    {"threads", [](Config& c, const std::string& v) { c.threads = std::stoi(v); }},
    {"port-file", [](Config& c, const std::string& v) { c.port_file = v; }},
    {"bot-delay-ms", [](Config& c, const std::string& v) { c.bot_delay_ms = std::stoi(v); }},
    {"bot-threads",
     [](Config& c, const std::string& v) {
         const int n = std::stoi(v);
         if (n < 1 || n > 64) throw OutOfRange{"bot-threads must be 1..64"};
         c.bot_threads = n;
     }},
    {"bot-think-ms",
     [](Config& c, const std::string& v) {
         const int n = std::stoi(v);
         if (n < 1 || n > 60000) throw OutOfRange{"bot-think-ms must be 1..60000"};
         c.bot_think_ms = n;
     }},
    {"bot-level",
     [](Config& c, const std::string& v) {
         const auto level = parse_bot_level(v);
         if (!level) throw OutOfRange{"bot-level must be random, greedy or strong"};
         c.bot_level = *level;
     }},
    {"grace", [](Config& c, const std::string& v) { c.grace_seconds = std::stoi(v); }},
    {"max-queue", [](Config& c, const std::string& v) { c.max_queue = std::stoul(v); }},
    {"stall-ms", [](Config& c, const std::string& v) { c.stall_ms = std::stoi(v); }},
    {"rate", [](Config& c, const std::string& v) { c.rate_per_second = std::stod(v); }},
    {"burst", [](Config& c, const std::string& v) { c.rate_burst = std::stod(v); }},
    {"commit-window-us",
     [](Config& c, const std::string& v) { c.commit_window_us = std::stoi(v); }},
    {"max-queue-bytes", [](Config& c, const std::string& v) { c.max_queue_bytes = std::stoul(v); }},
    {"max-connections", [](Config& c, const std::string& v) { c.max_connections = count(v); }},
    {"max-connections-per-address",
     [](Config& c, const std::string& v) { c.max_connections_per_address = count(v); }},
    {"max-tables", [](Config& c, const std::string& v) { c.max_tables = count(v); }},
    {"max-http-connections-per-address",
     [](Config& c, const std::string& v) { c.max_http_connections_per_address = count(v); }},
    {"http-rate", [](Config& c, const std::string& v) { c.http_rate = std::stod(v); }},
    {"http-burst", [](Config& c, const std::string& v) { c.http_burst = std::stod(v); }},
    {"ipv6-prefix",
     [](Config& c, const std::string& v) {
         const int bits = std::stoi(v);
         if (bits < 0 || bits > 128) throw OutOfRange{"ipv6-prefix must be 0..128"};
         c.ipv6_prefix = bits;
     }},
    {"max-tables-per-address",
     [](Config& c, const std::string& v) { c.max_tables_per_address = count(v); }},
    {"max-tables-per-connection",
     [](Config& c, const std::string& v) { c.max_tables_per_connection = count(v); }},
    {"idle-table-seconds",
     [](Config& c, const std::string& v) { c.idle_table_seconds = count(v); }},
    {"table-history", [](Config& c, const std::string& v) { c.table_history = count(v); }},
    {"leaderboard-min-games",
     [](Config& c, const std::string& v) { c.leaderboard_min_games = count(v); }},
    {"max-replay-builds",
     [](Config& c, const std::string& v) { c.max_replay_builds = count(v); }},
    {"max-replay-builds-per-address",
     [](Config& c, const std::string& v) { c.max_replay_builds_per_address = count(v); }},
    {"replay-cache-bytes",
     [](Config& c, const std::string& v) { c.replay_cache_bytes = byte_count(v); }},
    {"replay-bytes-in-flight",
     [](Config& c, const std::string& v) { c.replay_bytes_in_flight = byte_count(v); }},
    {"http-write-ms", [](Config& c, const std::string& v) { c.http_write_ms = count(v); }},
    {"lobby-chat-rate", [](Config& c, const std::string& v) { c.lobby_chat_rate = std::stod(v); }},
    {"allowed-origins", [](Config& c, const std::string& v) { c.allowed_origins = v; }},
    {"bot-seed", [](Config& c, const std::string& v) { c.bot_seed = std::stoull(v); }},
    {"metrics",
     [](Config& c, const std::string& v) {
         if (v != "off" && v != "main" && v.rfind(':') == std::string::npos)
             throw OutOfRange{"metrics must be off, main or ADDRESS:PORT"};
         c.metrics = v;
     }},
};

// Applies one setting by name; used for both the environment and the flags.
std::optional<std::string> set(Config& c, std::string_view key, const std::string& value) {
    const auto setting = std::find_if(std::begin(kSettings), std::end(kSettings),
                                      [key](const Setting& s) { return s.name == key; });
    if (setting == std::end(kSettings)) return "unknown setting --" + std::string(key);
    try {
        setting->apply(c, value);
    } catch (const OutOfRange& e) {
        return e.why.rfind("must be 0 or more", 0) == 0 ? std::string(key) + " " + e.why : e.why;
    } catch (const std::exception&) {
        return "bad value '" + value + "' for --" + std::string(key);
    }
    return std::nullopt;
}

}  // namespace

std::string usage() {
    return "usage: niagara-server [--bind ADDR] [--port N] [--data DIR] [--web DIR] [--log-level "
           "L]\n"
           "                      [--threads N] [--port-file FILE] [--bot-delay-ms N] [--grace S]\n"
           "                      [--bot-threads N] [--bot-think-ms N]\n"
           "                      [--bot-level random|greedy|strong]\n"
           "                      [--max-queue N] [--stall-ms N] [--rate N] [--burst N]\n"
           "                      [--commit-window-us N] [--max-queue-bytes N]\n"
           "                      [--max-connections N] [--max-connections-per-address N]\n"
           "                      [--ipv6-prefix BITS] [--max-http-connections-per-address N]\n"
           "                      [--http-rate N] [--http-burst N]\n"
           "                      [--max-tables N] [--max-tables-per-address N]\n"
           "                      [--max-tables-per-connection N] [--idle-table-seconds S]\n"
           "                      [--table-history N] [--max-replay-builds N]\n"
           "                      [--leaderboard-min-games N]\n"
           "                      [--max-replay-builds-per-address N]\n"
           "                      [--replay-cache-bytes N] [--replay-bytes-in-flight N]\n"
           "                      [--http-write-ms N]\n"
           "                      [--lobby-chat-rate N] [--allowed-origins LIST]\n"
           "                      [--metrics off|main|ADDR:PORT] [--bot-seed N]\n"
           "Each flag can also be set as NIAGARA_<FLAG> in the environment (NIAGARA_PORT=8080).\n";
}

std::optional<std::string> parse_config(int argc, char** argv, Config& c) {
    for (const Setting& setting : kSettings) {
        std::string env = "NIAGARA_";
        for (const char ch : setting.name)
            env += ch == '-' ? '_' : char(std::toupper(ch));
        if (const char* value = std::getenv(env.c_str()))
            if (auto problem = set(c, setting.name, value)) return env + ": " + *problem;
    }
    for (int i = 1; i < argc; ++i) {
        std::string_view flag = argv[i];
        if (flag == "--help" || flag == "-h") return usage();
        if (flag.substr(0, 2) != "--" || i + 1 >= argc) return "expected --flag value\n" + usage();
        if (auto problem = set(c, flag.substr(2), argv[++i])) return *problem + "\n" + usage();
    }
    if (c.threads <= 0) c.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    if (c.rate_per_second <= 0 || c.rate_burst < 1) return "rate and burst must be positive";
    if (c.http_rate < 0 || (c.http_rate > 0 && c.http_burst < 1))
        return "http-rate must be 0 (no limit) or more, and http-burst 1 or more";
    if (c.commit_window_us < 0 || c.commit_window_us > 1'000'000)
        return "commit-window-us must be 0..1000000";
    return std::nullopt;
}

}  // namespace niagara::server
