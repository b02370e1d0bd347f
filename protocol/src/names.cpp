#include "niagara/protocol/names.hpp"

#include <unicode/brkiter.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <memory>
#include <vector>

#include "niagara/ascii.hpp"

namespace niagara::protocol {

namespace {

// ICU's spoof checker, configured once: a configured checker may be used from any number of
// threads at once (ICU's uspoof.h), and building one reads ICU's confusables data.
struct Spoof {
    USpoofChecker* checker = nullptr;
    icu::UnicodeSet recommended;  // letters and marks recommended for identifiers (UTS #39)

    Spoof() {
        UErrorCode status = U_ZERO_ERROR;
        checker = uspoof_open(&status);
        uspoof_setChecks(checker,
                         USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS |
                             USPOOF_HIDDEN_OVERLAY,
                         &status);
        uspoof_setRestrictionLevel(checker, USPOOF_HIGHLY_RESTRICTIVE);
        recommended = *icu::UnicodeSet::fromUSet(uspoof_getRecommendedSet(&status));
        recommended.freeze();
        if (U_FAILURE(status)) checker = nullptr;  // no ICU data: every name is refused
    }
    ~Spoof() { uspoof_close(checker); }
};
const Spoof& spoof() {
    static const Spoof kSpoof;
    return kSpoof;
}

bool is_separator(UChar32 c) {
    return c == '_' || c == '-' || c == '.';
}
bool is_base(UChar32 c) {  // a letter or a decimal digit
    return (U_GET_GC_MASK(c) & U_GC_L_MASK) != 0 || u_charType(c) == U_DECIMAL_DIGIT_NUMBER;
}
bool is_mark(UChar32 c) {
    return (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0;
}

// Letter case folded, then composed again (folding can decompose: "İ" becomes "i̇").
icu::UnicodeString folded(const icu::UnicodeString& name) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString out(name);
    out.foldCase();
    return icu::Normalizer2::getNFCInstance(status)->normalize(out, status);
}

std::string skeleton(const icu::UnicodeString& name) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString out;
    uspoof_getSkeletonUnicodeString(spoof().checker, 0, name, out, &status);
    std::string utf8;
    if (U_FAILURE(status)) return name.toUTF8String(utf8);
    return out.toUTF8String(utf8);
}

icu::UnicodeString composed(std::string_view name) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString text = icu::UnicodeString::fromUTF8(
        icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
    return icu::Normalizer2::getNFCInstance(status)->normalize(text, status);
}

}  // namespace

NameCheck check_name(std::string_view name) {
    NameCheck out;
    // Invalid UTF-8 becomes U+FFFD, which is no letter: refused below as NotAllowed.
    const icu::UnicodeString text = composed(name);
    text.toUTF8String(out.name);
    if (text.isEmpty()) {
        out.fault = NameFault::Empty;
        return out;
    }
    const Spoof& sp = spoof();
    // Characters as readers count them: a letter with its accents is one.
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> clusters(
        icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status) || !sp.checker) {
        out.fault = NameFault::NotAllowed;
        return out;
    }
    clusters->setText(text);
    bool has_base = false;  // "..." or "-" alone is no name
    for (int32_t start = clusters->first(), end = clusters->next(); end != icu::BreakIterator::DONE;
         start = end, end = clusters->next()) {
        ++out.length;
        // One character: a letter or a digit with at most kMaxMarksPerCharacter marks, or a
        // separator alone. (A letter may follow a mark within one: Unicode 15.1 joins an Indic
        // conjunct, क्ष, into one cluster, which a newer ICU than Debian 12's does.)
        const UChar32 first = text.char32At(start);
        has_base = has_base || is_base(first);
        std::size_t marks = 0;
        bool allowed = is_separator(first) ? end - start == 1
                                           : is_base(first) && sp.recommended.contains(first);
        for (int32_t i = start + U16_LENGTH(first); allowed && i < end;) {
            const UChar32 c = text.char32At(i);
            const bool letter = (U_GET_GC_MASK(c) & U_GC_L_MASK) != 0;
            allowed = (letter || (is_mark(c) && ++marks <= kMaxMarksPerCharacter)) &&
                      sp.recommended.contains(c);
            i += U16_LENGTH(c);
        }
        if (!allowed) {
            out.fault = NameFault::NotAllowed;
            return out;
        }
    }
    if (!has_base) {
        out.fault = NameFault::NotAllowed;
        return out;
    }
    if (out.length > kMaxNameLength) {
        out.fault = NameFault::TooLong;
        return out;
    }
    status = U_ZERO_ERROR;
    const int32_t failed = uspoof_check2UnicodeString(sp.checker, text, nullptr, &status);
    if (U_FAILURE(status) || failed != 0)
        out.fault = failed & USPOOF_RESTRICTION_LEVEL ? NameFault::MixedScripts
                                                      : NameFault::NotAllowed;
    return out;
}

std::array<std::string, 2> name_keys(std::string_view name) {
    const icu::UnicodeString text = composed(name);
    return {skeleton(folded(text)), skeleton(text)};
}

bool names_alike(std::string_view a, std::string_view b) {
    const auto ka = name_keys(a), kb = name_keys(b);
    for (const auto& x : ka)
        for (const auto& y : kb)
            if (x == y) return true;
    return false;
}

bool same_name(std::string_view a, std::string_view b) {
    return folded(composed(a)) == folded(composed(b));
}

namespace {

// The keys of a reserved word as it could be written: in lower case, in capitals and
// capitalized ("ADMlN", with l for I, reads as "ADMIN").
std::vector<std::string> reserved_keys(std::string_view word) {
    std::vector<std::string> out;
    const auto capital_of = [](char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; };
    std::string upper(word), capital(word);
    for (char& c : upper)
        c = capital_of(c);
    capital[0] = capital_of(capital[0]);
    for (const std::string& written : {std::string(word), upper, capital})
        for (std::string& key : name_keys(written))
            out.push_back(std::move(key));
    return out;
}

struct Reserved {
    std::vector<std::string> words, prefixes;  // keys
    Reserved() {
        for (const char* word : {"server", "niagara", "admin", "system", "moderator"})
            for (std::string& key : reserved_keys(word))
                words.push_back(std::move(key));
        for (const char* prefix : {"bot", "guest-"})
            for (std::string& key : reserved_keys(prefix))
                prefixes.push_back(std::move(key));
    }
};

}  // namespace

bool is_reserved_name(std::string_view name) {
    static const Reserved kReserved;
    const std::string folded_ascii = ascii::lower(name);
    if (folded_ascii.starts_with("bot") || folded_ascii.starts_with("guest-")) return true;
    for (const std::string& key : name_keys(name)) {
        for (const std::string& word : kReserved.words)
            if (key == word) return true;
        for (const std::string& prefix : kReserved.prefixes)
            if (key.starts_with(prefix)) return true;
    }
    return false;
}

}  // namespace niagara::protocol
