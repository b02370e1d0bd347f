#include "play_reader.hpp"

#include <simdjson.h>

#include <cstdint>
#include <limits>
#include <string>

namespace niagara::client {

namespace {

using Json = nlohmann::json;
namespace od = simdjson::ondemand;

// Any simdjson failure ends the read: the document cannot be iterated further.
struct Failed {};

template <class T>
T must(simdjson::simdjson_result<T>&& result) {
    T value;
    if (std::move(result).get(value) != simdjson::SUCCESS) throw Failed{};
    return value;
}

// A simdjson value as an nlohmann one (for the small parts that are kept).
Json to_json(od::value value) {
    switch (must(value.type())) {
        case od::json_type::array: {
            Json out = Json::array();
            for (auto item : must(value.get_array()))
                out.push_back(to_json(must(std::move(item))));
            return out;
        }
        case od::json_type::object: {
            Json out = Json::object();
            for (auto member : must(value.get_object())) {
                od::field field = must(std::move(member));
                std::string key(must(field.unescaped_key()));
                out[std::move(key)] = to_json(field.value());
            }
            return out;
        }
        case od::json_type::number:
            switch (must(value.get_number_type())) {
                case od::number_type::signed_integer:
                    return must(value.get_int64());
                case od::number_type::unsigned_integer:
                    return must(value.get_uint64());
                default:
                    return must(value.get_double());
            }
        case od::json_type::string:
            return std::string(must(value.get_string()));
        case od::json_type::boolean:
            return must(value.get_bool());
        case od::json_type::null:
            if (!value.is_null()) throw Failed{};
            return nullptr;
    }
    throw Failed{};
}

bool wanted_at_top(std::string_view key) {
    return key == "type" || key == "table" || key == "seat" || key == "token" || key == "from" ||
           key == "to" || key == "version" || key == "event" || key == "chosen";
}

// The entry for a prompt's `i`th action, made when it is the first of the two lists to say
// anything of it (the server sends `actions` before `legal`).
PromptAction& entry(std::vector<PromptAction>& actions, std::size_t i) {
    if (i >= actions.size()) actions.resize(i + 1);
    return actions[i];
}

// What an action object says that a prompt bot weighs.
void read_action_object(od::object object, PromptAction& into) {
    for (auto member : object) {
        od::field field = must(std::move(member));
        const std::string_view key = must(field.unescaped_key());
        od::value value = field.value();
        if (key == "type") {
            const std::string_view type = must(value.get_string());
            into.type = type == "move"      ? PromptAction::Type::move
                        : type == "cloud"   ? PromptAction::Type::cloud
                        : type == "buyback" ? PromptAction::Type::buyback
                                            : PromptAction::Type::other;
        } else if (key == "canoe") {
            std::int64_t canoe = -1;
            if (value.get_int64().get(canoe) == simdjson::SUCCESS && canoe >= 0 &&
                canoe <= std::numeric_limits<int>::max())
                into.canoe = int(canoe);
        } else if (key == "direction") {
            into.up = must(value.get_string()) == "up";
        } else if (key == "to") {
            into.to = must(value.get_string());
        } else if (key == "load") {
            into.loads = true;
        } else if (key == "steal") {
            into.robs = true;
        }
    }
}

// Reads one of a prompt's lists (`legal` or `actions`, whichever the key names) into
// `actions`; returns how many `legal` had, or -1 for another key.
long read_prompt_list(std::string_view key, od::value value, std::vector<PromptAction>& actions) {
    if (key != "legal" && key != "actions") return -1;
    std::size_t i = 0;
    for (auto item : must(value.get_array())) {
        od::value element = must(std::move(item));
        if (key == "legal") {
            entry(actions, i).text = must(element.get_string());
        } else if (od::object object; element.get_object().get(object) == simdjson::SUCCESS) {
            read_action_object(object, entry(actions, i));
        }
        ++i;
    }
    return key == "legal" ? long(i) : -1;
}

// A prompt's actions are exactly its `legal` entries: action objects beyond them are dropped.
void keep_legal(std::vector<PromptAction>& actions, long legal) {
    actions.resize(legal < 0 ? 0 : std::size_t(legal));
}

}  // namespace

bool read_for_play(std::string_view frame, PlayMessage& into) {
    // One parser per thread: it keeps its buffers (sized to the largest frame seen) between
    // frames, and a load generator's thousands of clients share a few threads. On-demand
    // parsing skips what is not asked for (the view's patch) without building it. Its indexing
    // runs on the library's kernel for this CPU; the reading below is compiled for any x86-64
    // (simdjson's generic code, as no -march is given), which is enough for the few members.
    thread_local od::parser parser;
    thread_local std::string padded;  // the frame, with the zero bytes simdjson may read past it
    padded.assign(frame);
    padded.resize(frame.size() + simdjson::SIMDJSON_PADDING);
    into.message = Json::object();
    into.prompt.clear();
    try {
        od::document document = must(parser.iterate(padded.data(), frame.size(), padded.size()));
        long top_legal = -1;  // `legal` at the top: a prompt on its own
        for (auto member : must(document.get_object())) {
            od::field field = must(std::move(member));
            const std::string key(must(field.unescaped_key()));
            od::value value = field.value();
            if (wanted_at_top(key) && key != "event") {
                into.message[key] = to_json(value);
            } else if (key == "event") {  // of the event, only whose it is and why (not its text)
                Json event = Json::object();
                for (auto inner : must(value.get_object())) {
                    od::field part = must(std::move(inner));
                    const std::string name(must(part.unescaped_key()));
                    if (name == "seat" || name == "cause") event[name] = to_json(part.value());
                }
                into.message["event"] = std::move(event);
            } else if (key == "prompt") {  // whose it is; its actions go to `into.prompt`
                Json prompt = Json::object();
                long legal = -1;
                for (auto inner : must(value.get_object())) {
                    od::field part = must(std::move(inner));
                    const std::string name(must(part.unescaped_key()));
                    if (name == "seat")
                        prompt["seat"] = to_json(part.value());
                    else if (const long n = read_prompt_list(name, part.value(), into.prompt);
                             n >= 0)
                        legal = n;
                }
                keep_legal(into.prompt, legal);
                into.message["prompt"] = std::move(prompt);
            } else if (const long n = read_prompt_list(key, value, into.prompt); n >= 0) {
                top_legal = n;
            }
        }
        if (!into.message.contains("prompt")) keep_legal(into.prompt, top_legal);
    } catch (const Failed&) {
        return false;
    }
    return true;
}

}  // namespace niagara::client
