// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/DoctorText.h"

#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

void addName(QStringList &names, const QString &name)
{
    if (!names.contains(name))
        names << name;
}

// Rows and columns: the names; `cell(row, column)` the text ("" for none).
QString matrix(const QString &title, const QStringList &names,
               const std::function<QString(const QString &, const QString &)> &cell,
               int minWidth = 4)
{
    int width = minWidth;
    for (const QString &name : names)
        width = std::max(width, int(name.size()));
    QString text = title + u'\n' + QString(width, u' ');
    for (const QString &name : names)
        text += u"  "_s + name.rightJustified(width);
    text += u'\n';
    for (const QString &row : names) {
        text += row.leftJustified(width);
        for (const QString &column : names) {
            const QString value = row == column ? u"-"_s : cell(row, column);
            text += u"  "_s + (value.isEmpty() ? u"."_s : value).rightJustified(width);
        }
        text += u'\n';
    }
    return text;
}

// ", 4 not tested (server not reached)" when some cells were not tested.
QString notTested(int count)
{
    return count == 0 ? QString() : u", %1 not tested (server not reached)"_s.arg(count);
}

QString notReachedNames(const DoctorReport &report)
{
    QStringList names;
    for (const ServerNotReached &server : report.notReached)
        names << server.server;
    return names.join(u", "_s);
}

QString firstLine(const QString &text)
{
    return text.section(u'\n', 0, 0).left(200);
}

} // namespace

QString doctorReportText(const DoctorReport &report, int maxColumns)
{
    QString text;
    QStringList failed;
    if (!report.links.empty()) {
        QStringList names;
        bool hccs = false;
        std::set<int> devices;
        std::map<std::tuple<QString, QString, int>, const DeviceLink *> same;
        for (const DeviceLink &link : report.links) {
            addName(names, link.server);
            addName(names, link.peerServer);
            if (link.device == link.peerDevice) {
                devices.insert(link.device);
                same[{link.server, link.peerServer, link.device}] = &link;
            }
            hccs = hccs || link.hccs;
            if (link.tested() && !link.ok)
                failed << u"links  %1 %7 %2 -> %3 %7 %4 (%8 %5): %6"_s.arg(
                    link.server, QString::number(link.device), link.peerServer,
                    QString::number(link.peerDevice), link.peerIp, firstLine(link.evidence),
                    report.unit, link.hccs ? u"hccs_ping"_s : u"ping"_s);
        }
        if (names.size() <= maxColumns) {
            // With hccs pings (Atlas A3 super pods) each cell says which kind it was.
            const QString legend = hccs ? u"; hccs = hccn_tool -hccs_ping inside a super pod, "
                                          u"ping = -ping across pods"_s
                                        : QString();
            for (int device : devices) {
                text += matrix(
                    u"links, %1 %2 (row pings column%3):"_s.arg(report.unit)
                        .arg(device)
                        .arg(legend),
                    names,
                    [&](const QString &row, const QString &column) {
                        const auto it = same.find({row, column, device});
                        if (it == same.end())
                            return QString();
                        const QString kind = !hccs              ? QString()
                                             : it->second->hccs ? u"hccs "_s
                                                                : u"ping "_s;
                        return !it->second->tested() ? kind + u"n/t"_s
                               : it->second->ok      ? kind + u"ok"_s
                                                     : kind + u"FAIL"_s;
                    },
                    hccs ? 9 : 4);
            }
        }
        text += u"links: %1 pings, %2 failed%3\n\n"_s.arg(report.links.size())
                    .arg(report.failedLinks())
                    .arg(notTested(report.untestedLinks()));
    }
    if (!report.ports.empty()) {
        QStringList names;
        QStringList whys;
        std::map<std::tuple<QString, QString, QString>, const HostPort *> cells;
        for (const HostPort &port : report.ports) {
            addName(names, port.server);
            addName(names, port.peerServer);
            addName(whys, port.why);
            cells[{port.server, port.peerServer, port.why}] = &port;
            if (port.tested() && !port.ok)
                failed << u"ports  %1 -> %2 port %3 (%4): %5"_s.arg(
                    port.server, port.peerServer, QString::number(port.port), port.why, port.error);
        }
        if (names.size() <= maxColumns) {
            for (const QString &why : whys) {
                text += matrix(u"ports, %1 (row connects to column):"_s.arg(why), names,
                               [&](const QString &row, const QString &column) {
                                   const auto it = cells.find({row, column, why});
                                   if (it == cells.end())
                                       return QString();
                                   const HostPort &port = *it->second;
                                   return !port.tested()                 ? u"n/t"_s
                                          : port.ok                      ? u"ok"_s
                                          : port.error == u"timed out"_s ? u"timeout"_s
                                          : port.error == u"refused"_s   ? u"refused"_s
                                                                         : u"FAIL"_s;
                               });
            }
        }
        text += u"ports: %1 connects, %2 failed%3\n\n"_s.arg(report.ports.size())
                    .arg(report.failedPorts())
                    .arg(notTested(report.untestedPorts()));
    }
    if (!report.bandwidth.empty()) {
        QStringList names;
        std::map<std::pair<QString, QString>, const PairBandwidth *> cells;
        for (const PairBandwidth &pair : report.bandwidth) {
            addName(names, pair.server);
            addName(names, pair.peerServer);
            cells[{pair.server, pair.peerServer}] = &pair;
            cells[{pair.peerServer, pair.server}] = &pair;
            if (!pair.tested())
                continue;
            if (!pair.gbps)
                failed << u"bandwidth  %1 - %2: %3"_s.arg(pair.server, pair.peerServer, pair.error);
            else if (pair.slow)
                failed << u"bandwidth  %1 - %2: slow, %3 GB/s"_s.arg(
                    pair.server, pair.peerServer, QString::number(*pair.gbps, 'f', 3));
        }
        if (names.size() <= maxColumns) {
            text += matrix(u"bandwidth, GB/s (* slow):"_s, names,
                           [&](const QString &row, const QString &column) {
                               const auto it = cells.find({row, column});
                               if (it == cells.end())
                                   return QString();
                               const PairBandwidth &pair = *it->second;
                               if (!pair.tested())
                                   return u"n/t"_s;
                               if (!pair.gbps)
                                   return u"FAIL"_s;
                               return QString::number(*pair.gbps, 'f', 3) +
                                      (pair.slow ? u"*"_s : QString());
                           });
        }
        text += u"bandwidth: %1 pairs, %2 slow or failed%3\n\n"_s.arg(report.bandwidth.size())
                    .arg(report.slowOrFailedPairs())
                    .arg(notTested(report.untestedPairs()));
    }
    if (!failed.isEmpty())
        text += u"Failed:\n  "_s + failed.join(u"\n  "_s) + u"\n\n"_s;
    for (const Suspect &suspect : report.suspects)
        text += u"suspect: %1%2: %3\n"_s.arg(
            suspect.server,
            suspect.device ? u" %1 %2"_s.arg(report.unit).arg(*suspect.device) : QString(),
            suspect.reason);
    for (const ServerNotReached &server : report.notReached)
        text += u"not reached: %1: %2\n"_s.arg(server.server, server.reason);
    for (const QString &note : report.notes)
        text += u"note: "_s + note + u'\n';
    for (const QString &problem : report.problems)
        text += u"problem: "_s + problem + u'\n';
    if (report.cancelled)
        text += u"cancelled: the parts after the one running were not run\n"_s;
    text += report.passed() ? u"passed: every link, port and pair is fine\n"_s
                            : u"failed: %1 links, %2 ports, %3 slow or failed pairs\n"_s
                                  .arg(report.failedLinks())
                                  .arg(report.failedPorts())
                                  .arg(report.slowOrFailedPairs());
    if (!report.notReached.empty())
        text += u"not tested: %1 links, %2 ports, %3 pairs: %4 %5 not reached (%6)\n"_s
                    .arg(report.untestedLinks())
                    .arg(report.untestedPorts())
                    .arg(report.untestedPairs())
                    .arg(report.notReached.size())
                    .arg(report.notReached.size() == 1 ? u"server"_s : u"servers"_s)
                    .arg(notReachedNames(report));
    return text;
}

} // namespace cw
