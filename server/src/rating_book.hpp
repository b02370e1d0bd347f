// Ratings: each registered player's Weng-Lin rating (niagara::ratings, OpenSkill's
// Plackett-Luce model) in each variant, updated as a rated game finishes, and kept in the store
// with the game's record in one transaction (README, "Ratings").
//
// A game is rated when its table is not "unrated", a registered player sat at it, and it has a
// winner or someone conceded (R9.4: a game ended otherwise is not). Every seat counts in the
// update: a registered player under his rating, a bot under its level's published rating, a
// guest as a newcomer; only the registered players' ratings change. Places are the engine's
// (niagara::places: winners first, everyone else tied); a seat whose player conceded comes
// after every other, also when the game ended because every person conceded.
// Base games and Spirits games are rated apart; Diamond Joe counts with its base.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "metrics.hpp"
#include "niagara/bot.hpp"
#include "niagara/options.hpp"
#include "niagara/ratings/weng_lin.hpp"
#include "store.hpp"

namespace niagara::server {

enum class RatedVariant { Base, Spirits };
inline constexpr RatedVariant kRatedVariants[] = {RatedVariant::Base, RatedVariant::Spirits};
std::string_view variant_key(RatedVariant v);  // "base", "spirits": the store's and the wire's
std::optional<RatedVariant> parse_variant(std::string_view word);
RatedVariant variant_of(const Options& game);

// A bot level's fixed, published rating (measured by `niagara arena`; never updated).
ratings::Rating bot_rating(BotLevel level, RatedVariant variant);

// A seat of a finished game, as the ratings see it.
struct RatedSeat {
    long account = 0;  // the registered player who sat there; 0: a guest or a bot
    bool bot = false;
    BotLevel level = BotLevel::Random;
    bool conceded = false;
};

// An account's rating now.
struct PlayerRating {
    long account = 0;
    ratings::Rating rating;
    long games = 0;
    double shown() const { return ratings::ordinal(rating); }  // what lists show and sort by
};

class RatingBook {
  public:
    RatingBook(Store& store, Metrics& metrics);  // reads every rating

    // Stores the finished game (Store::finish) and, when it is rated, each registered player's
    // new rating with it; returns those (empty: not rated). `places` are niagara::places(): empty
    // when the game has no winner. Throws StoreError, having changed nothing.
    std::vector<RatedPlace> finish(long table, const std::string& record_json,
                                   RatedVariant variant, const std::vector<RatedSeat>& seats,
                                   const std::vector<int>& places, bool unrated);

    std::optional<PlayerRating> rating(long account, RatedVariant variant) const;
    // The best `count` by their shown rating, among those with at least `min_games` games.
    std::vector<PlayerRating> top(RatedVariant variant, std::size_t count, long min_games) const;
    void forget(long account);  // a deleted account's ratings (the store's go with it)

  private:
    Store& store_;
    Metrics& metrics_;
    mutable std::mutex mutex_;  // held across a game's rating and its storing: one at a time
    std::unordered_map<long, PlayerRating> ratings_[2];  // by variant, by account
};

}  // namespace niagara::server
