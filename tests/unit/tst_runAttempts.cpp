// SPDX-License-Identifier: GPL-3.0-or-later
// A restarting run as the client sees it: its attempts kept in the run record, its state read
// from the supervisor's (evaluateSupervisedRun: the supervisor decides, except when its own
// server is lost or it ended without a word), the status line, the logs of every attempt
// numbered as that attempt numbers its ranks, the attempt marks, and the loss curve that goes
// on by step when a job resumes from its checkpoint.
#include "launch/RunAttempts.h"
#include "launch/RunRecord.h"
#include "launch/SupervisedStatus.h"
#include "logs/LogStore.h"
#include "logs/RunLogSources.h"
#include "model/ProjectJson.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// Three servers with 2, 1 and 2 ranks; server0 is the master and the supervisor's server.
Project threeServers()
{
    Project project = loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR
                                                     "/resources/examples/cpu-2x2.clusterwiz.json"))
                          .project;
    const Server model = project.servers.front();
    project.servers.clear();
    const std::vector<std::vector<int>> devices{{0, 1}, {0}, {0, 1}};
    for (int i = 0; i < 3; ++i) {
        Server server = model;
        server.name = u"server%1"_s.arg(i);
        server.host = server.hostIp = u"10.9.0.%1"_s.arg(i + 1);
        server.devices = devices[size_t(i)];
        project.servers.push_back(server);
    }
    project.launch.restart.maxRestarts = 3;
    project.launch.restart.dropFailedServers = true;
    return project;
}

RunRecord supervisedRecord(const Project &project)
{
    RunRecord record;
    record.runId = u"20260101-000000-aaaaaa"_s;
    record.state = RunState::Running;
    RunSupervision supervision;
    supervision.server = u"server0"_s;
    supervision.maxAttempts = 4;
    record.supervisor = supervision;
    for (int i = 0; i < 3; ++i) {
        const Server &server = project.servers[size_t(i)];
        record.servers.push_back({server.name, u"/w/logs/r/"_s + server.name, i == 0,
                                  project.rankOffset(i), int(server.devices.size())});
    }
    return record;
}

RunAttempt attempt(int number, const QStringList &servers, const QString &state)
{
    RunAttempt entry;
    entry.number = number;
    entry.servers = servers;
    entry.state = state;
    return entry;
}

// The poll of the supervisor's server with its state, as pollCommand prints it.
ServerPoll supervisorPoll(const QByteArray &stateJson, bool alive, int attemptFolder = 1)
{
    ServerPoll poll = parseServerPoll("attempt " + QByteArray::number(attemptFolder) +
                                      "\nstarted 2\nalive 2\nsupervisor " + (alive ? "1" : "0") +
                                      "\nsupervisor-state " + stateJson + "\n");
    return poll;
}

QByteArray stateJson(const QString &phase, const QString &message = {})
{
    nlohmann::ordered_json attempts =
        attemptsToJson({attempt(1, {u"server0"_s, u"server1"_s, u"server2"_s}, u"failed"_s),
                        attempt(2, {u"server0"_s, u"server2"_s},
                                phase == u"finished" ? u"finished"_s : u"running"_s)});
    attempts[1]["left_out"] = {{{"server", "server1"},
                                {"reason", "unreachable: no route"},
                                {"since", "2026-01-01T12:03:05.000Z"}}};
    attempts[0]["failure"] = {{"server", "server1"},
                              {"rank", 2},
                              {"exit_code", 1},
                              {"last_lines", {"Traceback", "RuntimeError: x"}}};
    return QByteArray::fromStdString(nlohmann::ordered_json{
        {"clusterwiz_supervisor", 1},
        {"state", phase.toStdString()},
        {"attempt", 2},
        {"max_attempts", 4},
        {"message", message.toStdString()},
        {"attempts", attempts}}.dump());
}

} // namespace

class TestRunAttempts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void recordKeepsTheAttempts()
    {
        QTemporaryDir dir;
        const Project project = threeServers();
        RunRecord record = supervisedRecord(project);
        record.projectPath = dir.filePath(u"x.clusterwiz.json"_s);
        record.supervisor->phase = u"backoff"_s;
        record.supervisor->nextAttemptAt = QDateTime::currentDateTimeUtc().addSecs(10);
        RunAttempt first = attempt(1, {u"server0"_s, u"server1"_s}, u"failed"_s);
        first.leftOut = {{u"server2"_s, u"unhealthy: accelerator: 2 NPUs not OK"_s,
                          QDateTime::currentDateTimeUtc()}};
        first.failedServer = u"server1"_s;
        first.failedRank = 2;
        first.exitCode = 137;
        first.lastLines = {u"a"_s, u"b"_s};
        first.message = u"rank 2 on server1 failed first, exit code 137"_s;
        record.attempts = {first, attempt(2, {u"server0"_s}, u"not-started"_s)};
        QCOMPARE(saveRunRecord(record), QString());
        QString error;
        const auto loaded = loadRunRecord(record.projectPath, record.runId, &error);
        QVERIFY2(loaded, qPrintable(error));
        QVERIFY(loaded->supervisor);
        QCOMPARE(loaded->supervisor->server, u"server0"_s);
        QCOMPARE(loaded->supervisor->maxAttempts, 4);
        QCOMPARE(loaded->supervisor->phase, u"backoff"_s);
        QCOMPARE(loaded->supervisor->nextAttemptAt.toMSecsSinceEpoch(),
                 record.supervisor->nextAttemptAt.toMSecsSinceEpoch());
        QCOMPARE(loaded->attempts.size(), size_t(2));
        QCOMPARE(loaded->attempts[0].leftOut[0].reason, first.leftOut[0].reason);
        QCOMPARE(loaded->attempts[0].failedRank, 2);
        QCOMPARE(loaded->attempts[0].lastLines, first.lastLines);
        QCOMPARE(loaded->attempts[1].state, u"not-started"_s);
    }

    void theSupervisorDecides()
    {
        const Project project = threeServers();
        const RunRecord record = supervisedRecord(project);
        const ServerPoll quiet = parseServerPoll("attempt 2\nalive 1\n");
        // Running, on the newest attempt's world (server0 and server2: 4 ranks).
        RunSnapshot running = evaluateSupervisedRun(
            project, record, {supervisorPoll(stateJson(u"running"_s), true, 2), quiet, quiet});
        QCOMPARE(running.state, RunState::Running);
        QVERIFY(running.supervisor);
        QCOMPARE(running.ranksExpected, 4);
        QCOMPARE(running.servers.size(), size_t(2));
        QVERIFY(!running.supervisorLost);
        // Backoff: the note says until when.
        nlohmann::ordered_json backoff = nlohmann::ordered_json::parse(stateJson(u"backoff"_s));
        backoff["next_attempt_at"] = "2026-01-01T12:00:10.000Z";
        const RunSnapshot waiting = evaluateSupervisedRun(
            project, record,
            {supervisorPoll(QByteArray::fromStdString(backoff.dump()), true), quiet, quiet});
        QVERIFY2(waiting.note.startsWith(u"waiting until "_s), qPrintable(waiting.note));
        // Final states are the supervisor's, its failure with the failed rank's lines.
        const RunSnapshot failed = evaluateSupervisedRun(
            project, record,
            {supervisorPoll(stateJson(u"failed"_s, u"no restarts left"_s), false), quiet, quiet});
        QCOMPARE(failed.state, RunState::Failed);
        QCOMPARE(failed.failure->message, u"no restarts left"_s);
        const RunSnapshot finished = evaluateSupervisedRun(
            project, record, {supervisorPoll(stateJson(u"finished"_s), false), quiet, quiet});
        QCOMPARE(finished.state, RunState::Finished);
        QVERIFY(!failed.supervisorLost && !finished.supervisorLost);
        // Another server not reached: still the supervisor's word.
        QCOMPARE(evaluateSupervisedRun(project, record,
                                       {supervisorPoll(stateJson(u"running"_s), true),
                                        unreachedPoll(u"timeout"_s), quiet})
                     .state,
                 RunState::Running);
    }

    void withoutItsSupervisorTheRunFails()
    {
        const Project project = threeServers();
        const RunRecord record = supervisedRecord(project);
        const ServerPoll busy = parseServerPoll("attempt 1\nalive 3\n");
        // Its server is lost: failed, and the client stops what is left (gang stop).
        const RunSnapshot lost = evaluateSupervisedRun(
            project, record, {unreachedPoll(u"connection timed out"_s), busy, busy});
        QCOMPARE(lost.state, RunState::Failed);
        QVERIFY(lost.supervisorLost);
        QCOMPARE(lost.alive, 6);
        QVERIFY2(lost.failure->message.startsWith(
                     u"the supervisor's server server0 cannot be reached (connection timed out)"_s),
                 qPrintable(lost.failure->message));
        // Gone without a final state (killed): failed, naming its log.
        const RunSnapshot gone = evaluateSupervisedRun(
            project, record, {supervisorPoll(stateJson(u"running"_s), false), busy, busy});
        QCOMPARE(gone.state, RunState::Failed);
        QVERIFY(!gone.supervisorLost);
        QVERIFY(gone.failure->message.contains(u"ended without a final state"_s));
        // Before it wrote anything, alive: starting; dead: failed.
        ServerPoll fresh = parseServerPoll("attempt 0\nalive 0\nsupervisor 1\n");
        QCOMPARE(evaluateSupervisedRun(project, record, {fresh, busy, busy}).state,
                 RunState::Running);
        fresh.supervisorAlive = 0;
        QCOMPARE(evaluateSupervisedRun(project, record, {fresh, busy, busy}).state,
                 RunState::Failed);
        // An unreadable state is a note while the supervisor lives.
        const RunSnapshot garbled = evaluateSupervisedRun(
            project, record,
            {supervisorPoll("{\"clusterwiz_supervisor\": 1, \"state\": 5}", true), busy, busy});
        QCOMPARE(garbled.state, RunState::Running);
        QVERIFY2(garbled.note.contains(u"state: must be"_s), qPrintable(garbled.note));
    }

    void recordFollowsTheSupervisorAndSaysWhereItIs()
    {
        const Project project = threeServers();
        RunRecord record = supervisedRecord(project);
        QString error;
        const auto state = parseSupervisorState(stateJson(u"running"_s), &error);
        QVERIFY2(state, qPrintable(error));
        QVERIFY(applySupervisorState(record, *state));
        QVERIFY(!applySupervisorState(record, *state)); // nothing new
        QCOMPARE(record.attempts.size(), size_t(2));
        const QString summary = attemptSummary(record.attempts, record.supervisor->maxAttempts);
        const QString since =
            QDateTime::fromString(u"2026-01-01T12:03:05.000Z"_s, Qt::ISODateWithMs)
                .toLocalTime()
                .toString(u"HH:mm:ss"_s);
        QCOMPARE(
            summary,
            u"attempt 2 of 4, 2 servers (server1 left out: unreachable since %1)"_s.arg(since));
        const Project world = newestAttemptProject(project, record);
        QCOMPARE(world.servers.size(), size_t(2));
        QCOMPARE(world.totalDevices(), 4);
    }

    void logsOfEveryAttemptNumberedByTheirAttempt()
    {
        const Project project = threeServers();
        RunRecord record = supervisedRecord(project);
        record.attempts = {attempt(1, {u"server0"_s, u"server1"_s, u"server2"_s}, u"failed"_s),
                           attempt(2, {u"server0"_s, u"server2"_s}, u"not-started"_s),
                           attempt(3, {u"server0"_s, u"server2"_s}, u"running"_s)};
        const RunLogSelection all = selectRunLogs(project, record);
        QVERIFY2(all.ok(), qPrintable(all.error));
        QStringList seen;
        for (const ServerLogSources &server : all.servers) {
            for (const LogSource &source : server.sources)
                seen << u"%1 %2 %3"_s.arg(server.attempt).arg(source.rank).arg(source.path);
        }
        // Attempt 1: 5 ranks; attempt 2 did not start; attempt 3: server0 0-1, server2 2-3.
        QCOMPARE(seen, QStringList({u"1 0 /w/logs/r/server0/attempt-1/rank0.log"_s,
                                    u"1 1 /w/logs/r/server0/attempt-1/rank1.log"_s,
                                    u"1 2 /w/logs/r/server1/attempt-1/rank2.log"_s,
                                    u"1 3 /w/logs/r/server2/attempt-1/rank3.log"_s,
                                    u"1 4 /w/logs/r/server2/attempt-1/rank4.log"_s,
                                    u"3 0 /w/logs/r/server0/attempt-3/rank0.log"_s,
                                    u"3 1 /w/logs/r/server0/attempt-3/rank1.log"_s,
                                    u"3 2 /w/logs/r/server2/attempt-3/rank2.log"_s,
                                    u"3 3 /w/logs/r/server2/attempt-3/rank3.log"_s}));
        // Narrowed by rank: the same narrowing for an attempt that starts later.
        const RunLogSelection rank2 = selectRunLogs(project, record, {}, {u"2"_s});
        QVERIFY2(rank2.ok(), qPrintable(rank2.error));
        record.attempts.push_back(attempt(4, {u"server1"_s, u"server2"_s}, u"running"_s));
        const std::vector<ServerLogSources> later = attemptLogSources(project, record, 4, rank2);
        QCOMPARE(later.size(), size_t(1));
        QCOMPARE(later[0].server, u"server2"_s);
        QCOMPARE(later[0].sources[0].path, u"/w/logs/r/server2/attempt-4/rank2.log"_s);
        QCOMPARE(later[0].sources[0].attempt, 4);
        QCOMPARE(selectRunLogs(project, record, {}, {u"9"_s}).ok(), false);
        // Before the first attempt a restarting run has no logs yet, which is no error.
        record.attempts.clear();
        QVERIFY(selectRunLogs(project, record).ok());
        QVERIFY(selectRunLogs(project, record, {}, {u"1"_s}).ok());

        RunAttempt notStarted = attempt(2, {u"server0"_s}, u"not-started"_s);
        notStarted.message = u"not started: server1 unreachable"_s;
        QCOMPARE(attemptMarkText(record, notStarted),
                 u"attempt 2 of 4 not started: server1 unreachable"_s);
        RunAttempt third = attempt(3, {u"server0"_s, u"server2"_s}, u"running"_s);
        third.leftOut = {{u"server1"_s, u"unreachable"_s, {}}};
        QCOMPARE(attemptMarkText(record, third),
                 u"attempt 3 of 4 on server0, server2 (server1 left out: unreachable)"_s);
        QCOMPARE(logRecordText({{}, -1, u"attempt 3 of 4"_s, 0, 0, 3}), u"== attempt 3 of 4"_s);
    }

    void theLossCurveGoesOnByStepAcrossAttempts()
    {
        LogStore store;
        for (int step = 0; step < 6; ++step)
            store.append({u"s0"_s, 0, u"step %1 loss = 1.%1"_s.arg(step), 0, 0, 1});
        store.append({{}, -1, u"attempt 2 of 3 on s0"_s, 0, 0, 2});
        // Resumed from the checkpoint after step 3: steps 4 and 5 are trained again.
        for (int step = 4; step < 8; ++step)
            store.append({u"s0"_s, 0, u"step %1 loss = 0.%1"_s.arg(step), 0, 0, 2});
        const std::vector<LossPoint> points = store.loss(0);
        QCOMPARE(points.size(), size_t(8));
        for (size_t i = 0; i < points.size(); ++i)
            QCOMPARE(points[i].step, int(i));
        QCOMPARE(points[4].loss, 0.4); // the new attempt's value
        QCOMPARE(points[3].loss, 1.3); // kept from the first
        // The mark is a line of the log, not a rank.
        QCOMPARE(store.ranks().size(), size_t(1));
        QCOMPARE(store.ring().since(0, 100).size(), size_t(11));
    }
};

QTEST_GUILESS_MAIN(TestRunAttempts)
#include "tst_runAttempts.moc"
