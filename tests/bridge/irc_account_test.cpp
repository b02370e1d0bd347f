// Who people are on IRC (ChatUser::account): the IRC adapter against InspIRCd with Atheme
// services (inspircd_fixture.hpp): accounts from extended-join, account-tag, account-notify and
// WHOX, SASL logins (the bot's and a person's), and a stranger who takes an account holder's
// nick; against ngircd (no account capabilities): nothing changes, every account is "", and the
// CTCP VERSION answer and irc.private_notice; against a scripted server: the capability
// negotiation, the accounts kept in the roster, and hostile lines on every new parse path.
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <catch2/catch.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chat_network.hpp"
#include "inspircd_fixture.hpp"
#include "irc_message.hpp"
#include "irc_network.hpp"
#include "irc_roster.hpp"
#include "irc_test_client.hpp"
#include "ngircd_fixture.hpp"

namespace {

using namespace irc_test;
using niagara::bridge::ChatUser;
using niagara::bridge::IrcNetwork;
using niagara::bridge::IrcSettings;
using niagara::bridge::IrcTiming;
namespace net = boost::asio;

// One call of ChatEvents, with the account the adapter gave.
struct AccountEvent {
    std::string kind;  // ready, lost, channel, private, present, absent, renamed
    std::string channel;
    std::string key;
    std::string display;
    std::string account;
    std::string text;
    std::string old_key;  // renamed
};

class AccountEventLog final : public niagara::bridge::ChatEvents {
  public:
    const std::vector<AccountEvent>& events() const { return events_; }
    std::size_t count(const std::function<bool(const AccountEvent&)>& match) const {
        std::size_t n = 0;
        for (const auto& event : events_)
            n += match(event) ? 1 : 0;
        return n;
    }
    // Whether a `kind` event for `key` (in `channel`, unless empty) carried `account`.
    bool has(const std::string& kind, const std::string& key, const std::string& account,
             const std::string& channel = "") const {
        return count([&](const AccountEvent& e) {
                   return e.kind == kind && e.key == key && e.account == account &&
                          (channel.empty() || e.channel == channel);
               }) > 0;
    }
    bool has_line(const std::string& kind, const std::string& key, const std::string& account,
                  const std::string& text) const {
        return count([&](const AccountEvent& e) {
                   return e.kind == kind && e.key == key && e.account == account && e.text == text;
               }) > 0;
    }
    std::string describe() const {
        std::string all;
        for (const auto& e : events_)
            all += e.kind + " " + e.channel + " " + e.key + " (" + e.display + ") [" + e.account +
                   "]" + (e.old_key.empty() ? "" : " from " + e.old_key) +
                   (e.text.empty() ? "" : " \"" + e.text + "\"") + "\n";
        return all;
    }

    void on_ready(const std::string& self) override { add({"ready", "", "", "", "", self, ""}); }
    void on_connection_lost(const std::string& why) override {
        add({"lost", "", "", "", "", why, ""});
    }
    void on_channel_line(const std::string& channel, const ChatUser& from,
                         const std::string& text) override {
        add({"channel", channel, from.key, from.display, from.account, text, ""});
    }
    void on_private_line(const ChatUser& from, const std::string& text) override {
        add({"private", "", from.key, from.display, from.account, text, ""});
    }
    void on_present(const std::string& channel, const ChatUser& who) override {
        add({"present", channel, who.key, who.display, who.account, "", ""});
    }
    void on_absent(const std::string& channel, const std::string& key) override {
        add({"absent", channel, key, "", "", "", ""});
    }
    void on_renamed(const std::string& old_key, const ChatUser& now) override {
        add({"renamed", "", now.key, now.display, now.account, "", old_key});
    }

  private:
    void add(AccountEvent event) { events_.push_back(std::move(event)); }
    std::vector<AccountEvent> events_;
};

IrcSettings account_settings(unsigned short port, const std::string& nick) {
    IrcSettings settings;
    settings.enabled = true;
    settings.host = "127.0.0.1";
    settings.port = port;
    settings.nick = nick;
    settings.channels = {"#niagara"};
    return settings;
}

IrcTiming account_timing() {
    IrcTiming timing;
    timing.backoff_first = 250ms;
    timing.backoff_max = 2s;
    timing.join_fallback = 2s;
    return timing;
}

// Waits for `person` to receive a line with `command` (a numeric: 900 logged in, 901 logged
// out, 330 WHOIS account) after line number `from`; the line, or nullopt.
std::optional<niagara::bridge::irc::IrcMessage> account_wait_line(
    IrcTestClient& person, const std::string& command, std::size_t from,
    std::chrono::milliseconds timeout = 5s) {
    std::optional<niagara::bridge::irc::IrcMessage> found;
    person.wait_for(
        [&] {
            for (std::size_t i = from; i < person.lines().size(); ++i)
                if (person.lines()[i].command == command) {
                    found = person.lines()[i];
                    return true;
                }
            return false;
        },
        timeout);
    return found;
}

// NickServ REGISTER: the person's nick becomes an account, and they are logged into it.
bool account_register(IrcTestClient& person, const std::string& password) {
    const std::size_t from = person.lines().size();
    person.say("NickServ", "REGISTER " + password + " " + person.nick() + "@example.org");
    return account_wait_line(person, "900", from).has_value();
}

bool account_identify(IrcTestClient& person, const std::string& account,
                      const std::string& password) {
    const std::size_t from = person.lines().size();
    person.say("NickServ", "IDENTIFY " + account + " " + password);
    return account_wait_line(person, "900", from).has_value();
}

bool account_logout(IrcTestClient& person) {
    const std::size_t from = person.lines().size();
    person.say("NickServ", "LOGOUT");
    return account_wait_line(person, "901", from).has_value();
}

// One test's network with services, io_context, bot and what the bot reported.
struct AccountWorld {
    bool start_bot(const IrcSettings& settings) {
        bot = std::make_unique<IrcNetwork>(io, settings);
        bot->set_timing(account_timing());
        bot->start(events);
        return until([&] { return count("ready") > 0; }, 10s);
    }
    bool until(const std::function<bool()>& done, std::chrono::milliseconds timeout = 5s) {
        return run_until(io, done, timeout);
    }
    std::size_t count(const std::string& kind) const {
        return events.count([&](const AccountEvent& e) { return e.kind == kind; });
    }
    std::unique_ptr<IrcTestClient> person(const std::string& nick) {
        auto client = std::make_unique<IrcTestClient>(io, network.port(), nick);
        REQUIRE(client->connect());
        return client;
    }

    InspircdServices network;
    net::io_context io;
    AccountEventLog events;
    std::unique_ptr<IrcNetwork> bot;
};

// A server that says what the test says (no services, no real ircd: any line at all).
class AccountScriptServer {
  public:
    explicit AccountScriptServer(net::io_context& io)
        : io_(io), acceptor_(io, {net::ip::address_v4::loopback(), 0}) {}

    unsigned short port() const { return acceptor_.local_endpoint().port(); }

    bool accept() {
        socket_ = std::make_shared<net::ip::tcp::socket>(io_);
        bool accepted = false;
        acceptor_.async_accept(*socket_,
                               [&](const boost::system::error_code& ec) { accepted = !ec; });
        if (!run_until(
                io_, [&] { return accepted; }, 5s))
            return false;
        read_next();
        return true;
    }
    // Waits for the adapter's next line that starts with `start`, skipping others; "" when none
    // came within `timeout`.
    std::string expect(const std::string& start, std::chrono::milliseconds timeout = 5s) {
        std::string found;
        run_until(
            io_,
            [&] {
                while (!lines_.empty()) {
                    std::string line = std::move(lines_.front());
                    lines_.pop_front();
                    UNSCOPED_INFO("the adapter sent: " << line);
                    if (line.rfind(start, 0) == 0) {
                        found = std::move(line);
                        return true;
                    }
                }
                return false;
            },
            timeout);
        return found;
    }
    // Whether the adapter sent no line starting with `start` within `time`.
    bool never(const std::string& start, std::chrono::milliseconds time) {
        return expect(start, time).empty();
    }
    void send(const std::string& line) {
        auto text = std::make_shared<std::string>(line + "\r\n");
        net::async_write(*socket_, net::buffer(*text), [text](auto&&...) {});
    }

  private:
    void read_next() {
        auto socket = socket_;
        net::async_read_until(*socket, net::dynamic_buffer(buffer_), "\r\n",
                              [this, socket](const boost::system::error_code& ec, std::size_t n) {
                                  if (ec || socket != socket_) return;
                                  lines_.push_back(buffer_.substr(0, n - 2));
                                  buffer_.erase(0, n);
                                  read_next();
                              });
    }

    net::io_context& io_;
    net::ip::tcp::acceptor acceptor_;
    std::shared_ptr<net::ip::tcp::socket> socket_;
    std::string buffer_;
    std::deque<std::string> lines_;
};

// Logs the scripted server's bot in with the capabilities `caps` acknowledged and WHOX, and
// has it join #a with bob and carol there. False when a step did not come.
bool account_script_login(AccountScriptServer& server, net::io_context& io, AccountEventLog& events,
                          const std::string& caps) {
    if (!server.accept() || server.expect("CAP LS 302").empty()) return false;
    server.send(
        ":srv CAP * LS :multi-prefix account-notify away-notify account-tag "
        "extended-join sasl=PLAIN");
    if (server.expect("CAP REQ :account-notify account-tag extended-join").empty()) return false;
    server.send(":srv CAP niagara ACK :" + caps);
    if (server.expect("CAP END").empty()) return false;
    server.send(":srv 001 niagara :Welcome");
    server.send(":srv 005 niagara NICKLEN=30 WHOX :are supported by this server");
    server.send(":srv 376 niagara :End of MOTD");
    if (server.expect("JOIN #a").empty()) return false;
    server.send(":niagara!u@h JOIN #a * :Niagara");
    if (server.expect("WHO #a %tcna,815").empty()) return false;
    server.send(":srv 353 niagara = #a :@niagara bob carol");
    server.send(":srv 366 niagara #a :End of NAMES");
    return run_until(
        io,
        [&] {
            return events.count([](const AccountEvent& e) { return e.kind == "present"; }) == 2;
        },
        5s);
}

}  // namespace

TEST_CASE("IRC tags and account names parse totally", "[irc]") {
    using namespace niagara::bridge::irc;
    const auto m = parse_irc_line(
        "@account=fred;time=2026-11-27T10:00:00Z;+draft/x=a\\sb\\:c\\\\d\\xe;flag :fred!f@h "
        "PRIVMSG #a :hi");
    REQUIRE(m);
    CHECK(m->tag("account") == std::optional<std::string>("fred"));
    CHECK(m->tag("+draft/x") == std::optional<std::string>("a b;c\\dxe"));
    CHECK(m->tag("flag") == std::optional<std::string>(""));
    CHECK_FALSE(m->tag("missing"));
    CHECK(m->nick == "fred");
    CHECK(m->param(1) == "hi");
    // The last of a tag given twice; a lone backslash at the end is dropped.
    const auto twice = parse_irc_line("@account=a;account=b\\ PING :x");
    REQUIRE(twice);
    CHECK(twice->tag("account") == std::optional<std::string>("b"));
    CHECK(unescape_tag_value("\\r\\n\\s\\:\\\\\\x") == "\r\n ;\\x");
    CHECK(unescape_tag_value("\\").empty());

    CHECK(account_name("fred") == "fred");
    CHECK(account_name("*").empty());
    CHECK(account_name("").empty());
    CHECK(account_name("two words").empty());
    CHECK(account_name("bell\x07").empty());
    CHECK(account_name(std::string(101, 'a')).empty());
    CHECK(account_name(std::string(100, 'a')) == std::string(100, 'a'));
    CHECK(account_name("Gr\xfc\xdf") == "Grüß");  // Latin-1 read as such

    // Odd tag sections: never a crash, never an exception.
    for (const std::string& line : std::vector<std::string>{
             "@ PING", "@; PING", "@;;;=;=x;== PING", "@=value PING", "@account PING",
             "@account= PING", "@account=\\ PING", "@account=\\\\\\ PING",
             "@" + std::string(9000, ';') + " PING", "@account=" + std::string(12000, '\\') + " X",
             "@a=" + std::string(12000, 'x') + " :n!u@h ACCOUNT :acc", "@\x01=\xff :x PING"}) {
        const auto parsed = parse_irc_line(line);
        if (parsed) {
            CHECK_FALSE(parsed->command.empty());
            if (const auto account = parsed->tag("account")) (void)account_name(*account);
        }
    }
}

TEST_CASE("IRC roster keeps accounts only of people in sight", "[irc]") {
    using niagara::bridge::irc::IrcRoster;
    IrcRoster roster;
    CHECK_FALSE(roster.set_account("alice", "alice"));  // not in a channel with the bot
    roster.join_self("#a");
    roster.join_self("#b");
    roster.add("#a", "Alice");
    roster.add("#b", "Alice");
    roster.add("#a", "Bob");
    CHECK(roster.set_account("alice", "alice-account"));
    CHECK_FALSE(roster.set_account("alice", "alice-account"));  // no change
    CHECK(roster.account_of("alice") == "alice-account");
    CHECK(roster.account_of("bob").empty());

    // The account follows a rename; leaving one of two channels keeps it, the last forgets it.
    CHECK(roster.rename("Alice", "Alicia"));
    CHECK(roster.account_of("alice").empty());
    CHECK(roster.account_of("alicia") == "alice-account");
    CHECK(roster.remove("#a", "alicia"));
    CHECK(roster.account_of("alicia") == "alice-account");
    CHECK(roster.remove("#b", "alicia"));
    CHECK(roster.account_of("alicia").empty());

    // Logged out; quit; the bot leaving the channel.
    CHECK(roster.set_account("bob", "bob"));
    CHECK(roster.set_account("bob", ""));
    CHECK(roster.account_of("bob").empty());
    CHECK(roster.set_account("bob", "bob"));
    roster.quit("bob");
    CHECK(roster.account_of("bob").empty());
    roster.add("#a", "Carol");
    CHECK(roster.set_account("carol", "carol"));
    roster.leave_self("#a");
    CHECK(roster.account_of("carol").empty());
    CHECK_FALSE(roster.set_account("carol", "carol"));
}

TEST_CASE("IRC adapter asks for the account capabilities and follows accounts", "[irc]") {
    net::io_context io;
    AccountScriptServer server(io);
    AccountEventLog events;
    IrcSettings settings = account_settings(server.port(), "niagara");
    settings.channels = {"#a"};
    IrcNetwork bot(io, settings);
    bot.set_timing(account_timing());
    bot.start(events);
    auto until = [&](const std::function<bool()>& done) { return run_until(io, done, 5s); };
    INFO(events.describe());

    SECTION("with account-tag, extended-join and account-notify") {
        REQUIRE(
            account_script_login(server, io, events, "account-tag extended-join account-notify"));
        // From NAMES nobody's account is known; WHOX tells (a wrong token is someone else's).
        CHECK(events.has("present", "bob", "", "#a"));
        server.send(":srv 354 niagara 999 #a bob mallory");
        server.send(":srv 354 niagara 815 #a bob bob-account");
        server.send(":srv 354 niagara 815 #a carol 0");
        server.send(":srv 354 niagara 815 #a dave dave-account");        // joined since NAMES
        server.send(":srv 354 niagara 815 #a niagara niagara-account");  // the bot itself
        server.send(":srv 315 niagara #a :End of WHO");
        REQUIRE(until([&] { return events.has("present", "dave", "dave-account", "#a"); }));
        CHECK(events.has("renamed", "bob", "bob-account"));
        CHECK_FALSE(events.has("renamed", "bob", "mallory"));
        CHECK(events.count([](const AccountEvent& e) { return e.key == "carol"; }) == 1);
        CHECK(events.count([](const AccountEvent& e) { return e.key == "niagara"; }) == 0);

        // The tag says who talks; no tag: nobody (even with a known account: a server with
        // account-tag always tags those logged in).
        server.send("@account=bob-account :bob!b@h PRIVMSG #a :hello");
        server.send(":carol!c@h PRIVMSG niagara :hi bot");
        server.send("@account=erin :erin!e@h PRIVMSG niagara :a stranger to the channel");
        REQUIRE(until([&] {
            return events.has_line("private", "erin", "erin", "a stranger to the channel");
        }));
        CHECK(events.has_line("channel", "bob", "bob-account", "hello"));
        CHECK(events.has_line("private", "carol", "", "hi bot"));

        // extended-join; account-notify (same key, the new account; "*": logged out).
        server.send(":frank!f@h JOIN #a frank-account :Frank");
        server.send(":gina!g@h JOIN #a * :Gina");
        server.send(":carol!c@h ACCOUNT carol-account");
        server.send(":bob!b@h ACCOUNT *");
        REQUIRE(until([&] {
            return events.count([](const AccountEvent& e) {
                return e.kind == "renamed" && e.key == "bob" && e.old_key == "bob" &&
                       e.account.empty();
            }) == 1;
        }));
        CHECK(events.has("present", "frank", "frank-account", "#a"));
        CHECK(events.has("present", "gina", "", "#a"));
        CHECK(events.has("renamed", "carol", "carol-account"));

        // A rename keeps the account; whoever takes the nick of one who quit is nobody.
        server.send(":frank!f@h NICK Franky");
        server.send("@account=frank-account :franky!f@h QUIT :bye");
        server.send(":franky!x@elsewhere JOIN #a * :Not Frank");
        REQUIRE(until([&] {
            return events.count([](const AccountEvent& e) {
                return e.kind == "present" && e.key == "franky";
            }) == 1;
        }));
        CHECK(events.count([](const AccountEvent& e) {
            return e.kind == "renamed" && e.old_key == "frank" && e.key == "franky" &&
                   e.account == "frank-account";
        }) == 1);
        CHECK(events.has("present", "franky", "", "#a"));
    }

    SECTION("without account-tag: the roster's accounts, for people in sight only") {
        REQUIRE(account_script_login(server, io, events, "extended-join account-notify"));
        server.send(":dave!d@h JOIN #a dave-account :Dave");
        server.send(":dave!d@h PRIVMSG niagara :first");
        REQUIRE(until([&] { return events.has_line("private", "dave", "dave-account", "first"); }));
        // A tag the server was not asked for is not believed.
        server.send("@account=someone-else :dave!d@h PRIVMSG #a :second");
        REQUIRE(
            until([&] { return events.has_line("channel", "dave", "dave-account", "second"); }));
        // Out of sight, the nick may be anyone's.
        server.send(":dave!d@h PART #a :bye");
        server.send(":dave!d@h PRIVMSG niagara :third");
        REQUIRE(until([&] { return events.has_line("private", "dave", "", "third"); }));
        CHECK(events.has("absent", "dave", "", "#a"));
    }

    SECTION("hostile lines on the account paths change nothing") {
        REQUIRE(
            account_script_login(server, io, events, "account-tag extended-join account-notify"));
        server.send(":srv 354 niagara 815 #a bob bob-account");
        REQUIRE(until([&] { return events.has("renamed", "bob", "bob-account"); }));
        const std::size_t before = events.events().size();
        for (const std::string& line : std::vector<std::string>{
                 ":bob!b@h ACCOUNT",
                 "ACCOUNT bob",
                 ":srv 354",
                 ":srv 354 niagara",
                 ":srv 354 niagara 815",
                 ":srv 354 niagara 815 #a",
                 ":srv 354 niagara 815 #a :",
                 ":srv 354 niagara 815 #elsewhere bob other",
                 ":srv 354 niagara 815 #a bob",
                 ":srv 354 niagara 999 #a bob other",
                 ":srv 354 niagara 815 #a bob bob-account",  // nothing new
                 ":srv CAP niagara NEW",
                 ":srv CAP niagara DEL",
                 ":srv CAP niagara ACK",
                 ":srv CAP niagara ACK :-",
                 ":srv CAP niagara ACK :sasl",  // after the login: no credentials on demand
                 ":srv CAP niagara NAK :x",
                 ":srv CAP niagara LS :sasl=PLAIN",
                 "@account= :x!y@z JOIN",
                 "@account=\\ :x!y@z ACCOUNT",
                 "@;;;=;== :x!y@z NOTICE",
                 "@account=" + std::string(8000, 'a') + " :x!y@z ACCOUNT " + std::string(4000, 'b'),
                 ":x!y@z JOIN #elsewhere account :x",
                 ":srv 421 niagara CAP :Unknown command",
                 ":niagara!u@h ACCOUNT niagara",                   // the bot's own
                 ":niagara!u@h PRIVMSG niagara :\x01VERSION\x01",  // the bot's own
                 ":bob!b@h NOTICE niagara :\x01VERSION\x01",       // an answer is never answered
                 ":bob!b@h PRIVMSG #a :\x01VERSION\x01"})          // nor a request to a channel
            server.send(line);
        // Hostile accounts are nobody: a huge one, one with a space (escaped), control bytes.
        server.send("@account=" + std::string(5000, 'h') + " :bob!b@h PRIVMSG #a :huge");
        server.send("@account=two\\swords :carol!c@h PRIVMSG #a :spaced");
        server.send("@account=\x01\x02 :carol!c@h PRIVMSG #a :control");
        server.send(":bob!b@h ACCOUNT :");
        server.send("@account=bob-account :bob!b@h PRIVMSG #a :still fine");
        REQUIRE(
            until([&] { return events.has_line("channel", "bob", "bob-account", "still fine"); }));
        CHECK(events.has_line("channel", "bob", "", "huge"));
        CHECK(events.has_line("channel", "carol", "", "spaced"));
        CHECK(events.has_line("channel", "carol", "", "control"));
        // bob: "" after the huge tag, "" once more from "ACCOUNT :" (no change), back after.
        std::vector<std::string> bob_accounts;
        for (std::size_t i = before; i < events.events().size(); ++i)
            if (events.events()[i].kind == "renamed")
                bob_accounts.push_back(events.events()[i].account);
        CHECK(bob_accounts == std::vector<std::string>{"", "bob-account"});
        CHECK(events.count([](const AccountEvent& e) {
            return e.kind == "present" && e.key != "bob" && e.key != "carol";
        }) == 0);
        CHECK(server.never("AUTHENTICATE", 300ms));
        CHECK(bot.ready());
    }
}

TEST_CASE("IRC adapter reports the services accounts of people who join and log in",
          "[irc][services]") {
    AccountWorld world;
    INFO(world.network.log());
    auto alice = world.person("alice");
    REQUIRE(account_register(*alice, "alice-password"));
    REQUIRE(world.start_bot(account_settings(world.network.port(), "niagara")));
    INFO(world.events.describe());

    // extended-join, then account-tag on her channel and private lines.
    REQUIRE(alice->join("#niagara"));
    REQUIRE(world.until([&] { return world.events.has("present", "alice", "alice", "#niagara"); }));
    alice->say("#niagara", "niagara: join");
    alice->say("niagara", "my card?");
    REQUIRE(world.until(
        [&] { return world.events.has_line("private", "alice", "alice", "my card?"); }));
    CHECK(world.events.has_line("channel", "alice", "alice", "niagara: join"));

    // Her phone: another nick logged into her account with SASL PLAIN.
    AccountEventLog phone_events;
    IrcSettings phone_settings = account_settings(world.network.port(), "alicephone");
    phone_settings.sasl_user = "alice";
    phone_settings.sasl_password = "alice-password";
    IrcNetwork phone(world.io, phone_settings);
    phone.set_timing(account_timing());
    phone.start(phone_events);
    REQUIRE(world.until(
        [&] { return world.events.has("present", "alicephone", "alice", "#niagara"); }, 10s));
    phone.say("#niagara", "from my phone");
    phone.tell("niagara", "psst");
    REQUIRE(world.until([&] {
        return world.events.has_line("channel", "alicephone", "alice", "from my phone") &&
               world.events.has_line("private", "alicephone", "alice", "psst");
    }));
    // Each sees the other with her account: the phone saw alice in NAMES, then through WHOX.
    REQUIRE(world.until([&] {
        return phone_events.count([](const AccountEvent& e) {
            return e.key == "alice" && e.account == "alice";
        }) > 0;
    }));

    // Logging in and out after joining: account-notify, the same key with the new account.
    auto carol = world.person("carol");
    REQUIRE(carol->join("#niagara"));
    REQUIRE(world.until([&] { return world.events.has("present", "carol", "", "#niagara"); }));
    REQUIRE(account_register(*carol, "carol-password"));
    REQUIRE(world.until([&] { return world.events.has("renamed", "carol", "carol"); }));
    REQUIRE(account_logout(*carol));
    REQUIRE(world.until([&] {
        return world.events.count([](const AccountEvent& e) {
            return e.kind == "renamed" && e.old_key == "carol" && e.key == "carol" &&
                   e.account.empty();
        }) == 1;
    }));
    // IDENTIFY into someone else's account: that account.
    REQUIRE(account_identify(*carol, "alice", "alice-password"));
    REQUIRE(world.until([&] { return world.events.has("renamed", "carol", "alice"); }));

    // alice goes; a stranger takes her nick (nothing enforces it here): nobody's account.
    REQUIRE(alice->quit());
    REQUIRE(world.until([&] {
        return world.events.count([](const AccountEvent& e) {
            return e.kind == "absent" && e.key == "alice";
        }) == 1;
    }));
    auto stranger = world.person("alice");
    REQUIRE(stranger->join("#niagara"));
    REQUIRE(world.until([&] {
        return world.events.count([](const AccountEvent& e) {
            return e.kind == "present" && e.key == "alice";
        }) == 2;
    }));
    CHECK(world.events.count([](const AccountEvent& e) {
        return e.kind == "present" && e.key == "alice" && e.account.empty();
    }) == 1);
    stranger->say("niagara", "I am alice, honest");
    stranger->say("#niagara", "me too");
    REQUIRE(world.until([&] {
        return world.events.has_line("private", "alice", "", "I am alice, honest") &&
               world.events.has_line("channel", "alice", "", "me too");
    }));
    CHECK(world.count("lost") == 0);
    phone.stop();
}

TEST_CASE("IRC adapter learns the accounts of those already there through WHOX, with SASL",
          "[irc][services]") {
    AccountWorld world;
    INFO(world.network.log());
    // The bot's own account, registered by its owner beforehand.
    auto owner = world.person("niagarabot");
    REQUIRE(account_register(*owner, "bot-password"));
    REQUIRE(owner->quit());
    auto dave = world.person("dave");
    REQUIRE(account_register(*dave, "dave-password"));
    REQUIRE(dave->join("#niagara"));
    auto erin = world.person("erin");
    REQUIRE(erin->join("#niagara"));

    IrcSettings settings = account_settings(world.network.port(), "niagara");
    settings.sasl_user = "niagarabot";
    settings.sasl_password = "bot-password";
    REQUIRE(world.start_bot(settings));
    INFO(world.events.describe());
    REQUIRE(world.until([&] {
        return world.events.has("renamed", "dave", "dave") ||
               world.events.has("present", "dave", "dave", "#niagara");
    }));
    REQUIRE(world.events.count([](const AccountEvent& e) { return e.key == "erin"; }) == 1);
    CHECK(world.events.has("present", "erin", "", "#niagara"));
    dave->say("#niagara", "hello");
    REQUIRE(world.until([&] { return world.events.has_line("channel", "dave", "dave", "hello"); }));

    // The bot logged in with SASL PLAIN: its WHOIS names its account.
    const std::size_t from = dave->lines().size();
    dave->send_raw("WHOIS niagara");
    const auto whois = account_wait_line(*dave, "330", from);
    REQUIRE(whois);
    CHECK(whois->param(2) == "niagarabot");
    CHECK(world.bot->logins() == 1);
}

TEST_CASE("IRC adapter on ngircd: no accounts, CTCP VERSION answered sparingly, notices",
          "[irc][ngircd]") {
    NgircdServer server;
    net::io_context io;
    AccountEventLog events;
    IrcSettings settings = account_settings(server.port(), "niagara");
    settings.private_notice = true;
    IrcNetwork bot(io, settings);
    bot.set_timing(account_timing());
    bot.start(events);
    auto until = [&](const std::function<bool()>& done) { return run_until(io, done, 5s); };
    REQUIRE(until([&] {
        return events.count([](const AccountEvent& e) { return e.kind == "ready"; }) == 1;
    }));
    INFO(events.describe());

    IrcTestClient alice(io, server.port(), "alice");
    REQUIRE(alice.connect());
    REQUIRE(alice.join("#niagara"));
    REQUIRE(until([&] { return events.has("present", "alice", "", "#niagara"); }));
    alice.say("#niagara", "hello");
    alice.say("niagara", "hi bot");
    REQUIRE(until([&] { return events.has_line("private", "alice", "", "hi bot"); }));
    CHECK(events.has_line("channel", "alice", "", "hello"));
    CHECK(events.count([](const AccountEvent& e) { return !e.account.empty(); }) == 0);

    // irc.private_notice: tell() is a NOTICE; say() to the channel stays a PRIVMSG.
    bot.tell("alice", "your seat");
    bot.say("#niagara", "for everyone");
    REQUIRE(alice.wait_for_message([](const IrcReceived& r) { return r.text == "for everyone"; }));
    REQUIRE(alice.wait_for_message([](const IrcReceived& r) { return r.text == "your seat"; }));
    for (const auto& r : alice.received()) {
        if (r.text == "your seat") CHECK((r.is_notice && r.is_private));
        if (r.text == "for everyone") CHECK_FALSE(r.is_notice);
    }

    // CTCP VERSION: one NOTICE answer; a flood of requests gets no more within 10 s; other
    // CTCP and the requests themselves are not lines for the bridge.
    auto version_answers = [&] {
        std::size_t n = 0;
        for (const auto& r : alice.received())
            n += r.is_notice && r.from == "niagara" && r.text.rfind("\x01VERSION ", 0) == 0 ? 1 : 0;
        return n;
    };
    alice.say("niagara", "\x01VERSION\x01");
    REQUIRE(alice.wait_for([&] { return version_answers() == 1; }));
    const auto answer = std::find_if(
        alice.received().begin(), alice.received().end(),
        [](const IrcReceived& r) { return r.is_notice && r.text.rfind("\x01VERSION", 0) == 0; });
    REQUIRE(answer != alice.received().end());
    CHECK(answer->text.rfind("\x01VERSION niagara-bridge ", 0) == 0);
    CHECK(answer->text.back() == '\x01');
    const std::size_t lines_before = bot.lines_sent();
    for (int i = 0; i < 50; ++i)
        alice.say("niagara", i % 2 ? "\x01VERSION\x01" : "\x01version");
    alice.say("niagara", "\x01PING 12345\x01");
    alice.say("niagara", "after the flood");
    REQUIRE(until([&] { return events.has_line("private", "alice", "", "after the flood"); }));
    alice.wait_for([] { return false; }, 300ms);
    CHECK(version_answers() == 1);
    CHECK(bot.lines_sent() - lines_before <= 2);  // a PONG at most
    CHECK(events.count([](const AccountEvent& e) {
        return e.text.find("VERSION") != std::string::npos ||
               e.text.find("PING") != std::string::npos;
    }) == 0);
    CHECK(bot.ready());
}
