// The shared state of the server: connections, tables and seat tokens. Routes every client
// message: lobby commands here, table commands to the table's strand.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "accounts.hpp"
#include "action_log.hpp"
#include "bot_pool.hpp"
#include "byte_budget.hpp"
#include "config.hpp"
#include "connection.hpp"
#include "localized_frame.hpp"
#include "metrics.hpp"
#include "replay_builder.hpp"
#include "replay_route.hpp"
#include "server_texts.hpp"
#include "chat_links.hpp"
#include "sessions.hpp"
#include "store.hpp"
#include "table.hpp"

namespace niagara::server {

namespace command = protocol::command;

class Lobby {
  public:
    Lobby(net::io_context& io, const Config& config, Store& store, Metrics& metrics);

    void restore();  // every unfinished table from the store; call before serving

    // A new WebSocket from `address`: nullopt when admitted (release() it when it is gone), or
    // why it is refused (a connection limit).
    std::optional<Reason> admit(const std::string& address);
    void release(const std::string& address);

    void connected(const std::shared_ptr<Connection>& c);
    void disconnected(const std::shared_ptr<Connection>& c);
    void received(const std::shared_ptr<Connection>& c, std::string_view frame);
    void close_all();  // shutdown: every client is told the server is going away

    std::string metrics_text() const;
    Metrics& metrics() { return metrics_; }
    std::optional<std::string> game_record(long table) const;
    // GET /games/<id>/replay (replay_route.hpp): `done` gets the answer, at once from the cache
    // of recent replays (or a 503 when --max-replay-builds requests already wait), else later
    // on the replay builder's thread, where it must only hand it on.
    // `address`: the client's, for its share of the replay builder
    // (--max-replay-builds-per-address). `needs_json`: the answer must carry the JSON text (a
    // GET without gzip), which the cache does not keep: it comes from the builder's thread.
    void game_replay(long table, const std::string& address, bool needs_json,
                     std::function<void(const ReplayAnswer&)> done);
    std::optional<std::string> recent_games();  // GET /games (replay_route.hpp); nullopt: failed
    // GET /api/players/<name> and /api/leaderboard/<variant> (README, "Ratings"): the HTTP
    // status and the body (JSON when 200, else a line of text).
    std::pair<int, std::string> player_json(const std::string& name);
    std::pair<int, std::string> leaderboard_json(const std::string& variant);
    // Browser sessions (sessions.hpp): a connection whose upgrade carried a session cookie is
    // logged in to its account (as a /login would); POST /session?grant= trades a grant for a
    // session's token (nullopt: no such grant; throws StoreError); DELETE /session ends one.
    void open_session(const std::shared_ptr<Connection>& c, const std::string& token);
    std::optional<std::string> redeem_session(const std::string& grant);
    void end_session(const std::string& token);
    // What the replay answers being written may hold (--replay-bytes-in-flight): a session
    // takes a replay's bytes before it writes it and holds them until the write ends.
    ByteBudget& replay_bytes_in_flight() { return replay_bytes_in_flight_; }

  private:
    // Who opened a table, for the limits on tables per connection and per address.
    struct Opener {
        long connection = 0;
        std::string address;
    };
    void reply(const std::shared_ptr<Connection>& c, const Json& message);
    void fail(const std::shared_ptr<Connection>& c, const std::string& code, const Reason& why);
    // What each command asks (protocol::command; one overload each, so a command without a
    // handler does not compile), from `c`, at `table` (null: in the lobby). /lang sets the
    // connection's language, answered with lang_set; a bad value changes nothing.
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Help& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Resume& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Name& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Tables& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::New& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Join& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Watch& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Leave& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Start& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::AddBot& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Say& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Act& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Sync& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Again& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Concede& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Hint& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Lang& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Who& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Register& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Login& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Logout& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Password& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Unregister& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Rating& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Top& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Link& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::LinkKey& m);
    void handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                command::Unlink& m);
    // `c` is logged out to its guest-N name, and told so with the account's `event`
    // ("logged_out", "unlinked").
    void become_guest(const std::shared_ptr<Connection>& c, std::string_view event);
    // /link CODE from `c`, logged in: the connection that asked for the code gets its key.
    void redeem_link_code(const std::shared_ptr<Connection>& c, const std::string& code);
    // A table command: `then(table)`, or refused outside a table (a template, so that the
    // actions' handler pays no indirect call).
    template <class Then>
    void need_table(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                    Then&& then);
    // A table command that takes nothing but the sender.
    void need_table(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                    void (Table::*then)(std::shared_ptr<Connection>));
    std::shared_ptr<Table> find(long id) const;
    // Opens a table for `c`, or answers why not (a limit, the store) and returns null.
    std::shared_ptr<Table> create(const std::shared_ptr<Connection>& c,
                                  protocol::TableOptions options);
    std::optional<Reason> take_name(const std::shared_ptr<Connection>& c, const std::string& name);
    void send_tables(const std::shared_ptr<Connection>& c);
    // The list as it is now, in `lang`: built once per change, and once per language.
    std::shared_ptr<const std::string> tables_frame(std::string_view lang);
    void push_tables();  // to the lobby's subscribers, when the list changed (a timer's tick)
    void arm_push_timer();
    bool allow_lobby_chat();
    void move_to(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& next);
    void lobby_chat(const std::shared_ptr<Connection>& c, const std::string& text);
    void again(const std::shared_ptr<Connection>& c, long old);
    TableServices services();

    net::io_context& io_;
    const Config& config_;
    Store& store_;
    ActionLog actions_;  // the tables' accepted actions, committed in groups
    Metrics& metrics_;

    mutable std::mutex mutex_;  // guards the maps below; never held while sending
    std::map<long, std::shared_ptr<Table>> tables_;
    std::map<long, Opener> openers_;
    std::map<long, Table::Rematch> rematches_;  // finished games, by table, for /again
    // Chosen names in use, under each of their keys (protocol::name_keys: letter case and
    // confusable letters folded away): who holds it, and the name as they wrote it.
    struct NameHolder {
        long id = 0;
        std::string name;
    };
    std::unordered_map<std::string, NameHolder> names_;
    void forget_name(long id, const std::string& name);  // under mutex_
    std::unordered_map<std::string, int> per_address_;  // admitted connections, by address
    int admitted_ = 0;
    double chat_tokens_ = 0;  // the lobby chat's shared bucket (--lobby-chat-rate)
    std::chrono::steady_clock::time_point chat_refilled_{};

    // The table list: every table's summary change bumps the generation; the frame is built
    // again only when asked for after a change, and pushed at most once per tick.
    std::atomic<long> tables_generation_{0};
    std::mutex tables_frame_mutex_;
    long tables_frame_generation_ = -1;
    std::optional<LocalizedFrame> tables_frame_;
    long pushed_generation_ = 0;
    net::steady_timer push_timer_;
    std::unordered_map<std::string, std::pair<long, int>> tokens_;
    std::map<long, std::weak_ptr<Connection>> connections_;
    RatingBook ratings_;   // the registered players' ratings (a finished game is stored there)
    Sessions sessions_;    // browsers' kept logins (before accounts_: its thread calls in here)
    ChatLinks chat_links_;  // chat identities that play as accounts (likewise)
    ReplayCache replays_;  // recent replays of finished games (gzipped), by bytes
    ByteBudget replay_bytes_in_flight_;
    ReplayAnswer build_replay_answer(long table);  // on the replay builder's thread
    // After what its builds use (the cache, the store, the metrics): stopped before they go.
    ReplayBuilder replay_builder_;
    // Last: its threads stop, and its pending decisions go, before anything they refer to.
    BotPool bots_;
    // Registered names; its thread checks passwords and answers through reply() and fail():
    // it stops first.
    Accounts accounts_;
    // Gives `c` the name of `account`, which it just logged in to: from another connection
    // logged in to it in the lobby (which becomes a guest again and is told), or refused
    // (false, answered) when that one is at a table.
    bool take_account_name(const std::shared_ptr<Connection>& c, const std::string& account);
    // The answer to an account's command: `event` (msg::account) when it is done, else why
    // not; `failed` says a wrong password (a login says "wrong name or password").
    void answer_account(const std::shared_ptr<Connection>& c, Accounts::Outcome o,
                        std::string_view event, const std::string& account,
                        const char* failed = "server.account.wrong_password");
};

}  // namespace niagara::server
