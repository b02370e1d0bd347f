// What one client address may hold of the HTTP side, so that a stranger's flood costs others
// nothing: open HTTP connections (--max-http-connections-per-address; one address once held
// 20,000 idle ones, every descriptor the server had) and requests a second
// (--http-rate/--http-burst; a pipelined flood of /games/N once raised a bystander's action
// p99 from 3 to 105 ms). Addresses are counted as the WebSocket limits count them
// (address_key.hpp: an IPv6 client is its /64). A WebSocket, once upgraded, leaves the HTTP
// count for the lobby's (--max-connections-per-address).
//
// Shared by every connection thread: one mutex, held for a map lookup. An address's entry
// lives while it has connections, and then until its bucket is full again; the map is swept
// of such entries when it grows past kSweepAt.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace niagara::server {

class HttpGate : public std::enable_shared_from_this<HttpGate> {
  public:
    using Clock = std::chrono::steady_clock;
    struct Limits {
        int connections_per_address = 32;  // 0: no limit
        double requests_per_second = 50;   // 0: no limit
        double burst = 200;
    };
    explicit HttpGate(Limits limits);

    // A connection's place in its address's count, given back when it is destroyed.
    class Ticket {
      public:
        Ticket(std::shared_ptr<HttpGate> gate, std::string address);
        ~Ticket();
        Ticket(const Ticket&) = delete;
        Ticket& operator=(const Ticket&) = delete;

      private:
        std::shared_ptr<HttpGate> gate_;
        std::string address_;
    };
    // A connection from `address` opens: its ticket, or null when the address has its fill.
    std::unique_ptr<Ticket> open(const std::string& address);
    // A request from `address` at `now`: false when it is over its rate.
    bool request(const std::string& address, Clock::time_point now = Clock::now());

    std::size_t addresses() const;  // entries held (tests)

  private:
    struct Entry {
        int connections = 0;
        double tokens = 0;
        Clock::time_point refilled{};
    };
    static constexpr std::size_t kSweepAt = 4096;
    void close(const std::string& address);
    void refill(Entry& entry, Clock::time_point now) const;
    void sweep(Clock::time_point now);  // entries with no connection and a full bucket

    const Limits limits_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Entry> entries_;
};

// What a connection was let in with: its address's entry, held until the connection ends.
struct HttpAdmission {
    std::shared_ptr<HttpGate> gate;  // null: no limits (the metrics listener)
    std::string address;
    std::unique_ptr<HttpGate::Ticket> ticket;
};

}  // namespace niagara::server
