// Helpers for the protocol tests: parse a frame and insist it is accepted or refused.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "niagara/protocol/client_message.hpp"

namespace frames {

using niagara::protocol::ClientMessage;
using niagara::protocol::Command;
using niagara::protocol::parse_client_frame;

// The message a valid frame gives.
inline ClientMessage accepted(std::string_view frame) {
    auto parsed = parse_client_frame(frame);
    INFO("frame: " << frame << "\nerror: " << parsed.error);
    REQUIRE(parsed.message);
    CHECK(parsed.error.empty());
    return *parsed.message;
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
