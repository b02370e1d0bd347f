// libFuzzer target: what an HTTP request may reach (server/src/http_routes.hpp) and the lookup
// of the web root's files (static_files.hpp), and Accept-Encoding (accept_encoding.hpp). The
// input is up to five lines: the request target, the method, an Origin, a Host and an
// --allowed-origins list (the Origin and list lines are read as Accept-Encoding values too). Checked: no crash; a
// static file key never names a path outside the root (no empty, "." or ".." segment, hidden
// name, backslash or control character, no leading '/'); only keys of the map are found; the
// Content-Security-Policy never carries what the Host header smuggles in (no extra directive,
// no line break); a foreign origin is never taken for the same host.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "accept_encoding.hpp"
#include "http_routes.hpp"
#include "static_files.hpp"

namespace {

using namespace niagara::server;

[[noreturn]] void broken(const char* what, std::string_view detail) {
    std::fprintf(stderr, "http target: %s: %.*s\n", what, int(detail.size()), detail.data());
    std::abort();
}

const StaticFiles& site() {
    static const StaticFiles files = [] {
        StaticFiles f;
        for (const char* key : {"index.html", "style.css", "js/main.js", "js/vendor/morphdom.js"})
            f.add(key, std::string("body of ") + key);
        return f;
    }();
    return files;
}

void check_key(const std::string& key) {
    if (key.empty() || key.front() == '/') broken("key empty or absolute", key);
    std::string_view rest = key;
    while (true) {
        const auto slash = rest.find('/');
        const std::string_view segment = rest.substr(0, slash);
        if (segment.empty()) broken("empty segment", key);
        if (segment.front() == '.') broken("dot or hidden segment", key);
        for (const char c : segment)
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\')
                broken("control character or backslash", key);
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (parts.size() < 4) {
        const auto nl = input.find('\n', start);
        if (nl == std::string_view::npos) break;
        parts.push_back(input.substr(start, nl - start));
        start = nl + 1;
    }
    parts.push_back(input.substr(start));
    parts.resize(5);
    const std::string_view target = parts[0];
    const std::string_view method = parts[1].empty() ? std::string_view("GET") : parts[1];
    const std::string_view origin = parts[2], host = parts[3], allowed_text = parts[4];

    for (const bool site_too : {true, false}) {
        const Route r = route(method, target, RouteOptions{site_too, site_too});
        if (target.size() > kMaxTargetBytes && r.kind != Route::Kind::TargetTooLong)
            broken("long target not refused", target.substr(0, 64));
        // Only GET and HEAD, but for POST and DELETE of /session alone (browser sessions).
        const bool session = target.substr(0, target.find('?')) == "/session" && site_too &&
                             (method == "POST" || method == "DELETE");
        if (method != "GET" && method != "HEAD" && target.size() <= kMaxTargetBytes &&
            r.kind != Route::Kind::MethodNotAllowed && !session)
            broken("method not refused", method);
        if ((r.kind == Route::Kind::SessionOpen || r.kind == Route::Kind::SessionEnd) && !session)
            broken("a session route for another method or target", target);
        if (r.kind == Route::Kind::StaticFile) {
            if (!site_too) broken("a file from the metrics listener", target);
            if (target.empty() || target.front() != '/') broken("not origin-form", target);
            check_key(r.key);
            if (const StaticFile* file = site().find(r.key))
                if (file->body != "body of " + r.key) broken("wrong file", r.key);
            (void)content_type(r.key);
        }
        if (r.kind == Route::Kind::GameRecord && r.game < 0) broken("negative game", target);
        if (r.kind == Route::Kind::GameReplay && (r.game < 0 || !site_too))
            broken("a replay of a negative game, or from the metrics listener", target);
        // A player's name: one decoded segment, no control character, slash or backslash.
        if (r.kind == Route::Kind::PlayerData) {
            if (!site_too) broken("a player from the metrics listener", target);
            if (r.key.empty() || r.key.find_first_of("/\\") != std::string::npos)
                broken("a player name with a separator", r.key);
            for (const char c : r.key)
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                    broken("a player name with a control character", r.key);
        }
        if (r.kind == Route::Kind::Leaderboard && r.key != "base" && r.key != "spirits")
            broken("a leaderboard of no variant", r.key);
    }

    static const std::string plain = content_security_policy("example.org");
    static const auto directives = std::count(plain.begin(), plain.end(), ';');
    const std::string csp = content_security_policy(host);
    if (std::count(csp.begin(), csp.end(), ';') != directives)
        broken("the policy gained a directive", host);
    static const auto quotes = std::count(plain.begin(), plain.end(), '\'');
    if (std::count(csp.begin(), csp.end(), '\'') != quotes) broken("a quote in the policy", host);
    for (const char c : csp)
        if (c == ',' || static_cast<unsigned char>(c) < 0x20 ||
            static_cast<unsigned char>(c) >= 0x7f)
            broken("the policy carries a separator", host);

    const auto allowed = parse_allowed_origins(allowed_text);
    (void)origin_allowed(origin, host, allowed);
    // The same-host rule: a page whose host differs from Host (compared without case) is
    // refused, unless their texts differ only by a default port.
    if (origin_allowed(origin, host, {})) {
        const auto sep = origin.find("://");
        if (sep == std::string_view::npos) broken("accepted a non-URL origin", origin);
        std::string_view authority = origin.substr(sep + 3);
        // The header's surrounding spaces and tabs are not part of it (RFC 9110 5.5; the
        // server trims them), and one trailing '/' is tolerated.
        while (!authority.empty() && (authority.back() == ' ' || authority.back() == '\t'))
            authority.remove_suffix(1);
        if (!authority.empty() && authority.back() == '/') authority.remove_suffix(1);
        if (authority.empty() || authority.find_first_of("/@?#\\") != std::string_view::npos)
            broken("accepted an origin with a path or user", origin);
    }
    if (!origin_allowed(std::nullopt, host, allowed)) broken("refused a missing origin", host);
    (void)parse_address_port(target);

    // The Origin and allowed lines, read as Accept-Encoding values too: gzip is never accepted
    // from a list that names neither gzip nor "*" (compared without case).
    for (const std::string_view header : {origin, allowed_text}) {
        std::string lower(header);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return char(c >= 'A' && c <= 'Z' ? c + 32 : c); });
        if (accepts_gzip(header) && lower.find("gzip") == std::string::npos &&
            lower.find('*') == std::string::npos)
            broken("gzip accepted from a list without it", header);
    }
    return 0;
}
