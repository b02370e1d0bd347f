#include "http_session.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "accept_encoding.hpp"
#include "byte_budget.hpp"
#include "config.hpp"
#include "http_routes.hpp"
#include "lobby.hpp"
#include "metrics.hpp"
#include "niagara/i18n/i18n.hpp"
#include "request_framing.hpp"
#include "sessions.hpp"
#include "static_files.hpp"
#include "websocket_session.hpp"

namespace niagara::server {
namespace {

constexpr std::size_t kHeaderLimit = 8 * 1024;  // the request line and every header
constexpr std::size_t kBodyLimit = 8 * 1024;    // requests carry no bodies worth reading
constexpr auto kReadTimeout = std::chrono::seconds(30);
constexpr auto kOriginReportInterval = std::chrono::seconds(10);
constexpr auto kLingerTime = std::chrono::seconds(2);
constexpr std::size_t kLingerBytes = 1 << 20;

std::string_view view(beast::string_view s) {
    return {s.data(), s.size()};
}

// At most 100 printable ASCII characters of what a stranger sent, for the log.
std::string printable(std::string_view text) {
    std::string out;
    for (const char c : text.substr(0, 100))
        out += (c >= 0x20 && c < 0x7f) ? c : '?';
    if (text.size() > 100) out += "...";
    return out;
}

// Refusals of a foreign origin: a warning at most once per interval (with how many were not
// reported), the rest at debug level, so that a stranger cannot fill the log.
void report_refused_origin(std::string_view origin, std::string_view host) {
    static std::atomic<std::chrono::steady_clock::rep> next_report{0};
    static std::atomic<long> unreported{0};
    const auto now = std::chrono::steady_clock::now().time_since_epoch();
    auto due = next_report.load(std::memory_order_relaxed);
    if (now.count() >= due &&
        next_report.compare_exchange_strong(
            due, (now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            kOriginReportInterval))
                     .count())) {
        spdlog::warn(
            "refused a WebSocket from Origin '{}' (Host '{}'): not an allowed origin (see "
            "--allowed-origins); {} more refused since the last report",
            printable(origin), printable(host), unreported.exchange(0));
    } else {
        unreported.fetch_add(1, std::memory_order_relaxed);
        spdlog::debug("refused a WebSocket from Origin '{}' (Host '{}')", printable(origin),
                      printable(host));
    }
}

// GET /i18n/<lang>.json: a language's merged catalog (i18n/README.md), or null when there is
// none. The catalogs are built into the binary: each is dumped once and then served from memory.
const std::string* i18n_catalog_body(std::string_view lang) {
    static const auto bodies = [] {
        std::vector<std::pair<std::string_view, std::string>> out;
        for (const std::string_view language : i18n::kLanguages)
            out.emplace_back(language, i18n::catalog(language).dump(
                                           -1, ' ', false, i18n::Json::error_handler_t::replace));
        return out;
    }();
    for (const auto& [language, body] : bodies)
        if (language == lang) return &body;
    return nullptr;
}

}  // namespace

// A response and the storage its body points into: its own text, or a static file's bytes
// (which live as long as the server: no copy per request).
struct HttpReply {
    std::string owned;
    std::shared_ptr<const std::string> kept;  // a shared body (a cached replay) held while sent
    ByteBudget::Hold in_flight;  // its bytes in --replay-bytes-in-flight, until the reply goes
    http::response<http::span_body<const char>> res;
};

namespace {

// Every answer: the security headers, no caching, and for HEAD no body but the length a GET
// would get.
std::shared_ptr<HttpReply> make_reply(unsigned version, bool keep_alive, bool head,
                                      std::string_view host, http::status status,
                                      std::string_view type, std::string owned,
                                      std::optional<std::string_view> shared = {}) {
    auto reply = std::make_shared<HttpReply>();
    reply->owned = std::move(owned);
    const std::string_view body = shared ? *shared : std::string_view(reply->owned);
    auto& res = reply->res;
    res.result(status);
    res.version(version);
    res.set(http::field::server, "niagara-server");
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, "no-store");
    res.set("Content-Security-Policy", content_security_policy(host));
    res.set("X-Content-Type-Options", "nosniff");
    res.set("X-Frame-Options", "DENY");
    res.set("Referrer-Policy", "no-referrer");
    if (status == http::status::method_not_allowed) res.set(http::field::allow, "GET, HEAD");
    res.keep_alive(keep_alive);
    if (head) {
        res.content_length(body.size());
    } else {
        res.body() = {body.data(), body.size()};
        res.prepare_payload();
    }
    return reply;
}

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, Lobby& lobby, const Config& config,
                         std::atomic<long>& next_id, const StaticFiles* files, HttpRole role,
                         HttpAdmission admission)
    : stream_(std::move(socket)),
      lobby_(lobby),
      config_(config),
      next_id_(next_id),
      files_(files),
      role_(role),
      admission_(std::move(admission)) {}

void HttpSession::run() {
    do_read();
}

void HttpSession::do_read() {
    parser_.emplace();
    parser_->header_limit(kHeaderLimit);
    parser_->body_limit(kBodyLimit);
    stream_.expires_after(kReadTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
    }
    if (ec) {
        // A request the parser refused gets a short answer before the connection closes; a
        // timeout, a reset or a request cut short gets none.
        if (ec.category() != http::make_error_code(http::error::bad_target).category() ||
            ec == http::error::partial_message || ec == http::error::short_read)
            return;
        http::status status = http::status::bad_request;
        if (ec == http::error::header_limit)
            status = http::status::request_header_fields_too_large;
        else if (ec == http::error::body_limit)
            status = http::status::payload_too_large;
        return send(make_reply(11, false, false, {}, status, "text/plain; charset=utf-8",
                               std::string(obsolete_reason(status)) + "\n"));
    }
    auto req = parser_->release();
    if (admission_.gate && !admission_.gate->request(admission_.address)) {
        // Over --http-rate: this answer, then the connection closes (a pipelined flood's
        // other requests are never read).
        lobby_.metrics().refused(Limit::HttpRate);
        auto refused = make_reply(req.version(), false, false, {}, http::status::too_many_requests,
                                  "text/plain; charset=utf-8",
                                  "Too Many Requests: this address's requests are limited\n");
        refused->res.set(http::field::retry_after, "1");
        return send(std::move(refused));
    }
    if (auto why = ambiguous_request(req)) {
        // Nothing more is read from this connection: what follows may be a smuggled request.
        return send(make_reply(11, false, false, {}, http::status::bad_request,
                               "text/plain; charset=utf-8", "Bad Request: " + *why + "\n"));
    }
    if (role_ == HttpRole::Game && beast::websocket::is_upgrade(req) && req.target() == "/ws") {
        if (refuse_origin(req)) return;
        stream_.expires_never();
        std::make_shared<WebSocketSession>(stream_.release_socket(), lobby_, config_, ++next_id_)
            ->run(std::move(req));
        return;
    }
    if (auto reply = handle(req)) send(std::move(reply));
}

namespace {

// Every Accept-Encoding field of the request, joined as one list (RFC 9110 §5.3).
std::string accept_encoding(const http::request<http::string_body>& req) {
    std::string joined;
    const auto [first, last] = req.equal_range(http::field::accept_encoding);
    for (auto field = first; field != last; ++field) {
        if (!joined.empty()) joined += ", ";
        joined += view(field->value());
    }
    return joined;
}

}  // namespace

void HttpSession::answer_replay(const Request& req, long game) {
    const bool head = req.method() == http::verb::head;
    const bool gzip = accepts_gzip(accept_encoding(req));
    // Nothing is read meanwhile: the session waits, held by the callback (if the client has
    // gone, the write fails and the session ends there). The answer may come on the replay
    // builder's thread: it is written from this session's executor.
    lobby_.game_replay(
        game, admission_.address, !gzip && !head,
        [self = shared_from_this(), version = req.version(), keep_alive = req.keep_alive(), head,
         gzip, host = std::string(view(req[http::field::host]))](const ReplayAnswer& answer) {
            boost::asio::post(self->stream_.get_executor(), [self, version, keep_alive, head, gzip,
                                                             host, answer] {
                constexpr std::string_view text = "text/plain; charset=utf-8";
                const auto refuse = [&](int status, const std::string& why, int retry_after) {
                    auto refused = make_reply(version, keep_alive, head, host, http::status(status),
                                              text, why + "\n");
                    if (retry_after > 0)
                        refused->res.set(http::field::retry_after, std::to_string(retry_after));
                    self->send(std::move(refused));
                };
                if (!answer.replay) return refuse(answer.status, answer.why, answer.retry_after);
                // The body: the cache's gzip bytes as they are, or the JSON text (a HEAD without
                // gzip needs only its length).
                std::shared_ptr<const std::string> body;
                if (gzip)
                    body = std::shared_ptr<const std::string>(answer.replay, &answer.replay->gzip);
                else if (!head)
                    body = answer.json;
                if (!body && !head) return refuse(500, "the replay could not be read", 0);
                // The bytes sent are held until the write ends (a HEAD writes none): slow
                // readers together cannot make the server hold more than the budget.
                auto in_flight =
                    self->lobby_.replay_bytes_in_flight().try_take(head ? 0 : body->size());
                if (!in_flight) {
                    self->lobby_.metrics().refused(Limit::ReplayBytesInFlight);
                    return refuse(503,
                                  "too many replays are being sent; try again in a few seconds",
                                  kReplayRetrySeconds);
                }
                auto sent = make_reply(version, keep_alive, head, host, http::status::ok,
                                       "application/json", {},
                                       body ? std::string_view(*body) : std::string_view());
                // One URL, two representations: caches between must key on Accept-Encoding.
                sent->res.set(http::field::vary, "Accept-Encoding");
                if (gzip) sent->res.set(http::field::content_encoding, "gzip");
                if (head && !gzip) sent->res.content_length(answer.replay->json_bytes);
                sent->kept = std::move(body);
                sent->in_flight = std::move(*in_flight);
                self->send(std::move(sent));
            });
        });
}

bool HttpSession::refuse_origin(const Request& req) {
    const auto origins = req.count(http::field::origin);
    std::optional<std::string_view> origin;
    if (origins > 0) origin = view(req[http::field::origin]);
    const std::string_view host = view(req[http::field::host]);
    if (origins <= 1 &&
        origin_allowed(origin, host, parse_allowed_origins(config_.allowed_origins)))
        return false;
    lobby_.metrics().refused(Limit::Origin);
    report_refused_origin(origin.value_or(""), host);
    send(make_reply(
        req.version(), false, false, host, http::status::forbidden, "text/plain; charset=utf-8",
        "a page from another site may not open a WebSocket here (--allowed-origins)\n"));
    return true;
}

void HttpSession::send(std::shared_ptr<HttpReply> reply) {
    const bool keep_alive = reply->res.keep_alive();
    // The whole answer within --http-write-ms (not per write: a client reading a byte now and
    // then must not hold its answer's bytes for ever); past it the stream closes, the write
    // fails and the reply, with what it holds, goes.
    if (config_.http_write_ms > 0)
        stream_.expires_after(std::chrono::milliseconds(config_.http_write_ms));
    else
        stream_.expires_never();
    http::async_write(
        stream_, reply->res,
        [self = shared_from_this(), reply, keep_alive](beast::error_code e, std::size_t n) {
            self->on_write(keep_alive, e, n);
        });
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec) return;
    if (!keep_alive) return linger();
    do_read();
}

void HttpSession::linger() {
    if (!lingering_) {
        lingering_ = true;
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.expires_after(kLingerTime);
    }
    buffer_.consume(buffer_.size());
    stream_.async_read_some(buffer_.prepare(16 * 1024),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                                self->lingered_ += n;
                                if (!ec && self->lingered_ < kLingerBytes) self->linger();
                            });
}

std::shared_ptr<HttpReply> HttpSession::handle(const Request& req) {
    const std::string_view host = view(req[http::field::host]);
    const bool head = req.method() == http::verb::head;
    auto reply = [&](http::status status, std::string_view type, std::string body,
                     std::optional<std::string_view> shared = {}) {
        return make_reply(req.version(), req.keep_alive(), head, host, status, type,
                          std::move(body), shared);
    };
    constexpr std::string_view text = "text/plain; charset=utf-8";
    RouteOptions options;
    options.metrics = role_ == HttpRole::Metrics || config_.metrics == "main";
    options.site = role_ == HttpRole::Game;
    const Route route =
        niagara::server::route(view(req.method_string()), view(req.target()), options);
    switch (route.kind) {
        case Route::Kind::Healthz:
            return reply(http::status::ok, text, "ok\n");
        case Route::Kind::Metrics:
            return reply(http::status::ok, "text/plain; version=0.0.4", lobby_.metrics_text());
        case Route::Kind::GameRecord:
            if (auto record = lobby_.game_record(route.game))
                return reply(http::status::ok, "application/json", std::move(*record));
            return reply(http::status::not_found, text,
                         "no finished game " + std::to_string(route.game) + "\n");
        case Route::Kind::GameList:
            if (auto list = lobby_.recent_games())
                return reply(http::status::ok, "application/json", std::move(*list));
            return reply(http::status::internal_server_error, text, "cannot list the games\n");
        case Route::Kind::SessionOpen:
        case Route::Kind::SessionEnd: {
            // A page of another site may neither open nor end a session here.
            if (refuse_origin(req)) return nullptr;
            const std::string_view origin = view(req[http::field::origin]);
            // Secure when the page came over TLS (a proxy in front speaks it): its Origin says.
            const std::string secure = origin.starts_with("https://") ? "; Secure" : "";
            std::string cookie;
            if (route.kind == Route::Kind::SessionOpen) {
                std::optional<std::string> token;
                try {
                    token = lobby_.redeem_session(route.key);
                } catch (const StoreError&) {
                    lobby_.metrics().storage_errors.fetch_add(1);
                    return reply(http::status::internal_server_error, text,
                                 "the session could not be stored\n");
                }
                if (!token)
                    return reply(http::status::forbidden, text,
                                 "that grant opens no session (unknown, used or too old)\n");
                cookie = std::string(kSessionCookie) + "=" + *token +
                         "; Path=/; Max-Age=" + std::to_string(Sessions::kSessionLife.count()) +
                         "; HttpOnly; SameSite=Strict" + secure;
            } else {
                lobby_.end_session(cookie_value(view(req[http::field::cookie]), kSessionCookie));
                cookie = std::string(kSessionCookie) +
                         "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + secure;
            }
            auto answer = reply(http::status::no_content, text, "");
            answer->res.set(http::field::set_cookie, cookie);
            answer->res.set(http::field::cache_control, "no-store");
            return answer;
        }
        case Route::Kind::PlayerData:
        case Route::Kind::Leaderboard: {
            auto [status, body] = route.kind == Route::Kind::PlayerData
                                      ? lobby_.player_json(route.key)
                                      : lobby_.leaderboard_json(route.key);
            return reply(http::status(status),
                         status == 200 ? "application/json" : text, std::move(body));
        }
        case Route::Kind::GameReplay:
            answer_replay(req, route.game);
            return nullptr;
        case Route::Kind::I18nCatalog:
            if (const std::string* body = i18n_catalog_body(route.key))
                return reply(http::status::ok, "application/json", {}, *body);
            return reply(http::status::not_found, text, "no catalog for that language\n");
        case Route::Kind::StaticFile: {
            if (const StaticFile* file = files_ ? files_->find(route.key) : nullptr)
                return reply(http::status::ok, file->content_type, {}, file->body);
            return reply(http::status::not_found, text, "not found\n");
        }
        case Route::Kind::BadRequest:
            return reply(http::status::bad_request, text,
                         "bad request: " + std::string(route.why) + "\n");
        case Route::Kind::NotFound:
            return reply(http::status::not_found, text, "not found\n");
        case Route::Kind::MethodNotAllowed:
            return reply(http::status::method_not_allowed, text, "only GET and HEAD\n");
        case Route::Kind::TargetTooLong:
            return reply(http::status::uri_too_long, text, "the target is too long\n");
    }
    return reply(http::status::not_found, text, "not found\n");
}

}  // namespace niagara::server
