// Secrets (R3.1, R3.6): a chosen card reaches nobody but its owner until its reveal (protocol
// README, "How a table runs"). Four players and a spectator play a whole game; every frame each
// connection receives is recorded and checked afterwards against the game's record, the ground
// truth.
#include <catch2/catch.hpp>
#include <map>
#include <regex>
#include <set>

#include "niagara/json.hpp"
#include "server_fixture.hpp"

using namespace server_test;

namespace {

// (seat, round) -> the card that seat chose in that round, from replaying the record.
using Choices = std::map<std::pair<int, int>, std::string>;

Choices choices_of(const niagara::Record& record) {
    Choices out;
    niagara::State state = niagara::new_game(record.options);
    for (const niagara::Action& a : record.actions) {
        if (a.type == niagara::ActionType::PlayCard)
            out[{int(a.seat), int(state.round)}] = std::string(niagara::card_name(a.card));
        REQUIRE(niagara::apply(state, a));
    }
    return out;
}

bool contains_string(const Json& array, const std::string& s) {
    return array.is_array() && std::find(array.begin(), array.end(), s) != array.end();
}

struct SecretReport {
    std::vector<std::string> problems;
    long hidden_checks = 0;  // (view, seat) pairs where a chosen card was hidden and checked
    long reveals = 0;        // reveal lines seen
    long choice_events = 0;  // "has chosen a card" lines about other seats
};

// Checks one connection's frames; `me` is its seat, or -1 for a spectator.
SecretReport check_connection(const Player& p, int me, const Choices& truth) {
    SecretReport rep;
    auto problem = [&](const Received& r, const std::string& what) {
        rep.problems.push_back(p.label + " #" + std::to_string(r.seq) + " (" + r.type +
                               "): " + what + "\n    " + r.message.dump().substr(0, 600));
    };
    const std::regex chosen_path(R"(^/game/seats/(\d+)/chosen(/.*)?$)");
    const std::regex reveal_line(R"(^Seat (\d+) reveals (.+)\.$)");

    follow(p.frames, [&](const Received& r, const Json& before, const Json& after) {
        if (r.type == "chosen" && me < 0) problem(r, "a spectator received a chosen card");
        if (r.type == "patch") {
            for (const Json& op : r.message.at("ops")) {
                const std::string path = op.value("path", "");
                std::smatch m;
                if (std::regex_match(path, m, chosen_path) && std::stoi(m[1]) != me)
                    problem(r, "a patch touches another seat's chosen card: " + op.dump());
                if (op.contains("value") && op["value"].is_object() &&
                    (path == "" || path == "/game" || path.rfind("/game/seats", 0) == 0) &&
                    op["value"].dump().find("\"chosen\"") != std::string::npos && me < 0)
                    problem(r, "a patch to a spectator carries a chosen key: " + op.dump());
            }
        }
        // The view after this message: other seats show no "chosen" and keep an unrevealed
        // chosen card in their hands.
        if (after.is_object() && after.contains("game") && after["game"].is_object()) {
            const Json& game = after["game"];
            const int round = game.value("round", 0);
            const Json& seats = game.at("seats");
            for (int s = 0; s < int(seats.size()); ++s) {
                if (s == me) continue;
                const Json& seat = seats[std::size_t(s)];
                if (seat.contains("chosen"))
                    problem(r, "seat " + std::to_string(s) + " shows a chosen key: " + seat.dump());
                if (seat.value("has_chosen", false) && seat.at("revealed").is_null()) {
                    auto it = truth.find({s, round});
                    if (it == truth.end()) {
                        problem(r, "seat " + std::to_string(s) + " has chosen in round " +
                                       std::to_string(round) + " but the record has no choice");
                        continue;
                    }
                    ++rep.hidden_checks;
                    if (!contains_string(seat.value("hand", Json()), it->second))
                        problem(r, "seat " + std::to_string(s) + "'s hidden choice " + it->second +
                                       " is missing from its hand: " + seat.dump());
                }
            }
        }
        // Events: a choice is only "Seat N has chosen a card."; a card is named only by its
        // reveal, when that seat's turn begins.
        if (r.type == "event" && before.is_object() && before["game"].is_object()) {
            const Json& game = before["game"];
            const int round = game.value("round", 0);
            for (const Json& line_json : r.message.at("lines")) {
                const std::string line = line_json.get<std::string>();
                std::smatch m;
                if (std::regex_match(line, m, reveal_line)) {
                    ++rep.reveals;
                    const int s = std::stoi(m[1]) - 1;
                    auto it = truth.find({s, round});
                    if (it == truth.end() || it->second != m[2])
                        problem(r, "a reveal that is not the seat's choice: " + line);
                    continue;
                }
                for (int s = 0; s < int(game.at("seats").size()); ++s) {
                    if (s == me) continue;
                    const std::string label = "Seat " + std::to_string(s + 1);
                    if (line.rfind(label + " ", 0) != 0 && line.rfind(label + "'", 0) != 0)
                        continue;
                    if (line.find("card") != std::string::npos ||
                        line.find("chose") != std::string::npos) {
                        if (line != label + " has chosen a card.")
                            problem(r, "an event may name a hidden card: " + line);
                        else
                            ++rep.choice_events;
                    }
                }
            }
            if (r.message.value("text", "").find("reveals") == std::string::npos) {
                // Without a reveal, no card name follows "chose"/"plays" anywhere in the text.
                static const std::regex naming(
                    R"((chose|chooses|plays|played|picks) (\d|cloud|lasso|1/2/3))");
                if (std::regex_search(r.message.value("text", ""), naming))
                    problem(r, "the event text names a card");
            }
        }
    });
    return rep;
}

}  // namespace

TEST_CASE("A chosen card reaches only its owner until it is revealed (R3.1, R3.6)",
          "[server][secrets][threads]") {
    ServerProcess server;
    Harness h(server.port());
    std::vector<Player*> seats;
    for (int i = 0; i < 4; ++i)
        seats.push_back(
            &h.add("player" + std::to_string(i + 1),
                   Harness::Options{
                       {"/name p" + std::to_string(i + 1)}, i == 3, true, std::uint64_t(40 + i)}));
    Player& spectator = h.add("spectator", {"/name eve"});
    auto table = std::make_shared<std::optional<long>>();
    TableSetup setup;
    setup.host = seats[0];
    setup.new_words = "players=4 seed=2024";  // memory off: other seats' hands are listed
    setup.joiners = {seats[1], seats[2], seats[3]};
    setup.watchers = {&spectator};
    setup.seats = 4;
    open_table(setup, table);

    std::vector<Player*> everyone = seats;
    everyone.push_back(&spectator);
    INFO(server.log());
    const bool finished = h.run_until(
        [&] {
            for (Player* p : everyone)
                if (!p->ended) return false;
            return true;
        },
        90s);
    REQUIRE(finished);
    REQUIRE(*table);
    const FinishedGame game = check_finished_game(server.port(), **table, everyone);
    REQUIRE(game.record);
    CHECK_FALSE(game.record->options.memory);
    const Choices truth = choices_of(*game.record);
    REQUIRE(truth.size() >= 8);

    std::set<int> seat_numbers;
    for (Player* p : seats)
        seat_numbers.insert(p->client->seat());
    REQUIRE(seat_numbers == std::set<int>{0, 1, 2, 3});
    for (Player* player : seats) {
        Player& p = *player;
        const int i = p.client->seat();
        INFO(p.label << " at seat " << i);
        // Its own choices, and nobody else's, came in "chosen" messages, in the record's order.
        std::vector<std::string> chosen, mine, played;
        for (const Received& r : p.frames)
            if (r.type == "chosen") chosen.push_back(r.message.at("card"));
        for (const auto& [key, card] : truth)
            if (key.first == i) mine.push_back(card);
        for (const std::string& act : p.acts)
            if (act.rfind("play ", 0) == 0) played.push_back(act.substr(5));
        CHECK(chosen == mine);
        CHECK(chosen == played);
    }
    CHECK(spectator.count("chosen") == 0);
    CHECK(spectator.count("seated") == 0);
    CHECK(spectator.count("prompt") == 0);

    // Seat tokens go to their owners only.
    for (Player* owner : seats) {
        const std::string token = owner->client->token();
        REQUIRE(token.size() == 32);
        for (Player* other : everyone) {
            if (other == owner) continue;
            for (const Received& r : other->frames)
                if (r.message.dump().find(token) != std::string::npos)
                    FAIL_CHECK(other->label << " received " << owner->label
                                            << "'s token: " << r.message.dump());
        }
    }

    for (std::size_t i = 0; i < everyone.size(); ++i) {
        Player& p = *everyone[i];
        INFO(p.label);
        const int me = i < 4 ? p.client->seat() : -1;
        const SecretReport rep = check_connection(p, me, truth);
        for (const auto& problem : rep.problems)
            FAIL_CHECK(problem);
        // The checks saw hidden choices, reveals and choice events (they are not vacuous).
        CHECK(rep.hidden_checks > 20);
        CHECK(rep.reveals > 4);
        CHECK(rep.choice_events > 4);
    }
}
