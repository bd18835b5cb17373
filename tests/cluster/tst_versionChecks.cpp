// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli check` (the real binary) on 2 simulated Ascend servers whose NPU drivers differ
// (driver_version in one server's hccn.conf, read back through the simulated
// `npu-smi info -t board`): the versions check names which server has which driver. Then one
// server becomes an Atlas A2 (npu_name 910B3 in `npu-smi info`) in the ascend910 project: the
// accelerator check fails there, naming the server and the chip.
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

class TestVersionChecks : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_path; // the ascend910 project of the two servers

    // The row of `check --json` for `check` on `server`.
    QJsonObject checkRow(const char *check, const QString &server)
    {
        const CliRun run =
            runCli({u"check"_s, m_path, u"--json"_s, u"--known-hosts"_s, m_cluster.knownHosts(),
                    u"--timeout"_s, u"60"_s, u"--accept-new"_s});
        const QJsonArray results =
            QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
        for (const QJsonValue &value : results) {
            if (value[u"check"_s].toString() == QLatin1StringView(check) &&
                value[u"server"_s].toString() == server)
                return value.toObject();
        }
        qWarning("%s", run.describe().constData());
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(2, &error), qPrintable(error));
    }

    void driverMismatchNamesTheServers()
    {
        QCOMPARE(m_cluster.sh(1, u"echo driver_version=24.1.rc1 >> %1/hccn.conf"_s.arg(
                                     m_cluster.serverDir(1))),
                 0);
        Project project;
        project.name = u"versions-test"_s;
        project.accelerator = Accelerator::Ascend910;
        for (int i = 0; i < 2; ++i) {
            Server node;
            node.name = u"node%1"_s.arg(i);
            node.host = m_cluster.ip(i);
            node.user = u"root"_s;
            node.identityFile = m_cluster.clientKey();
            node.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            project.servers.push_back(node);
        }
        project.launch.python = u"/usr/bin/python3"_s;
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        m_path = m_dir.filePath(u"p.clusterwiz.json"_s);
        QVERIFY(saveProjectFile(plan.project, m_path).isEmpty());
        const QJsonObject row = checkRow("versions", u"node0"_s);
        QVERIFY(!row.isEmpty());
        QVERIFY2(row[u"status"_s].toString() == u"failed"_s,
                 QJsonDocument(row).toJson().constData());
        QVERIFY2(row[u"reason"_s].toString().contains(
                     u"NPU driver: 23.0.rc3 on node0; 24.1.rc1 on node1"_s),
                 qPrintable(row[u"reason"_s].toString()));
        QVERIFY(!row[u"reason"_s].toString().contains(u"NPU firmware"_s));
    }

    void atlasA2ChipInAnAscend910ProjectNamesServerAndChip()
    {
        QVERIFY(!m_path.isEmpty());
        QCOMPARE(
            m_cluster.sh(1, u"echo npu_name=910B3 >> %1/hccn.conf"_s.arg(m_cluster.serverDir(1))),
            0);
        const QJsonObject a2 = checkRow("accelerator", u"node1"_s);
        QVERIFY2(a2[u"status"_s].toString() == u"failed"_s, QJsonDocument(a2).toJson().constData());
        QVERIFY2(a2[u"reason"_s].toString().contains(
                     u"server node1: NPU chip 910B3 is ascend910b hardware, the project's "
                     u"accelerator is ascend910"_s),
                 qPrintable(a2[u"reason"_s].toString()));
        const QJsonObject first = checkRow("accelerator", u"node0"_s);
        QVERIFY2(first[u"status"_s].toString() != u"failed"_s,
                 QJsonDocument(first).toJson().constData());
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestVersionChecks)
#include "tst_versionChecks.moc"
