// SASL PLAIN for IRC (IRCv3 "sasl" capability): what the client sends after
// "AUTHENTICATE PLAIN" has been answered with "AUTHENTICATE +".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace niagara::bridge::irc {

// The AUTHENTICATE arguments that carry `user` and `password`: base64 of
// "user\0user\0password", in pieces of 400 characters, with a final "+" when the last piece is
// exactly 400 long (the IRCv3 rule that tells the server the message is complete).
std::vector<std::string> sasl_plain_messages(std::string_view user, std::string_view password);

// Base64 (RFC 4648, with padding), through OpenSSL's EVP_EncodeBlock, which the TLS support
// links anyway.
std::string base64(std::string_view bytes);

// Whether a CAP LS value ("multi-prefix sasl=PLAIN,EXTERNAL account-notify") offers SASL PLAIN:
// "sasl" alone (CAP 3.1: no mechanism list) or "sasl=" with PLAIN among the mechanisms.
bool offers_sasl_plain(std::string_view capabilities);

}  // namespace niagara::bridge::irc
