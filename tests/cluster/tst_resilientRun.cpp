// SPDX-License-Identifier: GPL-3.0-or-later
// Restarting runs (launch.restart) on 3 simulated servers, each with its own network, hostname
// and process table, and a real PyTorch gloo job that checkpoints every step and resumes from
// its checkpoint. The supervisor runs detached on server0 and reaches the others with the
// servers' own SSH trust:
// - server2's link goes down mid-run (its host-side veth): with drop_failed_servers the run
//   finishes on the two others from the checkpoint (the job says "resumed from step K (world
//   size 2, ...)"); without it, the run fails once max_restarts is used up, naming server2;
// - a rank that always raises: the run stops after the second identical failure;
// - the client is killed (SIGKILL) while it follows: the supervisor still restarts, and a new
//   `status` and `logs --follow` see every attempt;
// - `stop` during the backoff: nothing starts afterwards;
// - a launch with restarts checks first that the supervisor's server logs in to the others.
// Every wait polls a condition with a bound; gloo's timeout is set; nothing scans the host's
// processes (each server's own process table is read through its namespace).
#include "CliProcess.h"
#include "JobTestSupport.h"

#include "launch/RunRecord.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace cw;
using namespace jobtest;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 3;

// Polls `done` every 200 ms until it holds or `limitMs` passed.
template <typename Condition> bool waitFor(Condition done, int limitMs)
{
    for (QDeadlineTimer until(limitMs); !until.hasExpired(); QThread::msleep(200)) {
        if (done())
            return true;
    }
    return done();
}

} // namespace

class TestResilientRun : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s, u"--timeout"_s,
                u"15"_s};
    }

    // One gloo rank per server; a checkpoint per server and run under /root (private to each).
    Project project(const QStringList &jobArgs, int maxRestarts, bool drop, int backoff) const
    {
        Project p = cpuProject(
            m_cluster, kServers, 1, LaunchMode::Launch,
            QStringList{u"--timeout"_s, u"40"_s, u"--checkpoint-dir"_s, u"/root/ckpt/{run_id}"_s} +
                jobArgs);
        p.launch.restart.maxRestarts = maxRestarts;
        p.launch.restart.dropFailedServers = drop;
        p.launch.restart.minServers = drop ? 2 : 0;
        p.launch.restart.backoffSeconds = backoff;
        return p;
    }

    QString save(const Project &p, const QString &name) const
    {
        const QString path = m_dir.filePath(name + u".clusterwiz.json"_s);
        return saveProjectFile(p, path).isEmpty() ? path : QString();
    }

    // Launches with the CLI; the run id, empty on failure (the reason in `why`).
    QString launch(const QString &path, bool checks, QByteArray *why) const
    {
        QStringList arguments{u"launch"_s, path, u"--allow-upload-outside"_s};
        if (!checks)
            arguments << u"--force"_s;
        const CliRun run = runCli(arguments + fleet(), 180000);
        *why = run.describe();
        const QString runId = QString::fromUtf8(run.out).trimmed();
        return run.exitCode == 0 && isValidRunId(runId) ? runId : QString();
    }

    QString runDir(int server, const QString &runId) const
    {
        return m_cluster.serverDir(server) + u"/root/ddp/logs/%1/server%2"_s.arg(runId).arg(server);
    }

    QByteArray attemptLog(int server, const QString &runId, int attempt, int rank) const
    {
        return readFile(runDir(server, runId) + u"/attempt-%1/rank%2.log"_s.arg(attempt).arg(rank));
    }

    // The supervisor's state file on server0, read through that server's private /root.
    QJsonObject supervisorState(const QString &runId) const
    {
        return QJsonDocument::fromJson(readFile(runDir(0, runId) + u"/supervisor.json"_s)).object();
    }

    // The supervisor's state and its own log, for a failure message.
    QByteArray supervisorReport(const QString &runId) const
    {
        return QJsonDocument(supervisorState(runId)).toJson() + "\n--- supervisor.log\n" +
               readFile(runDir(0, runId) + u"/supervisor.log"_s);
    }

    bool supervisorEnded(const QString &runId) const
    {
        const QString phase = supervisorState(runId).value(u"state"_s).toString();
        return phase == u"finished" || phase == u"failed" || phase == u"stopped";
    }

    QJsonObject statusJson(const QString &path, int *exitCode = nullptr) const
    {
        const CliRun run = runCli(QStringList{u"status"_s, path, u"--json"_s} + fleet(), 120000);
        if (exitCode)
            *exitCode = run.exitCode;
        return QJsonDocument::fromJson(run.out).object();
    }

    void verifyNothingLeft()
    {
        for (int i = 0; i < kServers; ++i) {
            QStringList left;
            // A process killed a moment ago may still be on its way out.
            waitFor([&] { return (left = jobProcesses(m_cluster, i)).isEmpty(); }, 60000);
            QVERIFY2(left.isEmpty(), qPrintable(u"server%1: "_s.arg(i) + left.join(u" | "_s)));
        }
    }

    // Cuts server2 off once its rank has saved a checkpoint (trained 3 steps) in attempt 1.
    void cutServer2When3StepsDone(const QString &runId)
    {
        QVERIFY2(
            waitFor([&] { return attemptLog(2, runId, 1, 2).contains("step 3 loss"); }, 180000),
            attemptLog(2, runId, 1, 2).constData());
        QVERIFY(m_cluster.hostLinkDown(2));
    }

    // Brings server2 back, stops what is left of the run there, and checks every server.
    void reconnectAndClean(const QString &path, const QString &runId)
    {
        QVERIFY(m_cluster.hostLinkUp(2));
        QVERIFY(waitFor(
            [&] {
                return m_cluster.exec(0, {u"timeout"_s, u"3"_s, u"bash"_s, u"-c"_s,
                                          u"</dev/tcp/%1/22"_s.arg(m_cluster.ip(2))}) == 0;
            },
            30000));
        const CliRun stopped =
            runCli(QStringList{u"stop"_s, path, u"--run"_s, runId} + fleet(), 120000);
        QVERIFY2(stopped.exitCode == 0, stopped.describe().constData());
        verifyNothingLeft();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error, /*ownProcessTables=*/true), qPrintable(error));
        const QString ssh = setUpServerSsh(m_cluster);
        QVERIFY2(ssh.isEmpty(), qPrintable(ssh));
    }

    void launchChecksThatTheSupervisorReachesTheOthers()
    {
        const QString path = save(project({u"--steps"_s, u"2"_s}, 1, false, 1), u"trust"_s);
        const QString key = m_cluster.serverDir(0) + u"/root/.ssh/id_ed25519"_s;
        QVERIFY(QFile::rename(key, key + u".away"_s));
        const auto restore = qScopeGuard([&] { QFile::rename(key + u".away"_s, key); });
        QByteArray why;
        QVERIFY(launch(path, true, &why).isEmpty());
        QVERIFY2(why.contains("peer-login on server1") && why.contains("peer-login on server2") &&
                     why.contains("nothing was started"),
                 why.constData());
        QVERIFY(!QFileInfo::exists(runsFolder(path)));
    }

    void droppedServerFinishesOnTheOthersFromTheCheckpoint()
    {
        const QString path =
            save(project({u"--steps"_s, u"24"_s, u"--sleep"_s, u"0.4"_s}, 2, true, 1), u"drop"_s);
        QByteArray why;
        const QString runId = launch(path, true, &why); // the checks run, peer-login included
        QVERIFY2(!runId.isEmpty(), why.constData());
        const auto clean = qScopeGuard([&] { reconnectAndClean(path, runId); });
        cutServer2When3StepsDone(runId);
        if (QTest::currentTestFailed())
            return;

        QVERIFY2(waitFor([&] { return supervisorEnded(runId); }, 300000),
                 supervisorReport(runId).constData());
        const QJsonObject state = supervisorState(runId);
        QCOMPARE(state.value(u"state"_s).toString(), u"finished"_s);
        const QJsonArray attempts = state.value(u"attempts"_s).toArray();
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts[0].toObject().value(u"state"_s).toString(), u"failed"_s);
        const QJsonObject second = attempts[1].toObject();
        QCOMPARE(second.value(u"servers"_s).toArray(), QJsonArray({u"server0"_s, u"server1"_s}));
        const QJsonObject leftOut = second.value(u"left_out"_s).toArray().first().toObject();
        QCOMPARE(leftOut.value(u"server"_s).toString(), u"server2"_s);
        QVERIFY2(leftOut.value(u"reason"_s).toString().startsWith(u"unreachable"_s),
                 qPrintable(leftOut.value(u"reason"_s).toString()));

        // The job's own words: it resumed from its checkpoint, on a world of 2.
        static const QRegularExpression resumed(
            u"resumed from step (\\d+) \\(world size 2, restart 1\\)"_s);
        for (int server = 0; server < 2; ++server) {
            const QString log = QString::fromUtf8(attemptLog(server, runId, 2, server));
            const QRegularExpressionMatch match = resumed.match(log);
            QVERIFY2(match.hasMatch() && match.captured(1).toInt() > 0, qPrintable(log));
            QVERIFY2(log.contains(u"rank %1/2 "_s.arg(server)), qPrintable(log));
            QVERIFY2(log.contains(u"rank %1 done"_s.arg(server)), qPrintable(log));
        }

        int exit = -1;
        const QJsonObject status = statusJson(path, &exit);
        QCOMPARE(exit, 0);
        QCOMPARE(status.value(u"state"_s).toString(), u"finished"_s);
        QCOMPARE(status.value(u"attempts"_s).toArray().size(), 2);
        const CliRun text = runCli(QStringList{u"status"_s, path} + fleet(), 120000);
        static const QRegularExpression summary(
            u"run \\S+: finished, attempt 2 of 3, 2 servers \\(server2 left out: unreachable "
            "since \\d\\d:\\d\\d:\\d\\d\\)"_s);
        QVERIFY2(summary.match(QString::fromUtf8(text.out)).hasMatch(),
                 text.describe().constData());
    }

    void withoutDroppingTheRunFailsOnceNoRestartIsLeft()
    {
        const QString path = save(
            project({u"--steps"_s, u"60"_s, u"--sleep"_s, u"0.4"_s}, 1, false, 1), u"nodrop"_s);
        QByteArray why;
        const QString runId = launch(path, false, &why);
        QVERIFY2(!runId.isEmpty(), why.constData());
        const auto clean = qScopeGuard([&] { reconnectAndClean(path, runId); });
        cutServer2When3StepsDone(runId);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(waitFor([&] { return supervisorEnded(runId); }, 300000),
                 supervisorReport(runId).constData());
        const QJsonObject state = supervisorState(runId);
        QCOMPARE(state.value(u"state"_s).toString(), u"failed"_s);
        const QJsonArray attempts = state.value(u"attempts"_s).toArray();
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts[1].toObject().value(u"state"_s).toString(), u"not-started"_s);
        const QString message = state.value(u"message"_s).toString();
        QVERIFY2(message.contains(u"attempt 2 of 2"_s) && message.contains(u"server2"_s) &&
                     message.contains(u"unreachable"_s) &&
                     message.contains(u"drop_failed_servers is off"_s) &&
                     message.contains(u"no restarts left"_s),
                 qPrintable(message));
        int exit = -1;
        const QJsonObject status = statusJson(path, &exit);
        QCOMPARE(exit, 1);
        QCOMPARE(status.value(u"state"_s).toString(), u"failed"_s);
        QVERIFY2(status.value(u"failure"_s).toObject().value(u"message"_s).toString() == message,
                 QJsonDocument(status).toJson().constData());
    }

    void aRankThatAlwaysFailsStopsAfterTheSecondIdenticalFailure()
    {
        const QString path = save(
            project({u"--steps"_s, u"10"_s, u"--fail-rank"_s, u"1"_s, u"--fail-step"_s, u"1"_s}, 3,
                    false, 1),
            u"always"_s);
        QByteArray why;
        const QString runId = launch(path, false, &why);
        QVERIFY2(!runId.isEmpty(), why.constData());
        QVERIFY2(waitFor([&] { return supervisorEnded(runId); }, 300000),
                 supervisorReport(runId).constData());
        const QJsonObject state = supervisorState(runId);
        QCOMPARE(state.value(u"state"_s).toString(), u"failed"_s);
        QCOMPARE(state.value(u"attempts"_s).toArray().size(), 2);
        QVERIFY2(state.value(u"message"_s)
                     .toString()
                     .startsWith(u"rank 1 on server1 failed the same way in attempts 1 and 2"_s),
                 qPrintable(state.value(u"message"_s).toString()));
        QVERIFY(!QFileInfo::exists(runDir(0, runId) + u"/attempt-3"_s));
        int exit = -1;
        QCOMPARE(statusJson(path, &exit).value(u"state"_s).toString(), u"failed"_s);
        QCOMPARE(exit, 1);
        // diagnose reads the newest attempt's logs (attempt-2/), where the rank failed last.
        const CliRun diagnosed = runCli(
            QStringList{u"diagnose"_s, path, u"--json"_s, u"--no-archive"_s} + fleet(), 120000);
        QVERIFY2(diagnosed.exitCode == 1, diagnosed.describe());
        const QJsonObject diagnosis = QJsonDocument::fromJson(diagnosed.out).object();
        QCOMPARE(diagnosis.value(u"state"_s).toString(), u"failed"_s);
        const QJsonObject first = diagnosis.value(u"first"_s).toObject();
        QCOMPARE(first.value(u"server"_s).toString(), u"server1"_s);
        QCOMPARE(first.value(u"rank"_s).toInt(), 1);
        QCOMPARE(first.value(u"exit_code"_s).toInt(), 1);
        QVERIFY2(diagnosed.out.contains("failing at step 1 as asked"), diagnosed.describe());
        verifyNothingLeft();
    }

    void theSupervisorGoesOnWhenTheClientIsKilled()
    {
        // Rank 2 fails in the first attempt only; the second one finishes.
        const QString path =
            save(project({u"--steps"_s, u"8"_s, u"--sleep"_s, u"0.2"_s, u"--fail-rank"_s, u"2"_s,
                          u"--fail-step"_s, u"3"_s, u"--fail-restart"_s, u"0"_s},
                         2, false, 1),
                 u"client"_s);
        QProcess client;
        client.start(cliPath(), QStringList{u"launch"_s, path, u"--allow-upload-outside"_s,
                                            u"--force"_s, u"--follow"_s} +
                                    fleet());
        QByteArray seen;
        QVERIFY2(waitFor(
                     [&] {
                         client.waitForReadyRead(100); // no event loop runs here
                         seen += client.readAllStandardOutput();
                         return seen.contains("[server0/0] step 1 loss");
                     },
                     180000),
                 (seen + client.readAllStandardError() +
                  supervisorReport(QString::fromUtf8(seen).section(u'\n', 0, 0).trimmed()))
                     .constData());
        QVERIFY(seen.contains("== attempt 1 of 3 on server0, server1, server2"));
        const QString runId = QString::fromUtf8(seen).section(u'\n', 0, 0).trimmed();
        QVERIFY2(isValidRunId(runId), seen.constData());
        ::kill(pid_t(client.processId()), SIGKILL);
        client.waitForFinished(10000);

        QVERIFY2(waitFor([&] { return supervisorEnded(runId); }, 300000),
                 supervisorReport(runId).constData());
        QCOMPARE(supervisorState(runId).value(u"state"_s).toString(), u"finished"_s);

        int exit = -1;
        const QJsonObject status = statusJson(path, &exit);
        QCOMPARE(exit, 0);
        QCOMPARE(status.value(u"state"_s).toString(), u"finished"_s);
        const QJsonArray attempts = status.value(u"attempts"_s).toArray();
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts[0].toObject().value(u"failure"_s).toObject().value(u"rank"_s).toInt(), 2);

        const CliRun follow = runCli(QStringList{u"logs"_s, path, u"--follow"_s} + fleet(), 120000);
        QVERIFY2(follow.exitCode == 0, follow.describe().constData());
        QVERIFY2(follow.out.contains("== attempt 1 of 3 on server0, server1, server2") &&
                     follow.out.contains("== attempt 2 of 3 on server0, server1, server2") &&
                     follow.out.contains("[server2/2] rank 2: failing at step 3") &&
                     follow.out.contains("[server2/2] rank 2 done"),
                 follow.describe().constData());
        const CliRun whole = runCli(QStringList{u"logs"_s, path} + fleet(), 120000);
        QVERIFY2(whole.exitCode == 0, whole.describe().constData());
        const qsizetype second = whole.out.indexOf("== attempt 2 of 3");
        QVERIFY2(second > whole.out.indexOf("== attempt 1 of 3") &&
                     whole.out.indexOf("failing at step 3") < second &&
                     whole.out.lastIndexOf("resumed from step") > second,
                 whole.out.constData());
        verifyNothingLeft();
    }

    void stopDuringTheBackoffStartsNothing()
    {
        const QString path = save(
            project({u"--steps"_s, u"10"_s, u"--fail-rank"_s, u"0"_s, u"--fail-step"_s, u"1"_s}, 2,
                    false, 40),
            u"backoff"_s);
        QByteArray why;
        const QString runId = launch(path, false, &why);
        QVERIFY2(!runId.isEmpty(), why.constData());
        QVERIFY2(
            waitFor(
                [&] { return supervisorState(runId).value(u"state"_s).toString() == u"backoff"; },
                180000),
            supervisorReport(runId).constData());
        const QDateTime next = QDateTime::fromString(
            supervisorState(runId).value(u"next_attempt_at"_s).toString(), Qt::ISODateWithMs);
        QVERIFY(next.isValid());
        // A backoff of 40 s: long enough for a stop over SSH on a loaded machine to land in it.
        const CliRun stopped = runCli(QStringList{u"stop"_s, path} + fleet(), 120000);
        QVERIFY2(stopped.exitCode == 0, stopped.describe().constData());
        QCOMPARE(supervisorState(runId).value(u"state"_s).toString(), u"stopped"_s);
        // Past the moment the next attempt was due, and a little more: nothing started.
        QVERIFY(waitFor([&] { return QDateTime::currentDateTimeUtc() > next.addSecs(3); }, 60000));
        for (int server = 0; server < kServers; ++server)
            QVERIFY(!QFileInfo::exists(runDir(server, runId) + u"/attempt-2"_s));
        verifyNothingLeft();
        int exit = -1;
        QCOMPARE(statusJson(path, &exit).value(u"state"_s).toString(), u"stopped"_s);
        QCOMPARE(exit, 3);
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestResilientRun)
#include "tst_resilientRun.moc"
