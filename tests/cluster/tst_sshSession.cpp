// SPDX-License-Identifier: GPL-3.0-or-later
// SshSession against real OpenSSH servers (tests/cluster/cluster.sh): exec, exit status, output
// and stdin, timeouts and cancel, dead servers and dead links, SFTP upload, streaming.
// Host-key trust and the ways to log in: tst_sshTrust.cpp.
#include "SshTestSupport.h"
#include "TestCluster.h"

#include "ssh/SshSession.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTest>
#include <QThread>

#include <signal.h>
#include <thread>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace sshtest;

namespace {

QByteArray randomBytes(qsizetype size)
{
    QByteArray data(size, Qt::Uninitialized);
    QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(data.data()),
                                          size / qsizetype(sizeof(quint32)));
    return data;
}

// Ends every SSH connection to server `index` from the server's side (its per-connection sshd
// processes exit and close the TCP connection); the listener stays.
bool dropConnections(const TestCluster &cluster, int index)
{
    QProcess ip;
    ip.start(u"ip"_s, {u"netns"_s, u"pids"_s, cluster.namespaceName(index)});
    if (!ip.waitForFinished(10000))
        return false;
    int killed = 0;
    for (const QByteArray &pid : ip.readAllStandardOutput().split('\n')) {
        if (pid.trimmed().isEmpty())
            continue;
        if (readFile(u"/proc/%1/cmdline"_s.arg(QString::fromLatin1(pid.trimmed())))
                .startsWith("sshd: root"))
            killed += ::kill(pid.trimmed().toInt(), SIGTERM) == 0;
    }
    return killed > 0;
}

} // namespace

class TestSshSession : public QObject {
    Q_OBJECT

    TestCluster m_cluster; // two servers shared by the tests that change nothing on them
    QTemporaryDir m_dir;
    int m_files = 0;

    QString freshKnownHosts() { return m_dir.filePath(u"known_hosts-%1"_s.arg(++m_files)); }

    // A connected session to shared server `index`, its key accepted into a fresh known_hosts.
    void connectFresh(SshSession &session, int index)
    {
        AcceptNewHostKeys accept;
        const SshError error =
            session.connect(targetFor(m_cluster, index, freshKnownHosts()), &accept);
        QVERIFY2(!error.isError(), qPrintable(error.message));
    }

private Q_SLOTS:
    void initTestCase() { bringUp(m_cluster, 2); }

    void connectsWithKeyFileAndRunsHostname()
    {
        SshSession session;
        AcceptNewHostKeys accept;
        const SshError error = session.connect(targetFor(m_cluster, 0, freshKnownHosts()), &accept);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QVERIFY(session.isConnected());
        QCOMPARE(session.authMethod(), SshAuthMethod::IdentityFile);
        QCOMPARE(session.user(), u"root"_s);
        QCOMPARE(session.hostKey().type, u"ssh-ed25519"_s);
        QCOMPARE(session.hostKey().fingerprint, fingerprintOf(m_cluster.hostKeyPub(0)));
        QVERIFY(session.hostKey().recorded);
        const ExecResult result = session.exec(u"hostname"_s, 10000);
        QVERIFY2(result.ok(), qPrintable(result.error.message));
        QCOMPARE(result.out, QByteArray("server0\n"));
        QCOMPARE(result.exitStatus, 0);
        QVERIFY(result.err.isEmpty());
    }

    void exitStatus_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("signal");
        QTest::newRow("exit 3") << u"exit 3"_s << 3 << QString();
        QTest::newRow("true") << u"true"_s << 0 << QString();
        QTest::newRow("false") << u"false"_s << 1 << QString();
        QTest::newRow("exit 255") << u"exit 255"_s << 255 << QString();
        QTest::newRow("not found") << u"no-such-command-here"_s << 127 << QString();
        QTest::newRow("killed") << u"kill -KILL $$"_s << -1 << u"KILL"_s;
    }
    void exitStatus()
    {
        QFETCH(QString, command);
        QFETCH(int, status);
        QFETCH(QString, signal);
        SshSession session;
        connectFresh(session, 1);
        const ExecResult result = session.exec(command, 10000);
        QVERIFY2(!result.error.isError(), qPrintable(result.error.message));
        QCOMPARE(result.exitStatus, status);
        QCOMPARE(result.exitSignal, signal);
    }

    void stderrIsSeparate()
    {
        SshSession session;
        connectFresh(session, 0);
        const ExecResult result =
            session.exec(u"echo out1; echo err1 >&2; echo out2; echo err2 >&2; exit 4"_s, 10000);
        QCOMPARE(result.out, QByteArray("out1\nout2\n"));
        QCOMPARE(result.err, QByteArray("err1\nerr2\n"));
        QCOMPARE(result.exitStatus, 4);
        QCOMPARE(session.exec(u"echo a"_s + QChar(0) + u"; touch /root/nul"_s, 5000).error.kind,
                 SshError::Kind::InvalidTarget);
    }

    void largeOutputArrivesIntact()
    {
        SshSession session;
        connectFresh(session, 0);
        QElapsedTimer timer;
        timer.start();
        const ExecResult result = session.exec(
            u"head -c 5242880 /dev/urandom > /root/big.bin && cat /root/big.bin"_s, 30000);
        QVERIFY2(result.ok(), qPrintable(result.error.message + QString::fromUtf8(result.err)));
        QCOMPARE(result.out.size(), 5242880);
        // The server's /root is this folder bind-mounted: compare with the file itself.
        QVERIFY(result.out == readFile(m_cluster.serverDir(0) + u"/root/big.bin"_s));
        qInfo("5 MiB in %lld ms", timer.elapsed());
    }

    void stdinReachesTheCommand()
    {
        SshSession session;
        connectFresh(session, 0);
        // More than every window on the way: feeding and reading must interleave.
        const QByteArray input = randomBytes(3 * 1024 * 1024);
        const ExecResult result = session.exec(u"cat"_s, 30000, nullptr, input);
        QVERIFY2(result.ok(), qPrintable(result.error.message));
        QVERIFY(result.out == input);
        const ExecResult empty = session.exec(u"wc -c"_s, 10000);
        QCOMPARE(empty.out.trimmed(), QByteArray("0"));
    }

    void execTimeoutReturnsInTime()
    {
        SshSession session;
        connectFresh(session, 0);
        QElapsedTimer timer;
        timer.start();
        const ExecResult result = session.exec(u"sleep 31"_s, 1500);
        const qint64 elapsed = timer.elapsed();
        QVERIFY2(elapsed >= 1400 && elapsed < 3000, qPrintable(QString::number(elapsed)));
        QVERIFY(result.timedOut);
        QCOMPARE(result.error.kind, SshError::Kind::Timeout);
        QVERIFY(result.error.message.contains(m_cluster.ip(0)));
        QCOMPARE(result.exitStatus, -1);
        // The session is still usable.
        QCOMPARE(session.exec(u"echo alive"_s, 10000).out, QByteArray("alive\n"));
    }

    void cancelStopsARunningExec()
    {
        SshSession session;
        connectFresh(session, 0);
        std::atomic<bool> cancel{false};
        std::thread canceller([&] {
            QThread::msleep(300);
            cancel = true;
        });
        QElapsedTimer timer;
        timer.start();
        const ExecResult result = session.exec(u"sleep 32"_s, 0, &cancel);
        const qint64 elapsed = timer.elapsed();
        canceller.join();
        QVERIFY2(elapsed < 1500, qPrintable(QString::number(elapsed)));
        QVERIFY(result.cancelled);
        QCOMPARE(result.error.kind, SshError::Kind::Cancelled);
        QCOMPARE(session.exec(u"echo alive"_s, 10000).out, QByteArray("alive\n"));
    }

    void deadServerIsUnreachable()
    {
        TestCluster cluster;
        bringUp(cluster, 2);
        QVERIFY(cluster.killSshd(0));
        SshTarget target = targetFor(cluster, 0, freshKnownHosts());
        target.connectTimeoutMs = 3000;
        AcceptNewHostKeys accept;
        SshSession session;
        QElapsedTimer timer;
        timer.start();
        SshError error = session.connect(target, &accept);
        QCOMPARE(error.kind, SshError::Kind::Unreachable);
        QVERIFY2(error.message.contains(cluster.ip(0) + u":22"_s), qPrintable(error.message));
        QVERIFY(timer.elapsed() < 3500);

        // A link that is down answers nothing at all: the connect timeout ends the wait.
        const QString ns = cluster.namespaceName(1);
        QVERIFY(run(u"ip"_s, {u"-n"_s, ns, u"link"_s, u"set"_s, u"eth0"_s, u"down"_s}));
        target = targetFor(cluster, 1, freshKnownHosts());
        target.connectTimeoutMs = 2000;
        timer.restart();
        error = session.connect(target, &accept);
        QCOMPARE(error.kind, SshError::Kind::Unreachable);
        QVERIFY2(timer.elapsed() < 3500, qPrintable(QString::number(timer.elapsed())));
    }

    // A TCP path that dies under open sessions: exec and SFTP return by their time limits.
    void deadLinkCannotHangExecOrUpload()
    {
        TestCluster cluster;
        bringUp(cluster, 1);
        AcceptNewHostKeys accept;
        const QString knownHosts = freshKnownHosts();
        SshSession forExec, forUpload;
        for (SshSession *session : {&forExec, &forUpload}) {
            const SshError error = session->connect(targetFor(cluster, 0, knownHosts), &accept);
            QVERIFY2(!error.isError(), qPrintable(error.message));
        }
        const QString ns = cluster.namespaceName(0);
        QVERIFY(run(u"ip"_s, {u"-n"_s, ns, u"link"_s, u"set"_s, u"eth0"_s, u"down"_s}));
        QElapsedTimer timer;
        timer.start();
        const ExecResult result = forExec.exec(u"echo hi"_s, 1500);
        QCOMPARE(result.error.kind, SshError::Kind::Timeout);
        QVERIFY2(timer.elapsed() < 3500, qPrintable(QString::number(timer.elapsed())));
        timer.restart();
        const SshError upload =
            forUpload.upload(randomBytes(1024 * 1024), u"/root/f"_s, 0644, 2000);
        QVERIFY2(timer.elapsed() < 4000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(upload.kind, SshError::Kind::Timeout);
        QVERIFY2(upload.message.contains(cluster.ip(0)), qPrintable(upload.message));
        QVERIFY(!forUpload.isConnected());
        QVERIFY(run(u"ip"_s, {u"-n"_s, ns, u"link"_s, u"set"_s, u"eth0"_s, u"up"_s}));
    }

    void keepAliveNoticesALostConnection()
    {
        SshSession session;
        connectFresh(session, 1);
        QVERIFY(session.keepAlive());
        QVERIFY(dropConnections(m_cluster, 1));
        QTRY_VERIFY_WITH_TIMEOUT(!session.keepAlive(), 60000); // at once; bounds a hang
        QVERIFY(!session.isConnected());
        QCOMPARE(session.exec(u"true"_s, 5000).error.kind, SshError::Kind::Unreachable);
    }

    void uploadWritesExactBytesAndModeViaRename()
    {
        SshSession session;
        connectFresh(session, 0);
        QVERIFY(session.exec(u"rm -rf /root/up && mkdir /root/up"_s, 10000).ok());
        const QString localDir = m_cluster.serverDir(0) + u"/root/up"_s;
        const QString localFinal = localDir + u"/file.bin"_s;
        for (const auto &[data, mode, modeText] :
             {std::tuple{randomBytes(8 * 1024 * 1024), 0750, "750"},
              std::tuple{randomBytes(6 * 1024 * 1024 + 3), 0640, "640"}}) {
            const qint64 oldSize =
                QFileInfo(localFinal).exists() ? QFileInfo(localFinal).size() : -1;
            // Watches the folder while the upload runs: the final name only ever shows a whole
            // file, and the bytes pass through a temporary name beside it.
            std::atomic<bool> uploading{true};
            std::atomic<bool> partialSeen{false};
            std::atomic<bool> temporarySeen{false};
            std::thread watcher([&, expected = data.size()] {
                while (uploading) {
                    const QFileInfo final(localFinal);
                    if (final.exists() && final.size() != oldSize && final.size() != expected)
                        partialSeen = true;
                    if (!QDir(localDir)
                             .entryList({u".file.bin.cw-*"_s}, QDir::Hidden | QDir::Files)
                             .isEmpty())
                        temporarySeen = true;
                    std::this_thread::yield();
                }
            });
            const SshError error = session.upload(data, u"/root/up/file.bin"_s, mode, 30000);
            uploading = false;
            watcher.join();
            QVERIFY2(!error.isError(), qPrintable(error.message));
            QVERIFY(!partialSeen);
            QVERIFY(temporarySeen);
            QVERIFY(readFile(localFinal) == data);
            QByteArray stat;
            QCOMPARE(m_cluster.sh(0, u"stat -c %a /root/up/file.bin"_s, &stat), 0);
            QCOMPARE(stat.trimmed(), QByteArray(modeText));
            QCOMPARE(QDir(localDir).entryList(QDir::Hidden | QDir::Files),
                     QStringList{u"file.bin"_s});
        }
        QCOMPARE(session.upload("x", u"/root/no-such-folder/f"_s, 0644, 10000).kind,
                 SshError::Kind::Sftp);
        QCOMPARE(session.upload("x", u"/root/up/"_s, 0644, 10000).kind,
                 SshError::Kind::InvalidTarget);
        QCOMPARE(session.upload("x", u"/root/up/a\nb"_s, 0644, 10000).kind,
                 SshError::Kind::InvalidTarget);
        QVERIFY(session.isConnected());
    }

    void streamingDeliversChunksInOrder()
    {
        SshSession session;
        connectFresh(session, 0);
        QByteArray out, err;
        int chunks = 0;
        qint64 firstChunkMs = -1;
        QElapsedTimer timer;
        timer.start();
        const ExecResult result = session.execStreaming(
            u"for i in $(seq 1 40); do echo line$i; sleep 0.03; done; echo done >&2"_s,
            [&](QByteArrayView o, QByteArrayView e) {
                if (firstChunkMs < 0)
                    firstChunkMs = timer.elapsed();
                out += o.toByteArray();
                err += e.toByteArray();
                ++chunks;
            },
            5000);
        QVERIFY2(result.ok(), qPrintable(result.error.message));
        QByteArray expected;
        for (int i = 1; i <= 40; ++i)
            expected += "line" + QByteArray::number(i) + '\n';
        QCOMPARE(out, expected);
        QCOMPARE(err, QByteArray("done\n"));
        QVERIFY2(chunks > 5, qPrintable(QString::number(chunks)));
        QVERIFY(firstChunkMs >= 0 && firstChunkMs < timer.elapsed() / 2);
        QVERIFY(result.out.isEmpty());

        // Silence past the idle limit ends the call; what came before was delivered.
        out.clear();
        timer.restart();
        const ExecResult idle = session.execStreaming(
            u"echo first; sleep 33"_s,
            [&](QByteArrayView o, QByteArrayView) { out += o.toByteArray(); }, 800);
        QVERIFY(idle.timedOut);
        QCOMPARE(out, QByteArray("first\n"));
        QVERIFY2(timer.elapsed() < 2500, qPrintable(QString::number(timer.elapsed())));
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestSshSession)
#include "tst_sshSession.moc"
