// Views as JSON (R3.6), and the JSON Patches between two states' views.
//
// A view is built from named parts: the fields every viewer sees, and per seat an entry with
// fields of its own. Each part says how to build it and which state members it shows, so a
// diff builds and compares only the parts whose members changed: exactly nlohmann's
// json::diff of the whole views (json::diff recurses key by key, so a diff of one part under
// its path is that part of the whole diff), without building what did not change.
#include <array>
#include <bit>
#include <optional>
#include <string>
#include <type_traits>

#include "json_parts.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "patch_text.hpp"

namespace niagara {
namespace detail {
namespace {

// A field every viewer sees.
struct PublicField {
    const char* key;
    Json (*build)(const State&);
    bool (*same)(const State& a, const State& b);  // equal JSON whenever this holds
};

Json places_json(const State& s) {
    Json places = Json::object();
    for (Colour c : kAllColours)
        places[std::string(colour_name(c))] = gems_json(s.place(c));
    return places;
}

bool same_collections(const State& a, const State& b) {
    for (int seat = 0; seat < a.players(); ++seat)
        if (a.seats[seat].collection != b.seats[seat].collection) return false;
    return true;
}

const std::array<PublicField, 17> kPublicFields{{
    {"options", [](const State& s) { return options_to_json(s.options); },
     [](const State& a, const State& b) { return a.options == b.options; }},
    {"phase", [](const State& s) { return Json(phase_name(s.phase)); },
     [](const State& a, const State& b) { return a.phase == b.phase; }},
    {"round", [](const State& s) { return Json(s.round); },
     [](const State& a, const State& b) { return a.round == b.round; }},
    {"starting_seat", [](const State& s) { return Json(s.starting_seat); },
     [](const State& a, const State& b) { return a.starting_seat == b.starting_seat; }},
    {"acting", [](const State& s) { return seat_list(acting_seats(s)); },
     [](const State& a, const State& b) { return acting_seats(a) == acting_seats(b); }},
    {"turn", [](const State& s) { return turn_json(s); },
     [](const State& a, const State& b) {
         return a.phase == b.phase && (a.phase != Phase::Actions || a.turn == b.turn);
     }},
    {"weather", [](const State& s) { return Json(s.weather); },
     [](const State& a, const State& b) { return a.weather == b.weather; }},
    {"fork", [](const State& s) { return Json(branch_name(s.fork)); },
     [](const State& a, const State& b) { return a.fork == b.fork; }},
    {"lowest_number", [](const State& s) { return Json(s.lowest_number); },
     [](const State& a, const State& b) { return a.lowest_number == b.lowest_number; }},
    {"last_speed", [](const State& s) { return Json(s.last_speed); },
     [](const State& a, const State& b) { return a.last_speed == b.last_speed; }},
    {"places", places_json, [](const State& a, const State& b) { return a.places == b.places; }},
    {"whirlpool",
     [](const State& s) {
         return s.options.spirits ? piece_json(s.whirlpool, "waiting") : Json(nullptr);
     },
     [](const State& a, const State& b) { return a.whirlpool == b.whirlpool; }},
    {"beaver",
     [](const State& s) {
         return s.options.spirits ? piece_json(s.beaver, nullptr) : Json(nullptr);
     },
     [](const State& a, const State& b) { return a.beaver == b.beaver; }},
    {"elk", [](const State& s) { return s.options.spirits ? elk_json(s.elk) : Json(nullptr); },
     [](const State& a, const State& b) { return a.elk == b.elk; }},
    {"joe",
     [](const State& s) {
         return s.options.diamond_joe
                    ? Json{{"pos", piece_json(s.joe, nullptr)}, {"cargo", cargo_json(s.joe_cargo)}}
                    : Json(nullptr);
     },
     [](const State& a, const State& b) { return a.joe == b.joe && a.joe_cargo == b.joe_cargo; }},
    // Ranked by collection value with the tie-break option (R9.3).
    {"winners", [](const State& s) { return Json(winners(s)); },
     [](const State& a, const State& b) {
         return a.winners == b.winners && (a.winners == 0 || same_collections(a, b));
     }},
    {"abandoned", [](const State& s) { return Json(s.abandoned); },
     [](const State& a, const State& b) { return a.abandoned == b.abandoned; }},
}};

// A field of seat `seat`'s entry in the view of `viewer` (-1: a spectator); absent (nullopt)
// for viewers who do not see it at all.
struct SeatField {
    const char* key;
    std::optional<Json> (*build)(const State&, int seat, int viewer);
    bool (*same)(const Seat& a, const Seat& b);  // equal JSON for every viewer when this holds
    bool alike = false;  // every viewer sees the same (build does not look at the viewer)
    // An array of fixed length (the canoes) may also be built and compared element by element,
    // so that a diff builds only the elements that changed. json::diff compares arrays of
    // equal length element by element too: the operations are the same.
    std::size_t elements = 0;
    Json (*build_element)(const State&, int seat, int viewer, std::size_t i) = nullptr;
    bool (*same_element)(const Seat& a, const Seat& b, std::size_t i) = nullptr;
    // A list of the game's own names (a hand, a discard pile) may also be had as names, which
    // a diff written as text compares without building JSON (build is then those names as an
    // array): the hands change with most actions, and building them was a tenth of a server's
    // work.
    std::optional<NameList> (*names)(const State&, int seat, int viewer) = nullptr;
};

Json names_json(const NameList& list) {
    Json a = Json::array();
    for (std::size_t i = 0; i < list.size; ++i)
        a.push_back(list.names[i]);
    return a;
}
template <std::optional<NameList> (*names)(const State&, int, int)>
std::optional<Json> names_as_json(const State& s, int seat, int viewer) {
    if (std::optional<NameList> list = names(s, seat, viewer)) return names_json(*list);
    return std::nullopt;
}

NameList card_names(std::uint16_t cards) {  // in the cards' order
    NameList list;
    for (int c = 0; c < kCardKinds; ++c)
        if (cards & card_bit(Card(c))) list.names[list.size++] = card_name(Card(c));
    return list;
}

// A card chosen but not yet revealed is still in hand as far as others know.
std::uint16_t unrevealed_hand(const Seat& p) {
    return p.chosen && !p.revealed ? std::uint16_t(p.hand | card_bit(*p.chosen)) : p.hand;
}

bool hides_cards(const State& s, int seat, int viewer) {  // R3.6 memory mode, for others
    return seat != viewer && s.options.memory;
}

bool same_hand(const Seat& a, const Seat& b) {
    return a.hand == b.hand && a.chosen == b.chosen && a.revealed == b.revealed;
}

bool same_discard(const Seat& a, const Seat& b) {
    return a.discard_size == b.discard_size && a.discard == b.discard;
}

std::optional<NameList> hand_names(const State& s, int seat, int viewer) {
    if (hides_cards(s, seat, viewer)) return std::nullopt;
    const Seat& p = s.seats[seat];
    return card_names(seat == viewer ? p.hand : unrevealed_hand(p));
}

std::optional<NameList> discard_names(const State& s, int seat, int viewer) {  // oldest first
    if (hides_cards(s, seat, viewer)) return std::nullopt;
    const Seat& p = s.seats[seat];
    NameList list;
    for (int i = 0; i < p.discard_size; ++i)
        list.names[list.size++] = card_name(p.discard[i]);
    return list;
}

const std::array<SeatField, 11> kSeatFields{{
    {"canoes",
     [](const State& s, int seat, int) -> std::optional<Json> {
         Json canoes = Json::array();
         for (const Canoe& boat : s.seats[seat].canoes)
             canoes.push_back(canoe_json(boat));
         return canoes;
     },
     [](const Seat& a, const Seat& b) { return a.canoes == b.canoes; }, true, kCanoesPerSeat,
     [](const State& s, int seat, int, std::size_t i) {
         return canoe_json(s.seats[seat].canoes[i]);
     },
     [](const Seat& a, const Seat& b, std::size_t i) { return a.canoes[i] == b.canoes[i]; }},
    {"collection",
     [](const State& s, int seat, int) -> std::optional<Json> {
         return gems_json(s.seats[seat].collection);
     },
     [](const Seat& a, const Seat& b) { return a.collection == b.collection; }, true},
    {"has_chosen",
     [](const State& s, int seat, int) -> std::optional<Json> {
         return Json(s.seats[seat].chosen.has_value());
     },
     [](const Seat& a, const Seat& b) { return a.chosen.has_value() == b.chosen.has_value(); },
     true},
    {"revealed",
     [](const State& s, int seat, int) -> std::optional<Json> {
         const Seat& p = s.seats[seat];
         return p.revealed ? Json(card_name(*p.chosen)) : Json(nullptr);
     },
     [](const Seat& a, const Seat& b) {
         return a.revealed == b.revealed && (!a.revealed || a.chosen == b.chosen);
     },
     true},
    {"fork_pending",
     [](const State& s, int seat, int) -> std::optional<Json> {
         return seat_list(s.seats[seat].fork_pending);
     },
     [](const Seat& a, const Seat& b) { return a.fork_pending == b.fork_pending; }, true},
    {"free_canoe_pending",
     [](const State& s, int seat, int) -> std::optional<Json> {
         return Json(s.seats[seat].free_canoe_pending);
     },
     [](const Seat& a, const Seat& b) { return a.free_canoe_pending == b.free_canoe_pending; },
     true},
    {"hand", names_as_json<hand_names>, same_hand, false, 0, nullptr, nullptr, hand_names},
    {"chosen",
     [](const State& s, int seat, int viewer) -> std::optional<Json> {
         if (seat != viewer) return std::nullopt;  // R3.6: the owner's secret
         const Seat& p = s.seats[seat];
         return p.chosen ? Json(card_name(*p.chosen)) : Json(nullptr);
     },
     [](const Seat& a, const Seat& b) { return a.chosen == b.chosen; }},
    {"discard", names_as_json<discard_names>, same_discard, false, 0, nullptr, nullptr,
     discard_names},
    {"hand_size",
     [](const State& s, int seat, int viewer) -> std::optional<Json> {
         if (!hides_cards(s, seat, viewer)) return std::nullopt;
         return Json(std::popcount(unrevealed_hand(s.seats[seat])));
     },
     same_hand},
    {"discard_top",
     [](const State& s, int seat, int viewer) -> std::optional<Json> {
         if (!hides_cards(s, seat, viewer)) return std::nullopt;
         const Seat& p = s.seats[seat];
         return p.discard_size ? Json(card_name(p.discard[p.discard_size - 1])) : Json(nullptr);
     },
     same_discard},
}};

// Where a diff's operations go: a JSON array (json::diff's own operations) or text (written
// directly, patch_text.hpp). Appends json::diff(before, after) with every path under `prefix`.
void diff_into(Json& ops, const Json& before, const Json& after, const std::string& prefix) {
    for (Json& op : Json::diff(before, after)) {
        op["path"] = prefix + op["path"].get_ref<const std::string&>();
        ops.push_back(std::move(op));
    }
}
void diff_into(std::string& text, const Json& before, const Json& after,
               const std::string& prefix) {
    append_diff_text(text, before, after, prefix);
}
void add_into(Json& ops, const std::string& path, const Json& value) {
    ops.push_back(Json{{"op", "add"}, {"path", path}, {"value", value}});
}
void add_into(std::string& text, const std::string& path, const Json& value) {
    append_op_text(text, "add", path, &value);
}
void remove_into(Json& ops, const std::string& path) {
    ops.push_back(Json{{"op", "remove"}, {"path", path}});
}
void remove_into(std::string& text, const std::string& path) {
    append_op_text(text, "remove", path, nullptr);
}

void check_seats(const State& s, int seat, int viewer) {
    if (seat < 0 || seat >= s.players() || viewer < -1 || viewer >= s.players())
        throw std::invalid_argument("no such seat");
}

}  // namespace

Json public_json(const State& s) {
    Json j = Json::object();
    for (const PublicField& field : kPublicFields)
        j[field.key] = field.build(s);
    return j;
}

Json seat_entry(const State& s, int seat, int viewer) {
    Json o = Json::object();
    for (const SeatField& field : kSeatFields)
        if (std::optional<Json> value = field.build(s, seat, viewer)) o[field.key] = *value;
    return o;
}

}  // namespace detail

namespace {

Json view(const State& s, int viewer) {
    Json j = detail::public_json(s);
    j["you"] = viewer >= 0 ? Json(viewer) : Json(nullptr);
    Json seats = Json::array();
    for (int seat = 0; seat < s.players(); ++seat)
        seats.push_back(detail::seat_entry(s, seat, viewer));
    j["seats"] = std::move(seats);
    return j;
}

}  // namespace

Json seat_view(const State& s, int seat) {
    if (seat < 0 || seat >= s.players()) throw std::invalid_argument("no such seat");
    return view(s, seat);
}

Json spectator_view(const State& s) {
    return view(s, -1);
}

Json view_fields(const State& s) {
    return detail::public_json(s);
}

Json seat_entry_view(const State& s, int seat, int viewer) {
    detail::check_seats(s, seat, viewer);
    return detail::seat_entry(s, seat, viewer);
}

namespace {

template <class Ops>
void fields_diff(const State& before, const State& after, const std::string& prefix, Ops& ops) {
    for (const detail::PublicField& field : detail::kPublicFields)
        if (!field.same(before, after))
            detail::diff_into(ops, field.build(before), field.build(after),
                              prefix + "/" + field.key);
}

// One field of a seat's entry, changed between the states, as `viewer` sees it.
template <class Ops>
void seat_field_diff(const State& before, const State& after, int seat, int viewer,
                     const detail::SeatField& field, const std::string& prefix, Ops& ops) {
    if (field.build_element) {
        const Seat& a = before.seats[seat];
        const Seat& b = after.seats[seat];
        for (std::size_t i = 0; i < field.elements; ++i)
            if (!field.same_element(a, b, i))
                detail::diff_into(ops, field.build_element(before, seat, viewer, i),
                                  field.build_element(after, seat, viewer, i),
                                  prefix + "/" + field.key + "/" + std::to_string(i));
        return;
    }
    if constexpr (std::is_same_v<Ops, std::string>) {
        if (field.names) {
            const std::optional<detail::NameList> old_list = field.names(before, seat, viewer);
            const std::optional<detail::NameList> new_list = field.names(after, seat, viewer);
            if (old_list && new_list) {
                detail::append_names_diff(ops, *old_list, *new_list, prefix + "/" + field.key);
                return;
            }
        }
    }
    const std::optional<Json> old_value = field.build(before, seat, viewer);
    const std::optional<Json> new_value = field.build(after, seat, viewer);
    const std::string path = prefix + "/" + field.key;
    if (old_value && new_value)
        detail::diff_into(ops, *old_value, *new_value, path);
    else if (new_value)  // never within one game: who sees what depends on options only
        detail::add_into(ops, path, *new_value);
    else if (old_value)
        detail::remove_into(ops, path);
}

template <class Ops>
void seat_entry_diff(const State& before, const State& after, int seat, int viewer,
                     const std::string& prefix, Ops& ops) {
    detail::check_seats(after, seat, viewer);
    const Seat& a = before.seats[seat];
    const Seat& b = after.seats[seat];
    if (a == b) return;
    for (const detail::SeatField& field : detail::kSeatFields)
        if (!field.same(a, b)) seat_field_diff(before, after, seat, viewer, field, prefix, ops);
}

void append_list(std::string& ops, const std::string& more) {
    if (more.empty()) return;
    if (!ops.empty()) ops += ',';
    ops += more;
}

}  // namespace

void append_view_fields_diff(const State& before, const State& after, const std::string& prefix,
                             Json& ops) {
    fields_diff(before, after, prefix, ops);
}

void append_view_fields_diff(const State& before, const State& after, const std::string& prefix,
                             std::string& ops) {
    fields_diff(before, after, prefix, ops);
}

void append_seat_entry_diff(const State& before, const State& after, int seat, int viewer,
                            const std::string& prefix, Json& ops) {
    seat_entry_diff(before, after, seat, viewer, prefix, ops);
}

void append_seat_entry_diff(const State& before, const State& after, int seat, int viewer,
                            const std::string& prefix, std::string& ops) {
    seat_entry_diff(before, after, seat, viewer, prefix, ops);
}

void append_seat_entry_diffs(const State& before, const State& after, int seat,
                             const std::string& prefix, std::string& public_ops,
                             std::string& own_ops) {
    detail::check_seats(after, seat, seat);
    const Seat& a = before.seats[seat];
    const Seat& b = after.seats[seat];
    if (a == b) return;
    std::string alike;
    for (const detail::SeatField& field : detail::kSeatFields) {
        if (field.same(a, b)) continue;
        if (field.alike) {
            alike.clear();
            seat_field_diff(before, after, seat, -1, field, prefix, alike);
            append_list(public_ops, alike);
            append_list(own_ops, alike);
        } else {
            seat_field_diff(before, after, seat, -1, field, prefix, public_ops);
            seat_field_diff(before, after, seat, seat, field, prefix, own_ops);
        }
    }
}

}  // namespace niagara
