// niagara: the command-line tool over the engine.
//   niagara replay RECORD.json      final state as JSON, or exit 1 naming the first illegal action
//   niagara legal RECORD.json       legal actions (text form) of whoever must act after the record
//   niagara selfplay [--games N] [--players P] [--seed S] [--spirits] [--joe]   the benchmark
//   niagara demo [--players P] [--seed S] [--record FILE] [--spirits] [--joe]   one game, logged
//   niagara arena [--bot L] [--against L] [--games N] ...   the bots' strength (arena.cpp)
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "arena.hpp"
#include "niagara/game.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/random_bot.hpp"
#include "niagara/record.hpp"

using namespace niagara;

namespace {

constexpr const char* kUsage =
    "usage:\n"
    "  niagara replay RECORD.json     print the final state as JSON (exit 1 at an illegal action)\n"
    "  niagara legal RECORD.json      list the legal actions of whoever must act next\n"
    "  niagara selfplay [--games N] [--players P] [--seed S] [--max-rounds R] [--spirits] [--joe]\n"
    "                                 play random games and print speed and results\n"
    "  niagara demo [--players P] [--seed S] [--record FILE] [--spirits] [--joe]\n"
    "                                 play one random game, print its log, save its record\n";

int usage() {
    std::cerr << kUsage << arena::kArenaUsage;
    return 2;
}

Record read_record(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    Json j;
    try {
        j = Json::parse(in);
    } catch (const Json::parse_error& e) {
        throw std::runtime_error(path + " is not valid JSON: " + e.what());
    }
    return record_from_json(j);
}

int cmd_replay(const std::string& path) {
    Replay r = replay(read_record(path));
    if (r.failed_at) {
        std::cerr << "action " << *r.failed_at << " is illegal: " << r.reason << "\n";
        return 1;
    }
    Json out = state_to_json(r.state);
    out["result"] = result_to_json(r.state);
    std::cout << out.dump(2) << "\n";
    return 0;
}

int cmd_legal(const std::string& path) {
    Replay r = replay(read_record(path));
    if (r.failed_at) {
        std::cerr << "action " << *r.failed_at << " is illegal: " << r.reason << "\n";
        return 1;
    }
    if (is_over(r.state)) {
        std::cout << "the game is over\n";
        return 0;
    }
    for (int seat = 0; seat < r.state.players(); ++seat) {
        if (!must_act(r.state, seat)) continue;
        std::cout << "seat " << seat + 1 << " (index " << seat << "):\n";
        for (const Action& a : legal_actions(r.state, seat))
            std::cout << "  " << to_text(a) << "\n";
    }
    return 0;
}

struct Flags {
    long games = 1000;
    int players = 4;
    std::uint64_t seed = 1;
    int max_rounds = 10000;
    std::string record_path;   // demo: where to write the game record
    bool spirits = false;      // R10
    bool diamond_joe = false;  // R11
};

bool parse_flags(int argc, char** argv, int from, Flags& f) {
    for (int i = from; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--spirits" || flag == "--joe") {
            (flag == "--spirits" ? f.spirits : f.diamond_joe) = true;
            continue;
        }
        if (i + 1 >= argc) return false;
        const std::string value = argv[++i];
        try {
            if (flag == "--games")
                f.games = std::stol(value);
            else if (flag == "--players")
                f.players = std::stoi(value);
            else if (flag == "--seed")
                f.seed = std::stoull(value);
            else if (flag == "--max-rounds")
                f.max_rounds = std::stoi(value);
            else if (flag == "--record")
                f.record_path = value;
            else
                return false;
        } catch (const std::exception&) {
            return false;
        }
    }
    return f.games > 0 && f.max_rounds > 0;
}

// The game the flags ask for (seed `f.seed`), or nullopt once the reason it is no game is said.
std::optional<Options> game_of(const Flags& f) {
    Options options;
    options.players = f.players;
    options.spirits = f.spirits;
    options.diamond_joe = f.diamond_joe;
    options.seed = f.seed;
    if (auto problem = validate(options)) {
        std::cerr << *problem << "\n";
        return std::nullopt;
    }
    return options;
}

int cmd_selfplay(const Flags& f) {
    auto game = game_of(f);
    if (!game) return 2;
    Options options = *game;
    std::vector<long> wins(f.players, 0);
    long actions = 0, rounds = 0, unfinished = 0, shared_wins = 0;
    const auto start = std::chrono::steady_clock::now();
    for (long g = 0; g < f.games; ++g) {
        options.seed = f.seed + std::uint64_t(g);
        State s = new_game(options);
        RandomBot bot(options.seed * 7919 + 17);
        while (!is_over(s) && s.round <= f.max_rounds) {
            const int seat = bot.pick_seat(s);
            if (!apply(s, bot.pick_action(s, seat)))
                return 3;  // cannot happen: legal by construction
            ++actions;
        }
        rounds += s.round;
        if (!is_over(s)) ++unfinished;
        const auto w = winners(s);
        if (w.size() > 1) ++shared_wins;
        for (int seat : w)
            ++wins[seat];
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("games %ld, players %d, seed %llu\n", f.games, f.players,
                (unsigned long long)f.seed);
    std::printf("time %.3f s, games/s %.0f, actions/s %.0f, actions/game %.1f\n", secs,
                double(f.games) / secs, double(actions) / secs, double(actions) / double(f.games));
    std::printf("average rounds per game %.2f, unfinished %ld, games with several winners %ld\n",
                double(rounds) / double(f.games), unfinished, shared_wins);
    std::printf("wins by seat:");
    for (int seat = 0; seat < f.players; ++seat)
        std::printf(" %d:%.1f%%", seat + 1, 100.0 * double(wins[seat]) / double(f.games));
    std::printf("\n");
    return 0;
}

int cmd_demo(const Flags& f) {
    const auto game = game_of(f);
    if (!game) return 2;
    const Options& options = *game;
    State s = new_game(options);
    RandomBot bot(f.seed);
    Log log;
    Record record{options, {}, false};
    std::cout << "Niagara: a random game with " << f.players << " players (seed " << f.seed
              << ")\n";
    std::cout << "Round 1: Seat " << s.starting_seat + 1 << " holds the life preserver.\n";
    while (!is_over(s) && s.round <= f.max_rounds) {
        const int seat = bot.pick_seat(s);
        const Action a = bot.pick_action(s, seat);
        log.clear();
        apply(s, a, &log);
        record.actions.push_back(a);
        if (a.type != ActionType::PlayCard)
            std::cout << "  Seat " << seat + 1 << ": " << to_text(a) << "\n";
        for (const Text& line : log)
            if (line.key != "engine.log.card_chosen") std::cout << "    " << line.en << "\n";
    }
    std::cout << "\nResult:\n" << result_to_json(s).dump(2) << "\n";
    if (!f.record_path.empty()) {
        std::ofstream out(f.record_path);
        out << record_to_json(record).dump(1) << "\n";
        if (!out) throw std::runtime_error("cannot write " + f.record_path);
        std::cout << "The game record is in " << f.record_path << "\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    const std::string cmd = argv[1];
    try {
        if ((cmd == "replay" || cmd == "legal") && argc == 3)
            return cmd == "replay" ? cmd_replay(argv[2]) : cmd_legal(argv[2]);
        if (cmd == "arena") return arena::run_arena(argc, argv, 2);
        Flags f;
        if (cmd == "selfplay" && parse_flags(argc, argv, 2, f)) return cmd_selfplay(f);
        if (cmd == "demo") {
            f.seed = std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
            if (parse_flags(argc, argv, 2, f)) return cmd_demo(f);
        }
    } catch (const std::exception& e) {
        std::cerr << "niagara: " << e.what() << "\n";
        return 1;
    }
    return usage();
}
