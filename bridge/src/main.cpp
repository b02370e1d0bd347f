// niagara-bridge: plays Niagara from IRC channels and XMPP rooms through a game server.
//   niagara-bridge --config bridge.conf
//   NIAGARA_BRIDGE_IRC_HOST=irc.example.org NIAGARA_BRIDGE_IRC_CHANNELS=#niagara niagara-bridge
// Settings: bridge_config.hpp and deploy/bridge.conf.example.
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <csignal>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include "bridge.hpp"
#include "bridge_config.hpp"
#include "bridge_state.hpp"
#include "guarded.hpp"
#include "irc_network.hpp"
#include "xmpp_network.hpp"

namespace {

constexpr const char* kUsage =
    "usage: niagara-bridge [--config FILE] [--KEY VALUE ...]\n"
    "Plays Niagara from IRC channels and XMPP rooms: one game-server connection per chat user.\n"
    "Settings (file lines `key = value`, NIAGARA_BRIDGE_KEY variables, or --key value flags):\n"
    "  server            ws://127.0.0.1:8080/ws   the game server\n"
    "  state_file        bridge-state.json        seats kept across restarts (mode 0600)\n"
    "  bot_level         (server's default)       bots= for !new: random, greedy or strong\n"
    "  log_level         info\n"
    "  lang              en                       the channels' language: en, fr, cs or de\n"
    "  irc.lang xmpp.lang irc.channel_lang (#a=fr,#b=cs) xmpp.room_lang (room@muc.host=de)\n"
    "  user_rate user_burst  2, 6                commands per chat user per second, bursts\n"
    "  irc.host irc.port irc.tls irc.tls_verify irc.nick irc.user irc.realname irc.password\n"
    "  irc.sasl_user irc.sasl_password irc.channels (#a,#b) irc.rate irc.burst irc.max_waiting\n"
    "  irc.private_notice (false: private lines as PRIVMSG) irc.timer xmpp.timer (0: none)\n"
    "  xmpp.jid xmpp.password xmpp.host xmpp.port xmpp.tls_required xmpp.tls_verify\n"
    "  xmpp.rooms (room@muc.host,...) xmpp.room_nick xmpp.rate xmpp.burst xmpp.max_waiting\n"
    "See deploy/bridge.conf.example and the README, \"Play from IRC or XMPP\".\n";

}  // namespace

int main(int argc, char** argv) {
    using namespace niagara::bridge;
    for (int i = 1; i < argc; ++i)
        if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h") {
            std::cout << kUsage;
            return 0;
        }
    const LoadedSettings loaded = load_settings(argc, argv);
    if (!loaded.settings) {
        std::cerr << "niagara-bridge: " << loaded.error << "\n" << kUsage;
        return 2;
    }
    const BridgeSettings& settings = *loaded.settings;
    spdlog::set_level(spdlog::level::from_str(settings.log_level));
    const auto server = parse_server_url(settings.server_url);
    if (!server) {
        std::cerr << "niagara-bridge: server must be ws://HOST:PORT/ws, not '"
                  << settings.server_url << "'\n";
        return 2;
    }
    BridgeState state(settings.state_file);
    if (auto problem = state.load()) {
        std::cerr << "niagara-bridge: " << *problem << "\n";
        return 1;
    }
    std::signal(SIGPIPE, SIG_IGN);

    // One thread: the bridge, its game-server connections and the adapters' events all run
    // here, so nothing is shared between threads (libstrophe's own loop posts to it).
    boost::asio::io_context io(1);
    std::vector<std::unique_ptr<ChatNetwork>> networks;
    std::vector<std::unique_ptr<Bridge>> bridges;
    // In place before any network starts: a stop from then on is a clean one.
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int signal) {
        spdlog::info("signal {}: stopping", signal);
        for (auto& bridge : bridges)
            bridge->stop();
        for (auto& network : networks)
            network->stop();
        io.stop();
    });
    auto add = [&](std::unique_ptr<ChatNetwork> network, std::vector<std::string> channels,
                   const std::string& lang, const std::map<std::string, std::string>& langs,
                   int turn_seconds) {
        Bridge::Options options;
        options.turn_seconds = turn_seconds;
        options.lang = lang.empty() ? settings.lang : lang;
        options.channel_langs = langs;
        options.server = *server;
        options.channels = std::move(channels);
        options.bot_level = settings.bot_level;
        options.commands_per_second = settings.user_rate;
        options.commands_burst = settings.user_burst;
        bridges.push_back(std::make_unique<Bridge>(io, *network, state, options));
        network->start(*bridges.back());
        networks.push_back(std::move(network));
    };
    if (settings.irc.enabled)
        add(std::make_unique<IrcNetwork>(io, settings.irc), settings.irc.channels,
            settings.irc.lang, settings.irc.channel_langs, settings.irc.timer);
    if (settings.xmpp.enabled)
        add(std::make_unique<XmppNetwork>(io, settings.xmpp), settings.xmpp.rooms,
            settings.xmpp.lang, settings.xmpp.room_langs, settings.xmpp.timer);

    spdlog::info("niagara-bridge: game server {}; {}{}", settings.server_url,
                 settings.irc.enabled ? "IRC " + settings.irc.host + " " : "",
                 settings.xmpp.enabled ? "XMPP " + settings.xmpp.jid : "");
    // A handler that throws ends run(); guarded() already catches the bridge's own, so this
    // only logs what escaped elsewhere (an adapter, Asio) and goes on serving everyone else.
    while (!io.stopped()) {
        guarded("the event loop", [&] { io.run(); });
    }
    return 0;
}
