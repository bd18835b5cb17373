// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/DeviceRoutes.h"

#include "net/Ipv4.h"

#include <QHash>

#include <map>
#include <optional>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// A device whose IP parsed, for naming it in a message.
struct DeviceAt {
    int server = 0;
    int position = 0;
    int id = 0;
};

// The routed-network rules: each gateway and detect IP is checked once against the device
// segments (the segments the device IPs lie in under device_network.netmask).
class RoutedCheck {
public:
    RoutedCheck(const Project &project, ProblemList &out)
        : m_project(project), m_network(project.deviceNetwork), m_out(out)
    {
    }

    void run()
    {
        if (!isRouted(m_network))
            return;
        const auto mask = Ipv4::parse(m_network.netmask);
        m_prefix = mask ? netmaskPrefix(*mask) : std::nullopt;
        if (!m_prefix) {
            // The netmask rule reports a bad netmask; an empty one leaves nothing to route in.
            m_out.add(u"gateway"_s, projectPlace(u"device_network.netmask"_s),
                      trText("cw::Validation",
                             "device network: gateways and detect IPs need device_network.netmask "
                             "(the segments they serve)"));
            return;
        }
        collectDevices();
        const std::map<quint32, int> gateways = checkGateways();
        checkDevicesHaveGateways(gateways);
        checkDetectIps();
    }

private:
    TrText deviceName(const DeviceAt &at) const
    {
        return trText("cw::Validation", "%1 device %2")
            .arg(serverLabel(m_project, at.server))
            .arg(at.id);
    }

    void collectDevices()
    {
        for (size_t s = 0; s < m_project.servers.size(); ++s) {
            const Server &server = m_project.servers[s];
            for (qsizetype k = 0; k < server.deviceIps.size(); ++k) {
                const auto ip = Ipv4::parse(server.deviceIps[k]);
                if (!ip || size_t(k) >= server.devices.size())
                    continue;
                const DeviceAt at{int(s), int(k), server.devices[size_t(k)]};
                if (!m_devices.contains(ip->value))
                    m_devices.insert(ip->value, at);
                m_segments.emplace(segmentOf(*ip).network.value, at); // keeps the first one
            }
        }
    }

    Ipv4Network segmentOf(Ipv4 ip) const { return Ipv4Network::containing(ip, *m_prefix); }

    // Shared by gateways and detect IPs inside a segment: no network, broadcast or device IP.
    bool checkAddress(const QString &rule, const ProblemPlace &place, const TrText &what, Ipv4 ip)
    {
        const Ipv4Network segment = segmentOf(ip);
        if (ip == segment.network || ip == segment.broadcast()) {
            m_out.add(
                rule, place,
                (ip == segment.network
                     ? trText("cw::Validation", "%1 %2 is the network address of segment %3")
                     : trText("cw::Validation", "%1 %2 is the broadcast address of segment %3"))
                    .arg(what)
                    .arg(ip.toString(), segment.toString()));
            return false;
        }
        if (const auto device = m_devices.constFind(ip.value); device != m_devices.cend()) {
            m_out.add(rule, place,
                      trText("cw::Validation", "%1 %2 is the device IP of %3")
                          .arg(what, ip.toString(), deviceName(*device)));
            return false;
        }
        return true;
    }

    // Segment network -> index in gateways, for those that passed.
    std::map<quint32, int> checkGateways()
    {
        std::map<quint32, int> bySegment;
        for (qsizetype i = 0; i < m_network.gateways.size(); ++i) {
            const ProblemPlace place = projectPlace(u"device_network.gateways"_s).item(int(i));
            const TrText what = trText("cw::Validation", "device network: gateway");
            const auto ip = Ipv4::parse(m_network.gateways[i]);
            if (!ip) {
                m_out.add(u"gateway"_s, place,
                          trText("cw::Validation", "%1 '%2' is not an IPv4 address")
                              .arg(what, m_network.gateways[i]));
                continue;
            }
            const Ipv4Network segment = segmentOf(*ip);
            if (!m_devices.isEmpty() && m_segments.count(segment.network.value) == 0) {
                m_out.add(
                    u"gateway"_s, place,
                    trText("cw::Validation",
                           "%1 %2 lies in %3, where no device IP is; a gateway must be inside the "
                           "segment of the devices it serves")
                        .arg(what, ip->toString(), segment.toString()));
                continue;
            }
            if (!checkAddress(u"gateway"_s, place, what, *ip))
                continue;
            const auto [it, inserted] = bySegment.emplace(segment.network.value, int(i));
            if (!inserted) {
                m_out.add(
                    u"gateway"_s, place,
                    trText("cw::Validation",
                           "%1 %2 is a second gateway for segment %3 (gateways[%4] is %5); give "
                           "one per segment")
                        .arg(what, ip->toString(), segment.toString())
                        .arg(it->second)
                        .arg(m_network.gateways[it->second]));
            }
        }
        return bySegment;
    }

    void checkDevicesHaveGateways(const std::map<quint32, int> &gateways)
    {
        if (m_network.gateways.isEmpty())
            return;
        for (const auto &[network, at] : m_segments) {
            if (gateways.count(network) != 0)
                continue;
            const Ipv4Network segment{Ipv4{network}, *m_prefix};
            m_out.add(
                u"gateway-missing"_s, deviceIpPlace(at.server, at.position),
                trText("cw::Validation",
                       "%1: segment %2 has no gateway in device_network.gateways; a routed device "
                       "network gives every device segment one")
                    .arg(deviceName(at), segment.toString()));
        }
    }

    void checkDetectIps()
    {
        const bool routed = !m_network.gateways.isEmpty();
        if (routed && !m_network.detectIps.isEmpty() &&
            m_network.detectIps.size() != m_network.gateways.size()) {
            m_out.add(
                u"detect-ip"_s, projectPlace(u"device_network.detect_ips"_s),
                trText("cw::Validation",
                       "device network: %1 detect IPs for %2 gateways; detect_ips[i] is what the "
                       "devices behind gateways[i] detect (leave it empty to detect the gateways)")
                    .arg(m_network.detectIps.size())
                    .arg(m_network.gateways.size()));
        }
        QHash<quint32, int> bySegment;
        for (qsizetype i = 0; i < m_network.detectIps.size(); ++i) {
            const ProblemPlace place = projectPlace(u"device_network.detect_ips"_s).item(int(i));
            const TrText what = trText("cw::Validation", "device network: detect IP");
            const auto ip = Ipv4::parse(m_network.detectIps[i]);
            if (!ip) {
                m_out.add(u"detect-ip"_s, place,
                          trText("cw::Validation", "%1 '%2' is not an IPv4 address")
                              .arg(what, m_network.detectIps[i]));
                continue;
            }
            const Ipv4Network segment = segmentOf(*ip);
            const bool inside = m_segments.count(segment.network.value) != 0;
            if (inside) {
                checkAddress(u"detect-ip"_s, place, what, *ip);
            } else if (!routed && !m_devices.isEmpty()) {
                m_out.add(
                    u"detect-ip"_s, place,
                    trText("cw::Validation",
                           "%1 %2 lies in %3, outside every device segment, and no gateway routes "
                           "to it; give device_network.gateways or a detect IP inside a device "
                           "segment")
                        .arg(what, ip->toString(), segment.toString()));
                continue;
            } else if (m_devices.contains(ip->value)) {
                checkAddress(u"detect-ip"_s, place, what, *ip);
            }
            if (!routed && inside) {
                if (bySegment.contains(segment.network.value)) {
                    m_out.add(u"detect-ip"_s, place,
                              trText("cw::Validation",
                                     "%1 %2 is a second detect IP for segment %3; give one per "
                                     "segment")
                                  .arg(what, ip->toString(), segment.toString()));
                }
                bySegment.insert(segment.network.value, int(i));
            }
        }
    }

    const Project &m_project;
    const DeviceNetwork &m_network;
    ProblemList &m_out;
    std::optional<int> m_prefix;
    QHash<quint32, DeviceAt> m_devices;     // device IP -> device
    std::map<quint32, DeviceAt> m_segments; // segment network -> its first device
};

} // namespace

void checkRoutedNetwork(const Project &project, ProblemList &out)
{
    RoutedCheck(project, out).run();
}

} // namespace cw
