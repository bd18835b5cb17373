// SPDX-License-Identifier: GPL-3.0-or-later
// hccl-ports-reserved and reserve-hccl-ports on 2 simulated Ascend servers (each network namespace
// has its own /proc/sys/net/ipv4): the check fails where the HCCL range is not reserved, the fix
// reserves it keeping what was reserved before (server0 had 8080), now and in the fix's sysctl.d
// file (moved into the server's state folder by CLUSTERWIZ_SYSCTL_D), a second fix has nothing
// to do, and undo puts the lists and the files back as they were.
#include "CliProcess.h"
#include "TestCluster.h"

#include "model/ProjectJson.h"
#include "plan/Planner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestHcclPortsFix : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_path;

    QStringList fleetOptions() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s, u"--timeout"_s,
                u"90"_s};
    }

    QString reserved(int index) const
    {
        QByteArray out;
        m_cluster.sh(index, u"cat /proc/sys/net/ipv4/ip_local_reserved_ports"_s, &out);
        return QString::fromUtf8(out).trimmed();
    }

    QString sysctlFile(int index) const
    {
        return m_cluster.serverDir(index) + u"/sysctl.d/90-clusterwiz-hccl-ports.conf"_s;
    }

    // hccl-ports-reserved of each server, by name.
    QHash<QString, QString> statuses() const
    {
        const CliRun run =
            runCli(QStringList{u"check"_s, m_path, u"--json"_s} + fleetOptions(), 300000);
        QHash<QString, QString> found;
        for (const QJsonValue &value :
             QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray()) {
            if (value[u"check"_s].toString() == u"hccl-ports-reserved"_s)
                found.insert(value[u"server"_s].toString(), value[u"status"_s].toString());
        }
        return found;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(2, &error), qPrintable(error));
        Project project;
        project.name = u"hccl-ports"_s;
        project.accelerator = Accelerator::Ascend910;
        for (int i = 0; i < 2; ++i) {
            Server server;
            server.name = u"node%1"_s.arg(i);
            server.host = m_cluster.ip(i);
            server.user = u"root"_s;
            server.identityFile = m_cluster.clientKey();
            server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            project.servers.push_back(server);
        }
        project.launch.python = u"/usr/bin/python3"_s;
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        m_path = m_dir.filePath(u"p.clusterwiz.json"_s);
        QVERIFY(saveProjectFile(plan.project, m_path).isEmpty());
        QCOMPARE(m_cluster.sh(0, u"echo 8080 > /proc/sys/net/ipv4/ip_local_reserved_ports"_s), 0);
        QCOMPARE(m_cluster.sh(1, u"echo > /proc/sys/net/ipv4/ip_local_reserved_ports"_s), 0);
    }

    void fixReservesAndUndoRestores()
    {
        QHash<QString, QString> before = statuses();
        QCOMPARE(before.value(u"node0"_s), u"failed"_s);
        QCOMPARE(before.value(u"node1"_s), u"failed"_s);

        const CliRun fix =
            runCli(QStringList{u"fix"_s, m_path, u"reserve-hccl-ports"_s} + fleetOptions(), 300000);
        QVERIFY2(fix.exitCode == 0, fix.describe().constData());
        QCOMPARE(reserved(0), u"8080,60000-60031"_s);
        QCOMPARE(reserved(1), u"60000-60031"_s);
        QFile file(sysctlFile(0));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(),
                 QByteArray("net.ipv4.ip_local_reserved_ports = 8080,60000-60031\n"));
        const QHash<QString, QString> after = statuses();
        QCOMPARE(after.value(u"node0"_s), u"ok"_s);
        QCOMPARE(after.value(u"node1"_s), u"ok"_s);

        // Check-then-set: a second fix finds nothing to change.
        const CliRun again =
            runCli(QStringList{u"fix"_s, m_path, u"reserve-hccl-ports"_s} + fleetOptions(), 300000);
        QVERIFY2(again.exitCode == 0 && again.out.contains("nothing to do"),
                 again.describe().constData());

        const CliRun undo = runCli(QStringList{u"undo"_s, m_path} + fleetOptions(), 300000);
        QVERIFY2(undo.exitCode == 0, undo.describe().constData());
        QCOMPARE(reserved(0), u"8080"_s);
        QCOMPARE(reserved(1), QString());
        QVERIFY(!QFile::exists(sysctlFile(0)));
        QVERIFY(!QFile::exists(sysctlFile(1)));
        QCOMPARE(statuses().value(u"node1"_s), u"failed"_s);
    }
};

QTEST_GUILESS_MAIN(TestHcclPortsFix)
#include "tst_hcclPortsFix.moc"
