// A server message in the reader's language. Every message carries its text as a message key
// with arguments ("key", "args"; an event's lines as "texts"), so the server builds and
// serializes a message once, in English, and renders each connection's frame in its language
// when it sends it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace niagara::protocol {

// `frame` (a serialized server message) with its human texts rendered in `lang` from their
// keys and arguments: "text" (and an error's "message"), each event line ("lines" from
// "texts"), each history entry's lines and text, and a help's "commands". Nothing else
// changes: the same members in the same order, byte for byte outside those texts. For English
// (or a language there are no catalogs for) the frame is returned as it is, unread. Never
// throws: a frame it cannot read comes back unchanged. `seat_names` (by seat) name seats in
// the engine's lines as i18n::render does; without them they read "Seat 2" as in English.
std::string localize(std::string_view frame, std::string_view lang,
                     const std::vector<std::string>* seat_names = nullptr);

}  // namespace niagara::protocol
