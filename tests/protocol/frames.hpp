// Helpers for the protocol tests: parse a frame and insist it is accepted or refused.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "niagara/protocol/client_message.hpp"

namespace frames {

using niagara::protocol::ClientMessage;
using niagara::protocol::Command;
using niagara::protocol::command_of;
namespace command = niagara::protocol::command;
using niagara::protocol::parse_client_frame;

// The message a valid frame gives.
inline ClientMessage accepted(std::string_view frame) {
    auto parsed = parse_client_frame(frame);
    INFO("frame: " << frame << "\nerror: " << parsed.error);
    REQUIRE(parsed.message);
    CHECK(parsed.error.empty());
    return *parsed.message;
}

// The command of a valid frame, which must be a `C` (a protocol::command struct).
template <class C>
C accepted_as(std::string_view frame) {
    const ClientMessage m = accepted(frame);
    INFO("frame: " << frame);
    REQUIRE(std::holds_alternative<C>(m));
    return std::get<C>(m);
}

// The error text of an invalid frame, after checking its code.
inline std::string refused(std::string_view frame, std::string_view code) {
    auto parsed = parse_client_frame(frame);
    INFO("frame: " << frame);
    REQUIRE_FALSE(parsed.message);
    CHECK(parsed.code == code);
    CHECK_FALSE(parsed.error.empty());
    return parsed.error;
}

}  // namespace frames
