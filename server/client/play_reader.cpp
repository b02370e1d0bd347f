#include "play_reader.hpp"

#include <string>
#include <utility>
#include <vector>

namespace niagara::client {

namespace {

using Json = nlohmann::json;

// Builds the wanted part of the message, skipping every other value whole.
class PlayReader : public nlohmann::json_sax<Json> {
  public:
    explicit PlayReader(Json& root) : root_(root) {}

    bool null() override { return skipped() || put(Json(nullptr)); }
    bool boolean(bool v) override { return skipped() || put(Json(v)); }
    bool number_integer(number_integer_t v) override { return skipped() || put(Json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return skipped() || put(Json(v)); }
    bool number_float(number_float_t v, const string_t&) override {
        return skipped() || put(Json(v));
    }
    // Copied, not moved: the lexer keeps its buffer for the next string.
    bool string(string_t& v) override { return skipped() || put(Json(v)); }
    bool binary(binary_t&) override { return skipped() || put(Json(nullptr)); }

    bool start_object(std::size_t) override { return open(Json::value_t::object); }
    bool start_array(std::size_t) override { return open(Json::value_t::array); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override {
        if (skipping_) return true;
        const std::string& container = names_.back();
        const bool wanted = stack_.size() == 1
                                ? k == "type" || k == "table" || k == "seat" || k == "token" ||
                                      k == "from" || k == "to" || k == "version" || k == "event" ||
                                      k == "prompt" || k == "chosen" || k == "legal" ||
                                      k == "actions"  // a prompt message
                            : container == "event" ? k == "seat" || k == "cause"
                                                   : true;  // within the prompt: all of it
        skip_next_ = !wanted;
        key_ = k;
        return true;
    }

    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;
    }

  private:
    // Whether the value that comes now is skipped (and so is not built at all).
    bool skipped() { return skipping_ || std::exchange(skip_next_, false); }

    // A scalar: stored in the container being built.
    bool put(Json value) {
        if (stack_.empty()) {
            root_ = std::move(value);
        } else if (stack_.back()->is_array()) {
            stack_.back()->push_back(std::move(value));
        } else {
            (*stack_.back())[key_] = std::move(value);
        }
        return true;
    }

    bool open(Json::value_t type) {
        if (skipped()) {
            ++skipping_;
            return true;
        }
        Json container(type);
        Json* slot = &root_;
        std::string name = key_;
        if (stack_.empty()) {
            root_ = std::move(container);
        } else if (stack_.back()->is_array()) {
            stack_.back()->push_back(std::move(container));
            slot = &stack_.back()->back();
            name = names_.back();
        } else {
            slot = &((*stack_.back())[key_] = std::move(container));
        }
        stack_.push_back(slot);
        names_.push_back(std::move(name));
        return true;
    }

    bool close() {
        if (skipping_) {
            --skipping_;
            return true;
        }
        stack_.pop_back();
        names_.pop_back();
        return true;
    }

    Json& root_;
    std::vector<Json*> stack_;        // the containers being built, innermost last
    std::vector<std::string> names_;  // the member each of them is ("" for the message)
    std::string key_;                 // the key of the value that comes next
    bool skip_next_ = false;          // that value is not wanted
    int skipping_ = 0;                // depth within a skipped container
};

}  // namespace

Json read_for_play(std::string_view frame) {
    Json message;
    PlayReader reader(message);
    if (!Json::sax_parse(frame.begin(), frame.end(), &reader) || !message.is_object())
        return Json(Json::value_t::discarded);
    return message;
}

}  // namespace niagara::client
