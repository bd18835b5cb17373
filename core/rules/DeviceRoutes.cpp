// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/DeviceRoutes.h"

#include "net/Ipv4.h"

#include <optional>

namespace cw {

namespace {

std::optional<int> prefixOf(const DeviceNetwork &network)
{
    const auto mask = Ipv4::parse(network.netmask);
    return mask ? netmaskPrefix(*mask) : std::nullopt;
}

} // namespace

DeviceRoute deviceRoute(const DeviceNetwork &network, const QString &deviceIp)
{
    DeviceRoute route;
    const auto prefix = prefixOf(network);
    const auto ip = Ipv4::parse(deviceIp);
    if (!prefix || !ip || !isRouted(network))
        return route;
    const Ipv4Network segment = Ipv4Network::containing(*ip, *prefix);
    for (qsizetype i = 0; i < network.gateways.size(); ++i) {
        const auto gateway = Ipv4::parse(network.gateways[i]);
        if (!gateway || !segment.contains(*gateway))
            continue;
        route.gateway = gateway->toString();
        route.detectIp =
            network.detectIps.isEmpty() ? route.gateway : network.detectIps.value(i).trimmed();
        return route;
    }
    if (!network.gateways.isEmpty())
        return route;
    for (const QString &text : network.detectIps) {
        const auto detect = Ipv4::parse(text);
        if (detect && segment.contains(*detect)) {
            route.detectIp = detect->toString();
            break;
        }
    }
    return route;
}

QSet<quint32> routedAddresses(const DeviceNetwork &network)
{
    QSet<quint32> addresses;
    for (const QStringList *list : {&network.gateways, &network.detectIps}) {
        for (const QString &text : *list) {
            if (const auto ip = Ipv4::parse(text))
                addresses.insert(ip->value);
        }
    }
    return addresses;
}

} // namespace cw
