#include "niagara/protocol/names.hpp"

#include "niagara/ascii.hpp"

namespace niagara::protocol {

bool is_reserved_name(std::string_view name) {
    const std::string folded = ascii::lower(name);
    for (const std::string_view word : {"server", "niagara", "admin", "system", "moderator"})
        if (folded == word) return true;
    return folded.starts_with("bot") || folded.starts_with("guest-");
}

}  // namespace niagara::protocol
