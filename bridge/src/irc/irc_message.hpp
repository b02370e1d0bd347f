// One IRC line, as a server sends it (RFC 1459/2812 with IRCv3 message tags), and the text
// rules of the protocol: case folding of nicks, CTCP, formatting codes, the 512-byte line and
// what may never be sent (CR, LF, NUL). Nothing here does I/O; everything takes hostile input
// (the network is not trusted) and never throws on it.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::bridge::irc {

struct IrcMessage {
    // The prefix, split: ":nick!user@host" gives all three; ":irc.example.org" (a server) and
    // ":nick" give only `nick` (the whole prefix). Empty when the line has no prefix.
    std::string nick;
    std::string user;
    std::string host;
    bool has_prefix = false;
    std::string command;              // upper case: "PRIVMSG", "001"
    std::vector<std::string> params;  // the trailing parameter, if any, is the last one
    // IRCv3 message tags ("@account=fred;time=... :nick!u@h PRIVMSG ..."), values unescaped;
    // a tag without "=" has an empty value, and of a tag given twice the last one counts.
    std::map<std::string, std::string, std::less<>> tags;

    // The prefix names a server rather than a person: no "!"/"@" and a dot in it.
    bool from_server() const;
    // params[i], or "" when the line has fewer.
    const std::string& param(std::size_t i) const;
    // The tag's value, or nullopt when the line does not have it.
    std::optional<std::string> tag(std::string_view key) const;
};

// Parses one line (a trailing CR LF is allowed and ignored; IRCv3 tags are read into `tags`).
// nullopt when there is no command.
std::optional<IrcMessage> parse_irc_line(std::string_view line);

// A tag value as sent, unescaped by the IRCv3 rules: "\:" is ';', "\s" a space, "\\" a
// backslash, "\r" and "\n" CR and LF; before any other character the backslash is dropped,
// and so is a lone one at the end.
std::string unescape_tag_value(std::string_view value);

// A services account as a server names it (extended-join, ACCOUNT, the account tag, WHOX), or
// "" when it names none: "*" (not logged in), empty, or not a plausible account at all (longer
// than 100 bytes, or with spaces or control characters: no network's services make those, and
// the bridge keys seats and files on it). Valid UTF-8 (to_utf8).
std::string account_name(std::string_view raw);

// RFC 1459 case folding: A-Z to a-z and []\~ to {}|^ (the Scandinavian upper case of {}|^).
// Keys of people are folded nicks, so "Bob[1]" and "bob{1}" are one person.
std::string casefold(std::string_view text);

// Whether `target` names a channel rather than a person (#, &, + or ! first).
bool is_channel_name(std::string_view target);

// CTCP: a message wrapped in \x01 (the closing one is often left out). ctcp_command gives its
// first word in upper case ("ACTION", "VERSION"), or "" when `text` is not CTCP.
bool is_ctcp(std::string_view text);
std::string ctcp_command(std::string_view text);

// The text without mIRC formatting codes (bold, colours with their numbers, italics, reset, ...):
// what a person typed, for the bridge's command parser.
std::string strip_formatting(std::string_view text);

// The text as valid UTF-8: unchanged when it is; otherwise read as Latin-1 (what the older
// clients that send anything else mostly mean). The bridge hands texts on as JSON strings.
std::string to_utf8(std::string_view text);

// What may be sent: CR and LF become spaces (a line break would start another command: an
// injection), NUL is dropped.
std::string clean_outgoing(std::string_view text);

// The most text bytes a PRIVMSG (or NOTICE, as `command`) may carry so that the line a server
// relays to others, ":nick!user@host COMMAND target :text\r\n", stays within `max_line_bytes`.
// 0 when even the empty message would not fit.
std::size_t payload_budget(std::size_t max_line_bytes, std::string_view nick, std::string_view user,
                           std::string_view host, std::string_view command,
                           std::string_view target);

// Splits `text` into pieces of at most `max_bytes` bytes each (at least 4: one UTF-8 character),
// at the last space that fits where there is one (the space is dropped), else as late as
// possible but never inside a UTF-8 sequence. No pieces for an empty text.
std::vector<std::string> split_to_fit(std::string_view text, std::size_t max_bytes);

}  // namespace niagara::bridge::irc
