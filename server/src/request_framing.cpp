#include "request_framing.hpp"

#include <boost/algorithm/string/predicate.hpp>
#include <boost/algorithm/string/trim.hpp>

namespace niagara::server {

namespace http = boost::beast::http;

std::optional<std::string> ambiguous_request(const http::request<http::string_body>& req) {
    const auto encodings = req.count(http::field::transfer_encoding);
    if (encodings > 1) return "Transfer-Encoding sent twice";
    if (encodings == 1) {
        std::string coding(req[http::field::transfer_encoding]);
        boost::algorithm::trim(coding);
        if (!boost::algorithm::iequals(coding, "chunked"))
            return "Transfer-Encoding other than chunked";
        if (req.count(http::field::content_length) > 0)
            return "Transfer-Encoding with Content-Length";
    }
    if (req.count(http::field::content_length) > 1) return "Content-Length sent twice";
    const auto hosts = req.count(http::field::host);
    if (hosts > 1) return "Host sent twice";
    if (hosts == 0 && req.version() >= 11) return "no Host (HTTP/1.1 needs one)";
    return std::nullopt;
}

}  // namespace niagara::server
