// One chat user's connection to the game server: an ordinary WebSocket client (GameClient),
// so the server's authority, rate limits, seat tokens and secrecy apply to each person
// exactly as in the browser. It names itself after the user, resumes the user's seat when it
// has a token, forwards the user's commands, and turns what the server says to this
// connection into short lines for the user: privately the hand, the card chosen and the
// prompts; the replies (errors, table lists) to wherever the command came from. It never
// relays table events: the channel's relay (channel_relay.hpp) posts those once per channel,
// from a spectator's view, so nothing a seat alone may see can reach a channel through here.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bridge_state.hpp"
#include "niagara/client/game_client.hpp"
#include "server_connection.hpp"

namespace niagara::bridge {

// Where a command came from, so that its answer goes back there.
enum class Origin { Channel, PrivateChat };

class PlayerLink : public std::enable_shared_from_this<PlayerLink> {
  public:
    struct Hooks {
        // A line for the user alone.
        std::function<void(const std::string&)> tell;
        // An answer to a command the user gave in the channel ("alice: " is added there).
        std::function<void(const std::string&)> answer_in_channel;
        // The user has a seat (sat down, or `resumed` it): the bridge remembers the token.
        std::function<void(const SeatMemory&, const std::string& server_name, bool resumed)>
            seated;
        // It is the user's turn (a decision of phase II, not the simultaneous card choice).
        std::function<void(long table)> your_turn;
        // The seat is gone (left before the start, table closed, token refused, game over).
        std::function<void()> seat_gone;
        // The user opened a table (they are its host and seated).
        std::function<void(long table, const nlohmann::json& options)> table_created;
        // The connection ended (the server went away, or it was closed).
        std::function<void(const std::string& why)> closed;
        // The user's code was entered on the page by `name`'s owner: `key` logs the user's
        // connections in to that account from now on (kept by the bridge, never shown). False:
        // the bridge refuses it (the chat identity that asked is no longer the user's), and
        // this connection does not use it either.
        std::function<bool(const std::string& name, const std::string& key)> linked;
        // The server refused the link's key: the link has ended (forget it).
        std::function<void()> link_ended;
    };

    // `names`: the server names to try, in order (the first free one is taken); `resume`:
    // a seat to take back first; `lang`: the user's language (en, fr, cs, de); `link_key`:
    // a linked account's key, which logs the connection in to it first (/linkkey), or empty.
    PlayerLink(boost::asio::io_context& io, ServerAddress server, std::vector<std::string> names,
               std::optional<SeatMemory> resume, std::string lang, Hooks hooks,
               std::string link_key = {});

    void start();
    void close();
    // A frame in the server's chat-style text ("/join 3", "/canoe 1 up 3"); queued until the
    // connection is named (or has its seat back).
    void send(const std::string& frame, Origin origin);
    // The pending decision's prompt told again (after the chat network was away, what the
    // user answered meanwhile never arrived); nothing when no decision is pending.
    void repeat_prompt();
    // When the user last sent something through here, or sat down.
    std::chrono::steady_clock::time_point last_used() const { return last_used_; }
    // How long before a turn timer runs out the user is warned (0: never).
    void set_timer_warning(std::chrono::milliseconds before) { warn_before_ = before; }
    // A server message, as if it had arrived on the connection (the fuzz target's way in).
    void receive(const nlohmann::json& message);
    // The server connection ended (not by close()): the hooks' closed() hears why, once.
    void connection_ended(const std::string& why);
    // The user's language: every line from here on is in it, and the server is told (/lang),
    // so that its own texts to this connection are too.
    void set_lang(const std::string& lang);
    const std::string& lang() const { return lang_; }

    // Answers to `hand` and `moves`, from this connection's own view (private).
    std::string hand_line() const;
    std::vector<std::string> moves_lines() const;
    const nlohmann::json& view() const;
    bool has_prompt() const { return !prompt_.is_null(); }
    const std::string& server_name() const { return server_name_; }
    // Logged in to a linked account by its key (what /unlink from here would end).
    bool logged_in_by_key() const { return by_key_; }
    // A link code given here is still to be entered on the page: the connection must stay
    // open for it (the server forgets a code with its connection).
    bool waiting_for_code() const { return std::chrono::steady_clock::now() < code_expires_; }
    std::optional<long> table() const;

  private:
    void on_message(const nlohmann::json& m);
    void on_timer(const nlohmann::json& m);
    void on_error(const nlohmann::json& m);
    void ready();
    void answer(const std::string& text);
    void tell_prompt(const nlohmann::json& prompt);
    void send_lang();
    // After the welcome (and the key's login, if any): the seat back, or a name.
    void resume_or_name();
    void present_key(const std::string& key);  // /linkkey KEY, its answer awaited

    boost::asio::io_context& io_;
    ServerAddress server_;
    std::vector<std::string> names_;
    std::size_t name_tried_ = 0;
    std::optional<SeatMemory> resume_;
    Hooks hooks_;
    std::shared_ptr<client::GameClient> client_;

    enum class Stage { Connecting, Linking, Resuming, Naming, Ready, Closed } stage_ = Stage::Connecting;
    std::deque<std::pair<std::string, Origin>> waiting_;  // commands before `ready`
    Origin last_origin_ = Origin::PrivateChat;
    bool tables_asked_ = false;  // relay one `tables` answer per /tables, never the pushes
    nlohmann::json prompt_;      // the decision the user owes now, or null
    std::string server_name_;
    std::optional<SeatMemory> seat_;
    std::string lang_;
    bool welcomed_ = false;
    std::string welcome_;  // "You sit at table #3, seat 2...", told with the next view
    std::chrono::steady_clock::time_point last_used_ = std::chrono::steady_clock::now();
    std::chrono::milliseconds warn_before_{15000};
    std::shared_ptr<boost::asio::steady_timer> warning_;
    // Answers to our /lang still to come: skipped (an error too, from a server without /lang),
    // so that they are neither relayed nor taken for the answer to /name or /resume.
    int lang_answers_due_ = 0;
    // The linked account's key: presented at the welcome, or (a link made while connected, or
    // the name taken back by another login) before the next command while no seat is held.
    std::string link_key_;
    bool key_due_ = false;  // present link_key_ before the next command
    bool key_sent_ = false;  // its answer is awaited
    bool by_key_ = false;
    std::chrono::steady_clock::time_point code_expires_{};
};

}  // namespace niagara::bridge
