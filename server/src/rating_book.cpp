#include "rating_book.hpp"

#include <algorithm>

namespace niagara::server {

namespace {

// The bots' published ratings: their levels rated as players by `niagara arena` (its "ratings"
// line: the difference between the candidate's level and its opponents'), anchored with the
// greedy bot at a newcomer's 25 (a person new to the game is taken to play about as well as
// the greedy bot). Measured on 2026-12-03 with seed 1 and 4 players:
//   arena --bot greedy --against random --games 400 [--spirits]: difference 65.94 (the greedy
//     bot won all 400 games in both variants: the gap only says "never loses to it");
//   arena --bot strong --against greedy --games 200: difference 25.22 (base; it won 84.3%),
//     46.65 (--spirits; it won 96.2%).
// Sigma is fixed small: a bot's strength is known, so a game against bots moves a person's
// rating by what the person did. Never updated by the games people play against them.
struct Published {
    ratings::Rating random, greedy, strong;
};
constexpr Published kPublished[2] = {
    {{25.0 - 65.94, 2.0}, {25.0, 2.0}, {25.0 + 25.22, 2.0}},  // base
    {{25.0 - 65.94, 2.0}, {25.0, 2.0}, {25.0 + 46.65, 2.0}},  // spirits
};

std::size_t index(RatedVariant v) { return v == RatedVariant::Spirits ? 1 : 0; }

// The places the ratings weigh: the game's, with every conceded seat after all the others
// (whatever its stand-in bot then did); a game that ended because every person conceded (R9.4:
// no winner) ranks the seats played on (bots) first and the conceded ones after them, so that
// conceding a lost game is a loss, not a game unplayed. Empty: not rated (no winner, and
// nobody conceded).
std::vector<int> rated_places(const std::vector<RatedSeat>& seats, const std::vector<int>& places) {
    const bool any_conceded =
        std::any_of(seats.begin(), seats.end(), [](const RatedSeat& s) { return s.conceded; });
    const bool all_conceded =
        std::all_of(seats.begin(), seats.end(), [](const RatedSeat& s) { return s.conceded; });
    if (seats.size() < 2) return {};
    if (places.size() != seats.size()) {
        if (!any_conceded || all_conceded) return {};
        std::vector<int> ranks;
        for (const RatedSeat& s : seats) ranks.push_back(s.conceded ? 2 : 1);
        return ranks;
    }
    std::vector<int> ranks = places;
    const int last = 1 + *std::max_element(places.begin(), places.end());
    for (std::size_t i = 0; i < seats.size(); ++i)
        if (seats[i].conceded) ranks[i] = last;
    return ranks;
}

}  // namespace

std::string_view variant_key(RatedVariant v) {
    return v == RatedVariant::Spirits ? "spirits" : "base";
}

std::optional<RatedVariant> parse_variant(std::string_view word) {
    if (word == "base") return RatedVariant::Base;
    if (word == "spirits") return RatedVariant::Spirits;
    return std::nullopt;
}

RatedVariant variant_of(const Options& game) {
    return game.spirits ? RatedVariant::Spirits : RatedVariant::Base;
}

ratings::Rating bot_rating(BotLevel level, RatedVariant variant) {
    const Published& p = kPublished[index(variant)];
    switch (level) {
        case BotLevel::Random:
            return p.random;
        case BotLevel::Greedy:
            return p.greedy;
        default:
            return p.strong;
    }
}

RatingBook::RatingBook(Store& store, Metrics& metrics) : store_(store), metrics_(metrics) {
    for (const StoredRating& r : store_.ratings())
        if (auto v = parse_variant(r.variant))
            ratings_[index(*v)][r.account] = PlayerRating{r.account, {r.mu, r.sigma}, r.games};
}

std::vector<RatedPlace> RatingBook::finish(long table, const std::string& record_json,
                                           RatedVariant variant,
                                           const std::vector<RatedSeat>& seats,
                                           const std::vector<int>& places, bool unrated) {
    std::lock_guard lock(mutex_);
    auto& book = ratings_[index(variant)];
    const bool anyone = std::any_of(seats.begin(), seats.end(),
                                    [](const RatedSeat& s) { return s.account != 0; });
    std::vector<RatedPlace> rated;
    const std::vector<int> ranks = rated_places(seats, places);
    if (!unrated && anyone && !ranks.empty()) {
        std::vector<ratings::Rating> before;
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const RatedSeat& s = seats[i];
            if (s.account != 0) {
                auto it = book.find(s.account);
                before.push_back(it == book.end() ? ratings::Model{}.newcomer() : it->second.rating);
            } else if (s.bot) {
                before.push_back(bot_rating(s.level, variant));
            } else {
                before.push_back(ratings::Model{}.newcomer());
            }
        }
        const auto after = ratings::rate_players(before, ranks);
        // One account at two seats of one game (a seat resumed by its token) is rated once:
        // at its first seat.
        std::vector<long> seen;
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const long account = seats[i].account;
            if (account == 0 || std::find(seen.begin(), seen.end(), account) != seen.end())
                continue;
            seen.push_back(account);
            auto it = book.find(account);
            const long games = (it == book.end() ? 0 : it->second.games) + 1;
            rated.push_back(RatedPlace{account, std::string(variant_key(variant)), ranks[i],
                                       int(seats.size()),
                                       !places.empty() && places[i] == 1 && !seats[i].conceded,
                                       after[i].mu, after[i].sigma, games,
                                       ratings::ordinal(before[i])});
        }
    }
    store_.finish(table, record_json, rated);  // throws: nothing changed
    for (const RatedPlace& r : rated)
        book[r.account] = PlayerRating{r.account, {r.mu, r.sigma}, r.games};
    if (!rated.empty()) metrics_.rated_games.fetch_add(1);
    return rated;
}

std::optional<PlayerRating> RatingBook::rating(long account, RatedVariant variant) const {
    std::lock_guard lock(mutex_);
    const auto& book = ratings_[index(variant)];
    auto it = book.find(account);
    if (it == book.end()) return std::nullopt;
    return it->second;
}

std::vector<PlayerRating> RatingBook::top(RatedVariant variant, std::size_t count,
                                          long min_games) const {
    std::vector<PlayerRating> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [account, r] : ratings_[index(variant)])
            if (r.games >= min_games) all.push_back(r);
    }
    const auto better = [](const PlayerRating& a, const PlayerRating& b) {
        if (a.shown() != b.shown()) return a.shown() > b.shown();
        return a.account < b.account;  // a fixed order for equals
    };
    const std::size_t n = std::min(count, all.size());
    std::partial_sort(all.begin(), all.begin() + long(n), all.end(), better);
    all.resize(n);
    return all;
}

void RatingBook::forget(long account) {
    std::lock_guard lock(mutex_);
    for (auto& book : ratings_)
        book.erase(account);
}

}  // namespace niagara::server
