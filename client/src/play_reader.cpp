#include "niagara/client/play_reader.hpp"

#include <simdjson.h>

#include <cstdint>
#include <limits>
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
           key == "to" || key == "version" || key == "event" || key == "prompt" || key == "chosen";
}

std::string_view text_of(dom::element e) {
    std::string_view text;
    return e.get_string().get(text) == simdjson::SUCCESS ? text : std::string_view();
}

// What an action object says that a prompt bot weighs.
void read_action_object(dom::object object, PromptAction& into) {
    for (dom::key_value_pair field : object) {
        const std::string_view key = field.key;
        if (key == "type") {
            const std::string_view type = text_of(field.value);
            into.type = type == "move"      ? PromptAction::Type::Move
                        : type == "cloud"   ? PromptAction::Type::Cloud
                        : type == "buyback" ? PromptAction::Type::Buyback
                                            : PromptAction::Type::Other;
        } else if (key == "canoe") {
            std::int64_t canoe = -1;
            if (field.value.get_int64().get(canoe) == simdjson::SUCCESS && canoe >= 0 &&
                canoe <= std::numeric_limits<int>::max())
                into.canoe = int(canoe);
        } else if (key == "direction") {
            into.up = text_of(field.value) == "up";
        } else if (key == "to") {
            into.to = text_of(field.value);
        } else if (key == "load") {
            into.loads = true;
        } else if (key == "steal") {
            into.robs = true;
        }
    }
}

// A prompt's `legal` texts, each with what its entry in `actions` (when there is one) says.
void read_prompt(dom::array legal, const dom::array* objects, std::vector<PromptAction>& into) {
    into.clear();
    into.reserve(legal.size());
    for (dom::element text : legal)
        into.emplace_back().text = text_of(text);
    if (!objects) return;
    std::size_t i = 0;
    for (dom::element object : *objects) {
        if (i == into.size()) break;
        dom::object fields;
        if (object.get_object().get(fields) == simdjson::SUCCESS)
            read_action_object(fields, into[i]);
        ++i;
    }
}

// Reads `legal` and `actions` of a prompt message, or of the prompt riding on a state message.
void read_prompt_of(dom::object holder, std::vector<PromptAction>& into) {
    dom::array legal, objects;
    if (holder["legal"].get_array().get(legal) != simdjson::SUCCESS) return;
    const bool has_objects = holder["actions"].get_array().get(objects) == simdjson::SUCCESS;
    read_prompt(legal, has_objects ? &objects : nullptr, into);
}

}  // namespace

bool read_for_play(std::string_view frame, PlayMessage& into) {
    // One parser per thread: it keeps its buffers (sized to the largest frame seen) between
    // frames, and a load generator's thousands of clients share a few threads.
    thread_local dom::parser parser;
    dom::element root;
    dom::object top;
    if (parser.parse(frame.data(), frame.size()).get(root) != simdjson::SUCCESS ||
        root.get_object().get(top) != simdjson::SUCCESS)
        return false;
    into.message = Json::object();
    into.prompt.clear();
    bool prompt_message = false;  // a prompt on its own: its actions are at the top
    for (dom::key_value_pair member : top) {
        const std::string_view key = member.key;
        if (!wanted_at_top(key)) continue;
        if (key == "type") prompt_message = text_of(member.value) == "prompt";
        dom::object fields;
        if (member.value.get_object().get(fields) != simdjson::SUCCESS) {
            into.message[std::string(key)] = to_json(member.value);
        } else if (key == "event") {  // of the event, only whose it is and why (not its text)
            Json event = Json::object();
            for (dom::key_value_pair field : fields)
                if (field.key == "seat" || field.key == "cause")
                    event[std::string(field.key)] = to_json(field.value);
            into.message["event"] = std::move(event);
        } else if (key == "prompt") {  // whose it is; its actions go to `into.prompt`
            Json prompt = Json::object();
            dom::element seat;
            if (fields["seat"].get(seat) == simdjson::SUCCESS) prompt["seat"] = to_json(seat);
            into.message["prompt"] = std::move(prompt);
            read_prompt_of(fields, into.prompt);
        } else {
            into.message[std::string(key)] = to_json(member.value);
        }
    }
    if (prompt_message) read_prompt_of(top, into.prompt);
    return true;
}

}  // namespace niagara::client
