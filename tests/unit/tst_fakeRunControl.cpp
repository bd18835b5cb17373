// SPDX-License-Identifier: GPL-3.0-or-later
// Status, gang stop and stop of a recorded run on in-memory servers
// (tests/support/FakeRemote.h): each server's poll answer is scripted, and the test checks the
// state the product derives, the commands it sends where, and what it saves. The same decisions
// against real sshd and real ranks are tests/cluster/tst_jobRunner.cpp.
#include "FakeProjects.h"
#include "FakeRemote.h"
#include "FakeRuns.h"

#include "launch/RemoteCommands.h"
#include "launch/RunControl.h"
#include "launch/RunHosts.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

// RunControl asks for this many lines of a failed rank's log.
constexpr int kFailureLines = 20;

// One round as `status` and a run session make it: poll every server, then gang stop and save
// (applySnapshot) over fresh fleet connections. A final record is returned as it is.
RunSnapshot refreshRun(const Project &project, RunRecord &record, const FleetOptions &fleet)
{
    RunSnapshot snapshot;
    if (isFinal(record.state)) {
        snapshot.state = record.state;
        return snapshot;
    }
    snapshot = pollRun(project, record, fleet);
    const std::unique_ptr<RunHosts> hosts = fleetRunHosts(project, fleet);
    applySnapshot(project, record, snapshot, *hosts);
    return snapshot;
}

qint64 sequenceOf(const std::vector<FakeEvent> &events, const QString &command)
{
    for (const FakeEvent &event : events) {
        if (event.command == command)
            return event.sequence;
    }
    return -1;
}

} // namespace

class TestFakeRunControl : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<FakeFleet> m_fleet;
    Project m_project;
    RunRecord m_record;
    FleetOptions m_options;

    FakeServer &fake(int index) const { return m_fleet->server(m_project.servers[index].name); }

    void answerPoll(int index, const QByteArray &answer)
    {
        fake(index).on(FakeMatch::exact(pollCommand(m_project, m_record.runId,
                                                    m_project.servers[size_t(index)])),
                       FakeAnswer{answer, {}, 0});
    }

    void answerStop(int index, const QByteArray &answer, int graceSeconds = kStopGraceSeconds)
    {
        fake(index).on(
            FakeMatch::exact(stopCommand(m_project, m_record.runId,
                                         m_project.servers[size_t(index)], graceSeconds)),
            FakeAnswer{answer, {}, 0});
    }

private Q_SLOTS:
    void init()
    {
        m_fleet = std::make_shared<FakeFleet>();
        m_project = fakeCpuProject(*m_fleet);
        const QString path = m_dir.filePath(
            u"%1.clusterwiz.json"_s.arg(QString::fromLatin1(QTest::currentTestFunction())));
        m_record = fakeRunRecord(m_project, path, newRunId());
        m_options = fakeFleetOptions(m_fleet);
    }

    void runningWhileRanksLive()
    {
        answerPoll(0, fakePollAnswer(2, 3));
        answerPoll(1, fakePollAnswer(2, 2));
        const RunSnapshot snapshot = refreshRun(m_project, m_record, m_options);
        QCOMPARE(snapshot.state, RunState::Running);
        QCOMPARE(snapshot.ranksStarted, 4);
        QCOMPARE(snapshot.alive, 5);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(fake(i).commands(), QStringList{pollCommand(m_project, m_record.runId,
                                                                 m_project.servers[size_t(i)])});
        QCOMPARE(m_record.state, RunState::Running);
    }

    void finishedIsSavedAndFinal()
    {
        answerPoll(0, fakePollAnswer(2, 0, {{0, 0, 100, 100}, {1, 0, 100, 100}}));
        answerPoll(1, fakePollAnswer(2, 0, {{2, 0, 100, 100}, {3, 0, 100, 100}}));
        const RunSnapshot snapshot = refreshRun(m_project, m_record, m_options);
        QCOMPARE(snapshot.state, RunState::Finished);
        QCOMPARE(m_record.state, RunState::Finished);
        QString error;
        const auto saved = loadRunRecord(m_record.projectPath, m_record.runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->state, RunState::Finished);
        QVERIFY(saved->endedAt.isValid());
        // A final record is not polled again.
        QCOMPARE(refreshRun(m_project, m_record, m_options).state, RunState::Finished);
        QCOMPARE(fake(0).commands().size(), 1);
    }

    void aFailedRankIsNamedAndGangStopped()
    {
        answerPoll(0, fakePollAnswer(2, 4));
        // Rank 2 exited after rank 3 by its exit time, but its log was written later: rank 3
        // failed first.
        answerPoll(1, fakePollAnswer(2, 0, {{2, 1, 100.5, 101.0}, {3, 1, 100.9, 100.2}}));
        fake(1).on(FakeMatch::exact(tailCommand(m_project, m_record.runId, m_project.servers[1], 3,
                                                kFailureLines)),
                   FakeAnswer{"step 4\nrank 3: failing at step 5\n", {}, 0});
        answerStop(0, "left 0\n");
        answerStop(1, "left 0\n");
        const RunSnapshot snapshot = refreshRun(m_project, m_record, m_options);
        QCOMPARE(snapshot.state, RunState::Failed);
        QVERIFY(snapshot.failure);
        QCOMPARE(snapshot.failure->server, u"server1"_s);
        QCOMPARE(snapshot.failure->rank, 3);
        QCOMPARE(snapshot.failure->exitCode, 1);
        QCOMPARE(snapshot.failure->lastLines,
                 (QStringList{u"step 4"_s, u"rank 3: failing at step 5"_s}));
        QCOMPARE(snapshot.alive, 0); // what the stop left
        const std::vector<FakeEvent> all = m_fleet->events();
        for (int i = 0; i < 2; ++i) {
            const Server &server = m_project.servers[size_t(i)];
            QVERIFY(
                sequenceOf(all, stopCommand(m_project, m_record.runId, server, kStopGraceSeconds)) >
                sequenceOf(all, pollCommand(m_project, m_record.runId, server)));
        }
        QString error;
        const auto saved = loadRunRecord(m_record.projectPath, m_record.runId, &error);
        QVERIFY2(saved && saved->failure, qPrintable(error));
        QCOMPARE(saved->state, RunState::Failed);
        QCOMPARE(saved->failure->rank, 3);
    }

    void theRankThatFailedFirstIsSettledAfterTheGangStop()
    {
        // The round that sees the failure holds server1's report from just before its rank 3
        // crashed; server0's rank 0 failed in the collective a moment after that crash. After the
        // gang stop a fresh poll holds both exits: rank 3 on server1 came first.
        std::atomic<int> server1Polls{0};
        answerPoll(0, fakePollAnswer(2, 1, {{0, 1, 100.8, 100.8}}));
        fake(1).on(FakeMatch::exact(pollCommand(m_project, m_record.runId, m_project.servers[1])),
                   [&server1Polls](FakeCall &) {
                       return FakeAnswer{++server1Polls == 1
                                             ? fakePollAnswer(2, 2)
                                             : fakePollAnswer(2, 0, {{3, 1, 100.2, 100.2}}),
                                         {},
                                         0};
                   });
        answerStop(0, "left 0\n");
        answerStop(1, "left 0\n");
        const RunSnapshot snapshot = refreshRun(m_project, m_record, m_options);
        QCOMPARE(snapshot.state, RunState::Failed);
        QVERIFY(snapshot.failure);
        QCOMPARE(snapshot.failure->server, u"server1"_s);
        QCOMPARE(snapshot.failure->rank, 3);
        QCOMPARE(server1Polls.load(), 2);
        QCOMPARE(m_record.failure->rank, 3); // what is saved
    }

    void withoutGangStopNothingIsStopped()
    {
        m_record.gangStop = false;
        answerPoll(0, fakePollAnswer(2, 4));
        answerPoll(1, fakePollAnswer(2, 0, {{3, 1, 100, 100}}));
        const RunSnapshot snapshot = refreshRun(m_project, m_record, m_options);
        QCOMPARE(snapshot.state, RunState::Failed);
        QCOMPARE(snapshot.alive, 4);
        for (int i = 0; i < 2; ++i) {
            QVERIFY(!fake(i).commands().contains(stopCommand(
                m_project, m_record.runId, m_project.servers[size_t(i)], kStopGraceSeconds)));
        }
    }

    void aScriptThatDiedBeforeItsRanksShowsTheLaunchLog()
    {
        answerPoll(0, fakePollAnswer(0, 0));
        answerPoll(1, fakePollAnswer(0, 0));
        fake(0).on(FakeMatch::exact(tailCommand(m_project, m_record.runId, m_project.servers[0], -1,
                                                kFailureLines)),
                   FakeAnswer{"train.sh: line 3: torchrun: not found\n", {}, 0});
        const RunSnapshot snapshot = pollRun(m_project, m_record, m_options);
        QCOMPARE(snapshot.state, RunState::Failed);
        QCOMPARE(snapshot.failure->server, u"server0"_s);
        QCOMPARE(snapshot.failure->rank, -1);
        QCOMPARE(snapshot.failure->lastLines,
                 QStringList{u"train.sh: line 3: torchrun: not found"_s});
    }

    void anUnreachableServerKeepsTheRunRunning()
    {
        answerPoll(0, fakePollAnswer(2, 2));
        fake(1).refuseConnections(SshError::Kind::Unreachable);
        const RunSnapshot snapshot = refreshRun(m_project, m_record, m_options);
        QCOMPARE(snapshot.state, RunState::Running);
        QVERIFY2(snapshot.note.startsWith(u"not reached: server1 (cannot connect to "_s),
                 qPrintable(snapshot.note));
    }

    void stopSignalsEveryServerAndCountsWhatIsLeft()
    {
        answerStop(0, "left 0\n", 1);
        answerStop(1, "left 2\n", 1);
        const StopResult stop = stopRun(m_project, m_record, m_options, 1);
        QCOMPARE(stop.left, 2);
        QVERIFY(stop.errors.isEmpty());
        QVERIFY(!stop.ok());
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(fake(i).commands(), QStringList{stopCommand(m_project, m_record.runId,
                                                                 m_project.servers[size_t(i)], 1)});
        }

        fake(1).refuseConnections(SshError::Kind::Unreachable);
        const StopResult unreachable = stopRun(m_project, m_record, m_options, 1);
        QCOMPARE(unreachable.left, 0);
        QCOMPARE(unreachable.errors.size(), 1);
        QVERIFY2(
            unreachable.errors.front().startsWith(u"server1: cannot connect to 10.0.0.12:22"_s),
            qPrintable(unreachable.errors.front()));

        fake(1).allowConnections();
        answerStop(1, "Terminated\n", 1);
        const StopResult garbled = stopRun(m_project, m_record, m_options, 1);
        QCOMPARE(garbled.errors, QStringList{u"server1: unexpected answer: Terminated"_s});
    }

    void mpirunHelpersAreNotedEverywhereBeforeAnyStop()
    {
        m_project.launch.mode = LaunchMode::Mpirun;
        m_record.mode = LaunchMode::Mpirun;
        for (int i = 0; i < 2; ++i) {
            fake(i).on(FakeMatch::exact(noteHelpersCommand(m_project, m_record.runId,
                                                           m_project.servers[size_t(i)])),
                       FakeAnswer{});
            answerStop(i, "left 0\n");
        }
        QVERIFY(stopRun(m_project, m_record, m_options).ok());
        const std::vector<FakeEvent> all = m_fleet->events();
        QCOMPARE(all.size(), size_t(4));
        for (size_t k = 0; k < 2; ++k)
            QVERIFY(all[k].command.contains(helpersFileName()));
        for (size_t k = 2; k < 4; ++k) {
            const Server &server = m_project.servers[size_t(*m_project.serverIndex(all[k].server))];
            QCOMPARE(all[k].command,
                     stopCommand(m_project, m_record.runId, server, kStopGraceSeconds));
        }
    }

    void stopByUserRecordsStopped()
    {
        answerStop(0, "left 0\n");
        answerStop(1, "left 0\n");
        QVERIFY(stopRunByUser(m_project, m_record, m_options).ok());
        QCOMPARE(m_record.state, RunState::Stopped);
        QString error;
        const auto saved = loadRunRecord(m_record.projectPath, m_record.runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->state, RunState::Stopped);
        QVERIFY(saved->endedAt.isValid());

        m_record.state = RunState::Finished; // a final state stays what it was
        QVERIFY(stopRunByUser(m_project, m_record, m_options).ok());
        QCOMPARE(m_record.state, RunState::Finished);
    }
};

QTEST_GUILESS_MAIN(TestFakeRunControl)
#include "tst_fakeRunControl.moc"
