// Requests that two HTTP readers could split or route differently: a proxy in front of the
// server and the server itself (request smuggling). Refused with 400 and the connection closed,
// as RFC 9112 allows (6.1, 6.3) and requires for Host (3.2), before anything is answered:
//   - a Transfer-Encoding other than exactly "chunked" ("chunked, identity", "xchunked",
//     "identity"), or sent twice: Beast does not read such a body as chunked, so its bytes would
//     be read as the next request, where a proxy that reads it as chunked sees none;
//   - Transfer-Encoding with Content-Length, or Content-Length twice;
//   - an HTTP/1.1 request without exactly one Host, or any request with two.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <optional>
#include <string>

namespace niagara::server {

// Why the request is refused, or nullopt when its framing and host are unambiguous.
std::optional<std::string> ambiguous_request(
    const boost::beast::http::request<boost::beast::http::string_body>& req);

}  // namespace niagara::server
