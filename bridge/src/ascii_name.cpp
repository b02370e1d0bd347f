#include "ascii_name.hpp"

#include <unicode/translit.h>
#include <unicode/unistr.h>

#include <memory>

namespace niagara::bridge {

namespace {

// Built once (it compiles rules: milliseconds); the bridge runs on one thread.
icu::Transliterator* to_ascii() {
    static const std::unique_ptr<icu::Transliterator> transliterator = [] {
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<icu::Transliterator> t(icu::Transliterator::createInstance(
            "Any-Latin; Latin-ASCII", UTRANS_FORWARD, status));
        return U_SUCCESS(status) ? std::move(t) : nullptr;
    }();
    return transliterator.get();
}

}  // namespace

std::string ascii_name(std::string_view name) {
    // Names are short; a long one is cut before the work, not after.
    icu::UnicodeString text = icu::UnicodeString::fromUTF8(name.substr(0, 256));
    if (icu::Transliterator* t = to_ascii()) t->transliterate(text);
    std::string out;
    for (int32_t i = 0; i < text.length(); ++i) {
        const char16_t c = text.charAt(i);
        if (c >= 0x20 && c < 0x7f) out += static_cast<char>(c);
    }
    return out;
}

}  // namespace niagara::bridge
