// Legal actions as JSON text, written directly (json.hpp: legal_actions_json). A server sends
// one such list with every decision; building an object per action and serializing it cost
// it a tenth of its time.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "internal.hpp"
#include "niagara/json.hpp"

namespace niagara {
namespace {

// One object's members, written with their keys in the order nlohmann::json (a std::map)
// writes them, so that the text is legal_action_to_json(...).dump() to the byte.
class Members {
  public:
    void add(std::string_view key, int number) { add_raw(key, std::to_string(number)); }
    void add(std::string_view key, std::string_view text) {
        std::string value;
        append_json_string(value, text);
        add_raw(key, std::move(value));
    }
    void add_raw(std::string_view key, std::string value) {
        members_[count_++] = Member{key, std::move(value)};
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
    struct Member {
        std::string_view key;
        std::string value;  // serialized JSON
    };
    std::array<Member, 16> members_;  // an action has at most 15 (a move with everything)
    int count_ = 0;
};

std::string gem_list(const GemList& gems) {
    std::string out = "[";
    for (const Colour c : gems) {
        if (out.size() > 1) out += ',';
        append_json_string(out, colour_name(c));
    }
    return out + "]";
}

std::string steal_list(const Action& a) {
    std::string out = "[";
    for (int i = 0; i < a.steal_count; ++i) {
        const Steal& st = a.steals[std::size_t(i)];
        if (i) out += ',';
        out += R"({"canoe":)" + std::to_string(st.canoe) + R"(,"gem":)";
        append_json_string(out, colour_name(st.colour));
        out += R"(,"seat":)" + std::to_string(st.seat) + '}';
    }
    return out + "]";
}

constexpr std::array<std::string_view, 4> kDealNames = {"none", "take", "swap", "give"};

// The members of action_to_json(a) (json.cpp), and for a move those legal_action_to_json adds.
void action_members(Members& m, const State& s, const Action& a, std::string_view text) {
    m.add("seat", a.seat);
    m.add("text", text);
    switch (a.type) {
        case ActionType::PlayCard:
            m.add("type", "play");
            m.add("card", card_name(a.card));
            return;
        case ActionType::BuyBack:
            m.add("type", "buyback");
            m.add("canoe", a.canoe);
            m.add("pay", colour_name(a.colour));
            return;
        case ActionType::Cloud:
            m.add("type", "cloud");
            m.add("direction", a.up ? "up" : "down");
            return;
        case ActionType::EndTurn:
            m.add("type", "done");
            return;
        case ActionType::TakeElk:
            m.add("type", "elk");
            if (a.canoe >= 0)
                m.add("canoe", a.canoe);
            else
                m.add_raw("canoe", "null");
            return;
        case ActionType::Fork:
            m.add("type", "fork");
            m.add("canoe", a.canoe);
            m.add("branch", branch_name(a.fork));
            return;
        case ActionType::FreeCanoe:
            m.add("type", "free");
            m.add("canoe", a.canoe);
            return;
        case ActionType::MeetJoe:
            m.add("type", "joe");
            m.add("deal", kDealNames[static_cast<std::size_t>(a.deal)]);
            if (a.deal != JoeDeal::None) m.add("canoe", a.canoe);
            if (a.deal == JoeDeal::Swap || a.deal == JoeDeal::Give)
                m.add("gem", colour_name(a.colour));
            return;
        case ActionType::MoveCanoe:
            break;
    }
    m.add("type", "move");
    m.add("canoe", a.canoe);
    if (a.points) m.add("points", a.points);
    if (!a.unload.empty() || !a.load.empty()) {
        m.add("timing", a.timing == Timing::Before ? "before" : "after");
        if (!a.unload.empty()) m.add_raw("unload", gem_list(a.unload));
        if (!a.load.empty()) m.add_raw("load", gem_list(a.load));
    }
    if (a.direction != Direction::None) {
        m.add("direction", a.direction == Direction::Up ? "up" : "down");
        m.add("steps", a.steps);
    }
    if (a.branch) m.add("branch", branch_name(*a.branch));
    if (a.steal_count) m.add_raw("steal", steal_list(a));
    // Where the move starts and ends (legal_action_to_json).
    const Canoe& boat = s.seats[std::size_t(a.seat)].canoes[std::size_t(a.canoe)];
    m.add("from", boat.where == Where::Land ? std::string_view("land") : pos_name(boat.pos));
    const detail::Destination d = detail::move_destination(s, a);
    switch (d.kind) {
        case detail::Destination::Land:
            m.add("to", "land");
            break;
        case detail::Destination::Waterfall:
            m.add("to", "falls");
            break;
        case detail::Destination::River:
            m.add("to", pos_name(d.pos));
            break;
    }
    if (d.pushed) m.add_raw("pushed", "true");
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
    for (const char c : text)
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 ||
            static_cast<unsigned char>(c) >= 0x80) {
            out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
            return;
        }
    out += '"';
    out += text;
    out += '"';
}

std::string legal_actions_json(const State& state, const std::vector<Action>& legal,
                               const std::vector<std::string>& texts) {
    std::string out = "[";
    out.reserve(160 * legal.size() + 2);
    for (std::size_t i = 0; i < legal.size(); ++i) {
        if (i) out += ',';
        Members members;
        action_members(members, state, legal[i], texts[i]);
        members.write(out);
    }
    out += ']';
    return out;
}

}  // namespace niagara
