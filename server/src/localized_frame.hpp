// A server message sent to several connections (a broadcast, the spectators' patch, the table
// list, a lobby chat line), serialized once in English and localized once per language that
// asks for it: with half the table in French, one French version, whoever many read it.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>

#include "niagara/i18n/i18n.hpp"

namespace niagara::server {

// `frame` (English) in `lang`: the same frame for English, or a frame whose texts are rendered
// in `lang` (protocol::localize). A frame that cannot be localized goes out in English.
std::shared_ptr<const std::string> localize_frame(const std::shared_ptr<const std::string>& frame,
                                                  std::string_view lang);

// Not thread-safe: used where it was made (a table's executor, one lobby call).
class LocalizedFrame {
  public:
    explicit LocalizedFrame(std::shared_ptr<const std::string> english) {
        versions_[0] = std::move(english);
    }
    explicit LocalizedFrame(std::string english)
        : LocalizedFrame(std::make_shared<const std::string>(std::move(english))) {}

    const std::shared_ptr<const std::string>& in(std::string_view lang);
    const std::shared_ptr<const std::string>& english() const { return versions_[0]; }

  private:
    static constexpr std::size_t kCount = std::size(i18n::kLanguages);
    std::array<std::shared_ptr<const std::string>, kCount> versions_;  // by kLanguages' index
};

}  // namespace niagara::server
