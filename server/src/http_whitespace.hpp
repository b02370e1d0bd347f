// Optional whitespace (RFC 9110 §5.6.3: spaces and horizontal tabs) around the parts of HTTP
// header values: one definition for every header the server reads.
#pragma once

#include <string_view>

#include "niagara/ascii.hpp"

namespace niagara::server {

inline bool is_ows(char c) {
    return c == ' ' || c == '\t';
}

inline std::string_view trim_ows(std::string_view s) {
    return ascii::trim(s, " \t");
}

}  // namespace niagara::server
