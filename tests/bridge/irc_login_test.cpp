// The IRC adapter against a scripted server (ngircd has no SASL and cannot be made to misbehave):
// the login with a server password and SASL PLAIN, a refused SASL, refused nicks, PINGs from the
// server, NAMES with prefixes, hostile lines that must change nothing, and an endless line that
// ends the connection (and a reconnect follows).
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <string>

#include "irc_event_log.hpp"
#include "irc_message.hpp"
#include "irc_network.hpp"
#include "irc_sasl.hpp"
#include "irc_test_client.hpp"

namespace {

using namespace irc_test;
namespace net = boost::asio;

// A server that accepts the adapter's connections on 127.0.0.1 and says what the test says;
// expect() waits (with a deadline) for the adapter's next line to start with a given text.
class IrcScriptServer {
  public:
    explicit IrcScriptServer(net::io_context& io)
        : io_(io), acceptor_(io, {net::ip::address_v4::loopback(), 0}) {}

    unsigned short port() const { return acceptor_.local_endpoint().port(); }

    bool accept(std::chrono::milliseconds timeout = 5s) {
        socket_ = std::make_shared<net::ip::tcp::socket>(io_);
        lines_.clear();
        buffer_.clear();
        bool accepted = false;
        acceptor_.async_accept(*socket_,
                               [&](const boost::system::error_code& ec) { accepted = !ec; });
        if (!run_until(
                io_, [&] { return accepted; }, timeout)) {
            acceptor_.cancel();
            run_until(
                io_, [] { return false; }, 10ms);  // let the cancelled accept finish
            return false;
        }
        closed_ = false;
        read_next();
        return true;
    }

    // The adapter's next line, if it starts with `start`; otherwise (or on timeout) "".
    std::string expect(const std::string& start, std::chrono::milliseconds timeout = 5s) {
        if (!run_until(
                io_, [&] { return !lines_.empty() || closed_; }, timeout))
            return "";
        if (lines_.empty()) return "";
        std::string line = lines_.front();
        lines_.pop_front();
        UNSCOPED_INFO("the adapter sent: " << line);
        return line.rfind(start, 0) == 0 ? line : "";
    }
    bool quiet_for(std::chrono::milliseconds time) {
        run_until(
            io_, [&] { return !lines_.empty(); }, time);
        return lines_.empty();
    }

    void send(const std::string& line) {
        auto text = std::make_shared<std::string>(line + "\r\n");
        net::async_write(*socket_, net::buffer(*text), [text](auto&&...) {});
    }
    bool closed() const { return closed_; }

  private:
    void read_next() {
        auto socket = socket_;
        net::async_read_until(*socket, net::dynamic_buffer(buffer_), "\r\n",
                              [this, socket](const boost::system::error_code& ec, std::size_t n) {
                                  if (socket != socket_) return;
                                  if (ec) {
                                      closed_ = true;
                                      return;
                                  }
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
    bool closed_ = true;
};

niagara::bridge::IrcSettings irc_script_settings(const IrcScriptServer& server) {
    niagara::bridge::IrcSettings settings;
    settings.host = "127.0.0.1";
    settings.port = server.port();
    settings.channels = {"#a", "#b"};
    return settings;
}

niagara::bridge::IrcTiming irc_script_timing() {
    niagara::bridge::IrcTiming timing;
    timing.backoff_first = 100ms;
    timing.backoff_max = 500ms;
    timing.join_fallback = 300ms;
    return timing;
}

}  // namespace

TEST_CASE("IRC adapter logs in with a password and SASL PLAIN, and answers PINGs", "[irc]") {
    net::io_context io;
    IrcScriptServer server(io);
    auto settings = irc_script_settings(server);
    settings.password = "server secret";
    settings.sasl_user = "bot";
    settings.sasl_password = "sasl secret";
    IrcEventLog events;
    niagara::bridge::IrcNetwork bot(io, settings);
    bot.set_timing(irc_script_timing());
    bot.start(events);
    REQUIRE(server.accept());

    CHECK(server.expect("PASS :server secret") != "");
    CHECK(server.expect("CAP LS 302") != "");
    CHECK(server.expect("NICK niagara") != "");
    CHECK(server.expect("USER niagara 0 * :Niagara board game bridge") != "");
    // CAP LS in two lines (302), SASL offered among others.
    server.send(":srv CAP * LS * :multi-prefix away-notify");
    server.send(":srv CAP * LS :sasl=EXTERNAL,PLAIN account-tag");
    CHECK(server.expect("CAP REQ :sasl") != "");
    server.send(":srv CAP * ACK :sasl");
    CHECK(server.expect("AUTHENTICATE PLAIN") != "");
    server.send("AUTHENTICATE +");
    const std::string credentials =
        niagara::bridge::irc::base64(std::string("bot\0bot\0sasl secret", 19));
    CHECK(server.expect("AUTHENTICATE " + credentials) != "");
    server.send(":srv 900 niagara niagara!u@h bot :You are now logged in as bot");
    server.send(":srv 903 niagara :SASL authentication successful");
    CHECK(server.expect("CAP END") != "");

    server.send(":srv 001 niagara :Welcome to the test network niagara!~bot@cloak/bot");
    server.send(":srv 005 niagara NICKLEN=16 CHANTYPES=# :are supported by this server");
    server.send(":srv 376 niagara :End of /MOTD command.");
    CHECK(server.expect("JOIN #a,#b") != "");
    REQUIRE(run_until(
        io, [&] { return events.count("ready") == 1; }, 5s));
    CHECK(bot.self_nick() == "niagara");

    server.send("PING :token 123");
    CHECK(server.expect("PONG :token 123") != "");

    // NAMES with prefixes (multi-prefix) and nick!user@host (userhost-in-names).
    server.send(":niagara!~bot@cloak/bot JOIN #a");
    server.send(":srv 353 niagara = #a :@+op +voice niagara plain!u@h");
    server.send(":srv 366 niagara #a :End of /NAMES list.");
    REQUIRE(run_until(
        io, [&] { return events.count("present") == 3; }, 5s));
    CHECK(events.has("present", "#a", "op"));
    CHECK(events.has("present", "#a", "voice"));
    CHECK(events.has("present", "#a", "plain"));

    // With its prefix known and NICKLEN 16, a long line is cut to fit 512 bytes as relayed.
    std::string long_line;
    for (int i = 0; i < 100; ++i)
        long_line += "word" + std::to_string(i) + " ";
    bot.say("#a", long_line);
    std::string first = server.expect("PRIVMSG #a :");
    REQUIRE(first != "");
    CHECK((":niagara!~bot@cloak/bot " + first + "\r\n").size() <= 512);
    CHECK((":niagara!~bot@cloak/bot " + first + "\r\n").size() > 480);
    CHECK(server.expect("PRIVMSG #a :") != "");
}

TEST_CASE("IRC adapter logs in without an account when SASL fails or is not offered", "[irc]") {
    net::io_context io;
    IrcScriptServer server(io);
    auto settings = irc_script_settings(server);
    settings.sasl_user = "bot";
    settings.sasl_password = "wrong";
    IrcEventLog events;
    niagara::bridge::IrcNetwork bot(io, settings);
    bot.set_timing(irc_script_timing());
    bot.start(events);

    SECTION("refused") {
        REQUIRE(server.accept());
        CHECK(server.expect("CAP LS 302") != "");
        CHECK(server.expect("NICK") != "");
        CHECK(server.expect("USER") != "");
        server.send(":srv CAP * LS :sasl");
        CHECK(server.expect("CAP REQ :sasl") != "");
        server.send(":srv CAP * ACK :sasl");
        CHECK(server.expect("AUTHENTICATE PLAIN") != "");
        server.send("AUTHENTICATE +");
        CHECK(server.expect("AUTHENTICATE ") != "");
        server.send(":srv 904 niagara :SASL authentication failed");
        CHECK(server.expect("CAP END") != "");
    }
    SECTION("not offered") {
        REQUIRE(server.accept());
        CHECK(server.expect("CAP LS 302") != "");
        CHECK(server.expect("NICK") != "");
        CHECK(server.expect("USER") != "");
        server.send(":srv CAP * LS :multi-prefix");
        CHECK(server.expect("CAP END") != "");
    }
    // Either way the login goes on; without a MOTD the bot joins a moment after 001.
    server.send(":srv 001 niagara :Welcome");
    CHECK(server.expect("JOIN #a,#b") != "");
    CHECK(events.count("ready") == 1);
}

TEST_CASE("IRC adapter tries other nicks until one is free", "[irc]") {
    net::io_context io;
    IrcScriptServer server(io);
    IrcEventLog events;
    niagara::bridge::IrcNetwork bot(io, irc_script_settings(server));
    bot.set_timing(irc_script_timing());
    bot.start(events);
    REQUIRE(server.accept());
    CHECK(server.expect("CAP LS 302") != "");  // always; this server ignores it
    CHECK(server.expect("NICK niagara") != "");
    CHECK(server.expect("USER") != "");
    server.send(":srv 433 * niagara :Nickname is already in use");
    CHECK(server.expect("NICK niagara1") != "");
    server.send(":srv 433 * niagara1 :Nickname is already in use");
    CHECK(server.expect("NICK niagara2") != "");
    server.send(":srv 437 * niagara2 :Nick/channel is temporarily unavailable");
    CHECK(server.expect("NICK niagara3") != "");
    server.send(":srv 001 niagara3 :Welcome");
    server.send(":srv 422 niagara3 :MOTD File is missing");
    CHECK(server.expect("JOIN #a,#b") != "");
    CHECK(bot.self_nick() == "niagara3");
    CHECK(events.events().at(0).text == "niagara3");
    // After the login a refused nick changes nothing.
    server.send(":srv 433 niagara3 other :Nickname is already in use");
    CHECK(server.quiet_for(200ms));
}

TEST_CASE("IRC adapter shrugs off hostile lines and drops an endless one", "[irc]") {
    net::io_context io;
    IrcScriptServer server(io);
    IrcEventLog events;
    niagara::bridge::IrcNetwork bot(io, irc_script_settings(server));
    bot.set_timing(irc_script_timing());
    bot.start(events);
    REQUIRE(server.accept());
    server.send(":srv 001 niagara :Welcome");
    server.send(":srv 376 niagara :End");
    REQUIRE(run_until(
        io, [&] { return events.count("ready") == 1; }, 5s));
    server.send(":niagara!u@h JOIN #a");

    for (const std::string& line :
         std::vector<std::string>{"",
                                  ":",
                                  "@only-tags",
                                  "@tags :",
                                  ":x",
                                  ":srv",
                                  ":srv 353 niagara",
                                  ":srv 353 niagara = #a",
                                  ":srv 353 niagara = #a :@ + ~ !",
                                  ":srv 005",
                                  ":srv CAP",
                                  ":srv CAP * LS",
                                  "PING",
                                  "AUTHENTICATE +",
                                  ":a!b@c PRIVMSG",
                                  ":a!b@c PRIVMSG #a",
                                  ":a!b@c PRIVMSG #a :",
                                  ":a!b@c PRIVMSG niagara :\x01",
                                  ":a!b@c NOTICE",
                                  ":a!b@c NICK",
                                  ":a!b@c NICK :",
                                  ":a!b@c KICK #a",
                                  ":a!b@c KICK",
                                  ":a!b@c PART",
                                  ":a!b@c JOIN",
                                  ":a!b@c QUIT",
                                  ":!@ JOIN #a",
                                  ":srv NOTICE niagara :*** a server notice",
                                  ":srv 433",
                                  ":srv 001",
                                  ":niagara!u@h NICK",
                                  "ERROR",
                                  ":x!y@z PRIVMSG @#a :to the operators only",
                                  "\x01\x01\x01",
                                  ":" + std::string(400, '!') + " PRIVMSG #a :odd prefix"})
        server.send(line);
    server.send(":carol!c@h PRIVMSG #a :still fine");
    INFO(events.describe());
    REQUIRE(run_until(
        io, [&] { return events.count("channel") > 0; }, 5s));
    const auto& last = events.events().back();
    CHECK(last.kind == "channel");
    CHECK(last.text == "still fine");
    CHECK(last.key == "carol");
    // Nothing of the garbage was a line, a presence or a rename; the server's notice neither.
    CHECK(events.count("private") == 0);
    CHECK(events.count("renamed") == 0);
    CHECK(events.count("channel") == 1);
    CHECK(bot.ready());

    // 20 KiB without a line end: not IRC. The bot hangs up and comes back.
    server.send(std::string(20 * 1024, 'x'));
    REQUIRE(run_until(
        io, [&] { return events.count("lost") == 1; }, 5s));
    CHECK(events.events().back().text.find("longer") != std::string::npos);
    REQUIRE(server.accept());
    CHECK(server.expect("CAP LS 302") != "");
    CHECK(server.expect("NICK niagara") != "");
    INFO(events.describe());
}
