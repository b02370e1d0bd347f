// The Weng-Lin rating of ranked results, by the Plackett-Luce model: R. C. Weng and C.-J. Lin,
// "A Bayesian Approximation Method for Online Ranking", Journal of Machine Learning Research
// 12 (2011) 267-300, Algorithm 4; with the defaults and conventions of OpenSkill
// (openskill.js, openskill.py), whose published results the tests reproduce.
//
// A player's skill is a normal belief N(mu, sigma^2). After a game each team's belief moves by
// how surprising its place was: a win over stronger teams moves it most, and every game
// narrows sigma. Teams are summed (mu and sigma^2 add up); in Niagara each team is one seat.
#pragma once

#include <vector>

namespace niagara::ratings {

struct Rating {
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
};

struct Model {
    double mu = 25.0;           // a newcomer's belief ...
    double sigma = 25.0 / 3.0;  // ... and its uncertainty
    double beta = 25.0 / 6.0;   // the spread of one game's performance around the skill
    double kappa = 0.0001;      // the least factor sigma^2 may shrink by in one game
    // Added (as variance) to every sigma before a game: skill drifts, so a long-rated player
    // is never certain for good. 0 reproduces the paper's update alone.
    double tau = 25.0 / 300.0;

    Rating newcomer() const { return {mu, sigma}; }
};

// The beliefs after one game. `teams[i]` are the ratings of team i's players; `ranks[i]` its
// place (lower is better; equal ranks are a tie; any integers). Returns the teams' new ratings
// in the same shape. Fewer than two teams: unchanged. Throws std::invalid_argument when the
// sizes disagree, a team is empty, or a rating is not finite with sigma > 0.
std::vector<std::vector<Rating>> rate(const std::vector<std::vector<Rating>>& teams,
                                      const std::vector<int>& ranks, const Model& model = {});

// A free-for-all: one player per place.
std::vector<Rating> rate_players(const std::vector<Rating>& players, const std::vector<int>& ranks,
                                 const Model& model = {});

// What a leaderboard shows and sorts by: the skill the player has with 99.7% confidence
// (mu - 3 sigma; 0 for a newcomer, rising as games make the belief surer).
inline double ordinal(const Rating& r) { return r.mu - 3.0 * r.sigma; }

}  // namespace niagara::ratings
