// The server's own sentences (its refusals and notices) as message keys of the `server` domain
// (i18n/catalogs/<lang>/server.json) with named arguments. The English text is rendered from the
// catalog, and the key and arguments ride in the message, so that each connection is sent the
// text in its own language (Connection::send) and a client may render it itself.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace niagara::server {

using Json = nlohmann::json;

// A sentence: a message key and its named arguments (i18n/README.md).
struct Reason {
    std::string key;
    Json args = Json::object();
};

// An identifier (a table's, a seat's number, a limit) as an argument: written as it is, with
// no digit grouping ("table 1234", never "table 1,234").
inline Json id_arg(long n) {
    return std::to_string(n);
}

// The English text of `reason` (what the server has always said).
std::string english(const Reason& reason);

// {"type": "error", "code": code, "text"/"message": the English, "key", "args"}.
Json refusal(const std::string& code, const Reason& reason);

}  // namespace niagara::server
