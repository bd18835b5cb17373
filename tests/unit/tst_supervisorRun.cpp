// SPDX-License-Identifier: GPL-3.0-or-later
// The supervisor of a restarting run, for real on this machine: one server (this one, the
// supervisor's own, so no ssh), its generated train.sh, rank.sh and check.sh, and a small job
// that fails as told. The supervisor gang-stops a failed attempt, runs the health round, waits
// the backoff and starts the next attempt with CLUSTERWIZ_RESTART_COUNT, each in its own
// attempt-N folder; it stops after the second identical failure, gives up when no restart is
// left, stops at once when told during a backoff, and its state reads back through the client's
// own poll command as the run's state. (The same over SSH between simulated servers, with a
// server lost and PyTorch ranks: tests/cluster/tst_resilientRun.cpp.)
#include "LocalRemote.h"
#include "ScriptTestSupport.h"
#include "ValidProjects.h"

#include "generate/Generator.h"
#include "launch/RemoteCommands.h"
#include "launch/RunAttempts.h"
#include "launch/SupervisedStatus.h"
#include "logs/RunLogSources.h"
#include "session/RunSession.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <csignal>
#include <thread>

#include <unistd.h>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

// Fails with "RuntimeError: <word>" while CLUSTERWIZ_RESTART_COUNT is below --until: the word is
// always the same with --same, else it differs per attempt.
const QByteArray kJob = R"PY(import os, sys, time
args = sys.argv[1:]
until = int(args[args.index("--until") + 1])
restart = int(os.environ["CLUSTERWIZ_RESTART_COUNT"])
print("rank %s/%s restart %d servers %s" % (os.environ["RANK"], os.environ["WORLD_SIZE"], restart,
      os.environ["CLUSTERWIZ_ATTEMPT_SERVERS"]), flush=True)
for step in range(3):
    print("step %d loss = %0.3f" % (step, 1.0 / (step + 1)), flush=True)
    time.sleep(0.1)
if restart < until and os.environ["RANK"] == "1":
    words = ["first", "second", "third", "fourth"]
    raise RuntimeError("same" if "--same" in args else words[restart])
)PY";

struct Run {
    QTemporaryDir dir;
    Project project;
    QString runId = u"20260101-000000-abcdef"_s;
    QProcess supervisor;

    QString workdir() const { return dir.filePath(u"work"_s); }
    QString runDir() const { return workdir() + u"/logs/"_s + runId + u"/local"_s; }

    bool prepare(int maxRestarts, int backoff, const QStringList &args)
    {
        project = localCpuProject(workdir(), u"/usr/bin/python3"_s, u"job.py"_s, 29999);
        project.launch.mode = LaunchMode::RankTable; // a rank loop: no torch launcher needed
        project.launch.args = args;
        project.launch.restart = {maxRestarts, false, 0, backoff, {}};
        const cwtest::Generated generated = cwtest::generateFrom(project);
        if (!generated.ok())
            return false;
        return writeGeneratedFiles(generated.files, workdir()).isEmpty() &&
               writeFile(workdir() + u"/job.py"_s, kJob);
    }

    void start()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"CLUSTERWIZ_SUPERVISOR_RUN"_s, runId);
        env.remove(u"CLUSTERWIZ_RUN_ID"_s);
        QDir().mkpath(runDir());
        supervisor.setProcessEnvironment(env);
        supervisor.setWorkingDirectory(workdir());
        supervisor.setProcessChannelMode(QProcess::MergedChannels);
        // Its own process group, noted where the client's poll looks, as the launch starts it.
        supervisor.setChildProcessModifier([] { ::setsid(); });
        supervisor.start(u"/usr/bin/python3"_s, {u"./supervise.py"_s});
        supervisor.waitForStarted(10000);
        writeFile(runDir() + u"/supervisor.pgid"_s,
                  QByteArray::number(supervisor.processId()) + '\n');
    }

    // The supervisor's end (bounded); its exit code, -1 past the limit.
    int finish(int limitMs = 90000)
    {
        if (!supervisor.waitForFinished(limitMs)) {
            supervisor.kill();
            supervisor.waitForFinished(5000);
            return -1;
        }
        return supervisor.exitCode();
    }

    QJsonObject state() const
    {
        return QJsonDocument::fromJson(readFile(runDir() + u"/supervisor.json"_s)).object();
    }

    // Polls the state file until `phase` (bounded).
    bool waitForPhase(const QString &phase, int limitMs = 60000) const
    {
        for (QDeadlineTimer until(limitMs); !until.hasExpired(); QThread::msleep(100)) {
            if (state().value(u"state"_s).toString() == phase)
                return true;
        }
        return false;
    }

    QByteArray rankLog(int attempt, int rank) const
    {
        return readFile(runDir() + u"/attempt-%1/rank%2.log"_s.arg(attempt).arg(rank));
    }

    // The client's poll of this server, run here, judged as the client judges a supervised run.
    RunSnapshot clientView() const
    {
        RunRecord record;
        record.runId = runId;
        RunSupervision supervision;
        supervision.server = u"local"_s;
        supervision.maxAttempts = project.launch.restart.maxRestarts + 1;
        record.supervisor = supervision;
        const RunResult poll =
            runSandboxed(u"sh"_s, {u"-c"_s, pollCommand(project, record, project.servers.front())},
                         QProcessEnvironment::systemEnvironment(), workdir(), 20000);
        return evaluateSupervisedRun(project, record, {parseServerPoll(poll.output.toUtf8())});
    }
};

} // namespace

class TestSupervisorRun : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void restartsAfterAFailureAndFinishes()
    {
        Run run;
        QVERIFY(run.prepare(2, 0, {u"--until"_s, u"1"_s}));
        run.start();
        const int code = run.finish();
        const QString output = QString::fromUtf8(run.supervisor.readAll());
        if (code != 0)
            qWarning().noquote() << output;
        QVERIFY(code == 0);
        const QJsonObject state = run.state();
        QCOMPARE(state.value(u"state"_s).toString(), u"finished"_s);
        const QJsonArray attempts = state.value(u"attempts"_s).toArray();
        QCOMPARE(attempts.size(), 2);
        const QJsonObject first = attempts[0].toObject();
        QCOMPARE(first.value(u"state"_s).toString(), u"failed"_s);
        QCOMPARE(first.value(u"failure"_s).toObject().value(u"rank"_s).toInt(), 1);
        QCOMPARE(first.value(u"failure"_s).toObject().value(u"exit_code"_s).toInt(), 1);
        QVERIFY2(first.value(u"failure"_s)
                     .toObject()
                     .value(u"last_lines"_s)
                     .toArray()
                     .last()
                     .toString()
                     .contains(u"RuntimeError: first"_s),
                 qPrintable(output));
        QCOMPARE(attempts[1].toObject().value(u"state"_s).toString(), u"finished"_s);
        // Each attempt in its own folder, the restart count in the job's environment.
        QVERIFY(run.rankLog(1, 1).contains("rank 1/2 restart 0 servers local"));
        QVERIFY(run.rankLog(1, 1).contains("RuntimeError: first"));
        QVERIFY(run.rankLog(2, 0).contains("rank 0/2 restart 1 servers local"));
        QVERIFY(run.rankLog(2, 1).contains("step 2 loss"));
        QVERIFY(QFile::exists(run.runDir() + u"/attempt-2/hostfile"_s));
        QVERIFY(QFile::exists(run.runDir() + u"/attempt-2/rank_table.json"_s));
        // The client's poll reads the same: finished, two attempts.
        const RunSnapshot view = run.clientView();
        QCOMPARE(view.state, RunState::Finished);
        QVERIFY(view.supervisor);
        QCOMPARE(view.supervisor->attempts.size(), size_t(2));
        QCOMPARE(view.ranksExpected, 2);
    }

    // A run session (the one behind launch --follow, logs --follow and the run panel) over this
    // machine's shell: it learns each attempt from the supervisor's state, follows its logs too,
    // puts its mark in the log, and ends with the supervisor's outcome.
    void aSessionFollowsEveryAttempt()
    {
        Run run;
        QVERIFY(run.prepare(2, 1, {u"--until"_s, u"1"_s}));
        QTemporaryDir records;
        RunRecord record;
        record.runId = run.runId;
        record.projectPath = records.filePath(u"local.clusterwiz.json"_s);
        record.state = RunState::Running;
        RunSupervision supervision;
        supervision.server = u"local"_s;
        supervision.maxAttempts = 3;
        record.supervisor = supervision;
        record.servers = {{u"local"_s, run.runDir(), true, 0, 2}};
        run.start();
        RunSessionOptions options;
        options.fleet.connector = std::make_shared<localremote::LocalConnector>();
        options.intervalMs = 200;
        LogStore store;
        QMutex mutex;
        QList<int> attempts;
        RunSessionEvents events;
        events.attemptStarted = [&](const RunRecord &, const RunAttempt &attempt) {
            QMutexLocker lock(&mutex);
            attempts << attempt.number;
        };
        RunSession session(run.project, record, selectRunLogs(run.project, record), options, &store,
                           events);
        std::atomic<bool> done = false;
        std::thread watchdog([&] {
            for (QDeadlineTimer until(120000); !until.hasExpired() && !done;)
                QThread::msleep(100);
            session.cancel();
        });
        const RunSnapshot end = session.run();
        done = true;
        watchdog.join();
        QCOMPARE(run.finish(), 0);
        QCOMPARE(session.record().state, RunState::Finished);
        QCOMPARE(session.record().attempts.size(), size_t(2));
        QCOMPARE(attempts, (QList<int>{1, 2}));
        QCOMPARE(end.state, RunState::Finished);
        // Both attempts' lines, each after its attempt's mark, numbered by attempt.
        QStringList marks;
        bool failedFirst = false, resumedSecond = false;
        for (const LogRecord &line : store.ring().since(0, 10000)) {
            if (line.isAttemptMark())
                marks << logRecordText(line);
            if (line.attempt == 1 && line.line.contains(u"RuntimeError: first"_s))
                failedFirst = marks.size() >= 1; // its attempt's mark came before it
            if (line.attempt == 2 && line.line.contains(u"restart 1"_s))
                resumedSecond = marks.size() >= 2;
        }
        QCOMPARE(marks,
                 (QStringList{u"== attempt 1 of 3 on local"_s, u"== attempt 2 of 3 on local"_s}));
        QVERIFY(failedFirst);
        QVERIFY(resumedSecond);
        QVERIFY(session.errors().isEmpty());
    }

    void stopsAfterTheSecondIdenticalFailure()
    {
        Run run;
        QVERIFY(run.prepare(5, 0, {u"--until"_s, u"9"_s, u"--same"_s}));
        run.start();
        const int code = run.finish();
        QCOMPARE(code, 1);
        const QJsonObject state = run.state();
        QCOMPARE(state.value(u"state"_s).toString(), u"failed"_s);
        QCOMPARE(state.value(u"attempts"_s).toArray().size(), 2);
        QVERIFY2(state.value(u"message"_s)
                     .toString()
                     .contains(u"rank 1 on local failed the same way in attempts 1 and 2"_s),
                 qPrintable(state.value(u"message"_s).toString()));
        QVERIFY(!QFile::exists(run.runDir() + u"/attempt-3"_s));
        const RunSnapshot view = run.clientView();
        QCOMPARE(view.state, RunState::Failed);
        QCOMPARE(view.failure->rank, 1);
        QVERIFY(view.failure->message.contains(u"the same way"_s));
    }

    void givesUpWhenNoRestartIsLeft()
    {
        Run run;
        QVERIFY(run.prepare(1, 0, {u"--until"_s, u"9"_s}));
        run.start();
        QCOMPARE(run.finish(), 1);
        const QJsonObject state = run.state();
        QCOMPARE(state.value(u"attempts"_s).toArray().size(), 2);
        QVERIFY2(state.value(u"message"_s)
                     .toString()
                     .startsWith(u"attempt 2 of 2 failed (rank 1 on local failed first, exit code "
                                 "1); no restarts left"_s),
                 qPrintable(state.value(u"message"_s).toString()));
    }

    void stopDuringTheBackoffStartsNothing()
    {
        Run run;
        QVERIFY(run.prepare(3, 30, {u"--until"_s, u"9"_s}));
        run.start();
        QVERIFY2(run.waitForPhase(u"backoff"_s), run.supervisor.readAll().constData());
        // While it waits, the client's poll (run by sh, as the log follower runs it) sees the
        // supervisor alive and when the next attempt is due.
        const RunSnapshot waiting = run.clientView();
        QCOMPARE(waiting.state, RunState::Running);
        QVERIFY2(waiting.note.startsWith(u"waiting until "_s), qPrintable(waiting.note));
        ::kill(pid_t(run.supervisor.processId()), SIGTERM);
        QCOMPARE(run.finish(20000), 0);
        QCOMPARE(run.state().value(u"state"_s).toString(), u"stopped"_s);
        QVERIFY(!QFile::exists(run.runDir() + u"/attempt-2"_s));
        QCOMPARE(run.clientView().state, RunState::Stopped);
    }
};

QTEST_GUILESS_MAIN(TestSupervisorRun)
#include "tst_supervisorRun.moc"
