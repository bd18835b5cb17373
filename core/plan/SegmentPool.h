// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/Ipv4.h"

#include <QSet>

#include <algorithm>
#include <optional>
#include <utility>

namespace cw {

// Free device addresses in any number of segments: a host address of its segment, no server's
// host IP (nor a gateway or detect IP), and not given yet. Atlas A2 has no last-octet rule: the
// first generation's "distinguished by the last eight bits" (seed 000) is not in the A2 policy
// (docs/ascend.md), so a /23 holds 510 device IPs.
class SegmentPool {
public:
    explicit SegmentPool(QSet<quint32> hostIps) : m_hostIps(std::move(hostIps)) {}

    bool available(const Ipv4Network &net, Ipv4 ip) const
    {
        return net.contains(ip) && ip != net.network && ip != net.broadcast() &&
               !m_hostIps.contains(ip.value) && !m_used.contains(ip.value);
    }
    void take(Ipv4 ip) { m_used.insert(ip.value); }
    std::optional<Ipv4> next(const Ipv4Network &net) const
    {
        for (quint64 offset = 1; offset + 1 < net.size(); ++offset) {
            const Ipv4 ip{static_cast<quint32>(net.network.value + offset)};
            if (available(net, ip))
                return ip;
        }
        return std::nullopt;
    }
    // Addresses the segment offers devices: its host addresses less the host IPs inside it.
    int usable(const Ipv4Network &net) const
    {
        qint64 count = qint64(net.size()) - 2;
        for (const quint32 value : m_hostIps) {
            const Ipv4 ip{value};
            if (net.contains(ip) && ip != net.network && ip != net.broadcast())
                --count;
        }
        return int(std::max<qint64>(count, 0));
    }

private:
    QSet<quint32> m_hostIps;
    QSet<quint32> m_used;
};

} // namespace cw
