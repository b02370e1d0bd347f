// A whole game played from XMPP: the real prosody, the real game server and the real
// niagara-bridge as child processes, and three XMPP users in a MUC room who open a table, add a
// bot, start and play to the end (cards by direct chat, bob's moves in the room); bob changes
// his room nick and carol disconnects and comes back mid-game. Every line every client
// receives is checked for secrets.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <map>
#include <regex>
#include <thread>

#include "bridge_process.hpp"
#include "chat_player.hpp"
#include "prosody_fixture.hpp"
#include "server_fixture.hpp"
#include "xmpp_test_client.hpp"

namespace {

namespace net = boost::asio;
using Json = nlohmann::json;
using namespace std::chrono_literals;

struct XmppPlayer {
    XmppPlayer(const std::string& jid, unsigned short port, std::string nick, std::uint64_t seed,
               bool moves_in_room)
        : client(jid, "secret", port),
          nick(std::move(nick)),
          mind(seed),
          moves_in_room(moves_in_room) {}
    xmpp_test::XmppTestClient client;
    std::string nick;
    bridge_test::SeatPlayer mind;
    bool moves_in_room;
    std::size_t read = 0;
};

class XmppGame {
  public:
    XmppGame()
        : dir_("niagara-bridge-xmpp"),
          prosody_(
              {{"niagara", "secret"}, {"alice", "secret"}, {"bob", "secret"}, {"carol", "secret"}}),
          room_(std::string("niagara@") + xmpp_test::ProsodyServer::rooms),
          bot_jid_(prosody_.jid("niagara")),
          bridge_(dir_.path, {"--server",
                              "ws://127.0.0.1:" + std::to_string(server_.port()) + "/ws",
                              "--state_file",
                              (dir_.path / "state.json").string(),
                              "--xmpp.jid",
                              bot_jid_,
                              "--xmpp.password",
                              "secret",
                              "--xmpp.host",
                              "127.0.0.1",
                              "--xmpp.port",
                              std::to_string(prosody_.port()),
                              "--xmpp.tls_required",
                              "false",
                              "--xmpp.rooms",
                              room_,
                              "--xmpp.room_nick",
                              "niagara",
                              "--xmpp.rate",
                              "50",
                              "--xmpp.burst",
                              "50",
                              "--user_rate",
                              "20",
                              "--user_burst",
                              "40",
                              "--log_level",
                              "warn"}) {}

    XmppPlayer& add(const std::string& user, bool moves_in_room = false) {
        players_.push_back(std::make_unique<XmppPlayer>(prosody_.jid(user), prosody_.port(), user,
                                                        players_.size() * 5 + 2, moves_in_room));
        XmppPlayer& p = *players_.back();
        REQUIRE(p.client.connect());
        REQUIRE(p.client.join(room_, user));
        return p;
    }
    void start_bridge() {
        bridge_.start();
        REQUIRE(players_.front()->client.wait_occupant(room_, "niagara", 20s));
    }
    bool run(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            // Before the oracle connects the io_context has nothing to do: no spinning.
            if (io_.run_for(5ms) == 0) std::this_thread::sleep_for(5ms);
            if (io_.stopped()) io_.restart();
            feed();
            if (done()) return true;
        }
        return false;
    }
    bool room_says(const std::string& part) {
        // Reads only what came since the last look (a copy of everything, every 5 ms, was
        // most of the test's time).
        const auto fresh = players_.front()->client.received_from(room_read_);
        room_read_ += fresh.size();
        for (const auto& r : fresh)
            if (!r.is_private && r.from == "niagara") room_lines_.push_back(r.text);
        // Each question scans each line once.
        auto& scanned = scanned_[part];
        for (; scanned < room_lines_.size(); ++scanned)
            if (room_lines_[scanned].find(part) != std::string::npos) return true;
        return false;
    }
    bool told(const XmppPlayer& p, const std::string& part) const {
        for (const auto& r : p.client.received())
            if (r.is_private && r.text.find(part) != std::string::npos) return true;
        return false;
    }
    const std::string& room() const { return room_; }
    std::vector<std::unique_ptr<XmppPlayer>>& players() { return players_; }
    std::string bridge_log() const { return bridge_.log(); }
    // Everything everyone received, and the bridge's log: printed when a step fails.
    std::string transcript() const {
        std::string out;
        for (const auto& p : players_)
            for (const auto& r : p->client.received())
                out += p->nick + (r.is_private ? " PM " : " ROOM ") + r.from + ": " + r.text + "\n";
        return out + "---- bridge log\n" + bridge_.log();
    }
    std::optional<long> table;

  private:
    std::size_t room_read_ = 0;
    std::vector<std::string> room_lines_;
    std::map<std::string, std::size_t> scanned_;
    void feed() {
        static const std::regex opened(R"(opened table #(\d+))");
        for (auto& p : players_) {
            for (const auto& r : p->client.received_from(p->read)) {
                ++p->read;
                if (r.is_private && r.from != bot_jid_) continue;
                if (!r.is_private && r.from != "niagara") continue;
                std::smatch m;
                if (!r.is_private && !table && std::regex_search(r.text, m, opened)) {
                    table = std::stol(m[1]);
                    watch(*table);
                }
                if (r.is_private)
                    p->mind.heard(r.text);
                else
                    p->mind.heard_in_channel(p->nick, r.text);
            }
            const Json game = oracle_ ? oracle_->view().value("game", Json()) : Json();
            if (auto decision = p->mind.decide(game)) {
                if (p->moves_in_room && !decision->starts_with("play "))
                    p->client.say(room_, "!" + *decision);
                else
                    p->client.tell(bot_jid_, *decision);
            }
        }
    }
    void watch(long id) { oracle_ = bridge_test::watch_table(io_, server_.port(), id); }

    server_test::TempDir dir_;
    server_test::ServerProcess server_;
    xmpp_test::ProsodyServer prosody_;
    std::string room_;
    std::string bot_jid_;
    net::io_context io_;
    bridge_test::BridgeProcess bridge_;
    std::vector<std::unique_ptr<XmppPlayer>> players_;
    std::shared_ptr<niagara::client::GameClient> oracle_;
};

}  // namespace

TEST_CASE(
    "bridge over XMPP: three people in a MUC room play a whole game with a bot, through a "
    "room nick change and a reconnect",
    "[bridge][xmpp][game]") {
    XmppGame game;
    auto& alice = game.add("alice");
    auto& bob = game.add("bob", /*moves_in_room=*/true);
    auto& carol = game.add("carol");
    game.start_bridge();

    alice.client.say(game.room(), "!new players=4 bots=greedy");
    REQUIRE(game.run([&] { return game.table.has_value(); }, 20s));
    bob.client.say(game.room(), "!join");
    carol.client.say(game.room(), "niagara: join");
    REQUIRE(game.run([&] { return alice.mind.seat && bob.mind.seat && carol.mind.seat; }, 20s));
    carol.client.say(game.room(), "!play 4");
    REQUIRE(game.run([&] { return game.room_says("cards are secret"); }, 10s));
    alice.client.say(game.room(), "!addbot greedy");
    alice.client.say(game.room(), "!start");
    REQUIRE(game.run([&] { return game.room_says("starts with 4 players"); }, 20s));
    REQUIRE(game.run([&] { return game.room_says("Round 2"); }, 60s));

    REQUIRE(bob.client.change_nick(game.room(), "bobby"));
    bob.nick = "bobby";
    const int bob_before = bob.mind.decisions;
    REQUIRE(game.run([&] { return bob.mind.decisions > bob_before + 1; }, 60s));

    REQUIRE(carol.client.disconnect());
    if (!game.run([&] { return game.room_says("carol (seat "); }, 20s))
        FAIL("carol's leaving was not seen:\n" << game.transcript());
    REQUIRE(carol.client.connect());
    REQUIRE(carol.client.join(game.room(), "carol"));
    REQUIRE(game.run([&] { return game.told(carol, "Welcome back to table"); }, 20s));

    const bool over = game.run([&] { return game.room_says("Game over at table"); }, 300s);
    if (!over) FAIL("no end of game:\n" << game.transcript());
    // The room is free for the next game at once.
    alice.client.say(game.room(), "!new players=3");
    const std::string next = "opened table #" + std::to_string(*game.table + 1);
    if (!game.run([&] { return game.room_says(next); }, 20s))
        FAIL("the room stayed stuck after the game:\n" << game.transcript());
    CHECK(alice.mind.decisions > 10);
    CHECK(bob.mind.decisions > 10);
    CHECK(carol.mind.decisions > 10);
    for (const auto& p : game.players())
        for (const auto& r : p->client.received()) {
            if (!r.is_private) {
                INFO(r.text);
                CHECK(bridge_test::secrets_in_public_line(r.text).empty());
            }
        }
}
