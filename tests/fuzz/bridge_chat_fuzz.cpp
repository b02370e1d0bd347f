// libFuzzer target: everything a chat user, a chat network or a confused game server can make
// the bridge read. The input is a script of lines; each line's first byte picks what happens
// and the rest is its text:
//   P/A/R  someone (the second byte picks one of four nicks and three accounts) is present in,
//          absent from, or renamed in one of two channels
//   C/M    a channel / private line from someone (the bridge's commands in every state)
//   L/Y    the chat connection is lost / back
//   S/W    a server message (JSON) to a player's connection / to a channel's spectator
//   V      the private lines and the river picture drawn from a view and a prompt (JSON)
//   I      an IRC line through the parser and the text helpers, its nick through the name a
//          chat user plays under; X an XMPP body
// The bridge talks to a game server on a closed port, so its connections fail at once and
// retry, as they would with the server down. It must never crash, throw out of a handler
// (guarded() counts what it caught: a bug to fix, so it aborts here) or hand the chat network
// a line with a line break or a NUL.
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bridge.hpp"
#include "bridge_state.hpp"
#include "channel_relay.hpp"
#include "guarded.hpp"
#include "irc_message.hpp"
#include "niagara/protocol/names.hpp"
#include "player_link.hpp"
#include "player_name.hpp"
#include "private_lines.hpp"
#include "river_picture.hpp"
#include "texts.hpp"
#include "xmpp_text.hpp"

namespace {

using niagara::bridge::ChatUser;
using Json = nlohmann::json;

[[noreturn]] void broken(const std::string& what) {
    std::fprintf(stderr, "bridge chat: %s\n", what.c_str());
    std::abort();
}

void check_line(const std::string& line) {
    if (line.find_first_of(std::string("\r\n\0", 3)) != std::string::npos)
        broken("a line with CR, LF or NUL: " + line);
}

class ScriptNetwork final : public niagara::bridge::ChatNetwork {
  public:
    void start(niagara::bridge::ChatEvents&) override {}
    void stop() override {}
    void say(const std::string&, const std::string& line) override { check_line(line); }
    void tell(const std::string&, const std::string& line) override { check_line(line); }
    std::string network_name() const override { return "irc"; }
};

ChatUser who(char pick) {
    static const char* const nicks[] = {"alice", "bob", "Zoë", "[m]allory"};
    static const char* const accounts[] = {"", "alice", "carol"};
    const auto u = static_cast<unsigned char>(pick);
    const std::string nick = nicks[u % 4];
    return ChatUser{niagara::bridge::irc::casefold(nick), nick, accounts[(u / 4) % 3]};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view script(reinterpret_cast<const char*>(data), size);
    const std::size_t failures_before = niagara::bridge::guarded_failures();
    {
        boost::asio::io_context io;
        ScriptNetwork network;
        niagara::bridge::BridgeState state{std::filesystem::path()};
        niagara::bridge::Bridge::Options options;
        options.server = {"127.0.0.1", 1};  // nobody listens: every connection fails
        options.channels = {"#niagara", "#jeux"};
        options.commands_per_second = 1000;
        options.commands_burst = 1000;
        // Every wait at once (the next poll), so that what follows a wait is fuzzed too: a
        // retry after a lost connection, a quit that counts, an idle connection closed, the
        // ones not seen again after the chat network came back. With the waits of a real
        // bridge (seconds) they would run only when an input took that long.
        options.channel_cooldown = options.reconnect_delay = options.idle_link =
            options.reseen_grace = options.quit_grace = std::chrono::milliseconds(1);
        niagara::bridge::Bridge bridge(io, network, state, options);
        const std::vector<std::string> channels = options.channels;
        bridge.on_ready("niagara");

        // A player's connection and a channel's spectator alone, as the bridge holds them: what
        // they hand on is made one line by the bridge (Bridge::say_line and the like).
        const auto handed_on = [](const std::string& line) {
            check_line(niagara::bridge::one_line(line));
        };
        niagara::bridge::PlayerLink::Hooks link_hooks;
        link_hooks.tell = handed_on;
        link_hooks.answer_in_channel = handed_on;
        link_hooks.linked = [](const std::string& name, const std::string& key) {
            if (key.size() != 64 || name.empty()) broken("a link kept without its key or name");
            return true;
        };
        // Linked to a site account: its key is presented first (/linkkey), then the name.
        auto link = std::make_shared<niagara::bridge::PlayerLink>(
            io, options.server, std::vector<std::string>{"alice"}, std::nullopt, "fr",
            std::move(link_hooks), std::string(64, 'a'));
        link->start();
        niagara::bridge::ChannelRelay::Hooks relay_hooks;
        relay_hooks.say = handed_on;
        auto relay = std::make_shared<niagara::bridge::ChannelRelay>(io, options.server, "cs",
                                                                     std::move(relay_hooks));
        relay->start();
        relay->watch(1);

        std::size_t start = 0;
        while (start < script.size()) {
            std::size_t end = script.find('\n', start);
            if (end == std::string_view::npos) end = script.size();
            const std::string_view record = script.substr(start, end - start);
            start = end + 1;
            if (record.empty()) continue;
            const char op = record[0];
            const char pick = record.size() > 1 ? record[1] : 0;
            const std::string text(record.size() > 2 ? record.substr(2) : std::string_view());
            const std::string& channel = channels[static_cast<unsigned char>(pick) % 2];
            switch (op) {
                case 'P':
                    bridge.on_present(channel, who(pick));
                    break;
                case 'A':
                    bridge.on_absent(channel, who(pick).key);
                    break;
                case 'R': {
                    const ChatUser from = who(pick);
                    bridge.on_renamed(from.key, who(text.empty() ? 0 : text[0]));
                    break;
                }
                case 'C':
                    bridge.on_channel_line(channel, who(pick), text);
                    break;
                case 'M':
                    bridge.on_private_line(who(pick), text);
                    break;
                case 'L':
                    bridge.on_connection_lost(text);
                    break;
                case 'Y':
                    bridge.on_ready(text);
                    break;
                case 'S':
                case 'W':
                case 'V': {
                    const Json m = Json::parse(text, nullptr, false);
                    if (m.is_discarded()) break;
                    if (op == 'S') link->receive(m);
                    if (op == 'W') relay->receive(m);
                    if (op == 'V') {
                        const Json view = m.is_object() ? m.value("view", Json()) : Json();
                        const Json prompt = m.is_object() ? m.value("prompt", Json()) : Json();
                        for (const char* lang : {"en", "cs"}) {
                            handed_on(niagara::bridge::prompt_line(lang, 3, prompt, view));
                            handed_on(niagara::bridge::hand_line(lang, view));
                            for (const auto& line : niagara::bridge::moves_lines(lang, prompt))
                                handed_on(line);
                            for (const auto& line : niagara::bridge::river_picture(view, lang))
                                handed_on(line);
                        }
                        (void)relay->who_line();
                        (void)link->hand_line();
                        (void)link->moves_lines();
                        link->repeat_prompt();
                    }
                    break;
                }
                case 'I':
                    if (auto parsed = niagara::bridge::irc::parse_irc_line(text)) {
                        for (const auto& param : parsed->params) {
                            (void)niagara::bridge::irc::ctcp_command(param);
                            (void)niagara::bridge::irc::is_channel_name(param);
                            check_line(niagara::bridge::irc::clean_outgoing(
                                niagara::bridge::irc::to_utf8(
                                    niagara::bridge::irc::strip_formatting(param))));
                        }
                        (void)niagara::bridge::irc::casefold(parsed->nick);
                        // The name the nick would play under: one the server takes, with each
                        // variant the bridge may ask for (player_name.hpp).
                        const std::string base = niagara::bridge::player_name_base(parsed->nick);
                        if (niagara::protocol::check_name(base + "_4").fault !=
                                niagara::protocol::NameFault::None ||
                            niagara::protocol::is_reserved_name(base))
                            broken("a chat name the server would refuse");
                    }
                    break;
                case 'X':
                    for (const auto& line : niagara::bridge::xmpp::body_lines(text))
                        (void)line;
                    break;
                default:
                    break;
            }
            io.poll();
        }
        bridge.stop();
        link->close();
        relay->close();
        io.poll();
    }
    if (niagara::bridge::guarded_failures() != failures_before)
        broken("a handler threw (guarded() caught it; the log says where)");
    return 0;
}
