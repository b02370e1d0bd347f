// A WebSocket client that can play: it keeps its table view up to date from snapshots and
// patches, and answers prompts with the engine's RandomBot on a state rebuilt from that view
// (state_from_view), or from the prompt alone (PromptBot, as the load generator's bots do). The
// integration tests use it; a chat bridge or a smarter bot would too. Everything runs on its
// strand; messages are observed through hooks.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "niagara/random_bot.hpp"
#include "niagara/client/play_reader.hpp"
#include "niagara/client/prompt_bot.hpp"

namespace niagara::client {

namespace net = boost::asio;
namespace beast = boost::beast;
using Json = nlohmann::json;

class GameClient : public std::enable_shared_from_this<GameClient> {
  public:
    struct Settings {
        std::string host = "127.0.0.1";
        unsigned short port = 8080;
        // The local address to connect from (e.g. 127.0.0.2, another client as the server's
        // per-address limits and shares count them); empty: the system's choice.
        std::string source;
        std::uint64_t seed = 1;
        bool auto_play = true;  // answer prompts with the bot's move
        bool use_json = false;  // send actions as JSON objects instead of /commands
        // true: the engine's RandomBot decides on a state rebuilt from the view (which also
        // checks that the view is complete); false: a bot that reads the prompt alone, as a
        // thin client could, and still plays games to their end (PromptBot), at a fraction
        // of the CPU.
        bool bot_reads_view = true;
        // false: keep no view and read of each message only what playing needs (its type,
        // table, seat, versions, event seat and prompt); the view's patches are skipped
        // unparsed (read_for_play), as the load generator reads them. Implies that the bot
        // decides from the prompt alone.
        bool keep_view = true;
        std::vector<std::string> opening;  // frames sent once connected
        // Waits before answering a prompt: a random time between half and one and a half
        // times this, so that many bots do not answer in step.
        std::chrono::milliseconds think{0};
    };

    GameClient(net::io_context& io, Settings settings);

    void start();                  // connect, then send the opening frames
    void send(std::string frame);  // queued; safe from any thread
    void close();
    // Reads one frame as if the server had sent it (each frame read goes through here; tests
    // hand it what a confused server could send). On the client's executor.
    void read(const std::string& frame);

    // Called on the client's executor for every message received (after the view is updated).
    std::function<void(GameClient&, const Json& message, const std::string& frame)> on_message;
    // Called when an action is sent in answer to a prompt, with the action's text.
    std::function<void(GameClient&, const std::string& action)> on_act;
    std::function<void(GameClient&, const std::string& why)> on_closed;

    // What the client knows (read on its executor, or after the io_context stopped).
    const Json& view() const { return view_; }  // {"table": ..., "game": ..., "seat": ...}
    long version() const { return version_; }
    std::optional<long> table() const { return table_; }
    int seat() const { return seat_; }
    const std::string& token() const { return token_; }
    bool ended() const { return ended_; }
    bool connected() const { return open_; }
    long patch_gaps() const { return gaps_; }
    // Messages passed over because a field their type has was absent or of another type.
    long unreadable_messages() const { return unreadable_; }

  private:
    void on_resolve(beast::error_code ec, net::ip::tcp::resolver::results_type results);
    void on_connect(beast::error_code ec, net::ip::tcp::endpoint);
    void on_handshake(beast::error_code ec);
    void do_read();
    void on_read(beast::error_code ec, std::size_t);
    void do_write();
    // `prompt`: the prompt's actions when the frame was read for play (keep_view false).
    void handle_readable(const Json& m, const std::string& frame,
                         const std::vector<PromptAction>* prompt);
    void handle(const Json& m, const std::string& frame, const std::vector<PromptAction>* prompt);
    void answer_prompt(const Json& m, const std::string& frame,
                       const std::vector<PromptAction>* prompt);
    std::string pick_from_view(int seat, const Json& legal);
    void send_action(int seat, const std::string& text);
    void fail(const std::string& why);

    net::any_io_executor executor_;  // the client's strand
    net::ip::tcp::resolver resolver_;
    // Over the bare socket: a connect has its own deadline (connect_timer_), and every frame
    // read skips a layer of timeout bookkeeping.
    beast::websocket::stream<net::ip::tcp::socket> ws_;
    net::steady_timer connect_timer_;
    beast::flat_buffer buffer_;
    Settings settings_;
    std::deque<std::string> outbox_;
    net::steady_timer think_timer_;

    bool writing_ = false;
    bool open_ = false;
    bool closed_ = false;

    Json view_ = Json::object();
    long version_ = -1;
    std::optional<long> table_;
    int seat_ = -1;
    std::string token_;
    bool ended_ = false;
    long gaps_ = 0;
    long unreadable_ = 0;
    RandomBot bot_;           // decides on a state rebuilt from the view
    PromptBot prompt_bot_;    // decides from the prompt alone
    std::mt19937_64 random_;  // think times
};

}  // namespace niagara::client
