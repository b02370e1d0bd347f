// A budget of bytes shared by many holders, lock-free: what the replay answers being written
// hold (--replay-bytes-in-flight). A holder takes its bytes before it starts and gives them
// back when its Hold goes, whichever way it ends (written, failed, cut off at the write
// deadline, the session destroyed). `held` (a gauge on /metrics) always says what is taken.
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <utility>

namespace niagara::server {

class ByteBudget {
  public:
    // `limit` 0: no limit (the bytes are still counted).
    ByteBudget(std::size_t limit, std::atomic<long>& held) : limit_(limit), held_(held) {}
    ByteBudget(const ByteBudget&) = delete;
    ByteBudget& operator=(const ByteBudget&) = delete;

    // Bytes taken from the budget, given back when it goes (move-only).
    class Hold {
      public:
        Hold() = default;
        Hold(Hold&& other) noexcept
            : held_(std::exchange(other.held_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
        Hold& operator=(Hold&& other) noexcept {
            if (this != &other) {
                release();
                held_ = std::exchange(other.held_, nullptr);
                bytes_ = std::exchange(other.bytes_, 0);
            }
            return *this;
        }
        ~Hold() { release(); }
        std::size_t bytes() const { return bytes_; }

      private:
        friend class ByteBudget;
        Hold(std::atomic<long>& held, std::size_t bytes) : held_(&held), bytes_(bytes) {}
        void release() {
            if (held_) held_->fetch_sub(long(bytes_), std::memory_order_relaxed);
            held_ = nullptr;
            bytes_ = 0;
        }
        std::atomic<long>* held_ = nullptr;
        std::size_t bytes_ = 0;
    };

    // The bytes, or nullopt when taking them would pass the limit. One holder larger than the
    // whole budget is refused too: it could never fit beside anyone.
    std::optional<Hold> try_take(std::size_t bytes) {
        long now = held_.load(std::memory_order_relaxed);
        do {
            if (limit_ > 0 && std::size_t(now) + bytes > limit_) return std::nullopt;
        } while (!held_.compare_exchange_weak(now, now + long(bytes), std::memory_order_relaxed));
        return Hold(held_, bytes);
    }

    std::size_t limit() const { return limit_; }

  private:
    const std::size_t limit_;
    std::atomic<long>& held_;
};

}  // namespace niagara::server
