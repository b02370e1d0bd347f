// niagara-bridge: plays Niagara from IRC channels and XMPP rooms through a game server.
//   niagara-bridge --config bridge.conf
//   NIAGARA_BRIDGE_IRC_HOST=irc.example.org NIAGARA_BRIDGE_IRC_CHANNELS=#niagara niagara-bridge
// Settings: bridge_config.hpp and deploy/bridge.conf.example.
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <csignal>
#include <fstream>
#include <iostream>
#include <sstream>
#include <map>
#include <memory>
#include <vector>

#include "bridge.hpp"
#include "bridge_config.hpp"
#include "bridge_state.hpp"
#include "guarded.hpp"
#include "health.hpp"
#include "irc_network.hpp"
#include "server_probe.hpp"
#include "xmpp_network.hpp"

namespace {

constexpr const char* kUsage =
    "usage: niagara-bridge [--config FILE] [--KEY VALUE ...] [--check]\n"
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
    "--check: with the same settings, whether the running bridge is well (its heartbeat,\n"
    "  STATE_FILE.health: fresh, chat networks connected, the game server answering): exit 0\n"
    "  when it is, 1 with the reason when not (a container's healthcheck).\n"
    "See deploy/bridge.conf.example and the README, \"Play from IRC or XMPP\".\n";

// How often the running bridge probes the game server and rewrites its heartbeat file.
constexpr std::chrono::seconds kHeartbeat{20};

// --check: the verdict on the running bridge's heartbeat file.
int check_health(const std::filesystem::path& state_file) {
    using namespace niagara::bridge;
    const std::filesystem::path file = health_file_for(state_file);
    if (file.empty()) {
        std::cout << "unhealthy: no state_file, so no heartbeat file to read\n";
        return 1;
    }
    std::optional<std::string> text;
    if (std::ifstream in(file); in) {
        std::ostringstream all;
        all << in.rdbuf();
        text = all.str();
    }
    const HealthVerdict verdict = judge_health(text, Health::Clock::now());
    std::cout << (verdict.healthy ? "" : "unhealthy: ") << verdict.line << " (" << file.string()
              << ")\n";
    return verdict.healthy ? 0 : 1;
}

// Every kHeartbeat: a /healthz probe of the game server, then the heartbeat file. The file is
// written when the probe ends (at most 5 s later), so a stuck loop shows as a stale file.
void beat(boost::asio::io_context& io, boost::asio::steady_timer& timer,
          const niagara::bridge::ServerAddress& server, niagara::bridge::Health& health,
          const std::filesystem::path& file) {
    using namespace niagara::bridge;
    probe_server(io, server, std::chrono::seconds(5), [&](std::optional<std::string> failure) {
        if (!health.server_probed(failure, Health::Clock::now()))  // writes the file
            spdlog::warn("cannot write the heartbeat file {}", file.string());
        timer.expires_after(kHeartbeat);
        timer.async_wait([&](boost::system::error_code ec) {
            if (!ec) beat(io, timer, server, health, file);
        });
    });
}

}  // namespace

int main(int argc, char** argv) {
    using namespace niagara::bridge;
    bool check = false;
    std::vector<char*> args;  // the arguments without --check, for the settings
    for (int i = 0; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (i > 0 && (arg == "--help" || arg == "-h")) {
            std::cout << kUsage;
            return 0;
        }
        if (i > 0 && arg == "--check") check = true;
        else args.push_back(argv[i]);
    }
    const LoadedSettings loaded = load_settings(int(args.size()), args.data());
    if (!loaded.settings) {
        std::cerr << "niagara-bridge: " << loaded.error << "\n" << kUsage;
        return 2;
    }
    const BridgeSettings& settings = *loaded.settings;
    if (check) return check_health(settings.state_file);
    spdlog::set_level(spdlog::level::from_str(settings.log_level));
    // Every line at once: a container's log (or a test's file) shows it as it happens.
    spdlog::flush_on(spdlog::level::trace);
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
    const std::filesystem::path health_file = health_file_for(settings.state_file);
    Health health(health_file);
    boost::asio::steady_timer heartbeat(io);
    // In place before any network starts: a stop from then on is a clean one.
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int signal) {
        spdlog::info("signal {}: stopping", signal);
        for (auto& bridge : bridges)
            bridge->stop();
        for (auto& network : networks)
            network->stop();
        heartbeat.cancel();
        // A stopped bridge is not healthy: --check says so at once, not a minute later.
        std::error_code ignored;
        if (!health_file.empty()) std::filesystem::remove(health_file, ignored);
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
        options.health = &health;
        health.network_started(network->network_name(), Health::Clock::now());
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
    if (!health_file.empty()) beat(io, heartbeat, *server, health, health_file);
    // A handler that throws ends run(); guarded() already catches the bridge's own, so this
    // only logs what escaped elsewhere (an adapter, Asio) and goes on serving everyone else.
    while (!io.stopped()) {
        guarded("the event loop", [&] { io.run(); });
    }
    return 0;
}
