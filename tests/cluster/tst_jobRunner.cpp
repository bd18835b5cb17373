// SPDX-License-Identifier: GPL-3.0-or-later
// The job runner against 2 simulated servers (real sshd, real PyTorch gloo ranks, real
// OpenMPI): every launch mode runs a 2x2 job to the end and every rank's lines (world size 4,
// its losses) come back through `clusterwiz-cli logs`, live with --follow and whole without; a
// rank failing on server1 fails the run naming it and gang-stops server0 within seconds; `stop`
// ends a long job everywhere; a master port in use refuses the launch (the preflight's
// master-port-free check from the CLI, the built-in check from the API) with nothing started.
// "No process left" is checked inside each server's network namespace, not through the
// runner's own view.
#include "CliProcess.h"
#include "JobTestSupport.h"

#include "launch/Launcher.h"
#include "launch/RemoteCommands.h"
#include "launch/RunControl.h"
#include "session/RunSession.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace cw;
using namespace jobtest;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 2;
constexpr int kDevices = 2;

// `logs` output by rank: every line must read "[serverS/R] text" with R a rank of server S.
QHash<int, QStringList> linesByRank(const QByteArray &out, QString *bad)
{
    static const QRegularExpression line(u"^\\[server(\\d+)/(\\d+)\\] (.*)$"_s);
    QHash<int, QStringList> ranks;
    for (const QString &text : QString::fromUtf8(out).split(u'\n', Qt::SkipEmptyParts)) {
        const QRegularExpressionMatch match = line.match(text);
        const int rank = match.captured(2).toInt();
        if (!match.hasMatch() || match.captured(1).toInt() != rank / kDevices) {
            *bad = u"unexpected line: "_s + text;
            break;
        }
        ranks[rank] << match.captured(3);
    }
    return ranks;
}

// Every rank of a 2x2 job printed its world size 4 and `steps` losses, as `logs` shows them.
void verifyRankLines(const QByteArray &out, int steps)
{
    QString bad;
    const QHash<int, QStringList> ranks = linesByRank(out, &bad);
    QVERIFY2(bad.isEmpty(), qPrintable(bad));
    QCOMPARE(ranks.size(), kServers * kDevices);
    for (int rank = 0; rank < kServers * kDevices; ++rank) {
        const QString text = ranks.value(rank).join(u'\n');
        QVERIFY2(text.contains(u"rank %1/4 "_s.arg(rank)), qPrintable(text));
        QVERIFY2(text.count(u"loss = "_s) == steps, qPrintable(text));
    }
}

// A run session without logs (its state and gang stop only) with a hard limit, so that a runner
// that never sees the end fails the test instead of hanging it.
RunSnapshot followFor(const Project &project, RunRecord &record, const FleetOptions &fleet,
                      int limitMs, QStringList *states = nullptr)
{
    RunSessionEvents events;
    events.stateChanged = [&](const RunRecord &current, const RunSnapshot &) {
        if (states)
            *states << runStateName(current.state);
    };
    RunSessionOptions options{fleet};
    options.intervalMs = 300;
    RunSession session(project, record, {}, options, nullptr, events);
    std::atomic<bool> done{false};
    std::thread watchdog([&] {
        for (int waited = 0; waited < limitMs && !done; waited += 100)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        session.cancel();
    });
    const RunSnapshot snapshot = session.run();
    done = true;
    watchdog.join();
    record = session.record();
    return snapshot;
}

} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;

    QString projectPath(const QString &name) const { return m_dir.filePath(name); }

    LaunchOptions options() const
    {
        LaunchOptions launch;
        launch.fleet = fleetOptions(m_cluster);
        return launch;
    }

    // Every file of the servers' workdirs with its size and change time: a refused launch
    // leaves them as they were.
    QByteArray workdirListing() const
    {
        QByteArray listing;
        for (int i = 0; i < kServers; ++i) {
            QByteArray out;
            m_cluster.sh(i, u"find /root/ddp -printf '%p %s %C@\\n' 2>/dev/null | sort"_s, &out);
            listing += out;
        }
        return listing;
    }

    void verifyNothingLeft()
    {
        for (int i = 0; i < kServers; ++i) {
            const QStringList left = jobProcesses(m_cluster, i);
            QVERIFY2(left.isEmpty(), qPrintable(u"server%1: "_s.arg(i) + left.join(u" | "_s)));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error), qPrintable(error));
        const QString ssh = setUpServerSsh(m_cluster);
        QVERIFY2(ssh.isEmpty(), qPrintable(ssh));
    }

    void everyModeRunsToTheEnd_data()
    {
        QTest::addColumn<LaunchMode>("mode");
        QTest::newRow("launch") << LaunchMode::Launch;
        QTest::newRow("mpirun") << LaunchMode::Mpirun;
        QTest::newRow("ranktable") << LaunchMode::RankTable;
        QTest::newRow("no-ranktable") << LaunchMode::NoRankTable;
    }

    void everyModeRunsToTheEnd()
    {
        QFETCH(LaunchMode, mode);
        const Project project =
            cpuProject(m_cluster, kServers, kDevices, mode, {u"--steps"_s, u"4"_s});
        const QString path = projectPath(launchModeName(mode) + u".clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        const QStringList fleet{u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s};
        QString runId;
        if (mode == LaunchMode::NoRankTable) {
            // This one through the CLI (preflight included): `launch --follow` prints the rank
            // lines live, the states on stderr, and exits with the outcome.
            const CliRun run = runCli(
                QStringList{u"launch"_s, path, u"--allow-upload-outside"_s, u"--follow"_s} + fleet,
                90000);
            QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
            runId = QString::fromUtf8(run.out).section(u'\n', 0, 0);
            QVERIFY(isValidRunId(runId));
            QVERIFY2(run.err.contains(u"run %1: finished"_s.arg(runId).toUtf8()),
                     run.err.constData());
            verifyRankLines(run.out.mid(run.out.indexOf('\n') + 1), 4);
            if (QTest::currentTestFailed())
                return;
        } else {
            const LaunchPlan plan = planLaunch(validated(project).valid.value(), path, newRunId(),
                                               uploadsOutsideProject(project, path));
            QVERIFY2(plan.ok(), qPrintable(launchPlanText(project, plan)));
            LaunchResult launch = launchJob(project, path, plan, options());
            QVERIFY2(launch.started, qPrintable(launch.refusal + launch.errors.join(u"; "_s)));
            runId = plan.runId;
            // `logs --follow` beside the runner's own follow: live lines, the outcome as exit.
            QProcess follow;
            if (mode == LaunchMode::Launch)
                follow.start(cliPath(),
                             QStringList{u"logs"_s, path, u"--follow"_s, u"--run"_s, runId} +
                                 fleet);

            QStringList states;
            const RunSnapshot end =
                followFor(project, launch.record, options().fleet, 90000, &states);
            QVERIFY2(launch.record.state == RunState::Finished,
                     qPrintable(states.join(u","_s) + u" "_s +
                                (end.failure ? end.failure->message + u": "_s +
                                                   end.failure->lastLines.join(u"\n"_s)
                                             : end.note)));
            QCOMPARE(end.ranksStarted, kServers * kDevices);
            QCOMPARE(end.alive, 0);
            if (mode == LaunchMode::Launch) {
                const CliRun followed = finishCli(follow, 30000);
                QVERIFY2(followed.exitCode == 0, followed.err.constData());
                verifyRankLines(followed.out, 4);
                if (QTest::currentTestFailed())
                    return;
            }
        }
        // The whole logs afterwards, in rank order.
        const CliRun logs = runCli(QStringList{u"logs"_s, path} + fleet);
        QVERIFY2(logs.exitCode == 0, logs.err.constData());
        verifyRankLines(logs.out, 4);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(logs.out.startsWith("[server0/0] "), logs.out.constData());
        if (mode == LaunchMode::Mpirun) {
            // Narrowed to one rank; wrong names list the valid ones.
            const CliRun one = runCli(
                QStringList{u"logs"_s, path, u"--server"_s, u"server1"_s, u"--rank"_s, u"3"_s} +
                fleet);
            QVERIFY2(one.exitCode == 0, one.err.constData());
            QString bad;
            const QHash<int, QStringList> ranks = linesByRank(one.out, &bad);
            QVERIFY2(bad.isEmpty() && ranks.keys() == QList<int>{3}, one.out.constData());
            const CliRun noServer =
                runCli(QStringList{u"logs"_s, path, u"--server"_s, u"server7"_s} + fleet);
            QCOMPARE(noServer.exitCode, 64);
            QVERIFY2(noServer.err.contains("(servers: server0, server1)"),
                     noServer.err.constData());
            const CliRun noRank = runCli(QStringList{u"logs"_s, path, u"--rank"_s, u"4"_s} + fleet);
            QCOMPARE(noRank.exitCode, 64);
            QVERIFY2(noRank.err.contains("(ranks: 0, 1, 2, 3)"), noRank.err.constData());
        }
        for (int rank = 0; rank < kServers * kDevices; ++rank) {
            const QByteArray log = rankLog(m_cluster, rank / kDevices, runId, rank);
            QVERIFY2(log.contains(u"rank %1/4 "_s.arg(rank).toUtf8()), log.constData());
            QVERIFY2(log.count("loss = ") == 4, log.constData());
        }
        // The record on disk says the same as the one in memory.
        QString error;
        const auto saved = loadRunRecord(path, runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->state, RunState::Finished);
        QCOMPARE(latestRunId(path), runId);
        verifyNothingLeft();
    }

    void failedRankStopsTheJobEverywhere()
    {
        const Project project = cpuProject(m_cluster, kServers, kDevices, LaunchMode::Launch,
                                           {u"--steps"_s, u"200"_s, u"--sleep"_s, u"0.2"_s,
                                            u"--fail-rank"_s, u"3"_s, u"--fail-step"_s, u"5"_s});
        const QString path = projectPath(u"fail.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        const LaunchPlan plan = planLaunch(validated(project).valid.value(), path, newRunId(),
                                           uploadsOutsideProject(project, path));
        LaunchResult launch = launchJob(project, path, plan, options());
        QVERIFY2(launch.started, qPrintable(launch.refusal + launch.errors.join(u"; "_s)));
        QProcess follow;
        follow.start(cliPath(),
                     {u"logs"_s, path, u"--follow"_s, u"--known-hosts"_s, m_cluster.knownHosts()});

        // Without the gang stop the ranks on server0 wait in a collective for 30 minutes.
        const RunSnapshot end = followFor(project, launch.record, options().fleet, 60000);
        const qint64 stoppedAt = QDateTime::currentMSecsSinceEpoch();
        QCOMPARE(launch.record.state, RunState::Failed);
        QVERIFY(launch.record.failure.has_value());
        const RunFailure &failure = *launch.record.failure;
        QString exits;
        for (const ServerPoll &poll : end.servers) {
            for (const RankExit &exit : poll.exits)
                exits += u" rank%1=%2@%3"_s.arg(exit.rank).arg(exit.code).arg(exit.time, 0, 'f', 3);
        }
        QVERIFY2(failure.server == u"server1"_s && failure.rank == 3,
                 qPrintable(failure.message + exits));
        QCOMPARE(failure.exitCode, 1);
        QVERIFY2(failure.lastLines.join(u'\n').contains(u"failing at step 5"_s),
                 qPrintable(failure.lastLines.join(u'\n')));
        QCOMPARE(end.alive, 0);
        // `logs --follow` saw rank 3's last words live and exits 1 with the failed run.
        const CliRun followed = finishCli(follow, 30000);
        QVERIFY2(followed.exitCode == 1, (followed.out + followed.err).constData());
        QVERIFY2(followed.out.contains("[server1/3] rank 3: failing at step 5"),
                 followed.out.constData());
        QVERIFY2(followed.err.contains("failed"), followed.err.constData());

        // Stopped within a few seconds of rank 3's exit (rank.sh wrote its time).
        const QByteArray exitFile = readFile(
            m_cluster.serverDir(1) + u"/root/ddp/logs/%1/server1/rank3.exit"_s.arg(plan.runId));
        const double failedAt = exitFile.split(' ').value(1).toDouble();
        QVERIFY2(failedAt > 0, exitFile.constData());
        const double seconds = double(stoppedAt) / 1000.0 - failedAt;
        QVERIFY2(seconds < 8.0, qPrintable(u"gang stop took %1 s"_s.arg(seconds)));
        verifyNothingLeft();
    }

    void stopEndsALongJob_data()
    {
        // mpirun: only the master has a process group; the ranks on server1 hang off orted.
        QTest::addColumn<LaunchMode>("mode");
        QTest::newRow("ranktable") << LaunchMode::RankTable;
        QTest::newRow("mpirun") << LaunchMode::Mpirun;
    }

    void stopEndsALongJob()
    {
        QFETCH(LaunchMode, mode);
        const Project project = cpuProject(m_cluster, kServers, kDevices, mode,
                                           {u"--steps"_s, u"100000"_s, u"--sleep"_s, u"0.1"_s});
        const QString path = projectPath(u"stop-"_s + launchModeName(mode) + u".clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        const QStringList fleet{u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s};
        const CliRun launched =
            runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s} + fleet);
        QVERIFY2(launched.exitCode == 0, launched.err.constData());
        const QString runId = QString::fromUtf8(launched.out).trimmed();
        QVERIFY(isValidRunId(runId));

        // Training for real on both servers before the stop.
        QTRY_VERIFY_WITH_TIMEOUT(rankLog(m_cluster, 0, runId, 0).contains("loss = ") &&
                                     rankLog(m_cluster, 1, runId, 3).contains("loss = "),
                                 30000);
        const CliRun running = runCli(QStringList{u"status"_s, path, u"--json"_s} + fleet);
        QCOMPARE(running.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(running.out).object().value(u"state"_s).toString(),
                 u"running"_s);

        const CliRun stopped = runCli(QStringList{u"stop"_s, path, u"--run"_s, runId} + fleet);
        QVERIFY2(stopped.exitCode == 0, stopped.err.constData());
        verifyNothingLeft();
        const CliRun status = runCli(QStringList{u"status"_s, path, u"--json"_s} + fleet);
        QCOMPARE(status.exitCode, 3);
        QCOMPARE(QJsonDocument::fromJson(status.out).object().value(u"state"_s).toString(),
                 u"stopped"_s);
    }

    void refusedWhenTheMasterPortIsInUse()
    {
        const Project project =
            cpuProject(m_cluster, kServers, kDevices, LaunchMode::Launch, {u"--steps"_s, u"4"_s});
        const QString path = projectPath(u"refused.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        QByteArray pid;
        const QString listen =
            u"import socket, time\ns = socket.socket()\n"
            // The earlier jobs' connections to this port may still be in TIME_WAIT.
            u"s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
            u"s.bind(('0.0.0.0', %1))\n"
            u"s.listen()\ntime.sleep(120)\n"_s.arg(project.launch.masterPort);
        QCOMPARE(
            m_cluster.exec(0,
                           {u"sh"_s, u"-c"_s,
                            u"/usr/bin/python3 -c \"$1\" </dev/null >/dev/null 2>&1 & echo $!"_s,
                            u"sh"_s, listen},
                           &pid),
            0);
        const auto killListener = qScopeGuard([&] { ::kill(pid.trimmed().toInt(), SIGKILL); });
        QTRY_VERIFY_WITH_TIMEOUT(m_cluster.sh(0, u"ss -Htln 'sport = :%1' | grep -q ."_s.arg(
                                                     project.launch.masterPort)) == 0,
                                 10000);
        const QByteArray workdirs = workdirListing();

        // From the CLI the preflight runs every check; master-port-free refuses, by name.
        const CliRun refused =
            runCli({u"launch"_s, path, u"--allow-upload-outside"_s, u"--known-hosts"_s,
                    m_cluster.knownHosts(), u"--accept-new"_s});
        QCOMPARE(refused.exitCode, 1);
        const QString message = QString::fromUtf8(refused.err);
        QVERIFY2(message.contains(u"refused, a check failed:\n  master-port-free on server0: port "
                                  u"%1 is in use"_s.arg(project.launch.masterPort)) &&
                     message.contains(u"nothing was started (--force launches anyway)"_s),
                 qPrintable(message));
        QVERIFY(refused.out.isEmpty());
        // Nothing was uploaded or started anywhere, no run was recorded.
        QCOMPARE(workdirListing(), workdirs);
        QCOMPARE(latestRunId(path), QString());
        QVERIFY(!QFileInfo::exists(runsFolder(path)));
        verifyNothingLeft();

        // Without a preflight (the API's default) the built-in check asks the master alone.
        const int loginsOnServer1 = m_cluster.acceptedLogins(1);
        const LaunchPlan plan = planLaunch(validated(project).valid.value(), path, newRunId(),
                                           uploadsOutsideProject(project, path));
        const LaunchResult launch = launchJob(project, path, plan, options());
        QVERIFY(!launch.started);
        QVERIFY2(launch.refusal.contains(u"master port %1"_s.arg(project.launch.masterPort)) &&
                     launch.refusal.contains(u"server0"_s),
                 qPrintable(launch.refusal));
        QCOMPARE(m_cluster.acceptedLogins(1), loginsOnServer1);
        QCOMPARE(workdirListing(), workdirs);
        QVERIFY(!QFileInfo::exists(runsFolder(path)));
        verifyNothingLeft();
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestJobRunner)
#include "tst_jobRunner.moc"
