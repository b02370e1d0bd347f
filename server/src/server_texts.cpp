#include "server_texts.hpp"

#include "niagara/i18n/i18n.hpp"
#include "niagara/protocol/server_message.hpp"

namespace niagara::server {

std::string english(const Reason& reason) {
    return i18n::render(i18n::kDefaultLanguage, reason.key, reason.args);
}

Json refusal(const std::string& code, const Reason& reason) {
    return protocol::error(code, reason.key, reason.args);
}

}  // namespace niagara::server
