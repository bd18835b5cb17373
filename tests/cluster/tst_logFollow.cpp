// SPDX-License-Identifier: GPL-3.0-or-later
// RemoteLogFollower and fetchLog against a real sshd (tests/cluster/cluster.sh), each test on a
// cluster of its own: numbered lines written on the server arrive exactly once and in order
// through a 3 s link drop, a rank file that appears late is picked up, commands run on the
// follower's own connection in the middle of it (one login for everything), stop() drains to
// the end.
#include "TestCluster.h"

#include "logs/RemoteLogFollower.h"
#include "ssh/SshSession.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QProcess>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// Writes "<tag> <n> <padding>" lines, n = 0..count-1, to each file in turn, every line in two
// writes (a reader sees half lines), `perSecond` lines per file, then creates DONE.
QString writerScript(const QStringList &files, const QStringList &tags, int count, int perSecond)
{
    QString py = uR"PY(import os, sys, time
files, tags = sys.argv[1].split(","), sys.argv[2].split(",")
count, rate = int(sys.argv[3]), int(sys.argv[4])
fds = [os.open(f, os.O_WRONLY | os.O_CREAT | os.O_APPEND) for f in files]
start = time.time()
for n in range(count):
    for fd, tag in zip(fds, tags):
        os.write(fd, b"%s %d " % (tag.encode(), n))
        os.write(fd, b"pad\n")
    ahead = start + (n + 1) / rate - time.time()
    if ahead > 0:
        time.sleep(ahead)
open(sys.argv[5], "w").close()
)PY"_s;
    return u"mkdir -p /root/logs && setsid /usr/bin/python3 -c '%1' %2 %3 %4 %5 /root/logs/DONE "
           "</dev/null >/root/logs/writer.out 2>&1 &"_s.arg(
               py.replace(u"'"_s, u"'\\''"_s), files.join(u','), tags.join(u','),
               QString::number(count), QString::number(perSecond));
}

struct Collected {
    QMutex mutex;
    QHash<int, QList<LogRecord>> byRank;
    void add(const LogRecord &record)
    {
        QMutexLocker lock(&mutex);
        byRank[record.rank].append(record);
    }
    qsizetype count(int rank)
    {
        QMutexLocker lock(&mutex);
        return byRank.value(rank).size();
    }
};

// Every number 0..count-1 exactly once, in order, with offsets that add up.
void verifyExactlyOnce(const QList<LogRecord> &records, const QString &tag, int count)
{
    QCOMPARE(records.size(), count);
    qint64 offset = 0;
    for (int n = 0; n < count; ++n) {
        const LogRecord &record = records[n];
        const QString expected = u"%1 %2 pad"_s.arg(tag).arg(n);
        if (record.line != expected || record.offset != offset)
            QFAIL(qPrintable(u"line %1: \"%2\" at %3, expected \"%4\" at %5"_s.arg(n).arg(
                record.line, QString::number(record.offset), expected, QString::number(offset))));
        offset += record.line.toUtf8().size() + 1;
    }
}

} // namespace

class TestLogFollow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_tests = 0;

    RemoteLogFollowerOptions optionsFor(const TestCluster &cluster, AcceptNewHostKeys *accept)
    {
        RemoteLogFollowerOptions options;
        options.server = u"server0"_s;
        options.target.host = cluster.ip(0);
        options.target.port = 22;
        options.target.user = u"root"_s;
        options.target.identityFile = cluster.clientKey();
        // Each test's cluster may reuse an earlier one's addresses with new host keys.
        options.target.knownHostsFile = m_dir.filePath(u"known_hosts-%1"_s.arg(++m_tests));
        options.target.connectTimeoutMs = 2000;
        options.target.parseSshConfig = false;
        options.hostKeyPolicy = accept;
        options.python = u"/usr/bin/python3"_s;
        options.idleTimeoutMs = 2500;
        options.backoffMinMs = 100;
        options.backoffMaxMs = 800;
        options.giveUpMs = 30000;
        return options;
    }

    static bool waitFor(const std::function<bool()> &condition, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (!condition()) {
            if (timer.elapsed() > timeoutMs)
                return false;
            QThread::msleep(50);
        }
        return true;
    }

    static bool doneWriting(const TestCluster &cluster)
    {
        return cluster.sh(0, u"test -e /root/logs/DONE"_s) == 0;
    }

private Q_SLOTS:
    void linkDropLosesAndRepeatsNothing()
    {
        TestCluster cluster;
        QString error;
        QVERIFY2(cluster.up(1, &error), qPrintable(error));
        constexpr int count = 12000; // 1500 lines/s per file: about 8 s
        QCOMPARE(cluster.sh(0, writerScript({u"/root/logs/rank0.log"_s, u"/root/logs/rank1.log"_s},
                                            {u"a"_s, u"b"_s}, count, 1500)),
                 0);
        Collected got;
        QStringList events;
        QMutex eventsMutex;
        AcceptNewHostKeys accept;
        RemoteLogFollower follower(
            optionsFor(cluster, &accept),
            {{0, u"/root/logs/rank0.log"_s, 0}, {1, u"/root/logs/rank1.log"_s, 0}},
            [&](const LogRecord &record) { got.add(record); },
            [&](const QString &message) {
                QMutexLocker lock(&eventsMutex);
                events << message;
            });
        follower.start();
        QVERIFY(waitFor([&] { return got.count(0) > 1000 && got.count(1) > 1000; }, 20000));
        const QString ns = cluster.namespaceName(0);
        QCOMPARE(
            QProcess::execute(u"ip"_s, {u"-n"_s, ns, u"link"_s, u"set"_s, u"eth0"_s, u"down"_s}),
            0);
        QThread::msleep(3000);
        const qsizetype duringDrop = got.count(0);
        QCOMPARE(QProcess::execute(u"ip"_s, {u"-n"_s, ns, u"link"_s, u"set"_s, u"eth0"_s, u"up"_s}),
                 0);
        QVERIFY(duringDrop < count); // the drop happened while lines were still being written
        QVERIFY(waitFor([&] { return doneWriting(cluster); }, 60000));
        // Live again before the stop: the follower itself came back after the drop.
        QVERIFY(waitFor([&] { return got.count(0) == count && got.count(1) == count; }, 30000));
        QVERIFY2(follower.reconnects() >= 1, qPrintable(events.join(u'\n')));
        follower.stop();
        const SshError result = follower.wait();
        QVERIFY2(!result.isError(), qPrintable(result.message));
        verifyExactlyOnce(got.byRank.value(0), u"a"_s, count);
        verifyExactlyOnce(got.byRank.value(1), u"b"_s, count);
        QCOMPARE(got.byRank.value(1).front().server, u"server0"_s);
        QVERIFY(got.byRank.value(1).front().timeMs > 0);
        const QList<LogSource> positions = follower.positions();
        QCOMPARE(positions[0].offset,
                 got.byRank.value(0).back().offset + got.byRank.value(0).back().line.size() + 1);
    }

    void lateFileIsPickedUpAndStopDrains()
    {
        // The server gets its own process table, so the pgrep below sees this server's reader
        // only, not another test's running beside this one.
        TestCluster cluster;
        QString error;
        QVERIFY2(cluster.up(1, &error, true), qPrintable(error));
        Collected got;
        AcceptNewHostKeys accept;
        RemoteLogFollower follower(
            optionsFor(cluster, &accept),
            {{0, u"/root/logs/rank0.log"_s, 0}, {5, u"/root/logs/late dir/rank5.log"_s, 0}},
            [&](const LogRecord &record) { got.add(record); });
        follower.start();
        QThread::msleep(1500); // following files that do not exist yet (not even their folder)
        QCOMPARE(got.count(0), 0);
        QCOMPARE(cluster.sh(0, u"mkdir -p '/root/logs/late dir' && printf 'x 0 pad\\n' "
                               ">'/root/logs/late dir/rank5.log'"_s),
                 0);
        QVERIFY(waitFor([&] { return got.count(5) == 1; }, 10000));
        // A command on the follower's connection: the stream makes way and comes back.
        const ExecResult hostname = follower.execOnConnection(u"hostname"_s, 10000).get();
        QVERIFY2(hostname.ok(), qPrintable(hostname.error.message));
        QCOMPARE(hostname.out, QByteArray("server0\n"));
        QCOMPARE(cluster.sh(0, u"printf 'x 1 pad\\n' >>'/root/logs/late dir/rank5.log'"_s), 0);
        QVERIFY(waitFor([&] { return got.count(5) == 2; }, 10000));
        // A fast burst, then stop at once: the drain must deliver everything written.
        constexpr int count = 200000;
        QCOMPARE(
            cluster.sh(0, writerScript({u"/root/logs/rank0.log"_s}, {u"a"_s}, count, 10'000'000)),
            0);
        QVERIFY(waitFor([&] { return doneWriting(cluster); }, 60000));
        QCOMPARE(cluster.sh(0, u"pgrep -f 'drain [=] args' >/dev/null"_s), 0); // the live reader
        follower.stop();
        const SshError result = follower.wait();
        QVERIFY2(!result.isError(), qPrintable(result.message));
        verifyExactlyOnce(got.byRank.value(0), u"a"_s, count);
        verifyExactlyOnce(got.byRank.value(5), u"x"_s, 2);
        QCOMPARE(cluster.acceptedLogins(0), 1); // follow, command and drain: one connection
        // After the follow a command fails at once instead of waiting for a connection.
        QVERIFY(follower.execOnConnection(u"true"_s, 1000).get().error.isError());
        // The closed channel ends the remote reader too (its next heartbeat fails). Seconds on
        // an idle machine; the limit only bounds a real hang.
        QVERIFY(
            waitFor([&] { return cluster.sh(0, u"! pgrep -f 'drain [=] args'"_s) == 0; }, 60000));
    }

    void fetchWholeLogAndErrors()
    {
        TestCluster cluster;
        QString error;
        QVERIFY2(cluster.up(1, &error), qPrintable(error));
        QCOMPARE(cluster.sh(0, u"mkdir -p /root/logs && seq 1 100000 > \"/root/logs/it's.log\""_s),
                 0);
        AcceptNewHostKeys accept;
        const RemoteLogFollowerOptions options = optionsFor(cluster, &accept);
        const SshTarget &target = options.target;
        SshSession session;
        const SshError connected = session.connect(target, &accept);
        QVERIFY2(!connected.isError(), qPrintable(connected.message));
        QByteArray all;
        QVERIFY(!fetchLog(session, u"/root/logs/it's.log"_s, [&](QByteArrayView chunk) {
                     all.append(chunk);
                 }).isError());
        QByteArray expected;
        for (int i = 1; i <= 100000; ++i)
            expected += QByteArray::number(i) + '\n';
        QCOMPARE(all, expected);
        const SshError missing = fetchLog(session, u"/root/logs/none.log"_s, [](QByteArrayView) {});
        QCOMPARE(missing.kind, SshError::Kind::Protocol);
        QVERIFY(missing.message.contains(u"/root/logs/none.log"_s));

        // No interpreter on the server: a clear error at once, not endless reconnects.
        RemoteLogFollowerOptions broken = options;
        broken.python = u"/nonexistent/python3"_s;
        RemoteLogFollower follower(broken, {{0, u"/root/logs/it's.log"_s, 0}},
                                   [](const LogRecord &) {});
        QElapsedTimer timer;
        timer.start();
        const SshError result = follower.run();
        QCOMPARE(result.kind, SshError::Kind::Protocol);
        QVERIFY2(result.message.contains(u"/nonexistent/python3"_s), qPrintable(result.message));
        QVERIFY(timer.elapsed() < 10000);
    }
};

QTEST_GUILESS_MAIN(TestLogFollow)
#include "tst_logFollow.moc"
