#include "play_reader.hpp"

#include <simdjson.h>

#include <cstdint>
#include <string>

namespace niagara::client {

namespace {

using Json = nlohmann::json;
namespace dom = simdjson::dom;

// A simdjson value as an nlohmann one (for the small parts that are kept).
Json to_json(dom::element e) {
    switch (e.type()) {
        case dom::element_type::ARRAY: {
            Json out = Json::array();
            for (dom::element item : dom::array(e))
                out.push_back(to_json(item));
            return out;
        }
        case dom::element_type::OBJECT: {
            Json out = Json::object();
            for (dom::key_value_pair member : dom::object(e))
                out[std::string(member.key)] = to_json(member.value);
            return out;
        }
        case dom::element_type::INT64:
            return std::int64_t(e);
        case dom::element_type::UINT64:
            return std::uint64_t(e);
        case dom::element_type::DOUBLE:
            return double(e);
        case dom::element_type::STRING:
            return std::string(std::string_view(e));
        case dom::element_type::BOOL:
            return bool(e);
        case dom::element_type::NULL_VALUE:
            return nullptr;
    }
    return nullptr;
}

bool wanted_at_top(std::string_view key) {
    return key == "type" || key == "table" || key == "seat" || key == "token" || key == "from" ||
           key == "to" || key == "version" || key == "event" || key == "prompt" ||
           key == "chosen" || key == "legal" || key == "actions";  // the last two: a prompt's
}

}  // namespace

Json read_for_play(std::string_view frame) {
    // One parser per thread: it keeps its buffers (sized to the largest frame seen) between
    // frames, and a load generator's thousands of clients share a few threads.
    thread_local dom::parser parser;
    dom::element root;
    if (parser.parse(frame.data(), frame.size()).get(root) != simdjson::SUCCESS ||
        !root.is_object())
        return Json(Json::value_t::discarded);
    Json message = Json::object();
    for (dom::key_value_pair member : dom::object(root)) {
        if (!wanted_at_top(member.key)) continue;
        if (member.key != "event" || !member.value.is_object()) {
            message[std::string(member.key)] = to_json(member.value);
            continue;
        }
        Json event = Json::object();  // of the event, only whose it is and why (not its text)
        for (dom::key_value_pair field : dom::object(member.value))
            if (field.key == "seat" || field.key == "cause")
                event[std::string(field.key)] = to_json(field.value);
        message["event"] = std::move(event);
    }
    return message;
}

}  // namespace niagara::client
