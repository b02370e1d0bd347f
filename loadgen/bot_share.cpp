// niagara-bot-share: how long a bystander's bots take while a stranger keeps the bot pool busy
// (issue 32). A benchmark program, not a test: loadgen/bot_share_bench.sh runs it.
//
// The stranger, from one address (--stranger-source, 127.0.0.2), opens --stranger-tables tables
// of 6 seats (Spirits) with 5 strong bots, sits at each and answers its own prompts at once, so
// that each table always has a search waiting. The bystander, from another (--bystander-source,
// 127.0.0.3), plays one table of 3 seats against 2 strong bots, also at once. Measured for each
// of the bystander's bot moves: from its table's previous event (when the table asked the bot,
// give or take the other seat's card) to the bot's move, as the bystander receives them; the
// server's --bot-delay-ms is the least it can be. A game that ends is followed by another.
//
//   niagara-bot-share --port P [--stranger-tables 8] [--warmup 10] [--seconds 30]
//                     [--stranger-source 127.0.0.2] [--bystander-source 127.0.0.3]
//
// Prints the bystander's bot moves (count, p50, p99, max, in ms) and the stranger's bot moves a
// second over the measured seconds.
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "niagara/client/game_client.hpp"

using niagara::client::GameClient;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::json;
namespace net = boost::asio;

namespace {

struct Flags {
    unsigned short port = 0;
    int stranger_tables = 8;
    int warmup = 10;
    int seconds = 30;
    std::string stranger_source = "127.0.0.2";
    std::string bystander_source = "127.0.0.3";
};

[[noreturn]] void usage() {
    std::fprintf(stderr,
                 "usage: niagara-bot-share --port P [--stranger-tables N] [--warmup S] "
                 "[--seconds S] [--stranger-source ADDR] [--bystander-source ADDR]\n");
    std::exit(2);
}

Flags parse(int argc, char** argv) {
    Flags f;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) usage();
        const std::string value = argv[++i];
        try {
            if (flag == "--port")
                f.port = static_cast<unsigned short>(std::stoi(value));
            else if (flag == "--stranger-tables")
                f.stranger_tables = std::stoi(value);
            else if (flag == "--warmup")
                f.warmup = std::stoi(value);
            else if (flag == "--seconds")
                f.seconds = std::stoi(value);
            else if (flag == "--stranger-source")
                f.stranger_source = value;
            else if (flag == "--bystander-source")
                f.bystander_source = value;
            else
                usage();
        } catch (const std::exception&) {
            usage();
        }
    }
    if (f.port == 0 || f.stranger_tables < 0 || f.seconds <= 0 || f.warmup < 0) usage();
    return f;
}

struct Run {
    net::io_context io;
    Flags flags;
    Clock::time_point measure_from, measure_to;
    std::vector<double> bystander_ms;  // each bot move of the bystander's table, measured
    long stranger_moves = 0;           // the stranger's bot moves, measured
    std::vector<std::shared_ptr<GameClient>> clients;

    bool measuring(Clock::time_point t) const { return t >= measure_from && t < measure_to; }

    // A table of `seats` seats from `source`, `bots` of them strong bots, whose own seat plays
    // at once; `on_bot_move(since)` for each bot move, `since` being the table's previous
    // event. Another table follows when the game ends.
    void open(const std::string& name, const std::string& source, const std::string& words,
              int bots, std::function<void(Clock::duration)> on_bot_move) {
        GameClient::Settings s;
        s.port = flags.port;
        s.source = source;
        s.keep_view = false;  // the prompt alone: the client's CPU stays small
        s.seed = clients.size() + 1;
        s.opening = {"/name " + name, "/new " + words};
        auto client = std::make_shared<GameClient>(io, s);
        auto last_event = std::make_shared<Clock::time_point>(Clock::now());
        client->on_message = [this, name, source, words, bots, on_bot_move, last_event](
                                 GameClient& c, const Json& m, const std::string&) {
            const std::string type = m.value("type", "");
            const auto now = Clock::now();
            if (type == "seated") {
                for (int i = 0; i < bots; ++i)
                    c.send("/addbot strong");
                c.send("/start");
            } else if (type == "started") {
                *last_event = now;
            } else if (type == "ended") {
                c.close();
                net::post(io, [=, this] { open(name, source, words, bots, on_bot_move); });
            } else if (type == "error") {
                std::fprintf(stderr, "%s: %s\n", name.c_str(), m.value("text", "").c_str());
            }
            const Json* event = m.contains("event") ? &m.at("event")
                                : type == "event"   ? &m
                                                    : nullptr;
            if (!event) return;
            if (event->value("seat", -1) != c.seat()) on_bot_move(now - *last_event);
            *last_event = now;
        };
        clients.push_back(client);
        client->start();
    }
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
    Run run;
    run.flags = parse(argc, argv);
    const auto start = Clock::now();
    run.measure_from = start + std::chrono::seconds(run.flags.warmup);
    run.measure_to = run.measure_from + std::chrono::seconds(run.flags.seconds);
    for (int t = 0; t < run.flags.stranger_tables; ++t)
        run.open("stranger" + std::to_string(t), run.flags.stranger_source,
                 "players=6 spirits bots=strong", 5, [&run](Clock::duration) {
                     if (run.measuring(Clock::now())) ++run.stranger_moves;
                 });
    run.open("bystander", run.flags.bystander_source, "players=3 bots=strong", 2,
             [&run](Clock::duration since) {
                 if (run.measuring(Clock::now()))
                     run.bystander_ms.push_back(
                         std::chrono::duration<double, std::milli>(since).count());
             });
    net::steady_timer end(run.io);
    end.expires_at(run.measure_to);
    end.async_wait([&run](boost::system::error_code) { run.io.stop(); });
    run.io.run();

    const auto& v = run.bystander_ms;
    std::printf(
        "bystander: %zu bot moves, p50 %.0f ms, p99 %.0f ms, max %.0f ms; stranger: %d tables, "
        "%.1f bot moves/s\n",
        v.size(), percentile(v, 0.5), percentile(v, 0.99),
        v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()), run.flags.stranger_tables,
        double(run.stranger_moves) / run.flags.seconds);
    return v.empty() ? 1 : 0;
}
