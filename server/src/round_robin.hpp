// Turns over keys, each with its own queue of waiting work: how the BotPool shares its threads
// by address, and by table within an address (bot_pool.hpp).
//
// Keys take turns in rounds: each key with work waiting is served once a round. A key served
// in this round that still has work (or brings new work) waits for the next round, behind
// every key not yet served in this round, including one that arrives only now. So a newcomer
// waits for at most one turn of each key already waiting, however much those keys hold. (A
// plain ring, a newcomer at its tail, would put it behind the key just served and put back.)
// Remembering who was served this round also keeps a key from jumping ahead by leaving and
// coming back at once, and ranks the key whose work was taken last (it is under way) behind a
// newcomer even when nothing else waits. Within a round, keys are served in the order they came.
//
// Every operation is O(1) (the set of keys served is cleared once a round, each entry paid by
// its turn); the memory is the keys with work waiting, and those served in the current round
// (a round ends when a turn is due and every key in it had one, or when nothing waits: then
// only the key served last is remembered).
// Not thread-safe: the owner locks.
#pragma once

#include <cassert>
#include <deque>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace niagara::server {

template <typename Key, typename Queue>
class RoundRobin {
  public:
    bool empty() const { return queues_.empty(); }
    // The number of keys with work waiting.
    std::size_t keys() const { return queues_.size(); }

    // `key`'s queue, made and given a turn when `key` had nothing waiting: the caller must
    // then add work to it (a queue here is never empty between two calls).
    Queue& enter(const Key& key) {
        auto [it, made] = queues_.try_emplace(key);
        if (made) (served_.contains(key) ? next_ : current_).push_back(key);
        return it->second;
    }

    // The key whose turn it is, and its queue. Not when empty().
    const Key& front_key() {
        begin_round_if_due();
        return current_.front();
    }
    Queue& front() { return queues_.find(front_key())->second; }

    // After one piece of front()'s work was taken: the key waits for the next round, or
    // leaves when its queue is empty.
    void served(bool still_waiting) {
        begin_round_if_due();
        Key key = std::move(current_.front());
        current_.pop_front();
        if (still_waiting) {
            next_.push_back(key);
        } else {
            queues_.erase(key);
        }
        if (queues_.empty()) served_.clear();  // nobody waits: the round holds this key only
        served_.insert(std::move(key));
    }

    // Everything waiting, handed over (the structure is left empty).
    std::unordered_map<Key, Queue> take_all() {
        current_.clear();
        next_.clear();
        served_.clear();
        return std::exchange(queues_, {});
    }

  private:
    void begin_round_if_due() {
        assert(!queues_.empty());
        if (!current_.empty()) return;
        current_.swap(next_);
        served_.clear();
    }

    std::unordered_map<Key, Queue> queues_;  // the keys with work waiting
    std::deque<Key> current_;                // their turns in this round, in order
    std::deque<Key> next_;                   // ... in the next round
    std::unordered_set<Key> served_;         // served in this round
};

}  // namespace niagara::server
