// JSON text written directly, byte for byte as nlohmann::json's dump(-1, ' ', false,
// error_handler_t::replace) writes it (json.hpp: append_json_string, append_json_value).
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "niagara/json.hpp"

namespace niagara {

namespace {

// What writing a text takes, from one branch-free pass the compiler vectorises (this scan was
// the largest single part of writing frames): most texts are plain ASCII, copied as they are.
enum class TextKind { Plain, AsciiToEscape, NonAscii };

TextKind text_kind(std::string_view text) {
    unsigned char special = 0, high = 0;  // a quote, backslash or control; a byte >= 0x80
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        special |= static_cast<unsigned char>((c == '"') | (c == '\\') | (c < 0x20));
        high |= c;
    }
    if (high >= 0x80) return TextKind::NonAscii;
    return special ? TextKind::AsciiToEscape : TextKind::Plain;
}

// ASCII text escaped as the library escapes it: the short forms it knows, else \u00xx.
void append_escaped_ascii(std::string& out, std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\r':
                out += "\\r";
                break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out += kHex[c >> 4];
                    out += kHex[c & 0xf];
                } else {
                    out += ch;
                }
        }
    }
    out += '"';
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
    switch (text_kind(text)) {
        case TextKind::Plain: {  // one growth of `out` rather than three appends
            const std::size_t at = out.size();
            out.append(text.size() + 2, '"');
            std::memcpy(out.data() + at + 1, text.data(), text.size());
            return;
        }
        case TextKind::AsciiToEscape:
            return append_escaped_ascii(out, text);
        case TextKind::NonAscii:  // valid UTF-8 or not: the library checks it, replaces the bad
            out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
            return;
    }
}

void append_json_value(std::string& out, const Json& value) {
    switch (value.type()) {
        case Json::value_t::null:
            out += "null";
            return;
        case Json::value_t::boolean:
            out += value.get<bool>() ? "true" : "false";
            return;
        case Json::value_t::number_integer:
            out += std::to_string(value.get<std::int64_t>());
            return;
        case Json::value_t::number_unsigned:
            out += std::to_string(value.get<std::uint64_t>());
            return;
        case Json::value_t::string:
            append_json_string(out, value.get_ref<const std::string&>());
            return;
        case Json::value_t::array: {
            out += '[';
            bool first = true;
            for (const Json& element : value) {
                if (!first) out += ',';
                first = false;
                append_json_value(out, element);
            }
            out += ']';
            return;
        }
        case Json::value_t::object: {
            out += '{';
            bool first = true;
            for (auto it = value.begin(); it != value.end(); ++it) {  // in key order, as dump()
                if (!first) out += ',';
                first = false;
                append_json_string(out, it.key());
                out += ':';
                append_json_value(out, it.value());
            }
            out += '}';
            return;
        }
        default:  // floating-point numbers and binary values: as the library writes them
            out += value.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
}

}  // namespace niagara
