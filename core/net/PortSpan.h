// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace cw {

// A range of TCP ports, first and last included: what a firewall rule names and what a job needs.
struct PortSpan {
    int first = 0;
    int last = 0;
    bool contains(int port) const { return port >= first && port <= last; }
    bool operator==(const PortSpan &) const = default;
};

// "29501", "60000-60031"; ufw and iptables write a range with ':'.
inline QString portSpanText(const PortSpan &span, QChar rangeSeparator = u'-')
{
    if (span.first == span.last)
        return QString::number(span.first);
    return QString::number(span.first) + rangeSeparator + QString::number(span.last);
}

} // namespace cw
