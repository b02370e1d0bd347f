// Items handed from any thread to one consumer, which takes them in batches: push() says
// whether the batch was empty (then the caller posts the consumer, so that one post carries
// every item pushed before the consumer runs), and take_all() hands the consumer the batch.
#pragma once

#include <mutex>
#include <utility>
#include <vector>

namespace niagara::server {

template <typename Item>
class BatchedHandOver {
  public:
    // From any thread. True when the caller must post the consumer.
    bool push(Item item) {
        std::lock_guard lock(mutex_);
        const bool first = pending_.empty();
        pending_.push_back(std::move(item));
        return first;
    }

    // On the consumer's thread: `each` gets every item pushed so far, in order.
    template <typename Each>
    void take_all(Each&& each) {
        {
            std::lock_guard lock(mutex_);
            taken_.swap(pending_);  // both vectors keep their capacity: no allocation per hop
        }
        for (Item& item : taken_)
            each(item);
        taken_.clear();
    }

    void clear() {
        std::lock_guard lock(mutex_);
        pending_.clear();
    }

  private:
    std::mutex mutex_;
    std::vector<Item> pending_;  // guarded by mutex_
    std::vector<Item> taken_;    // the consumer's only
};

}  // namespace niagara::server
