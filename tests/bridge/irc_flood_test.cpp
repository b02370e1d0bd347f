// The IRC adapter's default throttle against ngircd's real flood control (MaxPenaltyTime as
// shipped). ngircd never disconnects a client for its rate: it reads 3 commands a loop, then
// ignores the socket for a second (and another second after 256 bytes in a second), so what a
// client sends faster waits in the socket; only a line over 512 bytes, a 32 KiB backlog of
// output to the client, or a missed PONG ends a connection. The adapter must keep every line
// within 512 bytes and send no faster than ngircd reads, or its lines would arrive ever later.
//
// 300 lines in a burst, to a channel and to a person: the bot stays connected, the lines
// arrive in order (merged, and the oldest dropped where a target's backlog was full), within
// the bucket's pace, and ngircd relays each as it comes (no backlog in the server).
#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <cstdio>
#include <map>
#include <optional>
#include <string>

#include "irc_event_log.hpp"
#include "irc_network.hpp"
#include "irc_test_client.hpp"
#include "ngircd_fixture.hpp"

namespace {

using namespace irc_test;
using Clock = std::chrono::steady_clock;

// The numbers of the test's lines in a message: merged lines are joined by the queue's mark,
// whatever it is, and every line starts "flood NNNN ".
std::vector<int> irc_flood_numbers(const std::string& text) {
    std::vector<int> numbers;
    for (auto at = text.find("flood "); at != std::string::npos; at = text.find("flood ", at + 1))
        numbers.push_back(std::atoi(text.c_str() + at + 6));
    return numbers;
}

}  // namespace

TEST_CASE("IRC adapter's default throttle floods ngircd without being disconnected or delayed",
          "[irc][ngircd][flood]") {
    NgircdServer server(NgircdServer::Options{.flood_control = true});
    boost::asio::io_context io;
    IrcTestClient watcher(io, server.port(), "watcher");
    REQUIRE(watcher.connect());
    REQUIRE(watcher.join("#flood"));

    niagara::bridge::IrcSettings settings;  // the default throttle
    settings.host = "127.0.0.1";
    settings.port = server.port();
    settings.channels = {"#flood"};
    const auto throttle = settings.throttle;
    IrcEventLog events;
    niagara::bridge::IrcNetwork bot(io, settings);
    bot.start(events);
    REQUIRE(run_until(
        io, [&] { return events.has("present", "#flood", "watcher"); }, 10s));

    // 300 lines at once: two of three to the channel, one to the watcher privately.
    constexpr int kLines = 300;
    const auto t0 = Clock::now();
    for (int i = 0; i < kLines; ++i) {
        char number[16];
        std::snprintf(number, sizeof number, "%04d", i);
        if (i % 3 == 2) {
            bot.tell("watcher", "flood " + std::string(number) + " for you, watcher");
        } else {
            bot.say("#flood", "flood " + std::string(number) + " to the channel");
        }
    }
    const std::size_t dropped = bot.messages_dropped();
    // Everything out of the queue, and everything sent arrived.
    auto from_bot = [&] {
        std::size_t n = 0;
        for (const auto& r : watcher.received())
            n += r.from == "niagara" ? 1 : 0;
        return n;
    };
    std::optional<Clock::time_point> drained;
    REQUIRE(run_until(
        io,
        [&] {
            if (!drained && bot.messages_waiting() == 0) drained = Clock::now();
            return drained && from_bot() == bot.messages_sent();
        },
        60s));
    const auto last_arrival = watcher.received().back().at;

    // Connected throughout, once.
    CHECK(events.count("lost") == 0);
    CHECK(bot.logins() == 1);
    CHECK(bot.ready());
    CHECK(watcher.connected());

    // In order per target, none twice; what is missing was dropped as the oldest of a full
    // target (the newest line of each target arrived).
    std::map<bool, std::vector<int>> numbers;  // private? -> line numbers as received
    std::size_t bot_messages = 0;
    for (const auto& r : watcher.received()) {
        if (r.from != "niagara") continue;
        ++bot_messages;
        CHECK(r.wire_bytes <= 512);
        const auto in_message = irc_flood_numbers(r.text);
        CHECK_FALSE(in_message.empty());
        for (const int number : in_message) {
            CHECK((number % 3 == 2) == r.is_private);
            numbers[r.is_private].push_back(number);
        }
    }
    std::size_t arrived = 0;
    for (const auto& [is_private, list] : numbers) {
        CHECK(std::is_sorted(list.begin(), list.end()));
        CHECK(std::adjacent_find(list.begin(), list.end()) == list.end());
        REQUIRE_FALSE(list.empty());
        CHECK(list.back() == (is_private ? kLines - 1 : kLines - 2));
        arrived += list.size();
    }
    const std::size_t missing = kLines - arrived;
    CHECK((missing == 0) == (dropped == 0));
    CHECK(bot.messages_dropped() == dropped);

    // Paced: after the burst no faster than the rate (100 ms of slack for the scheduling).
    std::vector<double> seconds;
    for (const auto& r : watcher.received())
        if (r.from == "niagara")
            seconds.push_back(std::chrono::duration<double>(r.at - t0).count());
    for (std::size_t k = 0; k < seconds.size(); ++k) {
        const double earliest = (double(k + 1) - throttle.burst) / throttle.lines_per_second;
        CHECK(seconds[k] >= earliest - 0.1);
    }
    // ngircd kept up: the last message arrived right after the bot's queue emptied (ngircd
    // counts its penalties in whole seconds: up to 2 s late is its rhythm, not a backlog; a bot
    // faster than ngircd reads would see minutes, as the 300 lines of a client without a
    // throttle take 120 s to be relayed).
    const double backlog = std::chrono::duration<double>(last_arrival - *drained).count();
    CHECK(backlog < 2.0);

    spdlog::info(
        "flood: {} lines -> {} messages ({} dropped, {} lines missing) in {:.1f} s, {:.2f} "
        "messages/s after the burst; the last arrived {:.2f} s after the bot's queue emptied",
        kLines, bot_messages, dropped, missing, seconds.back(),
        double(bot_messages - std::min<std::size_t>(bot_messages, std::size_t(throttle.burst))) /
            std::max(0.001, seconds.back()),
        backlog);
}
