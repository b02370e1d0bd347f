// JSON Patch operations compared as sets: JSON Patch does not depend on the order of an object's
// keys, so a diff written in another order is the same diff.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "niagara/json.hpp"

namespace test {

inline std::vector<std::string> sorted_ops(const niagara::Json& ops) {
    std::vector<std::string> out;
    for (const niagara::Json& op : ops)
        out.push_back(op.dump());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace test
