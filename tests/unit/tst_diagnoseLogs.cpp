// SPDX-License-Identifier: GPL-3.0-or-later
// diagnoseLogFolder: a run read from a folder of its logs as train.sh writes them (the servers'
// folders, exit records, launch.log, attempts, the stop marker), an unpacked diagnosis archive
// read back alike, and folders that hold no run (not a folder, links, empty) refused with the
// folder named.
#include "diagnose/DiagnoseLogs.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr double kExit = 1770317066; // 2026-02-05 18:44:26 UTC

bool write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

Project twoServers()
{
    Project project;
    for (const char *name : {"server0", "server1"}) {
        Server server;
        server.name = QString::fromLatin1(name);
        server.devices = {0, 1};
        project.servers.push_back(server);
    }
    return project;
}

const QByteArray kRaise = "step 3 loss = 0.3\nTraceback (most recent call last):\n"
                          "  File \"job.py\", line 44, in main\n"
                          "RuntimeError: deliberate failure after step 3\n";
const QByteArray kPeerGone = "step 4 loss = 0.2\nTraceback (most recent call last):\n"
                             "  File \"job.py\", line 40, in main\n"
                             "RuntimeError: [pair.cc:598] Connection closed by peer [10.0.0.2]:1\n";

} // namespace

class TestDiagnoseLogs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // server1's rank 3 raised; server0's rank 0 saw the connection close; the others were
    // stopped (train.sh on server1, the client's gang stop on server0).
    QString writeRun(const QString &name)
    {
        const QString run = m_dir.filePath(name);
        write(run + u"/server0/rank0.log"_s, kPeerGone);
        write(run + u"/server0/rank0.exit"_s, "1 " + QByteArray::number(kExit + 0.5, 'f', 3));
        write(run + u"/server0/rank1.log"_s, "step 4\n");
        write(run + u"/server0/rank1.exit"_s, "143 " + QByteArray::number(kExit + 0.6, 'f', 3));
        write(run + u"/server0/launch.log"_s,
              "clusterwiz: train.sh on server0: got SIGTERM, stopping\n");
        write(run + u"/server1/rank2.log"_s, "step 4\n");
        write(run + u"/server1/rank2.exit"_s, "143 " + QByteArray::number(kExit + 0.2, 'f', 3));
        write(run + u"/server1/rank3.log"_s, kRaise);
        write(run + u"/server1/rank3.exit"_s, "1 " + QByteArray::number(kExit, 'f', 3));
        write(run + u"/server1/launch.log"_s,
              "clusterwiz: train.sh on server1: rank 3 (device 1) failed with exit code 1\n"
              "clusterwiz: train.sh on server1: stopping the others\n");
        return run;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void aRunFolderAsTrainShWritesIt()
    {
        const QString run = writeRun(u"20260205-184400-abcdef"_s);
        QCOMPARE(runIdOfLogFolder(run), u"20260205-184400-abcdef"_s);
        const LogFolderDiagnosis result =
            diagnoseLogFolder(twoServers(), run, std::nullopt, runIdOfLogFolder(run));
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        const Diagnosis &diagnosis = result.diagnosis;
        QCOMPARE(diagnosisStateName(diagnosis.state), u"failed"_s);
        QCOMPARE(diagnosis.first->server, u"server1"_s);
        QCOMPARE(diagnosis.first->rank, 3);
        QCOMPARE(diagnosis.first->exitCode, 1);
        QCOMPARE(diagnosis.first->time, kExit);         // the exit record's time
        QCOMPARE(diagnosis.timeline.size(), size_t(2)); // the stopped ranks are victims
        QCOMPARE(diagnosis.timeline[1].failureClass, FailureClass::ConnectionLost);
        QVERIFY(diagnosis.clockOffsetsMs.empty());
        QVERIFY(diagnosis.notes.join(u' ').contains(u"clock offsets unknown"_s));
        QVERIFY(diagnosisText(diagnosis).contains(u"offsets unknown in a folder of logs"_s));
        QCOMPARE(diagnosisToJson(diagnosis)["run"].get<std::string>(),
                 std::string("20260205-184400-abcdef"));
    }

    void anUnpackedArchiveReadsAlike()
    {
        const QString run = writeRun(u"run-a"_s);
        const LogFolderDiagnosis original =
            diagnoseLogFolder(twoServers(), run, std::nullopt, u"run-a"_s);
        const QString archive = m_dir.filePath(u"run-a.diagnosis.tar.gz"_s);
        QCOMPARE(writeDiagnosisArchive(archive, original.diagnosis, original.servers), QString());
        const QString unpacked = m_dir.filePath(u"unpacked"_s);
        QDir().mkpath(unpacked);
        QCOMPARE(QProcess::execute(u"tar"_s, {u"-xzf"_s, archive, u"-C"_s, unpacked}), 0);
        const QString top = unpacked + u"/run-a.diagnosis"_s;
        QVERIFY(QFile::exists(top + u"/logs/server1/rank3.exit"_s));
        QVERIFY(QFile::exists(top + u"/logs/server1/launch.log"_s));
        QCOMPARE(runIdOfLogFolder(top), u"run-a"_s);
        for (const QString &dir : {top, top + u"/logs"_s}) {
            const LogFolderDiagnosis again =
                diagnoseLogFolder(twoServers(), dir, std::nullopt, u"run-a"_s);
            QVERIFY2(again.error.isEmpty(), qPrintable(again.error));
            QCOMPARE(again.diagnosis.first->rank, 3);
            QCOMPARE(again.diagnosis.first->time, kExit);
            QCOMPARE(again.diagnosis.timeline.size(), original.diagnosis.timeline.size());
        }
    }

    void stoppedRunningAndAttempts()
    {
        // Every train.sh got a stop signal, no rank failed by itself: a run stopped from outside.
        const QString stopped = m_dir.filePath(u"stopped-run"_s);
        for (const char *server : {"server0", "server1"}) {
            const QString folder = stopped + u'/' + QString::fromLatin1(server);
            write(folder + u"/rank0.log"_s, "step 9\n");
            write(folder + u"/rank0.exit"_s, "143 1770317066.0");
            write(folder + u"/launch.log"_s, "clusterwiz: train.sh on x: got SIGTERM, stopping\n");
        }
        QCOMPARE(diagnoseLogFolder(twoServers(), stopped, std::nullopt, u"s"_s).diagnosis.state,
                 DiagnosisState::Stopped);
        // No exit and no error anywhere: copied while it ran (or hung).
        const QString running = m_dir.filePath(u"running-run"_s);
        write(running + u"/server0/rank0.log"_s, "step 9\n");
        const Diagnosis live =
            diagnoseLogFolder(twoServers(), running, std::nullopt, u"r"_s).diagnosis;
        QCOMPARE(live.state, DiagnosisState::Running);
        QVERIFY(live.notes.join(u' ').contains(u"server1"_s)); // no logs for it
        // A restarting run: the last attempt.
        const QString attempts = m_dir.filePath(u"attempts-run"_s);
        write(attempts + u"/server0/attempt-1/rank0.log"_s, kRaise);
        write(attempts + u"/server0/attempt-1/rank0.exit"_s, "1 1770317000");
        write(attempts + u"/server0/attempt-2/rank0.log"_s, "step 1\nKilled\n");
        write(attempts + u"/server0/attempt-2/rank0.exit"_s, "137 1770317600");
        const Diagnosis last =
            diagnoseLogFolder(twoServers(), attempts, std::nullopt, u"a"_s).diagnosis;
        QCOMPARE(last.first->failureClass, FailureClass::KilledOrOom);
        QVERIFY(last.notes.join(u' ').contains(u"attempt 1 is also in the folder"_s));
    }

    void foldersWithoutARunAreRefused()
    {
        QVERIFY(diagnoseLogFolder(twoServers(), m_dir.filePath(u"absent"_s), std::nullopt, u"x"_s)
                    .error.contains(u"not a folder"_s));
        const QString empty = m_dir.filePath(u"empty"_s);
        QDir().mkpath(empty + u"/server0"_s);
        QVERIFY(diagnoseLogFolder(twoServers(), empty, std::nullopt, u"x"_s)
                    .error.contains(u"holds no run's logs"_s));
        // A link inside the folder is not followed: a server folder or a rank log behind one
        // is not read.
        const QString linked = m_dir.filePath(u"linked"_s);
        const QString elsewhere = writeRun(u"elsewhere"_s);
        QDir().mkpath(linked);
        QVERIFY(QFile::link(elsewhere + u"/server1"_s, linked + u"/server1"_s));
        QDir().mkpath(linked + u"/server0"_s);
        QVERIFY(QFile::link(elsewhere + u"/server1/rank3.log"_s, linked + u"/server0/rank0.log"_s));
        QVERIFY(diagnoseLogFolder(twoServers(), linked, std::nullopt, u"x"_s)
                    .error.contains(u"holds no run's logs"_s));
        QVERIFY(runIdOfLogFolder(m_dir.filePath(u"no run id!"_s)).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDiagnoseLogs)
#include "tst_diagnoseLogs.moc"
