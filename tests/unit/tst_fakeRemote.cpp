// SPDX-License-Identifier: GPL-3.0-or-later
// The in-memory fleet itself (tests/support/FakeRemote.h): it keeps RemoteHost's contract
// (scripted answers, uploads, time limits, cancel, streaming, lost connections, refused
// connects), so that tests built on it test the product and not the fake.
#include "FakeRemote.h"

#include "fleet/FleetRunner.h"

#include <QElapsedTimer>
#include <QTest>

#include <thread>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

std::unique_ptr<RemoteHost> connectTo(FakeFleet &fleet, const QString &host,
                                      HostKeyPolicy *policy = nullptr, SshError *error = nullptr)
{
    SshTarget target;
    target.host = host;
    RemoteConnection connection = fleet.connect(target, policy, {});
    if (error)
        *error = connection.error;
    return std::move(connection.host);
}

} // namespace

class TestFakeRemote : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void scriptedAnswersAndTheRecord()
    {
        FakeFleet fleet;
        FakeServer &server = fleet.add(u"node0"_s, u"10.1.0.1"_s);
        server.on(FakeMatch::prefix(u"echo "_s), FakeAnswer{"prefix\n", {}, 0});
        server.on(FakeMatch::exact(u"echo special"_s), FakeAnswer{"exact\n", "warn\n", 3});
        server.on(FakeMatch::regex(u"^cat( -)?$"_s), [](FakeCall &call) {
            return FakeAnswer{call.input(), {}, 0};
        });
        const auto host = connectTo(fleet, u"10.1.0.1"_s);
        QVERIFY(host);
        QCOMPARE(host->endpoint(), u"10.1.0.1:22"_s);

        QCOMPARE(host->exec(u"echo hello"_s, 1000).out, QByteArray("prefix\n"));
        const ExecResult special = host->exec(u"echo special"_s, 1000); // the later rule wins
        QCOMPARE(special.out, QByteArray("exact\n"));
        QCOMPARE(special.err, QByteArray("warn\n"));
        QCOMPARE(special.exitStatus, 3);
        QVERIFY(!special.error.isError());
        QCOMPARE(host->exec(u"cat -"_s, 1000, nullptr, "from stdin").out, QByteArray("from stdin"));
        const ExecResult unknown = host->exec(u"rm -rf /"_s, 1000);
        QCOMPARE(unknown.exitStatus, 127);
        QVERIFY(unknown.err.contains("nothing scripted for: rm -rf /"));
        QCOMPARE(server.unanswered(), QStringList{u"rm -rf /"_s});

        const auto second = connectTo(fleet, u"10.1.0.1"_s);
        second->exec(u"echo again"_s, 1000);
        QCOMPARE(server.logins(), 2);
        QCOMPARE(server.commands(), (QStringList{u"echo hello"_s, u"echo special"_s, u"cat -"_s,
                                                 u"rm -rf /"_s, u"echo again"_s}));
        const std::vector<FakeEvent> events = server.events();
        QCOMPARE(events[2].data, QByteArray("from stdin"));
        QCOMPARE(events[0].connection, events[3].connection);
        QVERIFY(events[4].connection != events[0].connection);
        QVERIFY(events[3].sequence < events[4].sequence);
    }

    void uploadsKeepBytesAndModeOrFail()
    {
        FakeFleet fleet;
        FakeServer &server = fleet.add(u"node0"_s, u"10.1.0.1"_s);
        server.failUploads(FakeMatch::prefix(u"/full/"_s), u"no space left"_s);
        const auto host = connectTo(fleet, u"10.1.0.1"_s);
        QVERIFY(!host->upload("#!/bin/sh\n", u"/w/run.sh"_s, 0755, 1000).isError());
        const std::optional<FakeFile> file = server.file(u"/w/run.sh"_s);
        QVERIFY(file);
        QCOMPARE(file->data, QByteArray("#!/bin/sh\n"));
        QCOMPARE(file->mode, 0755);
        const SshError failed = host->upload("x", u"/full/x"_s, 0644, 1000);
        QCOMPARE(failed.kind, SshError::Kind::Sftp);
        QVERIFY(failed.message.contains(u"/full/x"_s) && failed.message.contains(u"no space"_s));
        QVERIFY(!server.file(u"/full/x"_s));
        QCOMPARE(server.events().size(), size_t(2)); // the failed one was attempted
        std::atomic<bool> cancel{true};
        QCOMPARE(host->upload("x", u"/w/y"_s, 0644, 1000, &cancel).kind, SshError::Kind::Cancelled);
        QVERIFY(!server.file(u"/w/y"_s));
    }

    void timeLimitAndCancelEndABlockedCommand()
    {
        FakeFleet fleet;
        FakeServer &server = fleet.add(u"node0"_s, u"10.1.0.1"_s);
        server.on(FakeMatch::exact(u"sleep"_s), [](FakeCall &call) {
            call.write("partial\n");
            call.waitForEnd();
            return FakeAnswer{"never seen\n", {}, 0};
        });
        const auto host = connectTo(fleet, u"10.1.0.1"_s);
        QElapsedTimer timer;
        timer.start();
        const ExecResult timedOut = host->exec(u"sleep"_s, 150);
        QVERIFY(timer.elapsed() >= 150 && timer.elapsed() < 2000);
        QVERIFY(timedOut.timedOut);
        QCOMPARE(timedOut.error.kind, SshError::Kind::Timeout);
        QCOMPARE(timedOut.out, QByteArray("partial\n"));
        QCOMPARE(timedOut.exitStatus, -1);

        std::atomic<bool> cancel{false};
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel = true;
        });
        timer.restart();
        const ExecResult cancelled = host->exec(u"sleep"_s, 0, &cancel);
        canceller.join();
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY(cancelled.cancelled);
        QCOMPARE(cancelled.error.kind, SshError::Kind::Cancelled);
        // The connection stays usable after a cancel, as SshSession's does.
        server.on(FakeMatch::exact(u"true"_s), FakeAnswer{});
        QVERIFY(host->exec(u"true"_s, 1000).ok());
    }

    void streamingDeliversChunksAndEndsOnSilence()
    {
        FakeFleet fleet;
        FakeServer &server = fleet.add(u"node0"_s, u"10.1.0.1"_s);
        server.on(FakeMatch::exact(u"tail"_s), [](FakeCall &call) {
            for (int i = 0; i < 3; ++i) {
                call.write(QByteArray::number(i) + '\n', i == 1 ? "err\n" : "");
                call.waitForEnd(60); // 60 ms apart: below the 150 ms silence allowed
            }
            call.waitForEnd();
            return FakeAnswer{};
        });
        const auto host = connectTo(fleet, u"10.1.0.1"_s);
        QByteArray out, err;
        const ExecResult result = host->execStreaming(
            u"tail"_s,
            [&](QByteArrayView o, QByteArrayView e) {
                out += o.toByteArray();
                err += e.toByteArray();
            },
            150);
        QCOMPARE(out, QByteArray("0\n1\n2\n"));
        QCOMPARE(err, QByteArray("err\n"));
        QVERIFY(result.out.isEmpty());
        QVERIFY(result.timedOut);
        QVERIFY2(result.error.message.contains(u"silent"_s), qPrintable(result.error.message));
        QCOMPARE(server.events().front().kind, FakeEvent::Kind::Stream);
    }

    void aDroppedConnectionFailsNowAndLater()
    {
        FakeFleet fleet;
        FakeServer &server = fleet.add(u"node0"_s, u"10.1.0.1"_s);
        server.on(FakeMatch::exact(u"drop"_s), [](FakeCall &call) {
            call.write("before\n");
            call.dropConnection();
            call.write("after\n");
            return FakeAnswer{};
        });
        server.on(FakeMatch::exact(u"wait"_s), [](FakeCall &call) {
            call.waitForEnd();
            return FakeAnswer{};
        });
        auto host = connectTo(fleet, u"10.1.0.1"_s);
        QByteArray got;
        const ExecResult dropped = host->execStreaming(
            u"drop"_s, [&](QByteArrayView o, QByteArrayView) { got += o.toByteArray(); }, 0);
        QCOMPARE(got, QByteArray("before\n"));
        QCOMPARE(dropped.error.kind, SshError::Kind::Unreachable);
        QCOMPARE(host->exec(u"wait"_s, 1000).error.kind, SshError::Kind::Unreachable);
        QCOMPARE(host->upload("x", u"/x"_s, 0644, 1000).kind, SshError::Kind::Unreachable);

        // From another thread: every open connection of the server goes at once.
        host = connectTo(fleet, u"10.1.0.1"_s);
        std::thread dropper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            server.dropConnections();
        });
        QElapsedTimer timer;
        timer.start();
        const ExecResult lost = host->exec(u"wait"_s, 0);
        dropper.join();
        QCOMPARE(lost.error.kind, SshError::Kind::Unreachable);
        QVERIFY(timer.elapsed() < 2000);
    }

    void connectsFailOnDemand()
    {
        FakeFleet fleet;
        FakeServer &server = fleet.add(u"node0"_s, u"10.1.0.1"_s);
        SshError error;
        QVERIFY(!connectTo(fleet, u"10.9.9.9"_s, nullptr, &error));
        QCOMPARE(error.kind, SshError::Kind::Unreachable);

        server.refuseConnections(SshError::Kind::Unreachable, 1);
        QVERIFY(!connectTo(fleet, u"10.1.0.1"_s, nullptr, &error));
        QCOMPARE(error.kind, SshError::Kind::Unreachable);
        QVERIFY(connectTo(fleet, u"10.1.0.1"_s));

        server.refuseConnections(SshError::Kind::AuthFailed);
        QVERIFY(!connectTo(fleet, u"10.1.0.1"_s, nullptr, &error));
        QCOMPARE(error.kind, SshError::Kind::AuthFailed);
        server.allowConnections();

        // A changed key is refused even by a policy that accepts new keys.
        AcceptNewHostKeys acceptNew;
        RejectUnknownHostKeys reject;
        server.setHostKeyState(HostKeyInfo::State::Changed);
        QVERIFY(!connectTo(fleet, u"10.1.0.1"_s, &acceptNew, &error));
        QCOMPARE(error.kind, SshError::Kind::HostKeyChanged);
        QVERIFY(error.message.contains(server.fingerprint()));

        server.setHostKeyState(HostKeyInfo::State::Unknown);
        QVERIFY(!connectTo(fleet, u"10.1.0.1"_s, &reject, &error));
        QCOMPARE(error.kind, SshError::Kind::HostKeyUnknown);
        SshTarget target;
        target.host = u"10.1.0.1"_s;
        RemoteConnection accepted = fleet.connect(target, &acceptNew, {});
        QVERIFY(accepted.host);
        QVERIFY(accepted.hostKey.recorded);
        QCOMPARE(fleet.connect(target, &reject, {}).hostKey.state, HostKeyInfo::State::Known);
        QCOMPARE(server.logins(), 3);
        QCOMPARE(server.connectAttempts(), 7);
    }

    // runOnFleet ends a server that hangs at its own deadline and keeps the other's result.
    void theFleetDeadlineReachesAHandler()
    {
        auto fleet = std::make_shared<FakeFleet>();
        fleet->add(u"fast"_s, u"10.1.0.1"_s).on(FakeMatch::any(), FakeAnswer{"ok\n", {}, 0});
        fleet->add(u"stuck"_s, u"10.1.0.2"_s).on(FakeMatch::any(), [](FakeCall &call) {
            call.waitForEnd();
            return FakeAnswer{};
        });
        Project project;
        for (const QString &name : {u"fast"_s, u"stuck"_s}) {
            Server server;
            server.name = name;
            server.host = fleet->server(name).host();
            server.port = 22;
            project.servers.push_back(server);
        }
        FleetOptions options;
        options.connector = fleet;
        options.timeoutMs = 300;
        QElapsedTimer timer;
        timer.start();
        const auto results = runOnFleet(project, options, [](FleetTask &task) {
            return task.session.exec(u"hostname"_s, task.remainingMs(), &task.cancel).error;
        });
        QVERIFY(timer.elapsed() < 3000);
        QVERIFY(results[0].ok());
        QCOMPARE(results[1].error.kind, SshError::Kind::Timeout);
        QVERIFY(results[1].error.message.contains(u"10.1.0.2:22"_s));
    }

    void filesAndProcessesForHandlers()
    {
        FakeFleet fleet;
        FakeServer &server = fleet.add(u"node0"_s, u"10.1.0.1"_s);
        server.writeFile(u"/log"_s, "a\n");
        server.appendFile(u"/log"_s, "b\n");
        QCOMPARE(server.file(u"/log"_s)->data, QByteArray("a\nb\n"));
        QCOMPARE(server.filePaths(), QStringList{u"/log"_s});
        const int first = server.startProcess(u"train.sh"_s);
        server.startProcess(u"rank.sh"_s);
        QCOMPARE(server.aliveProcesses(), 2);
        QCOMPARE(server.endProcesses([&](const FakeProcess &p) { return p.pid == first; }), 1);
        QCOMPARE(server.aliveProcesses(), 1);
        QCOMPARE(server.processes().size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestFakeRemote)
#include "tst_fakeRemote.moc"
