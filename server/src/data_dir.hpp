// The server's data directory (--data): created if missing and made private (0700), as it holds
// the database and its seat tokens. When it cannot be (a bind mount owned by another user, the
// usual mistake with containers), the error says whose it is, who the server runs as, and the
// command that fixes it, instead of the system's "Operation not permitted".
#pragma once

#include <string>

namespace niagara::server {

// Throws std::runtime_error with that message.
void prepare_data_dir(const std::string& dir);

}  // namespace niagara::server
