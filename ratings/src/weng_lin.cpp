#include "niagara/ratings/weng_lin.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace niagara::ratings {

namespace {

struct Team {
    double mu = 0;        // the sum of its players' mu
    double sigma_sq = 0;  // the sum of their sigma^2
    int rank = 0;
};

bool valid(const Rating& r) {
    return std::isfinite(r.mu) && std::isfinite(r.sigma) && r.sigma > 0;
}

}  // namespace

std::vector<std::vector<Rating>> rate(const std::vector<std::vector<Rating>>& teams,
                                      const std::vector<int>& ranks, const Model& model) {
    if (teams.size() != ranks.size())
        throw std::invalid_argument("ratings: one rank per team");
    for (const auto& team : teams) {
        if (team.empty()) throw std::invalid_argument("ratings: an empty team");
        for (const Rating& r : team)
            if (!valid(r)) throw std::invalid_argument("ratings: a rating is not finite");
    }
    if (teams.size() < 2) return teams;

    // The dynamics factor first: each sigma grows by tau before the game is weighed.
    std::vector<std::vector<Rating>> before = teams;
    for (auto& team : before)
        for (Rating& r : team)
            r.sigma = std::sqrt(r.sigma * r.sigma + model.tau * model.tau);

    const std::size_t n = before.size();
    std::vector<Team> sums(n);
    double c_sq = 0;
    for (std::size_t i = 0; i < n; ++i) {
        for (const Rating& r : before[i]) {
            sums[i].mu += r.mu;
            sums[i].sigma_sq += r.sigma * r.sigma;
        }
        sums[i].rank = ranks[i];
        c_sq += sums[i].sigma_sq + model.beta * model.beta;
    }
    const double c = std::sqrt(c_sq);

    // For each team q: the teams placed with it or after it (its "sum Q", the denominator of
    // the probability that q comes first among them) and how many share its place (A_q).
    // Exponents are taken relative to the largest mu: the ratios are unchanged and nothing
    // overflows, however far apart the ratings are.
    double top = sums[0].mu;
    for (const Team& t : sums) top = std::max(top, t.mu);
    std::vector<double> strength(n), sum_q(n, 0.0), tied(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) strength[i] = std::exp((sums[i].mu - top) / c);
    for (std::size_t q = 0; q < n; ++q)
        for (std::size_t i = 0; i < n; ++i) {
            if (sums[i].rank >= sums[q].rank) sum_q[q] += strength[i];
            if (sums[i].rank == sums[q].rank) tied[q] += 1;
        }

    std::vector<std::vector<Rating>> after = before;
    for (std::size_t i = 0; i < n; ++i) {
        double omega = 0, delta = 0;
        for (std::size_t q = 0; q < n; ++q) {
            if (sums[q].rank > sums[i].rank) continue;
            const double p = strength[i] / sum_q[q];  // i's chance to come first among them
            omega += ((i == q ? 1.0 : 0.0) - p) / tied[q];
            delta += p * (1.0 - p) / tied[q];
        }
        const double gamma = std::sqrt(sums[i].sigma_sq) / c;
        omega *= sums[i].sigma_sq / c;
        delta *= gamma * sums[i].sigma_sq / c_sq;
        // Each player moves by his share of the team's uncertainty.
        for (Rating& r : after[i]) {
            const double share = r.sigma * r.sigma / sums[i].sigma_sq;
            r.mu += share * omega;
            r.sigma *= std::sqrt(std::max(1.0 - share * delta, model.kappa));
        }
    }
    return after;
}

std::vector<Rating> rate_players(const std::vector<Rating>& players, const std::vector<int>& ranks,
                                 const Model& model) {
    std::vector<std::vector<Rating>> teams;
    teams.reserve(players.size());
    for (const Rating& r : players) teams.push_back({r});
    std::vector<Rating> out;
    out.reserve(players.size());
    for (const auto& team : rate(teams, ranks, model)) out.push_back(team.front());
    return out;
}

}  // namespace niagara::ratings
