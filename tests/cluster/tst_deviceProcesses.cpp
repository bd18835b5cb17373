// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli check` (the real binary) on 2 simulated Ascend servers, each with its own
// process table, where a process on one server holds /dev/davinci3 (a file on an overlay over
// that server's /dev, made in its mount namespace only): device-processes names the server,
// the device, the pid and the process; the other server passes. The process is stopped by pid.
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

class TestDeviceProcesses : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_holder; // the holder's pid in server 1's process table

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(2, &error, true), qPrintable(error));
    }

    void staleProcessIsNamed()
    {
        const QString dir = m_cluster.serverDir(1);
        QByteArray out;
        const int rc = m_cluster.sh(
            1,
            u"mkdir -p %1/devup %1/devwork && mount -t overlay overlay -o "
            u"lowerdir=/dev,upperdir=%1/devup,workdir=%1/devwork /dev && touch /dev/davinci3 && "
            u"{ setsid sleep 600 3</dev/davinci3 >/dev/null 2>&1 & echo $!; }"_s.arg(dir),
            &out);
        QCOMPARE(rc, 0);
        m_holder = QString::fromUtf8(out).trimmed();
        QVERIFY2(m_holder.toInt() > 0, out.constData());

        Project project;
        project.name = u"holders-test"_s;
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
        QHash<QString, QJsonObject> rows;
        for (const QJsonValue &value :
             QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray()) {
            if (value[u"check"_s].toString() == u"device-processes"_s)
                rows.insert(value[u"server"_s].toString(), value.toObject());
        }
        QVERIFY2(rows.size() == 2, run.describe().constData());
        QCOMPARE(rows[u"node0"_s][u"status"_s].toString(), u"ok"_s);
        QCOMPARE(rows[u"node1"_s][u"status"_s].toString(), u"failed"_s);
        const QString reason = rows[u"node1"_s][u"reason"_s].toString();
        QVERIFY2(reason.contains(u"device 3 held by pid %1 (sleep)"_s.arg(m_holder)),
                 qPrintable(reason));
        QVERIFY2(reason.contains(u"kill %1"_s.arg(m_holder)), qPrintable(reason));
    }

    void cleanupTestCase()
    {
        if (m_holder.toInt() > 0)
            m_cluster.exec(1, {u"kill"_s, m_holder});
        m_cluster.down();
    }
};

QTEST_GUILESS_MAIN(TestDeviceProcesses)
#include "tst_deviceProcesses.moc"
