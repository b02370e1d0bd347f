// Browser sessions (server/src/sessions.hpp): a login kept in an HttpOnly cookie across new
// connections, and every way it must not work: a grant used twice, a page of another site
// (Origin), a made-up or ended cookie, after /logout, a new password or a deleted account. The
// token is never in the log or the database.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

std::string grant_of(RawWs& ws) {
    const Json grant = expect_message(ws, "session");
    const std::string g = grant.value("grant", "");
    CHECK(std::regex_match(g, std::regex("[0-9a-f]{64}")));
    return g;
}

// Trades a grant for the cookie "niagara_session=TOKEN" (empty when refused).
std::string cookie_for(unsigned short port, const std::string& grant, int expected = 204) {
    const HttpResponse r = http_request(port, "POST", "/session?grant=" + grant, {});
    CHECK(r.status == expected);
    if (r.status != 204) return "";
    CHECK(r.set_cookie.find("; Path=/") != std::string::npos);
    CHECK(r.set_cookie.find("; HttpOnly") != std::string::npos);
    CHECK(r.set_cookie.find("; SameSite=Strict") != std::string::npos);
    CHECK(r.set_cookie.find("; Secure") == std::string::npos);  // a page over plain http
    std::smatch m;
    REQUIRE(std::regex_search(r.set_cookie, m, std::regex("^(niagara_session=[0-9a-f]{64});")));
    return m[1];
}

// A new connection carrying `cookie`: whom it is logged in as ("" for a guest).
std::string logged_in_as(unsigned short port, const std::string& cookie) {
    RawWs ws(port, {{"Cookie", "theme=dark; " + cookie}});
    REQUIRE(ws.read_type("welcome"));
    const auto account = ws.read_type("account", 3s);
    REQUIRE(account);
    if ((*account)["event"] == "logged_in") return (*account)["name"];
    CHECK((*account)["event"] == "session_ended");
    return "";
}

// The next "account" message with this event (others, such as "elsewhere" when a cookie's
// connection took the name, are skipped), or the refusal that came instead.
Json account_event(RawWs& ws, const std::string& event) {
    const auto m = ws.read_until(
        [&](const Json& j) {
            return message_type(j) == "error" ||
                   (message_type(j) == "account" && j.value("event", "") == event);
        },
        5s);
    REQUIRE(m);
    return *m;
}

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST_CASE("Browser sessions: a kept login opens new connections, and only as it should",
          "[server][accounts][sessions][attack]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());
    auto ann = raw_lobby_user(port, "Ann");
    REQUIRE(ann->send("/register correct horse battery"));
    expect_message(*ann, "account");
    const std::string grant = grant_of(*ann);

    // A page of another site may not trade it (nor end a session); the grant is still good.
    const std::string me = "127.0.0.1";
    CHECK(http_request(port, "POST", "/session?grant=" + grant, {{"Origin", "http://evil.example"}})
              .status == 403);
    CHECK(http_request(port, "DELETE", "/session", {{"Origin", "http://evil.example"}}).status == 403);
    const std::string cookie = cookie_for(port, grant);
    REQUIRE_FALSE(cookie.empty());
    cookie_for(port, grant, 403);                 // once only
    cookie_for(port, std::string(64, 'a'), 403);  // nobody's
    for (const char* bad : {"", "zz", "../../etc", "%00"})
        CHECK(http_request(port, "POST", std::string("/session?grant=") + bad, {}).status == 403);
    CHECK(http_request(port, "PUT", "/session", {}).status == 405);
    CHECK(http_request(port, "POST", "/", {}).status == 405);

    // The cookie logs a new connection in (a reload of the page).
    CHECK(logged_in_as(port, cookie) == "Ann");
    {
        // ... but not from a page of another site: its upgrade is refused outright.
        CHECK_THROWS(RawWs(port, {{"Cookie", cookie}, {"Origin", "http://evil.example"}}));
        CHECK(logged_in_as(port, "niagara_session=" + std::string(64, 'b')).empty());
        CHECK(logged_in_as(port, "niagara_session=not-a-token").empty());
    }

    // /logout from a connection the cookie opened ends that session.
    {
        RawWs kept(port, {{"Cookie", cookie}});
        REQUIRE(kept.read_type("welcome"));
        const auto in = kept.read_type("account");
        REQUIRE(in);
        INFO(in->dump());
        CHECK((*in)["event"] == "logged_in");
        REQUIRE(kept.send("/logout"));
        expect_message(kept, "account");
    }
    CHECK(logged_in_as(port, cookie).empty());

    // A new password ends every kept login of the account; the connection that changed it
    // gets a new grant. (Each connection the cookie opened took the name from ann's, which is
    // a guest again: she logs in.)
    REQUIRE(ann->send("/login Ann correct horse battery"));
    CHECK(account_event(*ann, "logged_in")["name"] == "Ann");
    const std::string second = cookie_for(port, grant_of(*ann));
    CHECK(logged_in_as(port, second) == "Ann");
    REQUIRE(ann->send("/login Ann correct horse battery"));  // her name back from that one
    CHECK(account_event(*ann, "logged_in")["name"] == "Ann");
    const std::string unused = grant_of(*ann);
    REQUIRE(ann->send("/password correct-horse another-password"));
    CHECK(account_event(*ann, "password_changed")["code"] == "login_failed");  // nothing ends
    REQUIRE(ann->send(R"({"type": "password", "old": "correct horse battery", "new": "a new secret"})"));
    CHECK(account_event(*ann, "password_changed")["event"] == "password_changed");
    const std::string third = cookie_for(port, grant_of(*ann));
    CHECK(logged_in_as(port, second).empty());
    CHECK(logged_in_as(port, third) == "Ann");

    // DELETE /session ends the browser's session and clears its cookie.
    const HttpResponse ended = http_request(port, "DELETE", "/session", {{"Cookie", third}});
    CHECK(ended.status == 204);
    CHECK(ended.set_cookie.find("niagara_session=;") == 0);
    CHECK(ended.set_cookie.find("Max-Age=0") != std::string::npos);
    CHECK(logged_in_as(port, third).empty());

    // A grant given before the new password is none after it; a deleted account's sessions
    // end with it.
    cookie_for(port, unused, 403);
    REQUIRE(ann->send("/login Ann a new secret"));
    CHECK(account_event(*ann, "logged_in")["name"] == "Ann");
    const std::string last = cookie_for(port, grant_of(*ann));
    CHECK(logged_in_as(port, last) == "Ann");
    REQUIRE(ann->send("/login Ann a new secret"));  // her name back from that connection
    CHECK(account_event(*ann, "logged_in")["name"] == "Ann");
    REQUIRE(ann->send("/unregister a new secret"));
    CHECK(account_event(*ann, "deleted")["event"] == "deleted");
    CHECK(logged_in_as(port, last).empty());

    // Counted; and no token is in the log or in the database's files.
    const std::string metrics = http_get(port, "/metrics").body;
    CHECK(metric(metrics, "niagara_sessions_total{event=\"opened\"}") == 4);
    CHECK(metric(metrics, "niagara_sessions_total{event=\"resumed\"}") == 5);
    CHECK(metric(metrics, "niagara_sessions_total{event=\"refused\"}") >= 10);
    for (const std::string& c : {cookie, second, third, last}) {
        const std::string token = c.substr(c.find('=') + 1);
        CHECK(server.log().find(token) == std::string::npos);
        for (const auto& entry : std::filesystem::recursive_directory_iterator(server.dir()))
            if (entry.is_regular_file()) {
                INFO(entry.path());
                CHECK(file_text(entry.path()).find(token) == std::string::npos);
            }
    }
    CHECK(healthy(port));
}
