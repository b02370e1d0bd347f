// The HTTP limits per address (http_gate.hpp) in-process: tickets count an address's
// connections and give them back, a bucket per address, and the table of addresses stays
// bounded however many a stranger uses.
#include <catch2/catch.hpp>

#include "http_gate.hpp"

using niagara::server::HttpGate;

TEST_CASE("HTTP gate: connections per address, given back; a bucket per address",
          "[server][http_gate]") {
    auto gate = std::make_shared<HttpGate>(HttpGate::Limits{2, 1, 3});
    auto a1 = gate->open("a");
    auto a2 = gate->open("a");
    CHECK(a1);
    CHECK(a2);
    CHECK_FALSE(gate->open("a"));
    CHECK(gate->open("b"));  // another address is not counted with it
    a1.reset();
    CHECK(gate->open("a"));  // a place given back is taken again

    const auto t0 = HttpGate::Clock::now();
    for (int i = 0; i < 3; ++i)
        CHECK(gate->request("a", t0));  // the burst
    CHECK_FALSE(gate->request("a", t0));
    CHECK(gate->request("b", t0));                               // its own bucket
    CHECK(gate->request("a", t0 + std::chrono::milliseconds(1100)));  // one a second refills
}

TEST_CASE("HTTP gate: the table of addresses stays bounded", "[server][http_gate]") {
    auto gate = std::make_shared<HttpGate>(HttpGate::Limits{32, 50, 200});
    for (int i = 0; i < 20000; ++i)
        gate->open("2001:db8:" + std::to_string(i) + "::/64");  // opened and closed at once
    CHECK(gate->addresses() <= 4097);
}
