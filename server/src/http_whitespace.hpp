// Optional whitespace (RFC 9110 §5.6.3: spaces and horizontal tabs) around the parts of HTTP
// header values: one definition for every header the server reads.
#pragma once

#include <string_view>

namespace niagara::server {

inline bool is_ows(char c) {
    return c == ' ' || c == '\t';
}

inline std::string_view trim_ows(std::string_view s) {
    while (!s.empty() && is_ows(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && is_ows(s.back()))
        s.remove_suffix(1);
    return s;
}

}  // namespace niagara::server
