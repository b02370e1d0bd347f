// What an adapter has to send, paced so the network never disconnects the bot for flooding,
// and fair between targets: lines wait in one queue per target (a channel, a person), and the
// targets take turns, so one person's backlog (200 replies to a flood of commands) never holds
// up a channel or another player's prompt. A token bucket paces all targets together.
//
// While lines wait, the next line for the same target is appended to the last waiting one when
// both fit in one message (`max_bytes`), joined by " ‖ " (a mark no line of the bridge uses
// otherwise, so a reader, or a test, can tell the lines apart): a backlog shrinks into fewer,
// fuller lines instead of growing. A target with `max_waiting` lines waiting drops the oldest.
//
// A line is news (the game's moves, cards and results, which a channel must never miss) or an
// answer (help, a picture asked for, a refusal). Each target sends its waiting news first, and
// a full target drops its oldest answer first: a flood of commands can delay a channel's game
// news, never lose it.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "bridge_config.hpp"

namespace niagara::bridge {

class OutputQueue {
  public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::string_view kJoiner = " \u2016 ";  // " ‖ "

    struct Line {
        std::string target;
        std::string text;
    };

    // `max_bytes`: the most one line may hold (what the adapter can send in one message after
    // its own framing); longer lines are never merged, only sent alone.
    OutputQueue(Throttle throttle, std::size_t max_bytes);

    void push(const std::string& target, std::string text, bool news = false);
    // The next line to send now, if the bucket allows; takes a token.
    std::optional<Line> pop(Clock::time_point now);
    // How long until pop() can return a line (zero: now; nullopt: nothing waits).
    std::optional<Clock::duration> wait(Clock::time_point now) const;

    bool empty() const { return waiting_ == 0; }
    std::size_t waiting() const { return waiting_; }
    std::size_t dropped() const { return dropped_; }  // lines dropped by a full target
    void clear();

  private:
    void refill(Clock::time_point now) const;

    Throttle throttle_;
    std::size_t max_bytes_;
    struct Waiting {
        std::deque<std::string> news;
        std::deque<std::string> answers;
        std::size_t size() const { return news.size() + answers.size(); }
    };
    std::map<std::string, Waiting> queues_;
    std::string last_served_;  // round-robin: the next target is the one after this
    std::size_t waiting_ = 0;
    std::size_t dropped_ = 0;
    mutable double tokens_;
    mutable std::optional<Clock::time_point> refilled_;
};

}  // namespace niagara::bridge
