#include "metrics.hpp"

#include <sstream>

namespace niagara::server {

const char* limit_name(Limit limit) {
    switch (limit) {
        case Limit::Connections:
            return "connections";
        case Limit::ConnectionsPerAddress:
            return "connections_per_address";
        case Limit::Origin:
            return "origin";
        case Limit::Tables:
            return "tables";
        case Limit::TablesPerAddress:
            return "tables_per_address";
        case Limit::TablesPerConnection:
            return "tables_per_connection";
        case Limit::LobbyChat:
            return "lobby_chat";
        case Limit::QueueBytes:
            return "queue_bytes";
        case Limit::Rate:
            return "rate";
        case Limit::ReplayBuilds:
            return "replay_builds";
        case Limit::HttpConnectionsPerAddress:
            return "http_connections_per_address";
        case Limit::HttpRate:
            return "http_rate";
        case Limit::ReplayBuildsPerAddress:
            return "replay_builds_per_address";
        case Limit::ReplayBytesInFlight:
            return "replay_bytes_in_flight";
        case Limit::LoginFailures:
            return "login_failures";
        case Limit::LinkCodeFailures:
            return "link_code_failures";
        case Limit::PasswordChecks:
            return "password_checks";
        case Limit::Count:
            break;
    }
    return "";
}

void Metrics::observe_broadcast(std::chrono::steady_clock::duration d) {
    const double seconds = std::chrono::duration<double>(d).count();
    for (std::size_t i = 0; i < kBuckets.size(); ++i)
        if (seconds <= kBuckets[i]) bucket_counts_[i].fetch_add(1, std::memory_order_relaxed);
    latency_count_.fetch_add(1, std::memory_order_relaxed);
    latency_sum_us_.fetch_add(std::chrono::duration_cast<std::chrono::microseconds>(d).count(),
                              std::memory_order_relaxed);
}

std::string Metrics::render(long waiting, long playing, long over, long commits) const {
    std::ostringstream out;
    auto counter = [&](const char* name, const char* help, const char* type, long value) {
        out << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n"
            << name << " " << value << "\n";
    };
    counter("niagara_connections", "Open WebSocket connections.", "gauge", connections.load());
    counter("niagara_connections_total", "WebSocket connections accepted.", "counter",
            connections_total.load());
    counter("niagara_messages_received_total", "Client messages received.", "counter",
            messages_in.load());
    counter("niagara_messages_sent_total", "Messages queued to clients.", "counter",
            messages_out.load());
    counter("niagara_actions_total", "Game actions accepted.", "counter", actions.load());
    counter("niagara_action_commits_total", "Transactions that stored accepted actions.", "counter",
            commits);
    counter("niagara_errors_total", "Error answers sent to clients.", "counter", errors.load());
    counter("niagara_dropped_clients_total", "Clients dropped for not reading.", "counter",
            dropped_clients.load());
    counter("niagara_accept_errors_total", "Failed accepts (e.g. out of file descriptors).",
            "counter", accept_errors.load());
    counter("niagara_expired_tables_total", "Tables closed after --idle-table-seconds.", "counter",
            expired_tables.load());
    counter("niagara_storage_errors_total", "Writes to the database that failed.", "counter",
            storage_errors.load());
    counter("niagara_bot_decisions_total", "Bot decisions the bot pool answered.", "counter",
            bot_decisions.load());
    counter("niagara_bot_late_answers_total",
            "Bot answers dropped because the table had moved on (ended, resumed, acted).",
            "counter", bot_late.load());
    counter("niagara_hints_asked_total", "Hints (/hint) handed to the bot pool.", "counter",
            hints_asked.load());
    counter("niagara_hints_given_total", "Hints told to the player who asked.", "counter",
            hints_given.load());
    counter("niagara_hints_dropped_total",
            "Hints not told: the decision was taken or changed while the bot thought.", "counter",
            hints_dropped.load());
    out << "# HELP niagara_bot_think_seconds_total Time bots spent deciding.\n"
        << "# TYPE niagara_bot_think_seconds_total counter\n"
        << "niagara_bot_think_seconds_total " << double(bot_think_us.load()) / 1e6 << "\n";
    counter("niagara_bot_queue", "Bot decisions waiting for a pool thread.", "gauge",
            bot_queue.load());
    counter("niagara_bot_queue_addresses",
            "Addresses with bot decisions waiting; the pool takes them in turns.", "gauge",
            bot_queue_addresses.load());
    counter("niagara_table_history_lines",
            "Log and chat lines the tables keep for players who come back (--table-history).",
            "gauge", history_lines.load());
    counter("niagara_table_history_dropped_total",
            "Table log and chat lines dropped, oldest first, to stay within --table-history.",
            "counter", history_dropped.load());
    counter("niagara_replays_built_total",
            "Finished games replayed through the engine for /games/<id>/replay.", "counter",
            replays_built.load());
    counter("niagara_replay_cache_hits_total", "Replays answered from the cache of recent ones.",
            "counter", replay_cache_hits.load());
    counter("niagara_replay_builds_waiting",
            "Replay requests waiting for their build (queued or being built).", "gauge",
            replay_queue.load());
    counter("niagara_replay_cache_bytes",
            "Bytes of the recent replays kept in the cache, gzipped (--replay-cache-bytes).",
            "gauge", replay_cache_bytes.load());
    counter("niagara_replay_bytes_in_flight",
            "Bytes of the replay answers being written, each counted whole as sent "
            "(--replay-bytes-in-flight).",
            "gauge", replay_bytes_in_flight.load());
    counter("niagara_queued_bytes", "Bytes waiting to be written to clients.", "gauge",
            queued_bytes.load());
    out << "# HELP niagara_logins_total Logins to accounts by their result (refused ones: "
           "niagara_limited_total).\n"
        << "# TYPE niagara_logins_total counter\n"
        << "niagara_logins_total{result=\"ok\"} " << logins_ok.load() << "\n"
        << "niagara_logins_total{result=\"failed\"} " << logins_failed.load() << "\n";
    counter("niagara_registrations_total", "Accounts registered.", "counter", registrations.load());
    counter("niagara_rated_games_total", "Finished games that changed registered players' ratings.",
            "counter", rated_games.load());
    out << "# HELP niagara_sessions_total Browser sessions: opened (a grant redeemed), resumed "
           "(a connection logged in by its cookie), refused (a grant or cookie that opened "
           "nothing).\n"
        << "# TYPE niagara_sessions_total counter\n"
        << "niagara_sessions_total{event=\"opened\"} " << sessions_opened.load() << "\n"
        << "niagara_sessions_total{event=\"resumed\"} " << sessions_resumed.load() << "\n"
        << "niagara_sessions_total{event=\"refused\"} " << sessions_refused.load() << "\n"
        << "# HELP niagara_chat_links_total Chat identities linked to accounts: codes given,"
           " links made, connections logged in by a link's key, codes and keys refused.\n"
        << "# TYPE niagara_chat_links_total counter\n"
        << "niagara_chat_links_total{event=\"code\"} " << chat_link_codes.load() << "\n"
        << "niagara_chat_links_total{event=\"linked\"} " << chat_links_made.load() << "\n"
        << "niagara_chat_links_total{event=\"used\"} " << chat_links_used.load() << "\n"
        << "niagara_chat_links_total{event=\"refused\"} " << chat_links_refused.load() << "\n";
    out << "# HELP niagara_limited_total Refusals by the limit that refused.\n"
        << "# TYPE niagara_limited_total counter\n";
    for (std::size_t i = 0; i < limited.size(); ++i)
        out << "niagara_limited_total{limit=\"" << limit_name(Limit(i)) << "\"} "
            << limited[i].load() << "\n";
    out << "# HELP niagara_tables Tables by phase.\n# TYPE niagara_tables gauge\n"
        << "niagara_tables{phase=\"waiting\"} " << waiting << "\n"
        << "niagara_tables{phase=\"playing\"} " << playing << "\n"
        << "niagara_tables{phase=\"over\"} " << over << "\n";
    out << "# HELP niagara_broadcast_seconds From an accepted action to its broadcast queued.\n"
        << "# TYPE niagara_broadcast_seconds histogram\n";
    for (std::size_t i = 0; i < kBuckets.size(); ++i)
        out << "niagara_broadcast_seconds_bucket{le=\"" << kBuckets[i] << "\"} "
            << bucket_counts_[i].load() << "\n";
    out << "niagara_broadcast_seconds_bucket{le=\"+Inf\"} " << latency_count_.load() << "\n"
        << "niagara_broadcast_seconds_sum " << double(latency_sum_us_.load()) / 1e6 << "\n"
        << "niagara_broadcast_seconds_count " << latency_count_.load() << "\n";
    return out.str();
}

}  // namespace niagara::server
