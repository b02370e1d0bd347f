// Player names: what a name may be, when two names are one name to the eye, and which names
// nobody may take. One rule for the server and the chat bridge (which must not pick for a chat
// user a name the server refuses). protocol/README.md, "Names", says it for players.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace niagara::protocol {

inline constexpr std::size_t kMaxNameLength = 24;    // user-perceived characters
inline constexpr std::size_t kMaxMarksPerCharacter = 4;  // accents stacked on one letter

enum class NameFault {
    None,
    Empty,
    TooLong,       // more than kMaxNameLength characters
    NotAllowed,    // a character that is not a letter, mark, digit, '_', '-' or '.'
    MixedScripts,  // letters of scripts that are not written together ("аlice", Cyrillic а)
};

struct NameCheck {
    std::string name;        // the name in Unicode's composed form (NFC), as it is kept
    std::size_t length = 0;  // in user-perceived characters (grapheme clusters)
    NameFault fault = NameFault::None;
};

// Checks a name as typed (UTF-8; invalid bytes make it NotAllowed): 1 to kMaxNameLength
// characters, each a letter of any script that Unicode recommends for identifiers (UTS #39)
// with at most kMaxMarksPerCharacter marks, a decimal digit, '_', '-' or '.', and at least one
// letter or digit; letters of one
// script, or of scripts written together (Latin with Han and kana or Hangul: ICU's "highly
// restrictive" level); digits of one numbering system; no mark repeated on one letter. A
// decomposed name ("Jir\u030Ci\u0301") is taken in its composed form ("Jiří").
NameCheck check_name(std::string_view name);

// The keys under which a name is held: two names that share a key are one name to a reader.
// Letter case does not count ("Amélie", "AMÉLIE"), nor do confusable letters of one script
// ("ape" in Latin and "аре" in Cyrillic, "rn" and "m", "l" and "I"): the keys are ICU's
// confusable skeletons (UTS #39) of the case-folded name and of the name as written. Accents
// count: "Jiří" and "Jiri" are two names, as they are two spellings to a Czech reader.
std::array<std::string, 2> name_keys(std::string_view name);
bool names_alike(std::string_view a, std::string_view b);  // a key in common
bool same_name(std::string_view a, std::string_view b);    // equal but for letter case

// A name that would let a player pass for the server or a bot, or for a guest (the server's
// "guest-N" names; the server lets guest N keep its own): "server", "niagara", "admin",
// "system", "moderator", and any name beginning with "bot" or "guest-", in any letter case or
// in letters confusable with them.
bool is_reserved_name(std::string_view name);

}  // namespace niagara::protocol
