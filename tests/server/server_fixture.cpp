#include "server_fixture.hpp"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <catch2/catch.hpp>

#include "niagara/json.hpp"
#include "niagara/notation.hpp"

#ifndef NIAGARA_SERVER_BIN
#error "NIAGARA_SERVER_BIN must name the niagara-server binary"
#endif

namespace server_test {

namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {

// The server's threads: 2 (tables and connections on strands), or what
// NIAGARA_TEST_SERVER_THREADS says (CTest runs the server tests again with 1: no strands).
std::string server_threads() {
    const char* threads = std::getenv("NIAGARA_TEST_SERVER_THREADS");
    return threads && *threads ? threads : "2";
}

}  // namespace

// ---- TempDir -----------------------------------------------------------------------------

TempDir::TempDir(const std::string& prefix) {
    std::string pattern = std::filesystem::temp_directory_path() / (prefix + "-XXXXXX");
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
}

// ---- ServerProcess -----------------------------------------------------------------------

ServerProcess::ServerProcess(std::vector<std::string> extra_args)
    : args_(std::move(extra_args)), dir_("niagara-srvtest") {
    start();
}

ServerProcess::~ServerProcess() {
    try {
        stop();
    } catch (...) {
    }
}

std::string ServerProcess::log() const {
    std::ifstream in(dir_.path / "server.log");
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void ServerProcess::start() {
    if (running()) throw std::runtime_error("the server is running already");
    const auto port_file = dir_.path / "port";
    std::filesystem::remove(port_file);
    std::vector<std::string> args = {NIAGARA_SERVER_BIN, "--bind", "127.0.0.1", "--port", "0",
                                     "--port-file", port_file.string(), "--data",
                                     (dir_.path / "data").string(), "--bot-delay-ms", "0",
                                     "--log-level", "warn", "--threads", server_threads(),
                                     // Bots answer prompts at once, far faster than the default
                                     // 20 messages a second; tests of the limit set their own.
                                     "--rate", "100000", "--burst", "100000"};
    args.insert(args.end(), args_.begin(), args_.end());
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string log_path = (dir_.path / "server.log").string();
    const pid_t parent = getpid();

    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {                        // the child: only async-signal-safe calls until exec
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test program
        if (getppid() != parent) _exit(127);
        const int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        // The test's own sockets must not stay open in the server.
        for (int i = 3; i < 4096; ++i)
            close(i);
        execv(argv[0], argv.data());
        _exit(127);
    }
    pid_ = pid;

    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            throw std::runtime_error("niagara-server exited at start (status " +
                                     std::to_string(status) + "):\n" + log());
        }
        std::ifstream in(port_file);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!text.empty() && text.back() == '\n') {
            const int port = std::atoi(text.c_str());
            if (port > 0 && port < 65536) {
                port_ = static_cast<unsigned short>(port);
                return;
            }
        }
        std::this_thread::sleep_for(5ms);
    }
    stop(SIGKILL);
    throw std::runtime_error("niagara-server wrote no port file within 10 s:\n" + log());
}

int ServerProcess::stop(int signal, std::chrono::milliseconds timeout) {
    if (!running()) return -1;
    kill(pid_, signal);
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const pid_t r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_ || r < 0) break;
        if (std::chrono::steady_clock::now() >= deadline) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &status, 0);
            break;
        }
        std::this_thread::sleep_for(5ms);
    }
    pid_ = -1;
    return status;
}

void ServerProcess::restart() {
    stop();
    start();
}

// ---- HTTP --------------------------------------------------------------------------------

HttpResponse http_get(unsigned short port, const std::string& target,
                      std::chrono::milliseconds timeout) {
    net::io_context io;
    beast::tcp_stream stream(io);
    beast::flat_buffer buffer;
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::connection, "close");
    http::response<http::string_body> res;
    HttpResponse out;
    bool done = false;
    auto fail = [&](const char* what, beast::error_code ec) {
        out.error = std::string(what) + ": " + ec.message();
        done = true;
    };
    stream.expires_after(timeout);
    stream.async_connect(
        tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
            if (ec) return fail("connect", ec);
            http::async_write(stream, req, [&](beast::error_code ec, std::size_t) {
                if (ec) return fail("write", ec);
                http::async_read(stream, buffer, res, [&](beast::error_code ec, std::size_t) {
                    if (ec) return fail("read", ec);
                    out.status = res.result_int();
                    out.content_type = std::string(res[http::field::content_type]);
                    out.body = res.body();
                    done = true;
                });
            });
        });
    io.run_for(timeout + 1s);
    if (!done) out.error = "no answer within the deadline";
    return out;
}

std::optional<double> metric(const std::string& text, const std::string& sample) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(sample + " ", 0) == 0) return std::stod(line.substr(sample.size() + 1));
    }
    return std::nullopt;
}

// ---- RawWs -------------------------------------------------------------------------------

RawWs::RawWs(unsigned short port, int receive_buffer) : ws_(io_) {
    auto& stream = beast::get_lowest_layer(ws_);
    stream.socket().open(tcp::v4());
    if (receive_buffer > 0) {
        stream.socket().set_option(net::socket_base::receive_buffer_size(receive_buffer));
        // Small segments keep the server's send buffer small too (Linux sizes it from the
        // segment size), so a client that does not read backs up into the server's queue.
        const int segment = 536;
        setsockopt(stream.socket().native_handle(), IPPROTO_TCP, TCP_MAXSEG, &segment,
                   sizeof segment);
    }
    bool done = false;
    beast::error_code result;
    stream.expires_after(5s);
    stream.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                         [&](beast::error_code ec) {
                             if (ec) {
                                 result = ec;
                                 done = true;
                                 return;
                             }
                             beast::get_lowest_layer(ws_).expires_never();
                             ws_.async_handshake("127.0.0.1", "/ws", [&](beast::error_code ec) {
                                 result = ec;
                                 done = true;
                             });
                         });
    if (!run_until(done, 6s)) throw std::runtime_error("raw websocket: no handshake in time");
    if (result) throw std::runtime_error("raw websocket: " + result.message());
}

RawWs::~RawWs() {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    io_.run_for(100ms);  // let the cancelled operations finish
}

bool RawWs::run_until(const bool& done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return false;
        if (io_.stopped()) io_.restart();
        io_.run_one_for(deadline - now);
    }
    return true;
}

bool RawWs::send(const std::string& frame, bool binary, std::chrono::milliseconds timeout) {
    if (ended_) return false;
    bool done = false;
    beast::error_code result;
    ws_.binary(binary);
    ws_.async_write(net::buffer(frame), [&](beast::error_code ec, std::size_t) {
        result = ec;
        done = true;
    });
    if (!run_until(done, timeout)) {
        error_ = "write timed out";
        return false;
    }
    if (result) {
        error_ = "write: " + result.message();
        return false;
    }
    return true;
}

std::optional<Json> RawWs::read(std::chrono::milliseconds timeout) {
    if (ended_) return std::nullopt;
    if (!reading_) {
        reading_ = true;
        read_done_ = false;
        ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
            read_ec_ = ec;
            read_done_ = true;
        });
    }
    if (!run_until(read_done_, timeout)) return std::nullopt;  // the read stays pending
    reading_ = false;
    if (read_ec_) {
        ended_ = true;
        error_ = read_ec_.message();
        return std::nullopt;
    }
    ++frames_read_;
    std::string frame = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    Json j = Json::parse(frame, nullptr, false);
    return j.is_discarded() ? Json(frame) : j;
}

std::optional<Json> RawWs::read_until(const std::function<bool(const Json&)>& match,
                                      std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left <= 0ms) return std::nullopt;
        auto m = read(left);
        if (!m) return std::nullopt;
        if (match(*m)) return m;
    }
}

std::optional<Json> RawWs::read_type(const std::string& type, std::chrono::milliseconds timeout) {
    return read_until([&](const Json& m) { return m.is_object() && m.value("type", "") == type; },
                      timeout);
}

// ---- Player and Harness ------------------------------------------------------------------

long Player::count(const std::string& type) const {
    long n = 0;
    for (const auto& r : frames)
        n += r.type == type;
    return n;
}

const Json* Player::first(const std::string& type) const {
    for (const auto& r : frames)
        if (r.type == type) return &r.message;
    return nullptr;
}

const Json* Player::last(const std::string& type) const {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
        if (it->type == type) return &it->message;
    return nullptr;
}

bool Player::has_error(const std::string& code) const {
    for (const auto& e : errors)
        if (e.value("code", "") == code) return true;
    return false;
}

int Player::round() const {
    const Json& v = client->view();
    if (!v.is_object() || !v.contains("game") || !v["game"].is_object()) return 0;
    return v["game"].value("round", 0);
}

Harness::Harness(unsigned short port) : port(port) {}

Harness::~Harness() {
    for (auto& p : players)
        p->client->close();
    io.restart();
    io.run_for(50ms);
    for (auto& p : players) {
        p->client->on_message = nullptr;
        p->client->on_act = nullptr;
        p->client->on_closed = nullptr;
    }
    players.clear();
    io.stop();
}

Player& Harness::add(std::string label, Options options) {
    auto player = std::make_unique<Player>();
    Player* p = player.get();
    p->label = std::move(label);
    GameClient::Settings settings;
    settings.host = "127.0.0.1";
    settings.port = port;
    settings.seed = options.seed;
    settings.auto_play = options.auto_play;
    settings.use_json = options.use_json;
    settings.bot_reads_view = !options.reads_prompt_only;
    settings.keep_view = !options.reads_prompt_only;
    settings.opening = std::move(options.opening);
    p->client = std::make_shared<GameClient>(io, settings);
    p->client->on_message = [this, p](GameClient&, const Json& m, const std::string&) {
        const std::string type = m.value("type", "");
        // What rides on a state message is also recorded on its own, as it would come alone:
        // the event and the chosen card before the state message, the decision after it.
        auto carried = [&](const char* part) -> std::optional<Received> {
            if ((type != "snapshot" && type != "patch") || !m.contains(part)) return std::nullopt;
            Json alone = m.at(part).is_object() ? m.at(part) : Json{{"card", m.at(part)}};
            alone["type"] = part;
            alone["table"] = m.value("table", Json());
            alone["carried_by"] = type;
            return Received{0, part, std::move(alone)};
        };
        for (const char* part : {"event", "chosen"})
            if (auto r = carried(part)) {
                r->seq = ++seq;
                p->frames.push_back(std::move(*r));
            }
        Received r{++seq, type, m};
        p->frames.push_back(r);
        if (auto decision = carried("prompt")) {
            decision->seq = ++seq;
            p->frames.push_back(std::move(*decision));
        }
        if (r.type == "error") p->errors.push_back(m);
        if (r.type == "ended") p->ended = m;
        for (auto& hook : p->hooks)
            hook(*p, m);
    };
    p->client->on_act = [p](GameClient&, const std::string& action) { p->acts.push_back(action); };
    p->client->on_closed = [p](GameClient&, const std::string& why) {
        p->closed = true;
        p->closed_why = why;
    };
    players.push_back(std::move(player));
    p->client->start();
    return *p;
}

bool Harness::run_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return false;
        if (io.stopped()) io.restart();
        if (io.run_one_for(std::min<std::chrono::steady_clock::duration>(deadline - now, 20ms)) ==
            0)
            std::this_thread::sleep_for(1ms);
    }
    return true;
}

void Harness::run_for(std::chrono::milliseconds duration) {
    run_until([] { return false; }, duration);
}

void send_when_welcomed(Player& p, const std::string& frame) {
    if (p.first("welcome")) return p.send(frame);
    auto sent = std::make_shared<bool>(false);
    p.hooks.push_back([frame, sent](Player& self, const Json& m) {
        if (*sent || m.value("type", "") != "welcome") return;
        *sent = true;
        self.send(frame);
    });
}

void open_table(const TableSetup& setup, std::shared_ptr<std::optional<long>> table) {
    const bool json = setup.json;
    auto started = std::make_shared<bool>(false);
    auto seated = std::make_shared<bool>(false);
    Player* host = setup.host;
    auto command = [json](const std::string& type, std::optional<long> id) {
        if (json) {
            Json m{{"type", type}};
            if (id) m["table"] = *id;
            return m.dump();
        }
        return "/" + type + (id ? " " + std::to_string(*id) : "");
    };
    host->hooks.push_back([=](Player& p, const Json& m) {
        const std::string type = m.value("type", "");
        if (type == "table_created" && !*table) *table = m.at("table").get<long>();
        // Table commands wait for "seated": the server answers /new with table_created before
        // it has seated the host, and a table command sent in between gets no_table.
        if (type == "seated" && *table && !*seated) {
            *seated = true;
            for (int i = 0; i < setup.bots; ++i)
                p.send(command("addbot", std::nullopt));
            for (Player* j : setup.joiners)
                send_when_welcomed(*j, command("join", **table));
            for (Player* w : setup.watchers)
                send_when_welcomed(*w, command("watch", **table));
        }
        if (*started || !*seated) return;
        const Json& v = p.client->view();
        if (!v.contains("table") || !v["table"].is_object()) return;
        int filled = 0;
        for (const auto& s : v["table"]["seats"])
            filled += !s["name"].is_null();
        if (filled >= setup.seats && v["table"].value("spectators", 0L) >=
                                         long(setup.watchers.size()) + setup.other_spectators) {
            *started = true;
            p.send(command("start", std::nullopt));
        }
    });
    // GameClient sends frames queued before its handshake ahead of its opening frames, so /new
    // waits for the welcome: the opening (e.g. /name) goes first.
    send_when_welcomed(*host,
                       json ? Json{{"type", "new"},
                                   {"options", setup.new_options.is_null() ? Json(setup.new_words)
                                                                           : setup.new_options}}
                                  .dump()
                            : "/new " + setup.new_words);
}

// ---- following views ---------------------------------------------------------------------

Followed follow(const std::vector<Received>& frames, const FollowHook& each) {
    Followed f;
    f.view = nullptr;
    for (const Received& r : frames) {
        const Json before = f.view;
        const Json& m = r.message;
        if (r.type == "snapshot") {
            ++f.snapshots;
            const long version = m.at("version").get<long>();
            if (!f.view.is_null() && version == f.version) {
                ++f.compared;
                if (f.view != m.at("view"))
                    f.problems.push_back("the patched view differs from the snapshot at v" +
                                         std::to_string(version) + ": " +
                                         Json::diff(f.view, m.at("view")).dump());
            }
            f.view = m.at("view");
            f.version = version;
        } else if (r.type == "patch") {
            ++f.patches;
            const long from = m.at("from").get<long>(), to = m.at("to").get<long>();
            if (to != from + 1)
                f.problems.push_back("patch from v" + std::to_string(from) + " to v" +
                                     std::to_string(to));
            if (f.view.is_null() || from != f.version) {
                f.problems.push_back("patch from v" + std::to_string(from) + " while holding v" +
                                     std::to_string(f.version));
            } else {
                try {
                    f.view = f.view.patch(m.at("ops"));
                    f.version = to;
                } catch (const std::exception& e) {
                    f.problems.push_back("patch v" + std::to_string(from) +
                                         " does not apply: " + e.what());
                }
            }
        }
        if (each) each(r, before, f.view);
    }
    return f;
}

// ---- records -----------------------------------------------------------------------------

FinishedGame fetch_game(unsigned short port, long table) {
    FinishedGame g;
    g.response = http_get(port, "/games/" + std::to_string(table));
    if (g.response.status != 200) {
        g.problem = "GET /games/" + std::to_string(table) + ": status " +
                    std::to_string(g.response.status) + " " + g.response.error + " " +
                    g.response.body;
        return g;
    }
    g.json = Json::parse(g.response.body, nullptr, false);
    if (g.json.is_discarded()) {
        g.problem = "the record is not JSON: " + g.response.body.substr(0, 200);
        return g;
    }
    try {
        g.record = niagara::record_from_json(g.json);
    } catch (const std::exception& e) {
        g.problem = std::string("record_from_json: ") + e.what();
        return g;
    }
    g.replay = niagara::replay(*g.record);
    if (g.replay->failed_at)
        g.problem = "the record fails to replay at action " + std::to_string(*g.replay->failed_at) +
                    ": " + g.replay->reason;
    return g;
}

std::vector<std::string> action_texts(const niagara::Record& record) {
    std::vector<std::string> texts;
    for (const auto& a : record.actions)
        texts.push_back(niagara::to_text(a));
    return texts;
}

FinishedGame check_finished_game(unsigned short port, long table,
                                 const std::vector<Player*>& players) {
    INFO("table " << table);
    std::optional<Json> result;
    for (Player* p : players) {
        INFO(p->label);
        REQUIRE(p->ended);
        CHECK(p->ended->value("table", -1L) == table);
        const Json& r = p->ended->at("result");
        CHECK(r.at("over") == true);
        CHECK(r.at("abandoned") == false);
        if (!result)
            result = r;
        else
            CHECK(r == *result);
    }
    REQUIRE(result);
    const Json winners = result->at("winners");
    CHECK_FALSE(winners.empty());
    // The text names every winner.
    for (Player* p : players) {
        const Json& v = p->client->view();
        if (!v.contains("table")) continue;
        for (const auto& w : winners) {
            const std::string name = v["table"]["seats"][w.get<std::size_t>()]["name"];
            INFO(p->label << " ended: " << p->ended->dump());
            CHECK(p->ended->at("text").get<std::string>().find(name) != std::string::npos);
        }
    }

    FinishedGame g = fetch_game(port, table);
    INFO(g.problem);
    REQUIRE(g.problem.empty());
    CHECK(g.json.value("format", "") == "niagara-record/1");
    CHECK(niagara::is_over(g.replay->state));
    CHECK(Json(niagara::winners(g.replay->state)) == winners);
    CHECK(niagara::result_to_json(g.replay->state) == *result);

    for (Player* p : players) {
        INFO(p->label);
        CHECK(p->client->patch_gaps() == 0);
        Followed f = follow(p->frames);
        for (const auto& problem : f.problems)
            FAIL_CHECK(problem);
        CHECK(f.patches > 0);
        CHECK(f.view == p->client->view());
        REQUIRE(f.view.is_object());
        const Json& seat = f.view.at("seat");
        const Json engine_view = seat.is_null()
                                     ? niagara::spectator_view(g.replay->state)
                                     : niagara::seat_view(g.replay->state, seat.get<int>());
        INFO("difference: " << Json::diff(f.view.at("game"), engine_view).dump());
        CHECK(f.view.at("game") == engine_view);
    }
    return g;
}

}  // namespace server_test
