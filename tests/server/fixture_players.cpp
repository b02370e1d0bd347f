// Players (GameClients with what they received) in a Harness, and opening a table for them.
#include "server_fixture.hpp"

#include <thread>

namespace server_test {

// ---- Player and Harness ------------------------------------------------------------------

long Player::count(const std::string& type) const {
    long n = 0;
    for (const auto& r : frames)
        n += r.type == type;
    return n;
}

const Json* Player::first(const std::string& type) const {
    for (const auto& r : frames)
        if (r.type == type) return &r.message;
    return nullptr;
}

const Json* Player::last(const std::string& type) const {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
        if (it->type == type) return &it->message;
    return nullptr;
}

bool Player::has_error(const std::string& code) const {
    for (const auto& e : errors)
        if (e.value("code", "") == code) return true;
    return false;
}

int Player::round() const {
    const Json& v = client->view();
    if (!v.is_object() || !v.contains("game") || !v["game"].is_object()) return 0;
    return v["game"].value("round", 0);
}

Harness::Harness(unsigned short port) : port(port) {}

Harness::~Harness() {
    for (auto& p : players)
        p->client->close();
    io.restart();
    io.run_for(50ms);
    for (auto& p : players) {
        p->client->on_message = nullptr;
        p->client->on_act = nullptr;
        p->client->on_closed = nullptr;
    }
    players.clear();
    io.stop();
}

Player& Harness::add(std::string label, Options options) {
    auto player = std::make_unique<Player>();
    Player* p = player.get();
    p->label = std::move(label);
    GameClient::Settings settings;
    settings.host = "127.0.0.1";
    settings.port = port;
    settings.source = options.source;
    settings.seed = options.seed;
    settings.auto_play = options.auto_play;
    settings.use_json = options.use_json;
    settings.bot_reads_view = !options.reads_prompt_only;
    settings.keep_view = !options.reads_prompt_only;
    settings.opening = std::move(options.opening);
    p->client = std::make_shared<GameClient>(io, settings);
    p->client->on_message = [this, p](GameClient&, const Json& m, const std::string&) {
        const std::string type = m.value("type", "");
        // What rides on a state message is also recorded on its own, as it would come alone:
        // the event and the chosen card before the state message, the decision after it.
        auto carried = [&](const char* part) -> std::optional<Received> {
            if ((type != "snapshot" && type != "patch") || !m.contains(part)) return std::nullopt;
            Json alone = m.at(part).is_object() ? m.at(part) : Json{{"card", m.at(part)}};
            alone["type"] = part;
            alone["table"] = m.value("table", Json());
            alone["carried_by"] = type;
            return Received{0, part, std::move(alone)};
        };
        for (const char* part : {"event", "chosen"})
            if (auto r = carried(part)) {
                r->seq = ++seq;
                p->frames.push_back(std::move(*r));
            }
        Received r{++seq, type, m};
        p->frames.push_back(r);
        if (auto decision = carried("prompt")) {
            decision->seq = ++seq;
            p->frames.push_back(std::move(*decision));
        }
        if (r.type == "error") p->errors.push_back(m);
        if (r.type == "ended") p->ended = m;
        for (auto& hook : p->hooks)
            hook(*p, m);
    };
    p->client->on_act = [p](GameClient&, const std::string& action) { p->acts.push_back(action); };
    p->client->on_closed = [p](GameClient&, const std::string& why) {
        p->closed = true;
        p->closed_why = why;
    };
    players.push_back(std::move(player));
    p->client->start();
    return *p;
}

bool Harness::run_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return false;
        if (io.stopped()) io.restart();
        if (io.run_one_for(std::min<std::chrono::steady_clock::duration>(deadline - now, 20ms)) ==
            0)
            std::this_thread::sleep_for(1ms);
    }
    return true;
}

void Harness::run_for(std::chrono::milliseconds duration) {
    run_until([] { return false; }, duration);
}

void send_when_welcomed(Player& p, const std::string& frame) {
    if (p.first("welcome")) return p.send(frame);
    auto sent = std::make_shared<bool>(false);
    p.hooks.push_back([frame, sent](Player& self, const Json& m) {
        if (*sent || m.value("type", "") != "welcome") return;
        *sent = true;
        self.send(frame);
    });
}

void open_table(const TableSetup& setup, std::shared_ptr<std::optional<long>> table) {
    const bool json = setup.json;
    auto started = std::make_shared<bool>(false);
    auto seated = std::make_shared<bool>(false);
    Player* host = setup.host;
    auto command = [json](const std::string& type, std::optional<long> id) {
        if (json) {
            Json m{{"type", type}};
            if (id) m["table"] = *id;
            return m.dump();
        }
        return "/" + type + (id ? " " + std::to_string(*id) : "");
    };
    host->hooks.push_back([=](Player& p, const Json& m) {
        const std::string type = m.value("type", "");
        if (type == "table_created" && !*table) *table = m.at("table").get<long>();
        // Table commands wait for "seated": the server answers /new with table_created before
        // it has seated the host, and a table command sent in between gets no_table.
        if (type == "seated" && *table && !*seated) {
            *seated = true;
            for (int i = 0; i < setup.bots; ++i)
                p.send(command("addbot", std::nullopt));
            for (Player* j : setup.joiners)
                send_when_welcomed(*j, command("join", **table));
            for (Player* w : setup.watchers)
                send_when_welcomed(*w, command("watch", **table));
        }
        if (*started || !*seated) return;
        const Json& v = p.client->view();
        if (!v.contains("table") || !v["table"].is_object()) return;
        int filled = 0;
        for (const auto& s : v["table"]["seats"])
            filled += !s["name"].is_null();
        if (filled >= setup.seats && v["table"].value("spectators", 0L) >=
                                         long(setup.watchers.size()) + setup.other_spectators) {
            *started = true;
            p.send(command("start", std::nullopt));
        }
    });
    // GameClient sends frames queued before its handshake ahead of its opening frames, so /new
    // waits for the welcome: the opening (e.g. /name) goes first.
    send_when_welcomed(*host,
                       json ? Json{{"type", "new"},
                                   {"options", setup.new_options.is_null() ? Json(setup.new_words)
                                                                           : setup.new_options}}
                                  .dump()
                            : "/new " + setup.new_words);
}

}  // namespace server_test
