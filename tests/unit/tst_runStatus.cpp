// SPDX-License-Identifier: GPL-3.0-or-later
// The job runner's pure parts: parsing a server's poll, the run state and the first failing rank
// derived from all polls, run ids, the run record on disk, and the launch plan (what is uploaded
// and started where). The remote commands are also run here by a local shell, as a server's shell
// would run them, with a hostile workdir: the job starts detached in its own group, is found by
// its run id and stopped, and nothing in the hostile path is executed.
#include "ValidProjects.h"

#include "launch/LaunchPlan.h"
#include "launch/RemoteCommands.h"
#include "launch/RunControl.h"
#include "launch/RunRecord.h"
#include "launch/RunStatus.h"
#include "model/ProjectJson.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project twoByTwo(LaunchMode mode = LaunchMode::Launch)
{
    Project project = loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR
                                                     "/resources/examples/cpu-2x2.clusterwiz.json"))
                          .project;
    project.launch.mode = mode;
    return project;
}

ServerPoll poll(std::vector<RankExit> exits, int alive, int started = 2)
{
    ServerPoll result;
    result.reached = true;
    result.exits = std::move(exits);
    result.alive = alive;
    result.ranksStarted = started;
    return result;
}

QByteArray runShell(const QString &script, int timeoutMs = 20000)
{
    QProcess shell;
    shell.setProcessChannelMode(QProcess::MergedChannels);
    shell.start(u"/bin/sh"_s, {u"-c"_s, script});
    if (!shell.waitForFinished(timeoutMs))
        shell.kill();
    shell.waitForFinished();
    return shell.readAll();
}

} // namespace

class TestRunStatus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesPollOutput()
    {
        const ServerPoll parsed = parseServerPoll(
            "pgid 4242\nexit 3 1 1700000000.500 1700000000.250\nexit 2 143 1700000001.0 0\n"
            "exit x 1 5\nexit 4\ngarbage line\nstarted 2\nalive 5\n");
        QVERIFY(parsed.reached);
        QCOMPARE(parsed.ranksStarted, 2);
        QCOMPARE(parsed.alive, 5);
        QCOMPARE(parsed.exits.size(), size_t(2));
        QCOMPARE(parsed.exits[0].rank, 3);
        QCOMPARE(parsed.exits[0].code, 1);
        QCOMPARE(parsed.exits[0].logTime, 1700000000.25);
        QCOMPARE(parsed.exits[1].code, 143);
        const ServerPoll empty = parseServerPoll("");
        QCOMPARE(empty.alive, 0);
        QVERIFY(empty.exits.empty());
    }

    void evaluatesTheRunState()
    {
        const Project project = twoByTwo();
        // Running: processes alive, no failure.
        RunSnapshot running = evaluateRun(project, {poll({}, 3), poll({{2, 0, 5, 5}}, 1)});
        QCOMPARE(running.state, RunState::Running);
        QCOMPARE(running.ranksStarted, 4);
        QCOMPARE(running.ranksExpected, 4);

        // Finished: every rank exited 0 and nothing is alive.
        RunSnapshot finished = evaluateRun(project, {poll({{0, 0, 1, 1}, {1, 0, 1, 1}}, 0),
                                                     poll({{2, 0, 1, 1}, {3, 0, 1, 1}}, 0)});
        QCOMPARE(finished.state, RunState::Finished);

        // Three of four exited 0, nothing alive: a rank vanished without a code.
        RunSnapshot vanished =
            evaluateRun(project, {poll({{0, 0, 1, 1}, {1, 0, 1, 1}}, 0), poll({{2, 0, 1, 1}}, 0)});
        QCOMPARE(vanished.state, RunState::Failed);
        QCOMPARE(vanished.failure->server, u"server1"_s);
        QCOMPARE(vanished.failure->rank, -1);

        // A server that cannot be reached keeps an unfinished run running, with a note.
        ServerPoll lost;
        lost.error = u"timed out"_s;
        RunSnapshot unreached = evaluateRun(project, {poll({{0, 0, 1, 1}, {1, 0, 1, 1}}, 0), lost});
        QCOMPARE(unreached.state, RunState::Running);
        QVERIFY(unreached.note.contains(u"server1"_s));
    }

    void namesTheRankThatFailedFirst()
    {
        const Project project = twoByTwo();
        // Seen on the test cluster: rank 3 fails; rank 0's gloo error exits before rank 3 has
        // finished exiting, but rank 3's log was written last earlier; rank 2 was TERMed by
        // its launcher (143) with an even older last line.
        const RunSnapshot snapshot =
            evaluateRun(project, {poll({{0, 1, 61.781, 61.779}}, 1),
                                  poll({{2, 143, 62.001, 61.500}, {3, 1, 61.916, 61.600}}, 0)});
        QCOMPARE(snapshot.state, RunState::Failed);
        QCOMPARE(snapshot.failure->server, u"server1"_s);
        QCOMPARE(snapshot.failure->rank, 3);
        QCOMPARE(snapshot.failure->exitCode, 1);

        // Only stop-signal codes: the earliest of them.
        const RunSnapshot killed =
            evaluateRun(project, {poll({{1, 137, 9, 8}}, 0), poll({{2, 143, 9, 7}}, 0)});
        QCOMPARE(killed.failure->rank, 2);
        // Without a log time the exit time decides.
        const RunSnapshot noLog =
            evaluateRun(project, {poll({{1, 2, 9, 0}}, 0), poll({{2, 1, 8, 0}}, 0)});
        QCOMPARE(noLog.failure->rank, 2);
    }

    void runIds_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("valid");
        QTest::newRow("generated") << newRunId() << true;
        QTest::newRow("manual") << u"manual"_s << true;
        QTest::newRow("dots") << u"a.b_c-d"_s << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("leading dot") << u".hidden"_s << false;
        QTest::newRow("leading dash") << u"-rf"_s << false;
        QTest::newRow("slash") << u"../x"_s << false;
        QTest::newRow("command") << u"$(reboot)"_s << false;
        QTest::newRow("quote") << u"a'b"_s << false;
        QTest::newRow("newline") << u"a\nb"_s << false;
        QTest::newRow("space") << u"a b"_s << false;
        QTest::newRow("too long") << QString(65, u'a') << false;
    }

    void runIds()
    {
        QFETCH(QString, id);
        QFETCH(bool, valid);
        QCOMPARE(isValidRunId(id), valid);
    }

    void runIdsSortByTime()
    {
        const QString first = newRunId();
        QTest::qWait(1100);
        QVERIFY(first < newRunId());
        QVERIFY(newRunId() != newRunId());
    }

    void recordRoundTrip()
    {
        QTemporaryDir dir;
        const QString project = dir.filePath(u"x.clusterwiz.json"_s);
        QCOMPARE(runsFolder(project), dir.filePath(u"x.clusterwiz.runs"_s));
        QCOMPARE(latestRunId(project), QString());
        RunRecord record;
        record.runId = u"20260101-000000-aaaaaa"_s;
        record.projectPath = project;
        record.mode = LaunchMode::Mpirun;
        record.master = u"server0"_s;
        record.startedAt = QDateTime::currentDateTimeUtc();
        record.gangStop = false;
        record.state = RunState::Failed;
        record.failure = RunFailure{u"server1"_s, 3, 1, {u"line 'one'"_s, u"two"_s}, u"why"_s};
        record.servers = {{u"server0"_s, u"/w/logs/r/server0"_s, true, 0, 8},
                          {u"server1"_s, u"/w/logs/r/server1"_s, false, 8, 4}};
        QCOMPARE(saveRunRecord(record), QString());
        RunRecord later = record;
        later.runId = u"20260101-000001-000000"_s;
        QCOMPARE(saveRunRecord(later), QString());
        QCOMPARE(latestRunId(project), later.runId);

        QString error;
        const auto loaded = loadRunRecord(project, record.runId, &error);
        QVERIFY2(loaded, qPrintable(error));
        QCOMPARE(loaded->mode, LaunchMode::Mpirun);
        QCOMPARE(loaded->state, RunState::Failed);
        QVERIFY(!loaded->gangStop);
        QCOMPARE(loaded->failure->rank, 3);
        QCOMPARE(loaded->failure->lastLines, record.failure->lastLines);
        QCOMPARE(loaded->servers.size(), size_t(2));
        QVERIFY(loaded->servers[0].started && !loaded->servers[1].started);
        QCOMPARE(loaded->servers[1].firstRank, 8);
        QCOMPARE(loaded->servers[1].rankCount, 4);
        QCOMPARE(loaded->startedAt.toMSecsSinceEpoch(), record.startedAt.toMSecsSinceEpoch());

        QVERIFY(!loadRunRecord(project, u"nope"_s, &error));
        QVERIFY(error.contains(u"nope.json"_s));
        QFile junk(runRecordPath(project, u"junk"_s));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("{ not json");
        junk.close();
        QVERIFY(!loadRunRecord(project, u"junk"_s, &error));
        QVERIFY(error.contains(u"not a clusterwiz run record"_s));
    }

    void planUploadsAndStartsPerMode()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"p.clusterwiz.json"_s);
        const LaunchPlan plan = planLaunch(cwtest::valid(twoByTwo()), path, u"r1"_s);
        QVERIFY(plan.ok());
        QCOMPARE(plan.servers.size(), size_t(2));
        for (const ServerLaunch &server : plan.servers) {
            QVERIFY(server.startCommand.contains(u"./train.sh"_s));
            QVERIFY(!server.entryCheckCommand.isEmpty()); // train_ddp.py is not uploaded
            QVERIFY(std::any_of(server.uploads.begin(), server.uploads.end(), [](const auto &u) {
                return u.remotePath == u"/tmp/clusterwiz-ddp/train.sh"_s && u.mode == 0755;
            }));
        }
        QVERIFY(plan.servers[1].startCommand.contains(u"CLUSTERWIZ_NODE_RANK=1"_s));
        QCOMPARE(plan.servers[0].runDir, u"/tmp/clusterwiz-ddp/logs/r1/server0"_s);

        // mpirun: run.sh on the master only.
        const LaunchPlan mpirun =
            planLaunch(cwtest::valid(twoByTwo(LaunchMode::Mpirun)), path, u"r1"_s);
        QVERIFY(mpirun.servers[0].startCommand.contains(u"./run.sh"_s));
        QVERIFY(mpirun.servers[1].startCommand.isEmpty());
        QVERIFY(launchPlanText(twoByTwo(LaunchMode::Mpirun), mpirun).contains(u"nothing here"_s));

        // An uploaded entry is not checked; an unreadable upload is a problem, not a crash.
        Project uploading = twoByTwo();
        uploading.launch.upload = {
            QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/train_ddp.py")};
        // (from outside the project's folder: confirmed, as the CLI's --allow-upload-outside does)
        const QStringList confirmed = uploadsOutsideProject(uploading, path);
        QCOMPARE(confirmed.size(), 1);
        QVERIFY(!planLaunch(cwtest::valid(uploading), path, u"r1"_s).ok());
        QVERIFY(planLaunch(cwtest::valid(uploading), path, u"r1"_s, confirmed)
                    .servers[0]
                    .entryCheckCommand.isEmpty());
        uploading.launch.upload << u"missing.py"_s;
        const LaunchPlan missing = planLaunch(cwtest::valid(uploading), path, u"r1"_s, confirmed);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.problems.front().path, u"launch.upload[1]"_s);

        Project invalid = twoByTwo();
        invalid.launch.masterPort = 70000;
        QVERIFY(
            !validated(invalid).ok()); // so it never reaches planLaunch, which takes a valid one
    }

    // The start, poll and stop commands, run by a local sh as a server would, in a workdir whose
    // name tries quotes and command substitution.
    void remoteCommandsStartPollAndStopAJob()
    {
        QTemporaryDir dir;
        const QString workdir = dir.path() + u"/w'$(touch PWNED)`touch PWNED2`\" x"_s;
        QVERIFY(QDir().mkpath(workdir));
        QFile train(workdir + u"/train.sh"_s);
        QVERIFY(train.open(QIODevice::WriteOnly));
        // Stands in for train.sh: one rank log, then a child that lives until it is stopped.
        train.write("mkdir -p \"$LOG_DIR\"; : > \"$LOG_DIR/rank0.log\"; sleep 300 & wait\n");
        train.close();
        Project project = twoByTwo();
        project.launch.workdir = workdir;
        const Server &server = project.servers[0];
        const QString runId = u"unit-"_s + newRunId();
        const QString runDir = remoteRunDir(project, runId, server);
        const QByteArray started =
            runShell(u"cd / && export LOG_DIR='"_s + QString(runDir).replace(u"'"_s, u"'\\''"_s) +
                     u"' && "_s + startCommand(project, runId, server, u"train.sh"_s, 0));
        QVERIFY2(started.isEmpty(), started.constData());
        QFile pgid(runDir + u"/job.pgid"_s);
        QVERIFY(pgid.open(QIODevice::ReadOnly));
        const int group = pgid.readAll().trimmed().toInt();
        QVERIFY(group > 1);
        QTRY_VERIFY(QFile::exists(runDir + u"/rank0.log"_s));

        ServerPoll running = parseServerPoll(runShell(pollCommand(project, runId, server)));
        QCOMPARE(running.ranksStarted, 1);
        QVERIFY2(running.alive >= 2, qPrintable(QString::number(running.alive))); // bash, sleep

        const QByteArray stopped = runShell(stopCommand(project, runId, server, 2));
        QVERIFY2(stopped.trimmed().endsWith("left 0"), stopped.constData());
        QCOMPARE(parseServerPoll(runShell(pollCommand(project, runId, server))).alive, 0);
        QVERIFY(runShell(u"ps -e -o pgid=,stat= | awk '$1 == %1 && $2 !~ /^Z/'"_s.arg(group))
                    .trimmed()
                    .isEmpty());
        QVERIFY(!QFile::exists(u"/PWNED"_s) && !QFile::exists(u"/PWNED2"_s));
        QVERIFY(QDir(dir.path()).entryList({u"PWNED*"_s}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRunStatus)
#include "tst_runStatus.moc"
