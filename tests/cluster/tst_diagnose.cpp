// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli diagnose` (the real binary) on real PyTorch (gloo) jobs of 2 simulated servers
// x 2 ranks (tests/fixtures/diagnose_job.py):
// - one rank raises right after step 3: diagnose says failed and names that rank first, class
//   user exception, with its RuntimeError line; the others' errors follow it on the timeline;
// - one rank sleeps forever before step 5 while the others block in step 5's all_reduce:
//   diagnose says hung and names that rank behind at step 4.
// Each server has its own process table (cluster.sh --pid-ns), as real servers do.
#include "CliProcess.h"
#include "JobTestSupport.h"
#include "TestCluster.h"

#include "diagnose/DiagnoseRun.h"
#include "launch/RunRecord.h"
#include "model/ProjectJson.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

using namespace cw;
using namespace jobtest;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 2;
constexpr int kDevices = 2;

} // namespace

class TestDiagnose : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s, u"--ssh-config"_s,
                u"none"_s};
    }

    QString saveJob(const QString &name, const QStringList &args)
    {
        Project project = cpuProject(m_cluster, kServers, kDevices, LaunchMode::Launch, args);
        project.launch.entry = u"diagnose_job.py"_s;
        project.launch.upload = {sourcePath(u"tests/fixtures/diagnose_job.py"_s)};
        const QString path = m_dir.filePath(name);
        return saveProjectFile(project, path).isEmpty() ? path : QString();
    }

    CliRun diagnose(const QString &path, const QStringList &extra = {})
    {
        return runCli(QStringList{u"diagnose"_s, path, u"--json"_s} + extra + fleet(), 120000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error, true), qPrintable(error)); // own process tables
    }

    void aRaisingRankIsNamedFirstWithItsLine()
    {
        // Rank 3 (server1's second) raises after step 3; the gloo timeout bounds the others.
        const QString path =
            saveJob(u"raise.clusterwiz.json"_s, {u"--raise-rank"_s, u"3"_s, u"--raise-after"_s,
                                                 u"3"_s, u"--timeout"_s, u"60"_s});
        QVERIFY(!path.isEmpty());
        const CliRun run = runCli(
            QStringList{u"launch"_s, path, u"--allow-upload-outside"_s, u"--follow"_s} + fleet(),
            240000);
        QVERIFY2(run.exitCode == 1, run.describe());
        const QString runId = QString::fromUtf8(run.out).section(u'\n', 0, 0);
        QVERIFY(isValidRunId(runId));

        const CliRun result = diagnose(path);
        QVERIFY2(result.exitCode == 1, result.describe());
        const QJsonObject diagnosis = QJsonDocument::fromJson(result.out).object();
        QCOMPARE(diagnosis[u"state"_s].toString(), u"failed"_s);
        QCOMPARE(diagnosis[u"run"_s].toString(), runId);
        const QJsonObject first = diagnosis[u"first"_s].toObject();
        QCOMPARE(first[u"server"_s].toString(), u"server1"_s);
        QCOMPARE(first[u"rank"_s].toInt(), 3);
        QCOMPARE(first[u"class"_s].toString(), u"user exception"_s);
        QCOMPARE(first[u"line"_s].toString(), u"RuntimeError: deliberate failure after step 3"_s);
        QVERIFY(!first[u"time"_s].toString().isEmpty());
        const QString evidence =
            QString::fromUtf8(QJsonDocument(diagnosis[u"evidence"_s].toArray()).toJson());
        QVERIFY2(evidence.contains(u"raise RuntimeError"_s), qPrintable(evidence));
        // Each server's clock was measured (they share this machine's clock: a few ms at most).
        const QJsonObject offsets = diagnosis[u"clock_offsets_ms"_s].toObject();
        QCOMPARE(offsets.size(), kServers);
        for (const QString &server : offsets.keys())
            QVERIFY2(std::abs(offsets[server].toDouble()) < 1000, qPrintable(server));
        // The timeline starts with the raising rank; what the others saw of it follows.
        const QJsonArray timeline = diagnosis[u"timeline"_s].toArray();
        QVERIFY(!timeline.isEmpty());
        QCOMPARE(timeline[0][u"rank"_s].toInt(), 3);
        for (qsizetype i = 1; i < timeline.size(); ++i)
            QCOMPARE(timeline[i][u"class"_s].toString(), u"connection lost"_s);
        QVERIFY(QFile::exists(diagnosis[u"archive"_s].toString()));
    }

    void aStuckRankIsNamedBehind()
    {
        // Rank 1 (server0's second) sleeps before step 5; the others block in step 5.
        const QString path =
            saveJob(u"hang.clusterwiz.json"_s,
                    {u"--hang-rank"_s, u"1"_s, u"--hang-at"_s, u"5"_s, u"--timeout"_s, u"600"_s});
        QVERIFY(!path.isEmpty());
        const CliRun launched =
            runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s} + fleet(), 120000);
        QVERIFY2(launched.exitCode == 0, launched.describe());
        const QString runId = QString::fromUtf8(launched.out).trimmed();
        QVERIFY(isValidRunId(runId));
        // Every rank has printed what it will print (rank 1 step 4, the others step 5).
        QTRY_VERIFY_WITH_TIMEOUT(rankLog(m_cluster, 0, runId, 0).contains("step 5 loss") &&
                                     rankLog(m_cluster, 1, runId, 2).contains("step 5 loss") &&
                                     rankLog(m_cluster, 1, runId, 3).contains("step 5 loss") &&
                                     rankLog(m_cluster, 0, runId, 1).contains("step 4 loss"),
                                 120000);
        // Silent for --hang-after: polled, not slept for a fixed time.
        QJsonObject diagnosis;
        QDeadlineTimer deadline(90000);
        CliRun result;
        do {
            result = diagnose(path, {u"--hang-after"_s, u"3"_s, u"--no-archive"_s});
            diagnosis = QJsonDocument::fromJson(result.out).object();
            if (diagnosis[u"state"_s].toString() == u"hung"_s)
                break;
            QThread::msleep(500);
        } while (!deadline.hasExpired());
        // While it hangs, `status --json` has each server's newest sample of the ranks'
        // processes (ps, docs/observe.md), and `top` draws a line per server.
        // diagnose's polls took samples too (not kept) and a server samples once in 5 s: the
        // next status after that has one.
        CliRun status;
        QJsonObject statusJson;
        QJsonArray sampled;
        QDeadlineTimer statusDeadline(30000);
        do {
            status = runCli(QStringList{u"status"_s, path, u"--json"_s} + fleet());
            statusJson = QJsonDocument::fromJson(status.out).object();
            sampled = statusJson[u"devices"_s].toArray();
        } while (sampled.size() < kServers && !statusDeadline.hasExpired() &&
                 (QThread::msleep(1000), true));
        QProcess top;
        top.start(cliPath(), QStringList{u"top"_s, path, u"--interval"_s, u"1"_s} + fleet());
        // The cpu "devices" are every process of the run there (train.sh, the launcher, ranks).
        static const QRegularExpression serverLines(
            u"server0  ranks 0-1  \\d+ processes[^\\n]*\\n  server1  ranks 2-3  \\d+ processes"_s);
        QByteArray frames;
        QDeadlineTimer topDeadline(60000);
        while (!topDeadline.hasExpired() &&
               !serverLines.match(QString::fromUtf8(frames)).hasMatch()) {
            top.waitForReadyRead(1000);
            frames += top.readAllStandardOutput();
        }
        top.kill();
        top.waitForFinished();
        const CliRun stopped = runCli(QStringList{u"stop"_s, path, u"--run"_s, runId} + fleet());
        QVERIFY2(status.exitCode == 0, status.describe());
        QVERIFY2(statusJson[u"verdicts"_s].isArray(), status.out.constData());
        QCOMPARE(sampled.size(), kServers);
        for (int i = 0; i < kServers; ++i) {
            QCOMPARE(sampled[i][u"server"_s].toString(), u"server%1"_s.arg(i));
            QCOMPARE(sampled[i][u"tool"_s].toString(), u"cpu"_s);
            QVERIFY2(sampled[i][u"devices"_s].toArray().size() >= kDevices, status.out.constData());
        }
        QVERIFY2(serverLines.match(QString::fromUtf8(frames)).hasMatch(), frames.constData());
        QVERIFY2(frames.startsWith("run " + runId.toUtf8() + ": running"), frames.constData());
        QCOMPARE(diagnosis[u"state"_s].toString(), u"hung"_s);
        QVERIFY2(result.exitCode == 1, result.describe());
        const QJsonArray behind = diagnosis[u"behind"_s].toArray();
        QVERIFY2(behind.size() == 1, result.out.constData());
        QCOMPARE(behind[0][u"server"_s].toString(), u"server0"_s);
        QCOMPARE(behind[0][u"rank"_s].toInt(), 1);
        QCOMPARE(behind[0][u"last_step"_s].toInt(), 4);
        QVERIFY(behind[0][u"silent_s"_s].toDouble() >= 3);
        QVERIFY(diagnosis[u"first"_s].isNull());
        QVERIFY2(stopped.exitCode == 0, stopped.describe());
        // Nothing of the job is left, looked up in each server's own process table.
        for (int i = 0; i < kServers; ++i) {
            QByteArray processes;
            m_cluster.exec(i, {u"ps"_s, u"-eo"_s, u"args="_s}, &processes);
            QVERIFY2(!processes.contains("diagnose_job.py"), processes.constData());
        }
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestDiagnose)
#include "tst_diagnose.moc"
