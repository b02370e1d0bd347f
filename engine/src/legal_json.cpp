// Legal actions as JSON text, written directly (json.hpp: legal_actions_json). A server sends
// one such list with every decision; building an object per action and serializing it cost
// it a tenth of its time.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "action_members.hpp"
#include "niagara/json.hpp"

namespace niagara {
namespace {

// One object's members as text, with their keys in the order nlohmann::json (a std::map)
// writes them, so that the text is legal_action_to_json(...).dump() to the byte. A sink for
// write_action_members (action_members.hpp).
class Members {
  public:
    void number(std::string_view key, int n) { add(key, std::to_string(n)); }
    void text(std::string_view key, std::string_view value) {
        std::string json;
        append_json_string(json, value);
        add(key, std::move(json));
    }
    void null(std::string_view key) { add(key, "null"); }
    void flag(std::string_view key) { add(key, "true"); }
    void gems(std::string_view key, const GemList& list) {
        std::string json = "[";
        for (const Colour c : list) {
            if (json.size() > 1) json += ',';
            append_json_string(json, colour_name(c));
        }
        add(key, json + "]");
    }
    void steals(std::string_view key, const Action& a) {
        std::string json = "[";
        for (int i = 0; i < a.steal_count; ++i) {
            const Steal& st = a.steals[std::size_t(i)];
            if (i) json += ',';
            json += R"({"canoe":)" + std::to_string(st.canoe) + R"(,"gem":)";
            append_json_string(json, colour_name(st.colour));
            json += R"(,"seat":)" + std::to_string(st.seat) + '}';
        }
        add(key, json + "]");
    }

    void write(std::string& out) {
        std::sort(members_.begin(), members_.begin() + count_,
                  [](const Member& a, const Member& b) { return a.key < b.key; });
        out += '{';
        for (int i = 0; i < count_; ++i) {
            if (i) out += ',';
            out += '"';
            out += members_[std::size_t(i)].key;  // keys are plain names: no escaping
            out += "\":";
            out += members_[std::size_t(i)].value;
        }
        out += '}';
    }

  private:
    void add(std::string_view key, std::string value) {
        members_[count_++] = Member{key, std::move(value)};
    }

    struct Member {
        std::string_view key;
        std::string value;  // serialized JSON
    };
    std::array<Member, 16> members_;  // an action has at most 15 (a move with everything)
    int count_ = 0;
};

}  // namespace

std::string legal_actions_json(const State& state, const std::vector<Action>& legal,
                               const std::vector<std::string>& texts) {
    std::string out = "[";
    out.reserve(160 * legal.size() + 2);
    for (std::size_t i = 0; i < legal.size(); ++i) {
        if (i) out += ',';
        Members members;
        detail::write_action_members(members, legal[i]);
        members.text("text", texts[i]);
        detail::write_move_ends(members, state, legal[i]);
        members.write(out);
    }
    out += ']';
    return out;
}

}  // namespace niagara
