// What the per-address limits count a client as (address_key.hpp): an IPv4 address as it is,
// an IPv6 address as its network (/64 by default), so that a host with a /64 cannot open a
// fresh address per connection to escape --max-connections-per-address.
#include <catch2/catch.hpp>

#include "address_key.hpp"

using niagara::server::address_key;
namespace ip = boost::asio::ip;

TEST_CASE("address key: IPv6 clients count as their /64, IPv4 as themselves",
          "[server][limits][address]") {
    CHECK(address_key(ip::make_address("192.0.2.7"), 64) == "192.0.2.7");
    CHECK(address_key(ip::make_address("::ffff:192.0.2.7"), 64) == "192.0.2.7");
    // Two addresses of one /64: one key; another /64: another.
    const std::string a = address_key(ip::make_address("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), 64);
    const std::string b = address_key(ip::make_address("2001:db8:1:2::1"), 64);
    CHECK(a == "2001:db8:1:2::/64");
    CHECK(a == b);
    CHECK(address_key(ip::make_address("2001:db8:1:3::1"), 64) != a);
    // Other prefixes, exact addresses, and the edges.
    CHECK(address_key(ip::make_address("2001:db8:1:2ff::1"), 56) == "2001:db8:1:200::/56");
    CHECK(address_key(ip::make_address("2001:db8::5"), 128) == "2001:db8::5");
    CHECK(address_key(ip::make_address("2001:db8::5"), 0) == "::/0");
    CHECK(address_key(ip::make_address("2001:db8::5"), 500) == "2001:db8::5");
    CHECK(address_key(ip::make_address("2001:db8::5"), -3) == "::/0");
    CHECK(address_key(ip::make_address("::1"), 64) == "::/64");
}
