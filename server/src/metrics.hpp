// Counters for /metrics (Prometheus text format). Lock-free: updated from any thread.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <string>

namespace niagara::server {

class Metrics {
  public:
    std::atomic<long> connections{0};
    std::atomic<long> connections_total{0};
    std::atomic<long> messages_in{0};
    std::atomic<long> messages_out{0};
    std::atomic<long> actions{0};
    std::atomic<long> errors{0};
    std::atomic<long> dropped_clients{0};

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
