// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/RoutedPlan.h"

#include "net/Ipv4.h"
#include "rules/AtlasA3Rules.h"
#include "rules/DeviceRules.h"
#include "rules/SegmentMath.h"

#include <QSet>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {

QString prepareRoutedPlan(Project &project, QStringList &changes)
{
    DeviceNetwork &network = project.deviceNetwork;
    if (network.gateways.isEmpty() || !network.segments.isEmpty())
        return {};
    QString problem;
    const auto prefix = deviceNetmaskPrefix(network.netmask, &problem);
    if (!prefix) {
        return u"routed planning needs device_network.netmask to place the segments of the "
               "gateways: %1"_s.arg(network.netmask.isEmpty() ? u"it is empty"_s : problem);
    }
    const qsizetype count = network.gateways.size();
    const qsizetype servers = qsizetype(project.servers.size());
    if (project.accelerator == Accelerator::Ascend910 && count != kSegmentCount) {
        return u"device_network.gateways lists %1 gateways; an ascend910 device network has "
               "four segments, so give four (gateways[j] for devices j and j + 4)"_s.arg(count);
    }
    if (project.accelerator == Accelerator::Ascend910_93 && count != kA3SegmentCount) {
        return u"device_network.gateways lists %1 gateways; an ascend910_93 device network has "
               "two segments, so give two (gateways[j] for die j of every NPU)"_s.arg(count);
    }
    if (project.accelerator == Accelerator::Ascend910b && count != 1 && count != servers) {
        return u"device_network.gateways lists %1 gateways for %2 servers; give one shared "
               "segment's gateway or one per server"_s.arg(count)
                   .arg(servers);
    }
    QStringList segments;
    for (qsizetype i = 0; i < count; ++i) {
        const auto gateway = Ipv4::parse(network.gateways[i]);
        if (!gateway)
            return u"device_network.gateways[%1] '%2' is not an IPv4 address"_s.arg(i).arg(
                network.gateways[i]);
        segments << Ipv4Network::containing(*gateway, *prefix).network.toString();
    }
    network.segments = segments;
    changes << u"device_network.segments: (none) -> %1 (the segments of the gateways)"_s.arg(
        segments.join(u", "_s));
    return {};
}

void finishRoutedPlan(Project &project, QStringList &changes)
{
    DeviceNetwork &network = project.deviceNetwork;
    if (network.gateways.isEmpty() || !network.detectIps.isEmpty())
        return;
    for (const QString &text : network.gateways) {
        const auto gateway = Ipv4::parse(text);
        network.detectIps << (gateway ? gateway->toString() : text);
    }
    changes << u"device_network.detect_ips: (none) -> %1 (each segment detects its gateway)"_s.arg(
        network.detectIps.join(u", "_s));
}

int fillSegmentGateways(Project &project, QStringList &changes)
{
    DeviceNetwork &network = project.deviceNetwork;
    if (project.accelerator != Accelerator::Ascend910b)
        return 0;
    QString problem;
    const auto prefix = deviceNetmaskPrefix(network.netmask, &problem);
    if (!prefix)
        return 0;
    QSet<quint32> taken;
    std::vector<Ipv4Network> segments; // in server order
    for (const Server &server : project.servers) {
        if (const auto host = Ipv4::parse(server.effectiveHostIp()))
            taken.insert(host->value);
        for (const QString &text : server.deviceIps) {
            const auto ip = Ipv4::parse(text);
            if (!ip)
                continue;
            taken.insert(ip->value);
            const Ipv4Network segment = Ipv4Network::containing(*ip, *prefix);
            if (std::find(segments.begin(), segments.end(), segment) == segments.end())
                segments.push_back(segment);
        }
    }
    if (segments.size() < 2)
        return 0;
    QSet<quint32> served; // segments that have a gateway already
    for (const QString &text : network.gateways) {
        if (const auto gateway = Ipv4::parse(text)) {
            taken.insert(gateway->value);
            served.insert(Ipv4Network::containing(*gateway, *prefix).network.value);
        }
    }
    QStringList added;
    for (const Ipv4Network &segment : segments) {
        if (served.contains(segment.network.value))
            continue;
        for (quint32 value = segment.broadcast().value - 1; value > segment.network.value;
             --value) {
            if (taken.contains(value))
                continue;
            const QString gateway = Ipv4{value}.toString();
            network.gateways << gateway;
            added << gateway;
            taken.insert(value);
            changes << u"device_network.gateways: + %1 for segment %2 (its highest free address; "
                       "write your router's address there if it differs)"_s.arg(gateway,
                                                                                segment.toString());
            break;
        }
    }
    if (added.isEmpty())
        return 0;
    if (network.detectIps.isEmpty()) {
        finishRoutedPlan(project, changes);
    } else { // one detect IP per gateway: the new ones detect themselves
        network.detectIps << added;
        changes << u"device_network.detect_ips: + %1 (each new segment detects its gateway)"_s.arg(
            added.join(u", "_s));
    }
    return int(added.size());
}

PlanResult planDeviceNetworkFillingGateways(const Project &project)
{
    PlanResult first = planDeviceNetwork(project);
    if (first.ok || project.accelerator != Accelerator::Ascend910b)
        return first;
    // Only a plan whose one fault is the missing gateways is completed; any other reason stands.
    const Problems left = validateDeviceNetwork(first.project);
    if (left.empty() || std::any_of(left.begin(), left.end(), [](const Problem &problem) {
            return problem.rule != u"gateway-missing";
        }))
        return first;
    Project routed = first.project;
    QStringList changes = first.changes;
    if (fillSegmentGateways(routed, changes) == 0)
        return first;
    PlanResult second = planDeviceNetwork(routed);
    second.changes = changes + second.changes;
    return second;
}

} // namespace cw
