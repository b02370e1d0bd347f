// Seats and who people are, end to end on an IRC network with services: the real game server,
// InspIRCd with Atheme (inspircd_fixture.hpp) and the real niagara-bridge as child processes,
// and IRC test clients who register and identify with NickServ. A seat kept under a services
// account comes back to its account under another nick without a key, and a stranger who takes
// the nick gets nothing of it; a seat of someone without an account needs its key after a quit,
// even under the same nick.
#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "bridge_process.hpp"
#include "chat_player.hpp"
#include "inspircd_fixture.hpp"
#include "irc_test_client.hpp"
#include "server_fixture.hpp"

namespace {

namespace net = boost::asio;
using Json = nlohmann::json;
using namespace std::chrono_literals;

// (Not kIrcChannel: the test files are compiled together in unity batches.)
const std::string kServicesChannel = "#niagara";

// One person, who may come back under another nick: a new connection, the same mind.
struct ServicesPlayer {
    ServicesPlayer(net::io_context& io, unsigned short port, const std::string& nick,
                   std::uint64_t seed, bool playing)
        : client(std::make_unique<irc_test::IrcTestClient>(io, port, nick)),
          mind(seed),
          plays(playing) {}
    std::unique_ptr<irc_test::IrcTestClient> client;
    // Their earlier connections, kept for the transcript.
    std::vector<std::unique_ptr<irc_test::IrcTestClient>> earlier;
    bridge_test::SeatPlayer mind;
    bool plays;  // whether the mind answers prompts (a stranger only listens)
    // Whether the bridge seated them on this connection ("You sit at", "Welcome back"): before
    // that the mind hears nothing, as the answers to a seatless nick ("You are not in a game")
    // would read as refusals of its last decision and have it decide again and again.
    bool seated_here = false;
    std::size_t read = 0;
};

// The private lines `client` got from the bridge, one by one: a throttled bridge merges
// waiting lines into one message (output_queue.hpp).
std::vector<std::string> services_private_lines(const irc_test::IrcTestClient& client) {
    static constexpr std::string_view joiner = " \u2016 ";
    std::vector<std::string> lines;
    for (const auto& r : client.received()) {
        if (!r.is_private || r.from != "niagara") continue;
        std::size_t start = 0;
        while (true) {
            const auto at = r.text.find(joiner, start);
            lines.push_back(r.text.substr(start, at == std::string::npos ? at : at - start));
            if (at == std::string::npos) break;
            start = at + joiner.size();
        }
    }
    return lines;
}

// Waits for a line with `command` (900: logged in) after line number `from`.
bool services_wait_numeric(irc_test::IrcTestClient& person, const std::string& command,
                           std::size_t from, std::chrono::milliseconds timeout = 5s) {
    return person.wait_for(
        [&] {
            for (std::size_t i = from; i < person.lines().size(); ++i)
                if (person.lines()[i].command == command) return true;
            return false;
        },
        timeout);
}

// NickServ REGISTER: the person's nick becomes an account, and they are logged into it.
bool services_register(irc_test::IrcTestClient& person, const std::string& password) {
    const std::size_t from = person.lines().size();
    person.say("NickServ", "REGISTER " + password + " " + person.nick() + "@example.org");
    return services_wait_numeric(person, "900", from);
}

bool services_identify(irc_test::IrcTestClient& person, const std::string& account,
                       const std::string& password) {
    const std::size_t from = person.lines().size();
    person.say("NickServ", "IDENTIFY " + account + " " + password);
    return services_wait_numeric(person, "900", from);
}

// The game server, InspIRCd with Atheme, the bridge, a watcher who stays in the channel all
// along (the players come and go), and the players.
class ServicesGame {
  public:
    // The game's pace is raised as in irc_game_test.cpp (InspIRCd's limits are off here).
    ServicesGame()
        : dir_("niagara-bridge-services"),
          bridge_(dir_.path,
                  std::vector<std::string>{
                      "--server",       "ws://127.0.0.1:" + std::to_string(server_.port()) + "/ws",
                      "--state_file",   (dir_.path / "state.json").string(),
                      "--irc.host",     "127.0.0.1",
                      "--irc.port",     std::to_string(irc_.port()),
                      "--irc.nick",     "niagara",
                      "--irc.channels", kServicesChannel,
                      "--log_level",    "warn",
                      "--irc.rate",     "25",
                      "--irc.burst",    "25",
                      "--user_rate",    "20",
                      "--user_burst",   "40"}),
          watcher_(io_, irc_.port(), "watcher") {}

    // The watcher joins first, then the bridge, which is ready once its nick joined.
    void start_bridge() {
        REQUIRE(watcher_.connect());
        REQUIRE(watcher_.join(kServicesChannel));
        bridge_.start();
        const bool joined = run(
            [&] {
                for (const auto& m : watcher_.lines())
                    if (m.command == "JOIN" && m.nick == "niagara") return true;
                return false;
            },
            20s);
        if (!joined) FAIL("the bridge did not join:\n" << transcript());
    }

    // Connected, not yet in the channel: logging in comes first.
    ServicesPlayer& add(const std::string& nick, bool plays = true) {
        players_.push_back(std::make_unique<ServicesPlayer>(io_, irc_.port(), nick,
                                                            players_.size() * 5 + 1, plays));
        ServicesPlayer& p = *players_.back();
        REQUIRE(p.client->connect());
        return p;
    }
    // `p` comes back as `nick` on a new connection (after a quit), not yet in the channel.
    void reconnect(ServicesPlayer& p, const std::string& nick) {
        p.earlier.push_back(std::move(p.client));
        p.client = std::make_unique<irc_test::IrcTestClient>(io_, irc_.port(), nick);
        p.read = 0;
        p.seated_here = false;
        REQUIRE(p.client->connect());
    }

    // Drives everything until `done`, playing the prompts of those who play meanwhile.
    bool run(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
        return irc_test::run_until(
            io_,
            [&] {
                feed();
                return done();
            },
            timeout);
    }
    void idle(std::chrono::milliseconds time) {
        run([] { return false; }, time);
    }

    bool channel_says(const std::string& part) const {
        for (const auto& r : watcher_.received())
            if (!r.is_private && r.from == "niagara" && r.text.find(part) != std::string::npos)
                return true;
        return false;
    }
    // Whether the bridge told `p`, on their current connection, a line with `part`.
    static bool told(const ServicesPlayer& p, const std::string& part) {
        for (const auto& line : services_private_lines(*p.client))
            if (line.find(part) != std::string::npos) return true;
        return false;
    }
    // The seat key the bridge told `p` last ("Your seat key for table #3 is K7F3QXWB2M.").
    static std::string seat_key(const ServicesPlayer& p) {
        static const std::regex key(R"(Your seat key for table #\d+ is ([A-Z2-9]{10})\.)");
        std::string found;
        for (const auto& line : services_private_lines(*p.client)) {
            std::smatch m;
            if (std::regex_search(line, m, key)) found = m[1];
        }
        return found;
    }

    // The channel once (the watcher's), everyone's private lines, the bridge's log and the
    // IRC network's: printed when a step fails.
    std::string transcript() const {
        std::string out = "---- channel\n";
        for (const auto& r : watcher_.received())
            if (!r.is_private) out += r.from + ": " + r.text + "\n";
        const auto privately = [&](const irc_test::IrcTestClient& client) {
            for (const auto& r : client.received())
                if (r.is_private) out += client.nick() + " PM " + r.from + ": " + r.text + "\n";
        };
        for (const auto& p : players_) {
            out += "---- " + p->client->nick() + ", privately\n";
            for (const auto& c : p->earlier)
                privately(*c);
            privately(*p->client);
        }
        return out + "---- bridge log\n" + bridge_.log() + irc_.log();
    }
    // Every line the watcher got fits IRC's 512 bytes, and the bridge's hold no secret.
    void check_channel_lines() const {
        for (const auto& r : watcher_.received()) {
            CHECK(r.wire_bytes <= 512);
            if (!r.is_private && r.from == "niagara") {
                INFO(r.text);
                CHECK(bridge_test::secrets_in_public_line(r.text).empty());
            }
        }
    }
    std::size_t channel_lines() const { return watcher_.received().size(); }
    // Whether a channel line from number `from` on holds `part`.
    bool channel_says_since(std::size_t from, const std::string& part) const {
        const auto& received = watcher_.received();
        for (std::size_t i = from; i < received.size(); ++i)
            if (!received[i].is_private && received[i].text.find(part) != std::string::npos)
                return true;
        return false;
    }

    std::optional<long> table;

    // Someone at the web page (chat_player.hpp).
    bridge_test::SiteUser site_user(std::vector<std::string> opening) {
        return bridge_test::open_site_user(io_, server_.port(), std::move(opening));
    }
    // GET `target` from the game server, as a browser would: the status and the body.
    std::pair<int, std::string> http_get(const std::string& target) const {
        namespace beast = boost::beast;
        namespace http = beast::http;
        net::io_context io;
        beast::tcp_stream stream(io);
        stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), server_.port()));
        http::request<http::empty_body> request{http::verb::get, target, 11};
        request.set(http::field::host, "127.0.0.1");
        http::write(stream, request);
        beast::flat_buffer buffer;
        http::response<http::string_body> response;
        http::read(stream, buffer, response);
        return {int(response.result_int()), response.body()};
    }

  private:
    void feed() {
        static const std::regex opened(R"(opened table #(\d+))");
        // The table, from the channel: the watcher never leaves it.
        for (; !table && watcher_read_ < watcher_.received().size(); ++watcher_read_) {
            const auto& r = watcher_.received()[watcher_read_];
            std::smatch m;
            if (!r.is_private && r.from == "niagara" && std::regex_search(r.text, m, opened)) {
                table = std::stol(m[1]);
                oracle_ = bridge_test::watch_table(io_, server_.port(), *table);
            }
        }
        for (auto& p : players_) {
            const auto& received = p->client->received();
            for (; p->read < received.size(); ++p->read) {
                const auto& r = received[p->read];
                if (r.from != "niagara") continue;
                if (r.is_private && (r.text.find("You sit at table #") != std::string::npos ||
                                     r.text.find("Welcome back to table #") != std::string::npos))
                    p->seated_here = true;
                if (!p->seated_here) continue;
                if (r.is_private)
                    p->mind.heard(r.text);
                else
                    p->mind.heard_in_channel(p->client->nick(), r.text);
            }
            // Not while away: a decision sent into a closed connection would be lost, and the
            // mind would wait for ever for the answer to it.
            if (!p->plays || !p->seated_here || !p->client->connected()) continue;
            const Json game = oracle_ ? oracle_->view().value("game", Json()) : Json();
            if (auto decision = p->mind.decide(game)) p->client->say("niagara", *decision);
        }
    }

    server_test::TempDir dir_;
    server_test::ServerProcess server_;
    irc_test::InspircdServices irc_;
    net::io_context io_;
    bridge_test::BridgeProcess bridge_;
    irc_test::IrcTestClient watcher_;
    std::size_t watcher_read_ = 0;
    std::vector<std::unique_ptr<ServicesPlayer>> players_;
    std::shared_ptr<niagara::client::GameClient> oracle_;
};

// `host` opens a table for three with two random bots and starts it; they are told seat 1.
void services_open_and_start(ServicesGame& game, ServicesPlayer& host) {
    host.client->say(kServicesChannel, "!new players=3");
    if (!game.run([&] { return game.table && host.mind.seat; }, 20s))
        FAIL("no table, or no seat at it:\n" << game.transcript());
    const std::string seated = "You sit at table #" + std::to_string(*game.table) + ", seat 1";
    if (!ServicesGame::told(host, seated))
        FAIL("not told \"" << seated << "\":\n" << game.transcript());
    host.client->say(kServicesChannel, "!addbot random");
    host.client->say(kServicesChannel, "!addbot random");
    host.client->say(kServicesChannel, "!start");
    if (!game.run([&] { return game.channel_says("starts with 3 players"); }, 20s))
        FAIL("the game did not start:\n" << game.transcript());
    // The seat is live: its first prompt came and was answered.
    if (!game.run([&] { return host.mind.decisions > 0; }, 20s))
        FAIL("no prompt for the host:\n" << game.transcript());
}

// `p` quits; the server saw their seat's connection go (the bridge believed the quit).
void services_quit(ServicesGame& game, ServicesPlayer& p) {
    const std::string name = p.client->nick();
    REQUIRE(p.client->quit());
    if (!game.run([&] { return game.channel_says(name + " (seat 1) lost the connection"); }, 20s))
        FAIL("the seat's connection stayed after " << name << " quit:\n" << game.transcript());
}

}  // namespace

TEST_CASE("bridge over IRC with services: a seat follows the services account, not the nick",
          "[bridge][irc][services]") {
    ServicesGame game;
    game.start_bridge();
    auto& alice = game.add("alice");
    REQUIRE(services_register(*alice.client, "alice-password"));
    REQUIRE(alice.client->join(kServicesChannel));
    services_open_and_start(game, alice);
    const std::string table = std::to_string(*game.table);
    services_quit(game, alice);

    // A stranger takes her nick (nothing enforces nicks here) and asks for all a seat gives.
    {
        auto& stranger = game.add("alice", /*plays=*/false);
        REQUIRE(stranger.client->join(kServicesChannel));
        const std::size_t channel_from = game.channel_lines();
        for (const char* line : {"hand", "moves", "play 1", "resume", "resume ABCDEFGHJK"})
            stranger.client->say("niagara", line);
        // Every line gets an answer; then a while for anything the seat's connection would
        // have told her after the server's welcome back.
        const bool answered =
            game.run([&] { return services_private_lines(*stranger.client).size() >= 5; }, 10s);
        game.idle(1500ms);
        if (!answered) FAIL("the stranger's lines were not all answered:\n" << game.transcript());
        for (const auto& line : services_private_lines(*stranger.client)) {
            INFO("the bridge told the stranger: " << line);
            CHECK(line.find("Welcome back") == std::string::npos);
            CHECK(line.find("Your hand:") == std::string::npos);
            CHECK(line.find("You chose") == std::string::npos);
            CHECK(line.find("choose your card") == std::string::npos);
        }
        CHECK_FALSE(game.channel_says_since(channel_from, "(seat 1) is back"));
        REQUIRE(stranger.client->quit());
    }

    // alice, back as alice2, logs into her account: the seat is hers again, without a key.
    game.reconnect(alice, "alice2");
    REQUIRE(services_identify(*alice.client, "alice", "alice-password"));
    REQUIRE(alice.client->join(kServicesChannel));
    if (!game.run([&] { return ServicesGame::told(alice, "Welcome back to table #" + table); },
                  20s))
        FAIL("alice2, logged into alice's account, did not get her seat back:\n"
             << game.transcript());
    alice.client->say("niagara", "hand");
    if (!game.run([&] { return ServicesGame::told(alice, "Your hand:"); }, 10s))
        FAIL("no hand for alice2:\n" << game.transcript());
    const int before = alice.mind.decisions;
    if (!game.run([&] { return alice.mind.decisions > before + 1; }, 30s))
        FAIL("alice2 could not play her seat:\n" << game.transcript());
    game.check_channel_lines();
}

TEST_CASE("bridge over IRC with services: without an account, only the seat key brings it back",
          "[bridge][irc][services]") {
    ServicesGame game;
    game.start_bridge();
    auto& bob = game.add("bob");  // never registered
    REQUIRE(bob.client->join(kServicesChannel));
    services_open_and_start(game, bob);
    const std::string table = std::to_string(*game.table);
    const std::string key = ServicesGame::seat_key(bob);
    if (key.size() != 10) FAIL("no seat key told to bob:\n" << game.transcript());
    services_quit(game, bob);

    // The same nick is no proof once he quit: nothing until he gives the key.
    game.reconnect(bob, "bob");
    REQUIRE(bob.client->join(kServicesChannel));
    bob.client->say("niagara", "hand");
    if (!game.run([&] { return ServicesGame::told(bob, "You are not in a game"); }, 10s))
        FAIL("no answer to bob's hand:\n" << game.transcript());
    game.idle(1500ms);
    for (const auto& line : services_private_lines(*bob.client)) {
        INFO("the bridge told bob before his key: " << line);
        CHECK(line.find("Welcome back") == std::string::npos);
        CHECK(line.find("Your hand:") == std::string::npos);
        CHECK(line.find("choose your card") == std::string::npos);
    }

    bob.client->say("niagara", "resume " + key);
    if (!game.run([&] { return ServicesGame::told(bob, "Welcome back to table #" + table); }, 20s))
        FAIL("bob's key did not bring his seat back:\n" << game.transcript());
    const int before = bob.mind.decisions;
    if (!game.run([&] { return bob.mind.decisions > before + 1; }, 30s))
        FAIL("bob could not play his seat after his key:\n" << game.transcript());
    game.check_channel_lines();
}

// Issue 35: a chat identity linked to a site account plays a rated game from IRC, and the
// rating shows on the account's page (its data: /api/players/NAME).
TEST_CASE("bridge over IRC with services: a chat identity linked to an account plays a rated "
          "game, and the rating shows on the account's page",
          "[bridge][irc][services][ratings]") {
    ServicesGame game;
    game.start_bridge();
    // Jiří registers on the site, in the browser (a connection of his own).
    auto site = game.site_user({"/name Ji\xC5\x99\xC3\xAD", "/register jiri-site-password"});
    if (!game.run([&] { return site.got("account", "is registered"); }, 10s))
        FAIL("no account for Jiri:\n" << game.transcript());

    // On IRC he is jiri, logged into NickServ: !link gives him a code, privately.
    auto& jiri = game.add("jiri");
    REQUIRE(services_register(*jiri.client, "jiri-irc-password"));
    REQUIRE(jiri.client->join(kServicesChannel));
    jiri.client->say(kServicesChannel, "!link");
    std::string code;
    const bool coded = game.run(
        [&] {
            static const std::regex pattern(R"(Your code is ([A-Z2-9]{4}-[A-Z2-9]{4}))");
            for (const auto& line : services_private_lines(*jiri.client)) {
                std::smatch m;
                if (std::regex_search(line, m, pattern)) code = m[1];
            }
            return !code.empty();
        },
        10s);
    if (!coded) FAIL("no code for jiri:\n" << game.transcript());
    CHECK_FALSE(game.channel_says(code));

    // He enters it on the page: the chat identity is Jiri's account's.
    site.client->send("/link " + code);
    if (!game.run([&] { return ServicesGame::told(jiri, "linked to the account Ji\xC5\x99\xC3\xAD"); }, 10s))
        FAIL("jiri was not linked:\n" << game.transcript());

    // A game against two greedy bots, from the channel, to its end.
    jiri.client->say(kServicesChannel, "!new players=3");
    if (!game.run([&] { return game.table && jiri.mind.seat; }, 20s))
        FAIL("no table, or no seat at it:\n" << game.transcript());
    jiri.client->say(kServicesChannel, "!addbot greedy");
    jiri.client->say(kServicesChannel, "!addbot greedy");
    jiri.client->say(kServicesChannel, "!start");
    if (!game.run([&] { return game.channel_says("Game over at table"); }, 180s))
        FAIL("the game did not end:\n" << game.transcript());

    // The account's page shows the rated game (the page draws what /api/players/NAME says).
    Json player;
    const bool rated = game.run(
        [&] {
            const auto [status, body] = game.http_get("/api/players/Ji%C5%99%C3%AD");
            if (status != 200) return false;
            player = Json::parse(body, nullptr, false);
            return player.is_object() && player.contains("ratings") &&
                   player["ratings"].is_array() && !player["ratings"].empty();
        },
        10s);
    INFO(player.dump());
    if (!rated) FAIL("no rating on the page:\n" << game.transcript());
    CHECK(player["name"] == "Ji\xC5\x99\xC3\xAD");
    CHECK(player["ratings"][0]["variant"] == "base");
    CHECK(player["ratings"][0]["games"] == 1);
    CHECK(game.http_get("/players/Ji%C5%99%C3%AD").first == 200);
    game.check_channel_lines();
}
