// The executor that serialises a table's or a connection's work.
//
// With several threads running the io_context, each table and each connection needs a strand.
// With one thread, every handler already runs one after another on that thread: a strand
// would only add a lock and a queue hop to every message (four frames and a command per
// action) and protect nothing. So a one-thread server hands out the io_context's own
// executor, and a connection then queues frames without crossing to a strand
// (WebSocketSession::send).
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace niagara::server {

// True when the io_context's own executor serialises everything (one thread runs it).
inline bool one_thread(int threads) {
    return threads == 1;
}

inline boost::asio::any_io_executor serial_executor(boost::asio::io_context& io, int threads) {
    if (one_thread(threads)) return io.get_executor();
    return boost::asio::make_strand(io);
}

}  // namespace niagara::server
