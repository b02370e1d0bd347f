// libFuzzer target: niagara::protocol::parse_client_frame, what every WebSocket frame a client
// sends goes through. It must never crash or throw, and must give exactly one of a message
// (within the limits) and an error with a code, as tests/protocol/fuzz_test.cpp checks on
// random frames; a name it accepts must be one the server can keep (protocol/names.hpp).
// tests/fuzz/README.md says how to run it.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/names.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/protocol/text.hpp"

namespace {

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "parse_client_frame: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace niagara::protocol;
    const std::string_view frame(reinterpret_cast<const char*>(data), size);
    ParsedMessage p;
    try {
        p = parse_client_frame(frame);
    } catch (...) {
        broken("threw");
    }
    if (p.message.has_value() == !p.error.empty()) broken("not exactly one of message and error");
    if (!p.message) {
        if (p.code != "too_large" && p.code != "bad_json" && p.code != "unknown_command" &&
            p.code != "bad_command")
            broken("unknown error code");
        if (!is_valid_utf8(p.error)) broken("error text is not UTF-8");
        // parse_client_frame turns an exception it did not foresee into this text: a bug.
        if (p.error.rfind("could not read the message (", 0) == 0) broken("unforeseen exception");
        (void)error(p.code, p.error).dump();
        return 0;
    }
    if (size > kMaxFrameBytes) broken("a frame over the limit was accepted");
    const ClientMessage& m = *p.message;
    if (const auto* say = std::get_if<command::Say>(&m)) {
        if (!is_valid_utf8(say->text)) broken("chat text is not UTF-8");
        if (say->text.empty() || utf8_length(say->text) > kMaxChatLength || has_control(say->text))
            broken("chat text breaks the limits");
        (void)chat(1, "x", say->text).dump();
    }
    if (const auto* name = std::get_if<command::Name>(&m)) {
        // What the server keeps (protocol/names.hpp): valid, within the rule, already composed
        // (checking it again changes nothing), and one name with itself under its keys.
        const NameCheck again = check_name(name->name);
        if (!is_valid_utf8(name->name) || again.fault != NameFault::None ||
            again.name != name->name || again.length == 0 || again.length > kMaxNameLength ||
            !names_alike(name->name, name->name))
            broken("name breaks the limits");
        (void)is_reserved_name(name->name);
    }
    // A password the server will hash: within its limits, and no control character.
    const auto password_ok = [](const std::string& p) {
        const std::size_t n = utf8_length(p);
        return is_valid_utf8(p) && n >= kMinPasswordLength && n <= kMaxPasswordLength &&
               std::none_of(p.begin(), p.end(),
                            [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
    };
    if (const auto* reg = std::get_if<command::Register>(&m); reg && !password_ok(reg->password))
        broken("a password breaks the limits");
    if (const auto* change = std::get_if<command::Password>(&m);
        change && (!password_ok(change->old_password) || !password_ok(change->new_password)))
        broken("a password breaks the limits");
    if (const auto* gone = std::get_if<command::Unregister>(&m); gone && !password_ok(gone->password))
        broken("a password breaks the limits");
    if (const auto* login = std::get_if<command::Login>(&m)) {
        if (!password_ok(login->password)) broken("a password breaks the limits");
        if (check_name(login->name).fault != NameFault::None) broken("a login's name breaks the rule");
    }
    if (const auto* resume = std::get_if<command::Resume>(&m); resume && !is_valid_utf8(resume->token))
        broken("token is not UTF-8");
    // Chat links: a code of at most 16 upper-case letters and digits, a key of 64 hex digits.
    if (const auto* link = std::get_if<command::Link>(&m)) {
        if (link->code.size() > 16) broken("a link code is too long");
        for (const char c : link->code)
            if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) broken("a link code's character");
    }
    if (const auto* key = std::get_if<command::LinkKey>(&m)) {
        if (key->key.size() != 64) broken("a link key's length");
        for (const char c : key->key)
            if (!((c >= 'a' && c <= 'f') || (c >= '0' && c <= '9'))) broken("a link key's digit");
    }
    if (const auto* join = std::get_if<command::Join>(&m)) {
        if (join->seat && (*join->seat < 0 || *join->seat >= 6)) broken("seat out of range");
        if (join->table && *join->table < 0) broken("negative table");
    }
    if (const auto* watch = std::get_if<command::Watch>(&m); watch && watch->table < 0)
        broken("negative table");
    if (const auto* again = std::get_if<command::Again>(&m); again && again->table < 0)
        broken("negative table");
    if (const auto* act = std::get_if<command::Act>(&m)) {
        if (!is_valid_utf8(act->text)) broken("decision text is not UTF-8");
        (void)chat(1, "x", act->text).dump();
        if (act->action) (void)act->action->dump();
    }
    if (const auto* created = std::get_if<command::New>(&m)) {
        (void)describe(created->options);
        (void)table_options_to_json(created->options).dump();
    }
    return 0;
}
