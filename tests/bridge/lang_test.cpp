// The bridge in several languages, against the real server with an in-process chat network: a
// French and a Czech chat user play in a German channel (a bot makes the third), each reading
// their private lines in their own language and the channel in German; the language survives a
// bridge restart (the state file); `!lang` with hostile input answers an error and changes
// nothing; and a chosen card never reaches the channel or the other player in any language.
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "bridge.hpp"
#include "bridge_config.hpp"
#include "chat_commands.hpp"
#include "chat_player.hpp"
#include "fake_chat_network.hpp"
#include "niagara/i18n/i18n.hpp"
#include "private_lines.hpp"
#include "server_fixture.hpp"
#include "texts.hpp"

namespace lang_test {

namespace net = boost::asio;
using niagara::bridge::Bridge;
using niagara::bridge::BridgeState;
using niagara::bridge::ChatEvents;
using niagara::bridge::ChatNetwork;
using niagara::bridge::ChatUser;
using Json = nlohmann::json;
using namespace std::chrono_literals;

using Line = bridge_test::FakeLine;
using Network = bridge_test::FakeNetwork;

const std::string kChannel = "#niagara";

std::string tr(const std::string& lang, const std::string& key, const Json& args = Json::object()) {
    return niagara::i18n::render(lang, key, args);
}

// Matches `line` against a text rendered with sentinels \x01, \x02, ... for its unknown
// arguments: the arguments' values, then what follows the text; nullopt when it does not match.
std::optional<std::vector<std::string>> match(const std::string& line,
                                              const std::string& rendered) {
    std::vector<std::string> pieces{""};
    for (char c : rendered)
        if (c >= '\x01' && c <= '\x05')
            pieces.emplace_back();
        else
            pieces.back() += c;
    if (!line.starts_with(pieces[0])) return std::nullopt;
    std::vector<std::string> values;
    std::size_t at = pieces[0].size();
    for (std::size_t i = 1; i < pieces.size(); ++i) {
        const std::size_t end = pieces[i].empty() ? line.size() : line.find(pieces[i], at);
        if (end == std::string::npos) return std::nullopt;
        values.push_back(line.substr(at, end - at));
        at = end + pieces[i].size();
    }
    values.push_back(line.substr(at));
    return values;
}

std::vector<std::string> split(const std::string& text, const std::string& by) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const auto at = text.find(by, start);
        out.push_back(text.substr(start, at == std::string::npos ? at : at - start));
        if (at == std::string::npos) return out;
        start = at + by.size();
    }
}

std::string trim(std::string s) {
    s.erase(0, s.find_first_not_of(' '));
    s.erase(s.find_last_not_of(' ') + 1);
    return s;
}

// A chat player who reads only their language: it knows the bridge's prompt lines from the
// catalogs (rendered in its language), answers cards at random and moves with the greedy bot
// on the public view, or the prompt's first option when the view does not agree in time.
class Mind {
  public:
    Mind(std::string nick, std::string lang, std::uint64_t seed)
        : nick(std::move(nick)), lang(std::move(lang)), seed_(seed) {}

    void heard(const std::string& received) {
        for (const auto& line : split(received, " \u2016 "))
            heard_one(line);
    }

    std::optional<std::string> decide(const Json& view) {
        if (!seat) seat = seat_in(view);
        const Json game = view.value("game", Json());
        if (offered_.empty() || sent_ || !seat) return std::nullopt;
        std::optional<std::string> decision;
        if (card_) {
            decision =
                offered_[(static_cast<std::size_t>(decisions) * 7 + seed_) % offered_.size()];
        } else if (since_ != std::chrono::steady_clock::time_point{} &&
                   bridge_test::view_agrees(game, *seat, false)) {
            decision = bridge_test::greedy_decision(game, *seat, chosen, seed_ + decisions);
        }
        if (!decision && std::chrono::steady_clock::now() - since_ > 1500ms)
            decision = offered_.front();
        if (!decision) return std::nullopt;
        if (card_) {
            chosen = decision->substr(5);
            played.insert(*chosen);
        }
        sent_ = true;
        ++decisions;
        return decision;
    }

    std::string nick;
    std::string lang;
    std::optional<long> table;
    std::optional<int> seat;
    std::optional<std::string> chosen;
    std::set<std::string> played;  // every card it chose
    int decisions = 0;
    int prompts = 0;
    int refusals = 0;

  private:
    std::optional<int> seat_in(const Json& view) const {
        const auto names = niagara::bridge::seat_names_of("en", view);
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == nick) return static_cast<int>(i);
        return std::nullopt;
    }

    void heard_one(const std::string& line) {
        if (!table) return;
        const std::string t = std::to_string(*table);
        std::vector<std::string> options;
        bool card = false;
        if (auto m = match(line, tr(lang, "bridge.prompt.card",
                                    {{"table", t}, {"cards", "\x01"}, {"example", "\x02"}}))) {
            for (const auto& c : split((*m)[0], ", "))
                options.push_back("play " + trim(c));
            card = true;
        } else {
            std::optional<std::vector<std::string>> turn =
                match(line, tr(lang, "bridge.prompt.turn_card", {{"table", t}, {"card", "\x01"}}));
            std::string rest;
            if (turn)
                rest = (*turn)[1];
            else if ((turn = match(line, tr(lang, "bridge.prompt.turn", {{"table", t}}))))
                rest = (*turn)[0];
            if (turn) {
                const std::string more =
                    split(tr(lang, "bridge.prompt.more", {{"count", 7}}), "7")[0];
                if (auto cut = rest.rfind(" " + more); cut != std::string::npos) rest.erase(cut);
                for (auto option : split(rest, " | ")) {
                    if (auto arrow = option.find(" \u2192"); arrow != std::string::npos)
                        option.erase(arrow);
                    if (!trim(option).empty()) options.push_back(trim(option));
                }
            }
        }
        if (!options.empty()) {
            offered_ = options;
            card_ = card;
            since_ = std::chrono::steady_clock::now();
            sent_ = false;
            ++prompts;
            if (card) chosen.reset();
            return;
        }
        const auto is = [&](const std::string& key, const Json& args) {
            return match(line, tr(lang, key, args)).has_value();
        };
        if (sent_ && !offered_.empty() && !is("bridge.chosen", {{"card", "\x01"}}) &&
            !is("bridge.seated", {{"table", "\x01"}, {"seat", "\x02"}}) &&
            !is("bridge.seated_again", {{"table", "\x01"}, {"seat", "\x02"}})) {
            // Anything else after a decision is its refusal (a decision on a stale view).
            ++refusals;
            sent_ = false;
            since_ = {};
        }
    }

    std::vector<std::string> offered_;
    bool card_ = false;
    bool sent_ = false;
    std::chrono::steady_clock::time_point since_{};
    std::uint64_t seed_;
};

// The literal words of a pattern (outside its arguments), pieces of 3 words or more.
std::vector<std::string> sentences(const std::string& pattern) {
    std::vector<std::string> out;
    std::string piece;
    int depth = 0;
    const auto keep = [&] {
        const std::string p = trim(piece);
        if (std::count(p.begin(), p.end(), ' ') >= 2 && p.size() >= 12) out.push_back(p);
        piece.clear();
    };
    for (char c : pattern) {
        if (c == '{') {
            if (depth == 0) keep();
            ++depth;
        } else if (c == '}') {
            depth = std::max(0, depth - 1);
        } else if (depth == 0) {
            piece += c;
        }
    }
    keep();
    return out;
}

std::filesystem::path catalogs_dir() {
    return std::filesystem::path(__FILE__).parent_path() / ".." / ".." / "i18n" / "catalogs";
}

// Every catalog file's own patterns of `lang` (not the English that a missing key falls back to).
std::string own_patterns(const std::string& lang) {
    std::string all;
    for (const auto& file : std::filesystem::directory_iterator(catalogs_dir() / lang)) {
        std::ifstream in(file.path());
        const Json j = Json::parse(in, nullptr, false);
        if (j.is_object())
            for (const auto& [key, pattern] : j.items())
                if (pattern.is_string()) all += pattern.get<std::string>() + "\n";
    }
    return all;
}

// The English sentences of every catalog that the language `lang` does not share.
std::vector<std::string> english_sentences_not_in(const std::string& lang) {
    const std::string theirs = own_patterns(lang);
    std::vector<std::string> out;
    for (const auto& file : std::filesystem::directory_iterator(catalogs_dir() / "en")) {
        std::ifstream in(file.path());
        const Json j = Json::parse(in, nullptr, false);
        if (!j.is_object()) continue;
        for (const auto& [key, pattern] : j.items())
            if (pattern.is_string())
                for (const auto& s : sentences(pattern.get<std::string>()))
                    if (theirs.find(s) == std::string::npos) out.push_back(s);
    }
    return out;
}

class LangTable {
  public:
    LangTable() : dir_("niagara-bridge-lang") {
        network_ = std::make_unique<Network>(io_);
        start_bridge();
    }
    ~LangTable() {
        if (bridge_) bridge_->stop();
        if (oracle_) oracle_->close();
        io_.run_for(100ms);
    }

    void start_bridge() {
        state_ = std::make_unique<BridgeState>(state_file());
        REQUIRE_FALSE(state_->load());
        Bridge::Options options;
        options.server = {"127.0.0.1", server_.port()};
        options.channels = {kChannel};
        options.commands_per_second = 50;
        options.commands_burst = 50;
        options.reconnect_delay = 200ms;
        options.lang = "en";
        options.channel_langs = {{kChannel, "de"}};
        bridge_ = std::make_unique<Bridge>(io_, *network_, *state_, options);
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
    std::filesystem::path state_file() const { return dir_.path / "state.json"; }
    Json state_json() const {
        std::ifstream in(state_file());
        return Json::parse(in, nullptr, false);
    }

    Mind& add(const std::string& nick, const std::string& lang) {
        minds_.push_back(std::make_unique<Mind>(nick, lang, nick.size() * 5 + minds_.size()));
        present(*minds_.back());
        return *minds_.back();
    }
    ChatUser user(const Mind& m) const { return {m.nick, m.nick}; }
    void present(const Mind& m) { events().on_present(kChannel, user(m)); }
    void say(const Mind& m, const std::string& text) {
        events().on_channel_line(kChannel, user(m), text);
    }
    void whisper(const Mind& m, const std::string& text) {
        events().on_private_line(user(m), text);
    }

    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            io_.run_for(5ms);
            step();
            if (done()) return true;
        }
        return false;
    }
    bool told(const Mind& m, const std::string& text, std::size_t from = 0) const {
        for (std::size_t i = from; i < lines().size(); ++i)
            if (lines()[i].is_private && lines()[i].target == m.nick &&
                lines()[i].text.find(text) != std::string::npos)
                return true;
        return false;
    }
    bool channel_says(const std::string& text, std::size_t from = 0) const {
        for (std::size_t i = from; i < lines().size(); ++i)
            if (!lines()[i].is_private && lines()[i].text.find(text) != std::string::npos)
                return true;
        return false;
    }
    const std::vector<Line>& lines() const { return network_->lines; }
    long round() const {
        if (!oracle_) return 0;
        const Json game = oracle_->view().value("game", Json());
        return game.is_object() ? game.value("round", 0L) : 0;
    }
    std::string transcript() const {
        std::string out;
        for (const auto& l : lines())
            out += (l.is_private ? "PM " : "CH ") + l.target + ": " + l.text + "\n";
        return out;
    }
    std::optional<long> table;

  private:
    ChatEvents& events() {
        REQUIRE(network_->events());
        return *network_->events();
    }
    void step() {
        if (!table && state_)
            if ((table = state_->channel_table("fake " + kChannel))) {
                oracle_ = bridge_test::watch_table(io_, server_.port(), *table);
                for (auto& m : minds_)
                    m->table = table;
            }
        for (; read_ < lines().size(); ++read_)
            for (auto& m : minds_)
                if (lines()[read_].is_private && lines()[read_].target == m->nick)
                    m->heard(lines()[read_].text);
        if (!oracle_) return;
        for (auto& m : minds_)
            if (auto decision = m->decide(oracle_->view())) whisper(*m, *decision);
    }

    server_test::TempDir dir_;
    server_test::ServerProcess server_;
    net::io_context io_;
    std::unique_ptr<Network> network_;
    std::unique_ptr<BridgeState> state_;
    std::unique_ptr<Bridge> bridge_;
    std::shared_ptr<niagara::client::GameClient> oracle_;
    std::vector<std::unique_ptr<Mind>> minds_;
    std::size_t read_ = 0;
};

// What only a seat may read, in every language: the private lines' own words (of a prompt,
// what follows its table's number, which public lines say too; the seat line's words are the
// server's public "sits at table #1, seat 2" too, and a seat is no secret).
std::vector<std::string> private_words() {
    std::vector<std::string> out;
    for (const auto lang : niagara::i18n::kLanguages)
        for (const std::string key : {"bridge.chosen", "bridge.hand", "bridge.hand.chosen",
                                      "bridge.prompt.card", "bridge.prompt.turn"}) {
            const std::string pattern = niagara::i18n::catalog(lang).value(key, std::string());
            std::string piece;
            int depth = 0;
            bool first = true;
            for (char c : pattern + "{") {
                if (c == '{' && depth++ == 0) {
                    if (trim(piece).size() >= 6 && !(first && key.starts_with("bridge.prompt")))
                        out.push_back(trim(piece));
                    piece.clear();
                    first = false;
                } else if (c == '}') {
                    --depth;
                } else if (depth == 0) {
                    piece += c;
                }
            }
        }
    return out;
}

Json language_name(const std::string& lang) {
    return Json{{"key", "bridge.lang.name." + lang}, {"args", Json::object()}};
}

TEST_CASE("bridge languages: a French and a Czech player in a German channel, through a restart",
          "[bridge][lang]") {
    LangTable t;
    auto& amelie = t.add("amelie", "fr");
    auto& tomas = t.add("tomas", "cs");

    // The channel's help is German; each chooses a language, privately or in the channel.
    t.say(amelie, "!help");
    REQUIRE(t.run_until(
        [&] {
            return t.channel_says(tr("de", "bridge.help.channel", {{"self", "niagara"}}));
        },
        5s));
    t.whisper(amelie, "lang fr");
    t.say(tomas, "!lang cs");
    REQUIRE(t.run_until([&] { return t.told(amelie, tr("fr", "bridge.lang.set")); }, 5s));
    REQUIRE(
        t.run_until([&] { return t.channel_says("tomas: " + tr("cs", "bridge.lang.set")); }, 5s));

    t.say(amelie, "!new players=3 bots=greedy");
    REQUIRE(t.run_until([&] { return t.table.has_value(); }, 10s));
    const std::string table = std::to_string(*t.table);
    // The announcement is the channel's (German), whoever opened the table.
    const std::string opened = tr("de", "bridge.table_opened",
                                  {{"name", "amelie"}, {"table", table}, {"options", "\x01"}});
    CHECK(std::any_of(t.lines().begin(), t.lines().end(), [&](const Line& l) {
        return !l.is_private && match(l.text, opened).has_value();
    }));
    t.say(tomas, "!join");
    REQUIRE(t.run_until(
        [&] {
            return t.told(tomas, tr("cs", "bridge.seated", {{"table", table}, {"seat", "2"}}));
        },
        10s));
    CHECK(t.told(amelie, tr("fr", "bridge.seated", {{"table", table}, {"seat", "1"}})));
    t.say(amelie, "!addbot greedy");
    t.say(amelie, "!start");
    if (!t.run_until([&] { return t.round() >= 3; }, 60s)) FAIL(t.transcript());

    // The bridge restarts: the languages come back from the state file with the seats.
    const Json state = t.state_json();
    CHECK(state["users"]["fake nick amelie"]["lang"] == "fr");
    CHECK(state["users"]["fake nick tomas"]["lang"] == "cs");
    t.restart_bridge();
    const std::size_t after_restart = t.lines().size();
    t.present(amelie);
    t.present(tomas);
    REQUIRE(t.run_until(
        [&] {
            return t.told(amelie,
                          tr("fr", "bridge.seated_again", {{"table", table}, {"seat", "1"}}),
                          after_restart);
        },
        10s));
    REQUIRE(t.run_until(
        [&] {
            return t.told(tomas, tr("cs", "bridge.seated_again", {{"table", table}, {"seat", "2"}}),
                          after_restart);
        },
        10s));
    const int amelie_prompts = amelie.prompts;
    const int tomas_prompts = tomas.prompts;
    if (!t.run_until(
            [&] {
                return t.round() >= 5 && amelie.prompts > amelie_prompts + 1 &&
                       tomas.prompts > tomas_prompts + 1;
            },
            90s))
        FAIL(t.transcript());
    t.say(tomas, "!board");
    t.whisper(amelie, "hand");
    REQUIRE(t.run_until([&] { return t.channel_says(tr("de", "bridge.picture.gems")); }, 5s));
    REQUIRE(t.run_until(
        [&] {
            return t.told(amelie, tr("fr", "bridge.hand", {{"cards", ""}}));
        },
        5s));
    CHECK(amelie.decisions > 6);
    CHECK(tomas.decisions > 6);

    // Each reads only their language; the channel only German.
    const auto not_french = english_sentences_not_in("fr");
    const auto not_czech = english_sentences_not_in("cs");
    const auto not_german = english_sentences_not_in("de");
    const auto secret = private_words();
    for (const auto& line : t.lines()) {
        INFO((line.is_private ? "PM " : "CH ") + line.target + ": " + line.text);
        const auto& english = !line.is_private          ? not_german
                              : line.target == "amelie" ? not_french
                                                        : not_czech;
        for (const auto& sentence : english) {
            INFO(sentence);
            CHECK(line.text.find(sentence) == std::string::npos);
        }
        if (!line.is_private) {
            CHECK(bridge_test::secrets_in_public_line(line.text).empty());
            for (const auto& word : secret) {
                INFO(word);
                CHECK(line.text.find(word) == std::string::npos);
            }
        }
    }
    // A chosen card's line reaches its player alone: in no language in the channel, and in the
    // player's language to nobody else (the other player, reading another language, may have
    // chosen the same card: their own line in their language is theirs).
    for (const Mind* m : {&amelie, &tomas})
        for (const auto& card : m->played)
            for (const auto lang : niagara::i18n::kLanguages) {
                const std::string said = niagara::bridge::chosen_line(lang, card);
                for (const auto& line : t.lines())
                    if (!line.is_private || (line.target != m->nick && lang == m->lang)) {
                        INFO(line.target + ": " + line.text);
                        CHECK(line.text.find(said) == std::string::npos);
                    }
            }
    // And the players did read their language: prompts were parsed from it.
    CHECK(amelie.prompts > 4);
    CHECK(tomas.prompts > 4);
    if (std::getenv("NIAGARA_BRIDGE_TRANSCRIPT")) std::printf("%s", t.transcript().c_str());
}

TEST_CASE("bridge languages: !lang with hostile input answers an error and changes nothing",
          "[bridge][lang]") {
    LangTable t;
    auto& zoe = t.add("zoe", "fr");
    t.whisper(zoe, "lang fr");
    REQUIRE(t.run_until([&] { return t.told(zoe, tr("fr", "bridge.lang.set")); }, 5s));
    REQUIRE(t.state_json()["users"]["fake nick zoe"]["lang"] == "fr");

    const std::string unknown = tr("fr", "bridge.lang.unknown");
    const std::string help = niagara::bridge::help_line_private("fr", "niagara");
    const std::vector<std::pair<std::string, std::string>> hostile{
        {"lang " + std::string(300, 'x'), unknown},
        {"lang xx", unknown},
        {"lang ../../etc/passwd", unknown},
        {"lang fr; de", unknown},
        {"lang {lang}", unknown},
        {"lang 'fr'", unknown},
        {"lang \xc3\xa9\xff\xfe", unknown},
        {"lang fr-" + std::string(100, 'a'), unknown},
        {"lang de\x07", help},                    // a control byte: not a command
        {"lang de\r\nlang cs", help},             //
        {"lang " + std::string(700, 'd'), help},  // longer than a command
    };
    for (const auto& [text, answer] : hostile) {
        INFO(text.substr(0, 40));
        const std::size_t before = t.lines().size();
        t.whisper(zoe, text);
        CHECK(t.run_until([&] { return t.told(zoe, answer, before); }, 5s));
        CHECK(t.state_json()["users"]["fake nick zoe"]["lang"] == "fr");
    }
    // In the channel a line with control bytes, or too long, is not a command: no answer.
    for (const std::string& text :
         std::vector<std::string>{"!lang de\x01", "!lang " + std::string(700, 'e')}) {
        const std::size_t before = t.lines().size();
        t.say(zoe, text);
        t.run_until([] { return false; }, 200ms);
        CHECK(t.lines().size() == before);
    }
    const std::size_t before = t.lines().size();
    t.say(zoe, "!lang klingon");
    REQUIRE(t.run_until([&] { return t.channel_says("zoe: " + unknown, before); }, 5s));
    CHECK(t.state_json()["users"]["fake nick zoe"]["lang"] == "fr");

    // A tag names its language; !lang alone says which; it survives a restart; `channel`
    // follows the channel again (and with no seat, the state file forgets her).
    t.whisper(zoe, "lang CS-cz");
    REQUIRE(t.run_until([&] { return t.told(zoe, tr("cs", "bridge.lang.set")); }, 5s));
    t.restart_bridge();
    t.present(zoe);
    const std::size_t restarted = t.lines().size();
    t.whisper(zoe, "lang");
    const Json names{{"lang", language_name("cs")}, {"channel", language_name("de")}};
    REQUIRE(t.run_until([&] { return t.told(zoe, tr("cs", "bridge.lang.show", names), restarted); },
                        5s));
    t.whisper(zoe, "hand");
    REQUIRE(
        t.run_until([&] { return t.told(zoe, tr("cs", "bridge.not_in_game"), restarted); }, 5s));
    t.whisper(zoe, "lang channel");
    REQUIRE(t.run_until(
        [&] {
            return t.told(zoe, tr("de", "bridge.lang.channel", {{"lang", language_name("de")}}));
        },
        5s));
    CHECK_FALSE(t.state_json()["users"].contains("fake nick zoe"));
}

TEST_CASE("bridge languages: the settings' languages", "[bridge][lang][units]") {
    using niagara::bridge::settings_from;
    const auto loaded = settings_from(
        "irc.host = irc.example.org\nirc.channels = #a, #b\nlang = FR\n"
        "irc.channel_lang = #b=cs-CZ\nxmpp.jid = n@example.org\nxmpp.rooms = r@muc.example.org\n",
        {"NIAGARA_BRIDGE_XMPP_LANG=de"}, {});
    REQUIRE(loaded.settings);
    CHECK(loaded.settings->lang == "fr");
    CHECK(loaded.settings->irc.lang.empty());
    CHECK(loaded.settings->irc.channel_langs == std::map<std::string, std::string>{{"#b", "cs"}});
    CHECK(loaded.settings->xmpp.lang == "de");
    CHECK_FALSE(settings_from("irc.host = h\nirc.channels = #a\nlang = xx\n", {}, {}).settings);
    CHECK_FALSE(
        settings_from("irc.host = h\nirc.channels = #a\nirc.channel_lang = #a\n", {}, {}).settings);
    CHECK_FALSE(
        settings_from("irc.host = h\nirc.channels = #a\nirc.channel_lang = #a=klingon\n", {}, {})
            .settings);
    // The state file keeps a language without a seat, and drops one it does not know.
    server_test::TempDir dir("niagara-bridge-lang-state");
    {
        BridgeState state(dir.path / "s.json");
        REQUIRE(state.set_lang("irc zoe", "de"));
        REQUIRE(state.set_lang("irc yan", "fr"));
    }
    {
        std::ifstream in(dir.path / "s.json");
        Json j = Json::parse(in);
        j["users"]["irc yan"]["lang"] = "tlh";
        std::ofstream(dir.path / "s.json") << j.dump();
    }
    BridgeState state(dir.path / "s.json");
    REQUIRE_FALSE(state.load());
    REQUIRE(state.user("irc zoe"));
    CHECK(state.user("irc zoe")->lang == "de");
    CHECK_FALSE(state.user("irc yan"));
}

}  // namespace lang_test
