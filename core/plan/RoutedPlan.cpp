#include "plan/RoutedPlan.h"

#include "net/Ipv4.h"
#include "rules/SegmentMath.h"

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

} // namespace cw
