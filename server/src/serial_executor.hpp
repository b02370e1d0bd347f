// The executor that serialises a table's or a connection's work, and how the server's threads
// run its io_contexts.
//
// - One thread: every handler already runs one after another on that thread. A strand would
//   only add a lock and a queue hop to every message (four frames and a command per action)
//   and protect nothing, so tables and connections get the io_context's own executor, and a
//   connection queues a table's frames without crossing to a strand (WebSocketSession::send).
// - Two threads: two io_contexts, one thread each: the connections (accepting, reading,
//   writing: the sends are most of an action's cost) on one, the tables and the lobby's
//   commits on the other. Each still needs no strand; work crosses between the two only where
//   a connection hands a command to a table and the tables hand frames to the connections
//   (one hop per batch for all connections: frame_mailbox.hpp). Strands on one shared
//   io_context cost about an eighth more CPU per action (the threads waking each other for
//   every handler: loadgen/BENCHMARKS.md).
// - Three or more: one io_context, every table and connection on a strand of its own.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace niagara::server {

// True when one thread runs everything: a table and a connection share the thread.
inline bool one_thread(int threads) {
    return threads == 1;
}

// True when connections and tables run on two io_contexts of one thread each.
inline bool split_threads(int threads) {
    return threads == 2;
}

// Serialises the work of one table or connection on `io`.
inline boost::asio::any_io_executor serial_executor(boost::asio::io_context& io, int threads) {
    if (one_thread(threads) || split_threads(threads)) return io.get_executor();
    return boost::asio::make_strand(io);
}

}  // namespace niagara::server
