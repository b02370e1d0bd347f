// The views of a replay's steps (server/src/replay_route.hpp), whatever its format: a step's
// own "view" (every step of niagara-replay/1, step 0 of niagara-replay/2), or the previous
// step's view with the step's "patch" applied (RFC 6902, nlohmann's own implementation, not
// the server's: the check is independent of the code that wrote the patches).
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace server_test {

inline std::vector<nlohmann::json> replay_step_views(const nlohmann::json& replay) {
    std::vector<nlohmann::json> views;
    for (const nlohmann::json& step : replay.at("steps")) {
        if (step.contains("view")) {
            views.push_back(step.at("view"));
        } else {
            if (views.empty()) throw std::invalid_argument("a patch with no view before it");
            nlohmann::json view = views.back();
            view.patch_inplace(step.at("patch"));
            views.push_back(std::move(view));
        }
    }
    return views;
}

}  // namespace server_test
