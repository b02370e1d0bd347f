// The server's core in-process (niagara::server_core, server/CMakeLists.txt): a Lobby with its
// tables, store and bots, driven by connections of the test's own. No socket and no server
// process: what a command does is seen frame by frame, in the order the lobby sent them. The
// process-level tests (lobby_test.cpp, game_test.cpp, ...) still cover the sockets.
#include <catch2/catch.hpp>
#include <stdlib.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>
#include <memory>
#include <map>
#include <mutex>
#include <stdexcept>
#include <nlohmann/json.hpp>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <string>
#include <vector>

#include "config.hpp"
#include "connection.hpp"
#include "lobby.hpp"
#include "metrics.hpp"
#include "store.hpp"

namespace {

using Json = nlohmann::json;
namespace server = niagara::server;

// A connection that keeps every frame it is sent, parsed.
class RecordingConnection final : public server::Connection {
  public:
    using Connection::Connection;
    void deliver(std::shared_ptr<const std::string> frame) override {
        std::lock_guard lock(mutex_);
        received_.push_back(Json::parse(*frame));
    }
    void close() override {}

    std::vector<Json> received() const {
        std::lock_guard lock(mutex_);
        return received_;
    }
    // The messages of `type` received since the last call with `type` (each read once).
    std::vector<Json> take(const std::string& type) {
        std::lock_guard lock(mutex_);
        std::vector<Json> out;
        for (std::size_t& i = read_[type]; i < received_.size(); ++i)
            if (received_[i].value("type", "") == type) out.push_back(received_[i]);
        return out;
    }
    // The decisions asked of this connection since the last call: a "prompt" message, or one
    // riding on a snapshot or a patch.
    std::vector<Json> take_prompts() {
        std::lock_guard lock(mutex_);
        std::vector<Json> out;
        for (; prompts_read_ < received_.size(); ++prompts_read_) {
            const Json& m = received_[prompts_read_];
            if (m.value("type", "") == "prompt") out.push_back(m);
            else if (m.contains("prompt")) out.push_back(m["prompt"]);
        }
        return out;
    }
    Json last(const std::string& type) {
        auto all = take(type);
        INFO("no " << type << " message among " << received().size());
        REQUIRE_FALSE(all.empty());
        return all.back();
    }

  private:
    mutable std::mutex mutex_;
    std::vector<Json> received_;
    std::map<std::string, std::size_t> read_;
    std::size_t prompts_read_ = 0;
};

std::filesystem::path new_folder() {
    std::string pattern = std::filesystem::temp_directory_path() / "niagara-core-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    return pattern;
}

// A lobby on a fresh database in a folder of its own, its tables on one thread (the test's).
// `tweak` changes the server's settings for one test.
struct Core {
    explicit Core(const std::function<void(server::Config&)>& tweak = {})
        : config([&] {
              server::Config c;
              c.threads = 1;
              c.bot_delay_ms = 0;
              c.grace_seconds = 1;
              c.password_hash_ops = 1;       // Argon2id's least work (libsodium's minimum): the
              c.password_hash_bytes = 8192;  // tests check what accounts do, not the hash's cost
              if (tweak) tweak(c);
              return c;
          }()) {}
    std::filesystem::path folder = new_folder();
    server::Config config;
    // Quiet: the lobby's log lines are the process tests' business.
    bool quiet = [] {
        spdlog::set_level(spdlog::level::warn);
        return true;
    }();
    server::Store store{(folder / "niagara.sqlite3").string()};
    server::Metrics metrics;
    boost::asio::io_context io{1};
    server::Lobby lobby{io, config, store, metrics};
    long next_id = 1;

    ~Core() {
        lobby.close_all();
        settle();
        std::error_code ignored;
        std::filesystem::remove_all(folder, ignored);
    }

    std::shared_ptr<RecordingConnection> connect() {
        auto c = std::make_shared<RecordingConnection>(next_id++, "127.0.0.1");
        REQUIRE_FALSE(lobby.admit(c->address()));
        lobby.connected(c);
        return c;
    }
    // Sends `frame` from `c` and runs what it set off (the table's work, the commit, bots).
    void send(const std::shared_ptr<RecordingConnection>& c, std::string_view frame) {
        lobby.received(c, frame);
        settle();
    }
    void settle() {
        io.restart();
        io.run_for(std::chrono::milliseconds(30));
    }
    // The next message of `type` to `c`, waiting for the accounts' thread (a password check).
    Json await(const std::shared_ptr<RecordingConnection>& c, const std::string& type) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        for (;;) {
            auto got = c->take(type);
            if (!got.empty()) return got.front();
            INFO("waiting for " << type);
            REQUIRE(std::chrono::steady_clock::now() < deadline);
            settle();
        }
    }
};

}  // namespace

TEST_CASE("Lobby in-process: a name is one connection's; table commands need a table",
          "[core]") {
    Core core;
    auto alice = core.connect();
    auto bob = core.connect();
    CHECK(alice->last("welcome")["name"] == "guest-1");

    core.send(alice, "/name alice");
    CHECK(alice->last("name")["name"] == "alice");
    core.send(bob, "/name ALICE");  // names are compared without case
    CHECK(bob->last("error")["code"] == "name_taken");
    CHECK(bob->take("name").empty());

    for (const char* frame : {"/leave", "/start", "/sync", "/concede", "/addbot", "/play 4"}) {
        core.send(bob, frame);
        INFO(frame);
        CHECK(bob->last("error")["code"] == "no_table");
    }
    // Once alice is gone her name is free again.
    core.lobby.disconnected(alice);
    core.send(bob, "/name alice");
    CHECK(bob->last("name")["name"] == "alice");
}

TEST_CASE("Lobby in-process: names in every script, and none that passes for another",
          "[core][names]") {
    Core core;
    auto ape = core.connect();
    auto mallory = core.connect();
    auto jiri = core.connect();

    core.send(ape, "/name ape");
    CHECK(ape->last("name")["name"] == "ape");
    // The same letters in Cyrillic ("аре"), in capitals, and a Latin name with one Cyrillic
    // letter: refused, to the sender only, and ape keeps the name.
    const auto ape_before = ape->received().size();
    core.send(mallory, "/name \xD0\xB0\xD1\x80\xD0\xB5");
    auto refusal = mallory->last("error");
    CHECK(refusal["code"] == "name_taken");
    CHECK(refusal["text"].get<std::string>().find("ape") != std::string::npos);
    core.send(mallory, "/name APE");
    CHECK(mallory->last("error")["code"] == "name_taken");
    core.send(mallory, "/name \xD0\xB0pe");  // Cyrillic а, Latin pe
    CHECK(mallory->last("error")["text"].get<std::string>().find("scripts") != std::string::npos);
    core.send(mallory, "/name s\xD0\xB5rv\xD0\xB5r");
    CHECK(mallory->last("error")["code"] == "bad_command");
    core.send(mallory, "/name ADMlN");  // l for I: passes for the staff
    CHECK(mallory->last("error")["text"].get<std::string>().find("reserved") != std::string::npos);
    CHECK(mallory->take("name").empty());
    CHECK(ape->received().size() == ape_before);

    // Jiří, written decomposed, is kept composed; "Jiri" is another name (the accents show),
    // "JIŘÍ" the same one.
    core.send(jiri, "/name Jir\xCC\x8Ci\xCC\x81");
    const Json named = jiri->last("name");
    CHECK(named["name"] == "Ji\xC5\x99\xC3\xAD");
    CHECK(named["text"] == "You are now Ji\xC5\x99\xC3\xAD.");
    core.send(mallory, "/name JI\xC5\x98\xC3\x8D");
    CHECK(mallory->last("error")["code"] == "name_taken");
    core.send(mallory, "/name Jiri");
    CHECK(mallory->last("name")["name"] == "Jiri");

    // At a table, a seat keeps its name when its player's connection is gone: nobody sits down
    // there under a name that reads the same.
    core.send(ape, "/new players=3");
    const long table = ape->last("table_created")["table"];
    core.lobby.disconnected(ape);
    auto eve = core.connect();
    core.send(eve, "/name \xD0\xB0\xD1\x80\xD0\xB5");  // free in the lobby now
    CHECK(eve->last("name")["name"] == "\xD0\xB0\xD1\x80\xD0\xB5");
    core.send(eve, "/join " + std::to_string(table));
    CHECK(eve->last("error")["code"] == "name_taken");
    CHECK(eve->take("seated").empty());
}

TEST_CASE("Lobby in-process: /new seats its creator, /join and /watch find the table, and a "
          "decision before the start is refused to its sender only",
          "[core]") {
    Core core;
    auto alice = core.connect();
    auto bob = core.connect();
    auto carol = core.connect();

    core.send(alice, R"({"type": "new", "options": {"players": 3}})");
    const long table = alice->last("table_created")["table"];
    CHECK(alice->last("seated")["seat"] == 0);

    core.send(bob, "/join " + std::to_string(table) + " 3");
    CHECK(bob->last("seated")["seat"] == 2);
    core.send(carol, "/watch " + std::to_string(table));
    CHECK(carol->last("watching")["table"] == table);
    core.send(carol, "/watch 999");
    CHECK(carol->last("error")["code"] == "no_such_table");

    const auto before = carol->received().size();
    core.send(alice, "/play 4");
    CHECK(alice->last("error")["code"] == "bad_command");
    CHECK(carol->received().size() == before);  // nobody else is told
}

TEST_CASE("Lobby in-process: a game with two bots is played to its end, each prompt to its "
          "own seat",
          "[core]") {
    Core core;
    auto alice = core.connect();
    auto dave = core.connect();  // a spectator
    core.send(alice, "/new players=3 seed=7");
    const long table = alice->last("table_created")["table"];
    core.send(dave, "/watch " + std::to_string(table));
    core.send(alice, "/addbot greedy");
    core.send(alice, "/addbot");
    core.send(alice, "/start");
    CHECK(alice->last("started")["players"] == 3);

    int answered = 0;
    // The bots think on their pool's thread: the game may wait for them a while.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (alice->take("ended").empty()) {
        INFO("after " << answered << " decisions");
        REQUIRE(std::chrono::steady_clock::now() < deadline);
        const auto prompts = alice->take_prompts();
        if (prompts.empty()) {
            core.settle();
            continue;
        }
        const Json& prompt = prompts.back();
        CHECK(prompt["seat"] == 0);
        core.send(alice, "/" + prompt["legal"][0].get<std::string>());
        ++answered;
    }
    CHECK(answered > 5);
    CHECK(dave->take_prompts().empty());  // a spectator is never asked
    CHECK_FALSE(dave->take("ended").empty());
    CHECK(alice->take("error").empty());
}

namespace {

// `player` opens a 3-player table with deal `seed`, two bots (the table's level) fill it and the
// game starts: the player's first prompt.
Json start_against_two_bots(Core& core, const std::shared_ptr<RecordingConnection>& player,
                            long seed) {
    core.send(player, "/new players=3 seed=" + std::to_string(seed));
    core.send(player, "/addbot");
    core.send(player, "/addbot");
    core.send(player, "/start");
    const auto prompts = player->take_prompts();
    REQUIRE(prompts.size() == 1);
    return prompts[0];
}

}  // namespace

TEST_CASE("Lobby in-process: one hint at a time per seat, and none out of turn", "[core][hint]") {
    // Random bots, paced at 2 s: alice, her card chosen, has nothing to decide until they have
    // chosen theirs (R3.1).
    Core core([](server::Config& c) {
        c.bot_level = niagara::BotLevel::Random;
        c.bot_delay_ms = 2000;
    });
    auto alice = core.connect();
    const Json first = start_against_two_bots(core, alice, 10);
    // Two at once (the table takes both before the pool can answer the first): the second is
    // refused, to alice only, while the first is thought.
    core.lobby.received(alice, "/hint");
    core.lobby.received(alice, "{\"type\": \"hint\"}");
    core.settle();
    const Json busy = alice->last("error");
    CHECK(busy["key"] == "server.hint.busy");
    const Json hint = core.await(alice, "hint");
    CHECK(hint["seat"] == 0);
    const Json& legal = first["legal"];
    CHECK(std::find(legal.begin(), legal.end(), hint["move"]) != legal.end());
    CHECK(alice->take("hint").empty());  // one hint for two asks
    CHECK(core.metrics.hints_asked.load() == 1);

    // Her card chosen, she has nothing to decide: refused.
    core.send(alice, "/" + legal[0].get<std::string>());
    core.send(alice, "/hint");
    CHECK(alice->last("error")["key"] == "server.hint.not_your_turn");
    CHECK(core.metrics.hints_asked.load() == 1);
}

TEST_CASE("Lobby in-process: a hint whose decision was taken while the bot thought is dropped",
          "[core][hint]") {
    Core core([](server::Config& c) { c.bot_level = niagara::BotLevel::Random; });
    auto alice = core.connect();
    const Json first = start_against_two_bots(core, alice, 11);
    // The card right behind the /hint: the table has moved on when the bot answers.
    core.lobby.received(alice, "/hint");
    core.lobby.received(alice, "/" + first["legal"][0].get<std::string>());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (core.metrics.hints_dropped.load() == 0) {
        REQUIRE(std::chrono::steady_clock::now() < deadline);
        core.settle();
    }
    CHECK(alice->take("hint").empty());
    CHECK(core.metrics.hints_given.load() == 0);
    CHECK(alice->take("error").empty());
}

TEST_CASE("Lobby in-process: /who tells its sender who sits where, a bot, a free seat, who is "
          "away and who watches",
          "[core]") {
    Core core;
    auto alice = core.connect();
    auto bob = core.connect();
    auto carol = core.connect();
    core.send(alice, "/name alice");
    core.send(bob, "/name bob");
    core.send(carol, "/name carol");

    core.send(alice, "/who");  // in the lobby: no table to ask about
    CHECK(alice->last("error")["code"] == "no_table");

    core.send(alice, "/new players=4");
    const std::string table = std::to_string(alice->last("table_created")["table"].get<long>());
    core.send(alice, "/addbot greedy");
    core.send(bob, "/join " + table + " 4");
    core.send(carol, "/watch " + table);
    core.lobby.disconnected(bob);  // bob's connection is gone: his seat waits for him
    core.settle();

    const auto before = carol->received().size();
    core.send(alice, "/who");
    const Json who = alice->last("who");
    REQUIRE(who["seats"].size() == 4);
    CHECK(who["seats"][0]["name"] == "alice");
    CHECK(who["seats"][1]["bot"] == true);
    CHECK(who["seats"][2]["name"].is_null());
    CHECK(who["seats"][3]["name"] == "bob");
    CHECK(who["seats"][3]["away"] == true);
    CHECK(who["watchers"] == Json::array({"carol"}));
    CHECK(who["key"] == "protocol.who");
    CHECK(who["text"].get<std::string>().find("alice (seat 1)") != std::string::npos);
    CHECK(who["text"].get<std::string>().find("Seat 3 free") != std::string::npos);
    CHECK(who["text"].get<std::string>().find("bob (seat 4, away)") != std::string::npos);
    CHECK(who["text"].get<std::string>().find("Watching: carol") != std::string::npos);
    CHECK(carol->received().size() == before);  // the answer is the asker's alone
}

TEST_CASE("Lobby in-process: a registered name is its account's alone, whoever types it",
          "[core][accounts]") {
    Core core;
    auto alice = core.connect();
    auto mallory = core.connect();

    core.send(alice, "/register correct horse");  // a guest's name is nobody's to keep
    CHECK(alice->last("error")["code"] == "bad_command");
    core.send(alice, "/name alice");
    core.send(alice, "/register correct horse battery");
    const Json registered = core.await(alice, "account");
    CHECK(registered["event"] == "registered");
    CHECK(registered["name"] == "alice");
    core.send(alice, "/register again please");
    CHECK(alice->last("error")["text"].get<std::string>().find("logged in") != std::string::npos);
    core.send(alice, "/name alicia");  // logged in: the account's name stays
    CHECK(alice->last("error")["code"] == "name_taken");

    // Gone from the lobby, the name is still hers: not in another letter case, nor in letters
    // that read the same (1 for l); an accent makes another name.
    core.lobby.disconnected(alice);
    for (const char* name : {"alice", "ALICE", "Alice", "a1ice"}) {
        core.send(mallory, std::string("/name ") + name);
        INFO(name);
        const Json refusal = mallory->last("error");
        CHECK(refusal["code"] == "name_taken");
        CHECK(refusal["text"] == "alice is a registered name; /login alice PASSWORD if it is yours");
    }
    core.send(mallory, "/name al\xC3\xAD" "ce");  // alíce
    CHECK(mallory->last("name")["name"] == "al\xC3\xAD" "ce");
    core.send(mallory, "/register other password");
    CHECK(core.await(mallory, "account")["event"] == "registered");

    // The password opens it from any connection, and only the password.
    auto bob = core.connect();
    core.send(bob, "/login alice wrong password");
    CHECK(core.await(bob, "error")["code"] == "login_failed");
    core.send(bob, "/login nobody-here any password");  // the same answer for no such account
    const Json unknown = core.await(bob, "error");
    CHECK(unknown["code"] == "login_failed");
    CHECK(unknown["text"] == "wrong name or password");
    core.send(bob, "/login ALICE correct horse battery");
    const Json in = core.await(bob, "account");
    CHECK(in["event"] == "logged_in");
    CHECK(in["name"] == "alice");  // as registered
    core.send(bob, "/who");
    // Logging in from a second connection takes the name from the first (which is told).
    auto phone = core.connect();
    core.send(phone, R"({"type": "login", "name": "alice", "password": "correct horse battery"})");
    CHECK(core.await(phone, "account")["event"] == "logged_in");
    const Json elsewhere = core.await(bob, "account");
    CHECK(elsewhere["event"] == "elsewhere");
    CHECK(elsewhere["name"] == "guest-" + std::to_string(bob->id()));
    core.send(phone, "/logout");
    CHECK(phone->last("account")["event"] == "logged_out");
    core.send(phone, "/name alice");
    CHECK(phone->last("error")["code"] == "name_taken");

    const std::string metrics = core.lobby.metrics_text();
    CHECK(metrics.find("niagara_logins_total{result=\"ok\"} 2") != std::string::npos);
    CHECK(metrics.find("niagara_logins_total{result=\"failed\"} 2") != std::string::npos);
    CHECK(metrics.find("niagara_registrations_total 2") != std::string::npos);
}

TEST_CASE("Lobby in-process: guessing a password is slowed and counted; the password is never "
          "kept in clear",
          "[core][accounts]") {
    Core core;
    // Every log line of the test, at every level: the password must be in none.
    auto lines = std::make_shared<std::ostringstream>();
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(*lines);
    spdlog::default_logger()->sinks().push_back(sink);
    spdlog::set_level(spdlog::level::trace);
    const std::string secret = "s3cret-Horse-Battery";

    auto owner = core.connect();
    core.send(owner, "/name Ji\xC5\x99\xC3\xAD");  // Jiří
    core.send(owner, "/register " + secret);
    CHECK(core.await(owner, "account")["event"] == "registered");

    // Five wrong guesses against the account; the sixth is refused unchecked, even with the
    // right password, from any address.
    auto mallory = core.connect();
    for (int i = 0; i < 5; ++i) {
        core.send(mallory, "/login jiří guess number " + std::to_string(i));
        CHECK(core.await(mallory, "error")["code"] == "login_failed");
    }
    core.send(mallory, "/login Ji\xC5\x99\xC3\xAD " + secret);
    CHECK(core.await(mallory, "error")["code"] == "rate_limited");
    auto elsewhere = std::make_shared<RecordingConnection>(99, "192.0.2.7");
    core.lobby.connected(elsewhere);
    core.send(elsewhere, "/login Ji\xC5\x99\xC3\xAD " + secret);
    CHECK(core.await(elsewhere, "error")["code"] == "rate_limited");
    // Another account is not locked by them.
    core.send(owner, "/logout");
    CHECK(owner->last("account")["event"] == "logged_out");
    core.send(owner, "/name bob");
    core.send(owner, "/register bobs own password");
    CHECK(core.await(owner, "account")["event"] == "registered");
    core.send(mallory, "/login bob bobs own password");
    CHECK(core.await(mallory, "account")["event"] == "logged_in");

    const std::string metrics = core.lobby.metrics_text();
    CHECK(metrics.find("niagara_logins_total{result=\"failed\"} 5") != std::string::npos);
    CHECK(metrics.find("niagara_limited_total{limit=\"login_failures\"} 2") != std::string::npos);

    spdlog::default_logger()->sinks().pop_back();
    spdlog::set_level(spdlog::level::warn);
    CHECK(lines->str().find(secret) == std::string::npos);
    CHECK(lines->str().find("account Ji\xC5\x99\xC3\xAD: registered") != std::string::npos);
    // The database holds the hash (Argon2id, salted), never the password.
    core.lobby.close_all();
    core.settle();
    std::ifstream file(core.folder / "niagara.sqlite3", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::ifstream wal(core.folder / "niagara.sqlite3-wal", std::ios::binary);
    const std::string log((std::istreambuf_iterator<char>(wal)), std::istreambuf_iterator<char>());
    CHECK(bytes.find(secret) == std::string::npos);
    CHECK(log.find(secret) == std::string::npos);
    CHECK((bytes + log).find("$argon2id$") != std::string::npos);
}

TEST_CASE("Lobby in-process: accounts only in the lobby, and a flood of password checks is "
          "refused beyond its queue",
          "[core][accounts]") {
    // Checks that take a while (about 50 ms each), so that the flood below arrives while the
    // first is being hashed.
    Core core([](server::Config& c) {
        c.password_hash_ops = 3;
        c.password_hash_bytes = std::size_t(16) << 20;
    });
    auto alice = core.connect();
    core.send(alice, "/name alice");
    core.send(alice, "/new players=3");
    core.send(alice, "/register correct horse battery");
    CHECK(alice->last("error")["text"].get<std::string>().find("lobby") != std::string::npos);
    core.send(alice, "/login alice correct horse battery");
    CHECK(alice->last("error")["code"] == "bad_command");
    core.send(alice, "/logout");
    CHECK(alice->last("error")["code"] == "bad_command");  // not logged in

    // Forty checks at once from forty connections: at most 8 wait, the rest are refused at
    // once (and counted), and everyone gets an answer.
    std::vector<std::shared_ptr<RecordingConnection>> many;
    for (int i = 0; i < 40; ++i) {
        many.push_back(std::make_shared<RecordingConnection>(1000 + i, "198.51.100." + std::to_string(i)));
        core.lobby.connected(many.back());
    }
    for (auto& c : many)
        core.lobby.received(c, "/login somebody some password");
    int busy = 0;
    for (auto& c : many) {
        const Json e = core.await(c, "error");
        busy += e["code"] == "rate_limited";
    }
    // One being hashed (or not yet taken up) and 8 waiting; the rest refused and counted.
    CHECK(busy >= 40 - 8 - 1);
    CHECK(busy <= 40 - 8);
    CHECK(core.lobby.metrics_text().find("niagara_limited_total{limit=\"password_checks\"} " +
                                         std::to_string(busy)) != std::string::npos);
}

TEST_CASE("Lobby in-process: an account's password changes and the account is deleted only with "
          "its password",
          "[core][accounts]") {
    Core core;
    auto ann = core.connect();
    core.send(ann, "/password old-password new-password");
    CHECK(ann->last("error")["code"] == "bad_command");  // not logged in
    core.send(ann, "/name Ann\xC3\xA9" "e");              // Année
    core.send(ann, "/register first-password");
    CHECK(core.await(ann, "account")["event"] == "registered");

    core.send(ann, "/password wrong-password second-password");
    CHECK(core.await(ann, "error")["code"] == "login_failed");
    core.send(ann, R"({"type": "password", "old": "first-password", "new": "second password"})");
    CHECK(core.await(ann, "account")["event"] == "password_changed");
    auto other = core.connect();
    core.send(other, "/login Ann\xC3\xA9" "e first-password");
    CHECK(core.await(other, "error")["code"] == "login_failed");
    core.send(other, "/login Ann\xC3\xA9" "e second password");
    CHECK(core.await(other, "account")["event"] == "logged_in");

    // Deleted only with the password; then the name is anybody's.
    core.send(other, "/unregister first-password");
    CHECK(core.await(other, "error")["code"] == "login_failed");
    core.send(other, "/unregister second password");
    const Json deleted = core.await(other, "account");
    CHECK(deleted["event"] == "deleted");
    CHECK(deleted["text"] == "The account Ann\xC3\xA9" "e is deleted; the name is free again.");
    core.send(other, "/login Ann\xC3\xA9" "e second password");
    CHECK(core.await(other, "error")["code"] == "login_failed");
    core.lobby.disconnected(other);
    auto newcomer = core.connect();
    core.send(newcomer, "/name ANN\xC3\x89" "E");
    CHECK(newcomer->last("name")["name"] == "ANN\xC3\x89" "E");
    core.send(newcomer, "/register a new owner");
    CHECK(core.await(newcomer, "account")["event"] == "registered");
}

namespace {

// Answers every decision `c` is asked (its first legal one) until its game ends; returns the
// "ended" message.
Json play_to_end(Core& core, const std::shared_ptr<RecordingConnection>& c) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    for (;;) {
        if (auto ended = c->take("ended"); !ended.empty()) return ended.back();
        REQUIRE(std::chrono::steady_clock::now() < deadline);
        const auto prompts = c->take_prompts();
        if (prompts.empty()) {
            core.settle();
            continue;
        }
        core.send(c, "/" + prompts.back()["legal"][0].get<std::string>());
    }
}

bool won(const Json& ended, int seat) {
    for (const Json& w : ended["result"]["winners"])
        if (w == seat) return true;
    return false;
}

}  // namespace

TEST_CASE("Lobby in-process: a registered player's games against bots are rated; guests', "
          "unrated tables' and a deleted account's are not",
          "[core][ratings]") {
    Core core([](server::Config& c) { c.leaderboard_min_games = 1; });
    auto jiri = core.connect();
    core.send(jiri, "/rating");
    CHECK(jiri->last("error")["text"] ==
          "guests are not rated: register your name (/register PASSWORD) to have a rating");
    core.send(jiri, "/name Ji\xC5\x99\xC3\xAD");  // Jiří
    core.send(jiri, "/register heslo-pro-jiriho");
    CHECK(core.await(jiri, "account")["event"] == "registered");
    core.send(jiri, "/top");
    CHECK(jiri->last("top")["text"] ==
          "Nobody is on the base game leaderboard yet: it takes 1 rated game.");

    // A game against two greedy bots: rated, and he is told his new rating after the end.
    core.send(jiri, "/new players=3 seed=7");
    core.send(jiri, "/addbot greedy");
    core.send(jiri, "/addbot greedy");
    core.send(jiri, "/start");
    const Json first = play_to_end(core, jiri);
    const Json rated = jiri->last("rated");
    CHECK(rated["variant"] == "base");
    CHECK(rated["games"] == 1);
    // From a newcomer's 0 (mu 25 - 3 sigma 25/3): a win raises it, a loss lowers mu.
    const double mu = rated["mu"];
    CHECK((won(first, 0) ? mu > 25.0 : mu < 25.0));
    CHECK(rated["sigma"].get<double>() < 25.0 / 3.0);
    CHECK(rated["rating"].get<double>() == Approx(mu - 3 * rated["sigma"].get<double>()).margin(0.05));

    // Anyone may ask for it, in any letter case; the leaderboard lists him.
    auto guest = core.connect();
    core.send(guest, "/rating JI\xC5\x98\xC3\x8D");  // JIŘÍ
    const Json his = guest->last("rating");
    CHECK(his["name"] == "Ji\xC5\x99\xC3\xAD");
    REQUIRE(his["ratings"].size() == 1);
    CHECK(his["ratings"][0]["mu"] == mu);
    CHECK(his["ratings"][0]["games"] == 1);
    core.send(guest, "/rating nobody");
    CHECK(guest->last("error")["code"] == "unknown_player");
    core.send(guest, "/top");
    const Json top = guest->last("top");
    REQUIRE(top["players"].size() == 1);
    CHECK(top["players"][0]["name"] == "Ji\xC5\x99\xC3\xAD");
    core.send(guest, "/top spirits");
    CHECK(guest->last("top")["players"].empty());
    core.send(guest, "/top chess");
    CHECK(guest->last("error")["text"] == "'chess' is no variant: /top base or /top spirits");

    // A guest's game changes nobody's rating; nor does an unrated table's.
    core.send(guest, "/name guest-player");
    core.send(guest, "/new players=3 seed=8");
    core.send(guest, "/addbot greedy");  // (greedy bots end a game: random ones may never)
    core.send(guest, "/addbot greedy");
    core.send(guest, "/start");
    play_to_end(core, guest);
    CHECK(guest->take("rated").empty());
    core.send(jiri, "/leave");
    core.send(jiri, "/new players=3 seed=9 unrated");
    CHECK(jiri->last("table_created")["options"]["unrated"] == true);
    core.send(jiri, "/addbot greedy");
    core.send(jiri, "/addbot greedy");
    core.send(jiri, "/start");
    play_to_end(core, jiri);
    CHECK(jiri->take("rated").empty());

    // A player who concedes comes last: giving a game up is losing it.
    core.send(jiri, "/leave");
    core.send(jiri, "/new players=3 seed=10");
    core.send(jiri, "/addbot random");
    core.send(jiri, "/addbot random");
    core.send(jiri, "/start");
    // (Alone with bots, conceding ends the game at once, with no winner: still a loss.)
    core.send(jiri, "/concede");
    const auto conceded_by = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    while (jiri->take("ended").empty()) {
        REQUIRE(std::chrono::steady_clock::now() < conceded_by);
        core.settle();
    }
    const Json after_concession = jiri->last("rated");
    CHECK(after_concession["games"] == 2);
    CHECK(after_concession["change"].get<double>() < 0);
    CHECK(after_concession["mu"].get<double>() < mu);

    // Kept in the store with the games; counted.
    const auto stored = core.store.ratings();
    REQUIRE(stored.size() == 1);
    CHECK(stored[0].games == 2);
    CHECK(stored[0].mu == after_concession["mu"].get<double>());
    const auto history = core.store.rated_games(stored[0].account, "base", 10);
    REQUIRE(history.size() == 2);
    CHECK(history[0].won == won(first, 0));
    CHECK(history[1].place == 2);  // after the two bots, who share the first place
    CHECK_FALSE(history[1].won);
    CHECK(core.lobby.metrics_text().find("niagara_rated_games_total 2") != std::string::npos);

    // The player's page's data and the leaderboard, as GET /api/players/NAME and
    // /api/leaderboard answer them: his games, with who sat where.
    const auto [status, body] = core.lobby.player_json("ji\xC5\x99\xC3\xAD");
    REQUIRE(status == 200);
    const Json page = Json::parse(body);
    CHECK(page["name"] == "Ji\xC5\x99\xC3\xAD");
    REQUIRE(page["ratings"].size() == 1);
    const Json& games = page["ratings"][0]["history"];
    REQUIRE(games.size() == 2);
    CHECK(games[1]["rating"].get<double>() == Approx(page["ratings"][0]["rating"].get<double>()));
    REQUIRE(games[0]["seats"].size() == 3);
    CHECK(games[0]["seats"][0] ==
          Json{{"name", "Ji\xC5\x99\xC3\xAD"}, {"bot", false}, {"deleted", false}, {"you", true}});
    CHECK(games[0]["seats"][1]["bot"] == true);
    CHECK(core.lobby.player_json("nobody").first == 404);
    CHECK(core.lobby.player_json("b@d/../x").first == 404);
    const Json board = Json::parse(core.lobby.leaderboard_json("base").second);
    REQUIRE(board["players"].size() == 1);
    CHECK(board["players"][0]["name"] == "Ji\xC5\x99\xC3\xAD");
    CHECK(board["players"][0]["games"] == 2);
    CHECK(Json::parse(core.lobby.leaderboard_json("spirits").second)["players"].empty());

    // A deleted account's ratings go with it; its games stay.
    core.send(jiri, "/leave");
    core.send(jiri, "/unregister heslo-pro-jiriho");
    CHECK(core.await(jiri, "account")["event"] == "deleted");
    core.send(guest, "/rating Ji\xC5\x99\xC3\xAD");
    CHECK(guest->last("error")["code"] == "unknown_player");
    core.send(guest, "/top");
    CHECK(guest->last("top")["players"].empty());
    CHECK(core.store.ratings().empty());
    CHECK(core.lobby.player_json("Ji\xC5\x99\xC3\xAD").first == 404);
    CHECK(core.store.finished_ids(10).size() == 4);
    // His games stay, under "deleted player"; a guest's game keeps its name.
    const Json recent = Json::parse(*core.lobby.recent_games());
    int deleted = 0;
    for (const Json& game : recent["games"])
        for (const Json& seat : game["seats"]) {
            if (seat.value("deleted", false)) {
                ++deleted;
                CHECK(seat["name"] == "");
            }
            CHECK(seat["name"] != "Ji\xC5\x99\xC3\xAD");
        }
    CHECK(deleted == 3);
}

// Issue 35's chat identities: a code asked over a chat user's connection, entered on the page
// by the account's owner, gives that connection a key that logs it in to the account; the
// games it plays then are the account's. Tried as a stranger would: wrong, used, foreign and
// guessed codes, a code whose connection left or logged in meanwhile, an ended key.
TEST_CASE("Lobby in-process: a chat identity linked with a one-time code plays rated games as "
          "the account; codes and keys are refused as they should be",
          "[core][ratings][attack]") {
    Core core;
    auto page = core.connect();
    core.send(page, "/name bob");
    core.send(page, "/register bobs-long-password");
    REQUIRE(core.await(page, "account")["event"] == "registered");

    // The chat side asks for a code; a logged-in connection may not (it is an account's).
    auto chat = core.connect();
    core.send(chat, "/link");
    const Json asked = chat->last("link_code");
    INFO(asked.dump());
    const std::string code = asked["code"];
    CHECK(asked["seconds"] == 600);
    CHECK(code.size() == 9);
    CHECK(code[4] == '-');
    CHECK(asked["text"].get<std::string>().find(code) != std::string::npos);
    core.send(page, "/link");
    CHECK(page->last("error")["text"] == "you are logged in as bob already");

    // Entering a code needs an account; a wrong code is refused and counted; neither uses it.
    auto stranger = core.connect();
    core.send(stranger, "/link " + code);
    CHECK(stranger->last("error")["text"] == "log in to your account first, then enter the code");
    core.send(page, "/link ABCD-EFGH");
    CHECK(page->last("error")["code"] == "link_refused");
    core.send(page, "/link !!");
    CHECK(page->last("error")["code"] == "bad_command");
    CHECK(chat->take("linked").empty());

    // The right code, as anyone might type it (lower case, no dash): the chat connection gets
    // the key, the page hears it is done, and the code is spent.
    std::string typed = code.substr(0, 4) + code.substr(5);
    for (char& ch : typed) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    core.send(page, "/link " + typed);
    CHECK(page->last("account")["event"] == "linked");
    const Json linked = chat->last("linked");
    CHECK(linked["name"] == "bob");
    const std::string key = linked["link_key"];
    CHECK(key.size() == 64);
    core.send(page, "/link " + code);
    CHECK(page->last("error")["code"] == "link_refused");
    // The key is the chat side's alone: it appears in nothing the page or a stranger got.
    for (const auto& other : {page, stranger})
        for (const Json& m : other->received()) CHECK(m.dump().find(key) == std::string::npos);

    // The key logs the chat connection in to bob (the page, in the lobby, gives the name up as
    // any second login makes it); a game it plays against a bot is bob's and rated.
    CHECK(chat->name() != "bob");
    core.send(chat, "/linkkey " + key);
    CHECK(chat->last("account")["event"] == "logged_in");
    CHECK(chat->name() == "bob");
    CHECK(page->last("account")["event"] == "elsewhere");
    core.send(chat, "/new players=3 seed=7");
    core.send(chat, "/addbot greedy");
    core.send(chat, "/addbot greedy");
    core.send(chat, "/start");
    play_to_end(core, chat);
    CHECK(chat->last("rated")["games"] == 1);
    core.send(stranger, "/rating bob");
    CHECK(stranger->last("rating")["ratings"][0]["games"] == 1);

    // A key is a key or nothing: a made-up one, a malformed one.
    auto other_chat = core.connect();
    core.send(other_chat, "/linkkey " + std::string(64, 'a'));
    CHECK(other_chat->last("error")["code"] == "link_ended");
    core.send(other_chat, "/linkkey 1234");
    CHECK(other_chat->last("error")["code"] == "bad_command");
    CHECK(other_chat->account().empty());

    // /unlink from the chat side ends that link: it is a guest again, the key opens nothing.
    core.send(chat, "/leave");
    core.send(chat, "/unlink");
    CHECK(chat->last("account")["event"] == "unlinked");
    CHECK(chat->account().empty());
    core.send(other_chat, "/linkkey " + key);
    CHECK(other_chat->last("error")["code"] == "link_ended");

    // A code whose connection left, or logged in meanwhile, links nothing.
    core.send(page, "/login bob bobs-long-password");
    REQUIRE(core.await(page, "account")["event"] == "logged_in");
    auto leaver = core.connect();
    core.send(leaver, "/link");
    const std::string left_code = leaver->last("link_code")["code"];
    core.lobby.disconnected(leaver);
    core.send(page, "/link " + left_code);
    CHECK(page->last("error")["code"] == "link_refused");
    auto carol = core.connect();
    core.send(carol, "/link");
    const std::string carols_code = carol->last("link_code")["code"];
    core.send(carol, "/name carol");
    core.send(carol, "/register carols-password");
    REQUIRE(core.await(carol, "account")["event"] == "registered");
    core.send(page, "/link " + carols_code);
    CHECK(page->last("error")["text"].get<std::string>().find("gone or logged in already") !=
          std::string::npos);
    CHECK(carol->take("linked").empty());

    // A new password ends every link of the account.
    core.send(other_chat, "/link");
    core.send(page, "/link " + other_chat->last("link_code")["code"].get<std::string>());
    CHECK(page->last("account")["event"] == "linked");
    const std::string second_key = other_chat->last("linked")["link_key"];
    core.send(page, "/password bobs-long-password bobs-new-password");
    REQUIRE(core.await(page, "account")["event"] == "password_changed");
    auto later = core.connect();
    core.send(later, "/linkkey " + second_key);
    CHECK(later->last("error")["code"] == "link_ended");

    // Guessing codes is slowed per address: past 10 wrong ones (three above) even the right one
    // is refused unchecked, and counted.
    auto guessed = core.connect();
    core.send(guessed, "/link");
    const std::string right = guessed->last("link_code")["code"];
    for (int i = 0; i < 10; ++i) core.send(page, "/link ZZZZ-ZZZZ");
    core.send(page, "/link " + right);
    CHECK(page->last("error")["code"] == "rate_limited");
    CHECK(guessed->take("linked").empty());
    const std::string metrics = core.lobby.metrics_text();
    CHECK(metrics.find("niagara_limited_total{limit=\"link_code_failures\"} 0") == std::string::npos);
    CHECK(metrics.find("niagara_chat_links_total{event=\"linked\"} 2") != std::string::npos);
    CHECK(metrics.find("niagara_chat_links_total{event=\"used\"} 1") != std::string::npos);
}
