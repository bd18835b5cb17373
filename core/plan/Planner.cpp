// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/Planner.h"

#include "plan/AddressPool.h"
#include "plan/DieSegmentPlanner.h"
#include "plan/RoutedPlan.h"
#include "plan/SegmentChoice.h"
#include "plan/ServerSegmentPlanner.h"
#include "rules/DeviceRoutes.h"
#include "rules/DeviceRules.h"
#include "rules/RuleText.h"
#include "rules/SegmentMath.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// One candidate netmask with its segments, the IPs kept from the input and the pool the rest
// is drawn from.
struct Candidate {
    int prefix = 24;
    Segments segments;
    std::optional<AddressPool> pool;
    std::vector<std::vector<std::optional<Ipv4>>> ips; // [server][k]
};

class DevicePlanner {
public:
    explicit DevicePlanner(const Project &project) : m_project(project)
    {
        for (const Server &server : project.servers) {
            if (auto ip = Ipv4::parse(server.effectiveHostIp()))
                m_hostIps.insert(ip->value);
        }
        m_hostIps.unite(routedAddresses(project.deviceNetwork)); // never a device's
        m_order = project.launchOrder();
    }

    PlanResult run()
    {
        PlanResult result;
        result.project = m_project;
        if (!isAscend(m_project.accelerator)) {
            result.ok = true;
            return result;
        }
        if (result.reason = clusterProblem(); !result.reason.isEmpty())
            return result;
        if (result.reason = prepareRoutedPlan(result.project, result.changes);
            !result.reason.isEmpty())
            return result;
        m_project = result.project;
        if (m_project.accelerator == Accelerator::Ascend910b) {
            planServerSegments(result);
            if (!result.ok)
                return result;
            result.ok = false;
        } else if (m_project.accelerator == Accelerator::Ascend910_93) {
            planDieSegments(result);
            if (!result.ok)
                return result;
            result.ok = false;
        } else {
            std::optional<Candidate> plan = choose(&result.reason);
            if (!plan)
                return result;
            fill(*plan, result);
            result.widened = m_widenedBecause;
        }
        finishRoutedPlan(result.project, result.changes);
        // The rules are the contract; a plan that broke one would be a planner bug, and
        // saying so beats handing the user IPs that hccn_tool would accept but HCCL would not.
        const Problems left = validateDeviceNetwork(result.project);
        if (!left.empty()) {
            result.reason = u"the plan still breaks a rule: "_s + left.front().toString();
            return result;
        }
        result.ok = true;
        return result;
    }

private:
    int serverCount() const { return static_cast<int>(m_project.servers.size()); }
    const Server &server(int s) const { return m_project.servers[static_cast<size_t>(s)]; }

    QString clusterProblem() const
    {
        if (m_project.servers.empty())
            return u"the project has no servers"_s;
        if (serverCount() > kMaxServers)
            return u"%1 servers: an Ascend 910 cluster has at most %2"_s.arg(serverCount())
                .arg(kMaxServers);
        const Problems subsets = validateDeviceSubsets(m_project);
        if (!subsets.empty()) {
            QStringList lines;
            for (const Problem &problem : subsets)
                lines << problem.message;
            return u"the devices break the subset rules: "_s + lines.join(u"; "_s);
        }
        return {};
    }

    std::optional<Candidate> choose(QString *reason)
    {
        const DeviceNetwork &network = m_project.deviceNetwork;
        if (!network.segments.isEmpty() && network.segments.size() != kSegmentCount) {
            *reason = u"device_network.segments lists %1 segments, not 4; correct them or clear "
                      "them so that the planner chooses"_s.arg(network.segments.size());
            return std::nullopt;
        }
        if (!network.netmask.isEmpty()) {
            QString problem;
            const std::optional<int> prefix = deviceNetmaskPrefix(network.netmask, &problem);
            if (!prefix) {
                *reason = u"device_network.netmask: "_s + problem +
                          u"; correct it or clear it so that the planner chooses"_s;
                return std::nullopt;
            }
            bool tooSmall = false;
            if (std::optional<Candidate> plan = attempt(*prefix, reason, &tooSmall))
                return plan;
            return tooSmall ? widen(*prefix, reason) : std::nullopt;
        }
        QString firstReason;
        QString lastReason;
        for (int prefix = 24; prefix >= kWidestAutoPrefix; --prefix) {
            if (std::optional<Candidate> plan = attempt(prefix, &lastReason))
                return plan;
            if (firstReason.isEmpty())
                firstReason = lastReason;
        }
        *reason = u"no netmask from /24 to /%1 fits this cluster; with /24: %2; with /%1: %3"_s
                      .arg(kWidestAutoPrefix)
                      .arg(firstReason, lastReason);
        return std::nullopt;
    }

    // The user's netmask is too small for this cluster (`reason` says why): the smallest wider
    // one that fits, with the user's segments when they suit it, else segments chosen for it.
    // The netmask's line in the changes carries the reason, so the user sees why it moved.
    std::optional<Candidate> widen(int prefix, QString *reason)
    {
        for (int wider = prefix - 1; wider >= std::min(prefix - 1, kWidestAutoPrefix); --wider) {
            QString ignored;
            if (std::optional<Candidate> plan = attempt(wider, &ignored, nullptr, true)) {
                m_widenedBecause = *reason;
                return plan;
            }
        }
        return std::nullopt;
    }

    std::optional<Segments> segmentsFor(int prefix, QString *reason, bool rechoose) const
    {
        const QStringList &fixed = m_project.deviceNetwork.segments;
        Segments segments;
        if (!fixed.isEmpty()) {
            for (int j = 0; j < kSegmentCount; ++j) {
                QString problem;
                const auto segment = segmentFromText(fixed[j], prefix, &problem);
                if (!segment && rechoose)
                    return inferSegments(m_project, m_order, prefix);
                if (!segment) {
                    *reason = u"device_network.segments[%1]: %2"_s.arg(j).arg(problem);
                    return std::nullopt;
                }
                for (int earlier = 0; earlier < j; ++earlier) {
                    if (segments[static_cast<size_t>(earlier)] == *segment) {
                        if (rechoose)
                            return inferSegments(m_project, m_order, prefix);
                        *reason = u"device_network.segments[%1] is the same /%2 segment as "
                                  "segments[%3]"_s.arg(j)
                                      .arg(prefix)
                                      .arg(earlier);
                        return std::nullopt;
                    }
                }
                segments[static_cast<size_t>(j)] = *segment;
            }
            return segments;
        }
        return inferSegments(m_project, m_order, prefix);
    }

    // `tooSmall` (when given) is set when the segments are valid but cannot hold the devices.
    std::optional<Candidate> attempt(int prefix, QString *reason, bool *tooSmall = nullptr,
                                     bool rechoose = false)
    {
        std::optional<Segments> segments = segmentsFor(prefix, reason, rechoose);
        if (!segments)
            return std::nullopt;
        Candidate plan;
        plan.prefix = prefix;
        plan.segments = *segments;
        plan.pool.emplace(*segments, m_hostIps);
        plan.ips.resize(m_project.servers.size());
        std::array<int, kSegmentCount> needed{};
        std::array<int, kSegmentCount> serversUsing{};
        for (int s : m_order) {
            const Server &current = server(s);
            plan.ips[static_cast<size_t>(s)].resize(current.devices.size());
            std::array<bool, kSegmentCount> uses{};
            for (size_t k = 0; k < current.devices.size(); ++k) {
                const int j = current.devices[k] % kSegmentCount;
                ++needed[static_cast<size_t>(j)];
                uses[static_cast<size_t>(j)] = true;
                if (static_cast<qsizetype>(k) >= current.deviceIps.size())
                    continue;
                const auto ip = Ipv4::parse(current.deviceIps[static_cast<qsizetype>(k)]);
                if (ip && plan.pool->available(j, *ip)) {
                    plan.pool->take(j, *ip);
                    plan.ips[static_cast<size_t>(s)][k] = ip;
                }
            }
            for (size_t j = 0; j < kSegmentCount; ++j)
                serversUsing[j] += uses[j] ? 1 : 0;
        }
        for (int j = 0; j < kSegmentCount; ++j) {
            const int usable = plan.pool->usableOctets(j);
            if (needed[static_cast<size_t>(j)] > usable) {
                *reason = capacityReason(*plan.pool, j, needed[static_cast<size_t>(j)],
                                         serversUsing[static_cast<size_t>(j)], usable);
                if (tooSmall)
                    *tooSmall = true;
                return std::nullopt;
            }
        }
        return plan;
    }

    // The seed's numbering (server r in launch order: devices 0-3 end in 101 + 10r, devices
    // 4-7 in 100 + 10r) when the whole cluster fits it, else the lowest free addresses.
    void fill(Candidate &plan, PlanResult &result)
    {
        const quint64 highest = 101 + 10 * quint64(serverCount() - 1);
        const bool pattern =
            std::all_of(plan.segments.begin(), plan.segments.end(),
                        [&](const Ipv4Network &n) { return highest + 2 <= n.size(); });
        for (size_t r = 0; r < m_order.size(); ++r) {
            const int s = m_order[r];
            const Server &current = server(s);
            for (size_t k = 0; k < current.devices.size(); ++k) {
                std::optional<Ipv4> &ip = plan.ips[static_cast<size_t>(s)][k];
                if (ip)
                    continue;
                const int id = current.devices[k];
                const int j = id % kSegmentCount;
                if (pattern) {
                    const quint64 offset = (id < kSegmentCount ? 101 : 100) + 10 * quint64(r);
                    const Ipv4 preferred{static_cast<quint32>(
                        plan.segments[static_cast<size_t>(j)].network.value + offset)};
                    if (plan.pool->available(j, preferred))
                        ip = preferred;
                }
                if (!ip)
                    ip = plan.pool->next(j);
                if (ip)
                    plan.pool->take(j, *ip);
            }
        }
        write(plan, result);
    }

    void write(const Candidate &plan, PlanResult &result) const
    {
        DeviceNetwork &network = result.project.deviceNetwork;
        const QString netmask = netmaskFromPrefix(plan.prefix).toString();
        if (network.netmask != netmask) {
            QString line =
                u"device_network.netmask: %1 -> %2"_s.arg(shown(network.netmask), netmask);
            if (!m_widenedBecause.isEmpty())
                line += u" (widened: %1)"_s.arg(m_widenedBecause);
            result.changes << line;
            network.netmask = netmask;
        }
        QStringList segments;
        for (const Ipv4Network &segment : plan.segments)
            segments << segment.network.toString();
        if (network.segments != segments) {
            result.changes << u"device_network.segments: %1 -> %2"_s.arg(
                shown(network.segments.join(u", "_s)), segments.join(u", "_s));
            network.segments = segments;
        }
        for (int s = 0; s < serverCount(); ++s) {
            Server &target = result.project.servers[static_cast<size_t>(s)];
            const QString label = serverLabel(m_project, s);
            const QStringList before = target.deviceIps;
            QStringList after;
            for (size_t k = 0; k < target.devices.size(); ++k) {
                const std::optional<Ipv4> &ip = plan.ips[static_cast<size_t>(s)][k];
                after << (ip ? ip->toString() : QString());
                const QString old = before.value(static_cast<qsizetype>(k));
                if (old != after.back()) {
                    result.changes << u"%1 device %2: %3 -> %4"_s.arg(label)
                                          .arg(target.devices[k])
                                          .arg(shown(old), after.back());
                }
            }
            for (qsizetype k = after.size(); k < before.size(); ++k) {
                result.changes << u"%1: device_ips[%2] %3 removed (the server has %4 devices)"_s
                                      .arg(label)
                                      .arg(k)
                                      .arg(shown(before[k]))
                                      .arg(target.devices.size());
            }
            target.deviceIps = after;
        }
    }

    static QString shown(const QString &value)
    {
        return value.isEmpty() ? u"(none)"_s : escapeControls(value);
    }

    Project m_project;        // a copy: routed planning may fill its segments first
    QString m_widenedBecause; // why the user's netmask was too small, when the plan widened it
    QSet<quint32> m_hostIps;
    std::vector<int> m_order;
};

} // namespace

PlanResult planDeviceNetwork(const Project &project)
{
    return DevicePlanner(project).run();
}

} // namespace cw
