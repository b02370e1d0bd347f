// Counters for /metrics (Prometheus text format). Lock-free: updated from any thread.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <string>

namespace niagara::server {

// Every limit a stranger can run into (config.hpp); each refusal is counted by its limit.
enum class Limit {
    Connections,                // --max-connections
    ConnectionsPerAddress,      // --max-connections-per-address
    Origin,                     // --allowed-origins
    Tables,                     // --max-tables
    TablesPerAddress,           // --max-tables-per-address
    TablesPerConnection,        // --max-tables-per-connection
    LobbyChat,                  // --lobby-chat-rate
    QueueBytes,                 // --max-queue-bytes (the client is dropped)
    Rate,                       // --rate/--burst
    ReplayBuilds,               // --max-replay-builds (503 with Retry-After)
    HttpConnectionsPerAddress,  // --max-http-connections-per-address (closed at once)
    HttpRate,                   // --http-rate/--http-burst (429, then closed)
    ReplayBuildsPerAddress,     // --max-replay-builds-per-address (503 with Retry-After)
    ReplayBytesInFlight,        // --replay-bytes-in-flight (503 with Retry-After)
    LoginFailures,              // failed logins per account and per address (accounts.hpp)
    PasswordChecks,             // password hashes waiting (accounts.hpp)
    LinkCodeFailures,           // wrong chat-link codes per address (chat_links.hpp)
    Count
};
const char* limit_name(Limit limit);

class Metrics {
  public:
    std::atomic<long> connections{0};
    std::atomic<long> connections_total{0};
    std::atomic<long> messages_in{0};
    std::atomic<long> messages_out{0};
    std::atomic<long> actions{0};
    std::atomic<long> errors{0};
    std::atomic<long> dropped_clients{0};
    std::atomic<long> accept_errors{0};           // failed accepts (out of file descriptors, ...)
    std::atomic<long> expired_tables{0};          // closed after --idle-table-seconds with nobody
    std::atomic<long> storage_errors{0};          // failed writes answered with storage_error
    std::atomic<long> queued_bytes{0};            // bytes waiting to be written, all connections
    std::atomic<long> bot_decisions{0};           // decisions the bot pool answered
    std::atomic<long> bot_late{0};                // ... that came too late and were dropped
    std::atomic<long> hints_asked{0};    // /hint searches handed to the bot pool
    std::atomic<long> hints_given{0};    // ... whose answer was told
    std::atomic<long> hints_dropped{0};  // ... answered after the decision changed: not told
    std::atomic<long> bot_think_us{0};            // time the pool's bots spent deciding
    std::atomic<long> bot_queue{0};               // decisions waiting for a pool thread
    std::atomic<long> bot_queue_addresses{0};     // ... the addresses they are for (their turns)
    std::atomic<long> replays_built{0};           // finished games replayed for /games/<id>/replay
    std::atomic<long> replay_cache_hits{0};       // ... answered from the cache of recent replays
    std::atomic<long> replay_queue{0};            // replay requests waiting for their build
    std::atomic<long> replay_cache_bytes{0};      // bytes of the replays in the cache
    std::atomic<long> replay_bytes_in_flight{0};  // bytes of the replay answers being written
    std::atomic<long> history_lines{0};    // log and chat lines the tables keep (--table-history)
    std::atomic<long> history_dropped{0};  // ... dropped, oldest first, to stay within it
    std::atomic<long> logins_ok{0};       // /login with the right password
    std::atomic<long> logins_failed{0};   // ... with a wrong one, or an unknown name
    std::atomic<long> registrations{0};   // accounts created
    std::atomic<long> rated_games{0};     // finished games that changed ratings
    std::atomic<long> sessions_opened{0};  // browser sessions opened (POST /session)
    std::atomic<long> sessions_resumed{0};  // WebSocket connections logged in by their cookie
    std::atomic<long> sessions_refused{0};  // a grant or cookie that opened nothing
    // Chat links (chat_links.hpp): codes given, links made, connections logged in by a key,
    // codes and keys refused (unknown, used, old, ended or past the address's failures).
    std::atomic<long> chat_link_codes{0};
    std::atomic<long> chat_links_made{0};
    std::atomic<long> chat_links_used{0};
    std::atomic<long> chat_links_refused{0};
    std::array<std::atomic<long>, std::size_t(Limit::Count)> limited{};

    void refused(Limit limit) {
        limited[std::size_t(limit)].fetch_add(1, std::memory_order_relaxed);
    }

    // Time from an accepted action to its last broadcast message being queued.
    void observe_broadcast(std::chrono::steady_clock::duration d);

    // Provided by the lobby: tables by phase (waiting, playing, over), and the transactions
    // that stored the accepted actions (actions per commit shows how well they group).
    std::string render(long waiting, long playing, long over, long commits) const;

  private:
    static constexpr std::array<double, 10> kBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                        0.025,  0.05,  0.1,    0.25,  1.0};
    std::array<std::atomic<long>, kBuckets.size()> bucket_counts_{};
    std::atomic<long> latency_count_{0};
    std::atomic<long> latency_sum_us_{0};
};

}  // namespace niagara::server
