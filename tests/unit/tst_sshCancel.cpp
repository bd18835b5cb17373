// SPDX-License-Identifier: GPL-3.0-or-later
// A cancel reaches a connect that waits for a server: a port on 127.0.0.1 that accepts TCP (the
// kernel completes the handshake into the listen backlog) but never sends an SSH banner, the way
// a hung sshd or a wrong service behind the port behaves. With a long connect limit, the session
// and the fleet return within a second of the cancel and say "cancelled"; the fleet's own
// per-server limit ends such a connect as a timeout.
#include "fleet/FleetRunner.h"
#include "ssh/SshSession.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <future>
#include <thread>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kLongLimitMs = 120000; // far beyond the test: only a cancel can end the wait
constexpr int kCancelWithinMs = 1000;

Project silentProject(quint16 port, int servers)
{
    Project project;
    project.name = u"silent"_s;
    project.accelerator = Accelerator::Cpu;
    for (int i = 0; i < servers; ++i) {
        Server server;
        server.name = u"server%1"_s.arg(i);
        server.host = u"127.0.0.1"_s;
        server.port = port;
        server.user = u"root"_s;
        server.devices = {0};
        project.servers.push_back(server);
    }
    return project;
}

} // namespace

class TestSshCancel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QTcpServer m_silent; // listens; nothing ever accepts or answers

    FleetOptions options(int timeoutMs) const
    {
        FleetOptions fleet;
        fleet.timeoutMs = timeoutMs;
        fleet.knownHostsFile = m_dir.filePath(u"known_hosts"_s);
        fleet.parseSshConfig = false;
        return fleet;
    }

    // Waits (event loop running) until `count` connections reached the silent port's backlog.
    bool waitForConnections(int count)
    {
        int seen = 0;
        return QTest::qWaitFor(
            [&] {
                while (m_silent.hasPendingConnections() || m_silent.waitForNewConnection(10)) {
                    // Held open, never read from or written to: the client waits for a banner.
                    if (QTcpSocket *socket = m_silent.nextPendingConnection()) {
                        socket->setParent(&m_silent);
                        ++seen;
                    }
                }
                return seen >= count;
            },
            30000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_silent.listen(QHostAddress::LocalHost, 0));
    }

    void sessionConnectEndsAtCancel()
    {
        SshTarget target;
        target.host = u"127.0.0.1"_s;
        target.port = m_silent.serverPort();
        target.user = u"root"_s;
        target.knownHostsFile = m_dir.filePath(u"known_hosts"_s);
        target.parseSshConfig = false;
        target.connectTimeoutMs = kLongLimitMs;
        std::atomic<bool> cancel{false};
        std::promise<SshError> done;
        std::future<SshError> result = done.get_future();
        std::thread worker([&] {
            SshSession session;
            done.set_value(session.connect(target, nullptr, {}, &cancel));
        });
        QVERIFY(waitForConnections(1));
        QVERIFY2(result.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout,
                 "the connect must still be waiting for the banner");
        QElapsedTimer timer;
        timer.start();
        cancel.store(true);
        const bool returned = result.wait_for(std::chrono::milliseconds(kCancelWithinMs)) ==
                              std::future_status::ready;
        const qint64 elapsed = timer.elapsed();
        if (!returned)
            cancel.store(true); // still: join below waits for the long limit at worst
        worker.join();
        QVERIFY2(returned, qPrintable(u"connect ran on for %1 ms after the cancel"_s.arg(elapsed)));
        const SshError error = result.get();
        QCOMPARE(error.kind, SshError::Kind::Cancelled);
        QVERIFY2(error.message.contains(u"cancelled"_s), qPrintable(error.message));
        qInfo("the connect returned %lld ms after the cancel", qlonglong(elapsed));
    }

    void fleetCancelEndsEveryWaitingConnect()
    {
        const Project project = silentProject(m_silent.serverPort(), 3);
        std::atomic<bool> cancel{false};
        std::atomic<int> ran{0};
        std::promise<std::vector<FleetResult>> done;
        auto results = done.get_future();
        std::thread worker([&] {
            done.set_value(runOnFleet(
                project, options(kLongLimitMs),
                [&](FleetTask &) {
                    ++ran;
                    return SshError{};
                },
                {}, &cancel));
        });
        QVERIFY(waitForConnections(3));
        QElapsedTimer timer;
        timer.start();
        cancel.store(true);
        const bool returned = results.wait_for(std::chrono::milliseconds(kCancelWithinMs)) ==
                              std::future_status::ready;
        const qint64 elapsed = timer.elapsed();
        worker.join();
        QVERIFY2(returned,
                 qPrintable(u"the fleet ran on for %1 ms after the cancel"_s.arg(elapsed)));
        const std::vector<FleetResult> fleet = results.get();
        QCOMPARE(fleet.size(), size_t(3));
        for (const FleetResult &result : fleet) {
            QCOMPARE(result.error.kind, SshError::Kind::Cancelled);
            QVERIFY2(result.error.message.contains(u"cancelled"_s),
                     qPrintable(result.error.message));
        }
        QCOMPARE(ran.load(), 0);
        qInfo("the fleet returned %lld ms after the cancel", qlonglong(elapsed));
    }
};

QTEST_GUILESS_MAIN(TestSshCancel)
#include "tst_sshCancel.moc"
