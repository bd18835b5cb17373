// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/LinkPlan.h"

#include <map>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The device's planned IP on `server`, empty when the server does not use it or has none.
QString plannedIp(const Server &server, int device)
{
    for (size_t k = 0; k < server.devices.size(); ++k) {
        if (server.devices[k] == device)
            return k < size_t(server.deviceIps.size()) ? server.deviceIps[qsizetype(k)] : QString();
    }
    return {};
}

// 910A: devices 0/4, 1/5, 2/6, 3/7 share a segment.
int partnerDevice(int device)
{
    return device < 4 ? device + 4 : device - 4;
}

} // namespace

int LinkPlan::mostPingsPerDevice() const
{
    std::map<std::pair<int, int>, int> count;
    int most = 0;
    for (const LinkProbe &probe : probes)
        most = std::max(most, ++count[{probe.server, probe.device}]);
    return most;
}

std::vector<int> peerOffsets(int servers, int limit)
{
    std::vector<int> offsets;
    const int others = servers - 1;
    if (others <= 0)
        return offsets;
    if (limit <= 0 || others <= limit) {
        for (int o = 1; o <= others; ++o)
            offsets.push_back(o);
        return offsets;
    }
    // o_j = 1 + floor(j * others / limit): strictly increasing because others > limit, so the
    // offsets are distinct, start at the neighbour and reach across the whole ring.
    for (int j = 0; j < limit; ++j)
        offsets.push_back(1 + int((qint64(j) * others) / limit));
    return offsets;
}

LinkPlan planLinks(const Project &project, int limit)
{
    LinkPlan plan;
    const int n = int(project.servers.size());
    if (!isAscend(project.accelerator) || n == 0)
        return plan;
    const std::vector<int> offsets = peerOffsets(n, limit);
    plan.peerServersPerDevice = int(offsets.size());
    plan.sampled = int(offsets.size()) < n - 1;
    const bool partners = project.accelerator == Accelerator::Ascend910;
    QStringList unplanned;
    for (int s = 0; s < n; ++s) {
        const Server &server = project.servers[size_t(s)];
        for (int device : server.devices) {
            if (plannedIp(server, device).isEmpty()) {
                unplanned << u"%1 device %2"_s.arg(server.name, QString::number(device));
                continue;
            }
            std::vector<std::pair<int, int>> peers; // (server, device)
            for (int offset : offsets)
                peers.push_back({(s + offset) % n, device});
            if (partners && device >= 0 && device < 8) {
                peers.push_back({s, partnerDevice(device)});
                for (int offset : offsets)
                    peers.push_back({(s + offset) % n, partnerDevice(device)});
            }
            for (const auto &[peerServer, peerDevice] : peers) {
                const QString ip = plannedIp(project.servers[size_t(peerServer)], peerDevice);
                if (!ip.isEmpty())
                    plan.probes.push_back({s, device, peerServer, peerDevice, ip});
            }
        }
    }
    plan.note = plan.sampled
                    ? u"links sampled: each device pings the same index on %1 of the %2 other "
                      u"servers (offsets spread over the ring), so every device is tested in both "
                      u"directions"_s.arg(QString::number(offsets.size()), QString::number(n - 1))
                    : u"links: every device pings the same index on every other server"_s;
    if (partners)
        plan.note += u"; 910A: also its segment partner (device i and i+4) on every server"_s;
    if (!unplanned.isEmpty())
        plan.note += u"; no planned IP, not tested: "_s + unplanned.join(u", "_s);
    return plan;
}

} // namespace cw
