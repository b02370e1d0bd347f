// The bridge's health, for a container's healthcheck or a supervisor: a heartbeat file beside
// the state file (STATE_FILE.health) that the running bridge rewrites every few seconds, and
// `niagara-bridge --check`, which reads it and says whether the bridge is well.
//
// A file and not a port: the bridge listens on nothing (it only connects out), and a health
// port would be one more thing a self-hoster must keep off the public side. The file says
// what the bridge knows of itself: its event loop turned (the file is fresh), each chat
// network is logged in, and the game server answered its last /healthz probe.
//
// Healthy means: the file was written less than `stale_after` ago, no chat network has been
// away longer than `network_grace` (an adapter reconnects with back-off on its own; a short
// outage is not worth a restart), and the game server has not been failing its probe longer
// than `server_grace`. The times are wall-clock seconds, as the checking process is another.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace niagara::bridge {

class Health {
  public:
    using Clock = std::chrono::system_clock;

    // Every change is written to `file` at once (empty: nowhere), so that --check sees a
    // network come or go without waiting for the next heartbeat.
    explicit Health(std::filesystem::path file = {});

    // A network the bridge starts: connecting, from `now`.
    void network_started(const std::string& network, Clock::time_point now);
    void network_ready(const std::string& network, Clock::time_point now);
    void network_lost(const std::string& network, const std::string& why, Clock::time_point now);
    // The outcome of a probe of the game server: nullopt when it answered 200. It is the
    // heartbeat too: false when the file could not be written.
    bool server_probed(const std::optional<std::string>& failure, Clock::time_point now);

    // What the heartbeat file holds, written at `now`.
    nlohmann::json report(Clock::time_point now) const;

  private:
    struct Part {
        bool ok = false;
        Clock::time_point since;  // when it last changed between ok and not
        std::string why;          // why not, when not
    };
    bool set(Part& part, bool ok, const std::string& why, Clock::time_point now);  // and write
    bool write(Clock::time_point now) const;  // the report to the file (true without one)
    std::filesystem::path file_;
    std::map<std::string, Part> networks_;
    std::optional<Part> server_;  // unknown until the first probe ends
};

struct HealthLimits {
    std::chrono::seconds stale_after{60};
    std::chrono::seconds network_grace{300};
    std::chrono::seconds server_grace{60};
};

struct HealthVerdict {
    bool healthy = false;
    std::string line;  // what --check prints: why not, or what is well
};

// The verdict on a heartbeat file's text (nullopt: there is no file) read at `now`. A file
// that does not read is unhealthy, never an exception.
HealthVerdict judge_health(const std::optional<std::string>& file_text, Health::Clock::time_point now,
                           const HealthLimits& limits = {});

// STATE_FILE.health; empty when the state is kept in memory only (no file, no heartbeat).
std::filesystem::path health_file_for(const std::filesystem::path& state_file);

// Writes `report` to `file` atomically (a temporary file renamed over it); false on failure.
bool write_health_file(const std::filesystem::path& file, const nlohmann::json& report);

}  // namespace niagara::bridge
