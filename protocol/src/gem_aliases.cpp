#include "niagara/protocol/gem_aliases.hpp"

#include <algorithm>
#include <array>

namespace niagara::protocol {

namespace {

// Gem names of the French and Czech rulebooks (001, 002) and of German, in the forms a player
// would type after "load", "steal" or "with": colour adjectives (every gender and number) and
// the gems' own names. English names are the engine's (it also reads ruby, sapphire, ...).
// Words of the notation ("no", "end", "left", ...) and other colours' names are never aliases:
// tests/protocol/lang_test.cpp checks it.
const std::vector<std::pair<std::string_view, std::string_view>> kAliases = {
    // French
    {"rouge", "red"},
    {"rouges", "red"},
    {"rubis", "red"},
    {"bleu", "blue"},
    {"bleue", "blue"},
    {"bleus", "blue"},
    {"bleues", "blue"},
    {"saphir", "blue"},
    {"saphirs", "blue"},
    {"jaune", "yellow"},
    {"jaunes", "yellow"},
    {"ambre", "yellow"},
    {"ambres", "yellow"},
    {"violette", "violet"},
    {"violets", "violet"},
    {"violettes", "violet"},
    {"mauve", "violet"},
    {"amethyste", "violet"},
    {"amethystes", "violet"},
    {"blanc", "clear"},
    {"blanche", "clear"},
    {"blancs", "clear"},
    {"transparent", "clear"},
    {"transparente", "clear"},
    {"transparents", "clear"},
    {"incolore", "clear"},
    {"diamants", "clear"},
    // Czech (with diacritics the words read červený, modrý, žlutý, fialový, průhledný, ...)
    {"cerveny", "red"},
    {"cervena", "red"},
    {"cervene", "red"},
    {"cerveneho", "red"},
    {"rubin", "red"},
    {"rubiny", "red"},
    {"modry", "blue"},
    {"modra", "blue"},
    {"modre", "blue"},
    {"modreho", "blue"},
    {"safir", "blue"},
    {"safiry", "blue"},
    {"zluty", "yellow"},
    {"zluta", "yellow"},
    {"zlute", "yellow"},
    {"zluteho", "yellow"},
    {"jantar", "yellow"},
    {"jantary", "yellow"},
    {"fialovy", "violet"},
    {"fialova", "violet"},
    {"fialove", "violet"},
    {"fialoveho", "violet"},
    {"ametyst", "violet"},
    {"ametysty", "violet"},
    {"bezbarvy", "clear"},
    {"bezbarva", "clear"},
    {"bezbarve", "clear"},
    {"bezbarveho", "clear"},
    {"pruhledny", "clear"},
    {"pruhledna", "clear"},
    {"pruhledne", "clear"},
    {"bily", "clear"},
    {"bila", "clear"},
    {"bile", "clear"},
    {"diamant", "clear"},
    {"diamanty", "clear"},
    // German (weiß is typed weiss or weiß)
    {"rot", "red"},
    {"rote", "red"},
    {"roten", "red"},
    {"rubine", "red"},
    {"blau", "blue"},
    {"blaue", "blue"},
    {"blauen", "blue"},
    {"saphire", "blue"},
    {"gelb", "yellow"},
    {"gelbe", "yellow"},
    {"gelben", "yellow"},
    {"bernstein", "yellow"},
    {"lila", "violet"},
    {"violett", "violet"},
    {"amethyst", "violet"},
    {"weiss", "clear"},
    {"weisse", "clear"},
    {"weissen", "clear"},
    {"klar", "clear"},
    {"klare", "clear"},
    {"durchsichtig", "clear"},
    {"diamanten", "clear"},
};

// Latin-1 letters U+00C0-U+00FF and Latin Extended-A U+0100-U+017F without their diacritics
// ('*' for the few signs that are no letter); ß, æ and œ become two letters (below).
constexpr std::string_view kLatin1 =
    "aaaaaaaceeeeiiiidnooooo*ouuuuytsaaaaaaaceeeeiiiidnooooo*ouuuuyty";
constexpr std::string_view kExtendedA =
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkklllllllllln"
    "nnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

// The longest word fold() writes: longer ones are no alias.
constexpr std::size_t kLongestFold = 32;

// A word folded: at most kLongestFold letters, in a buffer of its own (fold() runs on every word
// of every command a player sends: no allocation).
class Folded {
  public:
    void operator+=(char c) {
        if (size_ < buffer_.size()) buffer_[size_] = c;
        ++size_;
    }
    void operator+=(const char* two) {
        *this += two[0];
        *this += two[1];
    }
    bool empty() const { return size_ == 0; }
    std::string_view view() const {
        return size_ <= buffer_.size() ? std::string_view(buffer_.data(), size_) : "";
    }

  private:
    std::array<char, 2 * kLongestFold> buffer_{};
    std::size_t size_ = 0;
};

// `word` in lower case without diacritics, or "" when it holds a character that is in no gem
// name (a digit, a sign, another script): such a word is no alias.
std::string_view fold(std::string_view word, Folded& out) {
    if (word.size() > kLongestFold) return "";  // longer than any alias
    for (std::size_t i = 0; i < word.size();) {
        const auto c = static_cast<unsigned char>(word[i]);
        if (c < 0x80) {
            if (c >= 'A' && c <= 'Z') {
                out += char(c - 'A' + 'a');
            } else if (c >= 'a' && c <= 'z') {
                out += char(c);
            } else {
                return "";
            }
            ++i;
            continue;
        }
        if ((c & 0xE0) != 0xC0 || i + 1 >= word.size()) return "";  // 2-byte letters only
        const char32_t cp =
            char32_t((c & 0x1F) << 6) | (static_cast<unsigned char>(word[i + 1]) & 0x3F);
        i += 2;
        if (cp == 0xDF) {
            out += "ss";
        } else if (cp == 0xC6 || cp == 0xE6) {
            out += "ae";
        } else if (cp == 0x152 || cp == 0x153) {
            out += "oe";
        } else if (cp >= 0xC0 && cp <= 0xFF && kLatin1[cp - 0xC0] != '*') {
            out += kLatin1[cp - 0xC0];
        } else if (cp >= 0x100 && cp <= 0x17F) {
            out += kExtendedA[cp - 0x100];
        } else {
            return "";
        }
    }
    return out.view();
}

}  // namespace

std::optional<std::string_view> gem_alias(std::string_view word) {
    Folded buffer;
    const std::string_view folded = fold(word, buffer);
    if (folded.empty()) return std::nullopt;
    // The aliases by name, sorted once: a search rather than a scan of the hundred.
    static const auto sorted = [] {
        auto v = kAliases;
        std::sort(v.begin(), v.end());
        return v;
    }();
    const auto it = std::lower_bound(sorted.begin(), sorted.end(), folded,
                                     [](const auto& a, std::string_view w) { return a.first < w; });
    if (it != sorted.end() && it->first == folded) return it->second;
    return std::nullopt;
}

std::string gem_aliases(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(start, end - start);
        if (const auto colour = gem_alias(word))
            out += *colour;
        else
            out += word;
        if (end == text.size()) break;
        out += ' ';
        start = end + 1;
    }
    return out;
}

const std::vector<std::pair<std::string_view, std::string_view>>& gem_alias_table() {
    return kAliases;
}

}  // namespace niagara::protocol
