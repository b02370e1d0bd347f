#include "patch_text.hpp"

namespace niagara::detail {

namespace {

// RFC 6901: "~" is written "~0" and "/" is written "~1" in a path's reference token.
std::string escape_token(const std::string& key) {
    std::string out;
    for (const char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

}  // namespace

void append_op_text(std::string& out, const char* op, const std::string& path, const Json* value) {
    if (!out.empty()) out += ',';
    out += R"({"op":")";
    out += op;
    out += R"(","path":)";
    append_json_string(out, path);
    if (value) {
        out += R"(,"value":)";
        append_json_value(out, *value);
    }
    out += '}';
}

namespace {
// One operation whose value, if any, is a string.
void append_string_op(std::string& out, const char* op, std::string_view path, std::size_t index,
                      const std::string_view* value) {
    if (!out.empty()) out += ',';
    out += R"({"op":")";
    out += op;
    out += R"(","path":)";
    std::string full(path);
    full += '/';
    if (index == std::string::npos)
        full += '-';
    else
        full += std::to_string(index);
    append_json_string(out, full);
    if (value) {
        out += R"(,"value":)";
        append_json_string(out, *value);
    }
    out += '}';
}
}  // namespace

// As append_diff_text below walks two arrays of strings: index by index (a different string is
// replaced), then the extra elements removed from the end, or the new ones added with "-".
void append_names_diff(std::string& out, const NameList& before, const NameList& after,
                       const std::string& path) {
    std::size_t i = 0;
    for (; i < before.size && i < after.size; ++i)
        if (before.names[i] != after.names[i])
            append_string_op(out, "replace", path, i, &after.names[i]);
    for (std::size_t j = before.size; j > i; --j)
        append_string_op(out, "remove", path, j - 1, nullptr);
    for (; i < after.size; ++i)
        append_string_op(out, "add", path, std::string::npos, &after.names[i]);
}

// Mirrors nlohmann::json::diff: equal values (5 and 5u included) say nothing, values of other
// types are replaced, arrays are compared index by index (removing from the end first, adding
// with "-"), objects key by key.
void append_diff_text(std::string& out, const Json& before, const Json& after,
                      const std::string& path) {
    if (before.type() == after.type() && before.is_array()) {
        std::size_t i = 0;
        for (; i < before.size() && i < after.size(); ++i)
            append_diff_text(out, before[i], after[i], path + "/" + std::to_string(i));
        for (std::size_t j = before.size(); j > i; --j)
            append_op_text(out, "remove", path + "/" + std::to_string(j - 1), nullptr);
        for (; i < after.size(); ++i)
            append_op_text(out, "add", path + "/-", &after[i]);
        return;
    }
    if (before.type() == after.type() && before.is_object()) {
        for (auto it = before.begin(); it != before.end(); ++it) {
            const std::string key_path = path + "/" + escape_token(it.key());
            if (auto there = after.find(it.key()); there != after.end())
                append_diff_text(out, it.value(), *there, key_path);
            else
                append_op_text(out, "remove", key_path, nullptr);
        }
        for (auto it = after.begin(); it != after.end(); ++it)
            if (!before.contains(it.key()))
                append_op_text(out, "add", path + "/" + escape_token(it.key()), &it.value());
        return;
    }
    if (before != after) append_op_text(out, "replace", path, &after);
}

}  // namespace niagara::detail
