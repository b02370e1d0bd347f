#include "bridge_config.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "niagara/ascii.hpp"
#include "texts.hpp"

extern char** environ;

namespace niagara::bridge {

namespace {

using Setter = std::function<std::optional<std::string>(BridgeSettings&, const std::string&)>;

std::optional<std::string> to_bool(const std::string& v, bool& out) {
    const std::string l = ascii::lower(v);
    if (l == "1" || l == "true" || l == "yes" || l == "on") return out = true, std::nullopt;
    if (l == "0" || l == "false" || l == "no" || l == "off") return out = false, std::nullopt;
    return "'" + v + "' is not true or false";
}

template <typename T>
std::optional<std::string> to_number(const std::string& v, T& out, T low, T high) {
    T value{};
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
    if (ec != std::errc() || end != v.data() + v.size() || value < low || value > high)
        return "'" + v + "' is not a number from " + std::to_string(low) + " to " +
               std::to_string(high);
    out = value;
    return std::nullopt;
}

std::vector<std::string> to_list(const std::string& v) {
    std::vector<std::string> out;
    std::stringstream in(v);
    std::string item;
    while (std::getline(in, item, ',')) {
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        if (!item.empty()) out.push_back(item);
    }
    return out;
}

std::optional<std::string> to_lang(const std::string& v, std::string& out) {
    const auto lang = language_of(v);
    if (!lang) return "'" + v + "' is not a language of ours: en, fr, cs or de";
    out = *lang;
    return std::nullopt;
}

// "#a=fr, #b=cs" (a channel's or room's name, '=', its language).
std::optional<std::string> to_lang_map(const std::string& v,
                                       std::map<std::string, std::string>& out) {
    std::map<std::string, std::string> map;
    for (const auto& item : to_list(v)) {
        const auto equals = item.rfind('=');
        if (equals == std::string::npos || equals == 0)
            return "'" + item + "' is not CHANNEL=LANGUAGE (e.g. #niagara-fr=fr)";
        std::string name = item.substr(0, equals);
        name.erase(name.find_last_not_of(" \t") + 1);
        std::string value = item.substr(equals + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        if (auto problem = to_lang(value, map[name])) return problem;
    }
    out = std::move(map);
    return std::nullopt;
}

#define TEXT(field)                               \
    [](BridgeSettings& s, const std::string& v) { \
        s.field = v;                              \
        return std::optional<std::string>();      \
    }
#define FLAG(field) [](BridgeSettings& s, const std::string& v) { return to_bool(v, s.field); }
#define LIST(field)                               \
    [](BridgeSettings& s, const std::string& v) { \
        s.field = to_list(v);                     \
        return std::optional<std::string>();      \
    }
#define LANG(field) [](BridgeSettings& s, const std::string& v) { return to_lang(v, s.field); }
#define LANG_MAP(field) \
    [](BridgeSettings& s, const std::string& v) { return to_lang_map(v, s.field); }
#define NUMBER(field, type, low, high) \
    [](BridgeSettings& s, const std::string& v) { return to_number<type>(v, s.field, low, high); }

const std::map<std::string, Setter>& setters() {
    static const std::map<std::string, Setter> all{
        {"server", TEXT(server_url)},
        {"state_file", TEXT(state_file)},
        {"log_level", TEXT(log_level)},
        {"bot_level", TEXT(bot_level)},
        {"user_rate", NUMBER(user_rate, double, 0.1, 1000.0)},
        {"user_burst", NUMBER(user_burst, double, 1.0, 1000.0)},
        {"lang", LANG(lang)},
        {"irc.lang", LANG(irc.lang)},
        {"irc.channel_lang", LANG_MAP(irc.channel_langs)},
        {"xmpp.lang", LANG(xmpp.lang)},
        {"xmpp.room_lang", LANG_MAP(xmpp.room_langs)},
        {"irc.enabled", FLAG(irc.enabled)},
        {"irc.host",
         [](BridgeSettings& s, const std::string& v) {
             s.irc.host = v;
             s.irc.enabled = !v.empty();
             return std::optional<std::string>();
         }},
        {"irc.port", NUMBER(irc.port, unsigned short, 1, 65535)},
        {"irc.tls", FLAG(irc.tls)},
        {"irc.tls_verify", FLAG(irc.tls_verify)},
        {"irc.nick", TEXT(irc.nick)},
        {"irc.user", TEXT(irc.user)},
        {"irc.realname", TEXT(irc.realname)},
        {"irc.password", TEXT(irc.password)},
        {"irc.sasl_user", TEXT(irc.sasl_user)},
        {"irc.sasl_password", TEXT(irc.sasl_password)},
        {"irc.channels", LIST(irc.channels)},
        {"irc.rate", NUMBER(irc.throttle.lines_per_second, double, 0.1, 1000.0)},
        {"irc.burst", NUMBER(irc.throttle.burst, double, 1.0, 1000.0)},
        {"irc.max_waiting", NUMBER(irc.throttle.max_waiting_per_target, std::size_t, 1, 10000)},
        {"irc.max_line_bytes", NUMBER(irc.max_line_bytes, int, 128, 8192)},
        {"irc.timer", NUMBER(irc.timer, int, 0, 3600)},
        {"irc.private_notice", FLAG(irc.private_notice)},
        {"xmpp.enabled", FLAG(xmpp.enabled)},
        {"xmpp.jid",
         [](BridgeSettings& s, const std::string& v) {
             s.xmpp.jid = v;
             s.xmpp.enabled = !v.empty();
             return std::optional<std::string>();
         }},
        {"xmpp.password", TEXT(xmpp.password)},
        {"xmpp.host", TEXT(xmpp.host)},
        {"xmpp.port", NUMBER(xmpp.port, unsigned short, 0, 65535)},
        {"xmpp.tls_required", FLAG(xmpp.tls_required)},
        {"xmpp.tls_verify", FLAG(xmpp.tls_verify)},
        {"xmpp.rooms", LIST(xmpp.rooms)},
        {"xmpp.room_nick", TEXT(xmpp.room_nick)},
        {"xmpp.timer", NUMBER(xmpp.timer, int, 0, 3600)},
        {"xmpp.rate", NUMBER(xmpp.throttle.lines_per_second, double, 0.1, 1000.0)},
        {"xmpp.burst", NUMBER(xmpp.throttle.burst, double, 1.0, 1000.0)},
        {"xmpp.max_waiting", NUMBER(xmpp.throttle.max_waiting_per_target, std::size_t, 1, 10000)},
    };
    return all;
}

#undef TEXT
#undef FLAG
#undef LIST
#undef NUMBER
#undef LANG
#undef LANG_MAP

std::string environment_name(const std::string& key) {
    std::string out = "NIAGARA_BRIDGE_";
    for (char c : key)
        out += c == '.' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::optional<std::string> set(BridgeSettings& s, const std::string& key, const std::string& v,
                               const std::string& where) {
    auto it = setters().find(key);
    if (it == setters().end()) return where + ": unknown setting '" + key + "'";
    if (auto problem = it->second(s, v)) return where + ": " + key + ": " + *problem;
    return std::nullopt;
}

std::string trim(const std::string& s) {
    return std::string(ascii::trim(s, " \t\r"));
}

std::optional<std::string> check(const BridgeSettings& s) {
    if (!s.irc.enabled && !s.xmpp.enabled)
        return "no network: set irc.host (NIAGARA_BRIDGE_IRC_HOST) or xmpp.jid "
               "(NIAGARA_BRIDGE_XMPP_JID)";
    if ((s.irc.timer > 0 && s.irc.timer < 10) || (s.xmpp.timer > 0 && s.xmpp.timer < 10))
        return "irc.timer and xmpp.timer are 0 (no timer) or 10 to 3600 seconds";
    if (s.irc.enabled && s.irc.channels.empty())
        return "irc.channels is empty: name at least one, e.g. #niagara";
    if (s.xmpp.enabled && s.xmpp.rooms.empty())
        return "xmpp.rooms is empty: name at least one, e.g. niagara@rooms.example.org";
    if (s.irc.sasl_user.empty() != s.irc.sasl_password.empty())
        return "irc.sasl_user and irc.sasl_password go together";
    return std::nullopt;
}

}  // namespace

LoadedSettings settings_from(const std::string& file_text,
                             const std::vector<std::string>& environment,
                             const std::vector<std::string>& flags) {
    BridgeSettings s;
    std::stringstream in(file_text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        line = trim(line);
        if (line.empty() || line.starts_with('#')) continue;
        const auto equals = line.find('=');
        if (equals == std::string::npos)
            return {std::nullopt, "line " + std::to_string(number) + ": expected key = value"};
        if (auto problem = set(s, trim(line.substr(0, equals)), trim(line.substr(equals + 1)),
                               "line " + std::to_string(number)))
            return {std::nullopt, *problem};
    }
    for (const auto& [key, setter] : setters()) {
        const std::string name = environment_name(key) + "=";
        for (const auto& entry : environment)
            if (entry.starts_with(name))
                if (auto problem =
                        set(s, key, entry.substr(name.size()), name.substr(0, name.size() - 1)))
                    return {std::nullopt, *problem};
    }
    for (std::size_t i = 0; i < flags.size(); ++i) {
        std::string flag = flags[i];
        if (!flag.starts_with("--")) return {std::nullopt, "unexpected argument '" + flag + "'"};
        flag.erase(0, 2);
        std::string value;
        if (auto equals = flag.find('='); equals != std::string::npos) {
            value = flag.substr(equals + 1);
            flag.erase(equals);
        } else if (i + 1 < flags.size()) {
            value = flags[++i];
        } else {
            return {std::nullopt, "--" + flag + " needs a value"};
        }
        if (auto problem = set(s, flag, value, "--" + flag)) return {std::nullopt, *problem};
    }
    if (auto problem = check(s)) return {std::nullopt, *problem};
    return {s, ""};
}

LoadedSettings load_settings(int argc, const char* const* argv) {
    std::vector<std::string> flags;
    std::string config_path;
    if (const char* env = std::getenv("NIAGARA_BRIDGE_CONFIG")) config_path = env;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--config" && i + 1 < argc) {
            config_path = argv[++i];
        } else if (arg.starts_with("--config=")) {
            config_path = arg.substr(9);
        } else {
            flags.push_back(arg);
        }
    }
    std::string file_text;
    if (!config_path.empty()) {
        std::ifstream in(config_path);
        if (!in) return {std::nullopt, "cannot read the config file " + config_path};
        std::stringstream text;
        text << in.rdbuf();
        file_text = text.str();
    }
    std::vector<std::string> environment;
    for (char** e = environ; e && *e; ++e)
        if (std::string_view(*e).starts_with("NIAGARA_BRIDGE_")) environment.emplace_back(*e);
    LoadedSettings loaded = settings_from(file_text, environment, flags);
    if (!loaded.settings && !config_path.empty()) loaded.error = config_path + ": " + loaded.error;
    return loaded;
}

}  // namespace niagara::bridge
