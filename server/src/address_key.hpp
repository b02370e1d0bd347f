// What the per-address limits count a client as (--max-connections-per-address,
// --max-tables-per-address): its IPv4 address, or its IPv6 network. One IPv6 host usually holds
// a whole /64 (SLAAC, privacy addresses) and can use a fresh address for every connection, so
// counting exact IPv6 addresses would put no limit on it; --ipv6-prefix (64 by default, 128:
// exact addresses) says how much of an IPv6 address is the client's.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>

namespace niagara::server {

// "192.0.2.7"; "2001:db8:1:2::/64"; an IPv4 client of a dual-stack socket (::ffff:a.b.c.d)
// counts as its IPv4 address. `v6_prefix` is clamped to 0..128.
inline std::string address_key(boost::asio::ip::address address, int v6_prefix) {
    namespace ip = boost::asio::ip;
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = ip::make_address_v4(ip::v4_mapped, address.to_v6());
    if (address.is_v4()) return address.to_string();
    const int prefix = v6_prefix < 0 ? 0 : v6_prefix > 128 ? 128 : v6_prefix;
    auto bytes = address.to_v6().to_bytes();
    for (int bit = prefix; bit < 128; ++bit)
        bytes[std::size_t(bit / 8)] &= static_cast<unsigned char>(~(0x80u >> (bit % 8)));
    const std::string network = ip::address_v6(bytes).to_string();
    return prefix == 128 ? network : network + "/" + std::to_string(prefix);
}

}  // namespace niagara::server
