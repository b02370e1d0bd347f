// Reading a server message's fields whatever was put there: a field of another type than the
// one asked for counts as absent (nlohmann's value() throws instead), so a message from a
// newer, older or confused server is read as far as it makes sense and never stops the bridge.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace niagara::bridge {

// `object[key]`, or null when `object` is no object or has no such member.
inline const nlohmann::json& field(const nlohmann::json& object, std::string_view key) {
    static const nlohmann::json kNone;
    if (!object.is_object()) return kNone;
    const auto it = object.find(key);
    return it == object.end() ? kNone : *it;
}

inline std::string text_field(const nlohmann::json& object, std::string_view key,
                              std::string fallback = {}) {
    const nlohmann::json& f = field(object, key);
    return f.is_string() ? f.get<std::string>() : fallback;
}

inline long long number_field(const nlohmann::json& object, std::string_view key,
                              long long fallback) {
    const nlohmann::json& f = field(object, key);
    return f.is_number_integer() ? f.get<long long>() : fallback;
}

inline bool flag_field(const nlohmann::json& object, std::string_view key, bool fallback = false) {
    const nlohmann::json& f = field(object, key);
    return f.is_boolean() ? f.get<bool>() : fallback;
}

// The member if it is an array (an object), else an empty one.
inline nlohmann::json array_field(const nlohmann::json& object, std::string_view key) {
    const nlohmann::json& f = field(object, key);
    return f.is_array() ? f : nlohmann::json::array();
}
inline nlohmann::json object_field(const nlohmann::json& object, std::string_view key) {
    const nlohmann::json& f = field(object, key);
    return f.is_object() ? f : nlohmann::json::object();
}

}  // namespace niagara::bridge
