// A test player who knows what a chat user knows: the lines the bridge sends them privately
// and the channel's lines, plus the table's public view (what `!board` shows, read from a
// spectator connection of the test's own, to decide well without parsing the picture). It
// decides with the engine's greedy bot, so that games end in about 20 rounds, and answers
// through the chat like a person.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "niagara/client/game_client.hpp"

namespace bridge_test {

using Json = nlohmann::json;

// What a private prompt line offers: "Table #3: choose your card: 1, 2, cloud. Answer here:
// play 1" → {"play 1", "play 2", "play cloud"}; "Table #3, your turn (card 5): canoe 1 up 3 →
// land | done (and 3 more: say moves)" → {"canoe 1 up 3", "done"}. Empty for other lines.
std::vector<std::string> offered_decisions(const std::string& private_line);
bool is_card_prompt(const std::string& private_line);
// "You sit at table #3, seat 2. ..." / "Welcome back to table #3, seat 2." → {3, 1}.
std::optional<std::pair<long, int>> seat_from_line(const std::string& private_line);

// The greedy bot's decision for `seat` on the public game view (a spectator's "game"), with
// the seat's own chosen card filled in; nullopt when the view does not fit (stale, or the
// seat need not act in it).
std::optional<std::string> greedy_decision(const Json& spectator_game, int seat,
                                           const std::optional<std::string>& chosen,
                                           std::uint64_t seed);
// Whether the public view has `seat` acting in the phase a prompt line asks about.
bool view_agrees(const Json& spectator_game, int seat, bool card_prompt);

// One chat player's mind: fed every line the bridge tells them privately, it knows their seat,
// their chosen card and the prompt they owe, and decides: cards at random (identical greedy
// players would mirror each other for a hundred rounds), moves with the greedy bot on the
// public view; from the prompt's own list when the view does not agree within a while (it
// lags the private line), or after a refusal.
// What a line said in a channel must never hold, and does: a private line's words ("You chose",
// "your turn", "Your hand", ...) or a seat token. Empty when the line is clean.
std::vector<std::string> secrets_in_public_line(const std::string& text);

// Someone at the web page: a connection of its own to the game server, sending `opening` once
// connected, keeping every message it gets (on `io`, which the test drives).
struct SiteUser {
    std::shared_ptr<niagara::client::GameClient> client;
    std::shared_ptr<std::vector<nlohmann::json>> received;
    // Whether a message of `type` whose text holds `text_part` came.
    bool got(const std::string& type, const std::string& text_part = "") const;
};
SiteUser open_site_user(boost::asio::io_context& io, unsigned short port,
                        std::vector<std::string> opening);

// The test's spectator of a table (what `!board` shows), on `io`.
std::shared_ptr<niagara::client::GameClient> watch_table(boost::asio::io_context& io,
                                                         unsigned short port, long table);

class SeatPlayer {
  public:
    explicit SeatPlayer(std::uint64_t seed) : seed_(seed) {}
    void heard(const std::string& private_line);
    // A line said in the channel (or room): one addressed to `nick` is heard as a private one.
    // A move said there is refused there ("bobby: canoe 1 has already moved this turn"), and
    // without hearing it the mind would wait for ever for an answer to a stale decision.
    void heard_in_channel(const std::string& nick, const std::string& line);
    // The decision to send now, if one is due.
    std::optional<std::string> decide(const Json& spectator_game);

    std::optional<std::pair<long, int>> seat;  // table, seat (from 0)
    std::optional<std::string> chosen;
    int decisions = 0;
    int refusals = 0;

  private:
    void heard_one(const std::string& line);

    std::string prompt_;
    std::chrono::steady_clock::time_point since_{};
    bool sent_ = false;
    std::uint64_t seed_;
};

}  // namespace bridge_test
