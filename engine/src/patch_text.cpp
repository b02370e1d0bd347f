#include "patch_text.hpp"

#include <charconv>

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

// Appends "/N" to a path (or to a JSON string being written: digits need no escape).
void append_index(std::string& path, std::size_t index) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, index).ptr;
    path += '/';
    path.append(digits, end);
}

// One operation whose value, if any, is a string.
void append_string_op(std::string& out, const char* op, std::string_view path, std::size_t index,
                      const std::string_view* value) {
    if (!out.empty()) out += ',';
    out += R"({"op":")";
    out += op;
    out += R"(","path":)";
    // The path's JSON string, reopened for its last token (an escape never spans a '/').
    append_json_string(out, path);
    out.pop_back();
    if (index == std::string::npos)
        out += "/-";
    else
        append_index(out, index);
    out += '"';
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

namespace {

void append_token(std::string& path, const std::string& key) {
    path += '/';
    if (key.find_first_of("~/") == std::string::npos) {
        path += key;
        return;
    }
    path += escape_token(key);
}

// `path` is one buffer the walk extends and cuts back: the paths of unchanged values, most of
// a view's, are never written (a path per value was a tenth of a server's work per action).
void diff_text(std::string& out, const Json& before, const Json& after, std::string& path) {
    const std::size_t at = path.size();
    if (before.type() == after.type() && before.is_array()) {
        std::size_t i = 0;
        for (; i < before.size() && i < after.size(); ++i) {
            if (before[i] == after[i]) continue;  // json::diff says nothing of equal values
            append_index(path, i);
            diff_text(out, before[i], after[i], path);
            path.resize(at);
        }
        for (std::size_t j = before.size(); j > i; --j) {
            append_index(path, j - 1);
            append_op_text(out, "remove", path, nullptr);
            path.resize(at);
        }
        if (i < after.size()) {
            path += "/-";
            for (; i < after.size(); ++i)
                append_op_text(out, "add", path, &after[i]);
            path.resize(at);
        }
        return;
    }
    if (before.type() == after.type() && before.is_object()) {
        for (auto it = before.begin(); it != before.end(); ++it) {
            const auto there = after.find(it.key());
            if (there != after.end() && it.value() == *there) continue;
            append_token(path, it.key());
            if (there != after.end())
                diff_text(out, it.value(), *there, path);
            else
                append_op_text(out, "remove", path, nullptr);
            path.resize(at);
        }
        for (auto it = after.begin(); it != after.end(); ++it)
            if (!before.contains(it.key())) {
                append_token(path, it.key());
                append_op_text(out, "add", path, &it.value());
                path.resize(at);
            }
        return;
    }
    if (before != after) append_op_text(out, "replace", path, &after);
}

}  // namespace

// Mirrors nlohmann::json::diff: equal values (5 and 5u included) say nothing, values of other
// types are replaced, arrays are compared index by index (removing from the end first, adding
// with "-"), objects key by key.
void append_diff_text(std::string& out, const Json& before, const Json& after,
                      const std::string& path) {
    std::string buffer;
    buffer.reserve(path.size() + 48);
    buffer = path;
    diff_text(out, before, after, buffer);
}

}  // namespace niagara::detail
