// SPDX-License-Identifier: GPL-3.0-or-later
// The run session's logic without a server: rounds of status reports (each server once, the
// unreachable and the silent ones named), the gang stop decision and what it runs, and whole
// sessions over local hosts (LocalRemote.h: the real tail program, poll and stop commands run by
// a local shell): lines in file order into the store, the state changes in order, a failed rank
// gang-stopped, the user's stop, and one connection per server for all of it.
#include "LocalRemote.h"

#include "launch/RemoteCommands.h"
#include "launch/RunHosts.h"
#include "model/ProjectJson.h"
#include "session/PollRounds.h"
#include "session/RunSession.h"

#include <QDir>
#include <QFile>
#include <QMutex>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

ServerPoll poll(int alive)
{
    ServerPoll result;
    result.reached = true;
    result.alive = alive;
    return result;
}

// Answers every command with a canned output and records what it was asked.
class CannedHosts : public RunHosts {
public:
    std::vector<ExecResult> execOnServers(const std::vector<int> &indices,
                                          const CommandFor &commandFor, int) override
    {
        std::vector<ExecResult> results;
        for (const int index : indices) {
            const QString command = commandFor(project.servers[size_t(index)]);
            asked << u"%1:%2"_s.arg(index).arg(command.contains(u"signal_all TERM"_s) ? u"stop"_s
                                               : command.contains(u"tail -n"_s)       ? u"tail"_s
                                                                                      : u"other"_s);
            ExecResult result;
            result.exitStatus = 0;
            result.out = command.contains(u"signal_all TERM"_s) ? "left 0\n" : "last words\n";
            results.push_back(result);
        }
        return results;
    }
    int fleetTimeoutMs() const override { return 30000; }

    Project project;
    QStringList asked;
};

} // namespace

class TestRunSession : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // The cpu-2x2 example with its workdir here; both "servers" are this machine.
    Project project() const
    {
        Project project =
            loadProjectFile(
                QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"))
                .project;
        project.launch.workdir = m_dir.filePath(u"work"_s);
        project.launch.python = u"/usr/bin/python3"_s;
        return project;
    }

    RunRecord record(const Project &project, const QString &runId, bool gangStop = true) const
    {
        RunRecord record;
        record.runId = runId;
        record.projectPath = m_dir.filePath(u"p.clusterwiz.json"_s);
        record.mode = project.launch.mode;
        record.master = project.servers.front().name;
        record.state = RunState::Running;
        record.gangStop = gangStop;
        for (int i = 0; i < int(project.servers.size()); ++i) {
            const Server &server = project.servers[size_t(i)];
            const QString dir = remoteRunDir(project, runId, server);
            QDir().mkpath(dir);
            record.servers.push_back(
                {server.name, dir, true, project.rankOffset(i), int(server.devices.size())});
        }
        return record;
    }

    static void write(const QString &path, const QByteArray &data)
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        file.write(data);
    }

    // A process that carries the run id, as the job's processes do; killed by the stop command.
    static QProcess *jobProcess(const QString &runId)
    {
        auto *process = new QProcess;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"CLUSTERWIZ_RUN_ID"_s, runId);
        process->setProcessEnvironment(env);
        process->start(u"sleep"_s, {u"60"_s});
        process->waitForStarted();
        return process;
    }

private Q_SLOTS:
    void roundsWaitForEveryServer()
    {
        PollRounds rounds(3, 0, 100, 15000);
        QVERIFY(!rounds.take(10)); // nobody yet
        rounds.report(0, poll(1), 20);
        rounds.report(2, poll(3), 30);
        QVERIFY(!rounds.take(40)); // server 1 still connecting
        rounds.linkDown(1, u"server1: refused"_s, 50);
        std::optional<std::vector<ServerPoll>> round = rounds.take(60);
        QVERIFY(round);
        QCOMPARE(round->size(), 3u);
        QCOMPARE((*round)[0].alive, 1);
        QVERIFY(!(*round)[1].reached);
        QCOMPARE((*round)[1].error, u"server1: refused"_s);
        QCOMPARE((*round)[2].alive, 3);
        // The next round needs new reports; a newer report replaces an older one.
        rounds.report(0, poll(5), 300);
        rounds.report(0, poll(6), 310);
        QVERIFY(!rounds.take(320));
        rounds.report(2, poll(0), 330);
        round = rounds.take(340);
        QVERIFY(round);
        QCOMPARE((*round)[0].alive, 6);
        QVERIFY(!(*round)[1].reached); // still down
        QCOMPARE(rounds.rounds(), 2);
    }

    void roundsAreSpacedAndTheSilentNamed()
    {
        PollRounds rounds(2, 0, 100, 1000);
        rounds.report(0, poll(1), 10);
        rounds.report(1, poll(1), 10);
        QVERIFY(rounds.take(20));
        rounds.report(0, poll(1), 30);
        rounds.report(1, poll(1), 30);
        QVERIFY(!rounds.take(50)); // too soon after the last round
        QVERIFY(rounds.take(120));
        rounds.report(0, poll(2), 500);
        rounds.linkUp(1, 200); // connected again, then silent
        QVERIFY(!rounds.take(1100));
        const auto round = rounds.take(1300);
        QVERIFY(round);
        QCOMPARE((*round)[0].alive, 2);
        QVERIFY(!(*round)[1].reached);
        QCOMPARE((*round)[1].error, u"no status for 1 s"_s);
    }

    void gangStopDecision_data()
    {
        QTest::addColumn<RunState>("state");
        QTest::addColumn<bool>("gangStop");
        QTest::addColumn<int>("alive");
        QTest::addColumn<bool>("stops");
        QTest::newRow("failed, alive") << RunState::Failed << true << 2 << true;
        QTest::newRow("failed, --no-gang-stop") << RunState::Failed << false << 2 << false;
        QTest::newRow("failed, nothing alive") << RunState::Failed << true << 0 << false;
        QTest::newRow("running") << RunState::Running << true << 4 << false;
        QTest::newRow("finished") << RunState::Finished << true << 0 << false;
    }

    void gangStopDecision()
    {
        QFETCH(RunState, state);
        QFETCH(bool, gangStop);
        QFETCH(int, alive);
        QFETCH(bool, stops);
        CannedHosts hosts;
        hosts.project = project();
        RunRecord run = record(hosts.project, u"20240101-000000-decide"_s, gangStop);
        RunSnapshot snapshot;
        snapshot.state = state;
        snapshot.alive = alive;
        QCOMPARE(needsGangStop(run, snapshot), stops);
        applySnapshot(hosts.project, run, snapshot, hosts);
        // A gang stop, then one poll of every server that settles which rank failed first (the
        // canned answers name no other rank, so no other failure's lines are fetched).
        const QStringList afterStop{u"0:stop"_s, u"1:stop"_s, u"0:other"_s, u"1:other"_s};
        QCOMPARE(hosts.asked, stops ? afterStop : QStringList());
        QCOMPARE(snapshot.alive, stops ? 0 : alive); // what the stop left
        QCOMPARE(run.state, state);
        if (state != RunState::Running) { // a new state is saved with its end time
            QString error;
            const auto saved = loadRunRecord(run.projectPath, run.runId, &error);
            QVERIFY2(saved, qPrintable(error));
            QCOMPARE(saved->state, state);
            QVERIFY(saved->endedAt.isValid());
        }
    }

    // A job that runs, then ends well: its lines in file order, running then finished, the logs
    // drained, one connection per server.
    void sessionFollowsToTheEnd()
    {
        const Project project = this->project();
        const QString runId = u"20240101-000000-finish"_s;
        RunRecord run = record(project, runId);
        QProcess *job = jobProcess(runId);
        const auto killJob = qScopeGuard([job] {
            job->kill();
            job->waitForFinished();
            delete job;
        });
        auto connector = std::make_shared<localremote::LocalConnector>();
        RunSessionOptions options;
        options.fleet.connector = connector;
        options.intervalMs = 100;
        LogStore store;
        QMutex mutex;
        QStringList states;
        RunSessionEvents events;
        events.stateChanged = [&](const RunRecord &current, const RunSnapshot &) {
            QMutexLocker lock(&mutex);
            states << runStateName(current.state);
        };
        RunSession session(project, run, selectRunLogs(project, run), options, &store, events);
        RunSnapshot end;
        std::thread watcher([&] { end = session.run(); });
        constexpr int kLines = 300;
        for (int rank = 0; rank < 4; ++rank) {
            const QString dir = run.servers[size_t(rank / 2)].runDir;
            QByteArray text;
            for (int i = 0; i < kLines; ++i)
                text += "rank " + QByteArray::number(rank) + " step " + QByteArray::number(i) +
                        " loss = 0.5\n";
            write(dir + u'/' + rankLogName(rank), text.left(text.size() / 2));
        }
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QMutexLocker lock(&mutex);
                return states.contains(u"running"_s);
            }(),
            10000);
        for (int rank = 0; rank < 4; ++rank) {
            const QString dir = run.servers[size_t(rank / 2)].runDir;
            QByteArray text;
            for (int i = 0; i < kLines; ++i)
                text += "rank " + QByteArray::number(rank) + " step " + QByteArray::number(i) +
                        " loss = 0.5\n";
            write(dir + u'/' + rankLogName(rank), text.mid(text.size() / 2));
            write(dir + u"/rank%1.exit"_s.arg(rank), "0 1700000000.5\n");
        }
        job->kill();
        job->waitForFinished();
        watcher.join();
        QCOMPARE(session.record().state, RunState::Finished);
        QCOMPARE(states, (QStringList{u"running"_s, u"finished"_s}));
        QCOMPARE(end.ranksStarted, 4);
        QCOMPARE(store.ring().lastId(), 4 * kLines); // drained: every line, once
        std::vector<int> next(4, 0);
        for (const LogRecord &line : store.ring().since(0, 4 * kLines)) {
            QCOMPARE(line.line,
                     u"rank %1 step %2 loss = 0.5"_s.arg(line.rank).arg(next[size_t(line.rank)]));
            ++next[size_t(line.rank)];
        }
        QCOMPARE(store.lossAdded(3), kLines);
        QCOMPARE(connector->connects(), 2); // the device samples too: in the poll, no new login
        QVERIFY(session.errors().isEmpty());
        const DeviceHistory history = session.deviceHistory();
        QCOMPARE(history.servers(), 2);
        for (int server = 0; server < 2; ++server) {
            const DeviceSampleSet *newest = history.newest(server);
            QVERIFY(newest);
            QCOMPARE(newest->tool, u"cpu"_s); // the project's accelerator
            QVERIFY2(newest->problem.isEmpty(), qPrintable(newest->problem));
            QVERIFY(newest->time > 1700000000);
        }
        // The record keeps them (bounded, launch/DeviceRecord.h) for a later `status`.
        QString error;
        const auto saved = loadRunRecord(run.projectPath, runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QVERIFY2(saved->devicesProblem.isEmpty(), qPrintable(saved->devicesProblem));
        QCOMPARE(saved->devices.servers(), 2);
        for (int server = 0; server < 2; ++server) {
            QVERIFY(saved->devices.newest(server));
            QCOMPARE(saved->devices.newest(server)->tool, u"cpu"_s);
        }
    }

    // `status` (one round) over GPUs the simulated nvidia-smi reports (tests/fixtures/nvidia):
    // this round's sample joins the two the record kept, so server0's GPU 1, at 0 % in all three
    // while the others work, is named idle with its rank; GPU 0 above 95 % memory on both
    // servers is named too; and the record now keeps all three samples.
    void statusNamesIdleAndFullDevices()
    {
        Project project = this->project();
        project.accelerator = Accelerator::Nvidia;
        const QString runId = u"20240101-000000-verdict"_s;
        RunRecord run = record(project, runId);
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        run.devices = DeviceHistory(2);
        for (int i = 2; i >= 1; --i) {
            for (int server = 0; server < 2; ++server) {
                DeviceSampleSet set{u"nvidia"_s, now - 5 * i, {}, {}};
                set.devices.push_back(DeviceSample{0, 90.0, 40000, 81559, 60, 300, {}});
                set.devices.push_back(
                    DeviceSample{1, server == 0 ? 0.0 : 90.0, 40000, 81559, 60, 300, {}});
                run.devices.add(server, set);
            }
        }
        QCOMPARE(saveRunRecord(run), QString());
        const QString conf = m_dir.filePath(u"nvidia-smi.conf"_s);
        write(conf, "gpu_count=2\nutil_0=90\nutil_1=0\nmemory_used_0=79000\nmemory_used_1=1000\n");
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QByteArrayLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/nvidia:") + path);
        qputenv("NVIDIA_SMI_CONF", conf.toUtf8());
        const auto restore = qScopeGuard([path] {
            qputenv("PATH", path);
            qunsetenv("NVIDIA_SMI_CONF");
        });
        QProcess *job = jobProcess(runId);
        const auto killJob = qScopeGuard([job] {
            job->kill();
            job->waitForFinished();
            delete job;
        });
        RunSessionOptions once;
        once.fleet.connector = std::make_shared<localremote::LocalConnector>();
        once.once = true;
        RunSession session(project, run, {}, once, nullptr);
        session.run();
        const std::vector<RunVerdict> verdicts = session.verdicts();
        QStringList texts;
        for (const RunVerdict &verdict : verdicts)
            texts << verdict.text.english();
        QCOMPARE(texts, (QStringList{
                            u"server0 device 1 (rank 1) is idle: under 1 % in its last 3 samples "
                            u"while the run's other devices are at 90 % (median)"_s,
                            u"server0 device 0 (rank 0): memory 79000 of 81559 MiB used (96.9 %), "
                            u"above 95 %"_s,
                            u"server1 device 0 (rank 2): memory 79000 of 81559 MiB used (96.9 %), "
                            u"above 95 %"_s}));
        QString error;
        const auto saved = loadRunRecord(run.projectPath, runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(int(saved->devices.of(0).size()), 3);
        QCOMPARE(saved->devices.newest(0)->devices[0].memoryUsedMiB, 79000.0);
        // What diagnose of a hung run adds: the same, from the record alone.
        QCOMPARE(int(recordVerdicts(project, *saved).size()), 3);
    }

    // Rank 3 fails while a process of the job lives: the session stops it on its own connection.
    void sessionGangStopsAFailedRank()
    {
        const Project project = this->project();
        const QString runId = u"20240101-000000-failed"_s;
        RunRecord run = record(project, runId);
        QProcess *job = jobProcess(runId);
        const auto cleanUp = qScopeGuard([job] {
            job->kill();
            job->waitForFinished();
            delete job;
        });
        const QString dir = run.servers[1].runDir;
        write(dir + u"/rank3.log"_s, "rank 3: failing at step 5\n");
        write(dir + u"/rank3.exit"_s, "1 1700000000.5\n");
        auto connector = std::make_shared<localremote::LocalConnector>();
        RunSessionOptions options;
        options.fleet.connector = connector;
        options.intervalMs = 100;
        RunSession session(project, run, selectRunLogs(project, run), options, nullptr);
        const RunSnapshot end = session.run();
        QCOMPARE(session.record().state, RunState::Failed);
        QVERIFY(session.record().failure);
        QCOMPARE(session.record().failure->rank, 3);
        QCOMPARE(session.record().failure->lastLines, QStringList{u"rank 3: failing at step 5"_s});
        QCOMPARE(end.alive, 0);
        QVERIFY(job->waitForFinished(5000)); // stopped by the session's stop command
        QCOMPARE(connector->connects(), 2);
    }

    void sessionStopsOnTheUsersStop()
    {
        const Project project = this->project();
        const QString runId = u"20240101-000000-stopme"_s;
        RunRecord run = record(project, runId);
        QProcess *job = jobProcess(runId);
        const auto cleanUp = qScopeGuard([job] {
            job->kill();
            job->waitForFinished();
            delete job;
        });
        auto connector = std::make_shared<localremote::LocalConnector>();
        RunSessionOptions options;
        options.fleet.connector = connector;
        options.intervalMs = 100;
        std::atomic<int> stops = 0;
        RunSessionEvents events;
        events.stopped = [&](const StopResult &stop) {
            if (stop.ok())
                ++stops;
        };
        RunSession session(project, run, selectRunLogs(project, run), options, nullptr, events);
        std::thread watcher([&] { session.run(); });
        QTest::qWait(600);
        session.stop();
        watcher.join();
        QCOMPARE(session.record().state, RunState::Stopped);
        QCOMPARE(stops.load(), 1);
        QVERIFY(job->waitForFinished(5000));
        QCOMPARE(connector->connects(), 2);
        QString error;
        QCOMPARE(loadRunRecord(run.projectPath, runId, &error)->state, RunState::Stopped);
    }
};

QTEST_GUILESS_MAIN(TestRunSession)
#include "tst_runSession.moc"
