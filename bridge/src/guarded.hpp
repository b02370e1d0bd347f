// The bridge's last line of defence: whatever a chat user, a chat network or the game server
// sends, a handler that throws must not take down every other player's session (an uncaught
// exception in an Asio handler ends io_context::run(), and with it the process). Each entry
// point from outside (a chat event, a server message, the loop itself) runs its work through
// guarded(): an exception is logged, at most kLoggedPerMinute times a minute so that a flood
// of bad input cannot fill the disk, counted, and the bridge carries on.
#pragma once

#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <string_view>

namespace niagara::bridge {

// Handler failures so far (tests, metrics).
std::size_t guarded_failures();
// Logs one failure of `where` (rate-limited) and counts it.
void note_guarded_failure(std::string_view where, std::string_view what) noexcept;

template <class Work>
void guarded(std::string_view where, Work&& work) noexcept {
    try {
        work();
    } catch (const std::exception& e) {
        note_guarded_failure(where, e.what());
    } catch (...) {
        note_guarded_failure(where, "an unknown exception");
    }
}

}  // namespace niagara::bridge
