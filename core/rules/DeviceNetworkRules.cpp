// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/DeviceRules.h"

#include "rules/AtlasA3Rules.h"

#include "rules/DeviceRoutes.h"
#include "rules/RuleText.h"
#include "rules/SegmentMath.h"
#include "rules/ServerSegmentRules.h"

#include <QHash>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kDevices = 16; // slots per server: 16 dies on Atlas A3, 8 NPUs on the others
constexpr int k910Devices = 8;

// "devices 0 and 4" for segment 0, in the user's language.
TrText segmentDevicesText(int segment)
{
    return trText("cw::Validation", "devices %1 and %2").arg(segment).arg(segment + kSegmentCount);
}

// One device of one server whose IP parsed, indexed by device id.
struct Slot {
    bool present = false;
    int position = 0; // k in devices[] and device_ips[]
    Ipv4 ip;
    bool structural = true; // false once it broke "segment": the fixed segments already said it
};

using ServerSlots = std::array<Slot, kDevices>;

// Checks the device network in one pass per rule over hash maps, so a 128 x 8 cluster costs
// about a thousand lookups. Each rule compares against one reference (the first server that
// uses the device, the first user of an address) so that one broken value yields one problem.
class NetworkCheck {
public:
    NetworkCheck(const Project &project, ProblemList &out) : m_project(project), m_out(out) {}

    void run()
    {
        checkNetmask();
        if (m_project.accelerator == Accelerator::Ascend910b) {
            collect();
            if (m_prefix)
                checkServerSegments910b(m_project, *m_prefix, m_serverIps(), m_out);
            checkAddresses();
            return;
        }
        if (m_project.accelerator == Accelerator::Ascend910_93) {
            collect();
            if (m_prefix)
                checkDieSegments(m_project, *m_prefix, m_serverIps(), m_out);
            checkAddresses();
            return;
        }
        checkSegments();
        collect();
        for (int s = 0; s < serverCount(); ++s) {
            if (m_fixed)
                checkFixedSegments(s);
            if (m_prefix)
                checkPairAndDistinct(s);
        }
        if (m_prefix)
            checkAcross();
        checkAddresses();
    }

private:
    // Per server, its device IPs in device order, for the 910B rules.
    std::vector<std::vector<DeviceIpAt>> m_serverIps() const
    {
        std::vector<std::vector<DeviceIpAt>> all(m_slots.size());
        for (size_t s = 0; s < m_slots.size(); ++s) {
            for (int id = 0; id < kDevices; ++id) {
                const Slot &current = m_slots[s][static_cast<size_t>(id)];
                if (current.present)
                    all[s].push_back({id, current.position, current.ip});
            }
        }
        return all;
    }

    int serverCount() const { return static_cast<int>(m_project.servers.size()); }
    TrText device(int s, int id) const
    {
        return trText("cw::Validation", "%1 device %2").arg(serverLabel(m_project, s)).arg(id);
    }
    ProblemPlace placeOf(int s, int id) const
    {
        return deviceIpPlace(s, m_slots[static_cast<size_t>(s)][static_cast<size_t>(id)].position);
    }
    Ipv4Network segmentOf(Ipv4 ip) const { return Ipv4Network::containing(ip, *m_prefix); }
    const Slot &slot(int s, int id) const
    {
        return m_slots[static_cast<size_t>(s)][static_cast<size_t>(id)];
    }

    // device-ip-count and device-ip-format; fills m_slots.
    void collect()
    {
        m_slots.assign(m_project.servers.size(), ServerSlots{});
        for (int s = 0; s < serverCount(); ++s) {
            const Server &server = m_project.servers[static_cast<size_t>(s)];
            const int devices = static_cast<int>(server.devices.size());
            const int ips = static_cast<int>(server.deviceIps.size());
            if (ips != devices && devices > 0) {
                const TrText message =
                    ips == 0 ? trText("cw::Validation", "%1: no device IPs for its %2 devices; run "
                                                        "`clusterwiz-cli plan` to assign them")
                                   .arg(serverLabel(m_project, s), QString::number(devices))
                             : trText("cw::Validation",
                                      "%1: %2 device IPs for %3 devices (device_ips[k] belongs "
                                      "to devices[k]); run `clusterwiz-cli plan` to repair them")
                                   .arg(serverLabel(m_project, s), QString::number(ips),
                                        QString::number(devices));
                m_out.add(u"device-ip-count"_s, serverFieldPlace(s, "device_ips"), message,
                          ProblemKind::General, {.value = QString::number(ips), .limit = devices});
            }
            for (int k = 0; k < std::min(devices, ips); ++k) {
                const int id = server.devices[static_cast<size_t>(k)];
                const QString &text = server.deviceIps[k];
                const std::optional<Ipv4> ip = Ipv4::parse(text);
                if (!ip) {
                    m_out.add(
                        u"device-ip-format"_s, deviceIpPlace(s, k),
                        trText("cw::Validation", "%1: \"%2\" is not an IPv4 address (a.b.c.d)")
                            .arg(device(s, id))
                            .arg(text));
                    continue;
                }
                // Ids out of range or listed twice are the subset rules' to report.
                if (id < 0 || id >= ascendDeviceCount(m_project.accelerator) ||
                    m_slots[static_cast<size_t>(s)][static_cast<size_t>(id)].present)
                    continue;
                m_slots[static_cast<size_t>(s)][static_cast<size_t>(id)] = Slot{true, k, *ip, true};
            }
        }
    }

    bool anyDeviceIps() const
    {
        return std::any_of(m_project.servers.begin(), m_project.servers.end(),
                           [](const Server &server) { return !server.deviceIps.isEmpty(); });
    }

    void checkNetmask()
    {
        const QString &netmask = m_project.deviceNetwork.netmask;
        const ProblemPlace path = projectPlace(u"device_network.netmask"_s);
        if (netmask.isEmpty()) {
            if (anyDeviceIps())
                m_out.add(
                    u"netmask"_s, path,
                    trText(
                        "cw::Validation",
                        "device network: no netmask is set, so the device segments cannot be "
                        "checked; set one (255.255.255.0 is usual) or run `clusterwiz-cli plan`"));
            return;
        }
        QString problem;
        m_prefix = deviceNetmaskPrefix(netmask, &problem);
        if (!m_prefix)
            m_out.add(u"netmask"_s, path,
                      trText("cw::Validation", "device network: %1").arg(problem));
    }

    void checkSegments()
    {
        const QStringList &segments = m_project.deviceNetwork.segments;
        if (segments.isEmpty() || !m_prefix)
            return;
        if (segments.size() != kSegmentCount) {
            m_out.add(u"segment"_s, projectPlace(u"device_network.segments"_s),
                      trText("cw::Validation", "device network: %1 segments given; give exactly 4 "
                                               "(for devices 0/4, 1/5, 2/6, 3/7) or none")
                          .arg(segments.size()));
            return;
        }
        std::array<Ipv4Network, kSegmentCount> fixed;
        std::array<bool, kSegmentCount> valid{};
        for (int j = 0; j < kSegmentCount; ++j) {
            const ProblemPlace path = projectPlace(u"device_network.segments"_s).item(j);
            QString problem;
            const std::optional<Ipv4Network> segment =
                segmentFromText(segments[j], *m_prefix, &problem);
            if (!segment) {
                m_out.add(
                    u"segment"_s, path,
                    trText("cw::Validation", "device network: segment %1 %2").arg(j).arg(problem));
                continue;
            }
            fixed[static_cast<size_t>(j)] = *segment;
            valid[static_cast<size_t>(j)] = true;
            for (int earlier = 0; earlier < j; ++earlier) {
                if (valid[static_cast<size_t>(earlier)] &&
                    fixed[static_cast<size_t>(earlier)] == *segment) {
                    m_out.add(u"segment"_s, path,
                              trText("cw::Validation",
                                     "device network: segment %1 %2 is the same "
                                     "as segment %3; the four segments must differ")
                                  .arg(j)
                                  .arg(segment->toString())
                                  .arg(earlier));
                    valid[static_cast<size_t>(j)] = false;
                    break;
                }
            }
        }
        if (std::all_of(valid.begin(), valid.end(), [](bool v) { return v; }))
            m_fixed = fixed;
    }

    void checkFixedSegments(int s)
    {
        for (int id = 0; id < k910Devices; ++id) {
            Slot &current = m_slots[static_cast<size_t>(s)][static_cast<size_t>(id)];
            const Ipv4Network &segment = (*m_fixed)[static_cast<size_t>(id % kSegmentCount)];
            if (!current.present || segment.contains(current.ip))
                continue;
            current.structural = false;
            m_out.add(
                u"segment"_s, placeOf(s, id),
                trText("cw::Validation",
                       "%1: %2 is not in segment %3, which device_network.segments[%4] sets for %5")
                    .arg(device(s, id))
                    .arg(current.ip.toString(), segment.toString(),
                         QString::number(id % kSegmentCount))
                    .arg(segmentDevicesText(id % kSegmentCount)),
                ProblemKind::General,
                {.value = current.ip.toString(),
                 .detail = segment.toString(),
                 .limit = id % kSegmentCount});
        }
    }

    void checkPairAndDistinct(int s)
    {
        const QString label = serverLabel(m_project, s);
        for (int id = 0; id < k910Devices; ++id) {
            const Slot &current = slot(s, id);
            if (!current.present || !current.structural)
                continue;
            const Ipv4Network segment = segmentOf(current.ip);
            if (id >= kSegmentCount) {
                const Slot &partner = slot(s, id - kSegmentCount);
                if (partner.present && partner.structural && segmentOf(partner.ip) != segment) {
                    m_out.add(u"segment-pair"_s, placeOf(s, id),
                              trText("cw::Validation",
                                     "%1: %2 is in segment %3 but device %4 of %5 is in %6; "
                                     "devices %4 and %7 must share a segment")
                                  .arg(device(s, id))
                                  .arg(current.ip.toString(), segment.toString(),
                                       QString::number(id - kSegmentCount), label,
                                       segmentOf(partner.ip).toString(), QString::number(id)));
                }
            }
            const int groupStart = id < kSegmentCount ? 0 : kSegmentCount;
            for (int other = groupStart; other < id; ++other) {
                const Slot &earlier = slot(s, other);
                if (!earlier.present || !earlier.structural || segmentOf(earlier.ip) != segment)
                    continue;
                m_out.add(u"segment-distinct"_s, placeOf(s, id),
                          trText("cw::Validation",
                                 "%1: %2 is in segment %3 like device %4 of %5; devices %6, %7, %8 "
                                 "and %9 must be in four different segments")
                              .arg(device(s, id))
                              .arg(current.ip.toString(), segment.toString(),
                                   QString::number(other), label, QString::number(groupStart),
                                   QString::number(groupStart + 1), QString::number(groupStart + 2),
                                   QString::number(groupStart + 3)));
                break;
            }
        }
    }

    void checkAcross()
    {
        for (int id = 0; id < k910Devices; ++id) {
            int reference = -1;
            for (int s = 0; s < serverCount(); ++s) {
                const Slot &current = slot(s, id);
                if (!current.present || !current.structural)
                    continue;
                if (reference < 0) {
                    reference = s;
                    continue;
                }
                const Ipv4Network segment = segmentOf(current.ip);
                const Ipv4Network expected = segmentOf(slot(reference, id).ip);
                if (segment == expected)
                    continue;
                m_out.add(u"segment-across"_s, placeOf(s, id),
                          trText("cw::Validation",
                                 "%1: %2 is in segment %3 but device %4 of %5 is in %6; device %4 "
                                 "must be in the same segment on every server")
                              .arg(device(s, id))
                              .arg(current.ip.toString(), segment.toString())
                              .arg(id)
                              .arg(serverLabel(m_project, reference), expected.toString()));
            }
        }
    }

    void checkAddresses()
    {
        QHash<quint32, int> hostOwner;
        for (int s = 0; s < serverCount(); ++s) {
            const auto ip =
                Ipv4::parse(m_project.servers[static_cast<size_t>(s)].effectiveHostIp());
            if (ip && !hostOwner.contains(ip->value))
                hostOwner.insert(ip->value, s);
        }
        QHash<quint32, std::pair<int, int>> firstUse; // ip -> (server, device)
        QHash<quint64, std::pair<int, int>> octetUse; // segment, octet -> (server, device)
        for (int s = 0; s < serverCount(); ++s) {
            for (int id = 0; id < kDevices; ++id) {
                const Slot &current = slot(s, id);
                if (!current.present)
                    continue;
                if (auto host = hostOwner.constFind(current.ip.value);
                    host != hostOwner.constEnd()) {
                    m_out.add(u"host-ip-collision"_s, placeOf(s, id),
                              trText("cw::Validation", "%1: %2 is the host IP of %3; device IPs "
                                                       "must differ from every host IP")
                                  .arg(device(s, id))
                                  .arg(current.ip.toString(), serverLabel(m_project, *host)));
                }
                if (m_prefix)
                    checkNetworkBroadcast(s, id);
                if (auto used = firstUse.constFind(current.ip.value); used != firstUse.constEnd()) {
                    m_out.add(
                        u"ip-unique"_s, placeOf(s, id),
                        trText("cw::Validation",
                               "%1: %2 is already used by %3; every device IP must be unique")
                            .arg(device(s, id))
                            .arg(current.ip.toString())
                            .arg(device(used->first, used->second)),
                        // The first user's position, for a face that marks both.
                        ProblemKind::General,
                        {.value = current.ip.toString(),
                         .otherServer = used->first,
                         .otherValue = QString::number(slot(used->first, used->second).position)});
                    continue;
                }
                firstUse.insert(current.ip.value, {s, id});
                // "Distinguished by the last eight bits" is the first generation's rule (seed
                // 000); the Atlas A2 policy asks only for one segment per server (docs/ascend.md).
                if (!m_prefix || m_project.accelerator != Accelerator::Ascend910)
                    continue;
                const Ipv4Network segment = segmentOf(current.ip);
                const quint64 key =
                    (quint64{segment.network.value} << 8) | quint64(current.ip.lastOctet());
                auto octet = octetUse.constFind(key);
                if (octet == octetUse.constEnd()) {
                    octetUse.insert(key, {s, id});
                    continue;
                }
                const Slot &owner = slot(octet->first, octet->second);
                m_out.add(u"last-octet-unique"_s, placeOf(s, id),
                          trText("cw::Validation",
                                 "%1: %2 has the same last octet (%3) as %4 of %5 in segment %6; "
                                 "inside one segment the last 8 bits must be unique")
                              .arg(device(s, id))
                              .arg(current.ip.toString())
                              .arg(current.ip.lastOctet())
                              .arg(owner.ip.toString())
                              .arg(device(octet->first, octet->second))
                              .arg(segment.toString()));
            }
        }
    }

    void checkNetworkBroadcast(int s, int id)
    {
        const Slot &current = slot(s, id);
        const Ipv4Network segment = segmentOf(current.ip);
        const bool network = current.ip == segment.network;
        if (!network && current.ip != segment.broadcast())
            return;
        m_out.add(u"network-broadcast"_s, placeOf(s, id),
                  (network ? trText("cw::Validation", "%1: %2 is the network address of segment "
                                                      "%3; a device needs a host address")
                           : trText("cw::Validation", "%1: %2 is the broadcast address of segment "
                                                      "%3; a device needs a host address"))
                      .arg(device(s, id))
                      .arg(current.ip.toString(), segment.toString()));
    }

    const Project &m_project;
    ProblemList &m_out;
    std::optional<int> m_prefix;
    std::optional<std::array<Ipv4Network, kSegmentCount>> m_fixed;
    std::vector<ServerSlots> m_slots;
};

} // namespace

Problems validateDeviceNetwork(const Project &project)
{
    if (!isAscend(project.accelerator))
        return {};
    ProblemList out;
    NetworkCheck(project, out).run();
    checkRoutedNetwork(project, out);
    return out.take();
}

} // namespace cw
