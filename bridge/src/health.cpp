#include "health.hpp"

#include <fmt/format.h>

#include <fstream>
#include <system_error>

#include "json_fields.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;

namespace {

long long seconds_of(Health::Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

}  // namespace

Health::Health(std::filesystem::path file) : file_(std::move(file)) {}

bool Health::set(Part& part, bool ok, const std::string& why, Clock::time_point now) {
    if (part.ok != ok || part.since == Clock::time_point{}) part.since = now;
    part.ok = ok;
    part.why = ok ? "" : why;
    return write(now);
}

bool Health::write(Clock::time_point now) const {
    return file_.empty() || write_health_file(file_, report(now));
}

void Health::network_started(const std::string& network, Clock::time_point now) {
    set(networks_[network], false, "connecting", now);
}

void Health::network_ready(const std::string& network, Clock::time_point now) {
    set(networks_[network], true, "", now);
}

void Health::network_lost(const std::string& network, const std::string& why,
                          Clock::time_point now) {
    set(networks_[network], false, why, now);
}

bool Health::server_probed(const std::optional<std::string>& failure, Clock::time_point now) {
    if (!server_) server_ = Part{};
    return set(*server_, !failure, failure.value_or(""), now);
}

Json Health::report(Clock::time_point now) const {
    const auto part = [](const Part& p) {
        return Json{{"ok", p.ok}, {"since", seconds_of(p.since)}, {"why", p.why}};
    };
    Json networks = Json::object();
    for (const auto& [name, p] : networks_)
        networks[name] = part(p);
    return Json{{"format", "niagara-bridge-health/1"},
                {"written", seconds_of(now)},
                {"networks", std::move(networks)},
                {"server", server_ ? part(*server_) : Json()}};
}

HealthVerdict judge_health(const std::optional<std::string>& file_text,
                           Health::Clock::time_point now, const HealthLimits& limits) {
    if (!file_text) return {false, "no heartbeat file: the bridge is not running (or just started)"};
    const Json report = Json::parse(*file_text, nullptr, false);
    const long long at = seconds_of(now);
    const long long written = number_field(report, "written", -1);
    if (written < 0) return {false, "the heartbeat file does not read"};
    // A part's `since` that does not read counts as now: not yet long enough to fail.
    const auto age = [&](const Json& part) { return at - number_field(part, "since", at); };
    if (const long long old = at - written; old > limits.stale_after.count())
        return {false, fmt::format("the heartbeat is {} s old: the bridge is stuck or stopped", old)};

    std::string well;
    const Json networks = object_field(report, "networks");
    for (const auto& [name, part] : networks.items()) {
        const bool ok = flag_field(part, "ok");
        if (!ok && age(part) > limits.network_grace.count())
            return {false, fmt::format("{}: not connected for {} s ({})", name, age(part),
                                       text_field(part, "why"))};
        well += fmt::format("{}{} {}", well.empty() ? "" : ", ", name,
                            ok ? "connected" : "reconnecting");
    }
    if (const Json& server = field(report, "server"); server.is_object()) {
        const bool ok = flag_field(server, "ok");
        if (!ok && age(server) > limits.server_grace.count())
            return {false, fmt::format("the game server has not answered for {} s ({})",
                                       age(server), text_field(server, "why"))};
        well += fmt::format("{}game server {}", well.empty() ? "" : ", ",
                            ok ? "answering" : "not answering");
    }
    return {true, "healthy: " + (well.empty() ? std::string("running") : well)};
}

std::filesystem::path health_file_for(const std::filesystem::path& state_file) {
    if (state_file.empty()) return {};
    return state_file.string() + ".health";
}

bool write_health_file(const std::filesystem::path& file, const Json& report) {
    const std::filesystem::path temporary = file.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << report.dump() << '\n';
        if (!out.flush()) return false;
    }
    std::error_code ec;
    std::filesystem::rename(temporary, file, ec);
    return !ec;
}

}  // namespace niagara::bridge
