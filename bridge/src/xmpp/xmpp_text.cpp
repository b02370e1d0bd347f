#include "xmpp_text.hpp"

#include <algorithm>
#include <cctype>

#include "niagara/ascii.hpp"

namespace niagara::bridge::xmpp {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The length of the UTF-8 sequence at `text[i]` and its code point; 0 when it is not valid
// UTF-8 (overlong forms and surrogates included).
std::size_t decode(std::string_view text, std::size_t i, char32_t& cp) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    char32_t min = 0;
    if (lead < 0x80) {
        cp = lead;
        return 1;
    } else if ((lead & 0xE0) == 0xC0) {
        length = 2, cp = lead & 0x1F, min = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, cp = lead & 0x0F, min = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, cp = lead & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return length;
}

// Characters XML 1.0 allows that are worth sending: no C0 or C1 controls, no DEL, no
// non-characters U+FFFE and U+FFFF.
bool sendable(char32_t cp) {
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) return false;
    return cp != 0xFFFE && cp != 0xFFFF;
}

}  // namespace

std::string xml_safe_line(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const std::size_t length = decode(text, i, cp);
        if (length == 0) {
            out.append(kReplacement);
            ++i;
            continue;
        }
        if (cp == '\t' || cp == '\n' || cp == '\r') {
            out.push_back(' ');
        } else if (sendable(cp)) {
            out.append(text.substr(i, length));
        }
        i += length;
    }
    return out;
}

std::vector<std::string> split_utf8(std::string_view text, std::size_t max_bytes) {
    std::vector<std::string> pieces;
    max_bytes = std::max<std::size_t>(max_bytes, 4);  // room for any one character
    while (text.size() > max_bytes) {
        std::size_t cut = max_bytes;
        // Back to the start of a character (continuation bytes are 10xxxxxx).
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        if (cut == 0) cut = max_bytes;  // not UTF-8 at all: cut anywhere
        const std::size_t space = text.rfind(' ', cut - 1);
        if (space != std::string_view::npos && space + 1 > cut / 2) cut = space + 1;
        pieces.emplace_back(text.substr(0, cut));
        text.remove_prefix(cut);
    }
    if (!text.empty() || pieces.empty()) pieces.emplace_back(text);
    return pieces;
}

std::vector<std::string> body_lines(std::string_view body, std::size_t max_lines) {
    std::vector<std::string> lines;
    while (!body.empty() && lines.size() < max_lines) {
        const std::size_t end = std::min(body.find('\n'), body.size());
        std::string line;
        for (char c : body.substr(0, end))
            if (c != '\r') line.push_back(c);
        const bool blank =
            std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); });
        if (!blank) lines.push_back(std::move(line));
        body.remove_prefix(std::min(end + 1, body.size()));
    }
    return lines;
}

std::string_view jid_bare_view(std::string_view jid) {
    return jid.substr(0, jid.find('/'));
}

std::string jid_resource(std::string_view jid) {
    const std::size_t slash = jid.find('/');
    return slash == std::string_view::npos ? std::string() : std::string(jid.substr(slash + 1));
}

std::string jid_key(std::string_view jid) {
    return ascii::lower(jid_bare_view(jid));
}

std::string jid_node_or_domain(std::string_view jid) {
    const std::string_view bare = jid_bare_view(jid);
    const std::size_t at = bare.find('@');
    return std::string(at == std::string_view::npos ? bare : bare.substr(0, at));
}

}  // namespace niagara::bridge::xmpp
