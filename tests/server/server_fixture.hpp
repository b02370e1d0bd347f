// Integration-test helpers: the real niagara-server as a child process on an ephemeral port of
// 127.0.0.1, an HTTP GET, a raw WebSocket for hostile input, and a harness that runs GameClients
// on one io_context with deadlines and records every message each connection receives.
// Nothing here waits without a deadline: a broken server makes a test fail, never hang.
#pragma once

#include <sys/types.h>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <csignal>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "niagara/client/game_client.hpp"
#include "niagara/record.hpp"

namespace server_test {

namespace net = boost::asio;
namespace beast = boost::beast;
using Json = nlohmann::json;
using niagara::client::GameClient;
using namespace std::chrono_literals;

// ---- a temporary directory ---------------------------------------------------------------

// A fresh directory under the system's temporary directory (mkdtemp: unique even between
// processes), removed with everything in it.
struct TempDir {
    explicit TempDir(const std::string& prefix = "niagara-test");
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::filesystem::path path;
};

// A tmpfs of `bytes` mounted on a fresh directory (root only; `mounted` says whether it
// worked, `why` why not), unmounted when it goes: a disk that can really be filled.
class SmallDisk {
  public:
    explicit SmallDisk(long bytes);
    ~SmallDisk();
    SmallDisk(const SmallDisk&) = delete;
    SmallDisk& operator=(const SmallDisk&) = delete;

    // Fills what is left of the disk with one file; returns its path.
    std::filesystem::path fill() const;

    std::filesystem::path path;
    bool mounted = false;
    std::string why;

  private:
    TempDir dir_;
};

// ---- the server process ------------------------------------------------------------------

// Runs niagara-server in a fresh temporary directory (data in DIR/data, log in DIR/server.log):
// `--bind 127.0.0.1 --port 0 --port-file DIR/port --data DIR/data --bot-delay-ms 0
// --log-level warn --threads 2 --rate 100000 --burst 100000 --max-http-connections-per-address 0
// --http-rate 0 --max-replay-builds-per-address 0 --metrics main --bot-level random`
// (random bots decide at once; tests of the other levels ask for them) (GameClients answer
// prompts at once, faster than the default rate limit allows; $NIAGARA_TEST_SERVER_THREADS replaces
// the 2), then `extra_args` (later flags win). The destructor stops it (SIGTERM, then SIGKILL) and
// removes the directory.
class ServerProcess {
  public:
    // `max_files` > 0: the server's limit of open files (RLIMIT_NOFILE, soft and hard).
    explicit ServerProcess(std::vector<std::string> extra_args = {}, int max_files = 0);
    ~ServerProcess();
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    // Starts the server and waits (10 s at most) for its port; throws std::runtime_error with
    // the server's log when it does not come up.
    void start();
    // The two halves of start(): launch() forks and execs the server without waiting;
    // wait_for_port() waits for its port file (tests of what happens during the start).
    void launch();
    void wait_for_port();
    // Sends `signal`, waits for the exit (`timeout`, then SIGKILL). Returns the wait status, or
    // -1 when the server was not running.
    int stop(int signal = SIGTERM, std::chrono::milliseconds timeout = 5s);
    // Stops (if running) and starts again on the same data directory; the port changes.
    void restart();

    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }
    unsigned short port() const { return port_; }
    const std::filesystem::path& dir() const { return dir_.path; }
    std::string log() const;  // what the server wrote to stdout and stderr so far

  private:
    std::vector<std::string> args_;
    TempDir dir_;  // a member: removed only after the destructor has stopped the server
    pid_t pid_ = -1;
    unsigned short port_ = 0;
    int max_files_ = 0;
};

// ---- HTTP --------------------------------------------------------------------------------

struct HttpResponse {
    int status = 0;  // 0: no answer (see error)
    std::string content_type;
    std::string retry_after;       // the Retry-After header, if any
    std::string content_encoding;  // ... Content-Encoding
    std::string vary;              // ... Vary
    std::string content_length;    // ... Content-Length (a HEAD's says what a GET would send)
    std::string body;              // as sent (still gzipped under Content-Encoding: gzip)
    std::string set_cookie;        // ... Set-Cookie
    std::string error;
};

// `source`: a loopback address to send from (127.0.0.2: another client for the per-address
// limits); empty: the system's choice (127.0.0.1).
HttpResponse http_get(unsigned short port, const std::string& target,
                      std::chrono::milliseconds timeout = 5s, const std::string& source = "");

// GET or HEAD `target` with these extra header fields (name, value), in this order.
using HttpHeaders = std::vector<std::pair<std::string, std::string>>;
HttpResponse http_request(unsigned short port, const std::string& method, const std::string& target,
                          const HttpHeaders& headers, std::chrono::milliseconds timeout = 5s);

// A client that sends GET `target` and then reads nothing: its socket's receive buffer is
// `receive_buffer` bytes (SO_RCVBUF, with small segments, as RawWs does), so a large answer
// backs up in the server until its write deadline. Closed when it goes.
class StalledReader {
  public:
    // `accept_encoding`: the request's Accept-Encoding; empty: none.
    StalledReader(unsigned short port, const std::string& target, int receive_buffer = 2048,
                  const std::string& accept_encoding = "");
    ~StalledReader();
    StalledReader(const StalledReader&) = delete;
    StalledReader& operator=(const StalledReader&) = delete;

  private:
    net::io_context io_;
    net::ip::tcp::socket socket_;
};

// GET /healthz answers "ok": the server still serves.
bool healthy(unsigned short port);

// The value of an unlabelled or labelled sample in Prometheus text, e.g. "niagara_connections"
// or "niagara_tables{phase=\"playing\"}"; nullopt when absent.
std::optional<double> metric(const std::string& text, const std::string& sample);

// The sample's value once it reads `expected`, or its last value after `timeout`. For gauges a
// finished request lowers after its client already has the answer: the server drops what the
// write held when the write's handler ends, which may be after the client's last byte arrives.
std::optional<double> metric_settled(unsigned short port, const std::string& sample,
                                     double expected, std::chrono::milliseconds timeout = 2s);

// ---- a raw WebSocket ---------------------------------------------------------------------

// A bare Beast WebSocket on its own io_context, driven one operation at a time with deadlines:
// for frames a GameClient never sends (binary, oversized, floods) and for a client that never
// reads. `receive_buffer` > 0 sets SO_RCVBUF (and a small TCP_MAXSEG) before connecting.
class RawWs {
  public:
    explicit RawWs(unsigned short port, int receive_buffer = 0);  // throws when it cannot connect
    // With these extra handshake header fields (a Cookie, an Origin); throws when refused.
    RawWs(unsigned short port, const std::vector<std::pair<std::string, std::string>>& headers);
    ~RawWs();

    bool send(const std::string& frame, bool binary = false,
              std::chrono::milliseconds timeout = 5s);
    // The next message (a JSON object, or a string when not JSON); nullopt on timeout, or when
    // the connection ended (then ended() is true and error() says why).
    std::optional<Json> read(std::chrono::milliseconds timeout = 5s);
    // Reads until a message satisfies `match`; nullopt on timeout or end.
    std::optional<Json> read_until(const std::function<bool(const Json&)>& match,
                                   std::chrono::milliseconds timeout = 5s);
    std::optional<Json> read_type(const std::string& type, std::chrono::milliseconds timeout = 5s);
    bool ended() const { return ended_; }
    // The code of the close frame the server sent (0 when none came).
    int close_code() const { return int(ws_.reason().code); }
    const std::string& error() const { return error_; }
    long frames_read() const { return frames_read_; }

  private:
    bool run_until(const bool& done, std::chrono::milliseconds timeout);
    void connect(unsigned short port);
    net::io_context io_;
    beast::websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    bool reading_ = false, read_done_ = false, ended_ = false;
    beast::error_code read_ec_;
    std::string error_;
    long frames_read_ = 0;
};

// The "code" of an error message (empty for anything else, or nothing).
std::string code_of(const std::optional<Json>& m);

// The "type" of a message (empty for anything that is not an object).
std::string message_type(const Json& m);

// A bare connection in the lobby under `name` (fails the test when the server refuses it).
std::unique_ptr<RawWs> raw_lobby_user(unsigned short port, const std::string& name);

// The next message of `type`, or an error; fails the test on neither, or on the error.
Json expect_message(RawWs& ws, const std::string& type, std::chrono::milliseconds timeout = 5s);

// ---- GameClients with a recorder ---------------------------------------------------------

struct Received {
    long seq = 0;  // global order of receipt over every connection of the harness
    std::string type;
    Json message;
};

// One connection: a GameClient and everything it received and did. A state message's
// "event", "chosen" and "prompt" are also recorded as entries of those types (with
// "carried_by"), the first two just before it and the prompt just after, so that tests count
// them the same whether they come alone or ride on a snapshot or patch.
struct Player {
    std::string label;
    std::shared_ptr<GameClient> client;
    std::vector<Received> frames;
    std::vector<std::string> acts;  // action texts sent in answer to prompts, in order
    std::vector<Json> errors;
    std::optional<Json> ended;  // the "ended" message
    bool closed = false;
    std::string closed_why;
    std::vector<std::function<void(Player&, const Json&)>> hooks;  // after recording

    void send(const std::string& frame) { client->send(frame); }
    long count(const std::string& type) const;
    const Json* first(const std::string& type) const;
    const Json* last(const std::string& type) const;
    bool has_error(const std::string& code) const;
    // Rounds as this client's view shows them (0 before the game).
    int round() const;
};

// True when every one of `players` saw its game end.
inline bool all_ended(const std::vector<Player*>& players) {
    for (Player* p : players)
        if (!p->ended) return false;
    return true;
}

// Each player's story so far (messages, round, end, close, errors), for a failing test's INFO.
inline std::string describe(const std::vector<Player*>& players) {
    std::string out;
    for (Player* p : players) {
        out += p->label + ": " + std::to_string(p->frames.size()) + " messages, round " +
               std::to_string(p->round()) + (p->ended ? ", ended" : "") +
               (p->closed ? ", closed (" + p->closed_why + ")" : "");
        for (const auto& e : p->errors)
            out += "\n  error " + e.dump();
        out += "\n";
    }
    return out;
}

class Harness {
  public:
    explicit Harness(unsigned short port);
    ~Harness();  // closes every client and lets the closes go out (briefly)

    struct Options {
        std::vector<std::string> opening;
        bool use_json = false;
        bool auto_play = true;
        std::uint64_t seed = 1;
        // The load generator's bot: no view kept, each frame read only for playing, moves
        // chosen from the prompt alone.
        bool reads_prompt_only = false;
        // The loopback address to connect from (127.0.0.2: another client for the per-address
        // limits and the bot pool's shares); empty: 127.0.0.1.
        std::string source{};
    };
    Player& add(std::string label, Options options);
    Player& add(std::string label, std::vector<std::string> opening = {}) {
        return add(std::move(label), Options{std::move(opening)});
    }

    // Runs the clients until `done()` holds (true) or the timeout passes (false).
    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds timeout);
    void run_for(std::chrono::milliseconds duration);

    net::io_context io;
    std::deque<std::unique_ptr<Player>> players;
    unsigned short port;
    long seq = 0;
};

// Sends `frame` once the player got "welcome" (so after its opening frames).
void send_when_welcomed(Player& p, const std::string& frame);

// Opens a table: `host` sends /new (`new_words`); once the host is seated it sends /addbot
// `bots` times, every joiner sends /join ID and every watcher /watch ID; the host sends /start
// when `seats` seats are filled and every watcher watches. With `json`, every command is a JSON
// message. `table` receives the id.
struct TableSetup {
    Player* host = nullptr;
    std::string new_words = "players=3";  // the /new words
    Json new_options = nullptr;           // with `json`: the "options" object (else new_words)
    std::vector<Player*> joiners;
    std::vector<Player*> watchers;
    int bots = 0;
    int seats = 3;
    bool json = false;
    int other_spectators = 0;  // spectators not in `watchers` the host also waits for
};
void open_table(const TableSetup& setup, std::shared_ptr<std::optional<long>> table);

// ---- following views ---------------------------------------------------------------------

// Replays one connection's snapshots and patches independently of the GameClient. Every
// snapshot whose version equals the version held (an answer to /sync) is compared with the
// view built from patches.
struct Followed {
    Json view;  // the last view ({"table", "game", "seat"})
    long version = -1;
    long snapshots = 0, patches = 0, compared = 0;
    std::vector<std::string> problems;
};
// `each` sees every message with the view before it and after it.
using FollowHook = std::function<void(const Received&, const Json& before, const Json& after)>;
Followed follow(const std::vector<Received>& frames, const FollowHook& each = {});

// ---- records -----------------------------------------------------------------------------

struct FinishedGame {
    HttpResponse response;
    Json json;
    std::optional<niagara::Record> record;
    std::optional<niagara::Replay> replay;
    std::string problem;  // empty when the record was fetched, parsed and replayed
};
FinishedGame fetch_game(unsigned short port, long table);

// The engine's action texts of a record, and the seat of each.
std::vector<std::string> action_texts(const niagara::Record& record);

// Catch checks for a game that should have ended: every player in `players` (seats and
// spectators) got "ended" naming the winners; GET /games/TABLE replays with the engine to a
// finished game with the same winners; every connection's patches apply without a gap, and its
// last view equals the engine's view of the replayed final state. Returns the fetched game.
FinishedGame check_finished_game(unsigned short port, long table,
                                 const std::vector<Player*>& players);

}  // namespace server_test
