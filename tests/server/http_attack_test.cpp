// The HTTP side against a stranger (issue 21, "Safe on the open internet"): nothing outside the
// web root can be read, whatever the target says; HEAD sends no body; every answer carries the
// security headers; a WebSocket upgrade from another site's page is refused; /metrics is
// served only where --metrics says. Requests go out verbatim over a bare socket (as
// `curl --path-as-is` would send them), so that no client library tidies them first.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "server_fixture.hpp"

using namespace server_test;

namespace {

// An answer read off a bare socket.
struct AttackAnswer {
    int status = 0;       // 0: none (see `all`)
    std::string head;     // the status line and headers
    std::string body;     // everything after the head
    std::string all;      // every byte received
    bool closed = false;  // the server closed the connection
};

// A TCP connection to 127.0.0.1:port from `source` (another loopback address: another client
// as far as the server's per-address limits go), or -1.
int attack_connect(unsigned short port, const std::string& source = "") {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(fd >= 0);
    if (!source.empty()) {
        sockaddr_in from{};
        from.sin_family = AF_INET;
        ::inet_pton(AF_INET, source.c_str(), &from.sin_addr);
        REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) == 0);
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// Sends `bytes` to 127.0.0.1:port (from `source`, see attack_connect) as they are, then reads
// until the server closes the connection (or, with `stop_at_head`, until a whole head has
// come), for at most `timeout` and `cap` bytes.
AttackAnswer attack_send(unsigned short port, const std::string& bytes, bool stop_at_head = false,
                         std::chrono::milliseconds timeout = 3s, std::size_t cap = 1 << 20,
                         const std::string& source = "") {
    AttackAnswer out;
    const int fd = attack_connect(port, source);
    if (fd < 0) return out;
    timeval tv{0, 100 * 1000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;  // the server may close early (a refused request): read its answer
        sent += std::size_t(n);
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    char buffer[65536];
    while (std::chrono::steady_clock::now() < deadline && out.all.size() < cap) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n == 0) {
            out.closed = true;
            break;
        }
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) continue;
            out.closed = true;  // reset
            break;
        }
        out.all.append(buffer, std::size_t(n));
        if (stop_at_head && out.all.find("\r\n\r\n") != std::string::npos) break;
    }
    ::close(fd);
    const auto end = out.all.find("\r\n\r\n");
    out.head = out.all.substr(0, end == std::string::npos ? out.all.size() : end + 4);
    out.body = end == std::string::npos ? "" : out.all.substr(end + 4);
    if (out.all.rfind("HTTP/1.", 0) == 0 && out.all.size() >= 12)
        out.status = std::atoi(out.all.substr(9, 3).c_str());
    return out;
}

// One request with `Connection: close`.
AttackAnswer attack_request(unsigned short port, const std::string& method,
                            const std::string& target, const std::string& extra_headers = "") {
    return attack_send(port, method + " " + target +
                                 " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n" +
                                 extra_headers + "Connection: close\r\n\r\n");
}

// A header's value in a head (the first, case-insensitively), or "".
std::string attack_header(const std::string& head, const std::string& name) {
    std::istringstream lines(head);
    std::string line;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto colon = line.find(':');
        if (colon == std::string::npos || colon != name.size()) continue;
        if (!std::equal(name.begin(), name.end(), line.begin(),
                        [](char a, char b) { return std::tolower(a) == std::tolower(b); }))
            continue;
        auto value = line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ')
            value.erase(0, 1);
        return value;
    }
    return "";
}

// A WebSocket upgrade to /ws with these extra headers (e.g. an Origin): the answer's status.
int attack_upgrade(unsigned short port, const std::string& headers, const std::string& host = "") {
    const std::string request =
        "GET /ws HTTP/1.1\r\nHost: " + (host.empty() ? "127.0.0.1:" + std::to_string(port) : host) +
        "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
        headers + "\r\n";
    return attack_send(port, request, true).status;
}

std::filesystem::path attack_source_web_root() {
    // tests/server/this file → the repository's web/
    return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "web";
}

std::string attack_read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// /healthz answers, and quickly: the server was not tied up by what came before.
void check_still_healthy(unsigned short port) {
    const auto start = std::chrono::steady_clock::now();
    const HttpResponse health = http_get(port, "/healthz", 2s);
    CHECK(health.status == 200);
    CHECK(health.body == "ok\n");
    CHECK(std::chrono::steady_clock::now() - start < 1s);
}

}  // namespace

TEST_CASE("HTTP attack: nothing outside the web root can be read", "[server][http][attack]") {
    // A copy of the web root with traps planted in it.
    TempDir web_dir("niagara-web");
    const auto web = web_dir.path / "web";
    std::filesystem::copy(attack_source_web_root(), web, std::filesystem::copy_options::recursive);
    std::filesystem::create_symlink("/etc/passwd", web / "passwd");
    std::filesystem::create_symlink("/dev/zero", web / "zero");
    std::filesystem::create_symlink("/proc/self/environ", web / "environ");
    std::filesystem::create_directory_symlink("/etc", web / "etc");
    std::filesystem::create_directory_symlink("..", web / "up");
    std::filesystem::create_symlink("js/main.js", web / "inside.js");  // stays inside: served
    REQUIRE(::mkfifo((web / "fifo").c_str(), 0600) == 0);
    std::ofstream(web / ".secret") << "hidden\n";
    std::filesystem::create_directory(web / ".git");
    std::ofstream(web / ".git" / "config") << "[core]\n";
    std::ofstream(web / "big.bin") << std::string(5 << 20, 'x');  // over the 4 MiB a file may be
    std::ofstream(web_dir.path / "outside.txt") << "outside the root\n";

    ServerProcess server({"--web", web.string()});
    const unsigned short port = server.port();
    INFO(server.log());

    const std::string main_js = attack_read_file(web / "js" / "main.js");
    REQUIRE(!main_js.empty());
    const HttpResponse page = http_get(port, "/");
    CHECK(page.status == 200);
    CHECK(page.body == attack_read_file(web / "index.html"));
    const HttpResponse script = http_get(port, "/js/main.js");
    CHECK(script.status == 200);
    CHECK(script.body == main_js);
    CHECK(script.content_type == "text/javascript; charset=utf-8");
    CHECK(http_get(port, "/style.css").content_type == "text/css; charset=utf-8");
    const HttpResponse inside = http_get(port, "/inside.js");  // a link that stays in the root
    CHECK(inside.status == 200);
    CHECK(inside.body == main_js);

    const std::vector<std::string> targets = {
        "//etc/passwd",
        "/../etc/passwd",
        "/../../../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2f..%2f..%2fetc%2fpasswd",
        "/js/..%2f..%2f..%2f..%2f..%2fetc/passwd",
        "/%2fetc%2fpasswd",
        "/%2Fetc%2Fpasswd",
        "/js/%2e%2e/%2e%2e/outside.txt",
        "/..\\..\\..\\etc\\passwd",
        "/%5c..%5c..%5cetc%5cpasswd",
        "/index.html%00.js",
        "/passwd",
        "/zero",
        "/environ",
        "/etc/passwd",
        "/up/outside.txt",
        "/up/web/index.html",
        "/fifo",
        "/.secret",
        "/.git/config",
        "/js/../.secret",
        "/big.bin",
        "//dev/zero",
        "//proc/self/cmdline",
        "//proc/self/environ",
        "/../data/niagara.sqlite3",
        "/data/niagara.sqlite3",
        "/../outside.txt",
        "http://127.0.0.1/etc/passwd",
        "http://x/../../etc/passwd",
        "*",
        "/" + std::string(2000, 'a'),
        "/" + std::string(20000, 'a'),  // past the header limit
        "/js//main.js",
        "/js/./main.js",
        "/%",
        "/%zz",
    };
    for (const auto& target : targets) {
        INFO("GET " << target.substr(0, 80));
        const AttackAnswer answer = attack_request(port, "GET", target);
        CHECK(answer.status >= 400);
        CHECK(answer.status < 500);
        CHECK(answer.all.find("root:") == std::string::npos);
        CHECK(answer.all.find("outside the root") == std::string::npos);
        CHECK(answer.all.find("hidden") == std::string::npos);
        CHECK(answer.all.find("[core]") == std::string::npos);
        CHECK(answer.all.size() < 4096);
        CHECK(answer.closed);
    }
    // A NUL byte and a raw control character in the request line.
    for (const std::string& target : {std::string("/index.html\0.js", 15), std::string("/a\tb")}) {
        const AttackAnswer answer = attack_request(port, "GET", target);
        CHECK(answer.status >= 400);
        CHECK(answer.status < 500);
    }
    check_still_healthy(port);
    CHECK(http_get(port, "/").body == page.body);
    // The traps were skipped with a warning at start, the files beside them served.
    CHECK(server.log().find("passwd") != std::string::npos);
    CHECK(server.log().find("fifo") != std::string::npos);
}

TEST_CASE("HTTP attack: HEAD sends no body, other methods are refused, limits hold",
          "[server][http][attack]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());
    const std::string page = http_get(port, "/").body;
    REQUIRE(!page.empty());

    // HEAD then GET on one connection: the HEAD's answer has the GET's length and no body, so
    // the GET's answer follows its head at once.
    const std::string host = "Host: 127.0.0.1\r\n";
    const AttackAnswer pair =
        attack_send(port, "HEAD / HTTP/1.1\r\n" + host + "\r\nGET /healthz HTTP/1.1\r\n" + host +
                              "Connection: close\r\n\r\n");
    REQUIRE(pair.status == 200);
    CHECK(attack_header(pair.head, "Content-Length") == std::to_string(page.size()));
    CHECK(pair.body.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    CHECK(pair.body.size() > 4);
    CHECK(pair.body.substr(pair.body.size() - 4) == "\nok\n");
    CHECK(pair.body.find("<html") == std::string::npos);
    for (const std::string target : {"/healthz", "/metrics", "/js/main.js", "/no-such-file"}) {
        INFO("HEAD " << target);
        const AttackAnswer head = attack_request(port, "HEAD", target);
        CHECK(head.status == (target == "/no-such-file" ? 404 : 200));
        CHECK(head.body.empty());
        CHECK(!attack_header(head.head, "Content-Length").empty());
        CHECK(attack_header(head.head, "Content-Length") != "0");
    }

    for (const std::string method : {"POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"}) {
        INFO(method);
        const AttackAnswer answer = attack_request(port, method, "/healthz");
        CHECK(answer.status == 405);
        CHECK(attack_header(answer.head, "Allow") == "GET, HEAD");
    }
    // A body over 8 KiB, headers over 8 KiB: refused, and the connection closed.
    const AttackAnswer big_body =
        attack_send(port, "POST / HTTP/1.1\r\n" + host + "Content-Length: 100000\r\n\r\n" +
                              std::string(100000, 'x'));
    CHECK(big_body.status == 413);
    const AttackAnswer big_head = attack_send(
        port, "GET / HTTP/1.1\r\n" + host + "X-Filler: " + std::string(9000, 'y') + "\r\n\r\n");
    CHECK(big_head.status == 431);
    CHECK(big_head.closed);
    const AttackAnswer garbage = attack_send(port, "\x16\x03\x01 not http at all\r\n\r\n");
    CHECK(garbage.status == 400);
    CHECK(garbage.closed);
    check_still_healthy(port);
}

TEST_CASE("HTTP attack: every answer carries the security headers", "[server][http][attack]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());
    const std::vector<std::pair<std::string, std::string>> requests = {
        {"GET", "/"},        {"GET", "/js/main.js"}, {"GET", "/style.css"},
        {"GET", "/healthz"}, {"GET", "/metrics"},    {"GET", "/games/12"},
        {"GET", "/games/x"}, {"GET", "/nope"},       {"GET", "//etc/passwd"},
        {"HEAD", "/"},       {"POST", "/"},          {"GET", "/" + std::string(2000, 'a')},
    };
    for (const auto& [method, target] : requests) {
        INFO(method << " " << target.substr(0, 40));
        const AttackAnswer answer = attack_request(port, method, target);
        REQUIRE(answer.status != 0);
        const std::string csp = attack_header(answer.head, "Content-Security-Policy");
        CHECK(csp.find("default-src 'none'") != std::string::npos);
        CHECK(csp.find("script-src 'self'") != std::string::npos);
        CHECK(csp.find("connect-src 'self' ws://127.0.0.1:" + std::to_string(port) +
                       " wss://127.0.0.1:" + std::to_string(port)) != std::string::npos);
        CHECK(csp.find("frame-ancestors 'none'") != std::string::npos);
        CHECK(csp.find("unsafe-eval") == std::string::npos);
        CHECK(attack_header(answer.head, "X-Content-Type-Options") == "nosniff");
        CHECK(attack_header(answer.head, "X-Frame-Options") == "DENY");
        CHECK(attack_header(answer.head, "Referrer-Policy") == "no-referrer");
        CHECK(attack_header(answer.head, "Cache-Control") == "no-store");
    }
    // The policy allows no inline script: the page has none.
    const std::string page = http_get(port, "/").body;
    std::size_t at = 0;
    int scripts = 0;
    while ((at = page.find("<script", at)) != std::string::npos) {
        const std::string tag = page.substr(at, page.find('>', at) - at);
        CHECK(tag.find(" src=") != std::string::npos);
        ++scripts;
        ++at;
    }
    CHECK(scripts >= 1);
    CHECK(page.find("<style") == std::string::npos);
    CHECK(page.find(" style=") == std::string::npos);
    CHECK(!std::regex_search(page, std::regex(R"(\son[a-z]+\s*=)")));  // no onclick= and the like
    // A Host that is not a plain host[:port] is not copied into the policy.
    const AttackAnswer odd = attack_send(
        port, "GET / HTTP/1.1\r\nHost: evil; script-src *\r\nConnection: close\r\n\r\n");
    CHECK(attack_header(odd.head, "Content-Security-Policy").find("evil") == std::string::npos);
}

TEST_CASE("HTTP attack: WebSocket upgrades from another site's page are refused",
          "[server][http][attack]") {
    ServerProcess server;
    const unsigned short port = server.port();
    INFO(server.log());
    const std::string me = "127.0.0.1:" + std::to_string(port);
    auto refused = [&] {
        return metric(http_get(port, "/metrics").body, "niagara_limited_total{limit=\"origin\"}");
    };
    CHECK(refused() == 0.0);

    CHECK(attack_upgrade(port, "") == 101);  // no Origin: a program, a bot, a chat bridge
    CHECK(attack_upgrade(port, "Origin: http://" + me + "\r\n") == 101);
    CHECK(attack_upgrade(port, "Origin: HTTP://" + me + "\r\n") == 101);
    // Default ports: "https://h" is the origin of a page at https://h:443.
    CHECK(attack_upgrade(port, "Origin: https://game.example\r\n", "game.example:443") == 101);
    CHECK(attack_upgrade(port, "Origin: http://game.example:80\r\n", "game.example") == 101);

    const std::vector<std::string> foreign = {
        "Origin: http://evil.example\r\n",
        "Origin: http://127.0.0.1:1\r\n",               // same address, another port
        "Origin: https://" + me + ".evil.example\r\n",  // a suffix
        "Origin: http://evil.example/" + me + "\r\n",   // a path
        "Origin: http://" + me + "@evil.example\r\n",   // userinfo
        "Origin: null\r\n",                             // a sandboxed page or a file
        "Origin: \r\n",
        "Origin: http://" + me + "\r\nOrigin: http://evil.example\r\n",  // two
    };
    for (const auto& origin : foreign) {
        INFO(origin);
        const AttackAnswer answer = attack_send(
            port, "GET /ws HTTP/1.1\r\nHost: " + me +
                      "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
                      "dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
                      origin + "\r\n");
        CHECK(answer.status == 403);
        CHECK(answer.closed);
        CHECK(!attack_header(answer.head, "Content-Security-Policy").empty());
    }
    CHECK(refused() == double(foreign.size()));
    CHECK(attack_upgrade(port, "Origin: http://evil.example\r\n", "evil.example") == 101);
    // Many refusals, few log lines.
    for (int i = 0; i < 50; ++i)
        CHECK(attack_upgrade(port, "Origin: http://evil.example\r\n") == 403);
    CHECK(refused() == double(foreign.size() + 50));
    std::size_t lines = 0;
    const std::string log = server.log();
    for (auto at = log.find("refused a WebSocket"); at != std::string::npos;
         at = log.find("refused a WebSocket", at + 1))
        ++lines;
    CHECK(lines >= 1);
    CHECK(lines <= 2);
    check_still_healthy(port);
}

TEST_CASE("HTTP attack: --allowed-origins names the pages that may connect",
          "[server][http][attack]") {
    {
        ServerProcess server({"--allowed-origins", "https://a.example, https://b.example:8443"});
        const unsigned short port = server.port();
        INFO(server.log());
        CHECK(attack_upgrade(port, "Origin: https://a.example\r\n") == 101);
        CHECK(attack_upgrade(port, "Origin: https://a.example:443\r\n") == 101);
        CHECK(attack_upgrade(port, "Origin: https://b.example:8443\r\n") == 101);
        CHECK(attack_upgrade(port, "") == 101);
        CHECK(attack_upgrade(port, "Origin: http://a.example\r\n") == 403);  // another scheme
        CHECK(attack_upgrade(port, "Origin: https://c.example\r\n") == 403);
        // The list replaces the same-host rule.
        CHECK(attack_upgrade(port, "Origin: http://127.0.0.1:" + std::to_string(port) + "\r\n") ==
              403);
        CHECK(metric(http_get(port, "/metrics").body, "niagara_limited_total{limit=\"origin\"}") ==
              3.0);
    }
    {
        ServerProcess server({"--allowed-origins", "*"});
        CHECK(attack_upgrade(server.port(), "Origin: https://anywhere.example\r\n") == 101);
        CHECK(attack_upgrade(server.port(), "Origin: null\r\n") == 101);
    }
}

TEST_CASE("HTTP attack: /metrics only where --metrics says", "[server][http][attack]") {
    {
        ServerProcess server({"--metrics", "off"});
        INFO(server.log());
        CHECK(http_get(server.port(), "/metrics").status == 404);
        CHECK(http_get(server.port(), "/healthz").status == 200);
    }
    {
        ServerProcess server({"--metrics", "main"});
        CHECK(http_get(server.port(), "/metrics").status == 200);
    }
    {
        // A free port: bound to port 0, then let go for the server.
        const int probe = ::socket(AF_INET, SOCK_STREAM, 0);
        REQUIRE(probe >= 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(probe, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
        socklen_t length = sizeof addr;
        REQUIRE(::getsockname(probe, reinterpret_cast<sockaddr*>(&addr), &length) == 0);
        const unsigned short metrics_port = ntohs(addr.sin_port);
        ::close(probe);

        ServerProcess server({"--metrics", "127.0.0.1:" + std::to_string(metrics_port)});
        INFO(server.log());
        CHECK(http_get(server.port(), "/metrics").status == 404);
        CHECK(http_get(server.port(), "/").status == 200);
        const HttpResponse metrics = http_get(metrics_port, "/metrics");
        CHECK(metrics.status == 200);
        CHECK(metric(metrics.body, "niagara_connections") == 0.0);
        CHECK(http_get(metrics_port, "/healthz").body == "ok\n");
        // Nothing else there: no page, no files, no WebSocket.
        CHECK(http_get(metrics_port, "/").status == 404);
        CHECK(http_get(metrics_port, "/js/main.js").status == 404);
        CHECK(http_get(metrics_port, "/games/1").status == 404);
        CHECK(attack_upgrade(metrics_port, "") == 404);
        const AttackAnswer head = attack_request(metrics_port, "HEAD", "/metrics");
        CHECK(head.status == 200);
        CHECK(head.body.empty());
        CHECK(attack_header(head.head, "X-Frame-Options") == "DENY");
    }
    // A malformed address stops the server at start.
    CHECK_THROWS(ServerProcess({"--metrics", "127.0.0.1:notaport"}));
}

// Request smuggling: a request whose body framing or host a proxy in front could read another
// way is refused with 400 and the connection closed, so that the bytes after it (here a second
// request, /metrics on another host) are never read as a request of their own.
TEST_CASE("HTTP attack: ambiguous framing or Host is refused and closes the connection",
          "[server][http][attack][smuggling]") {
    ServerProcess server;
    const unsigned short port = server.port();
    const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: evil\r\n\r\n";
    const std::vector<std::pair<std::string, std::string>> attempts{
        {"Transfer-Encoding: chunked, identity\r\n", "Transfer-Encoding other than chunked"},
        {"Transfer-Encoding: xchunked\r\n", "Transfer-Encoding other than chunked"},
        {"Transfer-Encoding: identity\r\n", "Transfer-Encoding other than chunked"},
        // These two Beast's parser refuses itself (its own 400), before the server's check.
        {"Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n", ""},
        {"Transfer-Encoding: chunked\r\nContent-Length: 3\r\n", ""},
        {"Host: 127.0.0.1\r\n", "Host sent twice"},
    };
    for (const auto& [headers, why] : attempts) {
        INFO(headers);
        const AttackAnswer answer = attack_send(
            port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n0\r\n\r\n" + smuggled);
        CHECK(answer.status == 400);
        CHECK(answer.closed);
        if (!why.empty()) CHECK(answer.body.find(why) != std::string::npos);
        // One answer only: the smuggled request was not read.
        CHECK(answer.all.find("HTTP/1.1", 1) == std::string::npos);
    }
    const AttackAnswer hostless = attack_send(port, "GET /healthz HTTP/1.1\r\n\r\n");
    CHECK(hostless.status == 400);
    CHECK(hostless.body.find("no Host") != std::string::npos);
    // Unambiguous requests are served as before: chunked alone, HTTP/1.0 without a Host.
    const AttackAnswer chunked = attack_send(
        port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: Chunked\r\n"
              "Connection: close\r\n\r\n0\r\n\r\n");
    CHECK(chunked.status == 200);
    const AttackAnswer old = attack_send(port, "GET /healthz HTTP/1.0\r\n\r\n");
    CHECK(old.status == 200);
    check_still_healthy(port);
}

// What one address may hold of the HTTP side (http_gate.hpp): connections beyond
// --max-http-connections-per-address are closed at once, requests beyond --http-rate get 429
// and the connection closes; another address is served all along.
TEST_CASE("HTTP attack: one address's connections and request rate are capped, others served",
          "[server][http][attack][http_gate]") {
    ServerProcess server({"--max-http-connections-per-address", "8", "--http-rate", "5",
                          "--http-burst", "10"});
    const unsigned short port = server.port();
    const std::string bystander = "127.0.0.2";
    const auto bystander_get = [&](const std::string& target) {
        return attack_send(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                 "Connection: close\r\n\r\n",
                           false, 3s, 1 << 20, bystander);
    };

    // Twelve idle connections from one address: the last four are closed, unread.
    std::vector<int> held;
    for (int i = 0; i < 12; ++i) {
        const int fd = attack_connect(port);
        REQUIRE(fd >= 0);
        held.push_back(fd);
    }
    int closed = 0;
    for (const int fd : held) {
        timeval tv{0, 300 * 1000};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        char byte;
        if (::recv(fd, &byte, 1, 0) == 0) ++closed;
    }
    CHECK(closed == 4);
    CHECK(bystander_get("/healthz").status == 200);  // another address is served meanwhile
    for (const int fd : held)
        ::close(fd);

    // A pipelined flood from one address: its burst is served, then 429 and the close.
    std::this_thread::sleep_for(200ms);  // the closed connections are counted out
    std::string flood;
    for (int i = 0; i < 40; ++i)
        flood += "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    const AttackAnswer answer = attack_send(port, flood);
    std::size_t served = 0;
    for (auto at = answer.all.find("HTTP/1.1 200"); at != std::string::npos;
         at = answer.all.find("HTTP/1.1 200", at + 1))
        ++served;
    CHECK(served >= 10);
    CHECK(served <= 12);  // the burst, and what the rate refilled meanwhile
    CHECK(answer.all.find("HTTP/1.1 429 Too Many Requests") != std::string::npos);
    CHECK(attack_header(answer.all.substr(answer.all.find("HTTP/1.1 429")), "Retry-After") == "1");
    CHECK(answer.closed);
    const AttackAnswer metrics = bystander_get("/metrics");
    REQUIRE(metrics.status == 200);
    CHECK(metric(metrics.body, "niagara_limited_total{limit=\"http_connections_per_address\"}")
              .value_or(0) >= 4);
    CHECK(metric(metrics.body, "niagara_limited_total{limit=\"http_rate\"}").value_or(0) >= 1);
    // A second later the address is served again.
    std::this_thread::sleep_for(1s);
    CHECK(attack_request(port, "GET", "/healthz").status == 200);
}
