// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/DoctorReport.h"

#include "model/Median.h"
#include "model/NameTable.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr auto kDoctorPartNames = nameTable<DoctorPart>({
    {DoctorPart::Links, "links"},
    {DoctorPart::Ports, "ports"},
    {DoctorPart::Bandwidth, "bandwidth"},
});

} // namespace

QString doctorPartName(DoctorPart part)
{
    return kDoctorPartNames.name(part);
}

std::optional<DoctorPart> doctorPartFromName(const QString &name)
{
    return kDoctorPartNames.fromName(name);
}

int DoctorReport::failedLinks() const
{
    return int(std::count_if(links.begin(), links.end(),
                             [](const auto &l) { return l.tested() && !l.ok; }));
}

int DoctorReport::failedPorts() const
{
    return int(std::count_if(ports.begin(), ports.end(),
                             [](const auto &p) { return p.tested() && !p.ok; }));
}

int DoctorReport::slowOrFailedPairs() const
{
    return int(std::count_if(bandwidth.begin(), bandwidth.end(),
                             [](const auto &p) { return p.tested() && (p.slow || !p.gbps); }));
}

int DoctorReport::untestedLinks() const
{
    return int(
        std::count_if(links.begin(), links.end(), [](const auto &l) { return !l.tested(); }));
}

int DoctorReport::untestedPorts() const
{
    return int(
        std::count_if(ports.begin(), ports.end(), [](const auto &p) { return !p.tested(); }));
}

int DoctorReport::untestedPairs() const
{
    return int(std::count_if(bandwidth.begin(), bandwidth.end(),
                             [](const auto &p) { return !p.tested(); }));
}

void DoctorReport::addNotReached(const QString &server, const QString &reason)
{
    if (wasReached(server))
        notReached.push_back({server, reason});
}

bool DoctorReport::wasReached(const QString &server) const
{
    return !findNotReached(notReached, server);
}

const ServerNotReached *findNotReached(const std::vector<ServerNotReached> &servers,
                                       const QString &server)
{
    const auto it = std::find_if(servers.begin(), servers.end(),
                                 [&](const ServerNotReached &s) { return s.server == server; });
    return it == servers.end() ? nullptr : &*it;
}

bool DoctorReport::passed() const
{
    return !cancelled && problems.isEmpty() && failedLinks() == 0 && failedPorts() == 0 &&
           slowOrFailedPairs() == 0;
}

QString notReachedText(const QString &server, const QString &reason)
{
    return u"not tested: %1 unreachable (%2)"_s.arg(server, reason);
}

void flagSlowPairs(std::vector<PairBandwidth> &pairs)
{
    std::vector<double> values;
    for (const PairBandwidth &pair : pairs) {
        if (pair.gbps)
            values.push_back(*pair.gbps);
    }
    for (PairBandwidth &pair : pairs)
        pair.slow = false;
    if (values.size() < 2)
        return; // one pair has nothing to be compared with
    const double middle = *median(values);
    for (PairBandwidth &pair : pairs)
        pair.slow = pair.gbps && *pair.gbps < kSlowFraction * middle;
}

namespace {

void linkSuspects(DoctorReport &report)
{
    struct Tally {
        int tests = 0;
        int failed = 0;
    };
    std::map<std::pair<QString, int>, Tally> tallies; // (server, device)
    for (const DeviceLink &link : report.links) {
        // A ping from or to a server not reached says nothing about a device.
        if (!link.tested() || !report.wasReached(link.server) ||
            !report.wasReached(link.peerServer))
            continue;
        for (const auto &end :
             {std::pair{link.server, link.device}, std::pair{link.peerServer, link.peerDevice}}) {
            Tally &tally = tallies[end];
            ++tally.tests;
            tally.failed += link.ok ? 0 : 1;
        }
    }
    for (const auto &[end, tally] : tallies) {
        if (tally.failed * 2 > tally.tests)
            report.suspects.push_back(
                {end.first, end.second,
                 u"%4 %1 failed %2 of its %3 ping tests (as source and as target)"_s.arg(
                     QString::number(end.second), QString::number(tally.failed),
                     QString::number(tally.tests), report.unit)});
    }
}

void portSuspects(DoctorReport &report)
{
    // (listening server, port) -> the peers it was tried from, and those that failed with why.
    struct Tally {
        QString why;
        int tried = 0;
        QStringList failed;
    };
    std::map<std::pair<QString, int>, Tally> tallies;
    std::vector<std::pair<QString, int>> order;
    for (const HostPort &port : report.ports) {
        if (!port.tested())
            continue;
        const auto key = std::pair{port.peerServer, port.port};
        if (!tallies.count(key))
            order.push_back(key);
        Tally &tally = tallies[key];
        tally.why = port.why;
        ++tally.tried;
        if (!port.ok)
            tally.failed << u"%1 (%2)"_s.arg(port.server, port.error);
    }
    for (const auto &key : order) {
        const Tally &tally = tallies[key];
        if (tally.failed.isEmpty())
            continue;
        const QString what = u"port %1 (%2)"_s.arg(QString::number(key.second), tally.why);
        report.suspects.push_back(
            {key.first, std::nullopt,
             int(tally.failed.size()) == tally.tried
                 ? u"%1 is not reachable from any server: %2"_s.arg(what,
                                                                    tally.failed.join(u", "_s))
                 : u"%1 is not reachable from %2"_s.arg(what, tally.failed.join(u", "_s))});
    }
}

void bandwidthSuspects(DoctorReport &report)
{
    std::vector<const PairBandwidth *> slow;
    for (const PairBandwidth &pair : report.bandwidth) {
        if (pair.slow)
            slow.push_back(&pair);
    }
    if (slow.empty())
        return;
    std::map<QString, int> count;
    for (const PairBandwidth *pair : slow) {
        ++count[pair->server];
        ++count[pair->peerServer];
    }
    QStringList shown;
    for (const PairBandwidth *pair : slow)
        shown << u"%1-%2 %3 GB/s"_s.arg(pair->server, pair->peerServer,
                                        QString::number(pair->gbps.value_or(0), 'f', 3));
    for (const auto &[server, n] : count) {
        if (n == int(slow.size()))
            report.suspects.push_back({server, std::nullopt,
                                       slow.size() == 1
                                           ? u"in the only slow pair: %1"_s.arg(shown.join(u", "_s))
                                           : u"in every slow pair (%1 of %1): %2"_s.arg(
                                                 QString::number(n), shown.join(u", "_s))});
    }
}

nlohmann::ordered_json text(const QString &value)
{
    return value.toStdString();
}

nlohmann::ordered_json notReached(const QString &server)
{
    return server.isEmpty() ? nlohmann::ordered_json(nullptr) : text(server);
}

} // namespace

void findSuspects(DoctorReport &report)
{
    report.suspects.clear();
    linkSuspects(report);
    portSuspects(report);
    bandwidthSuspects(report);
}

nlohmann::ordered_json doctorReportToJson(const DoctorReport &report)
{
    using json = nlohmann::ordered_json;
    json links = json::array();
    for (const DeviceLink &link : report.links) {
        links.push_back({{"server", text(link.server)},
                         {"device", link.device},
                         {"peer_server", text(link.peerServer)},
                         {"peer_device", link.peerDevice},
                         {"peer_ip", text(link.peerIp)},
                         {"kind", link.hccs ? "hccs_ping" : "ping"},
                         {"ok", link.ok},
                         {"loss_pct", link.lossPct < 0 ? json(nullptr) : json(link.lossPct)},
                         {"evidence", text(link.evidence)},
                         {"not_reached", notReached(link.notReached)}});
    }
    json ports = json::array();
    for (const HostPort &port : report.ports) {
        ports.push_back({{"server", text(port.server)},
                         {"peer_server", text(port.peerServer)},
                         {"port", port.port},
                         {"why", text(port.why)},
                         {"ok", port.ok},
                         {"error", text(port.error)},
                         {"evidence", text(port.evidence)},
                         {"not_reached", notReached(port.notReached)}});
    }
    json bandwidth = json::array();
    for (const PairBandwidth &pair : report.bandwidth) {
        // Rounded to the MB/s: more digits would only be noise.
        bandwidth.push_back(
            {{"server", text(pair.server)},
             {"peer_server", text(pair.peerServer)},
             {"gbps", pair.gbps ? json(std::round(*pair.gbps * 1000) / 1000) : json(nullptr)},
             {"slow", pair.slow},
             {"error", text(pair.error)},
             {"not_reached", notReached(pair.notReached)}});
    }
    json suspects = json::array();
    for (const Suspect &suspect : report.suspects) {
        suspects.push_back({{"server", text(suspect.server)},
                            {"device", suspect.device ? json(*suspect.device) : json(nullptr)},
                            {"reason", text(suspect.reason)}});
    }
    json unreached = json::array();
    for (const ServerNotReached &server : report.notReached)
        unreached.push_back({{"server", text(server.server)}, {"reason", text(server.reason)}});
    json parts = json::array();
    for (DoctorPart part : report.parts)
        parts.push_back(text(doctorPartName(part)));
    json notes = json::array();
    for (const QString &note : report.notes)
        notes.push_back(text(note));
    json problems = json::array();
    for (const QString &problem : report.problems)
        problems.push_back(text(problem));
    return {{"device_links", links},
            {"host_ports", ports},
            {"bandwidth", bandwidth},
            {"suspects", suspects},
            {"servers_not_reached", unreached},
            {"parts", parts},
            {"passed", report.passed()},
            {"cancelled", report.cancelled},
            {"notes", notes},
            {"problems", problems}};
}

} // namespace cw
