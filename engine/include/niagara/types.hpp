// Basic vocabulary of the game: gem colours, paddle cards, river positions, gem multisets.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace niagara {

inline constexpr int kMaxSeats = 6;
inline constexpr int kCanoesPerSeat = 2;
inline constexpr int kMaxCanoeCapacity = 2;

// R1.2. The order is the tie-break value order of R9.3 (violet 1 ... red 5).
enum class Colour : std::uint8_t { Violet, Clear, Yellow, Blue, Red };
inline constexpr int kColours = 5;
inline constexpr std::array<Colour, kColours> kAllColours = {
    Colour::Violet, Colour::Clear, Colour::Yellow, Colour::Blue, Colour::Red};

std::string_view colour_name(Colour c);
std::optional<Colour> parse_colour(std::string_view name);

// R1.5 / R10.1. Number cards come first so that `card_number` is a cast.
enum class Card : std::uint8_t {
    One,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Cloud,
    Lasso,
    OneTwoThree
};
inline constexpr int kCardKinds = 10;

constexpr bool is_number_card(Card c) {
    return c <= Card::Seven;
}
constexpr int card_number(Card c) {
    return static_cast<int>(c) + 1;
}  // only for number cards
constexpr std::uint16_t card_bit(Card c) {
    return std::uint16_t(1u << static_cast<int>(c));
}

std::string_view card_name(Card c);  // "1".."7", "cloud", "lasso", "1/2/3"
std::optional<Card> parse_card(std::string_view name);

// R2.1. River positions, counted from the rope down-river; L = left branch, R = right branch.
enum class Pos : std::int8_t { T1, T2, T3, T4, T5, L6, L7, R6, R7 };
inline constexpr int kPositions = 9;

std::string_view pos_name(Pos p);
std::optional<Pos> parse_pos(std::string_view name);

enum class Branch : std::uint8_t { Left, Right };
constexpr Branch other(Branch b) {
    return b == Branch::Left ? Branch::Right : Branch::Left;
}
std::string_view branch_name(Branch b);

// R2.2. The discovery place beside a position, if any.
constexpr std::optional<Colour> place_at(Pos p) {
    switch (p) {
        case Pos::T3:
            return Colour::Violet;
        case Pos::T4:
            return Colour::Clear;
        case Pos::T5:
            return Colour::Yellow;
        case Pos::L6:
        case Pos::R6:
            return Colour::Blue;
        case Pos::L7:
        case Pos::R7:
            return Colour::Red;
        default:
            return std::nullopt;
    }
}

// A multiset of gems: how many of each colour. Used for discovery places, cargo, collections.
struct Gems {
    std::array<std::uint8_t, kColours> count{};

    int of(Colour c) const { return count[static_cast<int>(c)]; }
    void add(Colour c, int n = 1) { count[static_cast<int>(c)] += std::uint8_t(n); }
    void remove(Colour c, int n = 1) { count[static_cast<int>(c)] -= std::uint8_t(n); }
    int total() const {
        int t = 0;
        for (auto n : count)
            t += n;
        return t;
    }
    int distinct() const {
        int d = 0;
        for (auto n : count)
            d += n > 0;
        return d;
    }
    bool operator==(const Gems&) const = default;
};

}  // namespace niagara
