// A person on IRC for the adapter's tests: a plain Asio client of the test's ngircd that logs in,
// joins, talks in channels and privately, renames, parts and quits, and records every message it
// receives. It runs on the io_context the test shares with the adapter; wait_for() (and
// run_until()) drive that io_context until a condition holds or a deadline passes, so a test
// runs on one thread and never waits without a deadline.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "irc_message.hpp"

namespace irc_test {

using namespace std::chrono_literals;

// Runs `io` until `done()` holds (checked between handlers) or `timeout` passes.
bool run_until(boost::asio::io_context& io, const std::function<bool()>& done,
               std::chrono::milliseconds timeout);

// One PRIVMSG or NOTICE the client received.
struct IrcReceived {
    std::string from;    // the sender's nick
    std::string target;  // a channel, or the client's own nick
    std::string text;
    bool is_private = false;  // to the client's nick, not a channel
    bool is_notice = false;
    std::size_t wire_bytes = 0;  // the whole line as relayed, CR LF included
    std::chrono::steady_clock::time_point at;
};

class IrcTestClient {
  public:
    IrcTestClient(boost::asio::io_context& io, unsigned short port, std::string nick);
    ~IrcTestClient();
    IrcTestClient(const IrcTestClient&) = delete;
    IrcTestClient& operator=(const IrcTestClient&) = delete;

    // Connects and logs in (NICK, USER); true once the server welcomed it (001).
    bool connect(std::chrono::milliseconds timeout = 5s);
    // JOIN; true once the server ended the channel's NAMES (366).
    bool join(const std::string& channel, std::chrono::milliseconds timeout = 5s);
    void part(const std::string& channel, const std::string& reason = "bye");
    void say(const std::string& target, const std::string& text);     // PRIVMSG
    void notice(const std::string& target, const std::string& text);  // NOTICE
    // NICK; true once the server confirmed it.
    bool rename(const std::string& nick, std::chrono::milliseconds timeout = 5s);
    // QUIT; true once the server closed the connection. connect() may follow again.
    bool quit(const std::string& reason = "bye", std::chrono::milliseconds timeout = 5s);
    void send_raw(const std::string& line);

    bool wait_for(const std::function<bool()>& done, std::chrono::milliseconds timeout = 5s);
    // Waits for a PRIVMSG/NOTICE satisfying `match`; true when one came.
    bool wait_for_message(const std::function<bool(const IrcReceived&)>& match,
                          std::chrono::milliseconds timeout = 5s);

    const std::vector<IrcReceived>& received() const { return received_; }
    // Every line the server sent, parsed (PINGs included).
    const std::vector<niagara::bridge::irc::IrcMessage>& lines() const { return lines_; }
    // Whether the server sent a line with `command` (from `nick`, when given) since `from`.
    bool saw(const std::string& command, const std::string& nick = "", std::size_t from = 0) const;
    bool connected() const { return connected_; }
    const std::string& nick() const { return nick_; }

  private:
    void read_next();
    void write_next();
    void on_line(const std::string& line);

    boost::asio::io_context& io_;
    unsigned short port_;
    std::string nick_;
    std::unique_ptr<boost::asio::ip::tcp::socket> socket_;
    std::string read_buffer_;
    std::deque<std::string> to_write_;
    bool writing_ = false;
    bool connected_ = false;
    bool welcomed_ = false;
    std::vector<IrcReceived> received_;
    std::vector<niagara::bridge::irc::IrcMessage> lines_;
};

}  // namespace irc_test
