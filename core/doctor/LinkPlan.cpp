// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/LinkPlan.h"

#include <algorithm>
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

// The project index of each server's super pod, -1 for none.
std::vector<int> podOfServer(const Project &project)
{
    std::vector<int> pods(project.servers.size(), -1);
    for (size_t p = 0; p < project.superPods.size(); ++p) {
        for (const QString &name : project.superPods[p].servers) {
            for (size_t s = 0; s < project.servers.size(); ++s) {
                if (project.servers[s].name == name)
                    pods[s] = int(p);
            }
        }
    }
    return pods;
}

// The die's SDID on `server`, empty when the server does not use it or has none.
QString superDeviceId(const Server &server, int die)
{
    for (size_t k = 0; k < server.devices.size(); ++k) {
        if (server.devices[k] == die)
            return server.superDeviceIds.value(qsizetype(k));
    }
    return {};
}

} // namespace

QString hccsPingAddress(const QString &sdid)
{
    bool ok = false;
    const quint64 value = sdid.size() <= 10 ? sdid.toULongLong(&ok) : 0;
    if (!ok || value > 0xffffffffu || sdid.isEmpty() || !sdid.front().isDigit())
        return {};
    const quint32 id = quint32(value);
    const quint32 server = (id >> 22) & 0xff, chip = (id >> 18) & 0xf, die = (id >> 16) & 0x3,
                  device = id & 0xffff;
    constexpr quint32 kMaxServers = 48; // A3_SUPERPOD_MAX_NUMS
    if (server >= kMaxServers || chip * 2 + die != device || die > 1)
        return {};
    // The tool turns the address back into the SDID; bits it cannot carry make another die.
    if (((server << 22) | ((device / 2) << 18) | (die << 16) | device) != id)
        return {};
    return u"192.%1.%2.%3"_s.arg(server).arg(2 + die).arg(199 - device);
}

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
    const bool a3 = project.accelerator == Accelerator::Ascend910_93;
    const QString unit = a3 ? u"die"_s : u"device"_s;
    const std::vector<int> pods = a3 ? podOfServer(project) : std::vector<int>(size_t(n), -1);
    const auto samePod = [&](int a, int b) {
        return pods[size_t(a)] >= 0 && pods[size_t(a)] == pods[size_t(b)];
    };
    QStringList unplanned, unaddressed;
    int hccs = 0;
    for (int s = 0; s < n; ++s) {
        const Server &server = project.servers[size_t(s)];
        for (int device : server.devices) {
            const bool hasIp = !plannedIp(server, device).isEmpty();
            if (!hasIp)
                unplanned << u"%1 %2 %3"_s.arg(server.name, unit, QString::number(device));
            if (a3) {
                // Inside its pod a die is an HCCS peer, addressed by its SDID; elsewhere a
                // device IP like any other.
                for (int offset : offsets) {
                    const int peer = (s + offset) % n;
                    const Server &other = project.servers[size_t(peer)];
                    const bool uses = std::find(other.devices.begin(), other.devices.end(),
                                                device) != other.devices.end();
                    if (!uses)
                        continue;
                    if (samePod(s, peer)) {
                        const QString sdid = superDeviceId(other, device);
                        const QString address = hccsPingAddress(sdid);
                        if (address.isEmpty()) {
                            unaddressed << u"%1 die %2 (super_device_id %3)"_s.arg(
                                other.name, QString::number(device),
                                sdid.isEmpty() ? u"none"_s : sdid);
                            continue;
                        }
                        plan.probes.push_back(
                            {s, device, peer, device, address, LinkKind::HccsPing});
                        ++hccs;
                    } else if (hasIp) {
                        const QString ip = plannedIp(other, device);
                        if (!ip.isEmpty())
                            plan.probes.push_back({s, device, peer, device, ip, LinkKind::Ping});
                    }
                }
                continue;
            }
            if (!hasIp)
                continue;
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
                    plan.probes.push_back({s, device, peerServer, peerDevice, ip, LinkKind::Ping});
            }
        }
    }
    plan.note =
        plan.sampled
            ? u"links sampled: each %3 pings the same index on %1 of the %2 other "
              u"servers (offsets spread over the ring), so every %3 is tested in both "
              u"directions"_s.arg(QString::number(offsets.size()), QString::number(n - 1), unit)
            : u"links: every %1 pings the same index on every other server"_s.arg(unit);
    if (partners)
        plan.note += u"; 910A: also its segment partner (device i and i+4) on every server"_s;
    if (a3 && !project.superPods.empty())
        plan.note += u"; Atlas A3 SuperPoD: hccs_ping (hccn_tool -hccs_ping, the die's vNIC "
                     u"address from its super_device_id) inside a super pod (%1 pings), ping "
                     u"(hccn_tool -ping, the device IP) across pods"_s.arg(hccs);
    if (!unplanned.isEmpty())
        plan.note +=
            (a3 && !project.superPods.empty() ? u"; no planned IP, not tested across pods: "_s
                                              : u"; no planned IP, not tested: "_s) +
            unplanned.join(u", "_s);
    unaddressed.removeDuplicates();
    if (!unaddressed.isEmpty())
        plan.note += u"; no SDID hccn_tool -hccs_ping can address, not tested inside its pod: "_s +
                     unaddressed.join(u", "_s);
    return plan;
}

} // namespace cw
