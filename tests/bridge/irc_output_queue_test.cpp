// The OutputQueue as the IRC adapter uses it (output_queue.hpp): the token bucket's pacing, turns
// between targets, merging of waiting lines, and the cap that drops the oldest. Time is given,
// not waited for.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "output_queue.hpp"

namespace {

using niagara::bridge::OutputQueue;
using niagara::bridge::Throttle;
using namespace std::chrono_literals;

// Pops everything `queue` lets go at `now`.
std::vector<OutputQueue::Line> irc_oq_pop_all(OutputQueue& queue,
                                              OutputQueue::Clock::time_point now) {
    std::vector<OutputQueue::Line> lines;
    while (auto line = queue.pop(now))
        lines.push_back(*line);
    return lines;
}

}  // namespace

TEST_CASE("IRC output queue paces lines by its token bucket", "[irc]") {
    // Lines of 8 bytes with room for 10: none merge.
    OutputQueue queue(Throttle{2.0, 5, 100}, 10);
    const auto t0 = OutputQueue::Clock::now();
    for (int i = 0; i < 30; ++i)
        queue.push("#niagara", "line " + std::to_string(100 + i));
    CHECK(queue.waiting() == 30);

    // The burst goes at once, then nothing until a token comes back.
    CHECK(irc_oq_pop_all(queue, t0).size() == 5);
    CHECK_FALSE(queue.pop(t0));
    const auto wait = queue.wait(t0);
    REQUIRE(wait);
    CHECK(*wait > 490ms);
    CHECK(*wait < 510ms);
    CHECK_FALSE(queue.pop(t0 + 400ms));
    CHECK(queue.pop(t0 + 510ms));
    CHECK_FALSE(queue.pop(t0 + 520ms));

    // Two lines a second after that; an idle spell refills no more than the burst.
    CHECK(irc_oq_pop_all(queue, t0 + 1510ms).size() == 2);
    CHECK(irc_oq_pop_all(queue, t0 + 60s).size() == 5);
    CHECK(queue.waiting() == 30 - 5 - 1 - 2 - 5);
    CHECK(queue.dropped() == 0);

    // Empty: nothing to wait for.
    auto at = t0 + 60s;
    for (int second = 0; second < 10 && !queue.empty(); ++second)
        irc_oq_pop_all(queue, at += 1s);
    CHECK(queue.empty());
    CHECK_FALSE(queue.wait(at));
}

TEST_CASE("IRC output queue takes targets in turn", "[irc]") {
    OutputQueue queue(Throttle{1.0, 1, 100}, 10);
    auto now = OutputQueue::Clock::now();
    // One person's backlog of 20, then a channel line and another person's line.
    for (int i = 0; i < 20; ++i)
        queue.push("abe", "reply " + std::to_string(10 + i));
    queue.push("#niagara", "table 7");
    queue.push("amy", "prompt");

    std::vector<std::string> order;
    for (int i = 0; i < 6; ++i) {
        now += 1s;
        const auto line = queue.pop(now);
        REQUIRE(line);
        order.push_back(line->target);
    }
    // Within the first three lines every target had one: abe's backlog, there first, did not
    // hold up the others.
    CHECK(std::count(order.begin(), order.begin() + 3, "#niagara") == 1);
    CHECK(std::count(order.begin(), order.begin() + 3, "amy") == 1);
    CHECK(std::count(order.begin(), order.begin() + 3, "abe") == 1);
    CHECK(std::count(order.begin() + 3, order.end(), "abe") == 3);
}

TEST_CASE("IRC output queue merges waiting lines and drops the oldest of a full target", "[irc]") {
    SECTION("merging") {
        OutputQueue queue(Throttle{1.0, 1, 20}, 24);
        const auto now = OutputQueue::Clock::now();
        queue.push("#c", "first");  // goes with the one token
        REQUIRE(queue.pop(now));
        queue.push("#c", "aaaa");
        queue.push("#c", "bbbb");            // "aaaa ‖ bbbb": 13 bytes (‖ is 3 bytes)
        queue.push("#c", "cccccc");          // 13 + 5 + 6 = 24: still fits
        queue.push("#c", "d");               // would be 30: a line of its own
        queue.push("#other", "not merged");  // other targets never merge
        CHECK(queue.waiting() == 3);
        // One line a second, the targets in turn (#c was served last).
        std::vector<OutputQueue::Line> lines;
        for (int i = 1; i <= 3; ++i) {
            const auto got = irc_oq_pop_all(queue, now + i * 10s);
            REQUIRE(got.size() == 1);  // the bucket holds one
            lines.push_back(got[0]);
        }
        CHECK(lines[0].target == "#other");
        CHECK(lines[1].text == "aaaa \u2016 bbbb \u2016 cccccc");
        CHECK(lines[2].text == "d");
    }
    SECTION("a long line is sent alone") {
        OutputQueue queue(Throttle{1.0, 0, 20}, 10);  // a burst of 0 still lets one go
        const auto now = OutputQueue::Clock::now();
        queue.push("#c", std::string(30, 'x'));
        queue.push("#c", "y");
        CHECK(queue.waiting() == 2);
        const auto line = queue.pop(now);
        REQUIRE(line);
        CHECK(line->text.size() == 30);
    }
    SECTION("a full target drops its oldest line") {
        OutputQueue queue(Throttle{1.0, 1, 3}, 5);
        const auto now = OutputQueue::Clock::now();
        for (int i = 0; i < 7; ++i)
            queue.push("bob", "msg" + std::to_string(i));
        queue.push("amy", "keep");
        CHECK(queue.waiting() == 4);
        CHECK(queue.dropped() == 4);
        std::vector<std::string> texts;
        auto at = now;
        while (!queue.empty()) {
            at += 1s;
            if (auto line = queue.pop(at)) texts.push_back(line->text);
        }
        CHECK(texts == std::vector<std::string>{"keep", "msg4", "msg5", "msg6"});
        queue.push("bob", "again");
        queue.clear();
        CHECK(queue.empty());
        CHECK_FALSE(queue.pop(at + 10s));
    }
}

TEST_CASE("Output queue sends a channel's game news first and drops answers before news",
          "[irc]") {
    // A flood of answers (pictures, help) waits behind the game's moves, and a full channel
    // drops those answers, never a move.
    OutputQueue queue(Throttle{1.0, 1, 4}, 8);  // lines too long to merge
    const auto now = OutputQueue::Clock::now();
    queue.push("#c", "answer-0");
    queue.push("#c", "move-001", true);
    for (int i = 1; i < 10; ++i)
        queue.push("#c", "answer-" + std::to_string(i));
    queue.push("#c", "move-002", true);
    queue.push("#c", "move-003", true);
    CHECK(queue.waiting() == 4);
    std::vector<std::string> texts;
    auto at = now;
    while (!queue.empty()) {
        at += 1s;
        for (const auto& line : irc_oq_pop_all(queue, at))
            texts.push_back(line.text);
    }
    REQUIRE(texts.size() == 4);
    CHECK(texts[0] == "move-001");
    CHECK(texts[1] == "move-002");
    CHECK(texts[2] == "move-003");
    CHECK(texts[3] == "answer-9");
}
