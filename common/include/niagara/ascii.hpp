// ASCII text helpers for every layer: protocol words and commands, HTTP tokens and header values,
// chat commands, configuration lines and language tags are ASCII by definition, so folding and
// trimming them needs neither a locale (std::tolower and std::isspace depend on one) nor ICU.
// Bytes outside ASCII pass through unchanged. Names people choose are not ASCII: they are
// compared elsewhere, with ICU.
#pragma once

#include <string>
#include <string_view>

namespace niagara::ascii {

constexpr char lower(char c) {
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = lower(c);
    return out;
}

constexpr bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

// White space as C's isspace in the "C" locale: space, \t, \n, \v, \f and \r.
constexpr std::string_view kWhiteSpace = " \t\n\v\f\r";

constexpr bool is_space(char c) {
    return kWhiteSpace.find(c) != std::string_view::npos;
}

// `s` without the characters of `chars` at either end.
constexpr std::string_view trim(std::string_view s, std::string_view chars = kWhiteSpace) {
    const std::size_t first = s.find_first_not_of(chars);
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(chars) - first + 1);
}

}  // namespace niagara::ascii
