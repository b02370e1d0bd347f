// engine_english(): the English a server sends for the engine's texts comes from a per-thread
// cache, and must be exactly what the English catalog renders, whether the text was met before
// or not, and after the cache has turned its generations over.
#include <catch2/catch.hpp>
#include <string>
#include <unordered_set>
#include <vector>

#include "../option_variants.hpp"
#include "../property_scale.hpp"
#include "niagara/game.hpp"
#include "niagara/i18n/i18n.hpp"
#include "niagara/protocol/engine_english.hpp"
#include "niagara/random_bot.hpp"

namespace {

using niagara::protocol::engine_english;

struct Seen {
    std::unordered_set<std::string> distinct;  // key + args
    long texts = 0;
    long wrong = 0;
};

// Each text twice (a miss or a hit, then a hit), and the log at once as a list.
void compare(const niagara::Log& log, Seen& seen) {
    const std::vector<std::string> listed = engine_english(log);
    REQUIRE(listed.size() == log.size());
    for (std::size_t i = 0; i < log.size(); ++i) {
        const niagara::Text& text = log[i];
        const std::string rendered = niagara::i18n::render("en", text.key, text.args.json());
        ++seen.texts;
        seen.distinct.insert(text.key + text.args.dump());
        if (engine_english(text) != rendered || engine_english(text) != rendered ||
            listed[i] != rendered) {
            if (++seen.wrong <= 5)
                UNSCOPED_INFO(text.key << " " << text.args.dump() << ": not '" << rendered
                                       << "' but '" << engine_english(text) << "'");
        }
    }
}

}  // namespace

TEST_CASE(
    "engine_english: the cached English of the engine's texts is the catalog's, over "
    "seeded games",
    "[protocol][texts]") {
    const long games = test::property_scale(300, 16);
    Seen seen;
    for (long game = 0; game < games; ++game) {
        const std::uint64_t seed = 9101 + std::uint64_t(game);
        niagara::State s =
            niagara::new_game(test::option_variant(int(game % test::kOptionVariants), seed));
        niagara::RandomBot bot(seed, game % 3 == 2 ? niagara::RandomBot::Policy::Uniform
                                                   : niagara::RandomBot::Policy::Homing);
        niagara::Log log;
        for (int decisions = 0; !niagara::is_over(s) && decisions < 3000; ++decisions) {
            const int seat = bot.pick_seat(s);
            const niagara::Action action = bot.pick_action(s, seat);
            // A refusal's English too: the same action for the next seat is mostly illegal.
            niagara::Action wrong = action;
            wrong.seat = std::int8_t((action.seat + 1) % s.players());
            niagara::State copy = s;
            if (const niagara::Status st = niagara::apply(copy, wrong); !st)
                compare({st.refusal}, seen);
            log.clear();
            REQUIRE(niagara::apply(s, action, &log));
            compare(log, seen);
        }
    }
    INFO(seen.texts << " texts, " << seen.distinct.size() << " distinct");
    CHECK(seen.wrong == 0);
    CHECK(seen.texts > 1000);
}
