#include "niagara/protocol/text.hpp"

#include <optional>

#include "niagara/ascii.hpp"

namespace niagara::protocol {

namespace {

struct CodePoint {
    char32_t value;
    std::size_t length;  // bytes
};

std::size_t sequence_length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;  // 0xC0/0xC1 could only start overlong forms
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;  // above 0xF4 would exceed U+10FFFF
    return 0;
}

// Decodes the code point starting at s[at], or nullopt when the bytes there are not valid UTF-8.
std::optional<CodePoint> decode(std::string_view s, std::size_t at) {
    const auto lead = static_cast<unsigned char>(s[at]);
    const std::size_t length = sequence_length(lead);
    if (length == 0 || at + length > s.size()) return std::nullopt;
    if (length == 1) return CodePoint{lead, 1};
    char32_t value = lead & (0xFF >> (length + 1));
    for (std::size_t i = 1; i < length; ++i) {
        const auto byte = static_cast<unsigned char>(s[at + i]);
        if ((byte & 0xC0) != 0x80) return std::nullopt;
        value = (value << 6) | (byte & 0x3F);
    }
    static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (value < kSmallest[length]) return std::nullopt;           // overlong
    if (value >= 0xD800 && value <= 0xDFFF) return std::nullopt;  // UTF-16 surrogates
    if (value > 0x10FFFF) return std::nullopt;
    return CodePoint{value, length};
}

bool is_space_like(char32_t c) {
    return c == '\t' || c == '\n' || c == '\r';
}

// Calls f(code point, its bytes) for each code point of valid UTF-8 text; an invalid byte is
// passed as U+FFFD so callers never see a broken sequence.
template <typename F>
void for_each_code_point(std::string_view s, F f) {
    for (std::size_t at = 0; at < s.size();) {
        if (auto cp = decode(s, at)) {
            f(cp->value, s.substr(at, cp->length));
            at += cp->length;
        } else {
            f(char32_t{0xFFFD}, std::string_view("\xEF\xBF\xBD"));
            ++at;
        }
    }
}

std::string_view trim_spaces(std::string_view s) {
    return ascii::trim(s, " ");
}

}  // namespace

bool is_valid_utf8(std::string_view s) {
    // Most texts are ASCII: a reduction the compiler vectorises settles them without decoding.
    unsigned char high = 0;
    for (const char c : s)
        high |= static_cast<unsigned char>(c);
    if (high < 0x80) return true;
    for (std::size_t at = 0; at < s.size();) {
        auto cp = decode(s, at);
        if (!cp) return false;
        at += cp->length;
    }
    return true;
}

std::string to_valid_utf8(std::string_view s) {
    if (is_valid_utf8(s)) return std::string(s);
    std::string out;
    out.reserve(s.size() + 8);
    for_each_code_point(s, [&](char32_t, std::string_view bytes) { out += bytes; });
    return out;
}

std::size_t utf8_length(std::string_view s) {
    std::size_t n = 0;
    for_each_code_point(s, [&](char32_t, std::string_view) { ++n; });
    return n;
}

bool is_control(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

bool has_control(std::string_view s) {
    bool found = false;
    for_each_code_point(s, [&](char32_t c, std::string_view) {
        if (is_control(c) && !is_space_like(c)) found = true;
    });
    return found;
}

std::string clean_chat(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for_each_code_point(s, [&](char32_t c, std::string_view bytes) {
        if (is_space_like(c))
            out += ' ';
        else if (!is_control(c))
            out += bytes;
    });
    return std::string(trim_spaces(out));
}

std::string quote(std::string_view s) {
    constexpr std::size_t kMax = 40;
    std::string out;
    std::size_t n = 0;
    for_each_code_point(s, [&](char32_t c, std::string_view bytes) {
        if (n++ < kMax) {
            if (is_control(c))
                out += '?';
            else
                out += bytes;
        }
    });
    if (n > kMax) out += "...";
    return out;
}

}  // namespace niagara::protocol
