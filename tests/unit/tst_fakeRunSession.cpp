// SPDX-License-Identifier: GPL-3.0-or-later
// A whole run session (core/session/RunSession.h) on three in-memory servers
// (tests/support/FakeRemote.h): each server plays the remote tail program's frames
// (FakeTailProgram.h) from rank logs and poll output the test sets, and answers the failed rank's
// tail and the stop command. The tests check the session's decisions: one login per server for
// a whole follow with every command on that connection, every line once and in order across a
// dropped connection, the states reported once each until final, the gang stop and what is
// saved, a server that cannot be reached named while the others go on, and the log store's
// bounds under a flood. The same session over local shells is tst_runSession; against real sshd,
// tests/cluster/tst_sessionLogins.
#include "FakeProjects.h"
#include "FakeRemote.h"
#include "FakeRuns.h"
#include "FakeTailProgram.h"

#include "launch/RemoteCommands.h"
#include "launch/RunControl.h"
#include "logs/RunLogSources.h"
#include "session/RunSession.h"

#include <QMutex>
#include <QTemporaryDir>
#include <QTest>

#include <set>
#include <thread>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(cw::SshError::Kind)

namespace {

constexpr int kIntervalMs = 20;
constexpr int kFailureLines = 20; // RunControl asks for this many lines of a failed rank's log
constexpr int kWaitMs = 5000;

// The cpu-2x2 example and a third server like the others (ranks 4 and 5).
Project threeServerProject(FakeFleet &fleet)
{
    Project project = fakeCpuProject(fleet);
    Server third = project.servers.back();
    third.name = u"server2"_s;
    third.host = third.hostIp = u"10.0.0.13"_s;
    project.servers.push_back(third);
    fleet.add(third.name, third.host, third.port);
    return project;
}

// Lines as a training script prints them; `from` counts on where the last call stopped.
QByteArray trainingLines(int rank, int from, int to)
{
    QByteArray text;
    for (int step = from; step < to; ++step)
        text += "rank " + QByteArray::number(rank) + " step " + QByteArray::number(step) +
                " loss = " + QByteArray::number(2.0 / (step + 1), 'f', 6) + '\n';
    return text;
}

// What the session tells its user, collected from its threads.
struct Watched {
    QMutex mutex;
    QStringList states;
    std::vector<RunSnapshot> snapshots;
    std::vector<StopResult> stops;
    QStringList messages;

    RunSessionEvents events()
    {
        RunSessionEvents events;
        events.stateChanged = [this](const RunRecord &record, const RunSnapshot &snapshot) {
            QMutexLocker lock(&mutex);
            states << runStateName(record.state);
            snapshots.push_back(snapshot);
        };
        events.stopped = [this](const StopResult &stop) {
            QMutexLocker lock(&mutex);
            stops.push_back(stop);
        };
        events.message = [this](const QString &message) {
            QMutexLocker lock(&mutex);
            messages << message;
        };
        return events;
    }
    bool saw(RunState state)
    {
        QMutexLocker lock(&mutex);
        return states.contains(runStateName(state));
    }
};

// run() on a thread of its own; cancelled and joined however the test ends.
class Running {
public:
    explicit Running(RunSession &session)
        : m_session(session), m_thread([this] {
              m_end = m_session.run();
              m_done = true;
          })
    {
    }
    ~Running()
    {
        if (m_thread.joinable()) {
            m_session.cancel();
            m_thread.join();
        }
    }
    // The last snapshot once run() returned within `timeoutMs`; otherwise it is cancelled and
    // nothing is returned.
    std::optional<RunSnapshot> join(int timeoutMs = 10000)
    {
        const QDeadlineTimer until(timeoutMs);
        while (!m_done.load() && !until.hasExpired())
            QThread::msleep(5);
        const bool done = m_done.load();
        if (!done)
            m_session.cancel();
        m_thread.join();
        return done ? std::optional<RunSnapshot>(m_end) : std::nullopt;
    }

private:
    RunSession &m_session;
    RunSnapshot m_end;
    std::atomic<bool> m_done = false;
    std::thread m_thread;
};

bool waitFor(const std::function<bool()> &condition, int timeoutMs = kWaitMs)
{
    QDeadlineTimer until(timeoutMs);
    while (!condition()) {
        if (until.hasExpired())
            return false;
        QThread::msleep(5);
    }
    return true;
}

std::vector<FakeEvent> ofKind(const std::vector<FakeEvent> &events, FakeEvent::Kind kind)
{
    std::vector<FakeEvent> chosen;
    for (const FakeEvent &event : events) {
        if (event.kind == kind)
            chosen.push_back(event);
    }
    return chosen;
}

std::set<int> connectionsOf(const std::vector<FakeEvent> &events)
{
    std::set<int> ids;
    for (const FakeEvent &event : events)
        ids.insert(event.connection);
    return ids;
}

} // namespace

class TestFakeRunSession : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<FakeFleet> m_fleet;
    Project m_project;
    RunRecord m_record;
    std::vector<std::unique_ptr<FakeTailProgram>> m_tails; // per server

    int servers() const { return int(m_project.servers.size()); }
    const Server &server(int index) const { return m_project.servers[size_t(index)]; }
    FakeServer &fake(int index) const { return m_fleet->server(server(index).name); }
    FakeTailProgram &tail(int index) const { return *m_tails[size_t(index)]; }
    int serverOfRank(int rank) const
    {
        for (int index = 0; index < servers(); ++index) {
            if (tail(index).ranks().contains(rank))
                return index;
        }
        return -1;
    }

    RunSessionOptions options() const
    {
        RunSessionOptions options;
        options.fleet = fakeFleetOptions(m_fleet);
        options.intervalMs = kIntervalMs;
        return options;
    }

    QString stopOf(int index) const
    {
        return stopCommand(m_project, m_record.runId, server(index), kStopGraceSeconds);
    }

    // After a gang stop every server is polled once more: which rank failed first is settled
    // once every rank has ended.
    QString pollOf(int index) const
    {
        return pollCommand(m_project, m_record.runId, server(index));
    }

    // Every rank of every server writes steps [from, to).
    void writeSteps(int from, int to)
    {
        for (int index = 0; index < servers(); ++index) {
            for (const int rank : tail(index).ranks())
                tail(index).write(rank, trainingLines(rank, from, to));
        }
    }

    void reportEverywhere(const QByteArray &pollOutput)
    {
        for (int index = 0; index < servers(); ++index)
            tail(index).setStatus(pollOutput);
    }

    // Every rank exited 0 and nothing is alive.
    void finishEverywhere()
    {
        for (int index = 0; index < servers(); ++index) {
            QList<QList<double>> exits;
            for (const int rank : tail(index).ranks())
                exits.append({double(rank), 0, 100, 100});
            tail(index).setStatus(fakePollAnswer(2, 0, exits));
        }
    }

    // Every line the ranks wrote is in the store once, in its rank's order, tagged with the
    // server that holds the rank.
    void verifyEveryLineOnce(const LogStore &store, const QList<int> &ranks) const
    {
        std::map<int, QStringList> got;
        const std::vector<LogRecord> lines = store.ring().since(0, store.ring().size());
        QCOMPARE(store.ring().dropped(), 0);
        for (const LogRecord &line : lines) {
            const int index = serverOfRank(line.rank);
            QVERIFY2(index >= 0, qPrintable(u"a line of rank %1"_s.arg(line.rank)));
            QCOMPARE(line.server, server(index).name);
            got[line.rank] << line.line;
        }
        qsizetype expected = 0;
        for (const int rank : ranks) {
            const QStringList written = QString::fromUtf8(tail(serverOfRank(rank)).log(rank))
                                            .split(u'\n', Qt::SkipEmptyParts);
            QCOMPARE(got[rank], written);
            expected += written.size();
        }
        QCOMPARE(qsizetype(lines.size()), expected);
    }

    // No command on a server but the tail program's and `execs`, in that order, and all of it on
    // one connection: one login for the whole session.
    void verifyOneConnection(int index, const QStringList &execs) const
    {
        const std::vector<FakeEvent> events = fake(index).events();
        QStringList sent;
        for (const FakeEvent &event : ofKind(events, FakeEvent::Kind::Exec))
            sent << event.command;
        QCOMPARE(sent, execs);
        QCOMPARE(fake(index).logins(), 1);
        QCOMPARE(connectionsOf(events).size(), size_t(1));
        QVERIFY2(tail(index).problems().isEmpty(), qPrintable(tail(index).problems().join(u'\n')));
        QVERIFY(fake(index).unanswered().isEmpty());
    }

    QList<int> allRanks() const
    {
        QList<int> ranks;
        for (int index = 0; index < servers(); ++index)
            ranks += tail(index).ranks();
        return ranks;
    }

private Q_SLOTS:
    void init()
    {
        m_tails.clear();
        m_fleet = std::make_shared<FakeFleet>();
        m_project = threeServerProject(*m_fleet);
        const QString path = m_dir.filePath(
            u"%1.clusterwiz.json"_s.arg(QString::fromLatin1(QTest::currentTestFunction())));
        m_record = fakeRunRecord(m_project, path, newRunId());
        for (int index = 0; index < servers(); ++index) {
            m_tails.push_back(std::make_unique<FakeTailProgram>(fake(index), m_project, m_record,
                                                                index, kIntervalMs));
            // The stop ends what is alive there; the next status says so.
            FakeTailProgram *program = m_tails.back().get();
            fake(index).on(FakeMatch::exact(stopOf(index)), [program](FakeCall &) {
                program->setStatus(fakePollAnswer(2, 0));
                return FakeAnswer{"left 0\n", {}, 0};
            });
        }
        reportEverywhere(fakePollAnswer(2, 2));
    }

    void cleanup()
    {
        m_fleet.reset(); // its handlers point into the tail programs
        m_tails.clear();
    }

    // A run that runs for some rounds, then ends well: "running" once and "finished" once (no
    // state is reported twice, and nothing is polled after the final round), every line once,
    // one connection per server and nothing sent on it but the tail program: the live follow,
    // then the drain from the end of each log.
    void followsToTheEndOnOneLoginPerServer()
    {
        LogStore store;
        Watched watched;
        RunSession session(m_project, m_record, selectRunLogs(m_project, m_record), options(),
                           &store, watched.events());
        Running running(session);
        writeSteps(0, 50);
        QVERIFY(waitFor([&] { return watched.saw(RunState::Running); }));
        // Several rounds say running: reported once.
        QVERIFY(waitFor([&] { return tail(2).statusFrames() >= 5; }));
        writeSteps(50, 100);
        finishEverywhere();
        const std::optional<RunSnapshot> end = running.join();
        QVERIFY(end);

        QCOMPARE(end->state, RunState::Finished);
        QCOMPARE(end->ranksStarted, 6);
        QCOMPARE(watched.states, (QStringList{u"running"_s, u"finished"_s}));
        QCOMPARE(session.record().state, RunState::Finished);
        QString error;
        const auto saved = loadRunRecord(m_record.projectPath, m_record.runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->state, RunState::Finished);
        QVERIFY(saved->endedAt.isValid());
        verifyEveryLineOnce(store, allRanks());
        for (int index = 0; index < servers(); ++index) {
            verifyOneConnection(index, {});
            // The last thing asked of each server is the drain from the end of every log.
            QList<LogSource> ends =
                selectRunLogs(m_project, m_record).servers[size_t(index)].sources;
            for (LogSource &source : ends)
                source.offset = tail(index).log(source.rank).size();
            QCOMPARE(fake(index).commands().back(),
                     remoteTailCommand(m_project.launch.python, ends, TailMode::Drain));
        }
        QVERIFY(session.errors().isEmpty());
    }

    // Rank 3 on server1 fails while the others live: the failure names server1 and rank 3 with
    // its last lines (fetched on server1's connection), every server is stopped on its own
    // connection, and the record is saved failed.
    void aFailedRankIsNamedAndEveryServerGangStopped()
    {
        const QString tailOfRank3 =
            tailCommand(m_project, m_record.runId, server(1), 3, kFailureLines);
        fake(1).on(FakeMatch::exact(tailOfRank3), [this](FakeCall &) {
            const QList<QByteArray> lines = tail(1).log(3).trimmed().split('\n');
            return FakeAnswer{lines.mid(lines.size() - kFailureLines).join('\n') + '\n', {}, 0};
        });
        LogStore store;
        Watched watched;
        RunSession session(m_project, m_record, selectRunLogs(m_project, m_record), options(),
                           &store, watched.events());
        Running running(session);
        writeSteps(0, 30);
        QVERIFY(waitFor([&] { return watched.saw(RunState::Running); }));
        tail(1).write(3, "Traceback (most recent call last):\nRuntimeError: rank 3 failed\n");
        tail(1).setStatus(fakePollAnswer(2, 1, {{3, 1, 100.9, 100.2}}));
        const std::optional<RunSnapshot> end = running.join();
        QVERIFY(end);

        QCOMPARE(end->state, RunState::Failed);
        QCOMPARE(watched.states, (QStringList{u"running"_s, u"failed"_s}));
        const RunRecord &record = session.record();
        QVERIFY(record.failure);
        QCOMPARE(record.failure->server, u"server1"_s);
        QCOMPARE(record.failure->rank, 3);
        QCOMPARE(record.failure->exitCode, 1);
        QCOMPARE(record.failure->lastLines.size(), kFailureLines);
        QCOMPARE(record.failure->lastLines.back(), u"RuntimeError: rank 3 failed"_s);
        QCOMPARE(end->alive, 0); // what the gang stop left
        QString error;
        const auto saved = loadRunRecord(m_record.projectPath, m_record.runId, &error);
        QVERIFY2(saved && saved->failure, qPrintable(error));
        QCOMPARE(saved->state, RunState::Failed);
        QCOMPARE(saved->failure->server, u"server1"_s);
        QCOMPARE(saved->failure->rank, 3);
        QVERIFY(saved->endedAt.isValid());
        verifyOneConnection(0, {stopOf(0), pollOf(0)});
        verifyOneConnection(1, {tailOfRank3, stopOf(1), pollOf(1)});
        verifyOneConnection(2, {stopOf(2), pollOf(2)});
        verifyEveryLineOnce(store, allRanks());
        QVERIFY2(session.errors().isEmpty(), qPrintable(session.errors().join(u'\n')));
    }

    // The user's Stop: the stop command on every server, on the connection of its log stream;
    // the run is saved stopped and its logs are drained.
    void theUsersStopRunsOnTheSameConnection()
    {
        LogStore store;
        Watched watched;
        RunSession session(m_project, m_record, selectRunLogs(m_project, m_record), options(),
                           &store, watched.events());
        Running running(session);
        writeSteps(0, 40);
        QVERIFY(waitFor([&] { return watched.saw(RunState::Running); }));
        session.stop();
        const std::optional<RunSnapshot> end = running.join();
        QVERIFY(end);

        QCOMPARE(end->state, RunState::Stopped);
        QCOMPARE(watched.states, (QStringList{u"running"_s, u"stopped"_s}));
        QCOMPARE(watched.stops.size(), size_t(1));
        QVERIFY(watched.stops.front().ok());
        QString error;
        const auto saved = loadRunRecord(m_record.projectPath, m_record.runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->state, RunState::Stopped);
        for (int index = 0; index < servers(); ++index) {
            verifyOneConnection(index, {stopOf(index)});
            const std::vector<FakeEvent> events = fake(index).events();
            QCOMPARE(ofKind(events, FakeEvent::Kind::Exec).front().connection,
                     ofKind(events, FakeEvent::Kind::Stream).front().connection);
        }
        verifyEveryLineOnce(store, allRanks());
        QVERIFY2(session.errors().isEmpty(), qPrintable(session.errors().join(u'\n')));
    }

    // server1's connection drops in the middle of a line: the session logs in again (with its
    // backoff) and resumes every log of that server at the start of the cut line, so no line is
    // lost or repeated; the other servers keep their one connection.
    void aDroppedConnectionResumesWithoutLossOrRepeat()
    {
        LogStore store;
        Watched watched;
        RunSession session(m_project, m_record, selectRunLogs(m_project, m_record), options(),
                           &store, watched.events());
        Running running(session);
        writeSteps(0, 20);
        QVERIFY(waitFor([&] { return watched.saw(RunState::Running); }));
        tail(1).write(3, trainingLines(3, 20, 30));
        tail(1).writeAndDrop(2, trainingLines(2, 20, 30));
        QVERIFY(waitFor([&] { return fake(1).logins() == 2; }));
        writeSteps(30, 60);
        finishEverywhere();
        const std::optional<RunSnapshot> end = running.join();
        QVERIFY(end);

        QCOMPARE(end->state, RunState::Finished);
        QCOMPARE(fake(0).logins(), 1);
        QCOMPARE(fake(1).logins(), 2);
        QCOMPARE(fake(2).logins(), 1);
        QCOMPARE(connectionsOf(fake(1).events()).size(), size_t(2));
        for (int index = 0; index < servers(); ++index)
            QVERIFY2(tail(index).problems().isEmpty(),
                     qPrintable(tail(index).problems().join(u'\n')));
        {
            QMutexLocker lock(&watched.mutex);
            QVERIFY2(watched.messages.join(u'\n').contains(u"server1: log stream interrupted"_s),
                     qPrintable(watched.messages.join(u'\n')));
        }
        verifyEveryLineOnce(store, allRanks());
        QVERIFY2(session.errors().isEmpty(), qPrintable(session.errors().join(u'\n')));
    }

    void anUnreachableServerIsNamedAndTheOthersGoOn_data()
    {
        QTest::addColumn<SshError::Kind>("refusal");
        QTest::addColumn<QString>("why");
        QTest::newRow("never answers") << SshError::Kind::Timeout << u"timed out"_s;
        QTest::newRow("host key changed") << SshError::Kind::HostKeyChanged << u"host key"_s;
    }

    // server2 cannot be reached: every round names it, the other servers' lines and states go
    // on, a failed rank on server1 still gang-stops the others, and the session's errors name
    // server2 and why.
    void anUnreachableServerIsNamedAndTheOthersGoOn()
    {
        QFETCH(SshError::Kind, refusal);
        QFETCH(QString, why);
        fake(2).refuseConnections(refusal);
        fake(1).on(
            FakeMatch::exact(tailCommand(m_project, m_record.runId, server(1), 3, kFailureLines)),
            FakeAnswer{"RuntimeError: rank 3 failed\n", {}, 0});
        RunSessionOptions options = this->options();
        options.giveUpMs = 300;
        LogStore store;
        Watched watched;
        RunSession session(m_project, m_record, selectRunLogs(m_project, m_record), options, &store,
                           watched.events());
        Running running(session);
        writeSteps(0, 30);
        QVERIFY(waitFor([&] { return watched.saw(RunState::Running); }));
        tail(1).setStatus(fakePollAnswer(2, 1, {{3, 1, 100, 100}}));
        const std::optional<RunSnapshot> end = running.join();
        QVERIFY(end);

        {
            QMutexLocker lock(&watched.mutex);
            QCOMPARE(watched.states, (QStringList{u"running"_s, u"failed"_s}));
            const QString note = watched.snapshots.front().note;
            QVERIFY2(note.startsWith(u"not reached: server2 ("_s) && note.contains(why),
                     qPrintable(note));
        }
        QCOMPARE(end->state, RunState::Failed);
        QCOMPARE(session.record().failure->server, u"server1"_s);
        QCOMPARE(session.record().failure->rank, 3);
        QVERIFY2(end->note.contains(u"gang stop incomplete"_s) &&
                     end->note.contains(u"server2: "_s),
                 qPrintable(end->note));
        verifyOneConnection(0, {stopOf(0), pollOf(0)});
        verifyOneConnection(1, {tailCommand(m_project, m_record.runId, server(1), 3, kFailureLines),
                                stopOf(1), pollOf(1)});
        QCOMPARE(fake(2).logins(), 0);
        QVERIFY(fake(2).commands().isEmpty());
        const QStringList errors = session.errors();
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.front().startsWith(u"server2: "_s) && errors.front().contains(why),
                 qPrintable(errors.front()));
        verifyEveryLineOnce(store, tail(0).ranks() + tail(1).ranks());
    }

    void theStoreStaysBoundedUnderAFlood_data()
    {
        QTest::addColumn<bool>("holding");
        QTest::addColumn<qsizetype>("maxLines");
        QTest::addColumn<qint64>("maxBytes");
        // A line weighs about 130 bytes here: the first bound of each row is the one reached.
        QTest::newRow("run panel, lines bound") << false << qsizetype(500) << qint64(1 << 20);
        QTest::newRow("run panel, bytes bound") << false << qsizetype(100000) << qint64(40 << 10);
        QTest::newRow("terminal, lines bound") << true << qsizetype(500) << qint64(1 << 20);
        QTest::newRow("terminal, bytes bound") << true << qsizetype(100000) << qint64(40 << 10);
    }

    // Many lines at once from every rank into a small store: it never holds more lines or bytes
    // than its bounds, a reader that holds it (a terminal) still sees every line once while the
    // followers wait for it, and each rank's loss curve has every "loss = x" line, thinned
    // evenly to its bound.
    void theStoreStaysBoundedUnderAFlood()
    {
        QFETCH(bool, holding);
        QFETCH(qsizetype, maxLines);
        QFETCH(qint64, maxBytes);
        constexpr qsizetype kLossPoints = 64;
        constexpr int kSteps = 3000;
        const QByteArray traceback = QByteArray(1500, 'x') + '\n'; // heavier than most lines
        const qint64 heaviest =
            qint64(traceback.size() - 1) * qint64(sizeof(QChar)) + qint64(sizeof(LogRecord));
        LogStore store(maxLines, maxBytes, kLossPoints);
        store.ring().setHolding(holding);
        std::atomic<bool> sessionDone = false;
        std::atomic<qsizetype> mostLines = 0;
        std::atomic<qint64> mostBytes = 0;
        std::map<int, QStringList> read;
        std::thread reader([&] {
            qint64 last = 0;
            for (;;) {
                const bool done = sessionDone.load();
                mostLines = std::max(mostLines.load(), store.ring().size());
                mostBytes = std::max(mostBytes.load(), store.ring().bytes());
                if (holding) {
                    for (const LogRecord &line : store.ring().since(last, 256)) {
                        read[line.rank] << line.line;
                        ++last;
                    }
                    store.ring().markRead(last);
                }
                if (done && (!holding || last == store.ring().lastId()))
                    return;
                if (holding)
                    store.ring().waitForRecords(last, 5);
                else
                    QThread::usleep(200);
            }
        });
        auto stopReader = qScopeGuard([&] {
            sessionDone = true;
            if (reader.joinable())
                reader.join();
        });
        {
            RunSession session(m_project, m_record, selectRunLogs(m_project, m_record), options(),
                               &store);
            Running running(session);
            for (int burst = 0; burst < 10; ++burst) {
                const int from = burst * kSteps / 10;
                writeSteps(from, from + kSteps / 10);
                tail(burst % servers()).write(tail(burst % servers()).ranks().front(), traceback);
            }
            finishEverywhere();
            const std::optional<RunSnapshot> end = running.join();
            QVERIFY(end);
            QCOMPARE(end->state, RunState::Finished);
        }
        stopReader.dismiss();
        sessionDone = true;
        reader.join();

        const qint64 total = store.ring().lastId();
        qint64 written = 0;
        for (const int rank : allRanks())
            written += tail(serverOfRank(rank)).log(rank).count('\n');
        QCOMPARE(total, written); // every line went through the store
        // A ring that holds keeps its newest line one over the bounds until the oldest is read
        // (LogRing.h).
        const qsizetype lineSlack = holding ? 1 : 0;
        const qint64 byteSlack = holding ? heaviest : 0;
        QVERIFY2(mostLines.load() <= maxLines + lineSlack,
                 qPrintable(QString::number(mostLines.load())));
        QVERIFY2(mostBytes.load() <= maxBytes + byteSlack,
                 qPrintable(QString::number(mostBytes.load())));
        // The bound of the row was reached, and held.
        if (maxLines < 100000)
            QVERIFY(store.ring().size() >= maxLines && store.ring().size() <= maxLines + lineSlack);
        else
            QVERIFY(store.ring().bytes() > maxBytes - heaviest &&
                    store.ring().bytes() <= maxBytes + byteSlack);
        QCOMPARE(store.ring().dropped(), total - store.ring().size());
        if (holding) {
            for (const int rank : allRanks()) {
                QCOMPARE(read[rank], QString::fromUtf8(tail(serverOfRank(rank)).log(rank))
                                         .split(u'\n', Qt::SkipEmptyParts));
            }
        }
        for (const int rank : allRanks()) {
            QCOMPARE(store.lossAdded(rank), kSteps);
            const std::vector<LossPoint> loss = store.loss(rank);
            QVERIFY(qsizetype(loss.size()) <= kLossPoints &&
                    qsizetype(loss.size()) > kLossPoints / 2);
            const int stride = loss[1].step - loss[0].step;
            QVERIFY(stride > 1);
            for (size_t k = 0; k < loss.size(); ++k) {
                QCOMPARE(loss[k].step, int(k) * stride); // evenly thinned from step 0
                QCOMPARE(loss[k].loss,
                         QByteArray::number(2.0 / (loss[k].step + 1), 'f', 6).toDouble());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestFakeRunSession)
#include "tst_fakeRunSession.moc"
