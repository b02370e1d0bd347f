#include "view_patcher.hpp"

#include <string>

namespace niagara::server {

namespace {

// Appends the operations turning `before` into `after`, with paths under `prefix`.
void diff_into(Json& ops, const Json& before, const Json& after, const std::string& prefix) {
    if (before == after) return;
    for (Json& op : Json::diff(before, after)) {
        op["path"] = prefix + op["path"].get_ref<const std::string&>();
        ops.push_back(std::move(op));
    }
}

void append(Json& ops, const Json& more) {
    for (const Json& op : more)
        ops.push_back(op);
}

std::string entry_path(std::size_t seat) {
    return "/game/seats/" + std::to_string(seat);
}

}  // namespace

void ViewPatcher::update(Json table_part, const State* state) {
    const bool had_version = !table_.is_null();
    shared_ops_ = Json::array();
    if (had_version) diff_into(shared_ops_, table_, table_part, "/table");
    table_ = std::move(table_part);

    const bool had_game = state_.has_value();
    patchable_ = had_version && had_game == (state != nullptr);
    public_entry_ops_.clear();
    own_entry_ops_.clear();
    if (!state) return state_.reset();
    if (patchable_) {
        append_view_fields_diff(*state_, *state, "/game", shared_ops_);
        const std::size_t players = std::size_t(state->players());
        public_entry_ops_.assign(players, Json::array());
        own_entry_ops_.assign(players, Json::array());
        for (std::size_t seat = 0; seat < players; ++seat) {
            // An entry depends on its seat only (json.hpp): an unchanged seat has nothing to say.
            if (state->seats[seat] == state_->seats[seat]) continue;
            const int s = int(seat);
            append_seat_entry_diff(*state_, *state, s, -1, entry_path(seat),
                                   public_entry_ops_[seat]);
            append_seat_entry_diff(*state_, *state, s, s, entry_path(seat), own_entry_ops_[seat]);
        }
    }
    state_ = *state;
}

Json ViewPatcher::assemble(int viewer) const {
    Json game = nullptr;
    if (state_)
        game = viewer >= 0 ? niagara::seat_view(*state_, viewer) : niagara::spectator_view(*state_);
    return Json{{"table", table_},
                {"game", std::move(game)},
                {"seat", viewer >= 0 ? Json(viewer) : Json(nullptr)}};
}

std::optional<Json> ViewPatcher::spectator_patch() const {
    if (!patchable_) return std::nullopt;
    Json ops = shared_ops_;
    for (const Json& entry_ops : public_entry_ops_)
        append(ops, entry_ops);
    return ops;
}

std::optional<Json> ViewPatcher::seat_patch(int seat) const {
    if (!patchable_) return std::nullopt;
    Json ops = shared_ops_;
    for (std::size_t other = 0; other < public_entry_ops_.size(); ++other)
        append(ops, int(other) == seat ? own_entry_ops_[other] : public_entry_ops_[other]);
    return ops;
}

}  // namespace niagara::server
