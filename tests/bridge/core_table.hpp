// The bridge's core against the real game server, with an in-process chat network
// (fake_chat_network.hpp): a CoreTable is one server, one bridge and the people the test adds,
// each playing from their private lines with a SeatPlayer mind. Shared by the core tests and
// the hostile ones.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <memory>
#include <regex>

#include "bridge.hpp"
#include "bridge_config.hpp"
#include "chat_player.hpp"
#include "fake_chat_network.hpp"
#include "server_fixture.hpp"

namespace bridge_test {


using namespace std::chrono_literals;

inline const std::string kChannel = "#niagara";

// One person at the fake network, playing from their private lines.
struct FakePerson {
    niagara::bridge::ChatUser user;
    SeatPlayer mind{1};
};

class CoreTable {
  public:
    // `fast`: players may send far more than a person would (the game's players answer at
    // once); otherwise the bridge's defaults.
    using Options = niagara::bridge::Bridge::Options;
    // `tweak` changes the bridge's options before each start (shorter waits for a test).
    explicit CoreTable(bool fast = true, std::size_t max_links = 60,
                       std::function<void(Options&)> tweak = {})
        : fast_(fast), max_links_(max_links), tweak_(std::move(tweak)),
          dir_("niagara-bridge-core") {
        network_ = std::make_unique<FakeNetwork>(io_);
        start_bridge();
    }
    ~CoreTable() {
        if (bridge_) bridge_->stop();
        if (oracle_) oracle_->close();
        io_.run_for(100ms);
    }

    void start_bridge() {
        state_ = std::make_unique<niagara::bridge::BridgeState>(dir_.path / "state.json");
        REQUIRE_FALSE(state_->load());
        Options options;
        options.server = {"127.0.0.1", server_.port()};
        options.channels = {kChannel};
        if (fast_) {
            options.commands_per_second = 50;
            options.commands_burst = 50;
        }
        options.reconnect_delay = 200ms;
        options.max_links = max_links_;
        if (tweak_) tweak_(options);
        bridge_ = std::make_unique<niagara::bridge::Bridge>(io_, *network_, *state_, options);
        network_->start(*bridge_);
        io_.run_for(50ms);
    }
    void restart_bridge() {
        bridge_->stop();
        io_.run_for(100ms);
        bridge_.reset();
        state_.reset();
        start_bridge();
    }

    FakePerson& add(const std::string& nick) {
        auto& p = people_[nick];
        p.user = {nick, nick};
        p.mind = SeatPlayer(nick.size() + 3 * people_.size());
        present(p);
        return p;
    }
    void present(FakePerson& p) { events().on_present(kChannel, p.user); }
    void absent(FakePerson& p) { events().on_absent(kChannel, p.user.key); }
    void say(FakePerson& p, const std::string& text) {
        events().on_channel_line(kChannel, p.user, text);
    }
    void whisper(FakePerson& p, const std::string& text) { events().on_private_line(p.user, text); }
    void rename(FakePerson& p, const std::string& nick) {
        const std::string old = p.user.key;
        p.user = {nick, nick};
        events().on_renamed(old, p.user);
    }

    // Runs until `done` (checked after every slice), playing everyone's prompts meanwhile.
    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            io_.run_for(5ms);
            read_lines();
            play();
            if (done()) return true;
        }
        return false;
    }
    bool channel_says(const std::string& part, std::size_t from = 0) const {
        for (std::size_t i = from; i < lines().size(); ++i)
            if (!lines()[i].is_private && lines()[i].text.find(part) != std::string::npos)
                return true;
        return false;
    }
    bool told(const FakePerson& p, const std::string& part) const {
        for (const auto& l : lines())
            if (l.is_private && l.target == p.user.key && l.text.find(part) != std::string::npos)
                return true;
        return false;
    }
    // The seat key the bridge told `p` last ("Your seat key for table #3 is K7F3QXWB2M.").
    std::string seat_key(const FakePerson& p) const {
        static const std::regex key(R"(Your seat key for table #\d+ is ([A-Z2-9]{10})\.)");
        std::string found;
        for (const auto& l : lines()) {
            std::smatch m;
            if (l.is_private && l.target == p.user.key && std::regex_search(l.text, m, key))
                found = m[1];
        }
        return found;
    }
    // The network now vouches for `account` as `p` ("" : logged out), as IRC's account-notify.
    void account(FakePerson& p, const std::string& account) {
        p.user.account = account;
        events().on_renamed(p.user.key, p.user);
    }
    void lose_network() { events().on_connection_lost("test"); }
    void network_back() { events().on_ready("niagara"); }
    const std::vector<FakeLine>& lines() const { return network_->lines; }
    std::string transcript() const {
        std::string out;
        for (const auto& l : lines())
            out += (l.is_private ? "PM " : "CH ") + l.target + ": " + l.text + "\n";
        return out;
    }
    niagara::bridge::Bridge& bridge() { return *bridge_; }
    std::optional<long> table;

    // Someone at the web page (chat_player.hpp).
    SiteUser site_user(std::vector<std::string> opening) {
        return open_site_user(io_, server_.port(), std::move(opening));
    }

  private:
    niagara::bridge::ChatEvents& events() {
        REQUIRE(network_->events());
        return *network_->events();
    }

    void read_lines() {
        static const std::regex opened(R"(opened table #(\d+))");
        for (; read_ < lines().size(); ++read_) {
            const FakeLine& line = lines()[read_];
            std::smatch m;
            if (!line.is_private && std::regex_search(line.text, m, opened)) {
                table = std::stol(m[1]);
                watch(*table);
            }
            if (!line.is_private) continue;
            for (auto& [nick, p] : people_)
                if (p.user.key == line.target) p.mind.heard(line.text);
        }
    }

    void watch(long id) {
        if (!oracle_) oracle_ = watch_table(io_, server_.port(), id);
    }

    void play() {
        const nlohmann::json game = oracle_ ? oracle_->view().value("game", nlohmann::json()) : nlohmann::json();
        for (auto& [nick, p] : people_)
            if (auto decision = p.mind.decide(game)) whisper(p, *decision);
    }

    bool fast_;
    std::size_t max_links_;
    std::function<void(Options&)> tweak_;
    server_test::TempDir dir_;
    server_test::ServerProcess server_;
    boost::asio::io_context io_;
    std::unique_ptr<FakeNetwork> network_;
    std::unique_ptr<niagara::bridge::BridgeState> state_;
    std::unique_ptr<niagara::bridge::Bridge> bridge_;
    std::shared_ptr<niagara::client::GameClient> oracle_;
    std::map<std::string, FakePerson> people_;
    std::size_t read_ = 0;
};

}  // namespace bridge_test
