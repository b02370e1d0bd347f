// The IRC adapter over TLS to ngircd's TLS port (a self-signed certificate for "localhost"):
// it talks when told not to verify, and refuses the server when told to (the certificate is
// nobody's the system trusts).
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <string>

#include "irc_event_log.hpp"
#include "irc_network.hpp"
#include "irc_test_client.hpp"
#include "ngircd_fixture.hpp"

namespace {

using namespace irc_test;

niagara::bridge::IrcSettings irc_tls_settings(const NgircdServer& server, bool verify) {
    niagara::bridge::IrcSettings settings;
    settings.host = "localhost";  // the certificate's name, and SNI
    settings.port = server.tls_port();
    settings.tls = true;
    settings.tls_verify = verify;
    settings.channels = {"#secure"};
    return settings;
}

}  // namespace

TEST_CASE("IRC adapter talks over TLS, and refuses an untrusted certificate", "[irc][ngircd]") {
    NgircdServer server(NgircdServer::Options{.tls = true});
    boost::asio::io_context io;
    IrcTestClient alice(io, server.port(), "alice");  // on the plain port
    REQUIRE(alice.connect());
    REQUIRE(alice.join("#secure"));

    SECTION("without verification") {
        IrcEventLog events;
        niagara::bridge::IrcNetwork bot(io, irc_tls_settings(server, false));
        bot.start(events);
        REQUIRE(run_until(
            io, [&] { return events.has("present", "#secure", "alice"); }, 10s));
        bot.say("#secure", "over TLS");
        REQUIRE(alice.wait_for_message(
            [](const IrcReceived& r) { return r.from == "niagara" && r.text == "over TLS"; }));
        alice.say("niagara", "and back");
        REQUIRE(run_until(
            io, [&] { return events.count("private") == 1; }, 5s));
        CHECK(events.events().back().text == "and back");
    }
    SECTION("with verification") {
        IrcEventLog events;
        niagara::bridge::IrcNetwork bot(io, irc_tls_settings(server, true));
        niagara::bridge::IrcTiming timing;
        timing.backoff_first = 200ms;
        bot.set_timing(timing);
        bot.start(events);
        // It tries, and tries again, and never logs in.
        REQUIRE(run_until(
            io, [&] { return bot.connect_attempts() >= 2; }, 5s));
        CHECK(bot.logins() == 0);
        CHECK(events.events().empty());
        CHECK_FALSE(alice.saw("JOIN", "niagara"));
    }
}
