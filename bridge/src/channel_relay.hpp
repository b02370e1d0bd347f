// A channel's window on its table: one spectator connection per channel that watches the
// channel's table and posts what happens there, once, as short lines: who sat down, cards
// revealed, every move, the river's step, the results, and a picture of the river after each
// round and on `!board`. Everything it posts comes from the spectator's view and the table's
// public messages, which the server builds without any seat's secret: the channel cannot
// learn a card before it is revealed through here, whatever the bridge's other code does.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "niagara/client/game_client.hpp"
#include "player_link.hpp"

namespace niagara::bridge {

class ChannelRelay : public std::enable_shared_from_this<ChannelRelay> {
  public:
    struct Hooks {
        std::function<void(const std::string&)> say;  // a line to the channel
        // The table is gone (closed, unknown after a restart) or its game is over: the channel
        // is free for !new at once.
        std::function<void()> table_gone;
        // The spectator connection ended (the server went away).
        std::function<void(const std::string& why)> closed;
    };

    // `lang`: the channel's language; its lines are in it, and so are the server's texts to
    // this spectator (/lang).
    ChannelRelay(boost::asio::io_context& io, ServerAddress server, std::string lang, Hooks hooks);
    void start();
    void close();

    void watch(long table);  // posts nothing until something happens there
    std::optional<long> table() const { return table_; }
    // The watched table's phase ("waiting", "playing", "over"...); "pending" while its
    // snapshot has not come yet (a table is watched, its phase unknown: take it as busy), ""
    // with no table.
    std::string phase() const;
    // The server's table list, to `reply` (the channel, or one person privately).
    void ask_tables(std::function<void(const std::string&)> reply);
    // A question the server answers with one message ("/rating alice", "/top spirits"): its
    // text (or the refusal's) goes to `reply`. Asked before the connection is up, it is sent
    // when it is. False, and nothing sent, when kMaxAsked wait already or kMaxAskedPerSecond
    // were asked in the last second: strangers' questions must never get this connection
    // closed for flooding.
    bool ask(const std::string& command, std::function<void(const std::string&)> reply);
    static constexpr std::size_t kMaxAsked = 16;
    static constexpr std::size_t kMaxAskedPerSecond = 8;  // the server allows 20 (README)
    void post_board();  // the river picture, now
    // The table's host (a server name), while the view shows one.
    std::string host() const;
    // The channel has no table any more (its host closed it): stop following it.
    void forget_table();
    // Whom the table waits for, in a line: the seats still to choose a card, or the seat
    // whose turn it is; empty without a game.
    std::string who_line() const;
    // A server message, as if it had arrived on the connection (the fuzz target's way in).
    void receive(const nlohmann::json& message);
    // The server connection ended (not by close()): the hooks' closed() hears why, once.
    void connection_ended(const std::string& why);

  private:
    void on_message(const nlohmann::json& m);
    void post_picture();
    std::string event_line(const nlohmann::json& event) const;

    boost::asio::io_context& io_;
    ServerAddress server_;
    std::string lang_;
    Hooks hooks_;
    std::shared_ptr<client::GameClient> client_;
    std::optional<long> table_;
    bool welcomed_ = false;
    bool closed_ = false;
    // Who waits for the table list: one /tables in flight answers them all.
    std::deque<std::function<void(const std::string&)>> tables_asked_;
    bool tables_in_flight_ = false;
    // Who waits for the answer to an ask(), in the order asked (the server answers in order);
    // when the last ones were asked.
    struct Question {
        std::string command;
        std::function<void(const std::string&)> reply;
        bool sent = false;
    };
    std::deque<Question> asked_;
    std::deque<std::chrono::steady_clock::time_point> asked_at_;
    bool over_ = false;  // the watched game ended (the view's table part may say otherwise)
    bool started_ = false;  // its game started (the view's table part may not say so yet)
    long last_round_ = 0;
    bool picture_pending_ = false;  // draw once the start's snapshot has arrived
    int lang_answers_due_ = 0;      // answers to our /lang, skipped
};

}  // namespace niagara::bridge
