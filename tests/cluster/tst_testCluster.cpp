// SPDX-License-Identifier: GPL-3.0-or-later
// The TestCluster helpers other cluster tests rely on: restartSshd on a running sshd, linkDown /
// linkUp, pidsOf, and servers with their own process tables (cluster.sh --pid-ns).
#include "TestCluster.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestTestCluster : public QObject {
    Q_OBJECT

    TestCluster m_cluster;

    qint64 sshdPid() const
    {
        QFile file(m_cluster.serverDir(0) + u"/sshd.pid"_s);
        return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toLongLong() : 0;
    }

    QByteArray linkState() const
    {
        QProcess ip;
        ip.start(u"ip"_s,
                 {u"-n"_s, m_cluster.namespaceName(0), u"-o"_s, u"link"_s, u"show"_s, u"eth0"_s});
        ip.waitForFinished();
        return ip.readAllStandardOutput();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_cluster.up(1, &error), qPrintable(error));
    }

    void restartSshdStopsTheRunningOne()
    {
        const qint64 before = sshdPid();
        QVERIFY(before > 0);
        QVERIFY(m_cluster.sshdRunning(0));
        QVERIFY(m_cluster.restartSshd(0)); // no killSshd before it
        const qint64 after = sshdPid();
        QVERIFY(after > 0);
        QVERIFY(after != before);
        QVERIFY(m_cluster.sshdRunning(0));
        QFile old(u"/proc/%1/status"_s.arg(before)); // gone, or a zombie for a moment
        QVERIFY(!old.open(QIODevice::ReadOnly) || old.readAll().contains("State:\tZ"));
    }

    void pidsOfListsTheServersProcesses()
    {
        const QList<qint64> pids = m_cluster.pidsOf(0);
        QVERIFY(pids.contains(sshdPid()));
    }

    void ownProcessTablesShowOnlyTheServersProcesses()
    {
        TestCluster cluster;
        QString error;
        QVERIFY2(cluster.up(2, &error, true), qPrintable(error));
        QByteArray out;
        QCOMPARE(
            cluster.sh(0, u"setsid sleep 117 </dev/null >/dev/null 2>&1 & echo started"_s, &out),
            0);
        QByteArray ps0;
        QByteArray ps1;
        QCOMPARE(cluster.exec(0, {u"ps"_s, u"-eo"_s, u"pid,args"_s}, &ps0), 0);
        QCOMPARE(cluster.exec(1, {u"ps"_s, u"-eo"_s, u"pid,args"_s}, &ps1), 0);
        QVERIFY2(ps0.contains("sleep 117"), ps0.constData());
        QVERIFY2(!ps1.contains("sleep 117"), ps1.constData());
        QVERIFY2(ps1.contains(" 1 /usr/sbin/sshd") || ps1.contains(" 1 sshd"), ps1.constData());
        // sshd.pid holds the host's view of the pid, as in the shared mode.
        QFile pidFile(cluster.serverDir(1) + u"/sshd.pid"_s);
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const qint64 pid = pidFile.readAll().trimmed().toLongLong();
        QVERIFY(pid > 1);
        QVERIFY(cluster.sshdRunning(1));
        QVERIFY(cluster.pidsOf(1).contains(pid));
    }

    void linkDownAndUp()
    {
        QVERIFY(m_cluster.linkDown(0));
        QVERIFY2(linkState().contains("state DOWN"), linkState().constData());
        QVERIFY(m_cluster.linkUp(0));
        QVERIFY2(!linkState().contains("state DOWN"), linkState().constData());
    }
};

QTEST_GUILESS_MAIN(TestTestCluster)
#include "tst_testCluster.moc"
