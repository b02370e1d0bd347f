#include "guarded.hpp"

#include <mutex>

namespace niagara::bridge {

namespace {

constexpr std::size_t kLoggedPerMinute = 10;

std::atomic<std::size_t> failures{0};
std::mutex log_mutex;
std::chrono::steady_clock::time_point minute_began{};
std::size_t logged_this_minute = 0;

}  // namespace

std::size_t guarded_failures() {
    return failures.load();
}

void note_guarded_failure(std::string_view where, std::string_view what) noexcept {
    ++failures;
    try {
        const std::lock_guard lock(log_mutex);
        const auto now = std::chrono::steady_clock::now();
        if (now - minute_began > std::chrono::minutes(1)) {
            if (logged_this_minute > kLoggedPerMinute)
                spdlog::error("{} more handler failures were not logged",
                              logged_this_minute - kLoggedPerMinute);
            minute_began = now;
            logged_this_minute = 0;
        }
        if (++logged_this_minute <= kLoggedPerMinute)
            spdlog::error("{}: {} (ignored; the bridge carries on)", where, what);
    } catch (...) {
        // Logging itself failed (no memory): the count above is all there is.
    }
}

}  // namespace niagara::bridge
