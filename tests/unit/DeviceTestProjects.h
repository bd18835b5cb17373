// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Projects the device rule, planner and validator tests start from.

#include "model/Problem.h"
#include "model/Project.h"
#include "model/ProjectJson.h"

#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTest>

#include <functional>

namespace cw::testing {

using Mutation = std::function<void(Project &)>;

inline QString examplePath()
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend-2x8.clusterwiz.json");
}

// The seed's 2x8 plan (servers 10.0.0.22 and .23, device IPs 192.168.10x.1xx).
inline Project seedExample()
{
    const ProjectLoad load = loadProjectFile(examplePath());
    if (!load.ok())
        qFatal("cannot load the example project");
    return load.project;
}

// n servers with devices 0-7, host IPs 10.0.<s / 200>.<s % 200 + 10>, no device IPs and no
// device network: what a user has before planning.
inline Project ascendCluster(int servers)
{
    Project project;
    project.name = QStringLiteral("cluster");
    project.accelerator = Accelerator::Ascend910;
    for (int s = 0; s < servers; ++s) {
        Server server;
        server.name = QStringLiteral("server%1").arg(s);
        server.host = QStringLiteral("10.0.%1.%2").arg(s / 200).arg(s % 200 + 10);
        server.user = QStringLiteral("root");
        server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
        project.servers.push_back(server);
    }
    project.launch.workdir = QStringLiteral("/home/train");
    project.launch.entry = QStringLiteral("main.py");
    return project;
}

// servers x 16 dies, host IPs 10.0.<s / 200>.<s % 200 + 10>, no device network yet, SDIDs
// numbered inside each pod of `perPod` servers (0 to 16 x perPod - 1), pods "0", "1", ...
inline Project a3Cluster(int servers, int perPod)
{
    Project project = ascendCluster(servers);
    project.accelerator = Accelerator::Ascend910_93;
    project.launch.mode = LaunchMode::RankTable;
    for (int s = 0; s < servers; ++s) {
        Server &server = project.servers[size_t(s)];
        server.devices.clear();
        for (int die = 0; die < 16; ++die) {
            server.devices.push_back(die);
            server.superDeviceIds << QString::number((s % perPod) * 16 + die);
        }
        if (s % perPod == 0)
            project.superPods.push_back({QString::number(s / perPod), {}});
        project.superPods.back().servers << server.name;
    }
    return project;
}

// The seed's numbering written out by hand for any prefix up to /24: segment j starts at
// 192.168.(100 + j * width).0, server r's devices 0-3 end in 101 + 10r, devices 4-7 in 100 + 10r.
inline Project seedLikeCluster(int servers, int prefix)
{
    Project project = ascendCluster(servers);
    const int width = 1 << (24 - prefix);
    project.deviceNetwork.netmask = prefix == 24 ? QStringLiteral("255.255.255.0")
                                                 : QStringLiteral("255.255.%1.0").arg(256 - width);
    for (int j = 0; j < 4; ++j)
        project.deviceNetwork.segments << QStringLiteral("192.168.%1.0").arg(100 + j * width);
    for (int r = 0; r < servers; ++r) {
        for (int id = 0; id < 8; ++id) {
            const int offset = (id < 4 ? 101 : 100) + 10 * r;
            project.servers[static_cast<size_t>(r)].deviceIps
                << QStringLiteral("192.168.%1.%2")
                       .arg(100 + (id % 4) * width + offset / 256)
                       .arg(offset % 256);
        }
    }
    return project;
}

inline QStringList ruleIds(const Problems &problems)
{
    QSet<QString> ids;
    for (const Problem &problem : problems)
        ids.insert(problem.rule);
    QStringList sorted(ids.begin(), ids.end());
    sorted.sort();
    return sorted;
}

inline QStringList paths(const Problems &problems)
{
    QSet<QString> found;
    for (const Problem &problem : problems)
        found.insert(problem.path);
    QStringList sorted(found.begin(), found.end());
    sorted.sort();
    return sorted;
}

inline QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

inline QString describe(const Problems &problems)
{
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.rule + QStringLiteral(" | ") + problem.toString();
    return lines.join(u'\n');
}

// The location a JSON path names, read back from the path as a reader of the file would:
// "servers[3].device_ips[4]" -> {3, 4, "device_ips"}, "launch.env.A" -> {-1, -1, "launch.env"},
// "launch.args[2]" -> {-1, -1, "launch.args"}. Independent of ProblemPlace, so that a location
// that disagrees with its path shows.
inline ProblemLocation locationOfPath(const QString &path)
{
    static const QRegularExpression serverPath(
        QStringLiteral(R"(^servers\[(\d+)\](?:\.([a-z_]+)(?:\[(\d+)\])?)?$)"));
    static const QRegularExpression trailingIndex(QStringLiteral(R"(\[\d+\]$)"));
    ProblemLocation location;
    if (const QRegularExpressionMatch match = serverPath.match(path); match.hasMatch()) {
        location.server = match.captured(1).toInt();
        location.field = match.captured(2);
        const bool deviceList = location.field == u"devices" || location.field == u"device_ips";
        if (deviceList && !match.captured(3).isEmpty())
            location.device = match.captured(3).toInt();
        return location;
    }
    QString field = path;
    field.remove(trailingIndex);
    if (field.startsWith(QStringLiteral("launch.env.")))
        field = QStringLiteral("launch.env");
    location.field = field;
    return location;
}

// One line per problem whose location is not the one its path names; empty when all agree.
inline QString locationMismatches(const Problems &problems)
{
    QStringList lines;
    for (const Problem &problem : problems) {
        const ProblemLocation expected = locationOfPath(problem.path);
        if (problem.location == expected)
            continue;
        lines << QStringLiteral("%1: location {%2, %3, %4}, path says {%5, %6, %7}")
                     .arg(problem.path)
                     .arg(problem.location.server)
                     .arg(problem.location.device)
                     .arg(problem.location.field)
                     .arg(expected.server)
                     .arg(expected.device)
                     .arg(expected.field);
    }
    return lines.join(u'\n');
}

} // namespace cw::testing

Q_DECLARE_METATYPE(cw::testing::Mutation)
