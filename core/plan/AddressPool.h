// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/Ipv4.h"
#include "rules/SegmentMath.h"

#include <QSet>

#include <array>
#include <bitset>
#include <optional>

namespace cw {

// The device addresses still free in the four segments of one candidate plan. An address is
// free when it is a host address of its segment, no server's host IP, not given to a device
// yet, and its last octet is not used by another device of that segment. Lookups are hashes
// and bitsets, so filling a 128-server cluster stays linear.
class AddressPool {
public:
    AddressPool(const std::array<Ipv4Network, kSegmentCount> &segments,
                const QSet<quint32> &hostIps);

    const Ipv4Network &segment(int j) const { return m_segments[static_cast<size_t>(j)]; }
    bool available(int j, Ipv4 ip) const;
    void take(int j, Ipv4 ip);

    // Distinct last octets segment j can give devices at all (before any take): its capacity.
    int usableOctets(int j) const;
    // Host IPs of the servers that lie inside segment j.
    int hostIpsInside(int j) const;

    // The lowest free address of segment j, or nullopt when it is full.
    std::optional<Ipv4> next(int j);

private:
    std::array<Ipv4Network, kSegmentCount> m_segments;
    QSet<quint32> m_hostIps;
    QSet<quint32> m_used;
    std::array<std::bitset<256>, kSegmentCount> m_octets;
    std::array<quint64, kSegmentCount> m_cursor{}; // next offset next() looks at
};

} // namespace cw
