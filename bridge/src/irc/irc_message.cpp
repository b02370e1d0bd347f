#include "irc_message.hpp"

#include <algorithm>

namespace niagara::bridge::irc {

namespace {

const std::string kNoParam;

// The longest account name believed (irc_message.hpp: account_name).
constexpr std::size_t kMaxAccount = 100;

// The next space-separated word of `rest` (runs of spaces count as one), taken off it.
std::string_view next_word(std::string_view& rest) {
    const auto start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) {
        rest = {};
        return {};
    }
    rest.remove_prefix(start);
    const auto end = std::min(rest.find(' '), rest.size());
    const auto word = rest.substr(0, end);
    rest.remove_prefix(end);
    return word;
}

char upper(char c) {
    return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
}

bool is_continuation(unsigned char c) {
    return (c & 0xC0) == 0x80;
}

// The length of the valid UTF-8 sequence at the start of `text`, or 0 when it is not one
// (overlong forms, surrogates and code points above U+10FFFF are not valid).
std::size_t utf8_sequence(std::string_view text) {
    const auto b0 = static_cast<unsigned char>(text[0]);
    if (b0 < 0x80) return 1;
    std::size_t length = 0;
    unsigned min = 0;
    unsigned code = 0;
    if ((b0 & 0xE0) == 0xC0) {
        length = 2, min = 0x80, code = b0 & 0x1F;
    } else if ((b0 & 0xF0) == 0xE0) {
        length = 3, min = 0x800, code = b0 & 0x0F;
    } else if ((b0 & 0xF8) == 0xF0) {
        length = 4, min = 0x10000, code = b0 & 0x07;
    } else {
        return 0;
    }
    if (text.size() < length) return 0;
    for (std::size_t i = 1; i < length; ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (!is_continuation(b)) return 0;
        code = (code << 6) | (b & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
    return length;
}

// "a=b;c;d=e\\s" into `tags`: every key once, the last value given.
void parse_tags(std::string_view text, IrcMessage& message) {
    while (!text.empty()) {
        const auto end = std::min(text.find(';'), text.size());
        const std::string_view tag = text.substr(0, end);
        text.remove_prefix(end == text.size() ? end : end + 1);
        const auto equals = tag.find('=');
        const std::string_view key = tag.substr(0, equals);
        if (key.empty()) continue;
        message.tags[std::string(key)] = equals == std::string_view::npos
                                             ? std::string()
                                             : unescape_tag_value(tag.substr(equals + 1));
    }
}

}  // namespace

std::string unescape_tag_value(std::string_view value) {
    std::string plain;
    plain.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (value[i] != '\\') {
            plain.push_back(value[i]);
            continue;
        }
        if (++i == value.size()) break;  // a lone backslash at the end is dropped
        switch (value[i]) {
            case ':':
                plain.push_back(';');
                break;
            case 's':
                plain.push_back(' ');
                break;
            case 'r':
                plain.push_back('\r');
                break;
            case 'n':
                plain.push_back('\n');
                break;
            default:  // "\\" and any other: the character itself
                plain.push_back(value[i]);
        }
    }
    return plain;
}

std::string account_name(std::string_view raw) {
    if (raw.empty() || raw == "*" || raw.size() > kMaxAccount) return {};
    const bool odd = std::any_of(raw.begin(), raw.end(), [](char c) {
        const auto b = static_cast<unsigned char>(c);
        return b <= 0x20 || b == 0x7F;
    });
    return odd ? std::string() : to_utf8(raw);
}

std::optional<std::string> IrcMessage::tag(std::string_view key) const {
    const auto it = tags.find(key);
    if (it == tags.end()) return std::nullopt;
    return it->second;
}

bool IrcMessage::from_server() const {
    return has_prefix && user.empty() && host.empty() && nick.find('.') != std::string::npos;
}

const std::string& IrcMessage::param(std::size_t i) const {
    return i < params.size() ? params[i] : kNoParam;
}

std::optional<IrcMessage> parse_irc_line(std::string_view line) {
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        line.remove_suffix(1);
    IrcMessage message;
    // IRCv3 message tags: "@a=b;c TEXT".
    if (!line.empty() && line.front() == '@') {
        const auto space = line.find(' ');
        if (space == std::string_view::npos) return std::nullopt;
        parse_tags(line.substr(1, space - 1), message);
        line.remove_prefix(space + 1);
    }
    while (!line.empty() && line.front() == ' ')
        line.remove_prefix(1);

    if (!line.empty() && line.front() == ':') {
        line.remove_prefix(1);
        std::string_view prefix = next_word(line);
        if (prefix.empty()) return std::nullopt;
        message.has_prefix = true;
        const auto at = prefix.find('@');
        if (at != std::string_view::npos) {
            message.host = prefix.substr(at + 1);
            prefix = prefix.substr(0, at);
        }
        const auto bang = prefix.find('!');
        if (bang != std::string_view::npos) {
            message.user = prefix.substr(bang + 1);
            prefix = prefix.substr(0, bang);
        }
        message.nick = prefix;
    }

    const auto command = next_word(line);
    if (command.empty()) return std::nullopt;
    message.command.reserve(command.size());
    for (const char c : command)
        message.command.push_back(upper(c));

    while (true) {
        const auto start = line.find_first_not_of(' ');
        if (start == std::string_view::npos) break;
        line.remove_prefix(start);
        if (line.front() == ':') {  // the trailing parameter: the rest, spaces and all
            message.params.emplace_back(line.substr(1));
            break;
        }
        message.params.emplace_back(next_word(line));
    }
    return message;
}

std::string casefold(std::string_view text) {
    std::string folded(text);
    for (char& c : folded) {
        if (c >= 'A' && c <= 'Z') {
            c = char(c - 'A' + 'a');
        } else if (c == '[') {
            c = '{';
        } else if (c == ']') {
            c = '}';
        } else if (c == '\\') {
            c = '|';
        } else if (c == '~') {
            c = '^';
        }
    }
    return folded;
}

bool is_channel_name(std::string_view target) {
    return !target.empty() && std::string_view("#&+!").find(target.front()) != std::string::npos;
}

bool is_ctcp(std::string_view text) {
    return !text.empty() && text.front() == '\x01';
}

std::string ctcp_command(std::string_view text) {
    if (!is_ctcp(text)) return {};
    text.remove_prefix(1);
    std::string command;
    for (const char c : text) {
        if (c == ' ' || c == '\x01') break;
        command.push_back(upper(c));
    }
    return command;
}

std::string strip_formatting(std::string_view text) {
    std::string plain;
    plain.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
            case '\x02':  // bold
            case '\x0F':  // reset
            case '\x11':  // monospace
            case '\x16':  // reverse
            case '\x1D':  // italics
            case '\x1E':  // strike-through
            case '\x1F':  // underline
                break;
            case '\x03': {  // colour: up to two digits, then ",NN" for the background
                auto digits = [&](std::size_t& at) {
                    std::size_t taken = 0;
                    while (taken < 2 && at + 1 < text.size() && text[at + 1] >= '0' &&
                           text[at + 1] <= '9') {
                        ++at;
                        ++taken;
                    }
                    return taken;
                };
                if (digits(i) > 0 && i + 2 < text.size() && text[i + 1] == ',' &&
                    text[i + 2] >= '0' && text[i + 2] <= '9') {
                    ++i;
                    digits(i);
                }
                break;
            }
            case '\x04': {  // hex colour: six hex digits, then ",RRGGBB"
                auto hex = [&](std::size_t at) {
                    if (at + 6 > text.size()) return false;
                    return std::all_of(text.begin() + at, text.begin() + at + 6, [](char h) {
                        return (h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') ||
                               (h >= 'A' && h <= 'F');
                    });
                };
                if (hex(i + 1)) {
                    i += 6;
                    if (i + 1 < text.size() && text[i + 1] == ',' && hex(i + 2)) i += 7;
                }
                break;
            }
            default:
                plain.push_back(c);
        }
    }
    return plain;
}

std::string to_utf8(std::string_view text) {
    bool valid = true;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8_sequence(text.substr(i));
        if (length == 0) {
            valid = false;
            break;
        }
        i += length;
    }
    if (valid) return std::string(text);
    std::string converted;
    converted.reserve(text.size() * 2);
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x80) {
            converted.push_back(c);
        } else {
            converted.push_back(char(0xC0 | (b >> 6)));
            converted.push_back(char(0x80 | (b & 0x3F)));
        }
    }
    return converted;
}

std::string clean_outgoing(std::string_view text) {
    std::string clean;
    clean.reserve(text.size());
    for (const char c : text) {
        if (c == '\r' || c == '\n') {
            clean.push_back(' ');
        } else if (c != '\0') {
            clean.push_back(c);
        }
    }
    return clean;
}

std::size_t payload_budget(std::size_t max_line_bytes, std::string_view nick, std::string_view user,
                           std::string_view host, std::string_view command,
                           std::string_view target) {
    // ":" nick "!" user "@" host " " command " " target " :" text "\r\n"
    const std::size_t framing = 1 + nick.size() + 1 + user.size() + 1 + host.size() + 1 +
                                command.size() + 1 + target.size() + 2 + 2;
    return max_line_bytes > framing ? max_line_bytes - framing : 0;
}

std::vector<std::string> split_to_fit(std::string_view text, std::size_t max_bytes) {
    max_bytes = std::max<std::size_t>(max_bytes, 4);
    std::vector<std::string> pieces;
    while (text.size() > max_bytes) {
        // The last space that fits ends the piece (a space at `max_bytes` too: it is dropped).
        const auto space = text.substr(0, max_bytes + 1).rfind(' ');
        if (space != std::string_view::npos && space > 0) {
            pieces.emplace_back(text.substr(0, space));
            text.remove_prefix(space + 1);
            continue;
        }
        // No space: cut before the UTF-8 sequence that would not fit. A malformed run of
        // continuation bytes (more than three) is cut anywhere.
        std::size_t cut = max_bytes;
        for (int back = 0; back < 3 && is_continuation(static_cast<unsigned char>(text[cut]));
             ++back)
            --cut;
        if (is_continuation(static_cast<unsigned char>(text[cut]))) cut = max_bytes;
        pieces.emplace_back(text.substr(0, cut));
        text.remove_prefix(cut);
    }
    if (!text.empty()) pieces.emplace_back(text);
    return pieces;
}

}  // namespace niagara::bridge::irc
