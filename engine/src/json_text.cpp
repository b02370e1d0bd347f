// JSON text written directly, byte for byte as nlohmann::json's dump(-1, ' ', false,
// error_handler_t::replace) writes it (json.hpp: append_json_string, append_json_value).
#include <cstdint>
#include <string>
#include <string_view>

#include "niagara/json.hpp"

namespace niagara {

void append_json_string(std::string& out, std::string_view text) {
    for (const char c : text)
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 ||
            static_cast<unsigned char>(c) >= 0x80) {
            out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
            return;
        }
    out += '"';
    out += text;
    out += '"';
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
