// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli check`, `fix align-device-tls` and `undo` (the real binary) on 2 simulated
// Ascend servers, one with TLS on for two of its devices (tls_N in its hccn.conf, read and set
// through the simulated `hccn_tool -tls`): the check names the server and devices, the fix
// switches them to the cluster's common value, undo puts the mismatch back.
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

class TestDeviceTlsFix : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_path;

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--timeout"_s, u"60"_s,
                u"--accept-new"_s};
    }

    QJsonObject tlsRow(const QString &server)
    {
        const CliRun run = runCli(QStringList{u"check"_s, m_path, u"--json"_s} + fleet());
        const QJsonArray results =
            QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
        for (const QJsonValue &value : results) {
            if (value[u"check"_s].toString() == u"device-tls"_s &&
                value[u"server"_s].toString() == server)
                return value.toObject();
        }
        qWarning("%s", run.describe().constData());
        return {};
    }

    QString tlsState(int server)
    {
        QByteArray out;
        m_cluster.sh(server,
                     u"export HCCN_CONF=%1/hccn.conf; for d in 0 1 2 3 4 5 6 7; do hccn_tool -i "
                     u"$d -tls -g; done"_s.arg(m_cluster.serverDir(server)),
                     &out);
        QString state;
        for (const QByteArray &line : out.split('\n')) {
            if (line.contains("tls switch[1]"))
                state += u'1';
            else if (line.contains("tls switch[0]"))
                state += u'0';
        }
        return state;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(2, &error), qPrintable(error));
        Project project;
        project.name = u"tls-test"_s;
        project.accelerator = Accelerator::Ascend910b;
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
    }

    void mismatchIsReportedFixedAndUndone()
    {
        QCOMPARE(m_cluster.sh(1, u"printf 'tls_2=1\\ntls_5=1\\n' >> %1/hccn.conf"_s.arg(
                                     m_cluster.serverDir(1))),
                 0);
        QCOMPARE(tlsState(1), u"00100100"_s);
        QCOMPARE(tlsRow(u"node0"_s)[u"status"_s].toString(), u"ok"_s);
        const QJsonObject bad = tlsRow(u"node1"_s);
        QVERIFY2(bad[u"status"_s].toString() == u"failed"_s, QJsonDocument(bad).toJson().data());
        const QString reason = bad[u"reason"_s].toString();
        QVERIFY2(reason.contains(u"TLS on: devices 2, 5; TLS off: devices 0, 1, 3, 4, 6, 7"_s),
                 qPrintable(reason));

        const CliRun preview =
            runCli(QStringList{u"fix"_s, m_path, u"device-tls"_s, u"--dry-run"_s} + fleet());
        QVERIFY2(preview.out.contains("[node1] device 2: TLS on -> off"), preview.describe());
        QCOMPARE(tlsState(1), u"00100100"_s); // a dry run changes nothing

        const CliRun fixed = runCli(QStringList{u"fix"_s, m_path, u"device-tls"_s} + fleet());
        QVERIFY2(fixed.exitCode == 0, fixed.describe());
        QCOMPARE(tlsState(1), u"00000000"_s);
        QCOMPARE(tlsRow(u"node1"_s)[u"status"_s].toString(), u"ok"_s);

        const CliRun undone = runCli(QStringList{u"undo"_s, m_path} + fleet());
        QVERIFY2(undone.exitCode == 0, undone.describe());
        QCOMPARE(tlsState(1), u"00100100"_s);
        QCOMPARE(tlsState(0), u"00000000"_s);
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestDeviceTlsFix)
#include "tst_deviceTlsFix.moc"
