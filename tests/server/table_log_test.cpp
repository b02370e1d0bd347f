// The lines a newcomer is sent (TableLog) are exactly what every viewer saw, in the same order:
// the game's lines are not kept but made again from the record, so over whole seeded games a
// spectator who watched from the start records every event, chat and info line as it came,
// and each newcomer's history must be the newest --table-history of that sequence at the
// moment it came, byte for byte (lines, texts, seats, causes such as "bot for alice"). (The
// newcomers come while the game goes on: a finished table cannot be watched.)
#include <catch2/catch.hpp>
#include <set>

#include "property_scale.hpp"
#include "server_fixture.hpp"

using namespace server_test;

namespace {

// One line as the history writes it and as a live viewer reads it, projected the same way.
std::string history_key(const Json& line) {
    const std::string kind = line.value("kind", "");
    if (kind == "event")
        return "event " + line.value("seat", Json()).dump() + " " + line["lines"].dump() + " " +
               line["texts"].dump() + " " + line.value("cause", "");
    if (kind == "chat") return "chat " + line.value("from", "") + ": " + line.value("message", "");
    return "info " + line.value("key", "") + " " + line.value("args", Json()).dump() + " " +
           line.value("text", "");
}

// What a live message adds to the table's lines, if anything.
std::optional<std::string> live_key(const Json& m) {
    const std::string type = message_type(m);
    if (m.contains("event") && m["event"].is_object()) {
        const Json& e = m["event"];
        // An action that told nothing (a spirit's pass) is no line of the log.
        if (e["lines"].empty()) return std::nullopt;
        return "event " + e.value("seat", Json()).dump() + " " + e["lines"].dump() + " " +
               e["texts"].dump() + " " + e.value("cause", "");
    }
    if (type == "chat") return "chat " + m.value("from", "") + ": " + m.value("message", "");
    // Told to the whole table (Table::tell): the messages with a text that are not a view,
    // a clock or an answer to one connection.
    static const std::set<std::string> not_told{"patch", "snapshot", "timer", "prompt",
                                                "watching", "error", "seated", "welcome"};
    if (!not_told.count(type) && m.contains("key"))
        return "info " + m.value("key", "") + " " + m.value("args", Json()).dump() + " " +
               m.value("text", "");
    return std::nullopt;
}

// True when `history` is a window of `seen` that ends where `seen` stood at some moment.
bool is_window(const std::vector<std::string>& history, const std::vector<std::string>& seen) {
    if (history.empty()) return seen.empty();
    for (std::size_t end = history.size(); end <= seen.size(); ++end)
        if (std::equal(history.begin(), history.end(), seen.begin() + long(end - history.size())))
            return true;
    return false;
}

}  // namespace

TEST_CASE("A newcomer's lines are exactly the newest lines every viewer saw, over whole games",
          "[server][history][table_log][property][once]") {
    constexpr int kHistory = 25;
    // --bot-seed: the same games every run. With bots that chose afresh each run, one game in
    // a few went on for tens of thousands of lines (a spirits game: 72,000 lines, 114 s) and
    // the test took 17-140 s; with this seed its four games tell 1,538-7,106 lines each.
    ServerProcess server(
        {"--table-history", std::to_string(kHistory), "--grace", "1", "--bot-seed", "1"});
    const long games = test::property_scale(4, 2);
    for (long game = 0; game < games; ++game) {
        const long seed = 100 + game;
        CAPTURE(seed);
        auto alice = raw_lobby_user(server.port(), "alice" + std::to_string(game));
        auto early = raw_lobby_user(server.port(), "early" + std::to_string(game));
        // (With three players a game's seed only picks the first of three seats: the fourth
        // game adds Diamond Joe, not to play the second one again.)
        REQUIRE(alice->send("/new players=3 seed=" + std::to_string(seed) +
                            (game % 2 ? " spirits" : "") + (game == 3 ? " joe" : "")));
        const long table = expect_message(*alice, "table_created").at("table").get<long>();
        REQUIRE(early->send("/watch " + std::to_string(table)));
        // What came before it: the lines its own snapshot brings (alice sitting down).
        const auto first = early->read_until(
            [](const Json& s) { return message_type(s) == "snapshot" && s.contains("history"); },
            5s);
        REQUIRE(first);
        std::vector<std::string> seen;
        for (const Json& line : (*first)["history"])
            seen.push_back(history_key(line));
        REQUIRE(alice->send("/addbot"));
        REQUIRE(alice->send("/addbot"));
        REQUIRE(early->send("/say good luck"));
        REQUIRE(alice->send("/start"));
        // alice goes: after the grace a bot plays her seat ("bot for alice...").
        REQUIRE(alice->send("/leave"));

        std::vector<std::vector<std::string>> histories;
        std::vector<std::size_t> seen_when_came;  // how many lines early had seen then
        bool ended = false;
        int newcomers = 0;
        // Newcomers come once the lines seen reach 5, then every 40 lines: once per threshold,
        // whatever else (patches, prompts, clocks) early reads meanwhile.
        std::size_t next_newcomer_at = 5;
        // A hang guard, not a timing: the bots play on their idle-priority thread, which a busy
        // machine may leave waiting.
        const auto deadline = std::chrono::steady_clock::now() + 180s;
        while (!ended && std::chrono::steady_clock::now() < deadline) {
            // Bots play the seats, on their idle-priority thread: on a machine busy with other
            // work (the test command's background builds) a decision may take seconds.
            auto m = early->read(20s);
            if (!m) break;
            if (auto key = live_key(*m)) seen.push_back(*key);
            ended = message_type(*m) == "ended";
            // Now and then, someone comes to watch (and says something, which is a line too).
            if (!ended && seen.size() >= next_newcomer_at) {
                next_newcomer_at = seen.size() + 40;
                auto sam = raw_lobby_user(server.port(), "sam" + std::to_string(++newcomers));
                REQUIRE(sam->send("/watch " + std::to_string(table)));
                const auto snapshot = sam->read_until(
                    [](const Json& s) {
                        return (message_type(s) == "snapshot" && s.contains("history")) ||
                               message_type(s) == "error";
                    },
                    5s);
                REQUIRE(snapshot);
                INFO(snapshot->dump());
                if (message_type(*snapshot) == "error") {
                    // The game ended, and its table closed, between early's last line and
                    // sam's /watch: early is told so next (its lines up to the end still count).
                    while (!ended) {
                        auto next = early->read(20s);
                        REQUIRE(next);
                        if (auto key = live_key(*next)) seen.push_back(*key);
                        ended = message_type(*next) == "ended";
                    }
                    break;
                }
                REQUIRE(message_type(*snapshot) == "snapshot");
                std::vector<std::string> history;
                for (const Json& line : (*snapshot)["history"])
                    history.push_back(history_key(line));
                histories.push_back(std::move(history));
                seen_when_came.push_back(seen.size());
                if (newcomers % 3 == 0) REQUIRE(early->send("/say line " + std::to_string(newcomers)));
            }
        }
        REQUIRE(ended);
        // The lines after the end (a newcomer may have come just before them).
        while (auto m = early->read(300ms))
            if (auto key = live_key(*m)) seen.push_back(*key);
        REQUIRE(histories.size() >= 2);
        for (const auto& history : histories) {
            INFO("history:\n" << [&] {
                std::string out;
                for (const auto& line : history) out += "  " + line + "\n";
                return out;
            }());
            CHECK(history.size() <= std::size_t(kHistory));
            if (!is_window(history, seen)) {
                // Where it parts from what was seen: the seen lines around its last one.
                std::string around;
                for (std::size_t i = 0; i < seen.size(); ++i)
                    if (!history.empty() && seen[i] == history.back())
                        for (std::size_t j = i >= history.size() ? i + 1 - history.size() : 0;
                             j <= i; ++j)
                            around += "  " + seen[j] + "\n";
                FAIL_CHECK("not a window of what was seen; seen there:\n" << around);
            }
        }
        // A newcomer who came after early had seen kHistory lines got a full window (the
        // table had told at least as many by then).
        bool full_window = false;
        for (std::size_t i = 0; i < histories.size(); ++i)
            if (seen_when_came[i] >= std::size_t(kHistory)) {
                CHECK(histories[i].size() == std::size_t(kHistory));
                full_window = true;
            }
        CHECK(full_window);
        const std::string all = [&] {
            std::string out;
            for (const auto& line : seen) out += line + "\n";
            return out;
        }();
        CHECK(all.find("bot for alice") != std::string::npos);  // a cause, made again too
    }
}
