// Frames handed to connections from the tables' thread in the two-thread server
// (serial_executor.hpp). Every frame handed over before the connections' thread next looks
// crosses in one post, whichever connections it is for: a post per connection would cost a
// lock, an allocation freed on the other thread and a queued handler for each of the four or
// so frames of an action.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/execution_context.hpp>
#include <memory>
#include <string>
#include <utility>

#include "batched_hand_over.hpp"

namespace niagara::server {

class WebSocketSession;

// An Asio service of the connections' io_context, so each connection finds the one mailbox of
// its thread (boost::asio::use_service) without being handed it.
class FrameMailbox : public boost::asio::execution_context::service {
  public:
    static inline boost::asio::execution_context::id id;

    explicit FrameMailbox(boost::asio::execution_context& context) : service(context) {}

    // From any thread: `frame` reaches `to`'s write queue on `to`'s thread (`executor`), after
    // every frame delivered before it.
    void deliver(std::shared_ptr<WebSocketSession> to, std::shared_ptr<const std::string> frame,
                 const boost::asio::any_io_executor& executor);

  private:
    void take();  // on the connections' thread
    void shutdown() override;

    using Delivery =
        std::pair<std::shared_ptr<WebSocketSession>, std::shared_ptr<const std::string>>;
    BatchedHandOver<Delivery> deliveries_;
};

}  // namespace niagara::server
