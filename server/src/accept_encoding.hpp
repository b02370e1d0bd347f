// Does a request's Accept-Encoding (RFC 9110 §12.5.3) accept gzip? Replays (about 15 times
// smaller gzipped) are sent with Content-Encoding: gzip only to clients that say so; every
// browser does, scripts and curl without --compressed do not.
#pragma once

#include <string_view>

namespace niagara::server {

// `header`: the Accept-Encoding field's value (several fields joined with ", "); empty when
// the request has none, which accepts no content coding here (RFC 9110 allows any, but a
// client that says nothing may be one that cannot gunzip). gzip is accepted when the list
// names "gzip" (or its alias "x-gzip", case-insensitive) with a weight above 0, or else names
// "*" with a weight above 0. "q=0" refuses; so does a weight that cannot be read ("q=abc",
// "q=2"): nothing is sent gzipped on words the server did not understand. When gzip is named
// more than once, one refusal among them refuses. Elements that are not tokens are skipped.
// Linear in the header's length, whatever it holds.
bool accepts_gzip(std::string_view header);

}  // namespace niagara::server
