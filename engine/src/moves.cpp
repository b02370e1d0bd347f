// Generation and execution of one canoe's move (R4 movement, R5 loading, R6 stealing).
// Both walk the river with river.hpp, so a generated move executes exactly as enumerated.
#include <algorithm>
#include <string>
#include <vector>

#include "internal.hpp"
#include "river.hpp"

namespace niagara::detail {
namespace {

constexpr std::uint8_t colour_bit(Colour c) {
    return std::uint8_t(1u << static_cast<int>(c));
}

// Calls f(list) for every sub-multiset of `from` with at most `max_size` gems, skipping the
// colours in `excluded`. The empty list comes first.
template <typename F>
void for_each_sub_multiset(const Gems& from, int max_size, std::uint8_t excluded, F&& f) {
    f(GemList{});
    if (max_size < 1) return;
    for (Colour a : kAllColours) {
        if (from.of(a) == 0 || (excluded & colour_bit(a))) continue;
        GemList one;
        one.push(a);
        f(one);
        if (max_size < 2) continue;
        for (Colour b : kAllColours) {
            if (b < a || (excluded & colour_bit(b))) continue;
            if (from.of(b) < (a == b ? 2 : 1)) continue;
            GemList two = one;
            two.push(b);
            f(two);
        }
    }
}

// R5.3-R5.6, R5.9: every unload/load combination at one discovery place and one moment, with
// at most `max_ops` gems handled. f(unload, load); the empty combination is included.
template <typename F>
void for_each_op_set(const Gems& cargo, const Gems& place, int capacity, int max_ops, F&& f) {
    for_each_sub_multiset(cargo, std::min(max_ops, kMaxCanoeCapacity), 0, [&](const GemList& u) {
        std::uint8_t unloaded = 0;
        for (Colour c : u)
            unloaded |= colour_bit(c);
        const int room = capacity - (cargo.total() - u.size);
        const int max_load = std::min(room, max_ops - u.size);
        // R5.5: a reloaded gem differs in colour from every gem unloaded this turn.
        for_each_sub_multiset(place, max_load, unloaded, [&](const GemList& l) { f(u, l); });
    });
}

Gems after_ops(Gems cargo, const GemList& unload, const GemList& load) {
    for (Colour c : unload)
        cargo.remove(c);
    for (Colour c : load)
        cargo.add(c);
    return cargo;
}

struct Generator {
    const State& s;
    int seat;
    int canoe;
    int capacity;
    const Canoe& boat;
    MoveSink& out;

    // R6.1-R6.3: a canoe that moved up-river and stopped in the river may rob loaded canoes
    // of other players there. Emits the move without a theft, then every possible theft.
    void emit_with_steals(const Action& move, Pos at, const Gems& cargo) {
        out.emit(move);
        const int room = capacity - cargo.total();
        if (room <= 0) return;
        std::array<Steal, kMaxSeats * kCanoesPerSeat * kColours> loot;
        std::array<int, loot.size()> available{};
        int n = 0;
        for (int v = 0; v < s.players(); ++v) {
            if (v == seat) continue;  // R6.2: never from one's own canoes
            for (int k = 0; k < kCanoesPerSeat; ++k) {
                const Canoe& victim = s.seats[v].canoes[k];
                if (!victim.in_river() || victim.pos != at) continue;
                for (Colour c : kAllColours) {
                    if (victim.cargo.of(c) == 0) continue;
                    loot[n] = Steal{std::int8_t(v), std::int8_t(k), c};
                    available[n++] = victim.cargo.of(c);
                }
            }
        }
        for (int i = 0; i < n; ++i) {
            Action a = move;
            a.steal_count = 1;
            a.steals[0] = loot[i];
            out.emit(a);
            if (room < 2) continue;
            // R6.3: a double canoe with two free places may take two gems.
            for (int j = i; j < n; ++j) {
                if (j == i && available[i] < 2) continue;
                Action b = a;
                b.steal_count = 2;
                b.steals[1] = loot[j];
                out.emit(b);
            }
        }
    }

    // Every movement with exactly `budget` points from the canoe's start; calls
    // f(move, destination) with direction, steps and branch filled in.
    template <typename F>
    void for_each_movement(Action move, int budget, F&& f) {
        const std::optional<Pos> whirlpool =
            s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt;
        const std::optional<Pos> from =
            boat.in_river() ? std::optional<Pos>(boat.pos) : std::nullopt;
        for (Direction dir : {Direction::Up, Direction::Down}) {
            if (dir == Direction::Up && !from) continue;  // R4.5
            move.direction = dir;
            for (Branch b : {Branch::Left, Branch::Right}) {
                Destination d = dir == Direction::Up ? walk_up(*from, budget, b, whirlpool)
                                                     : walk_down(from, budget, b, whirlpool);
                if (!d.used_branch && b == Branch::Right) break;  // no fork on this path
                move.branch = d.used_branch ? std::optional<Branch>(b) : std::nullopt;
                move.steps = std::uint8_t(d.steps);
                f(move, d);
            }
        }
    }

    void generate(int points, int chosen_points) {
        Action base = Action::move(seat, canoe);
        base.points = std::uint8_t(chosen_points);
        const std::optional<Colour> start_place =
            boat.in_river() ? place_at(boat.pos) : std::nullopt;

        // R5.4: load/unload before the move (or nothing at all).
        auto before = [&](const GemList& unload, const GemList& load) {
            const int cost = 2 * (unload.size + load.size);
            if (cost > points) return;
            Action a = base;
            a.unload = unload;
            a.load = load;
            const Gems cargo = after_ops(boat.cargo, unload, load);
            if (cost == points) {  // R5.8: zero movement when the gems use all the points
                if (cost > 0) out.emit(a);
                return;
            }
            for_each_movement(a, points - cost, [&](const Action& m, const Destination& d) {
                // R6.1, R10.3: not after a whirlpool's push.
                const bool may_steal = m.direction == Direction::Up && !d.pushed &&
                                       d.kind == Destination::River && d.steps >= 1;
                if (may_steal)
                    emit_with_steals(m, d.pos, cargo);
                else
                    out.emit(m);
            });
        };
        if (start_place)
            for_each_op_set(boat.cargo, s.place(*start_place), capacity, points / 2, before);
        else
            before(GemList{}, GemList{});

        // R5.4: load/unload after the move, at the final position. No theft then (R6.1), and
        // nothing after a whirlpool's push (R10.3).
        for (int ops = 1; 2 * ops < points; ++ops) {
            Action a = base;
            a.timing = Timing::After;
            for_each_movement(a, points - 2 * ops, [&](const Action& m, const Destination& d) {
                if (d.kind != Destination::River || d.pushed) return;
                const std::optional<Colour> end_place = place_at(d.pos);
                if (!end_place) return;
                for_each_op_set(boat.cargo, s.place(*end_place), capacity, ops,
                                [&](const GemList& unload, const GemList& load) {
                                    if (unload.size + load.size != ops) return;
                                    Action b = m;
                                    b.unload = unload;
                                    b.load = load;
                                    out.emit(b);
                                });
            });
        }
    }
};

}  // namespace

void move_gems_home(State& s, Gems& cargo) {
    for (Colour c : kAllColours)
        s.place(c).add(c, cargo.of(c));
    cargo = Gems{};
}

std::string describe_gems(const Gems& g) {
    std::string text;
    for (Colour c : kAllColours)
        for (int i = 0; i < g.of(c); ++i)
            text += (text.empty() ? "" : " and ") + std::string(colour_name(c));
    return text;
}

int paddle_points(const State& s, const Action& move) {
    const int card = s.turn.card == Card::OneTwoThree ? move.points : card_number(s.turn.card);
    return card + (s.elk.on(move.seat, move.canoe) ? 2 : 0);  // R10.8
}

bool canoe_may_move_now(const State& s, int canoe) {
    const Turn& t = s.turn;
    if (s.phase != Phase::Actions || t.stage != Stage::Move) return false;
    const std::uint8_t bit = std::uint8_t(1u << canoe);
    if (t.moved & bit) return false;
    if (t.exactly_one && t.moved) return false;
    return ((t.required | t.optional) & bit) != 0;
}

void generate_canoe_moves(const State& s, int seat, int canoe, MoveSink& out) {
    const Canoe& boat = s.seats[seat].canoes[canoe];
    Generator g{s, seat, canoe, s.rules.capacity[canoe], boat, out};
    Action probe = Action::move(seat, canoe);
    if (s.turn.card == Card::OneTwoThree) {  // R10.6: 1, 2 or 3 points, chosen
        for (int chosen = 1; chosen <= 3; ++chosen) {
            probe.points = std::uint8_t(chosen);
            g.generate(paddle_points(s, probe), chosen);
        }
    } else {
        g.generate(paddle_points(s, probe), 0);
    }
}

void generate_canoe_moves(const State& s, int seat, int canoe, std::vector<Action>& out) {
    MoveSink sink{&out, nullptr};
    generate_canoe_moves(s, seat, canoe, sink);
}

bool is_legal_canoe_move(const State& s, const Action& a) {
    MoveSink sink{nullptr, &a};
    generate_canoe_moves(s, a.seat, a.canoe, sink);
    return sink.found;
}

namespace {

// The walk of a move whose loading before the move (if any) leaves `budget` points.
Destination walk(const State& s, const Action& a, Pos at, int budget) {
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    const std::optional<Pos> whirlpool =
        s.whirlpool.in_river ? std::optional<Pos>(s.whirlpool.pos) : std::nullopt;
    const Branch branch = a.branch.value_or(Branch::Left);
    if (a.direction == Direction::Up) return walk_up(at, budget, branch, whirlpool);
    return walk_down(boat.in_river() ? std::optional<Pos>(at) : std::nullopt, budget, branch,
                     whirlpool);
}

}  // namespace

Destination move_destination(const State& s, const Action& a) {
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    if (a.direction == Direction::None)
        return Destination{Destination::River, boat.pos, 0, false, false};
    return walk(s, a, boat.pos, paddle_points(s, a) - 2 * (a.unload.size + a.load.size));
}

namespace {

// A move's line is written for every canoe move a server plays (and for nothing else: search
// and self-play pass no log), so it is built in one pass: its English and the JSON text of its
// arguments side by side, each nested part's {"args":{...},"key":...} written in place, rather
// than as a tree of small strings joined afterwards.
class MoveLine {
  public:
    // "unloads red and loads blue", with " at T3" when it happens before the move.
    void gem_part(const Action& a, std::optional<Pos> at) {
        const bool unload = !a.unload.empty(), load = !a.load.empty();
        begin_part();
        if (load) json_member("loaded", a.load);
        if (at) {
            json_ += R"("pos":")";
            json_ += pos_name(*at);
            json_ += R"(",)";
        }
        if (unload) json_member("unloaded", a.unload);
        if (unload) {
            en_ += "unloads ";
            english_list(a.unload);
        }
        if (load) {
            en_ += unload ? " and loads " : "loads ";
            english_list(a.load);
        }
        if (at) {
            en_ += " at ";
            en_ += pos_name(*at);
        }
        end_part(unload && load ? "unload_load" : unload ? "unload" : "load", at ? "_at" : "");
    }

    // "moves down 2 to T5", "leaves land and moves up 3 onto the whirlpool at R6", ...
    void move_part(const Canoe& boat, const Action& a, const Destination& d) {
        const bool land = boat.where == Where::Land, up = a.direction == Direction::Up;
        begin_part();
        json_ += R"("end":{"args":{)";
        en_ += land ? "leaves land and moves " : "moves ";
        en_ += up ? "up " : "down ";
        en_ += std::to_string(d.steps);
        // A pushed canoe's walk ends on the whirlpool; the push is its own line (with where
        // the canoe ends), so this part must not name the end after the push ("moves up 1 to
        // R6" for a canoe that started at R6 read as if it had not moved).
        const char* end = "end_pos";
        if (d.pushed) {
            end = "end_whirlpool";
            end_pos(d.pushed_from, " onto the whirlpool at ");
        } else if (d.kind == Destination::Land) {
            end = "end_land";
            en_ += " to land";
        } else if (d.kind == Destination::Waterfall) {
            end = "end_falls";
            en_ += " over the waterfall";
        } else {
            end_pos(d.pos, " to ");
        }
        json_ += R"(},"key":"engine.log.part.)";
        json_ += end;
        json_ += R"("},"steps":)";
        json_ += std::to_string(d.steps);
        json_ += ',';
        end_part(land ? "leave_land" : up ? "move_up" : "move_down", "");
    }

    // "Seat 2's canoe 1 loads blue at T3, then moves down 2 to T5."
    Text finish(const Action& a) {
        std::string line = seat_label(a.seat) + "'s canoe " + std::to_string(a.canoe + 1) + " ";
        line += en_;
        line += '.';
        // The members in name order: canoe, first, second, seat.
        TextArgs args;
        args.append("canoe", std::to_string(a.canoe + 1));
        if (count_ >= 1) args.append("first", parts_[0]);
        if (count_ >= 2) args.append("second", parts_[1]);
        args.append("seat", text_arg::seat(a.seat).json());
        // A move is at most two parts: the gems are handled either before or after it (R5.4).
        return log_line(count_ >= 2 ? "canoe_then" : "canoe", std::move(args), std::move(line));
    }

  private:
    void begin_part() {
        if (count_ > 0) en_ += ", then ";
        json_.assign(R"({"args":{)");
    }
    // Closes the arguments (dropping the last member's comma) and names the part's key.
    void end_part(const char* key, const char* suffix) {
        if (json_.back() == ',') json_.pop_back();
        json_ += R"(},"key":"engine.log.part.)";
        json_ += key;
        json_ += suffix;
        json_ += R"("})";
        parts_[count_++] = std::move(json_);
        json_.clear();
    }
    void end_pos(Pos at, const char* words) {
        json_ += R"("pos":")";
        json_ += pos_name(at);
        json_ += '"';
        en_ += words;
        en_ += pos_name(at);
    }
    // "name":[{"key":"common.gem.violet"},...]: the gems as text_arg::gems writes them.
    void json_member(const char* name, const GemList& list) {
        json_ += '"';
        json_ += name;
        json_ += "\":";
        json_ += text_arg::gems(gems_of(list)).json();
        json_ += ',';
    }
    // "red and blue", violet first (describe_gems).
    void english_list(const GemList& list) { en_ += describe_gems(gems_of(list)); }
    static Gems gems_of(const GemList& list) {
        Gems gems;
        for (Colour c : list)
            gems.add(c);
        return gems;
    }

    std::string en_;
    std::string json_;
    std::array<std::string, 2> parts_;
    int count_ = 0;
};

// "Seat 2's canoe 1 loads blue at T3, then moves down 2 to T5." (before the move is made).
Text describe_move(const State& s, const Action& a, int budget) {
    const Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    MoveLine line;
    const bool gems = !(a.unload.empty() && a.load.empty());
    if (gems && a.timing == Timing::Before) line.gem_part(a, boat.pos);
    if (a.direction != Direction::None) line.move_part(boat, a, walk(s, a, boat.pos, budget));
    if (gems && a.timing == Timing::After) line.gem_part(a, std::nullopt);
    return line.finish(a);
}

}  // namespace

void execute_canoe_move(State& s, const Action& a, Log* log) {
    Canoe& boat = s.seats[a.seat].canoes[a.canoe];
    const int budget = paddle_points(s, a) - 2 * (a.unload.size + a.load.size);

    auto handle_gems = [&](Pos at) {
        Gems& place = s.place(*place_at(at));
        for (Colour c : a.unload) {
            boat.cargo.remove(c);
            place.add(c);
        }
        for (Colour c : a.load) {
            place.remove(c);
            boat.cargo.add(c);
        }
    };

    say(log, [&] { return describe_move(s, a, budget); });
    if (a.timing == Timing::Before && !(a.unload.empty() && a.load.empty())) handle_gems(boat.pos);

    if (a.direction != Direction::None) {
        const Destination d = walk(s, a, boat.pos, budget);
        if (d.pushed)
            say(log, [&] {
                const bool falls = d.kind == Destination::Waterfall;
                TextArgs args{{"seat", text_arg::seat(a.seat)}, {"canoe", a.canoe + 1}};
                if (!falls) args.set("pos", pos_name(d.pos));
                return log_line(
                    falls ? "pushed_falls" : "pushed", std::move(args),
                    seat_label(a.seat) + "'s canoe " + std::to_string(a.canoe + 1) +
                        " cannot stay on the whirlpool and drifts down-river" +
                        // over the waterfall: the loss is the next line
                        (falls ? std::string() : " to " + std::string(pos_name(d.pos))) + ".");
            });
        switch (d.kind) {
            case Destination::Land: {
                // R6.6: gems reach the owner's collection.
                Seat& owner = s.seats[a.seat];
                if (boat.cargo.total())
                    say(log, [&] {
                        return log_line("brings_home",
                                        {{"seat", text_arg::seat(a.seat)},
                                         {"gems", text_arg::gems(boat.cargo)}},
                                        seat_label(a.seat) + " brings " +
                                            describe_gems(boat.cargo) + " to land.");
                    });
                for (Colour c : kAllColours)
                    owner.collection.add(c, boat.cargo.of(c));
                boat.cargo = Gems{};
                boat.where = Where::Land;
                boat.pos = Pos::T1;  // positions of canoes out of the river are kept neutral
                release_elk(s, a.seat, a.canoe, log);
                break;
            }
            case Destination::Waterfall:
                lose_canoe(s, a.seat, a.canoe, log);
                break;
            case Destination::River:
                boat.where = Where::River;
                boat.pos = d.pos;
                break;
        }
    }

    if (a.timing == Timing::After) handle_gems(boat.pos);

    for (int i = 0; i < a.steal_count; ++i) {
        const Steal& st = a.steals[i];
        s.seats[st.seat].canoes[st.canoe].cargo.remove(st.colour);
        boat.cargo.add(st.colour);
        say(log, [&] {
            return log_line("steal",
                            {{"seat", text_arg::seat(a.seat)},
                             {"gem", text_arg::gem(st.colour)},
                             {"victim", text_arg::seat(st.seat)},
                             {"canoe", st.canoe + 1}},
                            seat_label(a.seat) + " steals " + std::string(colour_name(st.colour)) +
                                " from " + seat_label(st.seat) + "'s canoe " +
                                std::to_string(st.canoe + 1) + ".");
        });
    }
    s.turn.moved |= std::uint8_t(1u << a.canoe);
}

void release_elk(State& s, int seat, int canoe, Log* log) {
    if (!s.elk.on(seat, canoe)) return;
    s.elk = Elk{Elk::At::Returning, -1, -1};  // R10.8: back at the red place after phase III
    say(log, [&] {
        return log_line("elk_leaves", {{"seat", text_arg::seat(seat)}, {"canoe", canoe + 1}},
                        "The Hurried Elk leaves " + seat_label(seat) + "'s canoe " +
                            std::to_string(canoe + 1) + ".");
    });
}

void lose_canoe(State& s, int seat, int canoe, Log* log) {
    Canoe& boat = s.seats[seat].canoes[canoe];
    say(log, [&] {  // built only when logged: search loses canoes by the million
        std::string line =
            seat_label(seat) + "'s canoe " + std::to_string(canoe + 1) + " goes over the waterfall";
        TextArgs args{{"seat", text_arg::seat(seat)}, {"canoe", canoe + 1}};
        if (boat.cargo.total()) {
            line += "; " + describe_gems(boat.cargo) +
                    (boat.cargo.total() > 1 ? " return to their places" : " returns to its place");
            args.set("gems", text_arg::gems(boat.cargo));
            args.set("count", boat.cargo.total());
        }
        return log_line(boat.cargo.total() ? "canoe_lost_gems" : "canoe_lost", std::move(args),
                        line + ".");
    });
    move_gems_home(s, boat.cargo);  // R8.1
    boat.where = Where::Lost;
    boat.pos = Pos::T1;
    release_elk(s, seat, canoe, log);
}

}  // namespace niagara::detail
