// The server's core in-process (niagara::server_core, server/CMakeLists.txt): a Lobby with its
// tables, store and bots, driven by connections of the test's own. No socket and no server
// process: what a command does is seen frame by frame, in the order the lobby sent them. The
// process-level tests (lobby_test.cpp, game_test.cpp, ...) still cover the sockets.
#include <catch2/catch.hpp>
#include <stdlib.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <memory>
#include <map>
#include <mutex>
#include <stdexcept>
#include <nlohmann/json.hpp>
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
struct Core {
    std::filesystem::path folder = new_folder();
    server::Config config = [] {
        server::Config c;
        c.threads = 1;
        c.bot_delay_ms = 0;
        c.grace_seconds = 1;
        return c;
    }();
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
