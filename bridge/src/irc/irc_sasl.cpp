#include "irc_sasl.hpp"

#include <openssl/evp.h>

namespace niagara::bridge::irc {

std::string base64(std::string_view bytes) {
    std::string encoded(4 * ((bytes.size() + 2) / 3) + 1, '\0');  // EVP_EncodeBlock adds a NUL
    const int length =
        EVP_EncodeBlock(reinterpret_cast<unsigned char*>(encoded.data()),
                        reinterpret_cast<const unsigned char*>(bytes.data()), int(bytes.size()));
    encoded.resize(length > 0 ? std::size_t(length) : 0);
    return encoded;
}

std::vector<std::string> sasl_plain_messages(std::string_view user, std::string_view password) {
    std::string plain;
    plain.append(user).push_back('\0');
    plain.append(user).push_back('\0');
    plain.append(password);
    const std::string encoded = base64(plain);
    constexpr std::size_t kPiece = 400;
    std::vector<std::string> messages;
    for (std::size_t at = 0; at < encoded.size(); at += kPiece)
        messages.push_back(encoded.substr(at, kPiece));
    if (messages.empty() || messages.back().size() == kPiece) messages.emplace_back("+");
    return messages;
}

bool offers_sasl_plain(std::string_view capabilities) {
    while (!capabilities.empty()) {
        const auto space = capabilities.find(' ');
        std::string_view cap = capabilities.substr(0, space);
        capabilities =
            space == std::string_view::npos ? std::string_view{} : capabilities.substr(space + 1);
        if (cap == "sasl") return true;
        if (cap.substr(0, 5) != "sasl=") continue;
        std::string_view mechanisms = cap.substr(5);
        while (!mechanisms.empty()) {
            const auto comma = mechanisms.find(',');
            if (mechanisms.substr(0, comma) == "PLAIN") return true;
            if (comma == std::string_view::npos) break;
            mechanisms.remove_prefix(comma + 1);
        }
        return false;
    }
    return false;
}

}  // namespace niagara::bridge::irc
