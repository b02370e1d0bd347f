// Legal actions (and an action alone) as JSON text, written directly (json.hpp:
// legal_actions_json, append_action_json). A server sends one such list with every decision;
// building an object per action and serializing it cost it a tenth of its time.
#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <stdexcept>
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

// Every member name an action's object has (action_members.hpp, and "text"), in the order
// nlohmann::json (a std::map) writes them.
constexpr std::array<std::string_view, 20> kKeys = {
    "after_river", "branch", "canoe", "card", "deal",   "direction", "from",
    "gem",         "load",   "pay",   "points", "pushed", "seat",    "steal",
    "steps",       "text",   "timing", "to",  "type",   "unload"};

// Where `key` is in kKeys, told by its first letters (a decision's list writes a dozen members
// for each of dozens of actions: sorting each object's members was a twentieth of a server's
// work), checked against the name itself.
std::size_t key_rank(std::string_view key) {
    std::size_t r = kKeys.size();
    if (key.size() >= 2) {
        switch (key[0]) {
            case 'a': r = 0; break;
            case 'b': r = 1; break;
            case 'c': r = key[2] == 'n' ? 2 : 3; break;
            case 'd': r = key[1] == 'e' ? 4 : 5; break;
            case 'f': r = 6; break;
            case 'g': r = 7; break;
            case 'l': r = 8; break;
            case 'p': r = key[1] == 'a' ? 9 : key[1] == 'o' ? 10 : 11; break;
            case 's': r = key[1] == 'e' ? 12 : key.size() > 3 && key[3] == 'a' ? 13 : 14; break;
            case 't': r = key[1] == 'e' ? 15 : key[1] == 'i' ? 16 : key[1] == 'o' ? 17 : 18; break;
            case 'u': r = 19; break;
            default: break;
        }
    }
    if (r < kKeys.size() && kKeys[r] == key) return r;
    throw std::logic_error("legal_json: no place for the member \"" + std::string(key) + '"');
}

// One object's members as text, with their keys in the order nlohmann::json (a std::map)
// writes them, so that the text is legal_action_to_json(...).dump() to the byte. A sink for
// write_action_members (action_members.hpp). The values are written one after another into
// one buffer, kept from object to object (no allocation per member), each in the slot of its
// key's rank: written in rank order, the object needs no sort.
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
        out += '{';
        bool first = true;
        for (std::uint32_t left = present_; left; left &= left - 1) {
            const auto r = std::size_t(std::countr_zero(left));
            if (!first) out += ',';
            first = false;
            out += '"';
            out += kKeys[r];  // keys are plain names: no escaping
            out += "\":";
            out.append(values_, slots_[r].from, slots_[r].to - slots_[r].from);
        }
        out += '}';
        present_ = 0;
        values_.clear();
    }

  private:
    void append_name(std::string_view name) {
        values_ += '"';
        values_ += name;
        values_ += '"';
    }
    // A key given twice keeps its last value, as a std::map's operator[] would.
    void begin(std::string_view key) {
        rank_ = key_rank(key);
        slots_[rank_].from = values_.size();
    }
    void end() {
        slots_[rank_].to = values_.size();
        present_ |= std::uint32_t(1) << rank_;
    }
    void literal(std::string_view key, std::string_view json) {
        begin(key);
        values_ += json;
        end();
    }

    struct Slot {
        std::size_t from = 0, to = 0;  // the value's serialized JSON in values_
    };
    std::array<Slot, kKeys.size()> slots_;
    std::uint32_t present_ = 0;  // bit r: the member of rank r has a value
    std::size_t rank_ = 0;       // the member being written
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
