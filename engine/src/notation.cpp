#include "niagara/notation.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "niagara/ascii.hpp"

namespace niagara {
namespace {

void append_gems(std::string& out, const char* verb, const GemList& gems) {
    if (gems.empty()) return;
    out += ' ';
    out += verb;
    for (Colour c : gems) {
        out += ' ';
        out += colour_name(c);
    }
}

std::string seat_canoe(int seat, int canoe) {
    return std::to_string(seat + 1) + "." + std::to_string(canoe + 1);
}

}  // namespace

std::string to_text(const Action& a) {
    switch (a.type) {
        case ActionType::PlayCard:
            return "play " + std::string(card_name(a.card));
        case ActionType::BuyBack:
            return "buyback " + std::to_string(a.canoe + 1) + " " +
                   std::string(colour_name(a.colour));
        case ActionType::Cloud:
            return a.up ? "cloud up" : "cloud down";
        case ActionType::EndTurn:
            return "done";
        case ActionType::TakeElk:
            return a.canoe < 0 ? "elk no" : "elk " + std::to_string(a.canoe + 1);
        case ActionType::Fork:
            return "fork " + std::to_string(a.canoe + 1) + " " + std::string(branch_name(a.fork));
        case ActionType::FreeCanoe:
            return "free " + std::to_string(a.canoe + 1);
        case ActionType::MeetJoe: {
            const std::string canoe = " " + std::to_string(a.canoe + 1);
            const std::string gem = " " + std::string(colour_name(a.colour));
            switch (a.deal) {
                case JoeDeal::None:
                    return "joe no";
                case JoeDeal::Take:
                    return "joe take" + canoe;
                case JoeDeal::Swap:
                    return "joe swap" + canoe + gem;
                case JoeDeal::Give:
                    return "joe give" + canoe + gem;
            }
            return "";
        }
        case ActionType::MoveCanoe:
            break;
    }
    std::string out = "canoe " + std::to_string(a.canoe + 1);
    if (a.points) out += " using " + std::to_string(a.points);
    const bool moves = a.direction != Direction::None;
    if (a.timing == Timing::Before) {
        append_gems(out, "unload", a.unload);
        append_gems(out, "load", a.load);
        if (moves && !(a.unload.empty() && a.load.empty())) out += " then";
    }
    if (moves) {
        out += a.direction == Direction::Up ? " up " : " down ";
        out += std::to_string(a.steps);
        if (a.branch) out += " " + std::string(branch_name(*a.branch));
    }
    if (a.timing == Timing::After) {
        out += " then";
        append_gems(out, "unload", a.unload);
        append_gems(out, "load", a.load);
    }
    for (int i = 0; i < a.steal_count; ++i) {
        out += i == 0 ? " steal " : " and ";
        out += colour_name(a.steals[i].colour);
        out += " from " + seat_canoe(a.steals[i].seat, a.steals[i].canoe);
    }
    return out;
}

namespace {

constexpr const char* kHint =
    "try: play 4, buyback 1 red, cloud up, canoe 1 up 3, canoe 2 load blue then down 2 left, "
    "canoe 1 up 2 steal red from 3.1, done, elk 1, fork 1 left, free 1, joe take 1";

class Parser {
  public:
    Parser(std::string_view text, int seat) : seat_(seat) {
        std::string word;
        for (char ch : text) {
            if (ascii::is_space(ch) || ch == ',') {
                flush(word);
            } else {
                word += ascii::lower(ch);
            }
        }
        flush(word);
    }

    Parsed parse() {
        if (words_.empty()) return fail(why("empty", {}, "empty command; " + std::string(kHint)));
        const std::string verb = next();
        if (verb == "play") return parse_play();
        if (verb == "buyback" || verb == "buy") return parse_buy_back();
        if (verb == "cloud") return parse_cloud();
        if (verb == "done" || verb == "end" || verb == "pass")
            return finish(Action::end_turn(seat_));
        if (verb == "canoe") return parse_canoe();
        if (verb == "elk") return parse_elk();
        if (verb == "fork") return parse_fork();
        if (verb == "free") return parse_free();
        if (verb == "joe") return parse_joe();
        return fail(why("unknown", {{"word", verb}}, "unknown action '" + verb + "'; " + kHint));
    }

  private:
    std::vector<std::string> words_;
    std::size_t at_ = 0;
    int seat_;

    void flush(std::string& word) {
        if (!word.empty() && word != "then" && word != "and") words_.push_back(word);
        word.clear();
    }
    bool more() const { return at_ < words_.size(); }
    const std::string& peek() const { return words_[at_]; }
    std::string next() { return more() ? words_[at_++] : std::string(); }
    bool accept(std::string_view w) {
        if (more() && peek() == w) {
            ++at_;
            return true;
        }
        return false;
    }

    // What is wrong, as a refusal (engine.refuse.parse.<key>) and its English.
    static Text why(const char* key, TextArgs args, std::string en) {
        return Text{std::string("engine.refuse.parse.") + key, std::move(args), std::move(en)};
    }
    static Parsed fail(Text why) {
        std::string en = why.en;
        return Parsed{std::nullopt, std::move(en), std::move(why)};
    }
    Parsed finish(const Action& a) {
        if (more())
            return fail(why("trailing", {{"word", peek()}},
                            "unexpected '" + peek() + "' at the end of the command"));
        return Parsed{a, "", {}};
    }

    static std::optional<int> number(const std::string& w) {
        int v = 0;
        auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
        if (ec != std::errc() || end != w.data() + w.size()) return std::nullopt;
        return v;
    }

    std::optional<int> canoe_number() {
        auto n = number(next());
        if (!n || *n < 1 || *n > kCanoesPerSeat) return std::nullopt;
        return *n - 1;
    }

    Parsed parse_play() {
        const std::string w = next();
        auto card = parse_card(w);
        if (!card)
            return fail(why("not_card", {{"word", w}},
                            "'" + w + "' is not a card; cards are 1 to 7, cloud, lasso and 1/2/3"));
        return finish(Action::play(seat_, *card));
    }

    Parsed parse_buy_back() {
        accept("back");
        accept("canoe");
        auto canoe = canoe_number();
        if (!canoe)
            return fail(why("buy_back", {},
                            "say which canoe to buy back and the gem to pay, e.g. buyback 1 red"));
        accept("with");
        accept("pay");
        const std::string w = next();
        auto colour = parse_colour(w);
        if (!colour)
            return fail(why("not_colour", {{"word", w}},
                            "'" + w + "' is not a gem colour (violet, clear, yellow, blue, red)"));
        return finish(Action::buy_back(seat_, *canoe, *colour));
    }

    Parsed parse_cloud() {
        const std::string w = next();
        if (w == "up" || w == "+") return finish(Action::cloud(seat_, true));
        if (w == "down" || w == "-") return finish(Action::cloud(seat_, false));
        return fail(why("cloud", {}, "say cloud up or cloud down"));
    }

    Parsed parse_elk() {
        if (accept("no") || accept("none") || accept("skip"))
            return finish(Action::take_elk(seat_, -1));
        auto canoe = canoe_number();
        if (!canoe)
            return fail(
                why("elk", {}, "say elk 1, elk 2 (the canoe that takes the elk) or elk no"));
        return finish(Action::take_elk(seat_, *canoe));
    }

    Parsed parse_fork() {
        auto canoe = canoe_number();
        const std::string w = next();
        if (!canoe || (w != "left" && w != "right"))
            return fail(why("fork", {}, "say fork 1 left or fork 1 right"));
        return finish(Action::fork_to(seat_, *canoe, w == "left" ? Branch::Left : Branch::Right));
    }

    Parsed parse_free() {
        accept("canoe");
        auto canoe = canoe_number();
        if (!canoe) return fail(why("free", {}, "say free 1 (the double canoe) or free 2"));
        return finish(Action::free_canoe(seat_, *canoe));
    }

    Parsed parse_joe() {
        const std::string deal = next();
        if (deal == "no" || deal == "none" || deal == "skip")
            return finish(Action::meet_joe(seat_, JoeDeal::None));
        if (deal != "take" && deal != "swap" && deal != "give")
            return fail(why("joe", {}, "say joe take 1, joe swap 1 red, joe give 1 red or joe no"));
        accept("canoe");
        auto canoe = canoe_number();
        if (!canoe)
            return fail(why("joe_canoe", {{"deal", deal}},
                            "say which canoe deals with Joe, e.g. joe " + deal + " 1"));
        if (deal == "take") return finish(Action::meet_joe(seat_, JoeDeal::Take, *canoe));
        const std::string w = next();
        auto colour = parse_colour(w);
        if (!colour)
            return fail(
                why("joe_gem", {{"deal", deal}}, "say which gem, e.g. joe " + deal + " 1 red"));
        return finish(Action::meet_joe(seat_, deal == "swap" ? JoeDeal::Swap : JoeDeal::Give,
                                       *canoe, *colour));
    }

    // Reads "unload C [C]" and "load C [C]" at one moment. Returns what is wrong, or no key.
    Text parse_gems(Action& a, bool& any) {
        bool loaded = false;
        while (more() && (peek() == "unload" || peek() == "load")) {
            const bool unload = next() == "unload";
            if (unload && loaded)
                return why("unload_after_load", {},
                           "a gem loaded this turn cannot be unloaded again (R5.6); write unload "
                           "before load");
            GemList& list = unload ? a.unload : a.load;
            if (!list.empty())
                return why(unload ? "unload_once" : "load_once", {},
                           std::string("say ") + (unload ? "unload" : "load") + " once");
            while (more() && parse_colour(peek())) {
                if (list.size == kMaxCanoeCapacity)
                    return why("two_gems", {},
                               "a canoe handles at most two gems of each kind at once (R5.9)");
                list.push(*parse_colour(next()));
            }
            if (list.empty())
                return why(unload ? "which_unload" : "which_load", {},
                           std::string("say which gem to ") + (unload ? "unload" : "load") +
                               ", e.g. " + (unload ? "unload red" : "load blue"));
            loaded = loaded || !unload;
            any = true;
        }
        return {};
    }

    Parsed parse_canoe() {
        auto canoe = canoe_number();
        if (!canoe) return fail(why("canoe", {}, "say which canoe: canoe 1 or canoe 2"));
        Action a = Action::move(seat_, *canoe);
        if (accept("using")) {  // R10.6: the points chosen with the 1/2/3 card
            auto points = number(next());
            if (!points || *points < 1 || *points > 3)
                return fail(
                    why("using", {}, "with the 1/2/3 card say using 1, using 2 or using 3"));
            a.points = std::uint8_t(*points);
        }
        bool before = false;
        if (Text wrong = parse_gems(a, before); !wrong.key.empty()) return fail(std::move(wrong));
        if (more() && (peek() == "up" || peek() == "down")) {
            a.direction = next() == "up" ? Direction::Up : Direction::Down;
            auto steps = number(next());
            if (!steps || *steps < 0 || *steps > 20)
                return fail(why("spaces", {}, "say how many spaces the canoe moves, e.g. up 3"));
            a.steps = std::uint8_t(*steps);
            if (accept("left"))
                a.branch = Branch::Left;
            else if (accept("right"))
                a.branch = Branch::Right;
            bool after = false;
            Action probe = a;
            probe.unload = {};
            probe.load = {};
            if (Text wrong = parse_gems(probe, after); !wrong.key.empty())
                return fail(std::move(wrong));
            if (after) {
                if (before)
                    return fail(why("both_moments", {},
                                    "load or unload either before or after the move, not both "
                                    "(R5.4)"));
                a.unload = probe.unload;
                a.load = probe.load;
                a.timing = Timing::After;
            }
        } else if (!before) {
            return fail(why("how", {{"canoe", *canoe + 1}},
                            "say how the canoe moves, e.g. canoe " + std::to_string(*canoe + 1) +
                                " up 3, or what it loads"));
        }
        if (accept("steal")) {
            while (more() && a.steal_count < kMaxCanoeCapacity && parse_colour(peek())) {
                Steal st;
                st.colour = *parse_colour(next());
                if (!accept("from"))
                    return fail(
                        why("steal_from", {},
                            "say whom to steal from, e.g. steal red from 3.1 (seat 3, canoe 1)"));
                const std::string who = next();
                const auto dot = who.find('.');
                auto seat = number(who.substr(0, dot));
                auto boat = dot == std::string::npos ? std::nullopt : number(who.substr(dot + 1));
                if (!seat || !boat || *seat < 1 || *seat > kMaxSeats || *boat < 1 ||
                    *boat > kCanoesPerSeat)
                    return fail(why("not_canoe", {{"word", who}},
                                    "'" + who + "' is not a canoe; write seat.canoe, e.g. 3.1"));
                st.seat = std::int8_t(*seat - 1);
                st.canoe = std::int8_t(*boat - 1);
                a.add_steal(st);
            }
            if (a.steal_count == 0)
                return fail(
                    why("steal_gem", {}, "say which gem to steal, e.g. steal red from 3.1"));
        }
        return finish(a);
    }
};

}  // namespace

Parsed parse_action(std::string_view text, int seat) {
    return Parser(text, seat).parse();
}

}  // namespace niagara
