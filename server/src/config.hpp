// Server settings: command-line flags, falling back to NIAGARA_* environment variables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "niagara/bot.hpp"

namespace niagara::server {

struct Config {
    std::string address = "127.0.0.1";  // --bind, NIAGARA_BIND
    unsigned short port = 8080;         // --port, NIAGARA_PORT (0: any free port)
    std::string data_dir = "data";      // --data, NIAGARA_DATA: the SQLite database lives here
    std::string web_root;               // --web, NIAGARA_WEB: static files (default: built-in path)
    std::string log_level = "info";     // --log-level, NIAGARA_LOG_LEVEL: trace..critical, off
    int threads = 0;                    // --threads, NIAGARA_THREADS (0: one per core)
    std::string port_file;              // --port-file: write the bound port there (for tests)
    int bot_delay_ms = 400;             // --bot-delay-ms: pause before a bot acts (0 for tests)
    // Bots think on a pool of their own threads, never on a table's or a connection's thread.
    int bot_threads = 1;      // --bot-threads: the pool's threads (1..64)
    int bot_think_ms = 1000;  // --bot-think-ms: the most one decision may search (1..60000)
    // --bot-level: the level of /addbot without a level and of the bots that take over dropped
    // or timed-out seats, for tables that do not choose one (/new bots=LEVEL).
    BotLevel bot_level = kStrongestBot;
    int grace_seconds = 60;        // --grace: disconnected this long, a bot plays the seat
    std::size_t max_queue = 1024;  // --max-queue: queued messages before a client is dropped...
    int stall_ms = 5000;           // --stall-ms: ...once its writes made no progress this long
    double rate_per_second = 20;   // --rate: messages per second per connection...
    double rate_burst = 40;        // --burst: ...with bursts up to this many
    int commit_window_us = 1000;   // --commit-window-us: least time between two commits

    // What one stranger may hold (0: no limit, for benchmarks). Each has a metric and a clear
    // error to the client (README, "Self-hosting: limits").
    std::size_t max_queue_bytes = 4 << 20;  // --max-queue-bytes: queued bytes per connection
    int max_connections = 10000;            // --max-connections: open WebSockets in all
    int max_connections_per_address = 64;   // --max-connections-per-address
    // HTTP, per address (http_gate.hpp): open connections, and requests a second with bursts.
    int max_http_connections_per_address = 32;  // --max-http-connections-per-address
    double http_rate = 50;                      // --http-rate
    double http_burst = 200;                    // --http-burst
    int ipv6_prefix = 64;   // --ipv6-prefix: an IPv6 client is its /64 for the per-address limits
    int max_tables = 2000;  // --max-tables: open tables (waiting or playing)
    int max_tables_per_address = 8;         // --max-tables-per-address: open tables it created
    int max_tables_per_connection = 2;      // --max-tables-per-connection
    int max_replay_builds = 8;              // --max-replay-builds: replays waiting to be built
    int leaderboard_min_games = 3;          // --leaderboard-min-games: rated games to be on /top
    // Argon2id's cost for account passwords (accounts.hpp; libsodium's "interactive" settings:
    // about 0.1 s and 64 MiB per check, on the accounts' own thread). Not flags: the tests
    // lower them.
    unsigned long long password_hash_ops = 2;
    std::size_t password_hash_bytes = std::size_t(64) << 20;
    int max_replay_builds_per_address = 1;  // --max-replay-builds-per-address: ... from one address
    // Replays held in memory, in bytes: the cache of recent ones, gzipped (--replay-cache-bytes),
    // and the answers being written, each counted whole (the bytes it sends, gzipped or not)
    // even when it shares a cached body (--replay-bytes-in-flight: a new replay request over it
    // is answered 503).
    std::size_t replay_cache_bytes = 64 << 20;
    std::size_t replay_bytes_in_flight = 64 << 20;
    // --http-write-ms: the most time an HTTP answer may take to be written; a client that reads
    // slower is cut off and what its answer held is released (0: no deadline).
    int http_write_ms = 30000;
    int idle_table_seconds = 600;  // --idle-table-seconds: a table nobody is at closes
    int table_history = 200;  // --table-history: log and chat lines a table keeps for (re)joiners
    double lobby_chat_rate = 5;   // --lobby-chat-rate: lobby chat lines/s, all users
    std::string allowed_origins;  // --allowed-origins: comma list; empty = same host
    std::string metrics = "off";  // --metrics: off | main | ADDR:PORT
    // --bot-seed: 0 (the default) seeds every bot from the system's entropy. Any other value
    // makes bots repeat their moves run after run, for tests and benchmarks only: anyone who
    // knows it can compute the bots' secret cards.
    std::uint64_t bot_seed = 0;
};

// Fills `config` from the environment, then the flags. Returns an error text on bad input.
std::optional<std::string> parse_config(int argc, char** argv, Config& config);
std::string usage();

}  // namespace niagara::server
