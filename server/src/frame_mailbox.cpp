#include "frame_mailbox.hpp"

#include <boost/asio/post.hpp>

#include "websocket_session.hpp"

namespace niagara::server {

void FrameMailbox::deliver(std::shared_ptr<WebSocketSession> to,
                           std::shared_ptr<const std::string> frame,
                           const boost::asio::any_io_executor& executor) {
    if (deliveries_.push({std::move(to), std::move(frame)}))
        boost::asio::post(executor, [this] { take(); });
}

void FrameMailbox::take() {
    deliveries_.take_all([](Delivery& d) { d.first->enqueue(std::move(d.second)); });
}

void FrameMailbox::shutdown() {
    // Frames not taken hold their connections; let both go with the io_context.
    deliveries_.clear();
}

}  // namespace niagara::server
