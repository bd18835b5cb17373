// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/ServerSegmentPlanner.h"

#include "plan/SegmentChoice.h"
#include "plan/SegmentPool.h"
#include "rules/DeviceRoutes.h"
#include "rules/RuleText.h"
#include "rules/SegmentMath.h"

#include <QHash>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

class ServerSegmentPlanner {
public:
    explicit ServerSegmentPlanner(PlanResult &result)
        : m_result(result), m_project(result.project), m_order(result.project.launchOrder())
    {
        for (const Server &server : m_project.servers) {
            if (auto ip = Ipv4::parse(server.effectiveHostIp()))
                m_hostIps.insert(ip->value);
        }
        m_hostIps.unite(routedAddresses(m_project.deviceNetwork)); // never a device's
    }

    void run()
    {
        plan();
        // Servers in different segments reach each other only through a router: without the
        // gateways the plan would break the gateway-missing rule. The planned addresses stay in
        // the result, so that plan --fill-gateways can add them (RoutedPlan.h).
        if (m_result.ok && m_segmentCount > 1 && m_project.deviceNetwork.gateways.isEmpty()) {
            m_result.ok = false;
            m_result.reason =
                u"the servers' devices are in %1 segments (%2): devices in different segments "
                "reach each other only through a router, so each segment needs its gateway; give "
                "device_network.gateways, run clusterwiz-cli plan --fill-gateways, or clear the "
                "netmask, segments and device IPs so that one shared segment can be planned"_s
                    .arg(m_segmentCount)
                    .arg(m_result.project.deviceNetwork.segments.join(u", "_s));
            if (m_keptApart)
                m_result.reason +=
                    u" (their device IPs already lie in these segments: they are not joined into "
                    "one wider segment, which would write a new netmask onto every device)"_s;
        }
    }

private:
    void plan()
    {
        const DeviceNetwork &network = m_project.deviceNetwork;
        const qsizetype fixed = network.segments.size();
        if (fixed != 0 && fixed != 1 && fixed != qsizetype(m_project.servers.size())) {
            m_result.reason =
                u"device_network.segments lists %1 segments for %2 servers; give none, one "
                "shared by every server or one per server, or clear them so that the planner "
                "chooses"_s.arg(fixed)
                    .arg(m_project.servers.size());
            return;
        }
        if (!network.netmask.isEmpty()) {
            QString problem;
            const std::optional<int> prefix = deviceNetmaskPrefix(network.netmask, &problem);
            if (!prefix) {
                m_result.reason = u"device_network.netmask: "_s + problem +
                                  u"; correct it or clear it so that the planner chooses"_s;
                return;
            }
            QString sharedReason;
            m_result.ok = (fixed == 0 && attempt(*prefix, Layout::Shared, &sharedReason)) ||
                          attempt(*prefix, Layout::PerServer, &m_result.reason);
            return;
        }
        // One segment shared by every server needs no router between them (servers in different
        // segments need a gateway per segment): the smallest netmask that holds them all first,
        // then one segment per server.
        // Servers whose device IPs already lie in different /24 segments are not joined into one
        // wider segment: that would write the wider netmask onto every device of a network that
        // was built as separate segments (a routed one, most likely); they keep theirs and the
        // plan asks for the gateways (run()).
        m_keptApart = fixed == 0 && !sharedSegmentAt(24);
        if (fixed == 0 && !m_keptApart) {
            QString reason;
            for (int prefix = 24; prefix >= kWidestAutoPrefix; --prefix) {
                if (attempt(prefix, Layout::Shared, &reason)) {
                    m_result.ok = true;
                    return;
                }
            }
        }
        QString firstReason;
        QString lastReason;
        for (int prefix = 24; prefix >= kWidestAutoPrefix; --prefix) {
            if (attempt(prefix, Layout::PerServer, &lastReason)) {
                m_result.ok = true;
                return;
            }
            if (firstReason.isEmpty())
                firstReason = lastReason;
        }
        m_result.reason = u"no netmask from /24 to /%1 fits this cluster; with /24: %2; with "
                          "/%1: %3"_s.arg(kWidestAutoPrefix)
                              .arg(firstReason, lastReason);
    }

    enum class Layout { Shared, PerServer };

    // Whether the servers' parsed device IPs all lie in one /prefix segment (or there are none).
    bool sharedSegmentAt(int prefix) const
    {
        std::optional<Ipv4Network> shared;
        for (int s = 0; s < int(m_project.servers.size()); ++s) {
            if (const auto net = inferred(s, prefix)) {
                if (shared && *shared != *net)
                    return false;
                shared = net;
            }
        }
        return true;
    }

    int devicesOf(int s) const
    {
        return static_cast<int>(m_project.servers[static_cast<size_t>(s)].devices.size());
    }

    // The segment most of server s's parsed IPs are in, for this prefix.
    std::optional<Ipv4Network> inferred(int s, int prefix) const
    {
        QHash<quint32, int> votes;
        std::optional<Ipv4Network> best;
        int bestVotes = 0;
        for (const QString &text : m_project.servers[static_cast<size_t>(s)].deviceIps) {
            if (const auto ip = Ipv4::parse(text)) {
                const Ipv4Network net = Ipv4Network::containing(*ip, prefix);
                if (++votes[net.network.value] > bestVotes) {
                    bestVotes = votes[net.network.value];
                    best = net;
                }
            }
        }
        return best;
    }

    std::optional<std::vector<Ipv4Network>> segmentsFor(int prefix, Layout layout, QString *reason,
                                                        SegmentPool &pool) const
    {
        const QStringList &fixed = m_project.deviceNetwork.segments;
        const size_t servers = m_project.servers.size();
        std::vector<Ipv4Network> segments(servers);
        if (!fixed.isEmpty()) {
            for (size_t s = 0; s < servers; ++s) {
                const qsizetype j = fixed.size() == 1 ? 0 : qsizetype(s);
                QString problem;
                const auto segment = segmentFromText(fixed[j], prefix, &problem);
                if (!segment) {
                    *reason = u"device_network.segments[%1]: %2"_s.arg(j).arg(problem);
                    return std::nullopt;
                }
                segments[s] = *segment;
            }
            return segments;
        }
        // One shared segment when every server's IPs agree on it (or have none) and it holds
        // all devices.
        std::optional<Ipv4Network> shared;
        bool agree = true;
        int total = 0;
        for (int s : m_order) {
            total += devicesOf(s);
            if (const auto net = inferred(s, prefix)) {
                agree = agree && (!shared || *shared == *net);
                shared = shared ? shared : net;
            }
        }
        if (layout == Layout::Shared) {
            const Ipv4Network candidate = shared.value_or(defaultSegment(prefix, 0));
            if (!agree) {
                *reason = u"the servers' device IPs lie in different /%1 segments"_s.arg(prefix);
                return std::nullopt;
            }
            if (pool.usable(candidate) < total) {
                *reason =
                    u"segment %1 offers %2 device IPs for %3 devices"_s.arg(candidate.toString())
                        .arg(pool.usable(candidate))
                        .arg(total);
                return std::nullopt;
            }
            std::fill(segments.begin(), segments.end(), candidate);
            return segments;
        }
        // One per server: its own IPs' segment, else the next default one no server took.
        QSet<quint32> taken;
        std::vector<bool> chosen(servers);
        for (int s : m_order) {
            const auto net = inferred(s, prefix);
            if (net && !taken.contains(net->network.value)) {
                segments[static_cast<size_t>(s)] = *net;
                taken.insert(net->network.value);
                chosen[static_cast<size_t>(s)] = true;
            }
        }
        quint64 index = 0;
        for (int s : m_order) {
            if (chosen[static_cast<size_t>(s)])
                continue;
            while (taken.contains(defaultSegment(prefix, index).network.value))
                ++index;
            segments[static_cast<size_t>(s)] = defaultSegment(prefix, index);
            taken.insert(segments[static_cast<size_t>(s)].network.value);
        }
        return segments;
    }

    bool attempt(int prefix, Layout layout, QString *reason)
    {
        SegmentPool pool(m_hostIps);
        const auto segments = segmentsFor(prefix, layout, reason, pool);
        if (!segments)
            return false;
        // Capacity per distinct segment, in numbers.
        QHash<quint32, std::pair<int, int>> load; // network -> (devices, servers)
        for (size_t s = 0; s < segments->size(); ++s) {
            auto &entry = load[(*segments)[s].network.value];
            entry.first += devicesOf(int(s));
            entry.second += 1;
        }
        for (size_t s = 0; s < segments->size(); ++s) {
            const Ipv4Network &net = (*segments)[s];
            const auto [needed, servers] = load.value(net.network.value);
            const int usable = pool.usable(net);
            if (needed > usable) {
                *reason = u"segment %1 holds %2 servers: %3 device IPs are needed, but it offers "
                          "%4 (a /%5 less network, broadcast and host IPs)"_s.arg(net.toString())
                              .arg(servers)
                              .arg(needed)
                              .arg(usable)
                              .arg(prefix);
                return false;
            }
        }
        std::vector<std::vector<std::optional<Ipv4>>> ips(m_project.servers.size());
        for (int s : m_order) { // keep what fits
            const Server &current = m_project.servers[static_cast<size_t>(s)];
            auto &row = ips[static_cast<size_t>(s)];
            row.resize(current.devices.size());
            for (size_t k = 0; k < row.size(); ++k) {
                const auto ip = Ipv4::parse(current.deviceIps.value(qsizetype(k)));
                if (ip && pool.available((*segments)[static_cast<size_t>(s)], *ip)) {
                    pool.take(*ip);
                    row[k] = ip;
                }
            }
        }
        for (int s : m_order) { // fill the rest from the lowest free address
            const Ipv4Network &net = (*segments)[static_cast<size_t>(s)];
            for (std::optional<Ipv4> &ip : ips[static_cast<size_t>(s)]) {
                if (ip)
                    continue;
                ip = pool.next(net);
                if (!ip) {
                    *reason = u"segment %1 ran out of addresses"_s.arg(net.toString());
                    return false;
                }
                pool.take(*ip);
            }
        }
        write(prefix, *segments, ips);
        return true;
    }

    void write(int prefix, const std::vector<Ipv4Network> &segments,
               const std::vector<std::vector<std::optional<Ipv4>>> &ips)
    {
        Project &project = m_result.project;
        DeviceNetwork &network = project.deviceNetwork;
        const QString netmask = netmaskFromPrefix(prefix).toString();
        if (network.netmask != netmask) {
            m_result.changes << u"device_network.netmask: %1 -> %2"_s.arg(shown(network.netmask),
                                                                          netmask);
            network.netmask = netmask;
        }
        QStringList texts;
        const bool shared = std::all_of(segments.begin(), segments.end(),
                                        [&](const auto &n) { return n == segments.front(); });
        QSet<quint32> distinct;
        for (const Ipv4Network &segment : segments)
            distinct.insert(segment.network.value);
        m_segmentCount = int(distinct.size());
        for (const Ipv4Network &segment : segments) {
            texts << segment.network.toString();
            if (shared)
                break;
        }
        if (network.segments != texts) {
            m_result.changes << u"device_network.segments: %1 -> %2"_s.arg(
                shown(network.segments.join(u", "_s)), texts.join(u", "_s));
            network.segments = texts;
        }
        for (size_t s = 0; s < project.servers.size(); ++s) {
            Server &target = project.servers[s];
            QStringList after;
            for (size_t k = 0; k < target.devices.size(); ++k)
                after << ips[s][k]->toString();
            replaceDeviceIps(target, after, serverLabel(m_project, int(s)), u"device"_s,
                             m_result.changes);
        }
    }

    static QString shown(const QString &value) { return shownPlanValue(value); }

    PlanResult &m_result;
    const Project m_project;  // the input, unchanged while the result is written
    int m_segmentCount = 0;   // distinct segments of the plan written
    bool m_keptApart = false; // the servers' own IPs lie in different /24 segments
    std::vector<int> m_order;
    QSet<quint32> m_hostIps;
};

} // namespace

void planServerSegments(PlanResult &result)
{
    ServerSegmentPlanner(result).run();
}

} // namespace cw
