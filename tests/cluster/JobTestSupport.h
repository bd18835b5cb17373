// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the job runner's cluster tests and the launch benchmark: a cpu project of real
// PyTorch (gloo) ranks on the servers of a TestCluster, password-free SSH between the servers
// for mpirun, and the processes of a job found inside one server's network namespace.
#include "TestCluster.h"

#include "fleet/FleetRunner.h"
#include "model/ProjectJson.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>

namespace jobtest {

using namespace Qt::StringLiterals;

inline QString sourcePath(const QString &relative)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/") + relative;
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The cpu-2x2 example on the cluster's first `servers` servers, `devices` ranks each. The
// workdir is under /root, which is private to each simulated server (/tmp is shared).
inline cw::Project cpuProject(const TestCluster &cluster, int servers, int devices,
                              cw::LaunchMode mode, const QStringList &args)
{
    cw::ProjectLoad load =
        cw::loadProjectFile(sourcePath(u"resources/examples/cpu-2x2.clusterwiz.json"_s));
    cw::Project project = load.project;
    const cw::Server model = project.servers.front();
    project.servers.clear();
    for (int i = 0; i < servers; ++i) {
        cw::Server server = model;
        server.name = u"server%1"_s.arg(i);
        server.host = cluster.ip(i);
        server.hostIp = cluster.ip(i);
        server.identityFile = cluster.clientKey();
        server.devices.clear();
        for (int d = 0; d < devices; ++d)
            server.devices.push_back(d);
        project.servers.push_back(server);
    }
    project.launch.mode = mode;
    project.launch.workdir = u"/root/ddp"_s;
    // Outside the test's project folder: launches confirm it with --allow-upload-outside.
    project.launch.upload = {sourcePath(u"resources/examples/train_ddp.py"_s)};
    project.launch.args = args;
    // torchrun notices the end of its workers sooner; its temporary folders stay per server.
    project.launch.env.emplace_back(u"PET_MONITOR_INTERVAL"_s, u"1"_s);
    project.launch.env.emplace_back(u"TMPDIR"_s, u"/root"_s);
    return project;
}

inline cw::FleetOptions fleetOptions(const TestCluster &cluster)
{
    cw::FleetOptions options;
    options.knownHostsFile = cluster.knownHosts();
    options.acceptNew = true;
    options.parseSshConfig = false;
    options.timeoutMs = 30000;
    return options;
}

// mpirun's ssh from one server to another: one key for all, every server's host key known to
// every server (the product's key deployment is tested elsewhere).
inline QString setUpServerSsh(const TestCluster &cluster)
{
    const QString key = cluster.stateDir() + u"/mpi_ed25519"_s;
    QProcess keygen;
    keygen.start(u"ssh-keygen"_s,
                 {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, QString(), u"-f"_s, key});
    if (!keygen.waitForFinished(20000) || keygen.exitCode() != 0)
        return u"ssh-keygen failed"_s;
    QByteArray knownHosts;
    for (int i = 0; i < cluster.count(); ++i) {
        const QList<QByteArray> fields = readFile(cluster.hostKeyPub(i)).split(' ');
        knownHosts += cluster.ip(i).toUtf8() + ' ' + fields.value(0) + ' ' + fields.value(1) + '\n';
    }
    const QByteArray privateKey = readFile(key);
    const QByteArray publicKey = readFile(key + u".pub"_s);
    for (int i = 0; i < cluster.count(); ++i) {
        const QString ssh = cluster.serverDir(i) + u"/root/.ssh/"_s;
        QFile id(ssh + u"id_ed25519"_s);
        QFile hosts(ssh + u"known_hosts"_s);
        QFile authorized(ssh + u"authorized_keys"_s);
        if (!id.open(QIODevice::WriteOnly) || !hosts.open(QIODevice::WriteOnly) ||
            !authorized.open(QIODevice::Append))
            return u"cannot write into "_s + ssh;
        id.write(privateKey);
        id.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        hosts.write(knownHosts);
        authorized.write(publicKey);
    }
    return {};
}

// Processes of a training job in server `index`'s network namespace ("PID CMDLINE" each): the
// scripts, the torch launcher, the ranks, mpirun and its orted.
inline QStringList jobProcesses(const TestCluster &cluster, int index)
{
    static const QRegularExpression job(
        u"train\\.sh|rank\\.sh|run\\.sh|train_ddp|torch\\.distributed|orted|mpirun"_s);
    QProcess pids;
    pids.start(u"ip"_s, {u"netns"_s, u"pids"_s, cluster.namespaceName(index)});
    pids.waitForFinished(10000);
    QStringList found;
    const QList<QByteArray> lines = pids.readAllStandardOutput().split('\n');
    for (const QByteArray &line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        QByteArray cmdline = readFile(u"/proc/%1/cmdline"_s.arg(QString::fromUtf8(line.trimmed())));
        cmdline.replace('\0', ' ');
        const QString text = QString::fromUtf8(cmdline).trimmed();
        if (text.contains(job))
            found << QString::fromUtf8(line.trimmed()) + u' ' + text;
    }
    return found;
}

// A rank's log on its server, read through the server's private /root.
inline QByteArray rankLog(const TestCluster &cluster, int server, const QString &runId, int rank)
{
    return readFile(cluster.serverDir(server) +
                    u"/root/ddp/logs/%1/server%2/rank%3.log"_s.arg(runId, QString::number(server),
                                                                   QString::number(rank)));
}

} // namespace jobtest
