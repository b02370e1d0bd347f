#include "player_name.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include "ascii_name.hpp"
#include "niagara/protocol/names.hpp"

namespace niagara::bridge {

namespace {

constexpr int32_t kMostCharacters = 20;

bool keeps(UChar32 c) {  // a letter, mark or decimal digit (the rule says which of them)
    return (U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_M_MASK)) != 0 ||
           u_charType(c) == U_DECIMAL_DIGIT_NUMBER || c == '-' || c == '.';
}

// `name`'s letters, digits, '-' and '.', anything else between them as one '_', at most
// kMostCharacters code points (cut between them, never inside one).
std::string tidied(const icu::UnicodeString& name) {
    icu::UnicodeString out;
    int32_t kept = 0;
    for (int32_t i = 0; i < name.length() && kept < kMostCharacters;) {
        const UChar32 c = name.char32At(i);
        i += U16_LENGTH(c);
        if (keeps(c)) {
            out.append(c);
            ++kept;
        } else if (!out.isEmpty() && out.char32At(out.length() - 1) != '_') {
            out.append(UChar32('_'));
            ++kept;
        }
    }
    while (!out.isEmpty() && out.charAt(out.length() - 1) == '_')
        out.truncate(out.length() - 1);
    std::string utf8;
    return out.toUTF8String(utf8);
}

// The base, and the longest variant the bridge may ask for, are names the server takes.
bool acceptable(const std::string& base) {
    return !base.empty() && !protocol::is_reserved_name(base) &&
           protocol::check_name(base).fault == protocol::NameFault::None &&
           protocol::check_name(base + "_4").fault == protocol::NameFault::None;
}

}  // namespace

std::string player_name_base(std::string_view chat_name) {
    // Names are short; a long one is cut before the work, not after.
    chat_name = chat_name.substr(0, 256);
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString composed = icu::Normalizer2::getNFCInstance(status)->normalize(
        icu::UnicodeString::fromUTF8(
            icu::StringPiece(chat_name.data(), static_cast<int32_t>(chat_name.size()))),
        status);
    if (std::string own = tidied(composed); U_SUCCESS(status) && acceptable(own)) return own;
    std::string base = tidied(icu::UnicodeString::fromUTF8(ascii_name(chat_name)));
    if (base.empty() || protocol::is_reserved_name(base)) base = ("p_" + base).substr(0, 20);
    return base;
}

}  // namespace niagara::bridge
