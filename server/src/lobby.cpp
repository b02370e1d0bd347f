#include "lobby.hpp"

#include <spdlog/spdlog.h>

#include "niagara/protocol/server_message.hpp"

namespace niagara::server {

namespace msg = protocol;
using protocol::Command;

Lobby::Lobby(net::io_context& io, const Config& config, Store& store, Metrics& metrics)
    : io_(io),
      config_(config),
      store_(store),
      actions_(io, store, std::chrono::microseconds(config.commit_window_us)),
      metrics_(metrics) {}

TableServices Lobby::services() {
    return TableServices{config_,
                         store_,
                         actions_,
                         metrics_,
                         [this](const std::string& token, long table, int seat) {
                             std::lock_guard lock(mutex_);
                             tokens_[token] = {table, seat};
                         },
                         [this](const std::string& token) {
                             std::lock_guard lock(mutex_);
                             tokens_.erase(token);
                         },
                         [this](long table) {
                             std::lock_guard lock(mutex_);
                             tables_.erase(table);  // its record stays in the store
                         }};
}

void Lobby::restore() {
    for (const StoredTable& stored : store_.unfinished_tables()) {
        protocol::TableOptions options;
        if (auto problem =
                protocol::table_options_from_json(Json::parse(stored.options_json), options)) {
            spdlog::error("table {}: stored options are unusable ({}); skipped", stored.id,
                          *problem);
            continue;
        }
        auto table = std::make_shared<Table>(io_, services(), stored.id, options, stored.host);
        try {
            table->restore(stored);
        } catch (const std::exception& e) {
            spdlog::error("table {}: cannot restore: {}", stored.id, e.what());
            continue;
        }
        std::lock_guard lock(mutex_);
        tables_[stored.id] = table;
        spdlog::info("table {}: restored ({} actions)", stored.id, stored.actions.size());
    }
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
    }
    metrics_.connections.fetch_sub(1);
    if (auto table = c->table()) table->disconnected(c);
}

void Lobby::reply(const std::shared_ptr<Connection>& c, const Json& message) {
    c->send(protocol::serialize(message));
    metrics_.messages_out.fetch_add(1, std::memory_order_relaxed);
}

void Lobby::fail(const std::shared_ptr<Connection>& c, const std::string& code,
                 const std::string& why) {
    metrics_.errors.fetch_add(1, std::memory_order_relaxed);
    reply(c, msg::error(code, why));
}

std::shared_ptr<Table> Lobby::find(long id) const {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Lobby::create(const protocol::TableOptions& options,
                                     const std::string& host) {
    const long id = store_.create_table(protocol::table_options_to_json(options).dump(), host);
    auto table = std::make_shared<Table>(io_, services(), id, options, host);
    std::lock_guard lock(mutex_);
    tables_[id] = table;
    return table;
}

// Leaves the current table (if another) before joining or watching the next.
void Lobby::move_to(const std::shared_ptr<Connection>& c, const std::shared_ptr<Table>& next) {
    auto current = c->table();
    if (current && current != next) current->leave(c);
}

void Lobby::lobby_chat(const std::shared_ptr<Connection>& c, const std::string& text) {
    std::vector<std::shared_ptr<Connection>> audience;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, weak] : connections_)
            if (auto other = weak.lock(); other && !other->table()) audience.push_back(other);
    }
    const auto frame =
        std::make_shared<const std::string>(protocol::serialize(msg::chat(0, c->name(), text)));
    for (const auto& other : audience)
        other->send(frame);  // no lock held while sending
}

void Lobby::received(const std::shared_ptr<Connection>& c, std::string_view frame) {
    metrics_.messages_in.fetch_add(1, std::memory_order_relaxed);
    protocol::ParsedMessage parsed = protocol::parse_client_frame(frame);
    if (!parsed.message) return fail(c, parsed.code, parsed.error);
    protocol::ClientMessage& m = *parsed.message;
    auto table = c->table();
    auto need_table = [&]() {
        if (!table) fail(c, "no_table", "join or watch a table first (/tables lists them)");
        return table != nullptr;
    };
    switch (m.command) {
        case Command::Help:
            return reply(c, msg::help());
        case Command::Name:
            c->set_name(m.text);
            return reply(
                c, msg::message("name", "You are now " + m.text + ".", Json{{"name", m.text}}));
        case Command::Tables: {
            Json list = Json::array();
            std::vector<std::shared_ptr<Table>> all;
            {
                std::lock_guard lock(mutex_);
                for (const auto& [id, t] : tables_)
                    all.push_back(t);
            }
            for (const auto& t : all)
                if (t->phase() != Table::Phase::Over) list.push_back(t->summary());
            return reply(c, msg::table_list(list));
        }
        case Command::New: {
            auto created = create(m.options, c->name());
            spdlog::info("table {}: created by {} ({})", created->id(), c->name(),
                         protocol::describe(m.options));
            reply(c, msg::message("table_created",
                                  "Table " + std::to_string(created->id()) +
                                      " is open: " + protocol::describe(m.options) + ".",
                                  Json{{"table", created->id()},
                                       {"options", protocol::table_options_to_json(m.options)}}));
            move_to(c, created);
            c->set_table(created);  // now: the next frame may already be a table command
            return created->join(c, std::nullopt);  // the creator sits first and hosts
        }
        case Command::Join: {
            std::shared_ptr<Table> target = m.table ? find(*m.table) : table;
            if (!target && !m.table) {  // any table waiting for players
                std::lock_guard lock(mutex_);
                for (const auto& [id, t] : tables_)
                    if (t->phase() == Table::Phase::Waiting) {
                        target = t;
                        break;
                    }
            }
            if (!target)
                return fail(c, "no_such_table",
                            m.table ? "there is no table " + std::to_string(*m.table)
                                    : "no table is waiting for players; open one with /new");
            move_to(c, target);
            c->set_table(target);
            return target->join(c, m.seat);
        }
        case Command::Watch: {
            auto target = m.table ? find(*m.table) : nullptr;
            if (!target)
                return fail(c, "no_such_table",
                            "say which table to watch, e.g. /watch 3 (/tables lists them)");
            move_to(c, target);
            c->set_table(target);
            return target->watch(c);
        }
        case Command::Resume: {
            std::pair<long, int> place;
            {
                std::lock_guard lock(mutex_);
                auto it = tokens_.find(m.token);
                if (it == tokens_.end())
                    place = {-1, -1};
                else
                    place = it->second;
            }
            auto target = place.first >= 0 ? find(place.first) : nullptr;
            if (!target)
                return fail(c, "bad_token",
                            "that token opens no seat (wrong, or the game is over)");
            move_to(c, target);
            c->set_table(target);
            return target->resume(c, place.second);
        }
        case Command::Leave:
            if (need_table()) table->leave(c);
            return;
        case Command::Start:
            if (need_table()) table->start(c);
            return;
        case Command::AddBot:
            if (need_table()) table->add_bot(c);
            return;
        case Command::Say:
            if (table) return table->say(c, m.text);
            return lobby_chat(c, m.text);
        case Command::Act:
            if (need_table()) table->act(c, std::move(m));
            return;
        case Command::Sync:
            if (need_table()) table->sync(c);
            return;
    }
}

void Lobby::close_all() {
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
    return store_.finished_record(table);
}

}  // namespace niagara::server
