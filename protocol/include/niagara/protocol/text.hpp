// Text hygiene shared by both directions. Everything put into a JSON message must be valid UTF-8
// (nlohmann::json::dump throws otherwise), and text typed by people must not carry control
// characters that could garble another user's screen or a chat bridge's line protocol.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace niagara::protocol {

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool is_valid_utf8(std::string_view s);
// Replaces every invalid byte sequence with U+FFFD; valid text is returned unchanged.
std::string to_valid_utf8(std::string_view s);
// The number of code points (characters) of valid UTF-8 text.
std::size_t utf8_length(std::string_view s);

// True for C0 controls, DEL, C1 controls (U+0080-U+009F) and the bidirectional overrides and
// isolates (U+202A-U+202E, U+2066-U+2069), which can make a message display as something else.
bool is_control(char32_t c);
// True when valid UTF-8 `s` contains a control character other than space-like \t, \n and \r.
bool has_control(std::string_view s);

// Chat text as it is shown to others: tabs and line breaks become spaces, other control
// characters are removed, and the ends are trimmed. `s` must be valid UTF-8.
std::string clean_chat(std::string_view s);

// User input echoed inside an error message: valid UTF-8, control characters shown as '?', and
// at most 40 characters (longer input ends with "...").
std::string quote(std::string_view s);

}  // namespace niagara::protocol
