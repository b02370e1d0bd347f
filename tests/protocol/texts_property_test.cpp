// Property (issue 25): every message type, built with the values of a few hundred seeded games
// (the engine's random bot), reads as a finished sentence in every language: no pattern brace
// left, no key showing through, no argument rendered as "?", never empty.
#include <catch2/catch.hpp>
#include <cctype>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "../option_variants.hpp"
#include "../property_scale.hpp"
#include "niagara/game.hpp"
#include "niagara/i18n/i18n.hpp"
#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/localize.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/random_bot.hpp"

namespace {

using namespace niagara::protocol;
namespace i18n = niagara::i18n;

// 240 games at the default scale (24 under the sanitizers): the kinds of change they meet are
// checked a few times each, so most of a later game's steps are skipped anyway.
const long kGames = test::property_scale(240, 24);
constexpr int kMaxSteps = 4000;  // a random game that has not ended by then is cut short

// A line of the engine's log: the engine gives its key and arguments with its English (Text);
// an engine that gives English only still yields lines.
template <typename Line>
void add_line(GameEvent& event, const Line& line) {
    if constexpr (std::is_convertible_v<const Line&, std::string>) {
        event.lines.push_back(line);
    } else {
        event.lines.push_back(line.en);
        std::string text;
        niagara::append_text_json(text, line);
        event.texts.push_back(std::move(text));
    }
}

// The event's texts as a history line carries them: JSON objects.
Json event_texts(const GameEvent& event) {
    Json out = Json::array();
    for (const std::string& t : event.texts)
        out.push_back(Json::parse(t));
    return out;
}

// What no finished sentence shows: a pattern's brace, a catalog key, a "?" where an argument
// could not be rendered, nothing at all.
std::string problem(const std::string& text) {
    if (text.empty()) return "empty";
    // "protocol.joined", not "the life preserver.": a domain after no letter, then a key's word.
    for (const std::string_view domain : {"protocol.", "engine.", "common.", "server."})
        for (auto at = text.find(domain); at != std::string::npos; at = text.find(domain, at + 1)) {
            const auto after = at + domain.size();
            const bool word_before =
                at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1]));
            if (!word_before && after < text.size() && text[after] >= 'a' && text[after] <= 'z')
                return "a key shows: " + text.substr(at, 40);
        }
    if (text.find('{') != std::string::npos || text.find('}') != std::string::npos)
        return "a brace is left";
    if (text.find('?') != std::string::npos) return "an argument reads '?'";
    return "";
}

struct Checker {
    long texts = 0;
    long messages = 0;

    // `message` in every language: its text, and an event's or history's lines.
    void check(const Json& message) {
        ++messages;
        const std::string frame = serialize(message);
        for (std::string_view lang : i18n::kLanguages) {
            const Json m = Json::parse(localize(frame, lang));
            one(m, lang, "text", m["text"]);
            if (m.contains("event"))
                for (const auto& line : m["event"]["lines"])
                    one(m, lang, "event line", line);
            if (m.contains("history"))
                for (const auto& entry : m["history"]) {
                    if (entry.contains("lines"))
                        for (const auto& line : entry["lines"])
                            one(m, lang, "history line", line);
                    if (entry.contains("text")) one(m, lang, "history text", entry["text"]);
                }
        }
    }

    void one(const Json& m, std::string_view lang, const char* what, const Json& text) {
        ++texts;
        const std::string why = text.is_string() ? problem(text.get<std::string>()) : "no text";
        if (why.empty()) return;
        INFO(lang << " " << what << ": " << text.get<std::string>() << "\nin: " << m.dump());
        FAIL(why);
    }
};

}  // namespace

TEST_CASE("Every message type of a few hundred seeded games reads right in every language",
          "[protocol][lang][property]") {
    Checker checker;
    const std::vector<std::string> names = {"alice", "bob", "carol", "dave", "eve", "frank"};
    for (int game = 0; game < kGames; ++game) {
        const auto seed = std::uint64_t(game) * 7919 + 1;
        niagara::Options options = test::option_variant(game % test::kOptionVariants, seed);
        niagara::State state = niagara::new_game(options);
        niagara::RandomBot bot(seed);
        const long table = game + 1;
        TableOptions table_options;
        table_options.game = options;
        table_options.turn_seconds = game % 3 == 0 ? 0 : 10 + game;
        table_options.bots = niagara::BotLevel(game % 3);
        const std::vector<std::string> seat_names(names.begin(), names.begin() + options.players);

        // The lobby and the table before the game.
        checker.check(table_created(table, table_options));
        Json summary{{"id", table},
                     {"options", table_options_to_json(table_options)},
                     {"description", describe(table_options)},
                     {"phase", "waiting"},
                     {"seats", Json::array()},
                     {"spectators", game % 4}};
        for (int s = 0; s < options.players; ++s)
            summary["seats"].push_back(
                Json{{"seat", s}, {"name", s % 2 ? Json(nullptr) : Json(seat_names[s])}});
        checker.check(table_list(Json::array({summary})));
        for (int s = 0; s < options.players; ++s) {
            checker.check(joined(table, s, seat_names[s]));
            checker.check(presence(table, s, seat_names[s], s % 2 == 0, s % 3 == 0));
        }
        checker.check(started(table, options.players));

        Json history = Json::array();
        static std::map<std::string, int> kinds;
        int step = 0;
        for (; step < kMaxSteps; ++step) {
            const int seat = bot.pick_seat(state);
            if (seat < 0) break;
            const niagara::Action action = bot.pick_action(state, seat);
            niagara::Log log;
            REQUIRE(niagara::apply(state, action, &log).ok);
            GameEvent event{seat, {}, step % 17 == 0 ? "timeout" : "", {}};
            if (step % 23 == 0) event.cause = "bot for " + seat_names[std::size_t(seat)];
            for (const auto& line : log)
                add_line(event, line);

            const int next = bot.pick_seat(state);  // who decides next
            const std::optional<std::string> chosen =
                action.type == niagara::ActionType::PlayCard
                    ? std::optional(std::string(niagara::card_name(action.card)))
                    : std::nullopt;
            history.push_back(Json{
                {"kind", "event"}, {"seat", seat}, {"lines", event.lines}, {"texts", event_texts(event)}});
            if (history.size() > 60) history.erase(history.begin(), history.begin() + 10);
            // Each kind of change (its lines' keys, cause, card, decision) is checked a few
            // times: every kind the games meet, in a time a test can take.
            std::string kind =
                event.cause.substr(0, 3) + (chosen ? "c" : "") + (next >= 0 ? "p" : "");
            for (const auto& t : event.texts)
                kind += "|" + Json::parse(t)["key"].get<std::string>();
            if (event.texts.empty())
                for (const auto& line : event.lines)
                    kind += "|" + line.substr(0, 12);
            if (++kinds[kind] > 3) continue;
            // The next decision, as the seat that takes it sees it.
            Decision decision;
            if (next >= 0) {
                decision.seat = next;
                const auto legal = niagara::legal_actions(state, next);
                for (const auto& a : legal)
                    decision.legal.push_back(niagara::to_text(a));
                decision.actions = niagara::legal_actions_json(state, legal, decision.legal);
            }
            const PatchFrames frames(table, step, step + 1, &event);
            checker.check(Json::parse(frames.frame("[]")));
            if (chosen || (next >= 0 && step % 3 == 0))
                checker.check(
                    Json::parse(frames.frame("[]", chosen, next >= 0 ? &decision : nullptr)));
            if (next >= 0 && step % 11 == 0) {
                checker.check(prompt(table, decision));
                checker.check(timer(table, {next}, 60, seat_names, {long(step) * 137 % 60000}));
                checker.check(timeout(table, next, decision.legal.front(), seat_names));
            }
        }
        // A viewer arriving late: a snapshot with the table's history; then the end.
        if (history.size() > 50) history.erase(history.begin(), history.end() - 50);
        const Json info = left(table, game % options.players, seat_names[0]);
        history.push_back(Json{{"kind", "info"},
                               {"text", info["text"]},
                               {"key", info["key"]},
                               {"args", info["args"]}});
        checker.check(
            snapshot(table, step, Json::object(), News{nullptr, std::nullopt, nullptr, &history}));
        checker.check(ended(table, niagara::result_to_json(state), seat_names));
        checker.check(conceded(table, 0, seat_names[0]));
        checker.check(again(table, table + 1000, seat_names[0]));
        checker.check(closed(table, 600));
        checker.check(host(table, 1, seat_names[1]));
    }
    // The lobby's own messages.
    for (const Json& m :
         {welcome(1, "guest-1"), name_set("alice"), watching(3), resumed(3, 0, "ab12cd34"),
          seated(3, 0, "ab12cd34"), chat(0, "alice", "hi"), lang_set("cs")})
        checker.check(m);
    INFO(checker.messages << " messages, " << checker.texts << " texts");
    CHECK(checker.messages > 2000);
}
