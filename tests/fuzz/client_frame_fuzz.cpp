// libFuzzer target: niagara::protocol::parse_client_frame, what every WebSocket frame a client
// sends goes through. It must never crash or throw, and must give exactly one of a message
// (within the limits) and an error with a code, as tests/protocol/fuzz_test.cpp checks on
// random frames. tests/fuzz/README.md says how to run it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "niagara/protocol/client_message.hpp"
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
    if (!is_valid_utf8(m.text) || !is_valid_utf8(m.token)) broken("message text is not UTF-8");
    if (m.command == Command::Say &&
        (m.text.empty() || utf8_length(m.text) > kMaxChatLength || has_control(m.text)))
        broken("chat text breaks the limits");
    if (m.command == Command::Name && (m.text.empty() || m.text.size() > kMaxNameLength))
        broken("name breaks the limits");
    if (m.seat && (*m.seat < 0 || *m.seat >= 6)) broken("seat out of range");
    if (m.table && *m.table < 0) broken("negative table");
    (void)chat(1, "x", m.text).dump();
    if (m.action) (void)m.action->dump();
    (void)describe(m.options);
    (void)table_options_to_json(m.options).dump();
    return 0;
}
