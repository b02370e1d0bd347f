// Text and addresses as XMPP needs them, apart from libstrophe so that tests check them alone.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::bridge::xmpp {

// The most one message body may hold. XMPP has no line limit, but servers cap a stanza (prosody:
// 256 KiB) and a chat line longer than this is noise; longer lines go as several messages.
constexpr std::size_t kMaxBodyBytes = 4000;

// A line made fit for an XML text node: XML 1.0 forbids most control characters (libstrophe
// escapes & < > " ' but sends a control character as it is, and the server then closes the
// stream as not well-formed), so they are dropped; line breaks and tabs become spaces (a line
// is one line); bytes that are not UTF-8 become U+FFFD.
std::string xml_safe_line(std::string_view text);

// `text` cut into pieces of at most `max_bytes`, never inside a UTF-8 sequence, after the last
// space of a piece when there is one in its second half. The pieces joined are `text` again.
std::vector<std::string> split_utf8(std::string_view text, std::size_t max_bytes);

// A received body as lines: split at line breaks (XMPP clients send pasted text as one
// message), carriage returns and blank lines dropped, at most `max_lines`.
std::vector<std::string> body_lines(std::string_view body, std::size_t max_lines = 20);

// JIDs (RFC 7622): node@domain/resource; the resource may hold '/' and '@'.
std::string_view jid_bare_view(std::string_view jid);
std::string jid_resource(std::string_view jid);
// The bare JID with ASCII letters in lower case: the key of a person (servers send the
// normalised form already; this keeps a configured room or a typed JID comparable).
std::string jid_key(std::string_view jid);
// The node (the part before '@'), or the domain when there is none.
std::string jid_node_or_domain(std::string_view jid);

}  // namespace niagara::bridge::xmpp
