// Legal actions (and an action alone) as JSON text, written directly (json.hpp:
// legal_actions_json, append_action_json). A server sends one such list with every decision;
// building an object per action and serializing it cost it a tenth of its time.
#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <string_view>

#include "action_members.hpp"
#include "niagara/json.hpp"

namespace niagara {
namespace {

// A small whole number, appended as its digits: no temporary string per number.
void append_number(std::string& out, int n) {
    char digits[12];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.append(digits, std::size_t(end - digits));
}

// One object's members as text, with their keys in the order nlohmann::json (a std::map)
// writes them, so that the text is legal_action_to_json(...).dump() to the byte. A sink for
// write_action_members (action_members.hpp). The values are written one after another into
// one buffer, kept from object to object: no allocation per member.
class Members {
  public:
    void number(std::string_view key, int n) {
        begin(key);
        append_number(values_, n);
        end();
    }
    // Text values are the engine's own names (types, cards, colours, positions): plain ASCII
    // words, written as they are. Each list of them is held to dump() byte for byte by the tests;
    // checking every one for escapes cost more than writing it.
    void text(std::string_view key, std::string_view value) {
        begin(key);
        append_name(value);
        end();
    }
    void any_text(std::string_view key, std::string_view value) {
        begin(key);
        append_json_string(values_, value);
        end();
    }
    void null(std::string_view key) { literal(key, "null"); }
    void flag(std::string_view key) { literal(key, "true"); }
    void gems(std::string_view key, const GemList& list) {
        begin(key);
        values_ += '[';
        for (const Colour c : list) {
            if (values_.back() != '[') values_ += ',';
            append_name(colour_name(c));
        }
        values_ += ']';
        end();
    }
    void steals(std::string_view key, const Action& a) {
        begin(key);
        values_ += '[';
        for (int i = 0; i < a.steal_count; ++i) {
            const Steal& st = a.steals[std::size_t(i)];
            if (i) values_ += ',';
            values_ += R"({"canoe":)";
            append_number(values_, st.canoe);
            values_ += R"(,"gem":)";
            append_name(colour_name(st.colour));
            values_ += R"(,"seat":)";
            append_number(values_, st.seat);
            values_ += '}';
        }
        values_ += ']';
        end();
    }
    void river(std::string_view key, const RiverPreview& preview) {
        begin(key);
        values_ += '[';
        for (const RiverOutcome& o : preview) {
            if (values_.back() != '[') values_ += ',';
            values_ += R"({"speed":)";
            append_number(values_, o.speed);
            values_ += R"(,"to":)";
            append_name(o.to ? pos_name(*o.to) : "falls");
            values_ += '}';
        }
        values_ += ']';
        end();
    }

    // Writes the object and forgets its members, ready for the next.
    void write(std::string& out) {
        std::sort(members_.begin(), members_.begin() + count_,
                  [](const Member& a, const Member& b) { return key_less(a.key, b.key); });
        out += '{';
        for (int i = 0; i < count_; ++i) {
            const Member& m = members_[std::size_t(i)];
            if (i) out += ',';
            out += '"';
            out += m.key;  // keys are plain names: no escaping
            out += "\":";
            out.append(values_, m.from, m.to - m.from);
        }
        out += '}';
        count_ = 0;
        values_.clear();
    }

  private:
    // a < b as std::string_view compares them, byte by byte in place: member names differ in
    // their first letters, and a call to memcmp per comparison cost more than the whole test.
    static bool key_less(std::string_view a, std::string_view b) {
        const std::size_t n = std::min(a.size(), b.size());
        for (std::size_t i = 0; i < n; ++i)
            if (a[i] != b[i])
                return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
        return a.size() < b.size();
    }
    void append_name(std::string_view name) {
        values_ += '"';
        values_ += name;
        values_ += '"';
    }
    void begin(std::string_view key) { members_[std::size_t(count_)] = {key, values_.size(), 0}; }
    void end() { members_[std::size_t(count_++)].to = values_.size(); }
    void literal(std::string_view key, std::string_view json) {
        begin(key);
        values_ += json;
        end();
    }

    struct Member {
        std::string_view key;
        std::size_t from = 0, to = 0;  // the value's serialized JSON in values_
    };
    std::array<Member, 16> members_;  // an action has at most 16 (a move with everything)
    int count_ = 0;
    std::string values_;
};

}  // namespace

void append_action_json(std::string& out, const Action& action) {
    Members members;
    detail::write_action_members(members, action);
    members.any_text("text", to_text(action));
    members.write(out);
}

std::string legal_actions_json(const State& state, const std::vector<Action>& legal,
                               const std::vector<std::string>& texts) {
    std::string out = "[";
    out.reserve(160 * legal.size() + 2);
    Members members;
    // The preview's speeds depend only on the state and the acting seat: found once.
    const bool moves = std::any_of(legal.begin(), legal.end(),
                                   [](const Action& a) { return a.type == ActionType::MoveCanoe; });
    const std::uint16_t speeds = moves ? possible_river_speeds(state, legal.front().seat) : 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
        if (i) out += ',';
        detail::write_action_members(members, legal[i]);
        members.any_text("text", texts[i]);  // the caller's: escaped as need be
        detail::write_move_ends(members, state, legal[i], speeds);
        members.write(out);
    }
    out += ']';
    return out;
}

}  // namespace niagara
