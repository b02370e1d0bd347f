#include "frame_mailbox.hpp"

#include <boost/asio/post.hpp>

#include "websocket_session.hpp"

namespace niagara::server {

void FrameMailbox::deliver(std::shared_ptr<WebSocketSession> to,
                           std::shared_ptr<const std::string> frame,
                           const boost::asio::any_io_executor& executor) {
    bool first = false;
    {
        std::lock_guard lock(mutex_);
        first = pending_.empty();
        pending_.emplace_back(std::move(to), std::move(frame));
    }
    if (first) boost::asio::post(executor, [this] { take(); });
}

void FrameMailbox::take() {
    {
        std::lock_guard lock(mutex_);
        taken_.swap(pending_);  // both vectors keep their capacity: no allocation per hop
    }
    for (auto& [to, frame] : taken_)
        to->enqueue(std::move(frame));
    taken_.clear();
}

void FrameMailbox::shutdown() {
    // Frames not taken hold their connections; let both go with the io_context.
    std::lock_guard lock(mutex_);
    pending_.clear();
}

}  // namespace niagara::server
