// SPDX-License-Identifier: GPL-3.0-or-later
// runChecks' master-port probe on in-memory servers (tests/support/FakeRemote.h): it rides on
// discovery's logins, one per server and a second to the master to stop the listener; each
// server connects only after the master's listener started, in its own login; the master is
// discovered first, so a fleet of one worker with the master last still finishes; a master that
// cannot be reached or holds master_port leaves the others unconnected with the reason. The same
// probe against real sshd and a firewall that drops the port is tests/cluster/tst_checkFix.cpp.
#include "FakeProjects.h"

#include "checks/ActiveProbes.h"
#include "checks/CheckIds.h"
#include "checks/CheckRunner.h"
#include "checks/MasterPortProbe.h"
#include "discover/ProbeScript.h"

#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

constexpr int kListenerPid = 4242;

// What a probe prints on a server: its name and who listens where, nothing else.
QByteArray probeAnswer(const QString &name, const QString &listeners = {})
{
    return "@@clusterwiz-probe hostname rc=0@@\n" + name.toUtf8() +
           "\n@@clusterwiz-probe ss rc=0@@\n"
           "Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
           listeners.toUtf8() + "@@clusterwiz-probe end rc=0@@\n";
}

QString statusOf(const CheckRun &run, int server)
{
    const CheckResult *found = run.report.find(QLatin1StringView(check::kMasterPortReach), server);
    return found ? checkStatusName(found->status) + u": "_s + found->reason : u"none"_s;
}

} // namespace

class TestFakeCheckRun : public QObject {
    Q_OBJECT

    std::shared_ptr<FakeFleet> m_fleet;
    Project m_project; // four cpu servers, no-ranktable
    FleetOptions m_options;

    FakeServer &fake(int index) const { return m_fleet->server(m_project.servers[index].name); }

    // Every server answers its probe; the master listens and is stopped; the others connect, and
    // `refusing` ones are refused. Records, fleet-wide, when the listener started.
    void scriptFleet(const std::vector<int> &refusing = {})
    {
        const int master = m_project.masterIndex();
        for (int i = 0; i < int(m_project.servers.size()); ++i) {
            fake(i).on(FakeMatch::exact(probeCommand(m_project, i)),
                       FakeAnswer{probeAnswer(m_project.servers[size_t(i)].name), {}, 0});
            if (i == master)
                continue;
            const bool refused = std::find(refusing.begin(), refusing.end(), i) != refusing.end();
            fake(i).on(FakeMatch::exact(reachabilityConnectCommand(m_project)),
                       FakeAnswer{refused ? "refused\n" : "connected\n", {}, 0});
        }
        fake(master).on(
            FakeMatch::prefix(reachabilityListenerCommand(m_project, 0, 0).section(u' ', 0, 1)),
            FakeAnswer{
                "bound 29500 29500\nlistening " + QByteArray::number(kListenerPid) + '\n', {}, 0});
        fake(master).on(FakeMatch::exact(reachabilityListenerStopCommand(kListenerPid)),
                        FakeAnswer{"gone\n", {}, 0});
    }

    qint64 sequenceOf(int server, const QString &startsWith) const
    {
        for (const FakeEvent &event : fake(server).events()) {
            if (event.command.startsWith(startsWith))
                return event.sequence;
        }
        return -1;
    }

private Q_SLOTS:
    void init()
    {
        m_fleet = std::make_shared<FakeFleet>();
        m_project = fakeCpuProject(*m_fleet, LaunchMode::NoRankTable);
        for (int i = 2; i < 4; ++i) {
            Server more = m_project.servers[0];
            more.name = u"server%1"_s.arg(i);
            more.host = more.hostIp = u"10.0.0.%1"_s.arg(11 + i);
            m_project.servers.push_back(more);
            m_fleet->add(more.name, more.host, more.port);
        }
        m_options = fakeFleetOptions(m_fleet);
    }

    void oneLoginPerServerAndASecondToTheMaster()
    {
        m_project.launch.master = u"server2"_s; // neither first nor last
        scriptFleet({3});
        m_options.jobs = 2;
        const CheckRun run = runChecks(m_project, m_options);

        const QString listener = reachabilityListenerCommand(m_project, 3, 33);
        for (int i = 0; i < 4; ++i) {
            QVERIFY2(fake(i).unanswered().isEmpty(), qPrintable(fake(i).unanswered().join(u'\n')));
            QCOMPARE(fake(i).logins(), i == 2 ? 2 : 1);
            if (i == 2)
                continue;
            QCOMPARE(fake(i).commands(), (QStringList{probeCommand(m_project, i),
                                                      reachabilityConnectCommand(m_project)}));
            // Its connect comes after the master's listener, on its discovery login.
            QVERIFY(sequenceOf(i, reachabilityConnectCommand(m_project)) > sequenceOf(2, listener));
            const std::vector<FakeEvent> events = fake(i).events();
            QCOMPARE(events.front().connection, events.back().connection);
        }
        const QStringList master = fake(2).commands();
        QCOMPARE(master.size(), 3);
        QCOMPARE(master[0], probeCommand(m_project, 2));
        // Three connects expected; it waits out two waves of two servers, 5 s each, at most.
        QCOMPARE(master[1], reachabilityListenerCommand(m_project, 3, 2 * 5 + 3 + 20));
        QCOMPARE(master[2], reachabilityListenerStopCommand(kListenerPid));

        QVERIFY(run.probes.portProbeRan);
        QVERIFY2(statusOf(run, 0).startsWith(u"ok: connected to 10.0.0.13:29500"_s),
                 qPrintable(statusOf(run, 0)));
        QVERIFY2(statusOf(run, 3).startsWith(u"failed: "_s), qPrintable(statusOf(run, 3)));
        QVERIFY2(statusOf(run, 3).contains(u"refused"_s), qPrintable(statusOf(run, 3)));
    }

    void oneWorkerWithTheMasterLastStillFinishes()
    {
        m_project.launch.master = u"server3"_s;
        scriptFleet();
        m_options.jobs = 1;
        const CheckRun run = runChecks(m_project, m_options);
        QVERIFY(run.probes.portProbeRan);
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(statusOf(run, i).startsWith(u"ok: "_s), qPrintable(statusOf(run, i)));
            // The one worker took the master before any other server.
            QVERIFY(sequenceOf(3, probeCommand(m_project, 3)) <
                    sequenceOf(i, probeCommand(m_project, i)));
        }
    }

    void anUnreachableMasterLeavesTheOthersUnconnected()
    {
        scriptFleet();
        fake(0).refuseConnections(SshError::Kind::Unreachable);
        m_options.jobs = 1; // the others would wait on the master forever if it were never told
        const CheckRun run = runChecks(m_project, m_options);
        QVERIFY(!run.probes.portProbeRan);
        QCOMPARE(run.probes.portProbeProblem, u"the master was not reached"_s);
        for (int i = 1; i < 4; ++i) {
            QCOMPARE(fake(i).commands(), QStringList{probeCommand(m_project, i)});
            QCOMPARE(statusOf(run, i), u"warning: not tested: the master was not reached"_s);
        }
    }

    void aMasterHoldingThePortStartsNoListener()
    {
        scriptFleet();
        fake(0).on(FakeMatch::exact(probeCommand(m_project, 0)),
                   FakeAnswer{probeAnswer(u"server0"_s,
                                          u"tcp   LISTEN 0      128          0.0.0.0:29500      "
                                          "0.0.0.0:*    users:((\"python3\",pid=77,fd=3))\n"_s),
                              {},
                              0});
        const CheckRun run = runChecks(m_project, m_options);
        QCOMPARE(fake(0).commands(), QStringList{probeCommand(m_project, 0)});
        QCOMPARE(fake(0).logins(), 1);
        QCOMPARE(run.probes.portProbeProblem, u"master_port is in use on the master"_s);
        for (int i = 1; i < 4; ++i)
            QCOMPARE(fake(i).commands(), QStringList{probeCommand(m_project, i)});
    }

    void aListenerThatCannotBindIsTheReason()
    {
        scriptFleet();
        fake(0).on(
            FakeMatch::prefix(reachabilityListenerCommand(m_project, 0, 0).section(u' ', 0, 1)),
            FakeAnswer{
                "busy 29500 [Errno 13] Permission denied\nerror no port could be bound\n", {}, 1});
        const CheckRun run = runChecks(m_project, m_options);
        QCOMPARE(run.probes.portProbeProblem,
                 u"no listener on the master: [Errno 13] Permission denied"_s);
        QCOMPARE(fake(0).logins(), 1); // nothing to stop
        QCOMPARE(fake(1).commands(), QStringList{probeCommand(m_project, 1)});
    }

    void listenerWaitsForEveryWave()
    {
        FleetOptions options;
        options.jobs = 32;
        options.timeoutMs = 30000;
        QCOMPARE(MasterPortProbe::listenerSeconds(128, options),
                 4 * 30 + kPortConnectTimeoutSeconds + 20);
    }
};

QTEST_GUILESS_MAIN(TestFakeCheckRun)
#include "tst_fakeCheckRun.moc"
