// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"
#include "rules/RuleText.h"

#include <QSet>
#include <QString>

namespace cw {

// Routed device networks (device_network.gateways / detect_ips, after ascend-deployer's
// `gateways` / `detectip`): which gateway and detect IP each device is given.

struct DeviceRoute {
    QString gateway;  // empty: none
    QString detectIp; // empty: none
};

inline bool isRouted(const DeviceNetwork &network)
{
    return !network.gateways.isEmpty() || !network.detectIps.isEmpty();
}

// The route of the device whose IP is `deviceIp`: the gateway inside its segment and
// detect_ips[i] for gateways[i] (the gateway itself when detect_ips is empty, as Huawei
// recommends); with no gateways, the detect IP inside its segment. Empty parts when the project
// sets none or the netmask or the IP does not parse.
DeviceRoute deviceRoute(const DeviceNetwork &network, const QString &deviceIp);

// Every gateway and detect IP that parses: addresses the planner never gives a device.
QSet<quint32> routedAddresses(const DeviceNetwork &network);

// Rule ids "gateway" (not an address, outside every device segment, network or broadcast, two in
// one segment, equal to a device IP), "gateway-missing" (a device whose segment has none),
// "detect-ip" (not an address, a device IP, unreachable, count differs from gateways).
void checkRoutedNetwork(const Project &project, ProblemList &out);

} // namespace cw
