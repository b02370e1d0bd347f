#include "chat_commands.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "niagara/ascii.hpp"
#include "texts.hpp"

namespace niagara::bridge {

namespace {

using ascii::lower;

bool is_space(char c) {
    return c == ' ' || c == '\t';
}

// The line's words, white space normalised; empty when it holds a control character (those
// never form a command: a card or a move has none).
std::string normalise(std::string_view text) {
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (is_space(c)) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else if (u < 0x20 || u == 0x7f) {
            return {};
        } else {
            out += c;
        }
    }
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

constexpr std::array<std::pair<std::string_view, ChatCommand::Kind>, 22> kWords{{
    {"help", ChatCommand::Kind::Help},
    {"board", ChatCommand::Kind::Board},
    {"river", ChatCommand::Kind::Board},
    {"hand", ChatCommand::Kind::Hand},
    {"moves", ChatCommand::Kind::Moves},
    {"tables", ChatCommand::Kind::Tables},
    {"new", ChatCommand::Kind::NewTable},
    {"join", ChatCommand::Kind::Join},
    {"leave", ChatCommand::Kind::Leave},
    {"start", ChatCommand::Kind::Start},
    {"addbot", ChatCommand::Kind::Addbot},
    {"play", ChatCommand::Kind::Card},
    {"lang", ChatCommand::Kind::Lang},
    {"who", ChatCommand::Kind::Who},
    {"watch", ChatCommand::Kind::Watch},
    {"concede", ChatCommand::Kind::Concede},
    {"resume", ChatCommand::Kind::Resume},
    {"abort", ChatCommand::Kind::Abort},
    {"rating", ChatCommand::Kind::Rating},
    {"top", ChatCommand::Kind::Top},
    {"link", ChatCommand::Kind::Link},
    {"unlink", ChatCommand::Kind::Unlink},
}};

// The engine's decision words (engine/README.md, "Notation").
constexpr std::array<std::string_view, 11> kDecisionWords{
    "canoe", "buyback", "buy", "cloud", "done", "end", "pass", "elk", "fork", "free", "joe"};

ChatCommand command_from(std::string_view body) {
    const std::string words = normalise(body);
    ChatCommand command;
    if (words.empty() || words.size() > kMaxCommandBytes) return command;
    const auto space = words.find(' ');
    command.word = lower(words.substr(0, space));
    command.args = space == std::string::npos ? "" : words.substr(space + 1);
    for (const auto& [word, kind] : kWords)
        if (command.word == word) {
            command.kind = kind;
            return command;
        }
    if (std::find(kDecisionWords.begin(), kDecisionWords.end(), command.word) !=
        kDecisionWords.end()) {
        command.kind = ChatCommand::Kind::Decision;
        return command;
    }
    command.kind = ChatCommand::Kind::Unknown;
    return command;
}

}  // namespace

ChatCommand parse_channel_line(std::string_view text, std::string_view self_nick) {
    if (text.size() > kMaxCommandBytes) return {};
    while (!text.empty() && is_space(text.front()))
        text.remove_prefix(1);
    if (text.starts_with('!')) return command_from(text.substr(1));
    // "niagara: join", "niagara, join", "niagara join"? Only with ':' or ',' (as IRC clients
    // complete a nick), so that talk about the bot is not taken for a command.
    if (!self_nick.empty() && text.size() > self_nick.size() &&
        lower(text.substr(0, self_nick.size())) == lower(self_nick) &&
        (text[self_nick.size()] == ':' || text[self_nick.size()] == ',')) {
        std::string_view rest = text.substr(self_nick.size() + 1);
        while (!rest.empty() && is_space(rest.front()))
            rest.remove_prefix(1);
        if (rest.starts_with('!') || rest.starts_with('/')) rest.remove_prefix(1);
        return command_from(rest);
    }
    return {};
}

ChatCommand parse_private_line(std::string_view text) {
    if (text.size() > kMaxCommandBytes) return {};
    while (!text.empty() && is_space(text.front()))
        text.remove_prefix(1);
    if (text.starts_with('!') || text.starts_with('/')) text.remove_prefix(1);
    return command_from(text);
}

std::string help_line_public(std::string_view lang, std::string_view self) {
    return tr(lang, "bridge.help.channel", {{"self", std::string(self)}});
}

std::string help_line_private(std::string_view lang, std::string_view self) {
    return tr(lang, "bridge.help.private", {{"self", std::string(self)}});
}

}  // namespace niagara::bridge
