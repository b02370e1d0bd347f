// A chat network in the test's process, for the bridge's core tests: what the bridge says is
// recorded as lines; what people say is handed to the bridge directly through events().
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <string>
#include <vector>

#include "chat_network.hpp"

namespace bridge_test {

struct FakeLine {
    std::string target;  // a channel, or a user's key
    std::string text;
    bool is_private = false;
};

class FakeNetwork final : public niagara::bridge::ChatNetwork {
  public:
    explicit FakeNetwork(boost::asio::io_context& io) : io_(io) {}
    void start(niagara::bridge::ChatEvents& events) override {
        events_ = &events;
        boost::asio::post(io_, [this] { events_->on_ready("niagara"); });
    }
    void stop() override { events_ = nullptr; }
    void say(const std::string& channel, const std::string& line) override {
        lines.push_back({channel, line, false});
    }
    void tell(const std::string& key, const std::string& line) override {
        lines.push_back({key, line, true});
    }
    std::string network_name() const override { return "fake"; }
    niagara::bridge::ChatEvents* events() { return events_; }

    std::vector<FakeLine> lines;

  private:
    boost::asio::io_context& io_;
    niagara::bridge::ChatEvents* events_ = nullptr;
};

}  // namespace bridge_test
