// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/SegmentChoice.h"

#include "model/Problem.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The seed's segments for a /24 (192.168.100.0 to 192.168.103.0), spread out for wider masks,
// plus spares for when the user's own addresses took some of them.
std::vector<Ipv4Network> defaultSegments(int prefix)
{
    std::vector<Ipv4Network> segments;
    for (quint64 m = 0; m < 2 * kSegmentCount; ++m)
        segments.push_back(defaultSegment(prefix, m));
    return segments;
}

} // namespace

QString shownPlanValue(const QString &value)
{
    return value.isEmpty() ? u"(none)"_s : escapeControls(value);
}

void replaceDeviceIps(Server &server, const QStringList &ips, const QString &label,
                      const QString &unit, QStringList &changes)
{
    for (size_t k = 0; k < server.devices.size(); ++k) {
        const QString old = server.deviceIps.value(qsizetype(k));
        const QString planned = ips.value(qsizetype(k));
        if (old != planned)
            changes << u"%1 %2 %3: %4 -> %5"_s.arg(label, unit)
                           .arg(server.devices[k])
                           .arg(shownPlanValue(old), planned);
    }
    server.deviceIps = ips;
}

Ipv4Network defaultSegment(int prefix, quint64 index)
{
    const quint32 base = prefix >= kWidestAutoPrefix ? Ipv4::parse(u"192.168.100.0"_s)->value
                                                     : Ipv4::parse(u"10.0.0.0"_s)->value;
    const quint32 aligned = base & netmaskFromPrefix(prefix).value;
    const quint64 step = quint64{1} << (32 - prefix);
    return {Ipv4{static_cast<quint32>(aligned + index * step)}, prefix};
}

Segments inferSegments(const Project &project, const std::vector<int> &order, int prefix)
{
    std::array<QHash<quint32, int>, kSegmentCount> votes;
    std::array<std::vector<quint32>, kSegmentCount> seenOrder;
    for (int s : order) {
        const Server &current = project.servers[static_cast<size_t>(s)];
        const qsizetype count =
            std::min<qsizetype>(qsizetype(current.devices.size()), current.deviceIps.size());
        for (qsizetype k = 0; k < count; ++k) {
            const auto ip = Ipv4::parse(current.deviceIps[k]);
            if (!ip)
                continue;
            const size_t j =
                static_cast<size_t>(current.devices[static_cast<size_t>(k)] % kSegmentCount);
            const quint32 net = Ipv4Network::containing(*ip, prefix).network.value;
            if (votes[j][net]++ == 0)
                seenOrder[j].push_back(net);
        }
    }
    Segments segments;
    QSet<quint32> taken;
    std::array<bool, kSegmentCount> chosen{};
    for (size_t j = 0; j < kSegmentCount; ++j) {
        int best = 0;
        for (quint32 net : seenOrder[j]) {
            if (votes[j].value(net) > best && !taken.contains(net)) {
                best = votes[j].value(net);
                segments[j] = {Ipv4{net}, prefix};
            }
        }
        if (best > 0) {
            taken.insert(segments[j].network.value);
            chosen[j] = true;
        }
    }
    const std::vector<Ipv4Network> defaults = defaultSegments(prefix);
    for (size_t j = 0; j < kSegmentCount; ++j) {
        if (chosen[j])
            continue;
        for (const Ipv4Network &candidate : defaults) {
            if (!taken.contains(candidate.network.value)) {
                segments[j] = candidate;
                taken.insert(candidate.network.value);
                break;
            }
        }
    }
    return segments;
}

QString capacityReason(const AddressPool &pool, int j, int needed, int servers, int usable)
{
    const Ipv4Network &segment = pool.segment(j);
    const int offered = lastOctetCapacity(segment.prefix);
    QString text = u"segment %1 holds %2 of %3 servers: %4 device IPs with distinct last "
                   "octets are needed, but a /%5 segment offers %6"_s
                       .arg(segment.toString(), segmentDevices(j))
                       .arg(servers)
                       .arg(needed)
                       .arg(segment.prefix)
                       .arg(offered);
    text += segment.prefix >= 24
                ? u" (%1 addresses less the network and broadcast addresses)"_s.arg(segment.size())
                : u" (one per last octet)"_s;
    if (usable < offered) {
        text += u", and %1 host IPs of the servers inside it leave %2"_s.arg(pool.hostIpsInside(j))
                    .arg(usable);
    }
    if (offered >= needed)
        return text + u"; move those host IPs out of the segment or choose other segments"_s;
    for (int wider = segment.prefix - 1; wider >= kMinDevicePrefix; --wider) {
        if (lastOctetCapacity(wider) >= needed) {
            return text + u"; a /%1 netmask (%2) is needed"_s.arg(wider).arg(
                              netmaskFromPrefix(wider).toString());
        }
    }
    return text + u"; no netmask gives more than 256 distinct last octets"_s;
}

} // namespace cw
