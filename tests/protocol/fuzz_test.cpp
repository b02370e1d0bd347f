// Robustness: random bytes, random syntax soup and mutated valid messages never throw, always
// give either a message or an explained error, and everything they give can be sent as JSON.
#include <random>

#include "frames.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/protocol/text.hpp"

using niagara::protocol::Json;
using niagara::protocol::ParsedMessage;

namespace {

// The frame must give exactly one of a message and an error, with texts that are safe to put in
// JSON and a message that keeps to the limits. Returns a description of the first problem.
std::string problem(std::string_view frame) {
    using namespace niagara::protocol;
    ParsedMessage p;
    try {
        p = parse_client_frame(frame);
    } catch (...) {
        return "threw";
    }
    if (p.message.has_value() == !p.error.empty()) return "not exactly one of message and error";
    if (!p.message) {
        if (p.code.empty()) return "error without code";
        if (!is_valid_utf8(p.error)) return "error text is not UTF-8";
        try {
            (void)error(p.code, p.error).dump();
        } catch (...) {
            return "error message does not dump";
        }
        return "";
    }
    const ClientMessage& m = *p.message;
    try {
        if (const auto* say = std::get_if<command::Say>(&m)) {
            if (!is_valid_utf8(say->text)) return "chat text is not UTF-8";
            if (say->text.empty() || utf8_length(say->text) > kMaxChatLength ||
                has_control(say->text))
                return "chat text breaks the limits";
            (void)chat(1, "x", say->text).dump();
        }
        if (const auto* name = std::get_if<command::Name>(&m)) {
            // What the server keeps: valid, within the rule, composed, and one name with itself.
            const NameCheck again = niagara::protocol::check_name(name->name);
            if (!is_valid_utf8(name->name) || again.fault != NameFault::None ||
                again.name != name->name || again.length > kMaxNameLength ||
                !names_alike(name->name, name->name))
                return "name breaks the limits";
        }
        if (const auto* resume = std::get_if<command::Resume>(&m);
            resume && !is_valid_utf8(resume->token))
            return "token is not UTF-8";
        if (const auto* join = std::get_if<command::Join>(&m)) {
            if (join->seat && (*join->seat < 0 || *join->seat >= 6)) return "seat out of range";
            if (join->table && *join->table < 0) return "negative table";
        }
        if (const auto* watch = std::get_if<command::Watch>(&m); watch && watch->table < 0)
            return "negative table";
        if (const auto* again = std::get_if<command::Again>(&m); again && again->table < 0)
            return "negative table";
        if (const auto* act = std::get_if<command::Act>(&m)) {
            if (!is_valid_utf8(act->text)) return "decision text is not UTF-8";
            (void)chat(1, "x", act->text).dump();
            if (act->action) (void)act->action->dump();
        }
    } catch (...) {
        return "message fields do not dump";
    }
    return "";
}

void check_robust(const std::string& frame) {
    const std::string why = problem(frame);
    if (!why.empty())
        FAIL(why << " for frame (" << frame.size()
                 << " bytes): " << Json(niagara::protocol::to_valid_utf8(frame)).dump());
}

const std::vector<std::string>& valid_frames() {
    static const std::vector<std::string> frames{
        "/help",
        "/resume 0f3a9c41d2e87b6a5c0f1e2d3c4b5a69",
        "/name alice",
        "/tables",
        "/new players=4 spirits joe memory tiebreak timer=60 seed=7",
        "/join 3 2",
        "/watch 3",
        "/leave",
        "/start",
        "/addbot",
        "/say hello there",
        "/sync",
        "/play 4",
        "/buyback 2 red",
        "/cloud up",
        "/done",
        "/canoe 2 load blue then up 3 steal red from 3.1",
        "/elk 1",
        "/fork 1 left",
        "/free 1",
        "/joe swap 1 red",
        "good game \xF0\x9F\x8C\x8A",
        R"({"type": "help"})",
        R"({"type": "resume", "token": "0f3a9c41d2e87b6a5c0f1e2d3c4b5a69"})",
        R"({"type": "name", "name": "bob"})",
        R"({"type": "tables"})",
        R"({"type": "new", "options": {"players": 6, "spirits": true, "turn_seconds": 60}})",
        R"({"type": "join", "table": 3, "seat": 0})",
        R"({"type": "watch", "table": 3})",
        R"({"type": "say", "text": "caf\u00e9"})",
        R"({"type": "act", "text": "canoe 1 up 3"})",
        R"({"type": "act", "action": {"type": "move", "seat": 1, "canoe": 1, "steal": [{"seat": 2}]}})",
        R"({"type": "sync"})"};
    return frames;
}

std::string random_bytes(std::mt19937& rng, std::size_t max_length) {
    std::uniform_int_distribution<std::size_t> length(0, max_length);
    std::uniform_int_distribution<int> byte(0, 255);
    std::string out(length(rng), '\0');
    for (char& c : out)
        c = char(byte(rng));
    return out;
}

// Random text built from the protocol's own pieces, which reaches much deeper than random bytes.
std::string random_soup(std::mt19937& rng) {
    static const std::vector<std::string> pieces{"{",
                                                 "}",
                                                 "[",
                                                 "]",
                                                 "\"",
                                                 ":",
                                                 ",",
                                                 " ",
                                                 "/",
                                                 "\\",
                                                 "\"type\"",
                                                 "\"text\"",
                                                 "\"table\"",
                                                 "\"seat\"",
                                                 "\"action\"",
                                                 "\"options\"",
                                                 "\"players\"",
                                                 "\"name\"",
                                                 "\"token\"",
                                                 "\"act\"",
                                                 "\"join\"",
                                                 "\"new\"",
                                                 "\"say\"",
                                                 "null",
                                                 "true",
                                                 "-1",
                                                 "0",
                                                 "3",
                                                 "6",
                                                 "1e999",
                                                 "4.5",
                                                 "99999999999999999999",
                                                 "join",
                                                 "new",
                                                 "play",
                                                 "canoe",
                                                 "up",
                                                 "steal",
                                                 "from",
                                                 "3.1",
                                                 "players=",
                                                 "spirits",
                                                 "timer=",
                                                 "\xC3\xA9",
                                                 "\xFF",
                                                 "\x01",
                                                 "\xE2\x80\xAE",
                                                 "\t",
                                                 "\n",
                                                 "#",
                                                 "="};
    std::uniform_int_distribution<std::size_t> count(0, 24), pick(0, pieces.size() - 1);
    std::string out;
    for (std::size_t n = count(rng); n > 0; --n)
        out += pieces[pick(rng)];
    return out;
}

std::string mutate(std::string s, std::mt19937& rng) {
    std::uniform_int_distribution<int> kind(0, 4), byte(0, 255), times(1, 4);
    for (int t = times(rng); t > 0; --t) {
        const std::size_t at =
            s.empty() ? 0 : std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(rng);
        switch (kind(rng)) {
            case 0:
                if (!s.empty()) s[at] = char(byte(rng));
                break;
            case 1:
                if (!s.empty()) s.erase(at, 1);
                break;
            case 2:
                s.insert(s.begin() + std::ptrdiff_t(at), char(byte(rng)));
                break;
            case 3:
                s.insert(at, s.substr(at, 8));
                break;
            default:
                s.resize(at);
        }
    }
    return s;
}

}  // namespace

TEST_CASE("Fuzz: the valid frames used below are valid", "[protocol][fuzz]") {
    for (const auto& frame : valid_frames())
        (void)frames::accepted(frame);
}

TEST_CASE("Fuzz: random bytes", "[protocol][fuzz]") {
    std::mt19937 rng(1);
    for (int i = 0; i < 5000; ++i)
        check_robust(random_bytes(rng, 64));
    for (int i = 0; i < 200; ++i)
        check_robust(random_bytes(rng, 20000));
    for (int i = 0; i < 2000; ++i)
        check_robust("{" + random_bytes(rng, 40));
    for (int i = 0; i < 2000; ++i)
        check_robust("/" + random_bytes(rng, 40));
}

TEST_CASE("Fuzz: random protocol soup", "[protocol][fuzz]") {
    std::mt19937 rng(2);
    for (int i = 0; i < 5000; ++i)
        check_robust(random_soup(rng));
    for (int i = 0; i < 3000; ++i)
        check_robust("{" + random_soup(rng) + "}");
    for (int i = 0; i < 2000; ++i)
        check_robust("/" + random_soup(rng));
}

TEST_CASE("Fuzz: mutated valid messages", "[protocol][fuzz]") {
    std::mt19937 rng(3);
    for (int i = 0; i < 10000; ++i) {
        const auto& frames = valid_frames();
        check_robust(mutate(frames[std::size_t(i) % frames.size()], rng));
    }
}
