// A table: a room that owns one engine state. Every public method only posts work onto the
// table's executor (a strand, or the io_context itself when one thread runs it:
// serial_executor.hpp), so all of a table's work is serialised and no lock guards the game.
// Every accepted action is committed to the store before anything about it is sent.
//
// The class is defined in parts, one role each: table.cpp (the executor, messages, who is
// here, closing, restoring), table_seating.cpp (joining, leaving, resuming, bots' seats),
// table_game.cpp (the start, actions, turn timers, the end), table_views.cpp (views, patches,
// prompts, the lobby's summary) and table_bots.cpp (bots' decisions, thought out on the
// BotPool and applied here only while they still hold).
#pragma once

#include <spdlog/spdlog.h>
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "action_log.hpp"
#include "bot_pool.hpp"
#include "config.hpp"
#include "connection.hpp"
#include "metrics.hpp"
#include "niagara/bot.hpp"
#include "niagara/game.hpp"
#include "niagara/protocol/client_message.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/random_bot.hpp"
#include "niagara/record.hpp"
#include "rating_book.hpp"
#include "server_texts.hpp"
#include "store.hpp"
#include "table_log.hpp"
#include "view_patcher.hpp"

namespace niagara::server {

namespace net = boost::asio;
using Json = nlohmann::json;

// What a table needs from the server around it.
struct TableServices {
    const Config& config;
    Store& store;
    ActionLog& actions;  // accepted actions, committed in groups
    Metrics& metrics;
    BotPool& bots;  // where bots think, off the tables' and connections' threads
    RatingBook& ratings;  // where a finished game is stored, rated if it is
    // Seat tokens live in the lobby so that /resume finds the table.
    std::function<void(const std::string& token, long table, int seat)> register_token;
    std::function<void(const std::string& token)> forget_token;
    std::function<void(long table)> finished;  // the game ended: the lobby forgets the table
    std::function<void()> summary_changed;     // the table list is out of date
};

class Table : public std::enable_shared_from_this<Table> {
  public:
    enum class Phase { Waiting, Playing, Over };

    // `owner`: whose share of the bot pool the table's bots think on (BotPool::Request::address):
    // the address key of the connection that opened it, or a key of its own.
    Table(net::io_context& io, TableServices services, long id, protocol::TableOptions options,
          std::string host, std::string owner);
    ~Table();

    long id() const { return id_; }

    // Rebuilds a stored table (before the server accepts connections).
    void restore(const StoredTable& stored);

    // From any thread: each posts onto the executor and answers the sender there.
    void join(std::shared_ptr<Connection> c, std::optional<int> seat);
    void watch(std::shared_ptr<Connection> c);
    void leave(std::shared_ptr<Connection> c);
    // Re-checked on the table's executor: the seat that holds `token` now (a /start may have
    // moved it, a /leave freed it), or a bad_token error.
    void resume(std::shared_ptr<Connection> c, std::string token);
    void start(std::shared_ptr<Connection> c);
    // A bot of `level` (absent: the table's level) into the first free seat.
    void add_bot(std::shared_ptr<Connection> c, std::optional<BotLevel> level);
    void say(std::shared_ptr<Connection> c, std::string text);
    void act(std::shared_ptr<Connection> c, protocol::command::Act message);
    void sync(std::shared_ptr<Connection> c);
    // /who: the seats (free, a bot, away) and who watches, to `c` alone.
    void who(std::shared_ptr<Connection> c);
    // Gives the game up for good (table_concede.cpp): the table's bot plays the seat to the end,
    // its token opens it no more, and the player stays to watch. When every person seated at
    // the game has conceded, the game ends with no winner (R9.4).
    void concede(std::shared_ptr<Connection> c);
    // /hint: what the strong bot would do in the sender's place, thought on the bot pool from
    // the seat's own view and told to the sender alone; only in a game against bots that is
    // not rated (table_hints.cpp).
    void hint(std::shared_ptr<Connection> c);
    void disconnected(std::shared_ptr<Connection> c);

    // A summary for /tables; safe from any thread.
    Json summary() const;
    Phase phase() const;
    // Waiting for players, with a free seat and someone online to start it: where /join with
    // no number sends a newcomer. Safe from any thread.
    bool joinable() const;

    // "Play again" (/again): what a new table needs to repeat the finished game (its options,
    // its bots' levels) and who played it; nullopt before the end. Safe from any thread.
    struct Rematch {
        protocol::TableOptions options;
        std::vector<BotLevel> bots;
        // The connections that played the people's seats, those still connected at the end:
        // only they may ask (/again), never whoever takes a player's name after they left.
        std::vector<std::weak_ptr<Connection>> present;
        long next = 0;  // the table someone opened to play again (the lobby's), or 0
        bool played_by(const std::shared_ptr<Connection>& c) const;
    };
    std::optional<Rematch> rematch() const;

  private:
    struct Seat {
        bool taken = false;
        std::string name;
        std::string token;
        bool bot = false;                   // an /addbot seat: always played by the server
        BotLevel level = BotLevel::Random;  // ... at this level
        bool autoplay = false;              // a player's seat played by the server until he returns
        bool host = false;  // starts the game and adds bots (whatever the name becomes)
        int timeouts = 0;   // turn timeouts in a row
        std::weak_ptr<Connection> conn;
        bool has_view = false;  // the connection holds the view at version_: patches apply
        std::optional<std::vector<Action>> prompted;  // last prompted, while still to decide
        long decided_at = -1;  // the version_ at which `prompted` was last found still open
        // The turn clock: runs from the moment this seat's decision began, whatever the others
        // do meanwhile (each of its own actions starts the next decision's clock).
        std::optional<std::chrono::steady_clock::time_point> deadline;
        long left_by = 0;       // the connection that /left the game: it may /join the seat again
        bool conceded = false;  // its player gave the game up: a bot plays it, nobody returns
        std::weak_ptr<Connection> conceder;  // ... from this connection, which watches on
        bool needs_history = false;  // its next snapshot brings the table's recent lines
        long account = 0;  // the registered player who took it (0: a guest or a bot): rated
    };
    struct Spectator {
        std::weak_ptr<Connection> conn;
        bool has_view = false;
        bool needs_history = true;
    };

    // Strand-only helpers.
    template <typename F>
    void post(F&& f);  // onto the executor, then run_or_hold
    // Runs `work` now, or holds it while an accepted action is being stored: nothing else
    // happens at the table until the action is committed and published.
    void run_or_hold(std::function<void()> work);
    void run_held();
    void send_to(const std::shared_ptr<Connection>& c, const Json& message);
    void send_error(const std::shared_ptr<Connection>& c, const std::string& code,
                    const Reason& why);
    void broadcast(const Json& message);  // every seat and spectator
    int seat_of(const std::shared_ptr<Connection>& c) const;
    bool is_host(const std::shared_ptr<Connection>& c) const;
    std::string host_name() const;
    int seat_count() const;
    bool online(int seat) const;
    // What the table part of the views says (names, presence, phase), compared before any
    // JSON is built: most changes are game moves that leave it as it was.
    struct SeatFacts {
        bool taken = false;
        std::string name;
        bool bot = false, online = false, autoplay = false, conceded = false;
        std::optional<BotLevel> level;  // who plays it, when the server does (or may)
        bool operator==(const SeatFacts&) const = default;
    };
    struct Facts {
        Phase phase = Phase::Waiting;
        std::string host;
        std::vector<SeatFacts> seats;
        long spectators = 0;
        bool hints = false;  // the players may ask for hints (hints_allowed, while playing)
        bool operator==(const Facts&) const = default;
    };
    Facts facts() const;
    Json table_view(const Facts& facts) const;
    // What a change brings besides the new version.
    struct Change {
        const protocol::GameEvent* event = nullptr;  // the decision that made it
        int chooser = -1;                            // the seat that chose a card (or -1) ...
        std::string card;                            // ... and its card, for that seat alone
        bool snapshot_all = false;                   // the game starts: everyone gets a view
    };
    void publish(const Change& change);  // views or patches to everyone, at a new version
    void publish() { publish(Change{}); }
    void send_snapshot(const std::shared_ptr<Connection>& c, int seat);
    std::optional<protocol::Decision> new_decision(int seat);
    std::vector<std::string> names() const;  // by seat
    void after_change();                     // prompts, bots, timers, the end
    bool apply_action(int seat, const Action& action, const std::string& cause);
    // Bots (table_bots.cpp).
    BotLevel bot_level() const;  // the table's: /addbot's default and every stand-in's
    void schedule_bots();        // the next bot or autoplayed seat to act, after the delay
    // Hands the seat's decision to the pool; `timeout`: a stand-in move for a late player.
    void think(int seat, bool timeout);
    void on_bot_answer(int seat, long ticket, std::optional<Action> action,
                       const std::string& error);
    void stop_thinking(int seat);  // its pending answer, if any, will be dropped
    std::shared_ptr<Bot> bot_for(int seat);
    // A bot's seed (table_bots.cpp): the system's entropy, or with --bot-seed one that repeats,
    // told apart by `salt` (a seat, a hint's ticket).
    static std::uint64_t secret_seed(std::uint64_t bot_seed, std::uint64_t salt);
    void arm_turn_timer();  // starts the clocks of decisions that began, wakes at the first end
    void on_turn_timeout();
    Json clocks() const;  // the running clocks as a timer message (null when none runs)
    void send_clocks(const std::shared_ptr<Connection>& c);
    // Takes `seat` for `c` (a /resume with its token, or its player's /join after /leave).
    void reseat(const std::shared_ptr<Connection>& c, int seat, bool with_token);
    // The table's recent lines (--table-history): what every viewer was sent, never a seat's
    // secret, so that whoever comes (back) sees what happened. remember() keeps an info or chat
    // line in memory only; the game's lines are made from the record (TableLog).
    void remember(const Json& entry);
    // An info or chat line remembered and stored (it survives a restart); false, with `c`
    // told, when the store refused it.
    bool keep_line(Json line, const std::shared_ptr<Connection>& c);
    void tell(const Json& message);  // broadcast, and kept as an info line
    void tell_ratings(const std::vector<RatedPlace>& rated);
    void restore_lines(const StoredTable& stored);
    void arm_grace_timer(int seat);
    void finish();
    void refresh_views();  // the views and the lobby's summary, from the table as it is now
    void update_summary(Json table_part);
    std::string new_token();
    // Runs a write to the store; on failure counts it, tells `c` (if any) and returns false.
    template <typename F>
    bool try_store(const std::shared_ptr<Connection>& c, F&& write);
    bool human_online() const;  // a seated player (not a bot) is connected
    bool someone_here() const;  // ... or a spectator
    void check_idle();          // arms or stops the idle timer (--idle-table-seconds)
    void close_idle();          // nobody came back: the table closes
    void pass_host(int from);   // the host's role to the next connected player
    void free_seat(int seat);   // before the start: the seat is nobody's again
    void stop_play();           // over: timers stopped, tokens forgotten, thinking voided
    // Why `name` (or this connection) may not take a seat back: its player conceded it.
    std::optional<Reason> conceded_by(const std::string& name) const;
    Json conceded_seats() const;  // the seats whose players conceded, for the result and record
    // Hints (table_hints.cpp): given at a table with a bot whose game is not rated.
    bool hints_allowed() const;
    bool rated() const;  // a registered player sits at it and it is not "unrated"
    void on_hint(const std::shared_ptr<Connection>& c, int seat, long ticket, long version,
                 const std::vector<Action>& legal, const std::optional<Action>& action);

    net::any_io_executor executor_;  // serialises the table's work (serial_executor)
    TableServices services_;
    const long id_;
    const protocol::TableOptions options_;
    std::string host_;
    const std::string owner_;  // the bot pool's share this table's bots think on

    Phase phase_ = Phase::Waiting;
    std::vector<Seat> seats_;
    std::vector<Spectator> spectators_;
    std::optional<State> state_;
    Record record_;
    long version_ = 0;
    ViewPatcher views_;                 // every viewer's view at version_, and the patches to it
    std::optional<Facts> shown_facts_;  // what the views' table part says now
    bool storing_ = false;              // an accepted action waits for its commit
    std::deque<std::function<void()>> held_;  // what the table was asked meanwhile, in order

    // A decision the pool is thinking about for a seat. The answer is applied only if the
    // seat still has the same decision to take and nothing voided it (a resume, the end).
    struct Thinking {
        long ticket = 0;                                   // which request the answer belongs to
        long version = 0;                                  // version_ when asked
        std::vector<Action> legal;                         // what the seat could do when asked
        bool timeout = false;                              // a turn timeout's stand-in move
        std::chrono::steady_clock::time_point not_before;  // the pace: --bot-delay-ms
        bool voided = false;                        // its player came back, or the table ended
        std::shared_ptr<std::atomic<bool>> cancel;  // tells the search to stop early
    };
    std::vector<std::shared_ptr<Bot>> bots_;         // by seat, made when first needed
    std::vector<std::optional<Thinking>> thinking_;  // by seat: one decision at a time each
    std::vector<long> hints_;  // by seat: the ticket of the hint being thought, or 0 (one at a time)
    std::unique_ptr<RandomBot> fallback_;            // when a bot fails: a legal move all the same
    long tickets_ = 0;
    bool bot_pending_ = false;     // a bot or autoplay seat's decision is thought or paced
    net::steady_timer bot_timer_;  // paces the bots' answers
    net::steady_timer turn_timer_;
    std::vector<std::unique_ptr<net::steady_timer>> grace_timers_;
    net::steady_timer idle_timer_;
    bool idle_armed_ = false;
    TableLog lines_;  // the recent lines whoever comes is sent (table_log.hpp)
    // The number of actions whose lines everyone has seen (an action waiting for its commit
    // has told nothing yet): where a line told now stands in the game.
    long actions_told() const { return long(record_.actions.size()) - (storing_ ? 1 : 0); }

    mutable std::mutex summary_mutex_;  // guards summary_ and phase_copy_ (read by the lobby)
    Json summary_;
    Phase phase_copy_ = Phase::Waiting;
    bool joinable_ = false;
    std::optional<Rematch> rematch_;  // set when the game ends
};

template <typename F>
void Table::post(F&& f) {
    net::post(executor_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
        self->run_or_hold(std::move(f));
    });
}

template <typename F>
bool Table::try_store(const std::shared_ptr<Connection>& c, F&& write) {
    try {
        write();
        return true;
    } catch (const std::exception& e) {
        services_.metrics.storage_errors.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("table {}: storage failed: {}", id_, e.what());
        if (c) send_error(c, "storage_error", {"server.storage.write"});
        return false;
    }
}

// "seat 3" for the 0-based seat 2.
inline std::string seat_text(int seat) {
    return "seat " + std::to_string(seat + 1);
}

}  // namespace niagara::server
