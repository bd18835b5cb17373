// SPDX-License-Identifier: GPL-3.0-or-later
// The run session against 2 simulated servers (real sshd, real PyTorch gloo ranks), counted in
// logins (each sshd's "Accepted publickey" lines): `launch --force --follow` of a job that runs
// several seconds takes at most 3 per server (the upload, the start, and one session for the
// logs, the status polls and the end), `logs --follow` for 5 s exactly 1 per server, and `status`
// 1. The lines of every rank still arrive, and the job's end is still seen.
#include "CliProcess.h"
#include "JobTestSupport.h"

#include "launch/RunRecord.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace jobtest;
using namespace Qt::StringLiterals;

class TestSessionLogins : public QObject {
    Q_OBJECT

    static constexpr int kServers = 2;
    static constexpr int kDevices = 2;
    TestCluster m_cluster;
    QTemporaryDir m_dir;

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s};
    }

    std::vector<int> logins() const
    {
        std::vector<int> counts;
        for (int i = 0; i < kServers; ++i)
            counts.push_back(m_cluster.acceptedLogins(i));
        return counts;
    }

    static QString loginsSince(const std::vector<int> &before, const std::vector<int> &after)
    {
        QStringList text;
        for (size_t i = 0; i < before.size(); ++i)
            text << u"server%1: %2"_s.arg(i).arg(after[i] - before[i]);
        return text.join(u", "_s);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error), qPrintable(error));
    }

    void launchFollowTakesAtMostThreeLoginsPerServer()
    {
        // About 5 s of training after the ranks start: some ten polls' worth.
        const Project project = cpuProject(m_cluster, kServers, kDevices, LaunchMode::Launch,
                                           {u"--steps"_s, u"20"_s, u"--sleep"_s, u"0.25"_s});
        const QString path = m_dir.filePath(u"follow.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        const std::vector<int> before = logins();
        const CliRun run = runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s,
                                              u"--force"_s, u"--follow"_s} +
                                      fleet(),
                                  120000);
        const std::vector<int> after = logins();
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const QString runId = QString::fromUtf8(run.out).section(u'\n', 0, 0);
        QVERIFY2(run.err.contains(u"run %1: finished"_s.arg(runId).toUtf8()), run.err.constData());
        for (int rank = 0; rank < kServers * kDevices; ++rank) {
            const QByteArray prefix = u"[server%1/%2] "_s.arg(rank / kDevices).arg(rank).toUtf8();
            int losses = 0;
            for (const QByteArray &line : run.out.split('\n'))
                losses += line.startsWith(prefix) && line.contains("loss = ") ? 1 : 0;
            QVERIFY2(losses == 20, qPrintable(u"rank %1: %2 loss lines"_s.arg(rank).arg(losses)));
        }
        qInfo("launch --follow took %.1f s; logins %s", double(run.elapsedMs) / 1000,
              qPrintable(loginsSince(before, after)));
        QVERIFY2(run.elapsedMs > 4000, "the job must run several seconds for this to count");
        for (int i = 0; i < kServers; ++i)
            QVERIFY2(after[i] - before[i] <= 3, qPrintable(loginsSince(before, after)));
    }

    void logsFollowAndStatusTakeOneLoginPerServer()
    {
        const Project project = cpuProject(m_cluster, kServers, kDevices, LaunchMode::Launch,
                                           {u"--steps"_s, u"100000"_s, u"--sleep"_s, u"0.1"_s});
        const QString path = m_dir.filePath(u"long.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        const CliRun launched = runCli(
            QStringList{u"launch"_s, path, u"--allow-upload-outside"_s, u"--force"_s} + fleet());
        QVERIFY2(launched.exitCode == 0, launched.describe().constData());
        const QString runId = QString::fromUtf8(launched.out).trimmed();
        const auto stopJob = qScopeGuard([&] {
            runCli(QStringList{u"stop"_s, path, u"--run"_s, runId} + fleet());
        });
        QTRY_VERIFY_WITH_TIMEOUT(rankLog(m_cluster, 0, runId, 0).contains("loss = ") &&
                                     rankLog(m_cluster, 1, runId, 3).contains("loss = "),
                                 30000);

        std::vector<int> before = logins();
        QProcess follow;
        follow.start(cliPath(), QStringList{u"logs"_s, path, u"--follow"_s} + fleet());
        QVERIFY(follow.waitForStarted());
        QTest::qWait(5000);
        follow.terminate(); // as an operator's Ctrl-C: the job goes on
        QVERIFY(follow.waitForFinished(10000));
        std::vector<int> after = logins();
        const QByteArray out = follow.readAllStandardOutput();
        QVERIFY2(out.contains("[server0/0] ") && out.contains("[server1/3] "), out.constData());
        QVERIFY2(follow.readAllStandardError().contains("running"), "no state line");
        for (int i = 0; i < kServers; ++i)
            QVERIFY2(after[i] - before[i] == 1, qPrintable(loginsSince(before, after)));

        before = logins();
        const CliRun status = runCli(QStringList{u"status"_s, path, u"--json"_s} + fleet());
        QCOMPARE(status.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(status.out).object();
        QCOMPARE(json.value(u"state"_s).toString(), u"running"_s);
        QCOMPARE(json.value(u"ranks_started"_s).toInt(), kServers * kDevices);
        after = logins();
        for (int i = 0; i < kServers; ++i)
            QVERIFY2(after[i] - before[i] == 1, qPrintable(loginsSince(before, after)));
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestSessionLogins)
#include "tst_sessionLogins.moc"
