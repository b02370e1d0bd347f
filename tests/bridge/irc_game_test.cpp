// A whole game played from IRC: the real ngircd, the real game server and the real
// niagara-bridge as child processes, and three IRC test clients in a channel who open a table,
// add a bot, start and play to the end (cards privately, bob's moves in the channel, the
// others' privately); bob changes nick and carol quits and reconnects mid-game, and the bridge
// restarts. Every line every client receives is checked: no secret in the channel, nobody else's
// card in private, every line within IRC's 512 bytes.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <regex>

#include "bridge_process.hpp"
#include "chat_player.hpp"
#include "irc_test_client.hpp"
#include "ngircd_fixture.hpp"
#include "server_fixture.hpp"

namespace {

namespace net = boost::asio;
using Json = nlohmann::json;
using namespace std::chrono_literals;

const std::string kIrcChannel = "#niagara";

struct IrcPlayer {
    IrcPlayer(net::io_context& io, unsigned short port, const std::string& nick, std::uint64_t seed,
              bool moves_in_channel)
        : client(io, port, nick), mind(seed), moves_in_channel(moves_in_channel) {}
    irc_test::IrcTestClient client;
    bridge_test::SeatPlayer mind;
    bool moves_in_channel;
    std::size_t read = 0;
};

class IrcGame {
  public:
    explicit IrcGame(std::vector<std::string> bridge_flags = {}, bool flood_control = false)
        : dir_("niagara-bridge-irc"),
          ngircd_(irc_test::NgircdServer::Options{flood_control, 9}),
          bridge_(dir_.path, [&] {
              std::vector<std::string> args{
                  "--server",       "ws://127.0.0.1:" + std::to_string(server_.port()) + "/ws",
                  "--state_file",   (dir_.path / "state.json").string(),
                  "--irc.host",     "127.0.0.1",
                  "--irc.port",     std::to_string(ngircd_.port()),
                  "--irc.nick",     "niagara",
                  "--irc.channels", kIrcChannel,
                  "--log_level",    "warn"};
              args.insert(args.end(), bridge_flags.begin(), bridge_flags.end());
              return args;
          }()) {}

    IrcPlayer& add(const std::string& nick, bool moves_in_channel = false) {
        players_.push_back(std::make_unique<IrcPlayer>(io_, ngircd_.port(), nick,
                                                       players_.size() * 5 + 1, moves_in_channel));
        IrcPlayer& p = *players_.back();
        REQUIRE(p.client.connect());
        REQUIRE(p.client.join(kIrcChannel));
        return p;
    }
    void start_bridge() {
        bridge_.start();
        REQUIRE(run([&] { return bot_in_channel(); }, 20s));
    }
    bool bot_in_channel() {
        for (const auto& m : players_.front()->client.lines())
            if (m.command == "JOIN" && m.nick == "niagara") return true;
        return false;
    }
    // `host` opens a 3-seat table, `guest` sits, a greedy bot takes the last seat, and the
    // game starts.
    void start_three_player_game(IrcPlayer& host, IrcPlayer& guest) {
        host.client.say(kIrcChannel, "!new players=3 bots=greedy");
        REQUIRE(run([&] { return table.has_value(); }, 20s));
        guest.client.say(kIrcChannel, "!join");
        REQUIRE(run([&] { return host.mind.seat && guest.mind.seat; }, 20s));
        host.client.say(kIrcChannel, "!addbot greedy");
        host.client.say(kIrcChannel, "!start");
        REQUIRE(run([&] { return channel_says("starts with 3 players"); }, 30s));
    }
    void restart_bridge() {
        bridge_.stop();
        const std::size_t joins = count_bot_joins();
        bridge_.start();
        REQUIRE(run([&] { return count_bot_joins() > joins; }, 20s));
    }
    std::size_t count_bot_joins() {
        std::size_t n = 0;
        for (const auto& m : players_.front()->client.lines())
            if (m.command == "JOIN" && m.nick == "niagara") ++n;
        return n;
    }

    // Drives everything until `done`, playing everyone's prompts meanwhile.
    bool run(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
        return irc_test::run_until(
            io_,
            [&] {
                feed();
                return done();
            },
            timeout);
    }
    bool channel_says(const std::string& part) const {
        for (const auto& r : players_.front()->client.received())
            if (!r.is_private && r.from == "niagara" && r.text.find(part) != std::string::npos)
                return true;
        return false;
    }
    bool told(const IrcPlayer& p, const std::string& part) const {
        for (const auto& r : p.client.received())
            if (r.is_private && r.text.find(part) != std::string::npos) return true;
        return false;
    }
    std::vector<std::unique_ptr<IrcPlayer>>& players() { return players_; }
    // Everything everyone received, and the bridge's log: printed when a step fails.
    std::string transcript() const {
        std::string out;
        for (const auto& p : players_)
            for (const auto& r : p->client.received())
                out += p->client.nick() + (r.is_private ? " PM " : " CH ") + r.from + ": " +
                       r.text + "\n";
        return out + "---- bridge log\n" + bridge_.log();
    }
    std::optional<long> table;
    std::string bridge_log() const { return bridge_.log(); }
    net::io_context& io() { return io_; }
    unsigned short irc_port() const { return ngircd_.port(); }
    irc_test::NgircdServer& ngircd() { return ngircd_; }
    // The seat key the bridge told `p` ("Your seat key for table #3 is K7F3QXWB2M.").
    std::string seat_key(const IrcPlayer& p) const {
        static const std::regex key(R"(Your seat key for table #\d+ is ([A-Z2-9]{10})\.)");
        std::string found;
        for (const auto& r : p.client.received()) {
            std::smatch m;
            if (r.is_private && std::regex_search(r.text, m, key)) found = m[1];
        }
        return found;
    }
    // Rounds the channel was shown ("Round 3 · weather ..." starts a picture; a throttled
    // bridge joins waiting lines with " ‖ "), in order, each once.
    std::vector<int> rounds_shown() const {
        static const std::regex round("(^| \u2016 )Round (\\d+) \u00b7");
        std::vector<int> rounds;
        for (const auto& r : players_.front()->client.received()) {
            if (r.is_private || r.from != "niagara") continue;
            for (std::sregex_iterator it(r.text.begin(), r.text.end(), round), end; it != end;
                 ++it) {
                const int n = std::stoi((*it)[2]);
                if (rounds.empty() || rounds.back() != n) rounds.push_back(n);
            }
        }
        return rounds;
    }

  private:
    void feed() {
        static const std::regex opened(R"(opened table #(\d+))");
        for (auto& p : players_) {
            const auto& received = p->client.received();
            for (; p->read < received.size(); ++p->read) {
                const auto& r = received[p->read];
                if (r.from != "niagara") continue;
                std::smatch m;
                if (!r.is_private && !table && std::regex_search(r.text, m, opened)) {
                    table = std::stol(m[1]);
                    watch(*table);
                }
                if (r.is_private)
                    p->mind.heard(r.text);
                else
                    p->mind.heard_in_channel(p->client.nick(), r.text);
            }
            const Json game = oracle_ ? oracle_->view().value("game", Json()) : Json();
            if (auto decision = p->mind.decide(game)) {
                if (p->moves_in_channel && !decision->starts_with("play "))
                    p->client.say(kIrcChannel, "!" + *decision);
                else
                    p->client.say("niagara", *decision);
            }
        }
    }
    void watch(long id) { oracle_ = bridge_test::watch_table(io_, server_.port(), id); }

    server_test::TempDir dir_;
    server_test::ServerProcess server_;
    irc_test::NgircdServer ngircd_;
    net::io_context io_;
    bridge_test::BridgeProcess bridge_;
    std::vector<std::unique_ptr<IrcPlayer>> players_;
    std::shared_ptr<niagara::client::GameClient> oracle_;
};

}  // namespace

TEST_CASE(
    "bridge over IRC: three people in a channel play a whole game with a bot, through a "
    "nick change, a reconnect and a bridge restart",
    "[bridge][irc][game]") {
    // The bridge's pace is raised for the game (ngircd's flood control is off here); the flood
    // test below runs the defaults against ngircd's own limits.
    IrcGame game(
        {"--irc.rate", "25", "--irc.burst", "25", "--user_rate", "20", "--user_burst", "40"});
    auto& alice = game.add("alice");
    auto& bob = game.add("bob", /*moves_in_channel=*/true);
    auto& carol = game.add("carol");
    game.start_bridge();

    alice.client.say(kIrcChannel, "!new players=4 bots=greedy");
    REQUIRE(game.run([&] { return game.table.has_value(); }, 20s));
    bob.client.say(kIrcChannel, "!join");
    carol.client.say(kIrcChannel, "niagara: join");
    REQUIRE(game.run([&] { return alice.mind.seat && bob.mind.seat && carol.mind.seat; }, 20s));
    carol.client.say(kIrcChannel, "!play 4");
    REQUIRE(game.run([&] { return game.channel_says("cards are secret"); }, 10s));
    alice.client.say(kIrcChannel, "!addbot greedy");
    alice.client.say(kIrcChannel, "!start");
    REQUIRE(game.run([&] { return game.channel_says("starts with 4 players"); }, 20s));
    REQUIRE(game.run([&] { return game.channel_says("Round 2"); }, 60s));

    REQUIRE(bob.client.rename("bobby"));
    const int bob_before = bob.mind.decisions;
    if (!game.run([&] { return bob.mind.decisions > bob_before + 1; }, 60s))
        FAIL("bob stopped after his nick change:\n" << game.transcript());

    // carol quits; mallory takes her nick and gets nothing; carol, back, gives her seat key.
    const std::string key = game.seat_key(carol);
    REQUIRE(key.size() == 10);
    REQUIRE(carol.client.quit());
    REQUIRE(game.run([&] { return game.channel_says("carol (seat "); }, 20s));
    {
        irc_test::IrcTestClient mallory(game.io(), game.irc_port(), "carol");
        REQUIRE(mallory.connect());
        REQUIRE(mallory.join(kIrcChannel));
        mallory.say("niagara", "hand");
        mallory.say("niagara", "play 1");
        game.run([] { return false; }, 2s);
        for (const auto& r : mallory.received())
            if (r.is_private) {
                INFO(r.text);
                CHECK(r.text.find("Welcome back") == std::string::npos);
                CHECK(r.text.find("Your hand:") == std::string::npos);
            }
        REQUIRE(mallory.quit());
    }
    REQUIRE(carol.client.connect());
    REQUIRE(carol.client.join(kIrcChannel));
    carol.client.say("niagara", "resume " + key);
    REQUIRE(game.run([&] { return game.told(carol, "Welcome back to table"); }, 20s));

    game.restart_bridge();
    const int alice_before = alice.mind.decisions;
    REQUIRE(game.run([&] { return alice.mind.decisions > alice_before + 1; }, 60s));

    alice.client.say(kIrcChannel, "!board");
    REQUIRE(game.run([&] { return game.channel_says("land:"); }, 20s));
    const bool over = game.run([&] { return game.channel_says("Game over at table"); }, 300s);
    if (!over) FAIL("no end of game:\n" << game.transcript());
    // The channel is free for the next game at once.
    alice.client.say(kIrcChannel, "!new players=3");
    const std::string next = "opened table #" + std::to_string(*game.table + 1);
    if (!game.run([&] { return game.channel_says(next); }, 20s))
        FAIL("the channel stayed stuck after the game:\n" << game.transcript());
    CHECK(alice.mind.decisions > 10);
    CHECK(bob.mind.decisions > 10);
    CHECK(carol.mind.decisions > 10);

    // Every line everyone received.
    for (const auto& p : game.players()) {
        for (const auto& r : p->client.received()) {
            CHECK(r.wire_bytes <= 512);
            if (!r.is_private) {
                INFO(r.text);
                CHECK(bridge_test::secrets_in_public_line(r.text).empty());
            }
        }
    }
}

TEST_CASE(
    "bridge over IRC: 200 commands in a burst from one user neither get the bot killed by "
    "ngircd's flood control nor hold up the players",
    "[bridge][irc][flood]") {
    // The bridge's defaults (2 lines a second after 5, 2 commands a second per user) against
    // ngircd's flood control as shipped.
    IrcGame game({}, /*flood_control=*/true);
    auto& alice = game.add("alice");
    auto& bob = game.add("bob");
    auto& mallory = game.add("mallory");
    game.start_bridge();
    game.start_three_player_game(alice, bob);

    // Two private lines once stopped the whole bridge (a null prompt read as an object).
    mallory.client.say("niagara", "tables");
    mallory.client.say("niagara", "moves");
    // Every !board asked for four lines to the channel: 800 lines at 2 a second, which once
    // pushed the game's own news out of the channel's queue. Now one picture a cooldown.
    for (int i = 0; i < 200; ++i)
        mallory.client.say(kIrcChannel, i % 2 ? "!board" : "!help");
    std::vector<double> waits;
    for (int probe = 0; probe < 5; ++probe) {
        game.run([] { return false; }, 3s);  // the game goes on meanwhile
        const std::size_t before = alice.client.received().size();
        const auto asked = std::chrono::steady_clock::now();
        alice.client.say("niagara", "hand");
        const bool answered = game.run(
            [&] {
                const auto& received = alice.client.received();
                for (std::size_t i = before; i < received.size(); ++i)
                    if (received[i].is_private &&
                        received[i].text.find("Your hand") != std::string::npos)
                        return true;
                return false;
            },
            10s);
        REQUIRE(answered);
        waits.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count());
    }
    INFO("seconds from asking to the answer: " << waits[0] << " " << waits[1] << " " << waits[2]
                                               << " " << waits[3] << " " << waits[4]);
    for (double wait : waits)
        CHECK(wait < 4.0);
    // The bot was never disconnected: it joined once and never quit.
    CHECK(game.count_bot_joins() == 1);
    for (const auto& m : alice.client.lines())
        CHECK_FALSE((m.command == "QUIT" && m.nick == "niagara"));
    // And the game went on: both players decided since the flood began.
    CHECK(alice.mind.decisions + bob.mind.decisions >= 4);
    // The channel missed no round of the game's news.
    game.run([&] { return game.rounds_shown().size() >= 3; }, 90s);
    const std::vector<int> rounds = game.rounds_shown();
    INFO(game.transcript());
    REQUIRE(rounds.size() >= 3);
    for (std::size_t i = 1; i < rounds.size(); ++i)
        CHECK(rounds[i] == rounds[i - 1] + 1);
}

TEST_CASE("bridge over IRC: a game survives the IRC server's restart without a stall",
          "[bridge][irc][game]") {
    IrcGame game(
        {"--irc.rate", "25", "--irc.burst", "25", "--user_rate", "20", "--user_burst", "40"});
    auto& alice = game.add("alice");
    auto& bob = game.add("bob");
    game.start_bridge();
    game.start_three_player_game(alice, bob);
    REQUIRE(game.run([&] { return game.channel_says("Round 2"); }, 60s));

    // The IRC server restarts: everyone is cut off, reconnects and joins again.
    game.ngircd().stop();
    game.run([] { return false; }, 1s);
    game.ngircd().start();
    for (auto* p : {&alice, &bob}) {
        REQUIRE(p->client.connect());
        REQUIRE(p->client.join(kIrcChannel));
    }
    // The bridge is back (its back-off starts at 1 s) and the game goes on to its end, with
    // nobody's decision lost in the outage: the pending prompts are asked again.
    const int before = alice.mind.decisions + bob.mind.decisions;
    if (!game.run([&] { return alice.mind.decisions + bob.mind.decisions > before + 2; }, 60s))
        FAIL("stalled after the IRC server's restart:\n" << game.transcript());
    if (!game.run([&] { return game.channel_says("Game over at table"); }, 300s))
        FAIL("no end of game:\n" << game.transcript());
}

// !tables said in the channel, with the channel's table open: the list comes there. (The
// answer, which comes later, once wrote to the channel named by a reference to the IRC event's
// string, freed by then: std::bad_alloc, and the channel heard nothing. The in-process tests'
// strings lived on, so only a real network showed it.)
TEST_CASE("bridge over IRC: !tables in the channel lists the open tables", "[bridge][irc][tables]") {
    IrcGame game;
    IrcPlayer& host = game.add("tester");
    game.start_bridge();
    host.client.say(kIrcChannel, "!new players=3");
    REQUIRE(game.run([&] { return game.table.has_value(); }, 20s));
    host.client.say(kIrcChannel, "!tables");
    const bool listed = game.run([&] { return game.channel_says("Tables: #"); }, 10s);
    INFO(game.transcript());
    CHECK(listed);
}
