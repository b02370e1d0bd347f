// The bot pool's share by address, end to end (issue 32): a stranger (127.0.0.2) keeps 8
// tables of 5 strong bots thinking on the server's one bot thread, answering its own prompts at
// once; a bystander (127.0.0.3) plays against strong bots beside them. The bystander's bots
// take their turns between the stranger's: while one of its decisions waits, the stranger's
// tables make about one decision (the one the thread was busy with), not one each.
//
// Counted in the order the harness received the messages (one io_context for every client: a
// global sequence), never by the clock: for each decision of a bystander's bot, the stranger's
// bot moves received after the bystander's table last changed (when the bot was asked) and
// before the bot's move.
#include <algorithm>
#include <catch2/catch.hpp>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

constexpr int kStrangerTables = 8;  // the default --max-tables-per-address
constexpr int kMeasured = 6;        // bystander's bot decisions counted

// The events of `p`'s table made by seats other than its own (all bots here), by sequence.
std::vector<long> bot_event_seqs(const Player& p) {
    std::vector<long> seqs;
    for (const Received& r : p.frames)
        if (r.type == "event" && r.message.value("seat", -1) != p.client->seat())
            seqs.push_back(r.seq);
    return seqs;
}

// For each of the bystander's bot moves (after its table's first event): the stranger's bot
// moves received between the table's previous event and it.
std::vector<long> stranger_moves_while_waiting(const Player& bystander,
                                               const std::vector<Player*>& strangers) {
    std::vector<long> stranger_seqs;
    for (const Player* s : strangers)
        for (long seq : bot_event_seqs(*s))
            stranger_seqs.push_back(seq);
    std::sort(stranger_seqs.begin(), stranger_seqs.end());
    std::vector<long> counts;
    long previous = -1;  // the bystander's table's last event
    for (const Received& r : bystander.frames) {
        if (r.type != "event") continue;
        if (previous >= 0 && r.message.value("seat", -1) != bystander.client->seat())
            counts.push_back(
                long(std::lower_bound(stranger_seqs.begin(), stranger_seqs.end(), r.seq) -
                     std::upper_bound(stranger_seqs.begin(), stranger_seqs.end(), previous)));
        previous = r.seq;
    }
    return counts;
}

}  // namespace

TEST_CASE("Bots: a stranger's many strong tables do not queue a bystander's bot behind them",
          "[server][bots][attack]") {
    // One bot thread; searches capped at 20 ms so that the test is short: the order of turns,
    // not the time, is what is checked.
    ServerProcess server({"--bot-threads", "1", "--bot-think-ms", "20", "--bot-level", "strong"});
    Harness h(server.port());
    INFO(server.log());

    std::vector<Player*> strangers;
    for (int t = 0; t < kStrangerTables; ++t) {
        Harness::Options options{
            {"/name stranger" + std::to_string(t)}, false, true, std::uint64_t(40 + t)};
        options.source = "127.0.0.2";
        Player& host = h.add("stranger" + std::to_string(t), options);
        TableSetup setup;
        setup.host = &host;
        setup.new_words = "players=6 spirits bots=strong";
        setup.bots = 5;
        setup.seats = 6;
        open_table(setup, std::make_shared<std::optional<long>>());
        strangers.push_back(&host);
    }
    // Every stranger table's game began: its bots' first cards are asked for, and from then on
    // each table always has a search waiting (the stranger answers its own prompts at once).
    const bool busy = h.run_until(
        [&] {
            for (const Player* s : strangers)
                if (!s->first("prompt")) return false;
            return true;
        },
        30s);
    INFO(describe(strangers));
    REQUIRE(busy);

    Harness::Options options{{"/name bystander"}, false, true, 7};
    options.source = "127.0.0.3";
    Player& bystander = h.add("bystander", options);
    TableSetup setup;
    setup.host = &bystander;
    setup.new_words = "players=3 bots=strong";
    setup.bots = 2;
    setup.seats = 3;
    open_table(setup, std::make_shared<std::optional<long>>());
    const bool measured = h.run_until(
        [&] {
            return long(stranger_moves_while_waiting(bystander, strangers).size()) >= kMeasured ||
                   bystander.ended;
        },
        60s);
    INFO(describe({&bystander}));
    REQUIRE(measured);
    REQUIRE(bystander.errors.empty());

    auto counts = stranger_moves_while_waiting(bystander, strangers);
    counts.resize(std::size_t(kMeasured));
    long total = 0;
    std::string listed;
    for (long n : counts) {
        total += n;
        listed += std::to_string(n) + " ";
    }
    INFO("stranger's bot moves while each bystander's bot decision waited: " << listed);
    // Its turn comes after the decision in progress: one stranger move (two when a move
    // finished just before the bystander's table changed is received just after). In the
    // order of arrival the 8 tables' decisions would all come first: 7 or 8 each.
    CHECK(total <= 2 * kMeasured);
    // The stranger's tables kept their turns in between (turns, not a ban).
    CHECK(total >= kMeasured / 2);
    const HttpResponse m = http_get(server.port(), "/metrics");
    CHECK(metric(m.body, "niagara_bot_queue_addresses").has_value());
}
