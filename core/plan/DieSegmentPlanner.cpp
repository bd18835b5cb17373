// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/DieSegmentPlanner.h"

#include "plan/SegmentChoice.h"
#include "plan/SegmentPool.h"
#include "rules/AtlasA3Rules.h"
#include "rules/DeviceRoutes.h"
#include "rules/RuleText.h"
#include "rules/SegmentMath.h"

#include <QHash>

#include <array>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using DieSegments = std::array<Ipv4Network, kA3SegmentCount>;

class DieSegmentPlanner {
public:
    explicit DieSegmentPlanner(PlanResult &result)
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
        const DeviceNetwork &network = m_project.deviceNetwork;
        if (!network.segments.isEmpty() && network.segments.size() != kA3SegmentCount) {
            m_result.reason =
                u"device_network.segments lists %1 segments; an ascend910_93 project gives none "
                "or two (die 0 and die 1 of every NPU), or clear them so that the planner "
                "chooses"_s.arg(network.segments.size());
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
            m_result.ok = attempt(*prefix, &m_result.reason);
            return;
        }
        QString firstReason;
        QString lastReason;
        for (int prefix = 24; prefix >= kWidestAutoPrefix; --prefix) {
            if (attempt(prefix, &lastReason)) {
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

private:
    // The segment most of the dies of that kind (0: even ids, 1: odd) already use, if any.
    std::optional<Ipv4Network> inferred(int kind, int prefix) const
    {
        QHash<quint32, int> votes;
        std::optional<Ipv4Network> best;
        int bestVotes = 0;
        for (const int s : m_order) {
            const Server &server = m_project.servers[size_t(s)];
            for (size_t k = 0; k < server.devices.size(); ++k) {
                if (a3Segment(server.devices[k]) != kind)
                    continue;
                if (const auto ip = Ipv4::parse(server.deviceIps.value(qsizetype(k)))) {
                    const Ipv4Network net = Ipv4Network::containing(*ip, prefix);
                    if (++votes[net.network.value] > bestVotes) {
                        bestVotes = votes[net.network.value];
                        best = net;
                    }
                }
            }
        }
        return best;
    }

    std::optional<DieSegments> segmentsFor(int prefix, QString *reason) const
    {
        const QStringList &fixed = m_project.deviceNetwork.segments;
        DieSegments segments;
        if (!fixed.isEmpty()) {
            for (int j = 0; j < kA3SegmentCount; ++j) {
                QString problem;
                const auto segment = segmentFromText(fixed[j], prefix, &problem);
                if (!segment) {
                    *reason = u"device_network.segments[%1]: %2"_s.arg(j).arg(problem);
                    return std::nullopt;
                }
                segments[size_t(j)] = *segment;
            }
            if (segments[0] == segments[1]) {
                *reason = u"device_network.segments[0] and [1] are the same /%1 segment; the two "
                          "dies of one NPU need different segments"_s.arg(prefix);
                return std::nullopt;
            }
            return segments;
        }
        // Each kind of die keeps the segment its IPs already share, unless the other kind took
        // it first; the rest get the next default segment no one uses.
        std::array<bool, kA3SegmentCount> chosen{};
        for (int j = 0; j < kA3SegmentCount; ++j) {
            const auto net = inferred(j, prefix);
            if (net && (j == 0 || !chosen[0] || segments[0] != *net)) {
                segments[size_t(j)] = *net;
                chosen[size_t(j)] = true;
            }
        }
        quint64 index = 0;
        for (int j = 0; j < kA3SegmentCount; ++j) {
            if (chosen[size_t(j)])
                continue;
            for (;; ++index) {
                const Ipv4Network candidate = defaultSegment(prefix, index);
                const bool taken = (chosen[0] && segments[0] == candidate) ||
                                   (chosen[1] && segments[1] == candidate);
                if (!taken)
                    break;
            }
            segments[size_t(j)] = defaultSegment(prefix, index);
            chosen[size_t(j)] = true;
        }
        return segments;
    }

    bool attempt(int prefix, QString *reason)
    {
        SegmentPool pool(m_hostIps);
        const std::optional<DieSegments> segments = segmentsFor(prefix, reason);
        if (!segments)
            return false;
        std::array<int, kA3SegmentCount> needed{};
        std::array<int, kA3SegmentCount> servers{};
        for (const Server &server : m_project.servers) {
            std::array<bool, kA3SegmentCount> uses{};
            for (const int die : server.devices) {
                ++needed[size_t(a3Segment(die))];
                uses[size_t(a3Segment(die))] = true;
            }
            for (int j = 0; j < kA3SegmentCount; ++j)
                servers[size_t(j)] += uses[size_t(j)] ? 1 : 0;
        }
        for (int j = 0; j < kA3SegmentCount; ++j) {
            const Ipv4Network &net = (*segments)[size_t(j)];
            const int usable = pool.usable(net);
            if (needed[size_t(j)] > usable) {
                *reason = u"segment %1 holds die %2 of every NPU on %3 servers: %4 device IPs "
                          "are needed, but it offers %5 (a /%6 less network, broadcast and host "
                          "IPs)"_s.arg(net.toString())
                              .arg(j)
                              .arg(servers[size_t(j)])
                              .arg(needed[size_t(j)])
                              .arg(usable)
                              .arg(prefix);
                return false;
            }
        }
        std::vector<std::vector<std::optional<Ipv4>>> ips(m_project.servers.size());
        for (const int s : m_order) { // keep what fits
            const Server &current = m_project.servers[size_t(s)];
            auto &row = ips[size_t(s)];
            row.resize(current.devices.size());
            for (size_t k = 0; k < row.size(); ++k) {
                const Ipv4Network &net = (*segments)[size_t(a3Segment(current.devices[k]))];
                const auto ip = Ipv4::parse(current.deviceIps.value(qsizetype(k)));
                if (ip && pool.available(net, *ip)) {
                    pool.take(*ip);
                    row[k] = ip;
                }
            }
        }
        for (const int s : m_order) { // the rest from the lowest free address
            const Server &current = m_project.servers[size_t(s)];
            for (size_t k = 0; k < current.devices.size(); ++k) {
                std::optional<Ipv4> &ip = ips[size_t(s)][k];
                if (ip)
                    continue;
                const Ipv4Network &net = (*segments)[size_t(a3Segment(current.devices[k]))];
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

    void write(int prefix, const DieSegments &segments,
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
        const QStringList texts{segments[0].network.toString(), segments[1].network.toString()};
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
            replaceDeviceIps(target, after, serverLabel(m_project, int(s)), u"die"_s,
                             m_result.changes);
        }
    }

    static QString shown(const QString &value) { return shownPlanValue(value); }

    PlanResult &m_result;
    const Project m_project; // the input, unchanged while the result is written
    std::vector<int> m_order;
    QSet<quint32> m_hostIps;
};

} // namespace

void planDieSegments(PlanResult &result)
{
    DieSegmentPlanner(result).run();
}

} // namespace cw
