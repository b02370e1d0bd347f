// ICU's UTF-16 text as the UTF-8 the rest of the program reads.
#pragma once

#include <unicode/unistr.h>

#include <string>

namespace niagara::i18n::detail {

inline std::string utf8(const icu::UnicodeString& text) {
    std::string out;
    text.toUTF8String(out);
    return out;
}

}  // namespace niagara::i18n::detail
