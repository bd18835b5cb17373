// SPDX-License-Identifier: GPL-3.0-or-later
// RemoteLogFollower on in-memory servers (tests/support/FakeRemote.h). Each
// test scripts what the remote tail program prints for the exact command the follower must send
// (built with remoteTailCommand() at the offsets it must resume from): lines arrive once and in
// order across a dropped connection, a silent stream is taken as lost, stop() drains to the end,
// refused host keys and logins end the follow at once. The same follower against real sshd and a
// real link drop is tests/cluster/tst_logFollow.cpp.
#include "FakeProjects.h"
#include "FakeRemote.h"

#include "launch/RemoteCommands.h"
#include "logs/RemoteLogFollower.h"
#include "logs/RunLogSources.h"
#include "shell/ShellQuote.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(cw::SshError::Kind)

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");

QByteArray numberedLines(const char *tag, int from, int to)
{
    QByteArray text;
    for (int n = from; n < to; ++n)
        text += QByteArray(tag) + ' ' + QByteArray::number(n) + " pad\n";
    return text;
}

// The tail program's data frame: bytes of file `file` starting at `offset`.
QByteArray dataFrame(int file, qint64 offset, const QByteArray &bytes)
{
    return "D " + QByteArray::number(file) + ' ' + QByteArray::number(offset) + ' ' +
           QByteArray::number(bytes.size()) + '\n' + bytes;
}

QList<LogSource> at(QList<LogSource> sources, const QList<qint64> &offsets)
{
    for (qsizetype i = 0; i < sources.size(); ++i)
        sources[i].offset = offsets[i];
    return sources;
}

// Heartbeats until the follower ends the stream (stop, cancel, or a dropped connection).
FakeAnswer heartbeatUntilEnd(FakeCall &call)
{
    while (!call.waitForEnd(100))
        call.write("H\n");
    return FakeAnswer{};
}

struct Collected {
    QMutex mutex;
    QHash<int, QList<LogRecord>> byRank;
    QStringList events;
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

bool waitFor(const std::function<bool()> &condition, int timeoutMs = 5000)
{
    QElapsedTimer timer;
    timer.start();
    while (!condition()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QThread::msleep(5);
    }
    return true;
}

// Every number 0..count-1 exactly once, in order, each at the offset where its line starts.
void verifyExactlyOnce(const QList<LogRecord> &records, const QString &tag, int count)
{
    QCOMPARE(records.size(), count);
    qint64 offset = 0;
    for (int n = 0; n < count; ++n) {
        QCOMPARE(records[n].line, u"%1 %2 pad"_s.arg(tag).arg(n));
        QCOMPARE(records[n].offset, offset);
        offset += records[n].line.toUtf8().size() + 1;
    }
}

} // namespace

class TestFakeLogFollow : public QObject {
    Q_OBJECT

    std::shared_ptr<FakeFleet> m_fleet;
    const QList<LogSource> m_sources{{0, u"/logs/rank0.log"_s, 0}, {1, u"/logs/rank1.log"_s, 0}};

    RemoteLogFollowerOptions options() const
    {
        RemoteLogFollowerOptions options;
        options.server = u"server0"_s;
        options.target.host = u"10.3.0.1"_s;
        options.target.port = 22;
        options.connector = m_fleet;
        options.python = kPython;
        options.idleTimeoutMs = 2000;
        options.backoffMinMs = 10;
        options.backoffMaxMs = 40;
        options.giveUpMs = 5000;
        return options;
    }

    FakeServer &server() const { return m_fleet->server(u"server0"_s); }

private Q_SLOTS:
    void init()
    {
        m_fleet = std::make_shared<FakeFleet>();
        m_fleet->add(u"server0"_s, u"10.3.0.1"_s);
    }

    void linesArriveOnceAcrossADropAndStopDrains()
    {
        const QByteArray a = numberedLines("a", 0, 100);
        const QByteArray b = numberedLines("b", 0, 100);
        const qint64 cutA = a.indexOf("a 40 ") + 3; // inside line 40
        const qint64 cutB = b.indexOf("b 25 ") + 2;
        const qint64 resumeA = a.indexOf("a 40 ");
        const qint64 resumeB = b.indexOf("b 25 ");
        const QByteArray moreA = numberedLines("a", 100, 120); // written after the stop
        // The first stream: half of each file in several frames, then the link goes.
        server().on(FakeMatch::exact(remoteTailCommand(kPython, m_sources, TailMode::Follow)),
                    [&](FakeCall &call) {
                        call.write(dataFrame(0, 0, a.left(10)));
                        call.write(dataFrame(0, 10, a.mid(10, cutA - 10)) + "H\n");
                        call.write(dataFrame(1, 0, b.left(cutB)));
                        call.dropConnection();
                        return FakeAnswer{};
                    });
        // The follower must come back at the start of each cut line.
        server().on(FakeMatch::exact(remoteTailCommand(kPython, at(m_sources, {resumeA, resumeB}),
                                                       TailMode::Follow)),
                    [&](FakeCall &call) {
                        call.write(dataFrame(0, resumeA, a.mid(resumeA)));
                        call.write(dataFrame(1, resumeB, b.mid(resumeB)));
                        return heartbeatUntilEnd(call);
                    });
        server().on(FakeMatch::exact(remoteTailCommand(kPython, at(m_sources, {a.size(), b.size()}),
                                                       TailMode::Drain)),
                    [&](FakeCall &call) {
                        call.write(dataFrame(0, a.size(), moreA) + "E\n");
                        return FakeAnswer{};
                    });

        Collected got;
        RemoteLogFollower follower(
            options(), m_sources, [&](const LogRecord &record) { got.add(record); },
            [&](const QString &message) {
                QMutexLocker lock(&got.mutex);
                got.events << message;
            });
        follower.start();
        QVERIFY2(waitFor([&] { return got.count(0) == 100 && got.count(1) == 100; }),
                 qPrintable(u"not scripted: "_s + server().unanswered().join(u"\n"_s).left(300)));
        follower.stop();
        const SshError result = follower.wait();
        QVERIFY2(!result.isError(),
                 qPrintable(result.message + u" / "_s + server().unanswered().join(u" / "_s)));
        QVERIFY(server().unanswered().isEmpty());
        QCOMPARE(server().commands().size(), 3);
        QCOMPARE(server().logins(), 2); // the drain ran on the second connection
        QCOMPARE(follower.reconnects(), 1);
        QVERIFY2(got.events.join(u'\n').contains(u"server0: log stream interrupted"_s),
                 qPrintable(got.events.join(u'\n')));
        verifyExactlyOnce(got.byRank.value(0), u"a"_s, 120);
        verifyExactlyOnce(got.byRank.value(1), u"b"_s, 100);
        QCOMPARE(got.byRank.value(1).front().server, u"server0"_s);
        const QList<LogSource> positions = follower.positions();
        QCOMPARE(positions[0].offset, a.size() + moreA.size());
        QCOMPARE(positions[1].offset, b.size());
    }

    void aSilentStreamIsTakenAsLost()
    {
        const QByteArray a = numberedLines("a", 0, 5);
        RemoteLogFollowerOptions silent = options();
        silent.idleTimeoutMs = 150;
        const QList<LogSource> one{m_sources.front()};
        server().on(FakeMatch::exact(remoteTailCommand(kPython, one, TailMode::Follow)),
                    [&](FakeCall &call) {
                        call.write(dataFrame(0, 0, a));
                        call.waitForEnd(); // no heartbeat: the follower's silence limit ends it
                        return FakeAnswer{};
                    });
        server().on(
            FakeMatch::exact(remoteTailCommand(kPython, at(one, {a.size()}), TailMode::Follow)),
            heartbeatUntilEnd);
        server().on(
            FakeMatch::exact(remoteTailCommand(kPython, at(one, {a.size()}), TailMode::Drain)),
            FakeAnswer{"E\n", {}, 0});
        Collected got;
        RemoteLogFollower follower(silent, one, [&](const LogRecord &record) { got.add(record); });
        follower.start();
        QVERIFY(waitFor([&] { return follower.reconnects() == 1 && server().logins() == 2; }));
        follower.stop();
        const SshError result = follower.wait();
        QVERIFY2(!result.isError(), qPrintable(result.message));
        verifyExactlyOnce(got.byRank.value(0), u"a"_s, 5);
    }

    void anUnreachableServerIsTriedAgain()
    {
        server().refuseConnections(SshError::Kind::Unreachable, 2);
        const QList<LogSource> one{m_sources.front()};
        const QByteArray a = numberedLines("a", 0, 3);
        server().on(FakeMatch::exact(remoteTailCommand(kPython, one, TailMode::Follow)),
                    [&](FakeCall &call) {
                        call.write(dataFrame(0, 0, a));
                        return heartbeatUntilEnd(call);
                    });
        server().on(
            FakeMatch::exact(remoteTailCommand(kPython, at(one, {a.size()}), TailMode::Drain)),
            FakeAnswer{"E\n", {}, 0});
        Collected got;
        RemoteLogFollower follower(
            options(), one, [&](const LogRecord &record) { got.add(record); },
            [&](const QString &message) {
                QMutexLocker lock(&got.mutex);
                got.events << message;
            });
        follower.start();
        QVERIFY(waitFor([&] { return got.count(0) == 3; }));
        follower.stop();
        QVERIFY(!follower.wait().isError());
        QCOMPARE(server().connectAttempts(), 3);
        QCOMPARE(got.events.size(), 2);
        QVERIFY2(got.events.front().contains(u"trying again in 10 ms"_s),
                 qPrintable(got.events.front()));
    }

    // No file to follow (`status`): the poll runs by itself under sh every interval, its stdout
    // the report, and no tail program (no interpreter) starts; a command asked for in between
    // runs on the same connection, then the polls go on. One login for all of it.
    void withoutFilesThePollRunsWithoutTheTailProgram()
    {
        const QString poll = u"echo \"pgid 42\"\necho alive 1"_s;
        std::atomic<int> polls = 0;
        server().on(FakeMatch::exact(shellScriptCommand(poll)), [&](FakeCall &) {
            const int n = ++polls;
            return FakeAnswer{"pgid 42\nalive " + QByteArray::number(n) + '\n', "noise\n", 0};
        });
        server().on(FakeMatch::exact(u"kill -TERM -42"_s), FakeAnswer{"sent\n", {}, 0});
        RemoteLogFollowerOptions polling = options();
        polling.status = {poll, 20};
        QMutex mutex;
        QList<QByteArray> reports;
        RemoteLogFollower follower(polling, {}, [](const LogRecord &) {});
        follower.setReportSink([&](const QByteArray &report) {
            QMutexLocker lock(&mutex);
            reports << report;
        });
        follower.start();
        QVERIFY(waitFor([&] { return polls.load() >= 2; }));
        std::future<ExecResult> kill = follower.execOnConnection(u"kill -TERM -42"_s, 2000);
        QCOMPARE(kill.get().out, QByteArray("sent\n"));
        const int before = polls.load();
        QVERIFY(waitFor([&] { return polls.load() >= before + 2; }));
        follower.cancel();
        follower.wait();

        QCOMPARE(server().logins(), 1);
        QVERIFY2(server().unanswered().isEmpty(), qPrintable(server().unanswered().join(u'\n')));
        for (const QString &command : server().commands())
            QVERIFY2(!command.contains(kPython), qPrintable(command));
        QMutexLocker lock(&mutex);
        QVERIFY(reports.size() >= 4);
        QCOMPARE(reports.front(), QByteArray("pgid 42\nalive 1\n")); // stdout alone
    }

    // A poll that hangs gives no report that round; the polls go on on the same connection.
    void aHungPollIsSkippedAndThePollsGoOn()
    {
        const QString poll = u"echo alive 1"_s;
        std::atomic<int> polls = 0;
        server().on(FakeMatch::exact(shellScriptCommand(poll)), [&](FakeCall &call) {
            if (++polls == 1) {
                call.waitForEnd(); // until the follower's limit for one poll
                return FakeAnswer{};
            }
            return FakeAnswer{"alive 1\n", {}, 0};
        });
        RemoteLogFollowerOptions polling = options();
        polling.status = {poll, 20};
        polling.pollTimeoutMs = 200;
        std::atomic<int> reports = 0;
        std::atomic<int> wrong =
            0; // reports other than the poll's output (on the follower's thread)
        RemoteLogFollower follower(polling, {}, [](const LogRecord &) {});
        follower.setReportSink(
            [&](const QByteArray &report) { ++(report == "alive 1\n" ? reports : wrong); });
        follower.start();
        QVERIFY(waitFor([&] { return reports.load() >= 2; }));
        follower.cancel();
        follower.wait();
        QCOMPARE(wrong.load(), 0);
        QCOMPARE(server().logins(), 1);
        QCOMPARE(follower.reconnects(), 0);
    }

    void aRefusedLoginEndsItAtOnce_data()
    {
        QTest::addColumn<SshError::Kind>("refusal");
        QTest::newRow("host key changed") << SshError::Kind::HostKeyChanged;
        QTest::newRow("host key unknown") << SshError::Kind::HostKeyUnknown;
        QTest::newRow("login refused") << SshError::Kind::AuthFailed;
    }

    void aRefusedLoginEndsItAtOnce()
    {
        QFETCH(SshError::Kind, refusal);
        server().refuseConnections(refusal);
        Collected got;
        RemoteLogFollower follower(options(), m_sources,
                                   [&](const LogRecord &record) { got.add(record); });
        QElapsedTimer timer;
        timer.start();
        const SshError result = follower.run();
        QVERIFY(timer.elapsed() < 1000);
        QCOMPARE(result.kind, refusal);
        QVERIFY2(result.message.startsWith(u"server0: "_s), qPrintable(result.message));
        QCOMPARE(server().connectAttempts(), 1);
        QVERIFY(server().commands().isEmpty());
    }

    // One follower per server of a run, each on its own connection, ended together.
};

QTEST_GUILESS_MAIN(TestFakeLogFollow)
#include "tst_fakeLogFollow.moc"
