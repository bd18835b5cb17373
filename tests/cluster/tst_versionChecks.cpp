// `clusterwiz-cli check` (the real binary) on 2 simulated Ascend servers whose NPU drivers differ
// (driver_version in one server's hccn.conf, read back through the simulated
// `npu-smi info -t board`): the versions check names which server has which driver.
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
        const QString path = m_dir.filePath(u"p.clusterwiz.json"_s);
        QVERIFY(saveProjectFile(plan.project, path).isEmpty());
        const CliRun run =
            runCli({u"check"_s, path, u"--json"_s, u"--known-hosts"_s, m_cluster.knownHosts(),
                    u"--timeout"_s, u"60"_s, u"--accept-new"_s});
        const QJsonArray results =
            QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
        QJsonObject row;
        for (const QJsonValue &value : results) {
            if (value[u"check"_s].toString() == u"versions"_s &&
                value[u"server"_s].toString() == u"node0"_s)
                row = value.toObject();
        }
        QVERIFY2(!row.isEmpty(), run.describe().constData());
        QVERIFY2(row[u"status"_s].toString() == u"failed"_s,
                 QJsonDocument(row).toJson().constData());
        QVERIFY2(row[u"reason"_s].toString().contains(
                     u"NPU driver: 23.0.rc3 on node0; 24.1.rc1 on node1"_s),
                 qPrintable(row[u"reason"_s].toString()));
        QVERIFY(!row[u"reason"_s].toString().contains(u"NPU firmware"_s));
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestVersionChecks)
#include "tst_versionChecks.moc"
