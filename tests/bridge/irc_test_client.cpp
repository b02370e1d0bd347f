#include "irc_test_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <thread>

namespace irc_test {

namespace net = boost::asio;
using niagara::bridge::irc::casefold;
using niagara::bridge::irc::is_channel_name;
using niagara::bridge::irc::parse_irc_line;

bool run_until(net::io_context& io, const std::function<bool()>& done,
               std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        if (done()) return true;
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return false;
        if (io.stopped()) io.restart();
        // Short slices: `done` is checked often, and an idle io_context (nothing to do) does
        // not make this spin.
        if (io.run_one_for(std::min<std::chrono::steady_clock::duration>(deadline - now, 10ms)) ==
            0)
            std::this_thread::sleep_for(1ms);
    }
}

IrcTestClient::IrcTestClient(net::io_context& io, unsigned short port, std::string nick)
    : io_(io), port_(port), nick_(std::move(nick)) {}

IrcTestClient::~IrcTestClient() {
    if (socket_) {
        boost::system::error_code ignored;
        socket_->close(ignored);
    }
}

bool IrcTestClient::connect(std::chrono::milliseconds timeout) {
    socket_ = std::make_unique<net::ip::tcp::socket>(io_);
    read_buffer_.clear();
    to_write_.clear();
    writing_ = false;
    welcomed_ = false;
    boost::system::error_code ec;
    socket_->connect({net::ip::address_v4::loopback(), port_}, ec);
    if (ec) return false;
    connected_ = true;
    read_next();
    send_raw("NICK " + nick_);
    send_raw("USER tester 0 * :test client");
    return wait_for([this] { return welcomed_ || !connected_; }, timeout) && welcomed_;
}

bool IrcTestClient::join(const std::string& channel, std::chrono::milliseconds timeout) {
    const std::size_t from = lines_.size();
    send_raw("JOIN " + channel);
    return wait_for(
        [&] {
            for (std::size_t i = from; i < lines_.size(); ++i)
                if (lines_[i].command == "366" && casefold(lines_[i].param(1)) == casefold(channel))
                    return true;
            return false;
        },
        timeout);
}

void IrcTestClient::part(const std::string& channel, const std::string& reason) {
    send_raw("PART " + channel + " :" + reason);
}

void IrcTestClient::say(const std::string& target, const std::string& text) {
    send_raw("PRIVMSG " + target + " :" + text);
}

void IrcTestClient::notice(const std::string& target, const std::string& text) {
    send_raw("NOTICE " + target + " :" + text);
}

bool IrcTestClient::rename(const std::string& nick, std::chrono::milliseconds timeout) {
    const std::size_t from = lines_.size();
    send_raw("NICK " + nick);
    const bool done = wait_for(
        [&] {
            for (std::size_t i = from; i < lines_.size(); ++i)
                if (lines_[i].command == "NICK" && lines_[i].param(0) == nick) return true;
            return false;
        },
        timeout);
    if (done) nick_ = nick;
    return done;
}

bool IrcTestClient::quit(const std::string& reason, std::chrono::milliseconds timeout) {
    send_raw("QUIT :" + reason);
    return wait_for([this] { return !connected_; }, timeout);
}

void IrcTestClient::send_raw(const std::string& line) {
    if (!connected_) return;
    to_write_.push_back(line + "\r\n");
    write_next();
}

bool IrcTestClient::wait_for(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    return run_until(io_, done, timeout);
}

bool IrcTestClient::wait_for_message(const std::function<bool(const IrcReceived&)>& match,
                                     std::chrono::milliseconds timeout) {
    std::size_t checked = 0;
    return wait_for(
        [&] {
            for (; checked < received_.size(); ++checked)
                if (match(received_[checked])) return true;
            return false;
        },
        timeout);
}

bool IrcTestClient::saw(const std::string& command, const std::string& nick,
                        std::size_t from) const {
    for (std::size_t i = from; i < lines_.size(); ++i)
        if (lines_[i].command == command &&
            (nick.empty() || casefold(lines_[i].nick) == casefold(nick)))
            return true;
    return false;
}

void IrcTestClient::read_next() {
    // The socket object of this connection: a reconnect makes a new one, and the old one's
    // last handler must not touch the new state.
    net::ip::tcp::socket* socket = socket_.get();
    net::async_read_until(*socket, net::dynamic_buffer(read_buffer_, 64 * 1024), '\n',
                          [this, socket](const boost::system::error_code& ec, std::size_t length) {
                              if (socket != socket_.get()) return;
                              if (ec) {
                                  connected_ = false;
                                  boost::system::error_code ignored;
                                  socket_->close(ignored);
                                  return;
                              }
                              std::string line = read_buffer_.substr(0, length);
                              read_buffer_.erase(0, length);
                              on_line(line);
                              read_next();
                          });
}

void IrcTestClient::write_next() {
    if (writing_ || to_write_.empty() || !connected_) return;
    writing_ = true;
    net::ip::tcp::socket* socket = socket_.get();
    net::async_write(*socket, net::buffer(to_write_.front()),
                     [this, socket](const boost::system::error_code& ec, std::size_t) {
                         if (socket != socket_.get()) return;
                         writing_ = false;
                         if (ec) return;
                         to_write_.pop_front();
                         write_next();
                     });
}

void IrcTestClient::on_line(const std::string& line) {
    const auto message = parse_irc_line(line);
    if (!message) return;
    lines_.push_back(*message);
    const std::string& command = message->command;
    if (command == "PING") {
        send_raw("PONG :" + message->param(0));
    } else if (command == "001") {
        welcomed_ = true;
        nick_ = message->param(0);
    } else if (command == "NICK" && casefold(message->nick) == casefold(nick_)) {
        nick_ = message->param(0);
    } else if ((command == "PRIVMSG" || command == "NOTICE") && message->params.size() >= 2) {
        IrcReceived received;
        received.from = message->nick;
        received.target = message->param(0);
        received.text = message->param(1);
        received.is_private = !is_channel_name(received.target);
        received.is_notice = command == "NOTICE";
        received.wire_bytes = line.size();
        received.at = std::chrono::steady_clock::now();
        received_.push_back(std::move(received));
    }
}

}  // namespace irc_test
