// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/AddressPool.h"

namespace cw {

AddressPool::AddressPool(const std::array<Ipv4Network, kSegmentCount> &segments,
                         const QSet<quint32> &hostIps)
    : m_segments(segments), m_hostIps(hostIps)
{
    m_cursor.fill(1);
}

bool AddressPool::available(int j, Ipv4 ip) const
{
    const Ipv4Network &net = segment(j);
    return net.contains(ip) && ip != net.network && ip != net.broadcast() &&
           !m_hostIps.contains(ip.value) && !m_used.contains(ip.value) &&
           !m_octets[static_cast<size_t>(j)].test(static_cast<size_t>(ip.lastOctet()));
}

void AddressPool::take(int j, Ipv4 ip)
{
    m_used.insert(ip.value);
    m_octets[static_cast<size_t>(j)].set(static_cast<size_t>(ip.lastOctet()));
}

int AddressPool::hostIpsInside(int j) const
{
    int inside = 0;
    for (quint32 host : m_hostIps) {
        if (segment(j).contains(Ipv4{host}))
            ++inside;
    }
    return inside;
}

int AddressPool::usableOctets(int j) const
{
    const Ipv4Network &net = segment(j);
    // How many addresses of the segment end in each octet, and how many of those are blocked.
    const quint64 perOctet = net.prefix >= 24 ? 1 : (quint64{1} << (24 - net.prefix));
    std::array<quint64, 256> blocked{};
    std::bitset<256> present;
    if (net.prefix >= 24) {
        for (quint64 offset = 0; offset < net.size(); ++offset)
            present.set(static_cast<size_t>((net.network.value + offset) & 0xffu));
    } else {
        present.set();
    }
    blocked[net.network.value & 0xffu] += 1;
    blocked[net.broadcast().value & 0xffu] += 1;
    for (quint32 host : m_hostIps) {
        const Ipv4 ip{host};
        if (net.contains(ip) && ip != net.network && ip != net.broadcast())
            blocked[host & 0xffu] += 1;
    }
    int usable = 0;
    for (size_t octet = 0; octet < 256; ++octet) {
        if (present.test(octet) && blocked[octet] < perOctet)
            ++usable;
    }
    return usable;
}

std::optional<Ipv4> AddressPool::next(int j)
{
    const Ipv4Network &net = segment(j);
    quint64 &cursor = m_cursor[static_cast<size_t>(j)];
    // The cursor only moves forward: an address skipped once stays unusable, since addresses
    // and octets are only ever taken, never given back.
    for (; cursor + 1 < net.size(); ++cursor) {
        const Ipv4 ip{static_cast<quint32>(net.network.value + cursor)};
        if (available(j, ip))
            return ip;
    }
    return std::nullopt;
}

} // namespace cw
