#include "view_patcher.hpp"

#include "niagara/protocol/server_message.hpp"

namespace niagara::server {

namespace {

void append_list(std::string& out, const std::string& list) {
    if (list.empty()) return;
    if (out.size() > 1) out += ',';
    out += list;
}

std::string entry_path(std::size_t seat) {
    return "/game/seats/" + std::to_string(seat);
}

}  // namespace

void ViewPatcher::update(std::optional<Json> table_part, const State* state) {
    const bool had_version = !table_.is_null();
    shared_ops_.clear();
    if (table_part) {
        if (had_version) {
            for (Json& op : Json::diff(table_, *table_part)) {
                op["path"] = "/table" + op["path"].get_ref<const std::string&>();
                if (!shared_ops_.empty()) shared_ops_ += ',';
                shared_ops_ += protocol::serialize(op);
            }
        }
        table_ = std::move(*table_part);
    }

    const bool had_game = state_.has_value();
    patchable_ = had_version && had_game == (state != nullptr);
    public_entry_ops_.clear();
    own_entry_ops_.clear();
    if (state && patchable_) {
        append_view_fields_diff(*state_, *state, "/game", shared_ops_);
        const std::size_t players = std::size_t(state->players());
        public_entry_ops_.resize(players);
        own_entry_ops_.resize(players);
        for (std::size_t seat = 0; seat < players; ++seat) {
            // An entry depends on its seat only (json.hpp): an unchanged seat has nothing to say.
            if (state->seats[seat] == state_->seats[seat]) continue;
            append_seat_entry_diffs(*state_, *state, int(seat), entry_path(seat),
                                    public_entry_ops_[seat], own_entry_ops_[seat]);
        }
    }
    if (state)
        state_ = *state;
    else
        state_.reset();
}

Json ViewPatcher::assemble(int viewer) const {
    Json game = nullptr;
    if (state_)
        game = viewer >= 0 ? niagara::seat_view(*state_, viewer) : niagara::spectator_view(*state_);
    return Json{{"table", table_},
                {"game", std::move(game)},
                {"seat", viewer >= 0 ? Json(viewer) : Json(nullptr)}};
}

std::string ViewPatcher::patch_for(int seat) const {
    std::string out = "[";
    append_list(out, shared_ops_);
    for (std::size_t other = 0; other < public_entry_ops_.size(); ++other)
        append_list(out, int(other) == seat ? own_entry_ops_[other] : public_entry_ops_[other]);
    out += ']';
    return out;
}

std::optional<std::string> ViewPatcher::spectator_patch() const {
    if (!patchable_) return std::nullopt;
    return patch_for(-1);
}

std::optional<std::string> ViewPatcher::seat_patch(int seat) const {
    if (!patchable_) return std::nullopt;
    return patch_for(seat);
}

}  // namespace niagara::server
