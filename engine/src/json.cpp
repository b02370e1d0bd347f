#include "niagara/json.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "action_members.hpp"
#include "internal.hpp"
#include "json_parts.hpp"
#include "niagara/notation.hpp"

namespace niagara {
namespace {

[[noreturn]] void bad(const std::string& why) {
    throw std::invalid_argument(why);
}

template <typename T>
T get(const Json& j, const char* key, T fallback) {
    if (!j.contains(key)) return fallback;
    try {
        return j.at(key).get<T>();
    } catch (const Json::exception&) {
        bad(std::string("'") + key + "' has the wrong type");
    }
}

int get_int(const Json& j, const char* key, int fallback, int lo, int hi) {
    if (!j.contains(key)) return fallback;
    const Json& v = j.at(key);
    if (!v.is_number_integer()) bad(std::string("'") + key + "' must be a whole number");
    const auto n = v.get<long long>();
    if (n < lo || n > hi)
        bad(std::string("'") + key + "' must be between " + std::to_string(lo) + " and " +
            std::to_string(hi));
    return int(n);
}

const Json& object(const Json& j, const char* what) {
    if (!j.is_object()) bad(std::string(what) + " must be a JSON object");
    return j;
}

Colour colour_of(const Json& j) {
    if (!j.is_string()) bad("a gem colour must be a string");
    auto c = parse_colour(j.get<std::string>());
    if (!c) bad("unknown gem colour '" + j.get<std::string>() + "'");
    return *c;
}

Card card_of(const Json& j) {
    if (!j.is_string()) bad("a card must be a string such as \"4\" or \"cloud\"");
    auto c = parse_card(j.get<std::string>());
    if (!c) bad("unknown card '" + j.get<std::string>() + "'");
    return *c;
}

Json gem_list_json(const GemList& g) {
    Json a = Json::array();
    for (Colour c : g)
        a.push_back(colour_name(c));
    return a;
}

GemList gem_list_of(const Json& j, const char* key) {
    GemList g;
    if (!j.contains(key)) return g;
    const Json& a = j.at(key);
    if (!a.is_array() || a.size() > kMaxCanoeCapacity)
        bad(std::string("'") + key + "' must be a list of at most two gem colours");
    for (const Json& c : a)
        g.push(colour_of(c));
    return g;
}

}  // namespace

// Value helpers shared with the views (json_parts.hpp).
namespace detail {

// Gems as {"red": 2, ...} with zero counts left out.
Json gems_json(const Gems& g) {
    Json o = Json::object();
    for (Colour c : kAllColours)
        if (g.of(c)) o[std::string(colour_name(c))] = g.of(c);
    return o;
}

// Cargo reads best as a list: ["red"], ["blue", "blue"].
Json cargo_json(const Gems& g) {
    Json a = Json::array();
    for (Colour c : kAllColours)
        for (int i = 0; i < g.of(c); ++i)
            a.push_back(colour_name(c));
    return a;
}

Gems gems_of(const Json& j) {
    Gems g;
    if (j.is_array()) {
        for (const Json& c : j) {
            const Colour colour = colour_of(c);
            if (g.of(colour) >= 99) bad("too many gems");
            g.add(colour);
        }
        return g;
    }
    if (!j.is_object()) bad("gems must be an object such as {\"red\": 2} or a list of colours");
    for (auto it = j.begin(); it != j.end(); ++it) {
        auto c = parse_colour(it.key());
        if (!c) bad("unknown gem colour '" + it.key() + "'");
        if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 99)
            bad("a gem count must be a whole number from 0 to 99");
        g.add(*c, int(it->get<long long>()));
    }
    return g;
}

std::string_view phase_name(Phase p) {
    switch (p) {
        case Phase::ChooseCards:
            return "choose";
        case Phase::Actions:
            return "actions";
        case Phase::GameOver:
            return "over";
    }
    return "";
}

std::string_view where_name(Where w) {
    switch (w) {
        case Where::Land:
            return "land";
        case Where::River:
            return "river";
        case Where::Bank:
            return "bank";
        case Where::Lost:
            return "lost";
    }
    return "";
}

std::string_view stage_name(Stage stage) {
    switch (stage) {
        case Stage::Elk:
            return "elk";
        case Stage::Cloud:
            return "cloud";
        case Stage::Move:
            return "move";
        case Stage::Joe:
            return "joe";
    }
    return "";
}

Json piece_json(const Piece& p, const char* away) {
    return p.in_river ? Json(pos_name(p.pos)) : away ? Json(away) : Json(nullptr);
}

Json elk_json(const Elk& e) {
    switch (e.at) {
        case Elk::At::RedPlace:
            return Json{{"at", "red"}};
        case Elk::At::Returning:
            return Json{{"at", "returning"}};
        case Elk::At::Canoe:
            return Json{{"at", "canoe"}, {"seat", e.seat}, {"canoe", e.canoe}};
    }
    return nullptr;
}

Json seat_list(std::uint8_t bits) {
    Json a = Json::array();
    for (int i = 0; i < 8; ++i)
        if ((bits >> i) & 1) a.push_back(i);
    return a;
}

std::uint8_t seat_bits(const Json& j, const char* key, int limit) {
    std::uint8_t bits = 0;
    if (!j.contains(key)) return 0;
    if (!j.at(key).is_array()) bad(std::string("'") + key + "' must be a list of indices");
    for (const Json& v : j.at(key)) {
        if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() >= limit)
            bad(std::string("'") + key + "' holds an index out of range");
        bits |= std::uint8_t(1u << v.get<int>());
    }
    return bits;
}

Json canoe_json(const Canoe& boat) {
    Json o = Json::object();
    o["where"] = where_name(boat.where);
    o["cargo"] = cargo_json(boat.cargo);
    const bool placed = boat.where == Where::River || boat.where == Where::Bank;
    o["pos"] = placed ? Json(pos_name(boat.pos)) : Json(nullptr);
    return o;
}

Json turn_json(const State& s) {
    if (s.phase != Phase::Actions) return nullptr;
    const Turn& t = s.turn;
    // Member by member: a sent view's patch builds this twice per move, and an initializer
    // list builds every member twice over.
    Json o = Json::object();
    o["seat"] = t.seat;
    o["card"] = card_name(t.card);
    o["stage"] = stage_name(t.stage);
    o["must_move"] = seat_list(t.required & ~t.moved);
    o["may_move"] = seat_list(t.exactly_one && t.moved ? 0 : t.optional & ~t.moved);
    o["exactly_one"] = t.exactly_one;
    o["moved"] = seat_list(t.moved);
    return o;
}

}  // namespace detail

using namespace detail;

Json options_to_json(const Options& o) {
    return Json{{"players", o.players},
                {"spirits", o.spirits},
                {"diamond_joe", o.diamond_joe},
                {"memory", o.memory},
                {"tie_break", o.tie_break},
                {"seed", o.seed},
                {"starting_seat", o.starting_seat}};
}

Options options_from_json(const Json& j) {
    object(j, "options");
    Options o;
    o.players = get_int(j, "players", o.players, 0, 99);
    o.spirits = get<bool>(j, "spirits", o.spirits);
    o.diamond_joe = get<bool>(j, "diamond_joe", o.diamond_joe);
    o.memory = get<bool>(j, "memory", o.memory);
    o.tie_break = get<bool>(j, "tie_break", o.tie_break);
    if (j.contains("seed") && !j.at("seed").is_number_unsigned())
        bad("'seed' must be a whole number from 0 to 2^64-1");
    o.seed = get<std::uint64_t>(j, "seed", o.seed);
    o.starting_seat = get_int(j, "starting_seat", o.starting_seat, -1, kMaxSeats - 1);
    return o;
}

namespace {

// An action's members as an object's: a sink for write_action_members (action_members.hpp).
struct ObjectMembers {
    Json& j;
    void number(std::string_view key, int n) { j[std::string(key)] = n; }
    void text(std::string_view key, std::string_view value) { j[std::string(key)] = value; }
    void null(std::string_view key) { j[std::string(key)] = nullptr; }
    void flag(std::string_view key) { j[std::string(key)] = true; }
    void gems(std::string_view key, const GemList& list) {
        j[std::string(key)] = gem_list_json(list);
    }
    void steals(std::string_view key, const Action& a) {
        Json steals = Json::array();
        for (int i = 0; i < a.steal_count; ++i)
            steals.push_back(Json{{"seat", a.steals[i].seat},
                                  {"canoe", a.steals[i].canoe},
                                  {"gem", colour_name(a.steals[i].colour)}});
        j[std::string(key)] = std::move(steals);
    }
    void river(std::string_view key, const RiverPreview& preview) {
        Json outcomes = Json::array();
        for (const RiverOutcome& o : preview)
            outcomes.push_back(Json{{"speed", o.speed}, {"to", o.to ? pos_name(*o.to) : "falls"}});
        j[std::string(key)] = std::move(outcomes);
    }
};

}  // namespace

Json action_to_json(const Action& a) {
    Json j = Json::object();
    ObjectMembers members{j};
    write_action_members(members, a);
    j["text"] = to_text(a);
    return j;
}

Json legal_action_to_json(const State& s, const Action& a) {
    Json j = action_to_json(a);
    ObjectMembers members{j};
    write_move_ends(members, s, a,
                    a.type == ActionType::MoveCanoe ? possible_river_speeds(s, a.seat) : 0);
    return j;
}

Action action_from_json(const Json& j) {
    object(j, "an action");
    const std::string type = get<std::string>(j, "type", "");
    const int seat = get_int(j, "seat", 0, 0, kMaxSeats - 1);
    if (type == "play") {
        if (!j.contains("card")) bad("a play action needs a 'card'");
        return Action::play(seat, card_of(j.at("card")));
    }
    if (type == "buyback") {
        if (!j.contains("pay")) bad("a buyback action needs 'pay', the colour of the gem paid");
        return Action::buy_back(seat, get_int(j, "canoe", 0, 0, kCanoesPerSeat - 1),
                                colour_of(j.at("pay")));
    }
    if (type == "cloud") {
        const std::string d = get<std::string>(j, "direction", "");
        if (d != "up" && d != "down") bad("a cloud action needs 'direction': \"up\" or \"down\"");
        return Action::cloud(seat, d == "up");
    }
    if (type == "done") return Action::end_turn(seat);
    if (type == "elk") {
        const bool none = !j.contains("canoe") || j.at("canoe").is_null();
        return Action::take_elk(seat, none ? -1 : get_int(j, "canoe", 0, 0, kCanoesPerSeat - 1));
    }
    if (type == "fork") {
        const std::string b = get<std::string>(j, "branch", "");
        if (b != "left" && b != "right") bad("a fork action needs 'branch': \"left\" or \"right\"");
        return Action::fork_to(seat, get_int(j, "canoe", 0, 0, kCanoesPerSeat - 1),
                               b == "left" ? Branch::Left : Branch::Right);
    }
    if (type == "free")
        return Action::free_canoe(seat, get_int(j, "canoe", 0, 0, kCanoesPerSeat - 1));
    if (type == "joe") {
        const std::string deal = get<std::string>(j, "deal", "none");
        for (int d = 0; d < 4; ++d) {
            if (deal != kDealNames[d]) continue;
            const JoeDeal kind = JoeDeal(d);
            const bool gem = kind == JoeDeal::Swap || kind == JoeDeal::Give;
            if (gem && !j.contains("gem")) bad("a joe " + deal + " needs 'gem'");
            return Action::meet_joe(seat, kind, get_int(j, "canoe", 0, 0, kCanoesPerSeat - 1),
                                    gem ? colour_of(j.at("gem")) : Colour::Violet);
        }
        bad("'deal' must be \"take\", \"swap\", \"give\" or \"none\"");
    }
    if (type != "move")
        bad("unknown action type '" + type +
            "' (play, buyback, cloud, move, done, elk, fork, free, joe)");
    Action a = Action::move(seat, get_int(j, "canoe", 0, 0, kCanoesPerSeat - 1));
    a.points = std::uint8_t(get_int(j, "points", 0, 0, 3));
    a.unload = gem_list_of(j, "unload");
    a.load = gem_list_of(j, "load");
    const std::string timing = get<std::string>(j, "timing", "before");
    if (timing != "before" && timing != "after") bad("'timing' must be \"before\" or \"after\"");
    a.timing = timing == "after" ? Timing::After : Timing::Before;
    const std::string dir = get<std::string>(j, "direction", "none");
    if (dir != "up" && dir != "down" && dir != "none")
        bad("'direction' must be \"up\" or \"down\"");
    a.direction = dir == "up" ? Direction::Up : dir == "down" ? Direction::Down : Direction::None;
    a.steps = std::uint8_t(get_int(j, "steps", 0, 0, 20));
    if (j.contains("branch")) {
        const std::string b = get<std::string>(j, "branch", "");
        if (b != "left" && b != "right") bad("'branch' must be \"left\" or \"right\"");
        a.branch = b == "left" ? Branch::Left : Branch::Right;
    }
    if (j.contains("steal")) {
        const Json& steals = j.at("steal");
        if (!steals.is_array() || steals.size() > kMaxCanoeCapacity)
            bad("'steal' must be a list of at most two thefts");
        for (const Json& st : steals) {
            object(st, "a theft");
            if (!st.contains("gem")) bad("a theft needs 'gem'");
            a.add_steal(Steal{std::int8_t(get_int(st, "seat", 0, 0, kMaxSeats - 1)),
                              std::int8_t(get_int(st, "canoe", 0, 0, kCanoesPerSeat - 1)),
                              colour_of(st.at("gem"))});
        }
    }
    return a;
}

Json state_to_json(const State& s) {
    Json j = public_json(s);
    j["turns_done"] = s.turns_done;
    Json seats = Json::array();
    for (int seat = 0; seat < s.players(); ++seat) {
        Json o = seat_entry(s, seat, seat);  // the owner's entry: hand, chosen, discard
        o.erase("has_chosen");
        o.erase("revealed");
        o["card_revealed"] = s.seats[seat].revealed;
        seats.push_back(std::move(o));
    }
    j["seats"] = seats;
    j["turn_state"] = Json{{"seat", s.turn.seat},
                           {"card", card_name(s.turn.card)},
                           {"stage", stage_name(s.turn.stage)},
                           {"required", seat_list(s.turn.required)},
                           {"optional", seat_list(s.turn.optional)},
                           {"exactly_one", s.turn.exactly_one},
                           {"moved", seat_list(s.turn.moved)}};
    j.erase("acting");
    j.erase("turn");
    j["winners"] = seat_list(s.winners);
    return j;
}

namespace {

std::uint16_t cards_of(const Json& j, const char* key, std::uint16_t fallback) {
    if (!j.contains(key)) return fallback;
    if (!j.at(key).is_array()) bad(std::string("'") + key + "' must be a list of cards");
    std::uint16_t bits = 0;
    for (const Json& c : j.at(key))
        bits |= card_bit(card_of(c));
    return bits;
}

Canoe canoe_of(const Json& j) {
    object(j, "a canoe");
    Canoe boat;
    const std::string where = get<std::string>(j, "where", "land");
    if (where == "river") {
        boat.where = Where::River;
        if (!j.contains("pos") || !j.at("pos").is_string()) bad("a canoe in the river needs 'pos'");
        auto pos = parse_pos(j.at("pos").get<std::string>());
        if (!pos)
            bad("unknown river position '" + j.at("pos").get<std::string>() +
                "' (T1..T5, L6, L7, R6, R7)");
        boat.pos = *pos;
    } else if (where == "bank") {
        boat.where = Where::Bank;
        if (!j.contains("pos") || !j.at("pos").is_string()) bad("a canoe on the bank needs 'pos'");
        auto pos = parse_pos(j.at("pos").get<std::string>());
        if (!pos) bad("unknown river position '" + j.at("pos").get<std::string>() + "'");
        boat.pos = *pos;
    } else if (where == "lost") {
        boat.where = Where::Lost;
    } else if (where != "land") {
        bad("a canoe is on \"land\", in the \"river\", on the \"bank\" or \"lost\", not '" + where +
            "'");
    }
    if (j.contains("cargo")) boat.cargo = gems_of(j.at("cargo"));
    return boat;
}

void read_seat(const Json& j, const State& s, int seat, Seat& p) {
    object(j, "a seat");
    if (j.contains("canoes")) {
        const Json& canoes = j.at("canoes");
        if (!canoes.is_array() || canoes.size() != kCanoesPerSeat)
            bad("'canoes' must list both canoes");
        for (int k = 0; k < kCanoesPerSeat; ++k) {
            p.canoes[k] = canoe_of(canoes[k]);
            const Canoe& boat = p.canoes[k];
            if (boat.cargo.total() > s.rules.capacity[k])
                bad("seat " + std::to_string(seat) + " canoe " + std::to_string(k) +
                    " carries more than it can (R5.1)");
            if ((boat.where == Where::Land || boat.where == Where::Lost) && boat.cargo.total())
                bad("a canoe on land or lost carries no gems");
        }
    }
    if (j.contains("collection")) p.collection = gems_of(j.at("collection"));
    p.hand = cards_of(j, "hand", p.hand);
    if (j.contains("chosen") && !j.at("chosen").is_null()) p.chosen = card_of(j.at("chosen"));
    p.revealed = get<bool>(j, "card_revealed", p.revealed);
    if (j.contains("discard")) {
        if (!j.at("discard").is_array() || j.at("discard").size() > kCardKinds)
            bad("'discard' must be a list of cards");
        p.discard = {};
        p.discard_size = 0;
        for (const Json& c : j.at("discard"))
            p.discard[p.discard_size++] = card_of(c);
    }
    if (!j.contains("hand")) {  // by default: every card not chosen or discarded
        p.hand = s.rules.deck;
        if (p.chosen) p.hand &= std::uint16_t(~card_bit(*p.chosen));
        for (int i = 0; i < p.discard_size; ++i)
            p.hand &= std::uint16_t(~card_bit(p.discard[i]));
    }
    p.fork_pending = seat_bits(j, "fork_pending", kCanoesPerSeat);
    p.free_canoe_pending = get<bool>(j, "free_canoe_pending", false);
    std::uint16_t seen = p.hand;
    auto claim = [&](Card c) {
        if (seen & card_bit(c))
            bad("seat " + std::to_string(seat) + " holds the card " + std::string(card_name(c)) +
                " twice");
        seen |= card_bit(c);
    };
    if (p.chosen) claim(*p.chosen);
    for (int i = 0; i < p.discard_size; ++i)
        if (!(p.revealed && p.chosen && i == p.discard_size - 1 && p.discard[i] == *p.chosen))
            claim(p.discard[i]);
    if (seen & ~s.rules.deck)
        bad("seat " + std::to_string(seat) + " holds a card that is not in this game");
}

std::optional<Pos> pos_of(const Json& j, const char* what) {
    if (j.is_null()) return std::nullopt;
    if (!j.is_string()) bad(std::string(what) + " must be a river position or null");
    auto p = parse_pos(j.get<std::string>());
    if (!p) bad(std::string(what) + ": unknown river position '" + j.get<std::string>() + "'");
    return p;
}

// The expansion's pieces and Diamond Joe; absent keys keep the new-game values.
void read_pieces(const Json& j, State& s) {
    if (s.options.spirits && j.contains("whirlpool")) {
        const Json& w = j.at("whirlpool");
        if (w == "waiting")
            s.whirlpool = Piece{};
        else
            s.whirlpool = Piece{true, *pos_of(w, "'whirlpool'")};
    }
    if (s.options.spirits && j.contains("beaver")) {
        auto p = pos_of(j.at("beaver"), "'beaver'");
        s.beaver = p ? Piece{true, *p} : Piece{};
    }
    if (s.options.spirits && j.contains("elk")) {
        const Json& e = object(j.at("elk"), "'elk'");
        const std::string at = get<std::string>(e, "at", "red");
        if (at == "red")
            s.elk = Elk{};
        else if (at == "returning")
            s.elk = Elk{Elk::At::Returning, -1, -1};
        else if (at == "canoe") {
            s.elk = Elk{Elk::At::Canoe, std::int8_t(get_int(e, "seat", 0, 0, s.players() - 1)),
                        std::int8_t(get_int(e, "canoe", 0, 0, kCanoesPerSeat - 1))};
            if (!s.seats[s.elk.seat].canoes[s.elk.canoe].in_river() &&
                s.seats[s.elk.seat].canoes[s.elk.canoe].where != Where::Bank)
                bad("the elk rides only a canoe in the river or on the bank (R10.8)");
        } else
            bad("'elk' \"at\" must be \"red\", \"canoe\" or \"returning\"");
    }
    if (s.options.diamond_joe && j.contains("joe")) {
        const Json& joe = object(j.at("joe"), "'joe'");
        if (joe.contains("pos"))
            s.joe = Piece{true, pos_of(joe.at("pos"), "'joe'").value_or(Pos::T1)};
        if (joe.contains("cargo")) s.joe_cargo = gems_of(joe.at("cargo"));
        if (s.joe_cargo.total() > 1) bad("Diamond Joe carries at most one gem (R11.1)");
    }
}

}  // namespace

State state_from_json(const Json& j) {
    object(j, "a state");
    const Options options = j.contains("options") ? options_from_json(j.at("options")) : Options{};
    State s;
    try {
        s = new_game(options);
    } catch (const std::invalid_argument& e) {
        bad(std::string("options: ") + e.what());
    }
    const std::string phase = get<std::string>(j, "phase", "choose");
    if (phase == "choose")
        s.phase = Phase::ChooseCards;
    else if (phase == "actions")
        s.phase = Phase::Actions;
    else if (phase == "over")
        s.phase = Phase::GameOver;
    else
        bad("'phase' must be \"choose\", \"actions\" or \"over\"");
    s.round = get_int(j, "round", 1, 1, 100000);
    s.starting_seat = std::int8_t(get_int(j, "starting_seat", s.starting_seat, 0, s.players() - 1));
    s.turns_done = std::int8_t(get_int(j, "turns_done", 0, 0, s.players()));
    if (phase == "actions" && s.turns_done == s.players())
        bad("'turns_done' counts the turns before the current one");
    s.weather = std::int8_t(get_int(j, "weather", 0, -1, 2));
    const std::string fork = get<std::string>(j, "fork", "left");
    if (fork != "left" && fork != "right") bad("'fork' must be \"left\" or \"right\"");
    s.fork = fork == "left" ? Branch::Left : Branch::Right;
    s.last_speed = std::int8_t(get_int(j, "last_speed", 0, -10, 20));
    s.abandoned = get<bool>(j, "abandoned", false);
    if (j.contains("seats")) {
        const Json& seats = j.at("seats");
        if (!seats.is_array() || int(seats.size()) != s.players())
            bad("'seats' must list all " + std::to_string(s.players()) + " seats");
        for (int seat = 0; seat < s.players(); ++seat)
            read_seat(seats[seat], s, seat, s.seats[seat]);
    }
    read_pieces(j, s);
    for (int seat = 0; seat < s.players(); ++seat)
        for (const Canoe& boat : s.seats[seat].canoes)
            if (boat.in_river() && s.whirlpool.at(boat.pos))
                bad("a canoe never stays on the whirlpool (R10.3); it is at " +
                    std::string(pos_name(boat.pos)));
    // Discovery places: given, or whatever is not in canoes, collections or Joe (R1.3).
    for (Colour c : kAllColours) {
        int elsewhere = s.joe_cargo.of(c);
        for (int seat = 0; seat < s.players(); ++seat) {
            elsewhere += s.seats[seat].collection.of(c);
            for (const Canoe& boat : s.seats[seat].canoes)
                elsewhere += boat.cargo.of(c);
        }
        if (!j.contains("places")) {
            if (elsewhere > s.rules.gems_per_place)
                bad("there are only " + std::to_string(s.rules.gems_per_place) + " " +
                    std::string(colour_name(c)) + " gems (R1.3)");
            s.place(c) = Gems{};
            s.place(c).add(c, s.rules.gems_per_place - elsewhere);
        }
    }
    if (j.contains("places")) {
        object(j.at("places"), "'places'");
        for (Colour c : kAllColours) {
            const std::string name(colour_name(c));
            s.place(c) = j.at("places").contains(name) ? gems_of(j.at("places").at(name)) : Gems{};
        }
        for (Colour c : kAllColours) {
            int total = s.joe_cargo.of(c);
            for (const Gems& place : s.places)
                total += place.of(c);
            for (int seat = 0; seat < s.players(); ++seat) {
                total += s.seats[seat].collection.of(c);
                for (const Canoe& boat : s.seats[seat].canoes)
                    total += boat.cargo.of(c);
            }
            if (total != s.rules.gems_per_place)
                bad("there must be exactly " + std::to_string(s.rules.gems_per_place) + " " +
                    std::string(colour_name(c)) + " gems in the game (R1.3), not " +
                    std::to_string(total));
        }
    }
    if (s.phase == Phase::Actions) {
        // The turn seat and the seats before it have revealed their cards (R3.2).
        const int turn_seat = (s.starting_seat + s.turns_done) % s.players();
        for (int i = 0; i < s.players(); ++i) {
            Seat& p = s.seats[(s.starting_seat + i) % s.players()];
            if (!p.chosen) bad("in phase II every seat has a chosen card");
            p.revealed = i <= s.turns_done;
        }
        s.lowest_number = 0;
        for (int seat = 0; seat < s.players(); ++seat) {
            const Seat& p = s.seats[seat];
            if (p.revealed && is_number_card(*p.chosen) &&
                (s.lowest_number == 0 || card_number(*p.chosen) < s.lowest_number))
                s.lowest_number = std::int8_t(card_number(*p.chosen));
        }
        s.turn = detail::make_turn(s, turn_seat);
        if (s.turn.stage == Stage::Move && s.turn.card != Card::Lasso &&
            !(s.turn.required | s.turn.optional))
            bad("seat " + std::to_string(turn_seat) +
                " has no canoe to move, so its turn would have passed");
        if (j.contains("turn_state")) {
            const Json& t = object(j.at("turn_state"), "'turn_state'");
            s.turn.moved = seat_bits(t, "moved", kCanoesPerSeat);
            if (t.contains("required")) s.turn.required = seat_bits(t, "required", kCanoesPerSeat);
            if (t.contains("optional")) s.turn.optional = seat_bits(t, "optional", kCanoesPerSeat);
            if (t.contains("stage")) {
                const std::string stage = get<std::string>(t, "stage", "");
                if (stage == "elk")
                    s.turn.stage = Stage::Elk;
                else if (stage == "joe")
                    s.turn.stage = Stage::Joe;
                else if (stage != "cloud" && stage != "move")
                    bad("unknown turn stage '" + stage + "'");
            }
            s.turn.exactly_one = get<bool>(t, "exactly_one", s.turn.exactly_one);
        }
    } else {
        s.lowest_number = std::int8_t(get_int(j, "lowest_number", 0, 0, 7));
        if (s.phase == Phase::ChooseCards)  // revealing happens in phase II only
            for (int seat = 0; seat < s.players(); ++seat)
                s.seats[seat].revealed = false;
    }
    if (s.phase == Phase::GameOver) s.winners = seat_bits(j, "winners", s.players());
    return s;
}

Json result_to_json(const State& s) {
    Json collections = Json::array();
    for (int seat = 0; seat < s.players(); ++seat) {
        const Gems& g = s.seats[seat].collection;
        collections.push_back(Json{{"seat", seat},
                                   {"gems", gems_json(g)},
                                   {"value", collection_value(g)},
                                   {"winning", is_winning_collection(g)}});
    }
    return Json{{"over", s.phase == Phase::GameOver},
                {"abandoned", s.abandoned},
                {"rounds", s.round},
                {"winners", winners(s)},
                {"tie_break", s.options.tie_break},
                {"collections", collections}};
}

}  // namespace niagara
