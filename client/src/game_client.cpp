#include "niagara/client/game_client.hpp"

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/post.hpp>

#include "niagara/json.hpp"
#include "niagara/notation.hpp"
#include "niagara/client/play_reader.hpp"

namespace niagara::client {

namespace {

// A field the server sends as an integer. Anything else (absent, a string, a float) makes the
// message unreadable, thrown as nlohmann's at() throws for an absent one: never converted, as
// 1e30 into a long is undefined behaviour.
long integer_at(const Json& m, const char* key) {
    const Json& v = m.at(key);
    if (!v.is_number_integer())
        throw std::invalid_argument(std::string("\"") + key + "\" is not an integer");
    return v.get<long>();
}

}  // namespace

GameClient::GameClient(net::io_context& io, Settings settings)
    : executor_(net::make_strand(io)),
      resolver_(executor_),
      ws_(executor_),
      connect_timer_(executor_),
      settings_(std::move(settings)),
      think_timer_(executor_),
      bot_(settings_.seed),
      prompt_bot_(settings_.seed),
      random_(settings_.seed) {}

void GameClient::start() {
    resolver_.async_resolve(settings_.host, std::to_string(settings_.port),
                            beast::bind_front_handler(&GameClient::on_resolve, shared_from_this()));
}

void GameClient::on_resolve(beast::error_code ec, net::ip::tcp::resolver::results_type results) {
    if (ec) return fail("resolve: " + ec.message());
    if (results.empty()) return fail("resolve: no address for " + settings_.host);
    connect_timer_.expires_after(std::chrono::seconds(10));
    connect_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec) self->ws_.next_layer().close(ec);  // ends the attempt under way
    });
    if (settings_.source.empty()) {
        net::async_connect(ws_.next_layer(), results,
                           beast::bind_front_handler(&GameClient::on_connect, shared_from_this()));
        return;
    }
    // From a chosen address: bound before the connect, to the first address resolved (a range
    // connect would close the socket, and its binding, between attempts).
    auto& socket = ws_.next_layer();
    const net::ip::tcp::endpoint server = *results.begin();
    socket.open(server.protocol(), ec);
    if (!ec) {
        const auto source = net::ip::make_address(settings_.source, ec);
        if (!ec) socket.bind(net::ip::tcp::endpoint(source, 0), ec);
    }
    if (ec) {
        connect_timer_.cancel();
        return fail("bind " + settings_.source + ": " + ec.message());
    }
    socket.async_connect(server, [self = shared_from_this(), server](beast::error_code ec) {
        self->on_connect(ec, server);
    });
}

void GameClient::on_connect(beast::error_code ec, net::ip::tcp::endpoint) {
    connect_timer_.cancel();
    if (ec) return fail("connect: " + ec.message());
    ws_.next_layer().set_option(net::ip::tcp::no_delay(true), ec);  // no Nagle delay
    ws_.set_option(beast::websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_.async_handshake(settings_.host, "/ws",
                        beast::bind_front_handler(&GameClient::on_handshake, shared_from_this()));
}

void GameClient::on_handshake(beast::error_code ec) {
    if (ec) return fail("handshake: " + ec.message());
    open_ = true;
    // The opening frames go first, before anything send() queued during the handshake.
    outbox_.insert(outbox_.begin(), settings_.opening.begin(), settings_.opening.end());
    do_write();
    do_read();
}

void GameClient::send(std::string frame) {
    net::post(executor_, [self = shared_from_this(), frame = std::move(frame)]() mutable {
        if (self->closed_) return;
        self->outbox_.push_back(std::move(frame));
        if (self->open_) self->do_write();
    });
}

void GameClient::do_write() {
    if (writing_ || outbox_.empty() || closed_) return;
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(outbox_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        self->writing_ = false;
                        if (ec) return self->fail("write: " + ec.message());
                        self->outbox_.pop_front();
                        self->do_write();
                    });
}

void GameClient::do_read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&GameClient::on_read, shared_from_this()));
}

void GameClient::on_read(beast::error_code ec, std::size_t) {
    if (ec) return fail(ec == beast::websocket::error::closed ? "closed" : "read: " + ec.message());
    const std::string frame = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    read(frame);
    if (!closed_) do_read();
}

void GameClient::read(const std::string& frame) {
    if (!settings_.keep_view) {
        PlayMessage read;
        if (read_for_play(frame, read)) handle_readable(read.message, frame, &read.prompt);
    } else if (const Json m = Json::parse(frame, nullptr, false); !m.is_discarded()) {
        handle_readable(m, frame, nullptr);
    }
}

void GameClient::handle_readable(const Json& m, const std::string& frame,
                                 const std::vector<PromptAction>* prompt) {
    // A message without the fields its type has (a newer, older or confused server) is passed
    // over, and counted: the connection goes on reading, as it would after a frame that is no
    // JSON at all, and the next snapshot sets the view right.
    try {
        handle(m, frame, prompt);
    } catch (const std::exception&) {
        ++unreadable_;
    }
}

void GameClient::handle(const Json& m, const std::string& frame,
                        const std::vector<PromptAction>* prompt) {
    const std::string type = m.value("type", "");
    if (type == "snapshot") {
        // Every field read before any is kept: a message is taken whole or not at all.
        const long version = integer_at(m, "version");
        const long table = integer_at(m, "table");
        if (settings_.keep_view) view_ = m.at("view");
        version_ = version;
        table_ = table;
    } else if (type == "patch") {
        if (!settings_.keep_view) {
            version_ = integer_at(m, "to");
        } else if (integer_at(m, "from") != version_) {
            ++gaps_;  // a patch for another version: ask for a fresh snapshot
            send(settings_.use_json ? R"({"type": "sync"})" : "/sync");
        } else {
            try {
                view_.patch_inplace(m.at("ops"));  // in place: no copy of the whole view
                version_ = integer_at(m, "to");
            } catch (const Json::exception&) {
                ++gaps_;  // a patch that does not apply: the view is unreliable until a snapshot
                version_ = -1;
                send(settings_.use_json ? R"({"type": "sync"})" : "/sync");
            }
        }
    } else if (type == "seated") {
        const long table = integer_at(m, "table");
        const long seat = integer_at(m, "seat");
        token_ = m.at("token").get<std::string>();
        table_ = table;
        seat_ = int(seat);
    } else if (type == "ended") {
        ended_ = true;
    }
    if (on_message) on_message(*this, m, frame);
    if (!settings_.auto_play) return;
    // A decision holds even when its patch did not apply: its legal actions are complete.
    if (type == "prompt") answer_prompt(m, frame, prompt);
    if (type == "patch" || type == "snapshot")
        if (auto it = m.find("prompt"); it != m.end()) answer_prompt(*it, frame, prompt);
}

void GameClient::answer_prompt(const Json& m, const std::string& frame,
                               const std::vector<PromptAction>* prompt) {
    const int seat = int(integer_at(m, "seat"));
    std::string text;
    if (settings_.bot_reads_view && settings_.keep_view) {
        text = pick_from_view(seat, m.at("legal"));
    } else if (prompt) {
        text = prompt_bot_.pick(*prompt);
    } else {  // a view kept, but the bot reads the prompt: read it as a thin client does
        PlayMessage read;
        if (!read_for_play(frame, read)) return;
        text = prompt_bot_.pick(read.prompt);
    }
    if (text.empty()) return;  // a prompt without actions: nothing to answer
    if (settings_.think.count() <= 0) return send_action(seat, text);
    const auto think = settings_.think.count();
    std::uniform_int_distribution<long> jitter(think / 2, think + think / 2);
    think_timer_.expires_after(std::chrono::milliseconds(jitter(random_)));
    think_timer_.async_wait([self = shared_from_this(), seat, text](beast::error_code ec) {
        if (!ec && !self->closed_) self->send_action(seat, text);
    });
}

std::string GameClient::pick_from_view(int seat, const Json& legal) {
    std::string text;
    try {
        const State state = state_from_view(view_.at("game"));
        text = to_text(bot_.pick_action(state, seat));
    } catch (const std::exception&) {
        text.clear();
    }
    // The bot's move is one of the prompt's; should the view be behind, any listed move does.
    if (std::find(legal.begin(), legal.end(), text) == legal.end())
        text = legal.is_array() && !legal.empty() && legal.front().is_string()
                   ? legal.front().get<std::string>()
                   : std::string();
    return text;
}

void GameClient::send_action(int seat, const std::string& text) {
    if (!settings_.use_json) {
        if (on_act) on_act(*this, text);
        return send("/" + text);
    }
    const auto parsed = parse_action(text, seat);
    if (!parsed.action) return;  // a prompt's action this client cannot read: not sent
    if (on_act) on_act(*this, text);
    send(Json{{"type", "act"}, {"action", action_to_json(*parsed.action)}}.dump());
}

void GameClient::close() {
    net::post(executor_, [self = shared_from_this()] {
        if (self->closed_ || !self->open_) return;
        self->ws_.async_close(beast::websocket::close_code::normal, [self](beast::error_code) {});
    });
}

void GameClient::fail(const std::string& why) {
    if (closed_) return;
    closed_ = true;
    open_ = false;
    think_timer_.cancel();
    if (on_closed) on_closed(*this, why);
}

}  // namespace niagara::client
