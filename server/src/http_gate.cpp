#include "http_gate.hpp"

#include <algorithm>

namespace niagara::server {

HttpGate::HttpGate(Limits limits) : limits_(limits) {}

HttpGate::Ticket::Ticket(std::shared_ptr<HttpGate> gate, std::string address)
    : gate_(std::move(gate)), address_(std::move(address)) {}

HttpGate::Ticket::~Ticket() {
    gate_->close(address_);
}

void HttpGate::refill(Entry& entry, Clock::time_point now) const {
    if (entry.refilled == Clock::time_point{}) {
        entry.tokens = limits_.burst;  // a new address starts with a full bucket
    } else {
        const double seconds = std::chrono::duration<double>(now - entry.refilled).count();
        entry.tokens = std::min(limits_.burst,
                                entry.tokens + std::max(0.0, seconds) * limits_.requests_per_second);
    }
    entry.refilled = now;
}

void HttpGate::sweep(Clock::time_point now) {
    for (auto it = entries_.begin(); it != entries_.end();) {
        Entry& entry = it->second;
        if (entry.connections <= 0) refill(entry, now);
        if (entry.connections <= 0 && entry.tokens >= limits_.burst)
            it = entries_.erase(it);
        else
            ++it;
    }
}

std::unique_ptr<HttpGate::Ticket> HttpGate::open(const std::string& address) {
    {
        std::lock_guard lock(mutex_);
        if (entries_.size() >= kSweepAt) sweep(Clock::now());
        Entry& entry = entries_[address];
        if (limits_.connections_per_address > 0 &&
            entry.connections >= limits_.connections_per_address)
            return nullptr;
        ++entry.connections;
    }
    return std::make_unique<Ticket>(shared_from_this(), address);
}

void HttpGate::close(const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(address);
    if (it == entries_.end()) return;
    --it->second.connections;
    // Without a rate there is nothing to remember once its last connection is gone.
    if (it->second.connections <= 0 && limits_.requests_per_second <= 0) entries_.erase(it);
}

bool HttpGate::request(const std::string& address, Clock::time_point now) {
    if (limits_.requests_per_second <= 0) return true;
    std::lock_guard lock(mutex_);
    Entry& entry = entries_[address];
    refill(entry, now);
    if (entry.tokens < 1.0) return false;
    entry.tokens -= 1.0;
    return true;
}

std::size_t HttpGate::addresses() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
}

}  // namespace niagara::server
