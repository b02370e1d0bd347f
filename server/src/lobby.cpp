#include "lobby.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <unordered_set>

#include "gzip.hpp"
#include "niagara/ascii.hpp"
#include "niagara/i18n/i18n.hpp"
#include "niagara/protocol/names.hpp"
#include "niagara/protocol/server_message.hpp"
#include "niagara/protocol/text.hpp"

namespace niagara::server {

namespace msg = protocol;

namespace {

constexpr std::size_t kTablesShown = 50;  // tables in one list: the ones to join first
constexpr auto kPushInterval = std::chrono::seconds(1);  // table list pushes, at most
constexpr std::size_t kRematchesKept = 1000;             // finished games one can still /again

// The bot pool's share of a table restored at start, whose opener is not known in this run: one
// of its own (a space never appears in an address key, so no address can share it).
std::string restored_owner(long table) {
    return "restored table " + std::to_string(table);
}

using ascii::lower;

// Names that would let a player pass for the server, a bot or another guest: a guest may keep
// its own "guest-N".
bool reserved_name(const std::string& name, long own_id) {
    return protocol::is_reserved_name(name) && lower(name) != "guest-" + std::to_string(own_id);
}

}  // namespace

Lobby::Lobby(net::io_context& io, const Config& config, Store& store, Metrics& metrics)
    : io_(io),
      config_(config),
      store_(store),
      actions_(io, store, std::chrono::microseconds(config.commit_window_us)),
      metrics_(metrics),
      chat_tokens_(2 * config.lobby_chat_rate),
      chat_refilled_(std::chrono::steady_clock::now()),
      push_timer_(io),
      ratings_(store, metrics),
      sessions_(store, metrics),
      chat_links_(store),
      replays_(config.replay_cache_bytes),
      replay_bytes_in_flight_(config.replay_bytes_in_flight, metrics.replay_bytes_in_flight),
      replay_builder_(std::size_t(config.max_replay_builds),
                      std::size_t(config.max_replay_builds_per_address), metrics.replay_queue),
      bots_(config.bot_threads, metrics),
      accounts_(store, metrics, [&] {
          AccountSettings settings;
          settings.hash_ops = config.password_hash_ops;
          settings.hash_bytes = config.password_hash_bytes;
          return settings;
      }()) {
    arm_push_timer();
}

TableServices Lobby::services() {
    return TableServices{config_,
                         store_,
                         actions_,
                         metrics_,
                         bots_,
                         ratings_,
                         [this](const std::string& token, long table, int seat) {
                             std::lock_guard lock(mutex_);
                             tokens_[token] = {table, seat};
                         },
                         [this](const std::string& token) {
                             std::lock_guard lock(mutex_);
                             tokens_.erase(token);
                         },
                         [this](long table) {
                             {
                                 std::lock_guard lock(mutex_);
                                 // Its players may play again (/again): the table goes, its
                                 // options, bots and players stay, for the latest games only.
                                 if (auto it = tables_.find(table); it != tables_.end())
                                     if (auto plan = it->second->rematch())
                                         rematches_[table] = std::move(*plan);
                                 while (rematches_.size() > kRematchesKept)
                                     rematches_.erase(rematches_.begin());
                                 tables_.erase(table);  // its record stays in the store
                                 openers_.erase(table);
                             }
                             tables_generation_.fetch_add(1);
                         },
                         [this] { tables_generation_.fetch_add(1); }};
}

void Lobby::restore() {
    // A table whose row cannot be read (options, seats, game options or actions that do not
    // parse, or do not replay) is left out with one line in the log, and left in the database
    // as it is: one damaged row must not keep the server, and every other table, from starting.
    std::unordered_set<std::string> tokens;  // a token opens one seat, of one table
    long restored = 0, skipped = 0;
    for (const StoredTable& stored : store_.unfinished_tables()) {
        std::shared_ptr<Table> table;
        try {
            protocol::TableOptions options;
            if (auto problem =
                    protocol::table_options_from_json(Json::parse(stored.options_json), options))
                throw std::runtime_error("its options are unusable (" + *problem + ")");
            const int seats = stored.started
                                  ? options_from_json(Json::parse(stored.game_options_json)).players
                                  : options.game.players;
            for (const StoredSeat& seat : stored.seats) {
                if (seat.seat < 0 || seat.seat >= seats)
                    throw std::runtime_error("seat " + std::to_string(seat.seat) +
                                             " is not one of its " + std::to_string(seats));
                if (seat.token.empty() || !tokens.insert(seat.token).second)
                    throw std::runtime_error("the token of seat " + std::to_string(seat.seat) +
                                             " is empty or another seat's");
            }
            // Nobody opened it in this run: its bots think on a share of their own.
            table = std::make_shared<Table>(io_, services(), stored.id, options, stored.host,
                                            restored_owner(stored.id));
            table->restore(stored);
        } catch (const std::exception& e) {
            spdlog::error("table {}: cannot restore ({}); skipped, and left in the database",
                          stored.id, e.what());
            ++skipped;
            std::lock_guard lock(mutex_);
            std::erase_if(tokens_,
                          [&](const auto& entry) { return entry.second.first == stored.id; });
            continue;
        }
        std::lock_guard lock(mutex_);
        tables_[stored.id] = table;
        ++restored;
        spdlog::info("table {}: restored ({} actions)", stored.id, stored.actions.size());
    }
    if (skipped > 0) spdlog::error("{} tables restored, {} skipped", restored, skipped);
}

std::optional<Reason> Lobby::admit(const std::string& address) {
    std::lock_guard lock(mutex_);
    if (config_.max_connections > 0 && admitted_ >= config_.max_connections) {
        metrics_.refused(Limit::Connections);
        return Reason{"server.limit.connections", {{"max", id_arg(config_.max_connections)}}};
    }
    int& mine = per_address_[address];
    if (config_.max_connections_per_address > 0 && mine >= config_.max_connections_per_address) {
        if (mine == 0) per_address_.erase(address);
        metrics_.refused(Limit::ConnectionsPerAddress);
        return Reason{"server.limit.connections_per_address",
                      {{"max", id_arg(config_.max_connections_per_address)}}};
    }
    ++mine;
    ++admitted_;
    return std::nullopt;
}

void Lobby::release(const std::string& address) {
    std::lock_guard lock(mutex_);
    --admitted_;
    if (auto it = per_address_.find(address); it != per_address_.end() && --it->second <= 0)
        per_address_.erase(it);
}

void Lobby::connected(const std::shared_ptr<Connection>& c) {
    {
        std::lock_guard lock(mutex_);
        connections_[c->id()] = c;
    }
    metrics_.connections.fetch_add(1);
    metrics_.connections_total.fetch_add(1);
    reply(c, msg::welcome(c->id(), c->name()));
}

void Lobby::disconnected(const std::shared_ptr<Connection>& c) {
    {
        std::lock_guard lock(mutex_);
        connections_.erase(c->id());
        forget_name(c->id(), c->name());
    }
    chat_links_.forget_connection(c->id());
    metrics_.connections.fetch_sub(1);
    if (auto table = c->table()) table->disconnected(c);
}

void Lobby::reply(const std::shared_ptr<Connection>& c, const Json& message) {
    c->send(protocol::serialize(message));
    metrics_.messages_out.fetch_add(1, std::memory_order_relaxed);
}

void Lobby::fail(const std::shared_ptr<Connection>& c, const std::string& code, const Reason& why) {
    metrics_.errors.fetch_add(1, std::memory_order_relaxed);
    reply(c, refusal(code, why));
}

std::shared_ptr<Table> Lobby::find(long id) const {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Lobby::create(const std::shared_ptr<Connection>& c,
                                     protocol::TableOptions options) {
    // The bots' level is the table's from its opening: a later start with another --bot-level
    // does not change it.
    if (!options.bots) options.bots = config_.bot_level;
    std::optional<Limit> over;
    {
        std::lock_guard lock(mutex_);
        int mine = 0, here = 0;
        for (const auto& [id, opener] : openers_) {
            mine += opener.connection == c->id();
            here += opener.address == c->address();
        }
        if (config_.max_tables > 0 && int(tables_.size()) >= config_.max_tables)
            over = Limit::Tables;
        else if (config_.max_tables_per_address > 0 && here >= config_.max_tables_per_address)
            over = Limit::TablesPerAddress;
        else if (config_.max_tables_per_connection > 0 && mine >= config_.max_tables_per_connection)
            over = Limit::TablesPerConnection;
    }
    if (over) {
        metrics_.refused(*over);
        const Reason why = *over == Limit::Tables ? Reason{"server.limit.tables",
                                                           {{"max", id_arg(config_.max_tables)}}}
                           : *over == Limit::TablesPerAddress
                               ? Reason{"server.limit.tables_per_address",
                                        {{"max", id_arg(config_.max_tables_per_address)}}}
                               : Reason{"server.limit.tables_per_connection",
                                        {{"max", id_arg(config_.max_tables_per_connection)}}};
        fail(c, "too_many_tables", why);
        return nullptr;
    }
    long id = 0;
    try {
        id = store_.create_table(protocol::table_options_to_json(options).dump(), c->name());
    } catch (const std::exception& e) {
        metrics_.storage_errors.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("new table: storage failed: {}", e.what());
        fail(c, "storage_error", {"server.storage.table"});
        return nullptr;
    }
    // Its bots think on the opener's address's share of the bot pool, as the tables per
    // address count it: whoever opens many tables shares one turn among them.
    auto table = std::make_shared<Table>(io_, services(), id, options, c->name(), c->address());
    {
        std::lock_guard lock(mutex_);
        tables_[id] = table;
        openers_[id] = Opener{c->id(), c->address()};
    }
    tables_generation_.fetch_add(1);
    return table;
}

void Lobby::forget_name(long id, const std::string& name) {
    for (const std::string& key : protocol::name_keys(name))
        if (auto it = names_.find(key); it != names_.end() && it->second.id == id) names_.erase(it);
}

// Takes `name` for `c` (and lets its old one go), or says why not: nobody else here may hold
// it, in any letter case, or a name that looks like it (protocol/names.hpp). The index of
// names in use makes this two look-ups, however many are connected.
std::optional<Reason> Lobby::take_name(const std::shared_ptr<Connection>& c,
                                       const std::string& name) {
    if (reserved_name(name, c->id())) return Reason{"server.lobby.name_reserved", {{"name", name}}};
    if (const std::string account = c->account(); !account.empty())
        return Reason{"server.account.logged_in", {{"name", account}}};
    const auto keys = protocol::name_keys(name);
    // A registered name (or one like it) is its account's: /login takes it.
    if (auto owner = accounts_.holder(keys))
        return Reason{"server.lobby.name_registered", {{"name", *owner}}};
    {
        std::lock_guard lock(mutex_);
        for (const std::string& key : keys) {
            const auto it = names_.find(key);
            if (it == names_.end() || it->second.id == c->id()) continue;
            if (protocol::same_name(it->second.name, name))
                return Reason{"server.lobby.name_in_use", {{"name", name}}};
            return Reason{"server.lobby.name_alike", {{"name", name}, {"other", it->second.name}}};
        }
        forget_name(c->id(), c->name());
        for (const std::string& key : keys)
            names_[key] = NameHolder{c->id(), name};
    }
    c->set_name(name);
    return std::nullopt;
}

// ---- accounts (accounts.hpp): the password goes to the accounts' thread and no further

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Register& m) {
    if (table) return fail(c, "bad_command", {"server.account.at_table"});
    if (const std::string account = c->account(); !account.empty())
        return fail(c, "bad_command", {"server.account.logged_in", {{"name", account}}});
    const std::string name = c->name();
    if (name == "guest-" + std::to_string(c->id()))
        return fail(c, "bad_command", {"server.account.guest_name"});
    if (accounts_.holder(protocol::name_keys(name)))
        return fail(c, "name_taken", {"server.account.taken", {{"name", name}}});
    std::weak_ptr<Connection> weak = c;
    accounts_.register_name(name, std::move(m.password), [this, weak, name](Accounts::Outcome o) {
        auto c = weak.lock();
        if (!c) return;
        // Logged in to it, unless the connection took another name meanwhile.
        const bool in = o == Accounts::Outcome::Ok && c->name() == name;
        if (in) c->set_account(name, accounts_.id_of(name));
        answer_account(c, o, "registered", name);
        if (in) reply(c, msg::session_grant(sessions_.grant(c->account_id())));
    });
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Login& m) {
    if (table) return fail(c, "bad_command", {"server.account.at_table"});
    std::weak_ptr<Connection> weak = c;
    accounts_.log_in(m.name, std::move(m.password), c->address(),
                     [this, weak](Accounts::Outcome o, const std::string& account) {
                         auto c = weak.lock();
                         if (!c) return;
                         if (o != Accounts::Outcome::Ok)
                             return answer_account(c, o, "logged_in", account,
                                                   "server.account.failed");
                         if (c->table())  // sat down meanwhile
                             return fail(c, "bad_command", {"server.account.at_table"});
                         if (!take_account_name(c, account)) return;
                         // "name" too, which clients follow for their own name.
                         reply(c, msg::name_set(account));
                         reply(c, msg::account("logged_in", account));
                         reply(c, msg::session_grant(sessions_.grant(c->account_id())));
                     });
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Logout&) {
    if (c->account().empty()) return fail(c, "bad_command", {"server.account.not_logged_in"});
    if (table) return fail(c, "bad_command", {"server.account.at_table"});
    sessions_.end(c->session());  // a browser's kept login ends too
    c->set_session({});
    become_guest(c, "logged_out");
}

// A wrong password here counts against the account as a failed login does.
void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Password& m) {
    const std::string account = c->account();
    if (account.empty()) return fail(c, "bad_command", {"server.account.not_logged_in"});
    std::weak_ptr<Connection> weak = c;
    accounts_.change_password(account, std::move(m.old_password), std::move(m.new_password),
                              c->address(), [this, weak, account](Accounts::Outcome o) {
                                  auto c = weak.lock();
                                  if (o == Accounts::Outcome::Ok) {
                                      // Every kept login ends; this connection may keep a new one.
                                      const long id = accounts_.id_of(account);
                                      sessions_.end_all(id);
                                      chat_links_.end_all(id);  // chat identities link again
                                      if (c) c->set_session({});
                                      if (c) c->set_chat_link({});
                                      if (c) answer_account(c, o, "password_changed", account);
                                      if (c) reply(c, msg::session_grant(sessions_.grant(id)));
                                      return;
                                  }
                                  if (c) answer_account(c, o, "password_changed", account);
                              });
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Unregister& m) {
    const std::string account = c->account();
    if (account.empty()) return fail(c, "bad_command", {"server.account.not_logged_in"});
    std::weak_ptr<Connection> weak = c;
    const long id = c->account_id();
    accounts_.delete_account(account, std::move(m.password), c->address(),
                             [this, weak, account, id](Accounts::Outcome o) {
                                 if (o == Accounts::Outcome::Ok) {
                                     ratings_.forget(id);
                                     sessions_.end_all(id);
                                     chat_links_.end_all(id);
                                 }
                                 auto c = weak.lock();
                                 if (!c) return;
                                 // A guest again, under the same name, until another takes it.
                                 if (o == Accounts::Outcome::Ok) c->set_account("");
                                 answer_account(c, o, "deleted", account);
                             });
}

// ---- browser sessions (sessions.hpp)

void Lobby::open_session(const std::shared_ptr<Connection>& c, const std::string& token) {
    const long id = sessions_.account_of(token);
    const std::string name = id ? accounts_.name_of(id) : std::string();
    if (name.empty()) {
        // Ended, expired, or never one: a guest, as any new connection (the page hears so).
        metrics_.sessions_refused.fetch_add(1);
        return reply(c, msg::account("session_ended", c->name()));
    }
    if (!take_account_name(c, name)) return;  // its name is seated elsewhere (answered)
    c->set_session(token);
    metrics_.sessions_resumed.fetch_add(1);
    reply(c, msg::name_set(name));
    reply(c, msg::account("logged_in", name));
}

std::optional<std::string> Lobby::redeem_session(const std::string& grant) {
    auto token = sessions_.redeem(grant);
    if (!token) metrics_.sessions_refused.fetch_add(1);
    return token;
}

void Lobby::end_session(const std::string& token) {
    sessions_.end(token);
}

// ---- chat links (chat_links.hpp)

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Link& m) {
    if (!m.code.empty()) return redeem_link_code(c, m.code);
    // Asked over a chat user's connection (the bridge's): the code is for one that is no
    // account's yet.
    if (const std::string account = c->account(); !account.empty())
        return fail(c, "bad_command", {"server.account.logged_in", {{"name", account}}});
    metrics_.chat_link_codes.fetch_add(1);
    reply(c, msg::link_code(chat_links_.code_for(c->id()), long(ChatLinks::kCodeLife.count())));
}

void Lobby::redeem_link_code(const std::shared_ptr<Connection>& c, const std::string& code) {
    const std::string account = c->account();
    const long id = c->account_id();
    if (account.empty() || !id) return fail(c, "bad_command", {"server.link.not_logged_in"});
    const ChatLinks::Redemption r = chat_links_.redeem(code, c->address());
    if (r.outcome == ChatLinks::Redeemed::Limited) {
        metrics_.limited[std::size_t(Limit::LinkCodeFailures)].fetch_add(1);
        return fail(c, "rate_limited", {"server.link.limited"});
    }
    if (r.outcome != ChatLinks::Redeemed::Ok) {
        metrics_.chat_links_refused.fetch_add(1);
        return fail(c, "link_refused", {"server.link.unknown"});
    }
    std::shared_ptr<Connection> asker;
    {
        std::lock_guard lock(mutex_);
        if (auto it = connections_.find(r.connection); it != connections_.end())
            asker = it->second.lock();
    }
    // Gone, or logged in to an account meanwhile (a code makes a guest's connection an
    // account's, never one account's another's).
    if (!asker || asker == c || !asker->account().empty()) {
        metrics_.chat_links_refused.fetch_add(1);
        return fail(c, "link_refused", {"server.link.gone"});
    }
    std::string key;
    try {
        key = chat_links_.open(id);
    } catch (const StoreError& e) {
        metrics_.storage_errors.fetch_add(1);
        spdlog::error("cannot store a chat link: {}", e.what());
        return fail(c, "storage_error", {"server.link.storage"});
    }
    metrics_.chat_links_made.fetch_add(1);
    // The asking connection stays a guest until it presents the key (/linkkey): the bridge
    // does so before its user's next command, so that the page that entered the code is not
    // logged out under its owner's eyes (an account's name is held by one connection at a time).
    reply(asker, msg::linked(account, key));
    reply(c, msg::account("linked", account));
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::LinkKey& m) {
    if (table) return fail(c, "bad_command", {"server.account.at_table"});
    if (const std::string account = c->account(); !account.empty())
        return fail(c, "bad_command", {"server.account.logged_in", {{"name", account}}});
    const long id = chat_links_.account_of(m.key);
    const std::string name = id ? accounts_.name_of(id) : std::string();
    if (name.empty()) {
        // Unlinked, a new password, the account deleted, or never a key: the bridge forgets it.
        metrics_.chat_links_refused.fetch_add(1);
        return fail(c, "link_ended", {"server.link.ended"});
    }
    if (!take_account_name(c, name)) return;  // its name is seated elsewhere (answered)
    c->set_chat_link(m.key);
    metrics_.chat_links_used.fetch_add(1);
    reply(c, msg::name_set(name));
    reply(c, msg::account("logged_in", name));
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Unlink&) {
    const std::string account = c->account();
    if (account.empty()) return fail(c, "bad_command", {"server.account.not_logged_in"});
    const std::string key = c->chat_link();
    if (key.empty()) {
        // From the page (or any connection logged in otherwise): every chat identity goes.
        chat_links_.end_all(c->account_id());
        return reply(c, msg::account("unlinked_all", account));
    }
    chat_links_.end(key);
    c->set_chat_link({});
    // At a table the seat stays this connection's, and so does the name until it leaves;
    // in the lobby it is a guest again at once.
    if (table) return reply(c, msg::account("unlinked", account));
    become_guest(c, "unlinked");
}

void Lobby::become_guest(const std::shared_ptr<Connection>& c, std::string_view event) {
    const std::string guest = "guest-" + std::to_string(c->id());
    {
        std::lock_guard lock(mutex_);
        forget_name(c->id(), c->name());
    }
    c->set_account("");
    c->set_name(guest);
    reply(c, msg::name_set(guest));
    reply(c, msg::account(event, guest));
}

// ---- ratings (rating_book.hpp)

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Rating& m) {
    const std::string asked = m.name.empty() ? c->account() : m.name;
    if (asked.empty()) return fail(c, "bad_command", {"server.rating.guest"});
    const long id = accounts_.id_of(asked);
    const std::string name = id ? accounts_.name_of(id) : std::string();
    if (name.empty())
        return fail(c, "unknown_player", {"server.rating.unknown", {{"name", asked}}});
    std::vector<msg::RatingLine> lines;
    for (const RatedVariant v : kRatedVariants)
        if (const auto r = ratings_.rating(id, v))
            lines.push_back(msg::RatingLine{std::string(variant_key(v)), r->shown(), r->rating.mu,
                                            r->rating.sigma, r->games});
    reply(c, msg::rating(name, lines));
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Top& m) {
    constexpr std::size_t kShown = 10;
    const RatedVariant variant = parse_variant(m.variant).value_or(RatedVariant::Base);
    std::vector<msg::Leader> leaders;
    for (const PlayerRating& r : ratings_.top(variant, kShown, config_.leaderboard_min_games)) {
        std::string name = accounts_.name_of(r.account);
        if (!name.empty()) leaders.push_back(msg::Leader{std::move(name), r.shown(), r.games});
    }
    reply(c, msg::top(variant_key(variant), leaders, config_.leaderboard_min_games));
}

void Lobby::answer_account(const std::shared_ptr<Connection>& c, Accounts::Outcome o,
                           std::string_view event, const std::string& account,
                           const char* failed) {
    switch (o) {
        case Accounts::Outcome::Ok:
            return reply(c, msg::account(event, account));
        case Accounts::Outcome::Taken:
            return fail(c, "name_taken", {"server.account.taken", {{"name", account}}});
        case Accounts::Outcome::Failed:
            return fail(c, "login_failed", {failed});
        case Accounts::Outcome::Limited:
            return fail(c, "rate_limited", {"server.account.limited"});
        case Accounts::Outcome::Busy:
            return fail(c, "rate_limited", {"server.account.busy"});
        default:
            return fail(c, "storage_error", {"server.account.storage"});
    }
}

bool Lobby::take_account_name(const std::shared_ptr<Connection>& c, const std::string& account) {
    const auto keys = protocol::name_keys(account);
    std::shared_ptr<Connection> previous;  // the other connection logged in to it, if any
    bool seated_elsewhere = false;
    {
        std::lock_guard lock(mutex_);
        for (const std::string& key : keys) {
            auto it = names_.find(key);
            if (it == names_.end() || it->second.id == c->id()) continue;
            auto holder = connections_.find(it->second.id);
            previous = holder == connections_.end() ? nullptr : holder->second.lock();
            // At a table the name stays with the player there; in the lobby it moves here.
            seated_elsewhere = previous && previous->table();
            if (seated_elsewhere) break;
            forget_name(it->second.id, it->second.name);
        }
        if (!seated_elsewhere) {
            forget_name(c->id(), c->name());
            for (const std::string& key : keys)
                names_[key] = NameHolder{c->id(), account};
        }
    }
    if (seated_elsewhere) {
        fail(c, "name_taken", {"server.lobby.name_in_use", {{"name", account}}});
        return false;
    }
    if (previous) {
        const std::string guest = "guest-" + std::to_string(previous->id());
        previous->set_account("");
        previous->set_name(guest);
        reply(previous, msg::name_set(guest));
        reply(previous, msg::account("elsewhere", guest));
    }
    c->set_name(account);
    c->set_account(account, accounts_.id_of(account));
    return true;
}

// ---- the table list ----------------------------------------------------------------------

// The list a client gets: the tables one can join first, then the games being played, at most
// kTablesShown of them, with how many there are in all. Built once per change, whoever asks.
std::shared_ptr<const std::string> Lobby::tables_frame(std::string_view lang) {
    std::lock_guard frame_lock(tables_frame_mutex_);
    const long generation = tables_generation_.load();
    if (tables_frame_ && tables_frame_generation_ == generation) return tables_frame_->in(lang);
    std::vector<std::shared_ptr<Table>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, t] : tables_)
            all.push_back(t);
    }
    std::stable_partition(all.begin(), all.end(), [](const auto& t) { return t->joinable(); });
    Json list = Json::array();
    long open = 0;
    for (const auto& t : all) {
        if (t->phase() == Table::Phase::Over) continue;
        ++open;
        if (list.size() < kTablesShown) list.push_back(t->summary());
    }
    Json message = msg::table_list(list);
    message["total"] = open;
    if (open > long(list.size())) {
        // The list's own sentence, and how much of it is shown.
        Json list_text{{"key", message.value("key", "")}, {"args", message.value("args", Json())}};
        if (list_text["key"] == "") list_text = message["text"];  // no key: the English as it is
        const Reason shown{
            "server.lobby.tables_shown",
            {{"list", list_text}, {"shown", id_arg(long(list.size()))}, {"total", id_arg(open)}}};
        message["text"] = english(shown);
        message["key"] = shown.key;
        message["args"] = shown.args;
    }
    tables_frame_.emplace(protocol::serialize(message));
    tables_frame_generation_ = generation;
    return tables_frame_->in(lang);
}

void Lobby::send_tables(const std::shared_ptr<Connection>& c) {
    c->wants_tables = true;
    c->deliver(tables_frame(c->lang()));  // in its language already
    metrics_.messages_out.fetch_add(1, std::memory_order_relaxed);
}

void Lobby::arm_push_timer() {
    push_timer_.expires_after(kPushInterval);
    push_timer_.async_wait([this](boost::system::error_code ec) {
        if (ec) return;
        push_tables();
        arm_push_timer();
    });
}

// The lobby is pushed the list when it changes, at most once per tick: a page never polls.
void Lobby::push_tables() {
    const long generation = tables_generation_.load();
    if (generation == pushed_generation_) return;
    pushed_generation_ = generation;
    std::vector<std::shared_ptr<Connection>> audience;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, weak] : connections_)
            if (auto c = weak.lock(); c && c->wants_tables && !c->table()) audience.push_back(c);
    }
    if (audience.empty()) return;
    // Each language's list is made once (tables_frame), whoever many read it.
    for (const auto& c : audience)
        c->deliver(tables_frame(c->lang()));  // no lock held while sending
    metrics_.messages_out.fetch_add(long(audience.size()), std::memory_order_relaxed);
}

bool Lobby::allow_lobby_chat() {
    if (config_.lobby_chat_rate <= 0) return true;
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    chat_tokens_ =
        std::min(2 * config_.lobby_chat_rate,
                 chat_tokens_ + config_.lobby_chat_rate *
                                    std::chrono::duration<double>(now - chat_refilled_).count());
    chat_refilled_ = now;
    if (chat_tokens_ < 1) return false;
    chat_tokens_ -= 1;
    return true;
}

// Leaves the current table (if another) before joining or watching the next.
void Lobby::move_to(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& next) {
    auto current = c->table();
    if (current && current != next) current->leave(c);
}

void Lobby::lobby_chat(const std::shared_ptr<Connection>& c, const std::string& text) {
    // Every lobby line goes to everyone in the lobby: one bucket for all of them bounds the
    // fan-out, however many connections share the talking.
    if (!allow_lobby_chat()) {
        metrics_.refused(Limit::LobbyChat);
        return fail(c, "rate_limited", {"server.limit.lobby_chat"});
    }
    std::vector<std::shared_ptr<Connection>> audience;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, weak] : connections_)
            if (auto other = weak.lock(); other && !other->table()) audience.push_back(other);
    }
    LocalizedFrame frame(protocol::serialize(msg::chat(0, c->name(), text)));
    for (const auto& other : audience)
        other->send(frame);  // no lock held while sending; each language's frame made once
}

void Lobby::received(const std::shared_ptr<Connection>& c, std::string_view frame) {
    metrics_.messages_in.fetch_add(1, std::memory_order_relaxed);
    protocol::ParsedMessage parsed = protocol::parse_client_frame(frame);
    if (!parsed.message) {
        metrics_.errors.fetch_add(1, std::memory_order_relaxed);
        return reply(c, msg::error(parsed));  // its key: read in the sender's language
    }
    auto table = c->table();
    std::visit([&](auto& command) { handle(c, table, command); }, *parsed.message);
}

// ---- one handler per command (protocol::command): the lobby's own, or handed to the table

template <class Then>
void Lobby::need_table(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                       Then&& then) {
    if (!table) return fail(c, "no_table", {"server.lobby.no_table"});
    then(*table);
}

void Lobby::need_table(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                       void (Table::*then)(std::shared_ptr<Connection>)) {
    need_table(c, table, [&](Table& t) { (t.*then)(c); });
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Help&) {
    reply(c, msg::help());
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Name& m) {
    // At a table the name is the seat's (or the spectator's) for good: the others know the
    // player by it.
    if (table)
        return fail(c, "bad_command",
                    {"server.lobby.name_at_table",
                     {{"name", c->name()}, {"table", id_arg(table->id())}}});
    if (auto problem = take_name(c, m.name)) return fail(c, "name_taken", *problem);
    reply(c, msg::name_set(m.name));
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Tables&) {
    send_tables(c);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::New& m) {
    auto created = create(c, m.options);
    if (!created) return;
    spdlog::info("table {}: created by {} ({})", created->id(), c->name(),
                 protocol::describe(m.options));
    reply(c, msg::table_created(created->id(), m.options));
    move_to(c, created);
    c->set_table(created);  // now: the next frame may already be a table command
    created->join(c, std::nullopt);  // the creator sits first and hosts
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Join& m) {
    std::shared_ptr<Table> target = m.table ? find(*m.table) : table;
    if (!target && !m.table) {  // a table with a free seat and someone to start it
        std::lock_guard lock(mutex_);
        for (const auto& [id, t] : tables_)
            if (t->joinable()) {
                target = t;
                break;
            }
    }
    if (!target)
        return fail(c, "no_such_table",
                    m.table ? Reason{"server.lobby.no_such_table", {{"table", id_arg(*m.table)}}}
                            : Reason{"server.lobby.none_waiting"});
    move_to(c, target);
    c->set_table(target);
    target->join(c, m.seat);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Watch& m) {
    auto target = find(m.table);
    if (!target) return fail(c, "no_such_table", {"server.lobby.watch_which"});
    move_to(c, target);
    c->set_table(target);
    target->watch(c);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Resume& m) {
    long place = -1;
    {
        std::lock_guard lock(mutex_);
        if (auto it = tokens_.find(m.token); it != tokens_.end()) place = it->second.first;
    }
    auto target = place >= 0 ? find(place) : nullptr;
    if (!target) return fail(c, "bad_token", {"server.token.unknown"});
    move_to(c, target);
    c->set_table(target);
    target->resume(c, m.token);  // the table checks the token again
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Leave&) {
    need_table(c, table, &Table::leave);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Concede&) {
    need_table(c, table, &Table::concede);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Hint&) {
    need_table(c, table, &Table::hint);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Start&) {
    need_table(c, table, &Table::start);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::AddBot& m) {
    need_table(c, table, [&](Table& t) { t.add_bot(c, m.level); });
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Say& m) {
    if (table) return table->say(c, std::move(m.text));
    lobby_chat(c, m.text);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Act& m) {
    need_table(c, table, [&](Table& t) { t.act(c, std::move(m)); });
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Sync&) {
    need_table(c, table, &Table::sync);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& table,
                   command::Who&) {
    need_table(c, table, &Table::who);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Again& m) {
    again(c, m.table);
}

void Lobby::handle(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>&,
                   command::Lang& m) {
    // The parser chose a language we have (or refused the frame); checked again, so that no
    // string but one of i18n::kLanguages is ever kept.
    const auto lang = i18n::supported(m.lang);
    if (!lang) {
        metrics_.errors.fetch_add(1, std::memory_order_relaxed);
        return reply(c, msg::error("bad_command", "protocol.parse.lang.unknown",
                                   {{"lang", protocol::quote(m.lang)}}));
    }
    c->set_lang(*lang);
    reply(c, msg::lang_set(*lang));  // already in the new language
}

// "Play again" (/again N): a new table with the finished game's options and bots; the first
// of its players who asks sits first and hosts, the bots take their seats, and its other
// players still connected and at no table are told where to join. Whoever asks after the
// first joins that table.
void Lobby::again(const std::shared_ptr<Connection>& c, long old) {
    std::optional<Table::Rematch> plan;
    {
        std::lock_guard lock(mutex_);
        if (auto it = rematches_.find(old); it != rematches_.end()) plan = it->second;
    }
    const std::string name = c->name();
    // The connection that played, whatever its name now: a name is free to anyone once its
    // player has gone, and taking it must not open a rematch in that player's name.
    if (!plan || !plan->played_by(c))
        return fail(c, "bad_command", {"server.lobby.again_not_yours"});
    if (auto next = plan->next ? find(plan->next) : nullptr) {
        move_to(c, next);
        c->set_table(next);
        return next->join(c, std::nullopt);
    }
    auto created = create(c, plan->options);
    if (!created) return;
    {
        std::lock_guard lock(mutex_);
        if (auto it = rematches_.find(old); it != rematches_.end()) it->second.next = created->id();
    }
    spdlog::info("table {}: opened by {} to play table {} again", created->id(), name, old);
    reply(c, msg::table_created(created->id(), plan->options));
    move_to(c, created);
    c->set_table(created);
    created->join(c, std::nullopt);  // posted in order: seated and host before the bots come
    for (const BotLevel level : plan->bots)
        created->add_bot(c, level);
    const Json told = msg::again(old, created->id(), name);
    for (const auto& weak : plan->present)
        if (auto other = weak.lock(); other && other != c) {
            const auto at = other->table();  // on the end screen or in the lobby, not elsewhere
            if (!at || at->id() == old) reply(other, told);
        }
}

void Lobby::close_all() {
    push_timer_.cancel();
    bots_.stop();  // searches end now; nothing more is decided
    std::vector<std::shared_ptr<Connection>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, weak] : connections_)
            if (auto c = weak.lock()) all.push_back(c);
    }
    for (const auto& c : all)
        c->close();
}

std::string Lobby::metrics_text() const {
    long waiting = 0, playing = 0, over = 0;
    std::vector<std::shared_ptr<Table>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, t] : tables_)
            all.push_back(t);
    }
    for (const auto& t : all) {
        switch (t->phase()) {
            case Table::Phase::Waiting:
                ++waiting;
                break;
            case Table::Phase::Playing:
                ++playing;
                break;
            case Table::Phase::Over:
                ++over;
                break;
        }
    }
    return metrics_.render(waiting, playing, over, actions_.commits());
}

std::optional<std::string> Lobby::game_record(long table) const {
    // A failed read (the Store throws StoreError) must not escape into the HTTP handler, whose
    // exception would stop the server: the record is then "not found", and the log says why.
    try {
        return store_.finished_record(table);
    } catch (const std::exception& e) {
        metrics_.storage_errors.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("game {}: cannot read its record: {}", table, e.what());
        return std::nullopt;
    }
}

std::optional<std::string> Lobby::recent_games() {
    try {
        std::vector<std::pair<long, std::vector<ReplaySeat>>> games;
        for (const long id : store_.finished_ids(int(kRecentGames))) {
            std::vector<ReplaySeat> seats;
            for (const StoredSeat& s : store_.finished_seats(id))
                seats.push_back(ReplaySeat{s.name, s.bot});
            games.emplace_back(id, std::move(seats));
        }
        return recent_games_json(games);
    } catch (const StoreError& e) {
        metrics_.storage_errors.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("cannot list the finished games: {}", e.what());
        return std::nullopt;
    }
}

std::pair<int, std::string> Lobby::player_json(const std::string& typed) {
    // A player's newest rated games per variant, with who sat where (one query per variant).
    constexpr int kHistory = 100;
    const auto check = protocol::check_name(typed);
    const long id = check.fault == protocol::NameFault::None ? accounts_.id_of(check.name) : 0;
    const std::string name = id ? accounts_.name_of(id) : std::string();
    if (name.empty()) return {404, "no registered player of that name\n"};
    try {
        Json ratings = Json::array();
        for (const RatedVariant v : kRatedVariants) {
            const auto now = ratings_.rating(id, v);
            if (!now) continue;
            Json history = Json::array();
            for (const StoredRatedGame& g : store_.rated_games(id, std::string(variant_key(v)), kHistory)) {
                Json seats = Json::array();
                for (const StoredSeat& s : g.seats)
                    seats.push_back({{"name", s.name},
                                     {"bot", s.bot},
                                     {"deleted", !s.bot && s.name.empty()},
                                     {"you", s.account == id}});
                history.push_back({{"table", g.table},
                                   {"place", g.place},
                                   {"players", g.players},
                                   {"won", g.won},
                                   {"rating", ratings::ordinal({g.mu, g.sigma})},
                                   {"mu", g.mu},
                                   {"sigma", g.sigma},
                                   {"at", g.at},
                                   {"seats", std::move(seats)}});
            }
            ratings.push_back({{"variant", variant_key(v)},
                               {"rating", now->shown()},
                               {"mu", now->rating.mu},
                               {"sigma", now->rating.sigma},
                               {"games", now->games},
                               {"history", std::move(history)}});
        }
        return {200, Json{{"name", name}, {"ratings", std::move(ratings)}}.dump(
                         -1, ' ', false, Json::error_handler_t::replace)};
    } catch (const StoreError& e) {
        metrics_.storage_errors.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("cannot read a player's games: {}", e.what());
        return {500, "cannot read the player's games\n"};
    }
}

std::pair<int, std::string> Lobby::leaderboard_json(const std::string& variant_word) {
    constexpr std::size_t kShown = 100;
    const RatedVariant variant = parse_variant(variant_word).value_or(RatedVariant::Base);
    Json players = Json::array();
    for (const PlayerRating& r : ratings_.top(variant, kShown, config_.leaderboard_min_games)) {
        const std::string name = accounts_.name_of(r.account);
        if (name.empty()) continue;
        players.push_back({{"place", long(players.size()) + 1},
                           {"name", name},
                           {"rating", r.shown()},
                           {"mu", r.rating.mu},
                           {"sigma", r.rating.sigma},
                           {"games", r.games}});
    }
    return {200, Json{{"variant", variant_key(variant)},
                      {"min_games", config_.leaderboard_min_games},
                      {"players", std::move(players)}}
                     .dump(-1, ' ', false, Json::error_handler_t::replace)};
}

void Lobby::game_replay(long table, const std::string& address, bool needs_json,
                        std::function<void(const ReplayAnswer&)> done) {
    // The cache holds gzip's bytes: a client that takes them is answered at once; one that
    // needs the JSON text waits for the builder's thread to inflate them (10 ms for a long
    // game's 7.4 MB: too long for an IO thread, which every client on it would wait for).
    if (!needs_json)
        if (auto cached = replays_.find(table)) {
            metrics_.replay_cache_hits.fetch_add(1, std::memory_order_relaxed);
            return done(ReplayAnswer{std::move(cached), nullptr, 200, {}, 0});
        }
    // The record is read on the builder's thread too: the store's lock is the tables' commits'.
    switch (replay_builder_.submit(
        table, address, [this, table] { return build_replay_answer(table); }, done)) {
        case ReplayBuilder::Submitted::Accepted:
            return;
        case ReplayBuilder::Submitted::AddressFull:
            metrics_.refused(Limit::ReplayBuildsPerAddress);
            return done(refused_replay(503,
                                       "a replay you asked for is still being built; ask for the "
                                       "next once it has come",
                                       kReplayRetrySeconds));
        case ReplayBuilder::Submitted::Full:
        case ReplayBuilder::Submitted::Stopped:
            metrics_.refused(Limit::ReplayBuilds);
            return done(
                refused_replay(503, "too many replays are being built; try again in a few seconds",
                               kReplayRetrySeconds));
    }
}

ReplayAnswer Lobby::build_replay_answer(long table) {
    // Every answer from here carries the JSON text: the requests waiting for one build may
    // include a client without gzip (the builder joins requests for the same game).
    if (auto cached = replays_.find(table)) {
        // Cached meanwhile, or asked for by a client that needs the text: inflated, not built.
        metrics_.replay_cache_hits.fetch_add(1, std::memory_order_relaxed);
        auto json = gzip_decompress(cached->gzip, cached->json_bytes);
        if (!json) {  // the server's own bytes: cannot happen short of a bug
            spdlog::error("game {}: its cached replay does not inflate", table);
            return refused_replay(500, "the replay could not be read");
        }
        return ReplayAnswer{
            std::move(cached), std::make_shared<const std::string>(std::move(*json)), 200, {}, 0};
    }
    const std::string missing = "no finished game " + std::to_string(table);
    // Only a finished game's record (the store keeps none of a game in progress), so that no
    // replay shows a card chosen and not yet revealed.
    const std::optional<std::string> record = game_record(table);
    if (!record) return refused_replay(404, missing);
    try {
        std::vector<ReplaySeat> seats;
        for (const StoredSeat& s : store_.finished_seats(table))
            if (s.seat >= 0 && s.seat < 16) {
                seats.resize(std::max(seats.size(), std::size_t(s.seat) + 1));
                seats[std::size_t(s.seat)] = ReplaySeat{s.name, s.bot};
            }
        auto json = std::make_shared<const std::string>(build_replay(table, *record, seats));
        // Compressed once here, off the IO threads (zlib level 6: 80 ms and 487 KB for a long
        // game's 7.4 MB, against 42 ms and 989 KB at level 1): later answers send these bytes.
        auto packed = std::make_shared<const PackedReplay>(pack_replay(*json));
        metrics_.replays_built.fetch_add(1, std::memory_order_relaxed);
        replays_.put(table, packed);
        metrics_.replay_cache_bytes.store(long(replays_.bytes()), std::memory_order_relaxed);
        return ReplayAnswer{std::move(packed), std::move(json), 200, {}, 0};
    } catch (const ReplayTooLong& e) {
        spdlog::warn("game {}: no replay: {}", table, e.what());
        return refused_replay(503, e.what());
    } catch (const StoreError& e) {
        metrics_.storage_errors.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("game {}: cannot read its seats: {}", table, e.what());
        return refused_replay(500, "the game's seats cannot be read");
    } catch (const std::exception& e) {
        // A record that does not replay is damaged: said once per request, never thrown into
        // the HTTP handler.
        spdlog::error("game {}: its record does not replay: {}", table, e.what());
        return refused_replay(500, "the game's record does not replay");
    }
}

}  // namespace niagara::server
