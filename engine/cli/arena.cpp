// `niagara arena`: the strength benchmark of the bot ladder.
//
// Game g seats the candidate at seat g % P and an opponent at every other seat. Games come in
// blocks of P that share one deal seed (the same starting seat, R1.7), so the candidate plays
// each deal from every seat and no seat's advantage favours it. Every bot gets its own seed
// from the arena seed, the game and the seat. Each game and its bots live on one thread; the
// results are gathered by game index, so they are the same for any --jobs given the seed (with
// an iteration budget: a time budget depends on the machine's speed and load).
//
// Counting (see arena_stats.hpp): a win shared by k winners (R9.2) credits 1/k; the win rate
// is credits / games with a 95% Wilson interval; ranks are fractional (ties share the mean
// rank), winners first, then by gems collected, then by collection value (R9.3). A game still
// running after --max-rounds rounds is cut: it has no winner (credit 0), is ranked by gems and
// value, and is counted and reported.
#include "arena.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "arena_stats.hpp"
#include "niagara/audit.hpp"
#include "niagara/bot.hpp"
#include "niagara/game.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/ratings/weng_lin.hpp"

namespace niagara::arena {

const char* const kArenaUsage =
    "  niagara arena [--bot L] [--against L] [--games N] [--players P] [--seed S]\n"
    "                [--spirits] [--joe] [--memory] [--iterations N | --think-ms T]\n"
    "                [--jobs J] [--max-rounds R] [--audit] [--json]\n"
    "                                 play bot L (random|greedy|strong; default strong) against\n"
    "                                 P-1 copies of another (default greedy) and print the win\n"
    "                                 rate (95% Wilson interval), mean rank and decision times;\n"
    "                                 --audit also counts the candidate's blunders per 100 games\n";

namespace {

using Clock = std::chrono::steady_clock;

struct ArenaFlags {
    BotLevel candidate = BotLevel::Strong;
    BotLevel opponent = BotLevel::Greedy;
    long games = 100;
    int players = 4;
    bool spirits = false, diamond_joe = false, memory = false;
    std::uint64_t seed = 1;
    int iterations = 0;  // 0: the level's default
    long think_ms = 0;   // 0: no time limit
    int jobs = 1;
    int max_rounds = 200;
    bool json = false;
    bool audit = false;  // count the candidate's blunders (niagara/audit.hpp)
};

std::optional<ArenaFlags> parse_arena_flags(int argc, char** argv, int from) {
    ArenaFlags f;
    for (int i = from; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--spirits" || flag == "--joe" || flag == "--memory" || flag == "--json" ||
            flag == "--audit") {
            (flag == "--spirits" ? f.spirits
             : flag == "--joe"   ? f.diamond_joe
             : flag == "--json"  ? f.json
             : flag == "--audit" ? f.audit
                                 : f.memory) = true;
            continue;
        }
        if (i + 1 >= argc) return std::nullopt;
        const std::string value = argv[++i];
        try {
            std::size_t used = 0;
            auto number = [&](auto parse) {
                auto n = parse(value, &used);
                if (used != value.size()) throw std::invalid_argument(value);
                return n;
            };
            auto as_long = [](const std::string& v, std::size_t* u) { return std::stol(v, u); };
            if (flag == "--bot" || flag == "--against") {
                const auto level = parse_bot_level(value);
                if (!level) return std::nullopt;
                (flag == "--bot" ? f.candidate : f.opponent) = *level;
            } else if (flag == "--games") {
                f.games = number(as_long);
            } else if (flag == "--players") {
                f.players = int(number(as_long));
            } else if (flag == "--seed") {
                if (value.empty() || value[0] == '-') return std::nullopt;
                f.seed =
                    number([](const std::string& v, std::size_t* u) { return std::stoull(v, u); });
            } else if (flag == "--iterations") {
                f.iterations = int(number(as_long));
            } else if (flag == "--think-ms") {
                f.think_ms = number(as_long);
            } else if (flag == "--jobs") {
                f.jobs = int(number(as_long));
            } else if (flag == "--max-rounds") {
                f.max_rounds = int(number(as_long));
            } else {
                return std::nullopt;
            }
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    if (f.games < 1 || f.iterations < 0 || f.think_ms < 0 || f.jobs < 1 || f.jobs > 256 ||
        f.max_rounds < 1)
        return std::nullopt;
    return f;
}

// SplitMix64's finaliser: independent-looking seeds from (arena seed, game, seat).
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

struct GameResult {
    bool finished = false;
    int rounds = 0;
    int winners = 0;            // how many seats won
    double credit = 0;          // the candidate's share of the win (1/k, or 0)
    double rank = 0;            // the candidate's rank, 1 = best
    std::vector<double> times;  // the candidate's decision times, ms
    long iterations = 0, simulated = 0;
    long decisions = 0;  // all seats'
    std::string error;   // a bot failed: what and where
    int candidate = 0;          // the candidate's seat
    std::vector<int> places;    // each seat's place as ratings weigh it (empty: no winner)
    BlunderCounts blunders;     // with --audit
};

Options game_options(const ArenaFlags& f, long g) {
    Options o;
    o.players = f.players;
    o.spirits = f.spirits;
    o.diamond_joe = f.diamond_joe;
    o.memory = f.memory;
    o.seed = mix(f.seed * 0x100000001b3ULL + std::uint64_t(g / f.players));  // the block's deal
    return o;
}

GameResult play_game(const ArenaFlags& f, long g) {
    GameResult r;
    const Options options = game_options(f, g);
    const int candidate = int(g % f.players);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int seat = 0; seat < f.players; ++seat)
        bots.push_back(make_bot(
            seat == candidate ? f.candidate : f.opponent,
            mix(mix(f.seed ^ 0xa5a5a5a5ULL) + std::uint64_t(g) * 64 + std::uint64_t(seat))));
    State s = new_game(options);
    std::optional<BlunderAudit> audit;
    if (f.audit) audit.emplace(candidate);
    while (!is_over(s) && s.round <= f.max_rounds) {
        if (audit) audit->observe(s);
        // Phase I lets several seats act: the lowest first (no seat sees another's choice).
        const std::uint8_t acting = acting_seats(s);
        const int seat = std::countr_zero(unsigned(acting));
        BotBudget budget;
        budget.iterations = f.iterations;
        const Json view = seat_view(s, seat);
        const auto start = Clock::now();
        if (f.think_ms > 0) {
            const auto deadline = start + std::chrono::milliseconds(f.think_ms);
            budget.stop = [deadline] { return Clock::now() >= deadline; };
        }
        Action a;
        try {
            a = bots[seat]->decide(view, budget);
        } catch (const std::exception& e) {
            r.error = std::string(bot_level_name(bots[seat]->level())) + " at seat " +
                      std::to_string(seat + 1) + " threw: " + e.what();
            return r;
        }
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (seat == candidate) {
            r.times.push_back(ms);
            const BotStats st = bots[seat]->last_stats();
            r.iterations += st.iterations;
            r.simulated += st.simulated_actions;
        }
        ++r.decisions;
        if (a.seat != seat) {
            r.error = "seat " + std::to_string(seat + 1) + " answered for another seat";
            return r;
        }
        if (Status st = apply(s, a); !st) {
            r.error = std::string(bot_level_name(bots[seat]->level())) + " at seat " +
                      std::to_string(seat + 1) + " chose an illegal action '" + to_text(a) +
                      "': " + st.reason;
            return r;
        }
    }
    if (audit) {
        audit->observe(s);
        r.blunders = audit->counts();
    }
    r.finished = is_over(s);
    r.rounds = s.round;
    const std::vector<int> won = r.finished ? winners(s) : std::vector<int>{};
    r.winners = int(won.size());
    if (std::find(won.begin(), won.end(), candidate) != won.end()) r.credit = 1.0 / r.winners;
    r.rank = rank_seats(s)[candidate];
    r.candidate = candidate;
    r.places = places(s);
    return r;
}

// The two levels rated as two players by the server's method (niagara::ratings, default
// model), game after game in the games' order: every seat of a game plays under its level's
// rating; the candidate's level then takes its seat's new rating, the opponent's level the mean
// of its seats' new ratings. What the server publishes as its bots' fixed ratings comes from
// these differences (README, "Ratings"). Games without a winner are not rated.
struct LevelRatings {
    ratings::Rating candidate, opponent;
    long games = 0;
};

LevelRatings rate_levels(const std::vector<GameResult>& results) {
    LevelRatings out;
    for (const GameResult& r : results) {
        if (r.places.empty()) continue;
        std::vector<ratings::Rating> seats;
        for (std::size_t seat = 0; seat < r.places.size(); ++seat)
            seats.push_back(int(seat) == r.candidate ? out.candidate : out.opponent);
        const auto after = ratings::rate_players(seats, r.places);
        double mu = 0, sigma = 0;
        for (std::size_t seat = 0; seat < after.size(); ++seat) {
            if (int(seat) == r.candidate) continue;
            mu += after[seat].mu;
            sigma += after[seat].sigma;
        }
        const double others = double(after.size() - 1);
        out.candidate = after[std::size_t(r.candidate)];
        out.opponent = {mu / others, sigma / others};
        ++out.games;
    }
    return out;
}

struct Summary {
    long games = 0, finished = 0, capped = 0, shared = 0, decisions = 0, all_decisions = 0;
    double credits = 0, rank_sum = 0, rounds_sum = 0;
    Interval ci;
    double p50 = 0, p95 = 0, max = 0, think_s = 0;
    long iterations = 0, simulated = 0;
    double wall_s = 0;
    LevelRatings ratings;
    BlunderCounts blunders;
};

Summary summarise(const std::vector<GameResult>& results, double wall_s) {
    Summary s;
    std::vector<double> times;
    for (const GameResult& r : results) {
        ++s.games;
        s.finished += r.finished;
        s.capped += !r.finished;
        s.shared += r.winners > 1;
        s.credits += r.credit;
        s.rank_sum += r.rank;
        s.rounds_sum += r.rounds;
        s.iterations += r.iterations;
        s.simulated += r.simulated;
        s.all_decisions += r.decisions;
        s.blunders += r.blunders;
        times.insert(times.end(), r.times.begin(), r.times.end());
    }
    std::sort(times.begin(), times.end());
    s.decisions = long(times.size());
    s.think_s = std::accumulate(times.begin(), times.end(), 0.0) / 1000.0;
    s.p50 = percentile(times, 50);
    s.p95 = percentile(times, 95);
    s.max = times.empty() ? 0 : times.back();
    s.ci = wilson95(s.credits, double(s.games));
    s.wall_s = wall_s;
    s.ratings = rate_levels(results);
    return s;
}

std::string variant_name(const ArenaFlags& f) {
    std::string v = f.spirits ? "spirits" : "base";
    if (f.diamond_joe) v += "+joe";
    if (f.memory) v += "+memory";
    return v;
}

std::string budget_name(const ArenaFlags& f) {
    std::string b = f.iterations ? std::to_string(f.iterations) + " iterations" : "";
    if (f.think_ms) b += (b.empty() ? "" : ", ") + std::to_string(f.think_ms) + " ms";
    return b.empty() ? "the level's default" : b;
}

double per_second(double n, double s) {
    return s > 0 ? n / s : 0;
}

void print_text(const ArenaFlags& f, const Summary& s) {
    const double par = 1.0 / f.players;
    std::printf("arena: %s (candidate) against %d x %s, %d players, %s, seed %llu, budget: %s\n",
                std::string(bot_level_name(f.candidate)).c_str(), f.players - 1,
                std::string(bot_level_name(f.opponent)).c_str(), f.players, variant_name(f).c_str(),
                (unsigned long long)f.seed, budget_name(f).c_str());
    std::printf(
        "games %ld: finished %ld, cut at %d rounds %ld, shared wins %ld, rounds/game %.1f\n",
        s.games, s.finished, f.max_rounds, s.capped, s.shared, s.rounds_sum / double(s.games));
    std::printf("win rate %.1f%% (95%% CI %.1f%%-%.1f%%, Wilson), par %.1f%%%s\n",
                100 * s.credits / double(s.games), 100 * s.ci.low, 100 * s.ci.high, 100 * par,
                s.ci.low > par    ? ": above par"
                : s.ci.high < par ? ": below par"
                                  : "");
    std::printf("mean rank %.2f (1 = best; par %.2f)\n", s.rank_sum / double(s.games),
                (f.players + 1) / 2.0);
    std::printf("decision time ms (candidate): p50 %.2f, p95 %.2f, max %.2f; decisions %ld\n",
                s.p50, s.p95, s.max, s.decisions);
    std::printf("search: playouts/s %.0f, simulated actions/s %.0f (%ld playouts)\n",
                per_second(double(s.iterations), s.think_s),
                per_second(double(s.simulated), s.think_s), s.iterations);
    std::printf(
        "ratings (Weng-Lin, the two levels as players, %ld rated games): candidate mu %.2f sigma "
        "%.2f, opponent mu %.2f sigma %.2f; difference %.2f\n",
        s.ratings.games, s.ratings.candidate.mu, s.ratings.candidate.sigma, s.ratings.opponent.mu,
        s.ratings.opponent.sigma, s.ratings.candidate.mu - s.ratings.opponent.mu);
    if (f.audit) {
        const BlunderCounts& b = s.blunders;
        const double per100 = 100.0 / double(s.games);
        std::printf(
            "audit (candidate, per 100 games): canoes lost when a safe turn existed %.1f (%ld), "
            "winning gems given up %.1f (%ld), clouds with a canoe in danger and a safe number "
            "card %.1f (%ld); %ld turns judged, %ld too branchy to judge\n",
            per100 * double(b.canoes_lost_needlessly), b.canoes_lost_needlessly,
            per100 * double(b.winning_gems_given_up), b.winning_gems_given_up,
            per100 * double(b.clouds_in_danger), b.clouds_in_danger, b.turns, b.unjudged);
    }
    std::printf("time %.2f s on %d job%s, games/s %.2f\n", s.wall_s, f.jobs, f.jobs > 1 ? "s" : "",
                per_second(double(s.games), s.wall_s));
}

void print_json(const ArenaFlags& f, const Summary& s) {
    Json j = {
        {"bot", bot_level_name(f.candidate)},
        {"against", bot_level_name(f.opponent)},
        {"players", f.players},
        {"variant", variant_name(f)},
        {"seed", f.seed},
        {"iterations", f.iterations},
        {"think_ms", f.think_ms},
        {"jobs", f.jobs},
        {"games", s.games},
        {"finished", s.finished},
        {"capped", s.capped},
        {"max_rounds", f.max_rounds},
        {"shared_wins", s.shared},
        {"rounds_per_game", s.rounds_sum / double(s.games)},
        {"win_credits", s.credits},
        {"win_rate", s.credits / double(s.games)},
        {"win_rate_ci95", {s.ci.low, s.ci.high}},
        {"par", 1.0 / f.players},
        {"mean_rank", s.rank_sum / double(s.games)},
        {"par_rank", (f.players + 1) / 2.0},
        {"decisions", s.decisions},
        {"decision_ms", {{"p50", s.p50}, {"p95", s.p95}, {"max", s.max}}},
        {"playouts", s.iterations},
        {"playouts_per_s", per_second(double(s.iterations), s.think_s)},
        {"simulated_actions_per_s", per_second(double(s.simulated), s.think_s)},
        {"ratings",
         {{"games", s.ratings.games},
          {"candidate", {{"mu", s.ratings.candidate.mu}, {"sigma", s.ratings.candidate.sigma}}},
          {"opponent", {{"mu", s.ratings.opponent.mu}, {"sigma", s.ratings.opponent.sigma}}},
          {"difference", s.ratings.candidate.mu - s.ratings.opponent.mu}}},
        {"seconds", s.wall_s},
        {"games_per_s", per_second(double(s.games), s.wall_s)},
    };
    if (f.audit) {
        const BlunderCounts& b = s.blunders;
        j["audit"] = {{"turns", b.turns},
                      {"unjudged", b.unjudged},
                      {"canoes_lost_needlessly", b.canoes_lost_needlessly},
                      {"winning_gems_given_up", b.winning_gems_given_up},
                      {"clouds_in_danger", b.clouds_in_danger}};
    }
    std::cout << j.dump() << "\n";
}

}  // namespace

int run_arena(int argc, char** argv, int from) {
    const std::optional<ArenaFlags> parsed = parse_arena_flags(argc, argv, from);
    if (!parsed) {
        std::cerr << "usage:\n" << kArenaUsage;
        return 2;
    }
    const ArenaFlags& f = *parsed;
    Options probe = game_options(f, 0);
    if (auto problem = validate(probe)) {
        std::cerr << "niagara arena: " << *problem << "\n";
        return 2;
    }

    std::vector<GameResult> results(static_cast<std::size_t>(f.games));
    std::atomic<long> next{0};
    auto worker = [&] {
        for (long g = next++; g < f.games; g = next++) {
            try {
                results[std::size_t(g)] = play_game(f, g);
            } catch (const std::exception& e) {
                results[std::size_t(g)].error = e.what();
            }
        }
    };
    const auto start = Clock::now();
    {
        std::vector<std::jthread> threads;
        for (int j = 1; j < std::min<long>(f.jobs, f.games); ++j)
            threads.emplace_back(worker);
        worker();
    }
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();

    for (long g = 0; g < f.games; ++g)
        if (!results[std::size_t(g)].error.empty()) {
            std::cerr << "niagara arena: game " << g << ": " << results[std::size_t(g)].error
                      << "\n";
            return 1;
        }
    const Summary s = summarise(results, wall);
    if (f.json)
        print_json(f, s);
    else
        print_text(f, s);
    return 0;
}

}  // namespace niagara::arena
