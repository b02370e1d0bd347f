#include "river_picture.hpp"

#include <array>
#include <map>
#include <string_view>

#include "json_fields.hpp"
#include "texts.hpp"

namespace niagara::bridge {

namespace {

using Json = nlohmann::json;

std::string str(const Json& j, std::string_view key, std::string fallback = "") {
    if (!j.is_object()) return fallback;
    auto it = j.find(key);
    if (it == j.end()) return fallback;
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number_integer()) return std::to_string(it->get<long>());
    return fallback;
}

std::string seat_name(const Json& view, std::size_t seat) {
    const Json* seats = nullptr;
    if (auto t = view.find("table"); t != view.end() && t->is_object())
        if (auto s = t->find("seats"); s != t->end() && s->is_array()) seats = &*s;
    if (seats && seat < seats->size()) {
        const std::string name = str((*seats)[seat], "name");
        if (!name.empty()) return name;
    }
    return "seat" + std::to_string(seat + 1);
}

// A gem's colour in `lang`, as one short word (common.gem.* are whole nouns, "gemme rouge",
// too long for a picture that names every gem on the river); an unknown colour as it is.
std::string gem(std::string_view lang, const std::string& colour) {
    return tr(lang, "bridge.picture.colour", {{"colour", colour}});
}

std::string gem_list(std::string_view lang, const Json& gems) {  // ["red","blue"] -> "red blue"
    std::string out;
    if (!gems.is_array()) return out;
    for (const auto& g : gems)
        if (g.is_string()) out += (out.empty() ? "" : " ") + gem(lang, g.get<std::string>());
    return out;
}

// {"violet": 6, "red": 1} -> "violet 6, red 1"
std::string gem_counts(std::string_view lang, const Json& counts) {
    std::string out;
    if (!counts.is_object()) return out;
    for (const auto& [colour, n] : counts.items())
        if (n.is_number_integer() && n.get<int>() > 0)
            out +=
                (out.empty() ? "" : ", ") + gem(lang, colour) + " " + std::to_string(n.get<int>());
    return out;
}

// The place beside each position (R2.2), shown once for the two-sided blue and red places.
const std::map<std::string, std::string, std::less<>> kPlaceAt{
    {"T3", "violet"}, {"T4", "clear"}, {"T5", "yellow"}, {"L6", "blue"}, {"L7", "red"}};

std::vector<std::string> draw(const Json& view, std::string_view lang);

}  // namespace

std::vector<std::string> river_picture(const Json& view, std::string_view lang) {
    // The server's views are well formed; a malformed one draws nothing rather than throwing.
    try {
        return draw(view, lang);
    } catch (const Json::exception&) {
        return {};
    }
}

namespace {

std::vector<std::string> draw(const Json& view, std::string_view lang) {
    const auto t = [lang](std::string_view key, const Json& args = Json::object()) {
        return tr(lang, key, args);
    };
    const Json& game = field(view, "game");
    if (!game.is_object()) return {};
    std::vector<std::string> lines;

    // Line 1: the round and the pieces.
    std::string head = t("bridge.picture.round", {{"round", str(game, "round", "?")}}) + " · " +
                       t("bridge.picture.weather", {{"weather", str(game, "weather", "0")}}) +
                       " · " + t("bridge.picture.fork", {{"side", str(game, "fork", "?")}});
    if (const std::string w = str(game, "whirlpool"); !w.empty())
        head += " · " + t("bridge.picture.whirlpool", {{"pos", w}});
    if (const std::string b = str(game, "beaver"); !b.empty())
        head += " · " + t("bridge.picture.beaver", {{"pos", b}});
    if (auto elk = game.find("elk"); elk != game.end() && elk->is_object()) {
        const std::string at = str(*elk, "at");
        if (at == "canoe")
            head += " · " + t("bridge.picture.elk_on",
                              {{"canoe", seat_name(view, static_cast<std::size_t>(number_field(*elk, "seat", 0))) + "#" +
                                             std::to_string(number_field(*elk, "canoe", 0) + 1)}});
        else if (at == "returning")
            head += " · " + t("bridge.picture.elk_returning");
        else if (!at.empty())
            head += " · " + t("bridge.picture.elk_at", {{"place", at}});
    }
    if (auto joe = game.find("joe"); joe != game.end() && joe->is_object()) {
        const std::string pos = str(*joe, "pos");
        head += " · " + (pos.empty() ? t("bridge.picture.joe_off")
                                     : t("bridge.picture.joe", {{"pos", pos}}));
        if (const std::string cargo = gem_list(lang, field(*joe, "cargo")); !cargo.empty())
            head += " [" + cargo + "]";
    }
    if (str(game, "phase") == "over") head += " · " + t("bridge.picture.over");
    lines.push_back(head);

    // Canoes by where they are.
    std::map<std::string, std::string> at;  // position (or land/bank) -> "alice#1[red] ..."
    const Json seats = array_field(game, "seats");
    for (std::size_t s = 0; s < seats.size(); ++s) {
        const Json canoes = array_field(seats[s], "canoes");
        for (std::size_t c = 0; c < canoes.size(); ++c) {
            const std::string where = str(canoes[c], "where");
            if (where == "falls" || where == "lost" || where.empty()) continue;
            std::string key = where == "river" ? str(canoes[c], "pos") : where;
            if (where == "bank") key = "bank " + str(canoes[c], "pos");
            std::string canoe = seat_name(view, s) + "#" + std::to_string(c + 1);
            if (const std::string cargo = gem_list(lang, field(canoes[c], "cargo"));
                !cargo.empty())
                canoe += "[" + cargo + "]";
            auto& slot = at[key];
            slot += (slot.empty() ? "" : " ") + canoe;
        }
    }
    const Json places = object_field(game, "places");
    auto position = [&](const std::string& pos) {
        std::string cell = pos;
        if (auto place = kPlaceAt.find(pos); place != kPlaceAt.end())
            cell += " (" + gem_counts(lang, object_field(places, place->second)) + ")";
        auto here = at.find(pos);
        cell += " " + (here == at.end() ? std::string("·") : here->second);
        return cell;
    };
    std::string land =
        t("bridge.picture.land", {{"canoes", at.count("land") ? at["land"] : std::string("–")}});
    for (const auto& [key, canoes] : at)
        if (key.starts_with("bank "))
            land += " | " + t("bridge.picture.bank", {{"pos", key.substr(5)}, {"canoes", canoes}});
    lines.push_back(land + " | " + position("T1") + " | " + position("T2") + " | " +
                    position("T3") + " | " + position("T4"));
    const std::string falls = t("bridge.picture.falls");
    lines.push_back(position("T5") + " | " + position("L6") + " | " + position("L7") + " " + falls +
                    " | " + position("R6") + " | " + position("R7") + " " + falls);

    // Cards shown this round and the collections.
    std::string cards = t("bridge.picture.cards");
    std::string gems = t("bridge.picture.gems");
    const std::string chose = t("bridge.picture.chose");
    for (std::size_t s = 0; s < seats.size(); ++s) {
        const std::string name = seat_name(view, s);
        const std::string revealed = str(seats[s], "revealed");
        const bool chosen = flag_field(seats[s], "has_chosen");
        cards += " " + name + " " + (!revealed.empty() ? revealed : chosen ? chose : "…");
        const std::string collection =
            gem_counts(lang, object_field(seats[s], "collection"));
        gems += (s ? " | " : " ") + name + " " + (collection.empty() ? "–" : collection);
    }
    lines.push_back(cards + " · " + gems);
    return lines;
}

}  // namespace

}  // namespace niagara::bridge
