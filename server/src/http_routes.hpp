// What an HTTP request may reach, decided from its method, target and headers alone: pure (no
// sockets, no files, no Beast), so that tests and fuzzers drive it directly (tests/fuzz/).
// http_session.cpp asks it what to answer; static_files.hpp holds the files it may name.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace niagara::server {

// A request target longer than this is refused (414) unread: no file or route needs more.
inline constexpr std::size_t kMaxTargetBytes = 1024;

// What a request names.
struct Route {
    enum class Kind {
        Healthz,           // GET /healthz
        Metrics,           // GET /metrics, where this listener serves it
        GameRecord,        // GET /games/<id>: `game`
        GameReplay,        // GET /games/<id>/replay: `game` (replay_route.hpp)
        GameList,          // GET /games: the latest finished games (replay_route.hpp)
        I18nCatalog,       // GET /i18n/<lang>.json: `key` is the language ("fr")
        PlayerData,        // GET /api/players/<name>: `key` is the name, percent-decoded
        Leaderboard,       // GET /api/leaderboard[/base|/spirits]: `key` is the variant
        SessionOpen,       // POST /session?grant=G: `key` is the grant (sessions.hpp)
        SessionEnd,        // DELETE /session: the cookie's session ends
        StaticFile,        // a file of the web root: `key`
        BadRequest,        // 400: `why`
        NotFound,          // 404
        MethodNotAllowed,  // 405: only GET and HEAD
        TargetTooLong,     // 414
    };
    Kind kind = Kind::NotFound;
    std::string key;       // static_file: the file's key ("index.html", "js/main.js");
                           // i18n_catalog: the language
    long game = 0;         // game_record, game_replay
    std::string_view why;  // bad_request: a short text for the client
};

// What a listener serves: the game's port serves the web client, the game records and, with
// `--metrics main`, /metrics; the metrics listener (`--metrics ADDR:PORT`) only /metrics and
// /healthz.
struct RouteOptions {
    bool metrics = false;  // /metrics is served here
    bool site = true;      // the web client's files and /games/<id>
};

// Decides what `method` and `target` (the request line's, as sent) name. Only GET and HEAD are
// served, but for POST and DELETE of /session (browser sessions, on the game's listener). "/i18n/<lang>.json" with `lang` two or three lowercase letters names a language's
// catalog (whether there is one is the server's business: i18n/README.md); any other name under
// /i18n/ is a static file's. A static file's key is the target's path without its leading '/'
// ("/" is "index.html"), percent-decoded; a target whose path holds an empty segment ("//"), a
// "." or ".." segment, a backslash, a control character, or an escape that decodes to '/', '\', a
// control character or NUL is a bad request; a hidden name (".git") is not found. Anything that
// is not origin-form ("http://host/x", "*") is a bad request. /players/NAME (one segment, as a
// static file's key decodes it) is the file player.html, /leaderboard leaderboard.html; their
// data are /api/players/NAME and /api/leaderboard[/base|/spirits].
Route route(std::string_view method, std::string_view target, const RouteOptions& options);

// The static file key a path names ("/" → "index.html"), or nullopt with `why` set (400), or
// nullopt with `why` empty (404: a hidden name). `path` has no query.
std::optional<std::string> static_key(std::string_view path, std::string_view& why);

// The Content-Type of a static file, by its key's extension.
std::string_view content_type(std::string_view key);

// --allowed-origins: a comma list of origins ("https://niagara.example.org"), or "*" for any.
// Entries are trimmed and lowercased, a trailing '/' dropped, empty ones skipped.
std::vector<std::string> parse_allowed_origins(std::string_view list);

// Whether a WebSocket upgrade may proceed. `origin` is the Origin header (nullopt: none, as from
// programs, bots and chat bridges, which are accepted). With `allowed` empty the origin's
// host[:port] must be the Host header's (default ports aside: "https://x" and Host "x:443"
// match); otherwise it must be one of `allowed`, or `allowed` holds "*". An origin that is not
// http(s)://authority ("null", a path) matches only an entry equal to it, or "*".
bool origin_allowed(std::optional<std::string_view> origin, std::string_view host,
                    const std::vector<std::string>& allowed);

// The Content-Security-Policy for the web client in web/: its own scripts and style
// sheets, style attributes (its code sets colours through them), data: images (the empty
// icon), WebSockets to the host it was loaded from; no framing. `host` is the request's Host
// header, named in connect-src (as ws:// and wss://) when it is a plain host[:port], since some
// browsers do not count ws: and wss: as 'self'.
std::string content_security_policy(std::string_view host);

// "ADDR:PORT" (IPv6 as "[::1]:9100") as an address and a port; nullopt when malformed.
std::optional<std::pair<std::string, unsigned short>> parse_address_port(std::string_view text);

}  // namespace niagara::server
