#include "localized_frame.hpp"

#include "connection.hpp"
#if __has_include("niagara/protocol/localize.hpp")
#include "niagara/protocol/localize.hpp"
#define NIAGARA_HAS_LOCALIZE 1
#endif

namespace niagara::server {
namespace {

std::size_t index_of(std::string_view lang) {
    for (std::size_t i = 0; i < std::size(i18n::kLanguages); ++i)
        if (i18n::kLanguages[i] == lang) return i;
    return 0;
}

}  // namespace

std::shared_ptr<const std::string> localize_frame(const std::shared_ptr<const std::string>& frame,
                                                  std::string_view lang) {
    if (!frame || lang == i18n::kDefaultLanguage) return frame;
#ifdef NIAGARA_HAS_LOCALIZE
    return std::make_shared<const std::string>(protocol::localize(*frame, lang));
#else
    return frame;
#endif
}

const std::shared_ptr<const std::string>& LocalizedFrame::in(std::string_view lang) {
    const std::size_t i = index_of(lang);
    if (!versions_[i]) versions_[i] = localize_frame(versions_[0], lang);
    return versions_[i];
}

// ---- Connection's sending, in its language -----------------------------------------------

void Connection::send(std::shared_ptr<const std::string> frame) {
    deliver(localize_frame(frame, lang()));
}

void Connection::send(std::string text) {
    send(std::make_shared<const std::string>(std::move(text)));
}

void Connection::send(LocalizedFrame& frame) {
    deliver(frame.in(lang()));
}

std::string_view Connection::lang() const {
    const unsigned char i = lang_.load(std::memory_order_relaxed);
    return i < std::size(i18n::kLanguages) ? i18n::kLanguages[i] : i18n::kDefaultLanguage;
}

void Connection::set_lang(std::string_view supported) {
    lang_.store(static_cast<unsigned char>(index_of(supported)), std::memory_order_relaxed);
}

}  // namespace niagara::server
