#include "niagara/protocol/engine_english.hpp"

#include <string_view>
#include <unordered_map>
#include <utility>

#include "english_template.hpp"
#include "niagara/i18n/i18n.hpp"

namespace niagara::protocol {

namespace {

// At most `limit` entries in two generations: an entry is looked up in the newer, then in the
// older (and brought back into the newer); when the newer is full it becomes the older and the
// oldest is dropped. Entries still in use survive a turn-over and memory stays bounded.
class Remembered {
  public:
    explicit Remembered(std::size_t limit) : generation_(limit / 2) {}
    const std::string* find(const std::string& key) {
        if (auto it = newer_.find(key); it != newer_.end()) return &it->second;
        if (auto it = older_.find(key); it != older_.end()) {
            std::string value = it->second;  // add() may drop the older generation
            return &add(key, std::move(value));
        }
        return nullptr;
    }
    const std::string& add(const std::string& key, std::string value) {
        if (newer_.size() >= generation_) {
            older_ = std::move(newer_);
            newer_.clear();
        }
        return newer_.insert_or_assign(key, std::move(value)).first->second;
    }

  private:
    std::size_t generation_;
    std::unordered_map<std::string, std::string> newer_, older_;
};

// The members of an object's JSON text as TextArgs writes it ({"name":value,...}, the names
// plain ASCII): each name and its value's JSON text. False for anything else.
using Members = std::vector<std::pair<std::string_view, std::string_view>>;
bool split_members(std::string_view json, Members& out) {
    out.clear();
    if (json.size() < 2 || json.front() != '{' || json.back() != '}') return false;
    std::size_t i = 1;
    while (i + 1 < json.size()) {
        if (json[i] != '"') return false;
        const std::size_t name_end = json.find('"', i + 1);
        if (name_end == std::string_view::npos || name_end + 1 >= json.size() ||
            json[name_end + 1] != ':')
            return false;
        const std::string_view name = json.substr(i + 1, name_end - i - 1);
        if (name.find('\\') != std::string_view::npos) return false;
        const std::size_t value = name_end + 2;
        std::size_t j = value;
        int depth = 0;
        bool in_string = false;
        for (; j + 1 < json.size(); ++j) {
            const char c = json[j];
            if (in_string) {
                if (c == '\\')
                    ++j;
                else if (c == '"')
                    in_string = false;
            } else if (c == '"') {
                in_string = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                --depth;
            } else if (c == ',' && depth == 0) {
                break;
            }
        }
        if (j == value || depth != 0 || in_string) return false;
        out.emplace_back(name, json.substr(value, j - value));
        i = j + 1;
    }
    return true;
}

// A text is looked up whole first: most lines come back as they were ("Seat 2 reveals 4.").
// A line not met before is mostly made of arguments that were (a seat, a gem, a part of a
// canoe's move), so it is composed from its key's pattern, rendered once per key with a marker
// for each argument (EnglishTemplate), and each argument's English, remembered on its own.
// Only a pattern that is not plain text and {name} arguments (a plural) is rendered whole.
class EnglishCache {
  public:
    std::string english(const Text& text) {
        lookup_.assign(text.key);
        lookup_ += '\0';  // in neither a key nor JSON text
        lookup_ += text.args.dump();
        if (const std::string* known = lines_.find(lookup_)) return *known;
        std::string english = composed(text);
        lines_.add(lookup_, english);
        return english;
    }

  private:
    std::string composed(const Text& text) {
        if (!split_members(text.args.dump(), members_) || members_.size() > TextArgs::kMostMembers)
            return rendered(text);
        std::string_view names[TextArgs::kMostMembers], values[TextArgs::kMostMembers];
        std::string shape = text.key;  // the key and its arguments' names
        for (std::size_t i = 0; i < members_.size(); ++i) {
            names[i] = members_[i].first;
            shape += '\0';
            shape += names[i];
        }
        auto it = templates_.find(shape);
        if (it == templates_.end()) {
            if (templates_.size() >= kMostTemplates) templates_.clear();
            it = templates_.try_emplace(shape, text.key, names, members_.size()).first;
        }
        // The arguments' English, kept in `arguments_` (a turn-over while filling the slots
        // could drop one already looked up, so each is copied).
        std::string held[TextArgs::kMostMembers];
        for (std::size_t i = 0; i < members_.size(); ++i) {
            held[i] = argument(members_[i].second);
            values[i] = held[i];
        }
        if (auto filled = it->second.fill(values, members_.size())) return std::move(*filled);
        return rendered(text);
    }

    // An argument's English: what {name} shows for it in a plain pattern, as protocol.text
    // ("{text}") shows it.
    std::string argument(std::string_view json) {
        value_.assign(json);
        if (const std::string* known = arguments_.find(value_)) return *known;
        const Json value = Json::parse(value_, nullptr, false);
        std::string english = value.is_discarded()
                                  ? std::string("?")
                                  : i18n::render("en", "protocol.text", Json{{"text", value}});
        return arguments_.add(value_, std::move(english));
    }

    static std::string rendered(const Text& text) {
        return i18n::render("en", text.key, text.args.json());
    }

    static constexpr std::size_t kMostTemplates = 1024;  // the engine has some 150 keys
    std::string lookup_, value_;  // reused: no allocation for a text already known
    Members members_;
    Remembered lines_{16384};
    Remembered arguments_{4096};
    std::unordered_map<std::string, EnglishTemplate> templates_;
};

EnglishCache& cache() {
    thread_local EnglishCache kCache;
    return kCache;
}

}  // namespace

std::string engine_english(const Text& text) {
    return cache().english(text);
}

std::vector<std::string> engine_english(const std::vector<Text>& texts) {
    EnglishCache& c = cache();
    std::vector<std::string> out;
    out.reserve(texts.size());
    for (const Text& t : texts)
        out.push_back(c.english(t));
    return out;
}

}  // namespace niagara::protocol
