// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/ServerSegmentRules.h"

#include "rules/SegmentMath.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The segments the user fixed, one per server (a single entry stands for all of them), or
// nullopt per server when none is fixed or the fixed one is unusable (reported here once).
std::vector<std::optional<Ipv4Network>> fixedSegments(const Project &project, int prefix,
                                                      ProblemList &out)
{
    const QStringList &segments = project.deviceNetwork.segments;
    const size_t servers = project.servers.size();
    std::vector<std::optional<Ipv4Network>> fixed(servers);
    if (segments.isEmpty())
        return fixed;
    if (segments.size() != 1 && static_cast<size_t>(segments.size()) != servers) {
        out.add(
            u"segment"_s, projectPlace(u"device_network.segments"_s),
            trText("cw::Validation",
                   "device network: %1 segments given for %2 servers; an ascend910b project gives "
                   "none, one shared by every server, or one per server")
                .arg(segments.size())
                .arg(servers));
        return fixed;
    }
    for (qsizetype j = 0; j < segments.size(); ++j) {
        QString problem;
        const auto segment = segmentFromText(segments[j], prefix, &problem);
        if (!segment) {
            out.add(u"segment"_s, projectPlace(u"device_network.segments"_s).item(int(j)),
                    trText("cw::Validation", "device network: segment %1 %2").arg(j).arg(problem));
            continue;
        }
        if (segments.size() == 1)
            std::fill(fixed.begin(), fixed.end(), segment);
        else
            fixed[static_cast<size_t>(j)] = segment;
    }
    return fixed;
}

// Servers whose devices lie in different segments reach each other only through a router: each
// segment's devices need its gateway (ascend-deployer's `gateways`, the deployer tool
// DeviceIP-conf.sh's IP / netmask / gateway per device, and HCCL's A2 rank table example with
// servers in 192.168.1.x and 192.168.2.x; docs/ascend.md "Routed device networks"). With
// gateways given, the routed rules check that every segment has one.
void checkSegmentsNeedGateways(const Project &project, int prefix,
                               const std::vector<std::vector<DeviceIpAt>> &ips, ProblemList &out)
{
    if (!project.deviceNetwork.gateways.isEmpty())
        return;
    std::vector<std::pair<Ipv4Network, QStringList>> segments; // in server order
    std::vector<std::pair<int, int>> firstDevice;              // server, position
    for (size_t s = 0; s < ips.size(); ++s) {
        if (ips[s].empty())
            continue;
        const Ipv4Network segment = Ipv4Network::containing(ips[s].front().ip, prefix);
        auto it = std::find_if(segments.begin(), segments.end(),
                               [&](const auto &entry) { return entry.first == segment; });
        if (it == segments.end()) {
            segments.push_back({segment, {}});
            firstDevice.push_back({int(s), ips[s].front().position});
            it = segments.end() - 1;
        }
        it->second << serverLabel(project, int(s));
    }
    if (segments.size() < 2)
        return;
    QStringList all;
    for (const auto &[segment, servers] : segments)
        all << segment.toString();
    for (size_t i = 0; i < segments.size(); ++i) {
        const auto &[segment, servers] = segments[i];
        out.add(
            u"gateway-missing"_s, deviceIpPlace(firstDevice[i].first, firstDevice[i].second),
            trText("cw::Validation",
                   "device network: segment %1 (%2) has no gateway; the servers' devices lie in "
                   "%3 segments (%4), which reach each other only through a router: set "
                   "device_network.gateways, one per segment (clusterwiz-cli plan --fill-gateways "
                   "fills them), or plan one shared segment")
                .arg(segment.toString(), servers.join(u", "_s))
                .arg(segments.size())
                .arg(all.join(u", "_s)));
    }
}

} // namespace

void checkServerSegments910b(const Project &project, int prefix,
                             const std::vector<std::vector<DeviceIpAt>> &ips, ProblemList &out)
{
    const std::vector<std::optional<Ipv4Network>> fixed = fixedSegments(project, prefix, out);
    const bool shared = project.deviceNetwork.segments.size() == 1;
    for (size_t s = 0; s < ips.size() && s < fixed.size(); ++s) {
        if (ips[s].empty())
            continue;
        const QString label = serverLabel(project, int(s));
        const Ipv4Network reference =
            fixed[s] ? *fixed[s] : Ipv4Network::containing(ips[s].front().ip, prefix);
        for (const DeviceIpAt &device : ips[s]) {
            if (reference.contains(device.ip))
                continue;
            const TrText where =
                fixed[s] ? trText("cw::Validation", "device_network.segments[%1] sets %2 for %3")
                               .arg(shared ? 0 : int(s))
                               .arg(reference.toString())
                               .arg(shared ? trText("cw::Validation", "every server")
                                           : TrText::verbatim(label))
                         : trText("cw::Validation", "device %1 of %2 is in %3")
                               .arg(ips[s].front().id)
                               .arg(label, reference.toString());
            out.add(u"segment-server"_s, deviceIpPlace(int(s), device.position),
                    trText("cw::Validation",
                           "%1 device %2: %3 is in segment %4 but %5; on an Atlas A2 (910B) server "
                           "all device IPs must be in one segment")
                        .arg(label)
                        .arg(device.id)
                        .arg(device.ip.toString(),
                             Ipv4Network::containing(device.ip, prefix).toString())
                        .arg(where));
        }
    }
    checkSegmentsNeedGateways(project, prefix, ips, out);
}

} // namespace cw
