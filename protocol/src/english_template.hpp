// The English of a text whose arguments change from message to message but whose pattern does
// not: the pattern rendered once with a marker for each argument, then filled in by
// concatenation. A frame with a decision or a card carries such a text, and building its
// arguments as a JSON tree and rendering it cost more than the rest of the frame.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::protocol {

class EnglishTemplate {
  public:
    // `names`: the key's arguments, each given as a string when filled in. A pattern that does
    // not show each of them exactly once as it is (a plural, a select, a number format) makes no
    // template: fill() then answers nullopt and the caller renders.
    EnglishTemplate(std::string_view key, std::initializer_list<std::string_view> names);
    // The English with `values` (in the order of the names) in place of the markers: what
    // i18n::render("en", key, args) gives with those values as the string arguments.
    std::optional<std::string> fill(std::initializer_list<std::string_view> values) const;

  private:
    std::vector<std::string> pieces_;  // the text between the markers: one more than slots_
    std::vector<std::size_t> slots_;   // which value each marker stands for
    bool ok_ = false;
};

}  // namespace niagara::protocol
