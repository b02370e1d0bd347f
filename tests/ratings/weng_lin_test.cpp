// The Weng-Lin (Plackett-Luce) update against OpenSkill's published results: openskill.js's
// model tests (src/models/__tests__/plackett-luce.test.ts: free-for-alls of 2 to 5 newcomers
// and three teams of different sizes) and openskill.py's README (two teams of two). They
// weigh the game alone: tau = 0. Then what a player notices: a winner rises, a loser falls,
// ties and the order of the seats change nothing they should not, and every game makes a
// belief surer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>

#include "niagara/ratings/weng_lin.hpp"

namespace {

using niagara::ratings::Model;
using niagara::ratings::Rating;

Model game_alone() {
    Model m;
    m.tau = 0;
    return m;
}

void check(const Rating& got, double mu, double sigma) {
    INFO("got mu " << got.mu << " sigma " << got.sigma << ", expected " << mu << " " << sigma);
    CHECK(got.mu == Approx(mu).epsilon(1e-12));
    CHECK(got.sigma == Approx(sigma).epsilon(1e-12));
}

std::vector<Rating> newcomers(int n) { return std::vector<Rating>(std::size_t(n)); }

std::vector<int> in_order(int n) {
    std::vector<int> ranks;
    for (int i = 1; i <= n; ++i) ranks.push_back(i);
    return ranks;
}

}  // namespace

TEST_CASE("ratings: free-for-alls of newcomers as OpenSkill publishes them", "[ratings]") {
    using niagara::ratings::rate_players;
    const Model m = game_alone();
    SECTION("two") {
        const auto r = rate_players(newcomers(2), in_order(2), m);
        check(r[0], 27.63523138347365, 8.065506316323548);
        check(r[1], 22.36476861652635, 8.065506316323548);
    }
    SECTION("three") {
        const auto r = rate_players(newcomers(3), in_order(3), m);
        check(r[0], 27.868876552746237, 8.204837030780652);
        check(r[1], 25.717219138186557, 8.057829747583874);
        check(r[2], 21.413904309067206, 8.057829747583874);
    }
    SECTION("four") {
        const auto r = rate_players(newcomers(4), in_order(4), m);
        check(r[0], 27.795084971874736, 8.263160757613477);
        check(r[1], 26.552824984374855, 8.179213704945203);
        check(r[2], 24.68943500312503, 8.083731307186588);
        check(r[3], 20.96265504062538, 8.083731307186588);
    }
    SECTION("five") {
        const auto r = rate_players(newcomers(5), in_order(5), m);
        check(r[0], 27.666666666666668, 8.290556877154474);
        check(r[1], 26.833333333333332, 8.240145629781066);
        check(r[2], 25.72222222222222, 8.179996679645559);
        check(r[3], 24.055555555555557, 8.111796013701358);
        check(r[4], 20.72222222222222, 8.111796013701358);
    }
    SECTION("a game alone changes nothing") {
        const auto r = rate_players(newcomers(1), {1}, m);
        check(r[0], 25.0, 25.0 / 3.0);
    }
}

TEST_CASE("ratings: teams, as OpenSkill publishes them", "[ratings]") {
    const Model m = game_alone();
    SECTION("three teams of three, one and two newcomers, in that order") {
        const Rating n;
        const auto r = niagara::ratings::rate({{n, n, n}, {n}, {n, n}}, {1, 2, 3}, m);
        for (const Rating& p : r[0]) check(p, 25.939870821784513, 8.247641552260456);
        check(r[1][0], 27.21366020491262, 8.274321317985242);
        for (const Rating& p : r[2]) check(p, 21.84646897330287, 8.213058173195341);
    }
    SECTION("two teams of two with ratings of their own (openskill.py's README)") {
        const auto r = niagara::ratings::rate(
            {{{25, 25.0 / 3.0}, {32.444, 5.123}}, {{43.381, 2.421}, {25.188, 6.211}}}, {1, 2}, m);
        check(r[0][0], 28.669648436582808, 8.071520788025197);
        check(r[0][1], 33.83086971107981, 5.062772998705765);
        check(r[1][0], 43.071274808241974, 2.4166900452721256);
        check(r[1][1], 23.149503312339064, 6.1378606973362135);
    }
}

TEST_CASE("ratings: what players notice, over thousands of seeded games", "[ratings]") {
    using niagara::ratings::rate_players;
    std::mt19937 random(20261203);
    std::uniform_real_distribution<double> mu(-20.0, 80.0), sigma(0.5, 9.0);
    std::uniform_int_distribution<int> players(2, 5), place(1, 5);
    const Model m;
    for (int game = 0; game < 5000; ++game) {
        const int n = players(random);
        std::vector<Rating> before;
        std::vector<int> ranks;
        for (int i = 0; i < n; ++i) {
            before.push_back({mu(random), sigma(random)});
            ranks.push_back(place(random));
        }
        const auto after = rate_players(before, ranks, m);
        REQUIRE(after.size() == before.size());
        // The seats' order does not matter: the same game listed backwards rates alike.
        std::vector<Rating> reversed(before.rbegin(), before.rend());
        std::vector<int> reversed_ranks(ranks.rbegin(), ranks.rend());
        const auto after_reversed = rate_players(reversed, reversed_ranks, m);
        int best = *std::min_element(ranks.begin(), ranks.end());
        int worst = *std::max_element(ranks.begin(), ranks.end());
        for (int i = 0; i < n; ++i) {
            const Rating& a = after[std::size_t(i)];
            INFO("game " << game << " seat " << i);
            REQUIRE(std::isfinite(a.mu));
            REQUIRE(std::isfinite(a.sigma));
            // Surer after every game (the drift tau is far smaller than what a game teaches).
            CHECK(a.sigma < before[std::size_t(i)].sigma + m.tau);
            CHECK(a.sigma > 0);
            // Sole winners never fall; sole losers never rise.
            const bool alone =
                std::count(ranks.begin(), ranks.end(), ranks[std::size_t(i)]) == 1;
            if (alone && ranks[std::size_t(i)] == best && best != worst)
                CHECK(a.mu > before[std::size_t(i)].mu);
            if (alone && ranks[std::size_t(i)] == worst && best != worst)
                CHECK(a.mu < before[std::size_t(i)].mu);
            const Rating& b = after_reversed[std::size_t(n - 1 - i)];
            CHECK(b.mu == Approx(a.mu).epsilon(1e-12));
            CHECK(b.sigma == Approx(a.sigma).epsilon(1e-12));
        }
    }
}

TEST_CASE("ratings: ties and equals", "[ratings]") {
    using niagara::ratings::rate_players;
    const Model m;
    SECTION("newcomers who all tie keep their mu and grow surer") {
        const auto r = rate_players(newcomers(4), {2, 2, 2, 2}, m);
        for (const Rating& p : r) {
            CHECK(p.mu == Approx(25.0).epsilon(1e-12));
            CHECK(p.sigma < 25.0 / 3.0);
        }
    }
    SECTION("two equals sharing a place are rated alike, between the others") {
        const auto r = rate_players(newcomers(4), {1, 2, 2, 3}, m);
        CHECK(r[1].mu == Approx(r[2].mu).epsilon(1e-12));
        CHECK(r[1].sigma == Approx(r[2].sigma).epsilon(1e-12));
        CHECK(r[0].mu > r[1].mu);
        CHECK(r[1].mu > r[3].mu);
    }
    SECTION("beating a stronger player is worth more than beating a weaker one") {
        const Rating me{25, 5};
        const auto over_strong = rate_players({me, {35, 5}}, {1, 2}, m);
        const auto over_weak = rate_players({me, {15, 5}}, {1, 2}, m);
        CHECK(over_strong[0].mu - me.mu > over_weak[0].mu - me.mu);
    }
    SECTION("ratings far apart stay finite") {
        const auto r = rate_players({{5000, 1}, {-5000, 1}, {0, 8}}, {3, 1, 2}, m);
        for (const Rating& p : r) {
            CHECK(std::isfinite(p.mu));
            CHECK(std::isfinite(p.sigma));
        }
    }
    SECTION("bad input is refused") {
        CHECK_THROWS_AS(rate_players(newcomers(3), {1, 2}, m), std::invalid_argument);
        CHECK_THROWS_AS(rate_players({{25, 0}, {25, 1}}, {1, 2}, m), std::invalid_argument);
        CHECK_THROWS_AS(rate_players({{NAN, 1}, {25, 1}}, {1, 2}, m), std::invalid_argument);
        CHECK_THROWS_AS(niagara::ratings::rate({{}, {Rating{}}}, {1, 2}, m),
                        std::invalid_argument);
    }
}
