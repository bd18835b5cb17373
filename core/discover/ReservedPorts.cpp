// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/ReservedPorts.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

std::vector<PortSpan> unreservedPorts(const PortSpan &wanted, const ReservedPortsFacts &kernel)
{
    std::vector<PortSpan> open;
    const int first = std::max(wanted.first, kernel.ephemeral.first);
    const int last = std::min(wanted.last, kernel.ephemeral.last);
    for (int port = first; port <= last; ++port) {
        const bool reserved =
            std::any_of(kernel.reserved.begin(), kernel.reserved.end(),
                        [port](const PortSpan &span) { return span.contains(port); });
        if (reserved)
            continue;
        if (!open.empty() && open.back().last == port - 1)
            open.back().last = port;
        else
            open.push_back({port, port});
    }
    return open;
}

QString reservedPortsWith(const std::vector<PortSpan> &reserved, const PortSpan &added)
{
    std::vector<PortSpan> spans = reserved;
    spans.push_back(added);
    std::sort(spans.begin(), spans.end(),
              [](const PortSpan &a, const PortSpan &b) { return a.first < b.first; });
    std::vector<PortSpan> merged;
    for (const PortSpan &span : spans) {
        if (!merged.empty() && span.first <= merged.back().last + 1)
            merged.back().last = std::max(merged.back().last, span.last);
        else
            merged.push_back(span);
    }
    QStringList parts;
    for (const PortSpan &span : merged)
        parts << portSpanText(span);
    return parts.join(u',');
}

} // namespace cw
