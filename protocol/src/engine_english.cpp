#include "niagara/protocol/engine_english.hpp"

#include <string_view>
#include <unordered_map>

#include "niagara/i18n/i18n.hpp"

namespace niagara::protocol {

namespace {

// Two generations of at most kGeneration texts each: a text is looked up in the newer, then in
// the older (and brought back into the newer); when the newer is full it becomes the older and
// the oldest is dropped. Texts still in use survive a turn-over, memory stays bounded (some MB
// a thread at most), and nothing is shared between threads, so nothing is locked.
class EnglishCache {
  public:
    std::string english(const Text& text) {
        // The key and the arguments' JSON text (its members in name order: one text, one
        // string), joined by a byte neither holds.
        lookup_.assign(text.key);
        lookup_ += '\0';
        lookup_ += text.args.dump();
        if (auto it = newer_.find(lookup_); it != newer_.end()) return it->second;
        std::string english;
        if (auto it = older_.find(lookup_); it != older_.end())
            english = it->second;
        else
            english = i18n::render("en", text.key, text.args.json());
        if (newer_.size() >= kGeneration) {
            older_ = std::move(newer_);
            newer_.clear();
        }
        newer_.emplace(lookup_, english);
        return english;
    }

  private:
    static constexpr std::size_t kGeneration = 8192;
    std::string lookup_;  // reused: no allocation for a text already known
    std::unordered_map<std::string, std::string> newer_, older_;
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
