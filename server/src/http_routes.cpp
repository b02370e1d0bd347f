#include "http_routes.hpp"

#include <algorithm>
#include <charconv>

#include "http_whitespace.hpp"
#include "niagara/ascii.hpp"

namespace niagara::server {
namespace {

using ascii::lower;

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

int hex_value(char c) {
    if (is_digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A byte no path of ours holds, raw or escaped: control characters (NUL included) and '\'.
bool forbidden_byte(unsigned char c) {
    return c < 0x20 || c == 0x7f || c == '\\';
}

// host[:port] of an authority, lowercased, with the port dropped when it is the scheme's
// default (80 for http, 443 for https) or empty; nullopt when it is no plain authority (no
// userinfo, path, query or fragment; a numeric port; a host of letters, digits, '.', '-', '_',
// or a bracketed IPv6 address).
std::optional<std::string> normal_authority(std::string_view authority, std::string_view scheme) {
    if (authority.empty() || authority.size() > 300) return std::nullopt;
    std::string_view host = authority;
    std::string_view port;
    if (authority.front() == '[') {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        host = authority.substr(0, close + 1);
        const auto rest = authority.substr(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':') return std::nullopt;
            port = rest.substr(1);
        }
        for (const char c : host.substr(1, host.size() - 2))
            if (!(hex_value(c) >= 0 || c == ':' || c == '.')) return std::nullopt;
    } else {
        const auto colon = authority.find(':');
        if (colon != std::string_view::npos) {
            host = authority.substr(0, colon);
            port = authority.substr(colon + 1);
        }
        if (host.empty()) return std::nullopt;
        for (const char c : host)
            if (!(is_digit(c) || (lower(c) >= 'a' && lower(c) <= 'z') || c == '.' || c == '-' ||
                  c == '_'))
                return std::nullopt;
    }
    std::string out = lower(host);
    if (!port.empty()) {
        unsigned number = 0;
        const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
        if (ec != std::errc() || end != port.data() + port.size() || number > 65535)
            return std::nullopt;
        const bool default_port =
            (scheme == "http" && number == 80) || (scheme == "https" && number == 443);
        if (!default_port) out += ":" + std::to_string(number);
    }
    return out;
}

struct Origin {
    std::string scheme;     // "http" or "https"
    std::string authority;  // normal_authority()
};

// "http(s)://authority" (a trailing '/' tolerated), or nullopt.
std::optional<Origin> parse_origin(std::string_view text) {
    const auto sep = text.find("://");
    if (sep == std::string_view::npos) return std::nullopt;
    const std::string scheme = lower(text.substr(0, sep));
    if (scheme != "http" && scheme != "https") return std::nullopt;
    std::string_view authority = text.substr(sep + 3);
    if (!authority.empty() && authority.back() == '/') authority.remove_suffix(1);
    auto normal = normal_authority(authority, scheme);
    if (!normal) return std::nullopt;
    return Origin{scheme, std::move(*normal)};
}

// An origin as the allow-list compares it: scheme://authority normalised, or else the text
// lowercased.
std::string comparable_origin(std::string_view text) {
    if (auto origin = parse_origin(text)) return origin->scheme + "://" + origin->authority;
    return lower(text);
}

// "/i18n/fr.json" -> "fr": only the catalogs' own spelling (no escapes, no uppercase), so that
// one language has one URL.
std::optional<std::string> catalog_language(std::string_view path) {
    constexpr std::string_view prefix = "/i18n/";
    constexpr std::string_view suffix = ".json";
    if (path.size() <= prefix.size() + suffix.size() || path.substr(0, prefix.size()) != prefix ||
        path.substr(path.size() - suffix.size()) != suffix)
        return std::nullopt;
    const std::string_view lang =
        path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
    if (lang.size() < 2 || lang.size() > 3) return std::nullopt;
    for (const char c : lang)
        if (c < 'a' || c > 'z') return std::nullopt;
    return std::string(lang);
}

}  // namespace

std::optional<std::string> static_key(std::string_view path, std::string_view& why) {
    why = {};
    if (path == "/") return "index.html";
    if (path.empty() || path.front() != '/') {
        why = "a path starts with /";
        return std::nullopt;
    }
    std::string key;
    path.remove_prefix(1);
    bool hidden = false;
    while (true) {
        const auto slash = path.find('/');
        const std::string_view raw = path.substr(0, slash);
        if (raw.empty()) {
            why = "empty path segment";
            return std::nullopt;
        }
        std::string segment;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            unsigned char c = static_cast<unsigned char>(raw[i]);
            if (c == '%') {
                const int high = i + 2 < raw.size() ? hex_value(raw[i + 1]) : -1;
                const int low = i + 2 < raw.size() ? hex_value(raw[i + 2]) : -1;
                if (high < 0 || low < 0) {
                    why = "bad percent-encoding";
                    return std::nullopt;
                }
                c = static_cast<unsigned char>(high * 16 + low);
                i += 2;
                if (c == '/') {
                    why = "encoded '/'";
                    return std::nullopt;
                }
            }
            if (forbidden_byte(c)) {
                why = "control character or backslash";
                return std::nullopt;
            }
            segment += char(c);
        }
        if (segment == "." || segment == "..") {
            why = "dot segment";
            return std::nullopt;
        }
        if (segment.front() == '.') hidden = true;  // still checked to the end for a 400
        if (!key.empty()) key += '/';
        key += segment;
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    if (hidden) return std::nullopt;  // 404, as if absent: hidden files are never served
    return key;
}

Route route(std::string_view method, std::string_view target, const RouteOptions& options) {
    Route r;
    if (target.size() > kMaxTargetBytes) {
        r.kind = Route::Kind::TargetTooLong;
        return r;
    }
    if (method == "POST" || method == "DELETE") {
        // Browser sessions (sessions.hpp): /session alone; the grant is the query's "grant=".
        const std::string_view session_path = target.substr(0, target.find('?'));
        if (session_path != "/session" || !options.site) {
            r.kind = Route::Kind::MethodNotAllowed;
            return r;
        }
        r.kind = method == "POST" ? Route::Kind::SessionOpen : Route::Kind::SessionEnd;
        if (r.kind == Route::Kind::SessionOpen) {
            constexpr std::string_view field = "grant=";
            const auto query = target.find('?');
            std::string_view rest = query == std::string_view::npos ? "" : target.substr(query + 1);
            for (;;) {
                const auto amp = rest.find('&');
                const std::string_view pair = rest.substr(0, amp);
                if (pair.substr(0, field.size()) == field) {
                    r.key = std::string(pair.substr(field.size()));
                    break;
                }
                if (amp == std::string_view::npos) break;
                rest.remove_prefix(amp + 1);
            }
        }
        return r;
    }
    if (method != "GET" && method != "HEAD") {
        r.kind = Route::Kind::MethodNotAllowed;
        return r;
    }
    if (target.empty() || target.front() != '/') {  // absolute-form, authority-form, "*"
        r.kind = Route::Kind::BadRequest;
        r.why = "the target must be a path starting with /";
        return r;
    }
    const std::string_view path = target.substr(0, target.find('?'));
    if (path.find('#') != std::string_view::npos) {
        r.kind = Route::Kind::BadRequest;
        r.why = "a fragment is not sent";
        return r;
    }
    if (path == "/healthz") {
        r.kind = Route::Kind::Healthz;
        return r;
    }
    if (path == "/metrics") {
        r.kind = options.metrics ? Route::Kind::Metrics : Route::Kind::NotFound;
        return r;
    }
    if (!options.site) {
        r.kind = Route::Kind::NotFound;
        return r;
    }
    if (path == "/games") {
        r.kind = Route::Kind::GameList;
        return r;
    }
    constexpr std::string_view games = "/games/";
    if (path.substr(0, games.size()) == games) {
        std::string_view id = path.substr(games.size());
        // What follows the id: nothing (the record) or "/replay" (replay_route.hpp).
        const std::string_view rest = id.substr(std::min(id.find('/'), id.size()));
        id.remove_suffix(rest.size());
        long value = 0;
        const auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), value);
        if (id.empty() || id.size() > 18 || !std::all_of(id.begin(), id.end(), is_digit) ||
            ec != std::errc() || end != id.data() + id.size()) {
            r.kind = Route::Kind::BadRequest;
            r.why = "a game id is a number: /games/12";
            return r;
        }
        r.game = value;
        if (rest.empty()) {
            r.kind = Route::Kind::GameRecord;
        } else if (rest == "/replay") {
            r.kind = Route::Kind::GameReplay;
        } else {
            std::string_view why;
            static_key(rest, why);  // a dot segment, an escape or control character: 400
            r.kind = why.empty() ? Route::Kind::NotFound : Route::Kind::BadRequest;
            r.why = why;
        }
        return r;
    }
    // A player's ratings and rated games (/api/players/NAME), and the player's page
    // (/players/NAME, whose script reads the name from the address): the name is one path
    // segment, percent-decoded as a static file's is (UTF-8 names: /api/players/Ji%C5%99%C3%AD);
    // whether it is anybody's is the lobby's business.
    constexpr std::string_view kPlayerPrefixes[] = {"/api/players/", "/players/"};
    for (const std::string_view prefix : kPlayerPrefixes) {
        if (path.substr(0, prefix.size()) != prefix) continue;
        std::string_view why;
        const auto name = static_key(path.substr(prefix.size() - 1), why);
        if (name && path.size() > prefix.size() && name->find('/') == std::string::npos) {
            const bool data = prefix.starts_with("/api/");
            r.kind = data ? Route::Kind::PlayerData : Route::Kind::StaticFile;
            r.key = data ? *name : "player.html";
        } else {
            r.kind = why.empty() ? Route::Kind::NotFound : Route::Kind::BadRequest;
            r.why = why;
        }
        return r;
    }
    if (path == "/leaderboard") {
        r.kind = Route::Kind::StaticFile;
        r.key = "leaderboard.html";
        return r;
    }
    if (path == "/api/leaderboard" || path == "/api/leaderboard/base" ||
        path == "/api/leaderboard/spirits") {
        r.kind = Route::Kind::Leaderboard;
        r.key = path.ends_with("spirits") ? "spirits" : "base";
        return r;
    }
    if (auto lang = catalog_language(path)) {
        r.kind = Route::Kind::I18nCatalog;
        r.key = *lang;
        return r;
    }
    std::string_view why;
    if (auto key = static_key(path, why)) {
        r.kind = Route::Kind::StaticFile;
        r.key = std::move(*key);
    } else if (!why.empty()) {
        r.kind = Route::Kind::BadRequest;
        r.why = why;
    } else {
        r.kind = Route::Kind::NotFound;
    }
    return r;
}

std::string_view content_type(std::string_view key) {
    const auto slash = key.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? key : key.substr(slash + 1);
    const auto dot = name.rfind('.');
    const std::string ext = dot == std::string_view::npos ? "" : lower(name.substr(dot + 1));
    if (ext == "html" || ext == "htm") return "text/html; charset=utf-8";
    if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
    if (ext == "css") return "text/css; charset=utf-8";
    if (ext == "json" || ext == "map") return "application/json";
    if (ext == "webmanifest") return "application/manifest+json";
    if (ext == "txt" || ext == "license" || ext == "md") return "text/plain; charset=utf-8";
    if (ext == "svg") return "image/svg+xml";
    if (ext == "png") return "image/png";
    if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
    if (ext == "gif") return "image/gif";
    if (ext == "webp") return "image/webp";
    if (ext == "ico") return "image/x-icon";
    if (ext == "woff2") return "font/woff2";
    if (ext == "woff") return "font/woff";
    if (ext == "wasm") return "application/wasm";
    return "application/octet-stream";
}

std::vector<std::string> parse_allowed_origins(std::string_view list) {
    std::vector<std::string> out;
    while (true) {
        const auto comma = list.find(',');
        std::string_view entry = trim_ows(list.substr(0, comma));
        if (!entry.empty() && entry.back() == '/') entry.remove_suffix(1);
        if (!entry.empty()) out.push_back(entry == "*" ? "*" : comparable_origin(entry));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return out;
}

bool origin_allowed(std::optional<std::string_view> origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
    if (!origin) return true;  // not a browser: nothing to protect from a cross-site page
    if (std::find(allowed.begin(), allowed.end(), "*") != allowed.end()) return true;
    const std::string_view text = trim_ows(*origin);
    if (!allowed.empty()) {
        const std::string mine = comparable_origin(text);
        return std::find(allowed.begin(), allowed.end(), mine) != allowed.end();
    }
    const auto parsed = parse_origin(text);
    if (!parsed) return false;
    const auto host_authority = normal_authority(trim_ows(host), parsed->scheme);
    return host_authority && *host_authority == parsed->authority;
}

std::string content_security_policy(std::string_view host) {
    std::string connect = "connect-src 'self'";
    host = trim_ows(host);
    // CSP's host-source has no IPv6 literals or '_': such hosts rely on 'self'.
    const auto authority = normal_authority(host, "");
    if (authority && authority->find_first_of("[_") == std::string::npos)
        connect += " ws://" + *authority + " wss://" + *authority;
    return "default-src 'none'; script-src 'self'; style-src 'self'; "
           "style-src-attr 'unsafe-inline'; img-src 'self' data:; " +
           connect +
           "; manifest-src 'self'; base-uri 'none'; form-action 'self'; "
           "frame-ancestors 'none'";
}

std::optional<std::pair<std::string, unsigned short>> parse_address_port(std::string_view text) {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos) return std::nullopt;
    std::string_view address = text.substr(0, colon);
    const std::string_view port = text.substr(colon + 1);
    if (address.size() >= 2 && address.front() == '[' && address.back() == ']')
        address = address.substr(1, address.size() - 2);
    if (address.empty()) return std::nullopt;
    unsigned number = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || number > 65535)
        return std::nullopt;
    return std::pair{std::string(address), static_cast<unsigned short>(number)};
}

}  // namespace niagara::server
