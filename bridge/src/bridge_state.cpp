#include "bridge_state.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "texts.hpp"

namespace niagara::bridge {

using Json = nlohmann::json;

namespace {

// Neither 0/O nor 1/I/L: read aloud or copied by hand, a key is not mistyped.
constexpr std::string_view kKeyAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
constexpr std::size_t kKeyLength = 10;

// A format 1 file kept users by "network key" (the IRC nick, the XMPP JID or room/nick): the
// identity that key stood for, in format 2's words.
std::string identity_of_format_1(const std::string& key) {
    const auto space = key.find(' ');
    if (space == std::string::npos) return key;
    const std::string network = key.substr(0, space);
    const std::string who = key.substr(space + 1);
    const bool bare_jid = network == "xmpp" && who.find('@') != std::string::npos &&
                          who.find('/') == std::string::npos;
    return network + (bare_jid ? " account " : " nick ") + who;
}

}  // namespace

std::string new_seat_key() {
    std::random_device random;
    std::uniform_int_distribution<std::size_t> pick(0, kKeyAlphabet.size() - 1);
    std::string key;
    for (std::size_t i = 0; i < kKeyLength; ++i)
        key += kKeyAlphabet[pick(random)];
    return key;
}

std::string normal_seat_key(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    std::string key(text.substr(0, 64));
    for (char& c : key)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return key;
}

BridgeState::BridgeState(std::filesystem::path file) : file_(std::move(file)) {}

std::optional<std::string> BridgeState::load() {
    if (file_.empty()) return std::nullopt;
    std::ifstream in(file_);
    if (!in) return std::nullopt;  // no file yet: nobody to remember
    std::stringstream text;
    text << in.rdbuf();
    const Json j = Json::parse(text.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return "the state file " + file_.string() + " is not JSON; move it away to start afresh";
    try {
        const Json none = Json::object();
        const Json& channels = j.contains("channels") ? j.at("channels") : none;
        const Json& users = j.contains("users") ? j.at("users") : none;
        const bool format_1 = j.value("format", "") == "niagara-bridge-state/1";
        for (auto it = channels.begin(); it != channels.end(); ++it)
            channels_[it.key()] = it.value().get<long>();
        for (auto it = users.begin(); it != users.end(); ++it) {
            const std::string key = format_1 ? identity_of_format_1(it.key()) : it.key();
            const Json& user = it.value();
            UserMemory memory;
            memory.name = user.at("name").get<std::string>();
            if (auto seat = user.find("seat"); seat != user.end() && seat->is_object()) {
                memory.seat = SeatMemory{seat->at("table").get<long>(), seat->at("seat").get<int>(),
                                         seat->at("token").get<std::string>(),
                                         seat->value("key", std::string())};
                if (memory.seat->key.empty()) memory.seat->key = new_seat_key();
            }
            // A language we no longer have (or a hand-edited one) is forgotten, not fatal.
            if (auto lang = user.find("lang"); lang != user.end() && lang->is_string())
                memory.lang = language_of(lang->get<std::string>()).value_or("");
            if (auto link = user.find("link"); link != user.end() && link->is_object()) {
                memory.link_key = link->value("key", std::string());
                memory.link_name = link->value("name", std::string());
            }
            if (memory.empty()) continue;
            users_[key] = std::move(memory);
        }
    } catch (const Json::exception& e) {
        return "the state file " + file_.string() + " is damaged (" + e.what() +
               "); move it away to start afresh";
    }
    return std::nullopt;
}

std::optional<long> BridgeState::channel_table(const std::string& channel) const {
    auto it = channels_.find(channel);
    if (it == channels_.end()) return std::nullopt;
    return it->second;
}

void BridgeState::set_channel_table(const std::string& channel, std::optional<long> table) {
    if (table)
        channels_[channel] = *table;
    else
        channels_.erase(channel);
    save();
}

const UserMemory* BridgeState::user(const std::string& key) const {
    auto it = users_.find(key);
    return it == users_.end() ? nullptr : &it->second;
}

void BridgeState::set_user(const std::string& key, UserMemory memory) {
    users_[key] = std::move(memory);
    save();
}

void BridgeState::rename_user(const std::string& old_key, const std::string& new_key) {
    auto it = users_.find(old_key);
    if (it == users_.end() || old_key == new_key) return;
    users_[new_key] = std::move(it->second);
    users_.erase(old_key);
    save();
}

bool BridgeState::move_seat(const std::string& from, const std::string& to) {
    auto it = users_.find(from);
    if (it == users_.end() || !it->second.seat || from == to) return false;
    if (const UserMemory* there = user(to); there && there->seat) return false;
    UserMemory& target = users_[to];  // (a map's insertion leaves `it` valid)
    target.seat = std::move(it->second.seat);
    target.name = it->second.name;
    it->second.seat.reset();
    if (it->second.empty()) users_.erase(it);
    save();
    return true;
}

std::optional<std::string> BridgeState::holder_of_key(const std::string& prefix,
                                                      const std::string& seat_key) const {
    if (seat_key.empty()) return std::nullopt;
    for (auto it = users_.lower_bound(prefix); it != users_.end() && it->first.starts_with(prefix);
         ++it)
        if (it->second.seat && it->second.seat->key == seat_key) return it->first;
    return std::nullopt;
}

void BridgeState::forget_user(const std::string& key) {
    if (users_.erase(key)) save();
}

void BridgeState::clear_seat(const std::string& key) {
    auto it = users_.find(key);
    if (it == users_.end()) return;
    it->second.seat.reset();
    if (it->second.empty()) users_.erase(it);
    save();
}

bool BridgeState::set_lang(const std::string& key, const std::string& lang) {
    auto it = users_.find(key);
    if (it == users_.end()) {
        if (lang.empty()) return true;
        if (users_.size() >= kMaxRememberedUsers) return false;
        it = users_.emplace(key, UserMemory{}).first;
    }
    it->second.lang = lang;
    if (it->second.empty()) users_.erase(it);
    save();
    return true;
}

bool BridgeState::set_link(const std::string& key, const std::string& link_key,
                           const std::string& link_name) {
    auto it = users_.find(key);
    if (it == users_.end()) {
        if (link_key.empty()) return true;
        if (users_.size() >= kMaxRememberedUsers) return false;
        it = users_.emplace(key, UserMemory{}).first;
    }
    it->second.link_key = link_key;
    it->second.link_name = link_key.empty() ? std::string() : link_name;
    if (it->second.empty()) users_.erase(it);
    save();
    return true;
}

void BridgeState::save() {
    if (file_.empty()) return;
    Json j{
        {"format", "niagara-bridge-state/2"}, {"channels", channels_}, {"users", Json::object()}};
    for (const auto& [key, user] : users_) {
        Json u{{"name", user.name}};
        if (!user.lang.empty()) u["lang"] = user.lang;
        if (!user.link_key.empty()) u["link"] = {{"key", user.link_key}, {"name", user.link_name}};
        if (user.seat)
            u["seat"] = {{"table", user.seat->table},
                         {"seat", user.seat->seat},
                         {"token", user.seat->token},
                         {"key", user.seat->key}};
        j["users"][key] = std::move(u);
    }
    const std::string text = j.dump(1);
    const std::filesystem::path temporary = file_.string() + ".tmp";
    // 0600 from the start: the tokens are never readable by others, not even for a moment.
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    bool ok = fd >= 0;
    if (ok) {
        std::size_t written = 0;
        while (ok && written < text.size()) {
            const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
            ok = n > 0;
            if (ok) written += static_cast<std::size_t>(n);
        }
        ok = ::fsync(fd) == 0 && ok;
        ok = ::close(fd) == 0 && ok;
    }
    std::error_code ec;
    if (ok) std::filesystem::rename(temporary, file_, ec);
    if (!ok || ec)
        spdlog::error("could not write the state file {}: seats will not survive a restart",
                      file_.string());
}

}  // namespace niagara::bridge
