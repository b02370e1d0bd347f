#include "accept_encoding.hpp"

#include <optional>

#include "http_whitespace.hpp"
#include "niagara/ascii.hpp"

namespace niagara::server {
namespace {

// RFC 9110 §5.6.2 tchar.
bool is_token(std::string_view s) {
    if (s.empty()) return false;
    for (const char c : s) {
        const bool alnum =
            (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!alnum && std::string_view("!#$%&'*+-.^_`|~").find(c) == std::string_view::npos)
            return false;
    }
    return true;
}

using ascii::iequals;

// RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ). Whether it is
// above 0; nullopt when it is not a qvalue.
std::optional<bool> positive_qvalue(std::string_view q) {
    if (q.empty() || (q[0] != '0' && q[0] != '1')) return std::nullopt;
    const bool one = q[0] == '1';
    if (q.size() == 1) return one;
    if (q[1] != '.' || q.size() > 5) return std::nullopt;
    bool nonzero = false;
    for (const char c : q.substr(2)) {
        if (c < '0' || c > '9' || (one && c != '0')) return std::nullopt;
        nonzero = nonzero || c != '0';
    }
    return one || nonzero;
}

// One element's weight (what follows its coding's ';'): above 0 or not. Parameters other than
// q are ignored (RFC 2616's accept-ext); a q that cannot be read counts as 0.
bool positive_weight(std::string_view params) {
    bool positive = true;
    while (!params.empty()) {
        const std::size_t end = params.find(';');
        const std::string_view param = params.substr(0, end);
        params = end == std::string_view::npos ? std::string_view() : params.substr(end + 1);
        const std::size_t equals = param.find('=');
        if (!iequals(trim_ows(param.substr(0, equals)), "q")) continue;
        positive = positive && equals != std::string_view::npos &&
                   positive_qvalue(trim_ows(param.substr(equals + 1))).value_or(false);
    }
    return positive;
}

}  // namespace

bool accepts_gzip(std::string_view header) {
    std::optional<bool> named;     // gzip named: accepted unless refused
    std::optional<bool> wildcard;  // "*" named
    while (!header.empty()) {
        const std::size_t comma = header.find(',');
        const std::string_view element = header.substr(0, comma);
        header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
        const std::size_t semicolon = element.find(';');
        const std::string_view coding = trim_ows(element.substr(0, semicolon));
        if (!is_token(coding)) continue;  // empty list elements too (RFC 9110 §5.6.1)
        std::optional<bool>* slot = nullptr;
        if (iequals(coding, "gzip") || iequals(coding, "x-gzip"))
            slot = &named;
        else if (coding == "*")
            slot = &wildcard;
        else
            continue;
        const bool positive =
            semicolon == std::string_view::npos || positive_weight(element.substr(semicolon + 1));
        *slot = slot->value_or(true) && positive;
    }
    if (named) return *named;
    return wildcard.value_or(false);
}

}  // namespace niagara::server
