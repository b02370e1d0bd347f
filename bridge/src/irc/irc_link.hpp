// One connection to an IRC server, plain TCP or TLS: connects (resolving the host), then reads
// lines and writes lines in order. It knows nothing of IRC beyond CR LF; IrcNetwork drives it.
// Callbacks run on the io_context; after close() none is called again. The link keeps itself
// alive while an operation is pending, so it may be dropped at any time.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <string>

namespace niagara::bridge::irc {

class IrcLink : public std::enable_shared_from_this<IrcLink> {
  public:
    struct Options {
        std::string host;
        unsigned short port = 6667;
        bool tls = false;
        bool tls_verify = true;  // the certificate chain and the host name (SNI is always sent)
        std::chrono::milliseconds connect_timeout{20000};  // resolving, TCP and TLS together
    };
    struct Callbacks {
        std::function<void()> connected;                     // ready to write
        std::function<void(const std::string&)> line;        // one line, CR LF removed
        std::function<void(const std::string& why)> closed;  // once, unless close() came first
    };

    IrcLink(boost::asio::io_context& io, Options options, Callbacks callbacks);
    ~IrcLink();

    void start();
    // Sends `line` (CR LF is added) after everything written before it.
    void write(std::string line);
    // Closes at once; what is not written yet is lost. No callback follows.
    void close();
    // Closes once everything written so far has gone out (a QUIT), or after `timeout`.
    void close_after_writes(std::chrono::milliseconds timeout);

    bool open() const { return !closed_; }
    std::size_t lines_written() const { return lines_written_; }

  private:
    using Stream = boost::asio::ssl::stream<boost::asio::ip::tcp::socket>;

    void connected(const boost::asio::ip::tcp::endpoint& peer);
    void read_next();
    void write_next();
    void fail(const std::string& why);
    void shut();

    Options options_;
    Callbacks callbacks_;
    boost::asio::ip::tcp::resolver resolver_;
    boost::asio::ssl::context tls_context_;
    Stream stream_;
    boost::asio::steady_timer deadline_;
    std::string read_buffer_;
    std::deque<std::string> to_write_;
    bool ready_ = false;  // connected (and the TLS handshake done): lines may be written
    bool writing_ = false;
    bool closed_ = false;
    bool closing_ = false;  // close_after_writes: shut when the queue is empty
    std::size_t lines_written_ = 0;
};

}  // namespace niagara::bridge::irc
