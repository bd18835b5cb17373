// SPDX-License-Identifier: GPL-3.0-or-later
// evaluateDiagnosis on what servers report (no servers): the state, the first failure on a
// timeline corrected by each server's clock offset (causes before what the others see of them),
// the ranks behind in a hang; and the readers of the collect, stack and plog commands' output.
#include "diagnose/DiagnoseCommands.h"
#include "diagnose/Diagnosis.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr double kNow = 1770317066; // 2026-02-05 18:44:26 UTC

RankReport rank(int id, const QByteArray &log, double logTime, std::optional<int> exitCode = {})
{
    RankReport report;
    report.rank = id;
    report.logFound = true;
    report.tail = log;
    report.logSize = log.size();
    report.logTime = logTime;
    report.exitCode = exitCode;
    report.exitTime = exitCode ? logTime + 0.01 : 0;
    report.scan = scanRankLog(log);
    return report;
}

ServerReport server(const QString &name, std::vector<RankReport> ranks, double offsetMs = 0,
                    int alive = 0)
{
    ServerReport report;
    report.name = name;
    report.reached = true;
    report.clockOffsetMs = offsetMs;
    report.now = kNow + offsetMs / 1000;
    report.alive = alive;
    report.ranks = std::move(ranks);
    return report;
}

RunRecord record(RunState state = RunState::Failed)
{
    RunRecord r;
    r.runId = u"20260205-184400-abcdef"_s;
    r.state = state;
    r.startedAt = QDateTime::fromSecsSinceEpoch(qint64(kNow) - 600, Qt::UTC);
    return r;
}

const QByteArray kRaise = "step 3 loss = 0.3\nTraceback (most recent call last):\n"
                          "  File \"job.py\", line 44, in main\n    raise RuntimeError(\"x\")\n"
                          "RuntimeError: deliberate failure after step 3\n";
const QByteArray kPeerGone = "step 4 loss = 0.2\nTraceback (most recent call last):\n"
                             "  File \"job.py\", line 40, in main\n"
                             "RuntimeError: [pair.cc:598] Connection closed by peer [10.0.0.2]:1\n";

} // namespace

class TestDiagnosis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aCauseComesBeforeWhatOthersSaw()
    {
        // server1's clock runs 2 s ahead: its rank 3 raised at kNow - 10 (our clock), rank 0 on
        // server0 saw the connection close half a second later.
        const std::vector<ServerReport> servers{
            server(u"server0"_s,
                   {rank(0, kPeerGone, kNow - 9.5, 1), rank(1, "step 4\n", kNow - 9, 143)}),
            server(u"server1"_s,
                   {rank(2, "step 4\n", kNow - 8 + 2, 143), rank(3, kRaise, kNow - 10 + 2, 1)},
                   2000)};
        const Diagnosis diagnosis = evaluateDiagnosis(record(), servers, 4, 120);
        QCOMPARE(diagnosisStateName(diagnosis.state), u"failed"_s);
        QVERIFY(diagnosis.first);
        QCOMPARE(diagnosis.first->server, u"server1"_s);
        QCOMPARE(diagnosis.first->rank, 3);
        QCOMPARE(diagnosis.first->failureClass, FailureClass::UserException);
        QCOMPARE(diagnosis.first->line, u"RuntimeError: deliberate failure after step 3"_s);
        QCOMPARE(diagnosis.first->time, kNow - 10);
        QCOMPARE(diagnosis.timeline.size(), size_t(2)); // the victims of the stop printed nothing
        QCOMPARE(diagnosis.timeline[1].rank, 0);
        QCOMPARE(diagnosis.clockOffsetsMs.at(u"server1"_s), 2000.0);
        QVERIFY(diagnosis.evidence.contains(
            u"server1 rank 3 | RuntimeError: deliberate failure after step 3"_s));

        // Without the clock correction server1's error would look 1.5 s later than server0's;
        // the cause still wins inside kCauseWindowS, and a consequence long before it does not.
        std::vector<ServerReport> skewed = servers;
        skewed[0].ranks[0].logTime = kNow - 100;
        const Diagnosis early = evaluateDiagnosis(record(), skewed, 4, 120);
        QCOMPARE(early.first->rank, 0);
        QCOMPARE(early.first->failureClass, FailureClass::ConnectionLost);
    }

    void trainShsOwnStopMakesVictims()
    {
        // Rank 1 raised; train.sh stopped rank 0, whose log holds only c10d's retry warning (it
        // names "Connection refused"). Rank 0 is a victim, not a failure.
        const QByteArray retry = "[W socket.cpp:701] The server socket on [h]:55035 is not yet "
                                 "listening (errno: 111 - Connection refused), will retry\n";
        ServerReport s =
            server(u"server0"_s, {rank(0, retry, kNow - 4, 143), rank(1, kRaise, kNow - 5, 1)});
        s.launch =
            scanLaunchLog("clusterwiz: train.sh on server0: rank 1 (device 1) failed with "
                          "exit code 1\nclusterwiz: train.sh on server0: stopping the others\n");
        QVERIFY(s.launch.stopped && !s.launch.signalled);
        QCOMPARE(s.launch.failedRanks, std::vector<int>{1});
        const Diagnosis diagnosis = evaluateDiagnosis(record(), {s}, 2, 120);
        QCOMPARE(diagnosis.first->rank, 1);
        QCOMPARE(diagnosis.timeline.size(), size_t(1));

        // A victim that printed a consequence before the stop reached it is a victim too; one
        // that printed a cause of its own (it raised, then hung until the stop) is not.
        s.ranks[0] = rank(0, kPeerGone, kNow - 4, 143);
        QCOMPARE(evaluateDiagnosis(record(), {s}, 2, 120).timeline.size(), size_t(1));
        s.ranks[0] = rank(0, kRaise, kNow - 6, 143);
        const Diagnosis hung = evaluateDiagnosis(record(), {s}, 2, 120);
        QCOMPARE(hung.timeline.size(), size_t(2));
        QCOMPARE(hung.first->rank, 0); // it raised first

        // A rank train.sh saw fail by itself with a stop signal's code (the OOM killer's
        // SIGKILL) is a cause; a SIGKILL where nothing on the server stopped anything, too.
        ServerReport oom = server(u"server0"_s, {rank(0, "step 3\nKilled\n", kNow - 5, 137),
                                                 rank(1, "step 3\n", kNow - 4, 143)});
        oom.launch = scanLaunchLog("clusterwiz: train.sh on server0: rank 0 (device 0) failed "
                                   "with exit code 137\nclusterwiz: train.sh on server0: "
                                   "stopping the others\n");
        const Diagnosis killed = evaluateDiagnosis(record(), {oom}, 2, 120);
        QCOMPARE(killed.first->rank, 0);
        QCOMPARE(killed.first->failureClass, FailureClass::KilledOrOom);
        QCOMPARE(killed.timeline.size(), size_t(1));
    }

    void launchLogsOfTheTorchLauncherAndMpirun()
    {
        const LaunchLogScan elastic = scanLaunchLog(
            "W0826 12:47:25.330000 1475957 api.py:900] Sending process 1475988 closing signal "
            "SIGTERM\n"
            "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: "
            "3 "
            "(pid: 812917) of binary: /usr/bin/python\nRoot Cause (first observed failure):\n[0]:\n"
            "  time      : 2025-05-21_15:43:03\n  rank      : 11 (local_rank: 3)\n");
        QVERIFY(elastic.stopped);
        QCOMPARE(elastic.failedLocalRanks, std::vector<int>{3});
        QCOMPARE(elastic.failedRanks, std::vector<int>{11});
        QVERIFY(launchLogNamesFailed(elastic, 11, 8));
        QVERIFY(!launchLogNamesFailed(elastic, 10, 8));
        const LaunchLogScan outside =
            scanLaunchLog("clusterwiz: train.sh on s: got SIGTERM, stopping\nclusterwiz: "
                          "train.sh on s: still running after 10s, killing\n");
        QVERIFY(outside.stopped && outside.signalled && outside.killed);
        const LaunchLogScan mpi = scanLaunchLog("mpirun noticed that process rank 7 with PID 0 on "
                                                "node n1 exited on signal 9 (Killed).\n");
        QCOMPARE(mpi.failedRanks, std::vector<int>{7});
        QVERIFY(!scanLaunchLog(QByteArray(300000, '\xff')).stopped); // hostile bytes: nothing
    }

    void anExitCodeAloneStillNamesTheRank()
    {
        const std::vector<ServerReport> servers{server(
            u"a"_s, {rank(0, "step 1\nstep 2\n", kNow - 5, 137), rank(1, "step 2\n", kNow, 0)})};
        const Diagnosis diagnosis = evaluateDiagnosis(record(), servers, 2, 120);
        QCOMPARE(diagnosis.state, DiagnosisState::Failed);
        QCOMPARE(diagnosis.first->rank, 0);
        QCOMPARE(diagnosis.first->failureClass, FailureClass::KilledOrOom);
        QVERIFY(diagnosis.first->line.contains(u"exit code 137"_s));
        QCOMPARE(diagnosis.first->exitCode, 137);
    }

    void finishedRunningStopped()
    {
        const std::vector<ServerReport> done{
            server(u"a"_s, {rank(0, "step 9\n", kNow, 0), rank(1, "step 9\n", kNow, 0)})};
        QCOMPARE(evaluateDiagnosis(record(RunState::Finished), done, 2, 120).state,
                 DiagnosisState::Finished);
        const std::vector<ServerReport> running{
            server(u"a"_s, {rank(0, "step 9\n", kNow - 1), rank(1, "step 9\n", kNow - 1)}, 0, 4)};
        QCOMPARE(evaluateDiagnosis(record(RunState::Running), running, 2, 120).state,
                 DiagnosisState::Running);
        const std::vector<ServerReport> stopped{
            server(u"a"_s, {rank(0, "step 9\n", kNow, 143), rank(1, "step 9\n", kNow, 143)})};
        QCOMPARE(evaluateDiagnosis(record(RunState::Stopped), stopped, 2, 120).state,
                 DiagnosisState::Stopped);
        std::vector<ServerReport> unreached = running;
        ServerReport lost;
        lost.name = u"b"_s;
        lost.error = u"connection refused"_s;
        unreached.push_back(lost);
        const Diagnosis notAll = evaluateDiagnosis(record(RunState::Running), unreached, 4, 1);
        QCOMPARE(notAll.state, DiagnosisState::Running); // a silent server is no proof of a hang
        QVERIFY(notAll.notes.join(u' ').contains(u"b not reached"_s));
    }

    void aHangNamesTheRanksBehind()
    {
        const std::vector<ServerReport> servers{
            server(u"server0"_s,
                   {rank(0, "step 4 loss = 1\nstep 5 loss = 1\n", kNow - 200),
                    rank(1, "step 3 loss = 1\nstep 4 loss = 1\n", kNow - 201)},
                   0, 6),
            server(u"server1"_s,
                   {rank(2, "step 5 loss = 1\n", kNow - 200 + 0.5),
                    rank(3, "step 5 loss = 1\n", kNow - 200 + 0.5)},
                   500, 6)};
        const Diagnosis hung = evaluateDiagnosis(record(RunState::Running), servers, 4, 120);
        QCOMPARE(hung.state, DiagnosisState::Hung);
        QCOMPARE(hung.behind.size(), size_t(1));
        QCOMPARE(hung.behind[0].server, u"server0"_s);
        QCOMPARE(hung.behind[0].rank, 1);
        QCOMPARE(hung.behind[0].lastStep, 4);
        QVERIFY(hung.behind[0].silentS >= 200);
        QVERIFY(!hung.first);
        // Not silent long enough: running.
        QCOMPARE(evaluateDiagnosis(record(RunState::Running), servers, 4, 300).state,
                 DiagnosisState::Running);
        // No step printed anywhere: the longest silent is behind.
        std::vector<ServerReport> quiet = servers;
        for (ServerReport &s : quiet) {
            for (RankReport &r : s.ranks)
                r.scan = scanRankLog("waiting\n");
        }
        quiet[1].ranks[1].logTime = kNow - 500;
        const Diagnosis longest = evaluateDiagnosis(record(RunState::Running), quiet, 4, 120);
        QCOMPARE(longest.behind.size(), size_t(1));
        QCOMPARE(longest.behind[0].rank, 3);
        QVERIFY(!longest.behind[0].lastStep);
    }

    void jsonShape()
    {
        const std::vector<ServerReport> servers{
            server(u"s"_s, {rank(0, kRaise, kNow, 1), rank(1, "step 1\n", kNow, 143)})};
        Diagnosis diagnosis = evaluateDiagnosis(record(), servers, 2, 120);
        const auto json = diagnosisToJson(diagnosis);
        QStringList keys;
        for (const auto &item : json.items())
            keys << QString::fromStdString(item.key());
        QCOMPARE(keys,
                 (QStringList{u"run"_s, u"state"_s, u"first"_s, u"behind"_s, u"clock_offsets_ms"_s,
                              u"evidence"_s, u"timeline"_s, u"notes"_s, u"archive"_s}));
        for (const char *key : {"server", "rank", "time", "class", "line"})
            QVERIFY2(json["first"].contains(key), key);
        QCOMPARE(json["first"]["time"].get<std::string>(), std::string("2026-02-05T18:44:26.000Z"));
        QVERIFY(diagnosisText(diagnosis).contains(u"first failure: s rank 0"_s));
    }

    void collectOutputIsRead()
    {
        const QByteArray log = kRaise;
        const QString output =
            u"pgid 123\nexit 3 1 1770317060.5 1770317060.4\nstarted 2\nalive 0\n"
            u"@@now 1770317066.25\n@@tz +0800\n@@pyspy\n@@log 3 %1 1770317060.4 %2\n@@nolog 2\n"
            u"@@log x 1 1 AAAA\n"_s.arg(QString::number(log.size() + 100),
                                        QString::fromLatin1(log.toBase64()));
        ServerReport report;
        report.name = u"s1"_s;
        parseCollect(output, {2, 3}, report);
        QVERIFY(report.reached && report.pySpy);
        QCOMPARE(report.now, 1770317066.25);
        QCOMPARE(report.utcOffsetS, 8 * 3600);
        QCOMPARE(report.ranks.size(), size_t(2));
        QVERIFY(!report.ranks[0].logFound);
        QVERIFY(!report.ranks[0].exitCode);
        QCOMPARE(report.ranks[1].exitCode, 1);
        QCOMPARE(report.ranks[1].exitTime, 1770317060.5);
        QCOMPARE(report.ranks[1].logTime, 1770317060.4);
        QVERIFY(report.ranks[1].scan.error);
        QVERIFY(report.ranks[1].scan.truncated); // the log was longer than its tail

        Project project;
        Server s1;
        s1.name = u"s1"_s;
        s1.devices = {0, 1};
        project.servers = {s1};
        project.launch.workdir = u"/w'x"_s;
        RunRecord record;
        record.runId = u"run-1"_s;
        const QString command = collectCommand(project, record, s1, {2, 3});
        QVERIFY(command.contains(u"ranks='2 3'\n"_s));
        QVERIFY(command.contains(u"f=\"$r/rank$k.log\""_s)); // the poll's folder, not clobbered
        QVERIFY(command.contains(u"'\\''"_s));               // the workdir's quote, quoted
    }

    void stacksAndPlog()
    {
        const QString stacks = u"@@stack 1 4242 %1\n@@stack x 1 AA\n"_s.arg(QString::fromLatin1(
            QByteArray("Thread 4242 (idle)\n    sleep (job.py:33)\n").toBase64()));
        const auto parsed = parseStacks(stacks);
        QCOMPARE(parsed.size(), size_t(1));
        QVERIFY(parsed.at(1).contains(u"sleep (job.py:33)"_s));
        QVERIFY(stackCommand(u"run-1"_s, {1}).contains(u"entry='CLUSTERWIZ_RUN_ID=run-1'\n"_s));

        const QByteArray plog =
            "[INFO] HCCL(1,p):2026-02-05-18:40:00.000.000 [a.cc:1] too early\n"
            "[ERROR] HCCL(1,p):2026-02-05-18:44:20.100.000 [b.cc:2] EI0006: socket times out\n"
            "no time here\n"
            "[ERROR] HCCL(1,p):2026-02-05-18:50:00.000.000 [c.cc:3] too late\n";
        const QString output = u"@@plog %1\n"_s.arg(QString::fromLatin1(plog.toBase64()));
        // The window in the server's clock; its zone is UTC+8, so its written times are 8 h ahead.
        const QStringList lines =
            parsePlogWindow(output, kNow - 8 * 3600 - 60, kNow - 8 * 3600 + 30, 8 * 3600);
        QCOMPARE(lines.size(), 1);
        QVERIFY(lines[0].contains(u"EI0006"_s));
        Project project;
        project.launch.env = {{u"ASCEND_PROCESS_LOG_PATH"_s, u"/var/log/npu x"_s}};
        QVERIFY(plogCommand(project, kNow).contains(u"root='/var/log/npu x'"_s));
        QVERIFY(plogCommand(Project{}, kNow).contains(u"\"$HOME/ascend/log\""_s));
        QVERIFY(plogCommand(Project{}, kNow).contains(u"since=1770317066\n"_s));
        QCOMPARE(parseClock(u"1770317066.123456789\n"_s), 1770317066.123456789);
        QVERIFY(!parseClock(u"date: invalid"_s));
    }
};

QTEST_GUILESS_MAIN(TestDiagnosis)
#include "tst_diagnosis.moc"
