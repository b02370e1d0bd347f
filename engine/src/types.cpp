#include "niagara/types.hpp"

#include <string_view>

namespace niagara {
namespace {

constexpr std::array<std::string_view, kColours> kColourNames = {"violet", "clear", "yellow",
                                                                 "blue", "red"};
constexpr std::array<std::string_view, kCardKinds> kCardNames = {
    "1", "2", "3", "4", "5", "6", "7", "cloud", "lasso", "1/2/3"};
constexpr std::array<std::string_view, kPositions> kPosNames = {"T1", "T2", "T3", "T4", "T5",
                                                                "L6", "L7", "R6", "R7"};

template <typename Enum, std::size_t N>
std::optional<Enum> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == s) return static_cast<Enum>(i);
    return std::nullopt;
}

}  // namespace

std::string_view colour_name(Colour c) {
    return kColourNames[static_cast<int>(c)];
}
std::optional<Colour> parse_colour(std::string_view s) {
    // Gem names as printed in the rulebooks are accepted too.
    if (s == "purple" || s == "lilac" || s == "amethyst") return Colour::Violet;
    if (s == "white" || s == "diamond") return Colour::Clear;
    if (s == "amber") return Colour::Yellow;
    if (s == "sapphire") return Colour::Blue;
    if (s == "ruby") return Colour::Red;
    return find_name<Colour>(kColourNames, s);
}

std::string_view card_name(Card c) {
    return kCardNames[static_cast<int>(c)];
}
std::optional<Card> parse_card(std::string_view s) {
    if (s == "123") return Card::OneTwoThree;
    return find_name<Card>(kCardNames, s);
}

std::string_view pos_name(Pos p) {
    return kPosNames[static_cast<int>(p)];
}
std::optional<Pos> parse_pos(std::string_view s) {
    return find_name<Pos>(kPosNames, s);
}

std::string_view branch_name(Branch b) {
    return b == Branch::Left ? "left" : "right";
}

}  // namespace niagara
