// SPDX-License-Identifier: GPL-3.0-or-later
// Gateways and detect IPs from files that give them per device (hccn.conf's gateway_N and
// netdetect_N, ascend-deployer's detectip): a project holds one gateway and one detect IP per
// device segment (model/Project.h DeviceNetwork), so per-device values are folded per segment and
// what does not fold is said, never dropped silently.
#include "exchange/ImportShared.h"

#include "net/Ipv4.h"

#include <map>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

struct Folded {
    std::vector<quint32> order;        // segments in the order the file named them
    std::map<quint32, QString> values; // segment network -> its one value
};

// Folds one kind of value (gateway or detect IP) per segment; a segment whose devices disagree
// keeps the first value and the rest is noted.
Folded fold(const Project &project, int prefix, const std::vector<FoundRoute> &found,
            QString FoundRoute::*member, const QString &what, ImportLog &log)
{
    Folded folded;
    for (const FoundRoute &route : found) {
        const QString value = (route.*member).trimmed();
        if (value.isEmpty())
            continue;
        const Server &server = project.servers[size_t(route.server)];
        const auto ip = Ipv4::parse(server.deviceIps.value(route.position));
        const auto parsed = Ipv4::parse(value);
        if (!ip || !parsed) {
            log.couldNotCarry(route.line, u"%1 %2 of device %3 (not an IPv4 address, or the "
                                          "device has none)"_s.arg(what, value)
                                              .arg(server.devices[size_t(route.position)]));
            continue;
        }
        const quint32 segment = Ipv4Network::containing(*ip, prefix).network.value;
        const auto [it, inserted] = folded.values.emplace(segment, parsed->toString());
        if (inserted) {
            folded.order.push_back(segment);
        } else if (it->second != parsed->toString()) {
            log.couldNotCarry(route.line,
                              u"%1 %2 of %3 device %4 (another device of segment %5 has %6; "
                              "clusterwiz gives each segment one)"_s.arg(what, value, server.name)
                                  .arg(server.devices[size_t(route.position)])
                                  .arg(Ipv4Network{Ipv4{segment}, prefix}.toString(), it->second));
        }
    }
    return folded;
}

} // namespace

void carryRoutes(Project &project, const std::vector<FoundRoute> &found, ImportLog &log)
{
    bool any = false;
    for (const FoundRoute &route : found)
        any = any || !route.gateway.isEmpty() || !route.detect.isEmpty();
    if (!any)
        return;
    DeviceNetwork &network = project.deviceNetwork;
    const auto mask = Ipv4::parse(network.netmask);
    const auto prefix = mask ? netmaskPrefix(*mask) : std::nullopt;
    if (!prefix) {
        log.note(u"could not carry: the gateways and detect IPs (no netmask tells their "
                 "segments)"_s);
        return;
    }
    const Folded gateways = fold(project, *prefix, found, &FoundRoute::gateway, u"gateway"_s, log);
    const Folded detects = fold(project, *prefix, found, &FoundRoute::detect, u"detect IP"_s, log);
    auto segmentOf = [&](const QString &text) {
        const auto ip = Ipv4::parse(text);
        return ip ? Ipv4Network::containing(*ip, *prefix).network.value : quint32(0);
    };

    // Gateways: the project's own, each replaced by the file's for the same segment, then the
    // file's new ones; detect IPs follow their gateway (empty = the gateway itself).
    QStringList oldGateways = network.gateways, oldDetects = network.detectIps;
    QStringList newGateways, newDetects;
    std::map<quint32, bool> placed;
    for (qsizetype i = 0; i < oldGateways.size(); ++i) {
        const quint32 segment = segmentOf(oldGateways[i]);
        const auto file = gateways.values.find(segment);
        newGateways << (file != gateways.values.end() ? file->second : oldGateways[i]);
        const auto detect = detects.values.find(segment);
        newDetects << (detect != detects.values.end() ? detect->second
                                                      : oldDetects.value(i, newGateways.back()));
        placed[segment] = true;
    }
    for (quint32 segment : gateways.order) {
        if (placed[segment])
            continue;
        newGateways << gateways.values.at(segment);
        const auto detect = detects.values.find(segment);
        newDetects << (detect != detects.values.end() ? detect->second : newGateways.back());
        placed[segment] = true;
    }
    if (newGateways.isEmpty()) {
        // Without a gateway a detect IP is most often a peer's device IP for a link test, which
        // check.sh --net sets by itself; a project's detect IP is a segment's, so not carried.
        newDetects = oldDetects;
        for (const FoundRoute &route : found) {
            if (!route.detect.isEmpty())
                log.couldNotCarry(route.line,
                                  u"detect IP %1 (no gateway goes with it; a link test to a peer "
                                  "device is what check.sh --net does)"_s.arg(route.detect));
        }
    } else if (newDetects == newGateways) {
        newDetects.clear(); // every segment detects its gateway: the default
    }
    network.gateways = newGateways;
    network.detectIps = newDetects;
}

} // namespace cw
