// SPDX-License-Identifier: GPL-3.0-or-later
// runDoctor on in-memory servers (tests/support/FakeRemote.h), one of three refusing every login:
// the part that finds it records it once, and the later parts never log in to it again (each
// try would wait for the SSH timeout again): their cells with it are not tested, for the reason
// the first part saw, shown before those parts contact anybody, and the other pairs are tested
// as usual. The same doctor against real sshd: tests/cluster/tst_doctor.cpp.
#include "FakeProjects.h"

#include "doctor/Doctor.h"
#include "doctor/DoctorText.h"
#include "doctor/PortTest.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

#include <QTest>

#include <algorithm>
#include <mutex>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

// The words after `program` in a shellJoin()ed command, unquoted (they hold no quote).
QStringList wordsAfter(const QString &command, std::string_view program)
{
    const QString quoted = shellQuote(programText(program));
    const qsizetype at = command.indexOf(quoted);
    QStringList words = command.mid(at + quoted.size()).split(u' ', Qt::SkipEmptyParts);
    for (QString &word : words)
        word.remove(u'\'');
    return words;
}

QString containing(std::string_view program)
{
    return QRegularExpression::escape(shellQuote(programText(program)));
}

// What the listeners were told to expect, by server.
struct Listeners {
    std::mutex mutex;
    std::map<QString, int> expected;
};

// A healthy server's answers to every command of the doctor: each ping received, each port
// bound and connected to, torch with its accelerator, 2.5 GB/s a pair.
void scriptHealthy(FakeServer &server, const Project &project, Listeners &listeners)
{
    server.on(
        FakeMatch::regex(u"^sh -c .*cw_ping "_s),
        FakeAnswer{[] {
                       QByteArray out;
                       for (int k = 0; k < 200; ++k) // more than any server's probes
                           out += "@@ping " + QByteArray::number(k) +
                                  "\n| 3 packets transmitted, 3 received, 0% packet loss\n@@rc " +
                                  QByteArray::number(k) + " 0\n";
                       return out;
                   }(),
                   {},
                   0});
    server.on(FakeMatch::regex(containing(program::port_listener_py)), [&](FakeCall &call) {
        const QStringList words = wordsAfter(call.command(), program::port_listener_py);
        {
            const std::lock_guard lock(listeners.mutex);
            listeners.expected[call.server().name()] = words.value(2).toInt();
        }
        QByteArray out;
        int ephemeral = 40000;
        for (const QString &port : words.mid(3))
            out += "bound " + port.toUtf8() + ' ' +
                   QByteArray::number(port == u"0" ? ephemeral++ : port.toInt()) + '\n';
        out += "listening " + QByteArray::number(call.server().startProcess(call.command())) + '\n';
        return FakeAnswer{out, {}, 0};
    });
    server.on(FakeMatch::prefix(u"sh -c 'p="_s), [](FakeCall &call) {
        const int pid = call.command().mid(9).section(u'\n', 0, 0).toInt();
        call.server().endProcesses([&](const FakeProcess &process) { return process.pid == pid; });
        return FakeAnswer{"gone\n", {}, 0};
    });
    server.on(FakeMatch::regex(containing(program::port_connect_py)), [](FakeCall &call) {
        QByteArray out;
        for (const QString &target : wordsAfter(call.command(), program::port_connect_py).mid(1))
            out += target.toUtf8() + " connected\n";
        return FakeAnswer{out, {}, 0};
    });
    server.on(FakeMatch::regex(containing(program::bandwidth_allreduce_py)),
              FakeAnswer{"gbps 2.5\n", {}, 0});
    server.on(FakeMatch::exact(backendProbeCommand(project)),
              FakeAnswer{"torch 2.4.0\naccel ok\n", {}, 0});
}

// Three servers of `example`, each its own fake; server2 refuses every connect.
Project threeServers(FakeFleet &fleet, const QString &example, Listeners &listeners)
{
    Project project = loadProjectFile(sourcePath(u"resources/examples/"_s + example)).project;
    if (project.servers.size() < 3) {
        Server third = project.servers.back();
        third.name = u"server2"_s;
        third.host = third.hostIp = u"10.0.0.24"_s;
        for (qsizetype k = 0; k < third.deviceIps.size(); ++k)
            third.deviceIps[k] = third.deviceIps[k].section(u'.', 0, 2) + u".%1"_s.arg(120 + k);
        project.servers.push_back(third);
    }
    project.servers.resize(3);
    for (const Server &server : project.servers) {
        FakeServer &fake = fleet.add(server.name, server.host, server.port);
        if (server.name == u"server2")
            fake.refuseConnections(SshError::Kind::Unreachable);
        else
            scriptHealthy(fake, project, listeners);
    }
    return project;
}

struct DoctorRun {
    DoctorReport report;
    std::map<DoctorPart, std::pair<int, int>> lastProgress; // done, total
    // The bandwidth cells first shown, and whether server0 had been asked anything of that part.
    std::optional<std::vector<PairBandwidth>> firstBandwidth;
    bool probedBeforeFirstBandwidth = false;
    // The same for the ports part: its first cells, and whether server0 was listening then.
    std::optional<std::vector<HostPort>> firstPorts;
    bool listenedBeforeFirstPorts = false;
};

DoctorRun runIt(const std::shared_ptr<FakeFleet> &fleet, const Project &project)
{
    DoctorRun run;
    std::mutex mutex;
    DoctorOptions options;
    options.resultsSoFar = [&](const DoctorReport &soFar) {
        const std::lock_guard lock(mutex);
        if (!run.firstPorts && soFar.parts.size() > 0 && soFar.parts.back() == DoctorPart::Ports) {
            run.firstPorts = soFar.ports;
            run.listenedBeforeFirstPorts =
                !fleet->server(u"server0"_s)
                     .commands()
                     .filter(shellQuote(programText(program::port_listener_py)))
                     .isEmpty();
        }
        if (!run.firstBandwidth && soFar.parts.size() > 0 &&
            soFar.parts.back() == DoctorPart::Bandwidth) {
            run.firstBandwidth = soFar.bandwidth;
            run.probedBeforeFirstBandwidth =
                fleet->server(u"server0"_s).commands().contains(backendProbeCommand(project));
        }
    };
    run.report = runDoctor(project, fakeFleetOptions(fleet), options,
                           [&](DoctorPart part, int done, int total, const QString &) {
                               const std::lock_guard lock(mutex);
                               run.lastProgress[part] = {done, total};
                           });
    return run;
}

// How many ports a server's listener binds.
int listenPorts(const Project &project)
{
    const std::vector<PortTarget> targets = portTargets(project, 0);
    return int(std::count_if(targets.begin(), targets.end(),
                             [](const PortTarget &target) { return target.listen; }));
}

bool withServer2(const QString &a, const QString &b)
{
    return a == u"server2" || b == u"server2";
}

// Every cell with server2 is not tested for `why`; every other cell is tested and fine.
void checkCells(const DoctorReport &report, const QString &why)
{
    const QString text = notReachedText(u"server2"_s, why);
    QVERIFY(!report.ports.empty());
    int untested = 0;
    for (const HostPort &port : report.ports) {
        if (withServer2(port.server, port.peerServer)) {
            ++untested;
            QCOMPARE(port.notReached, u"server2"_s);
            QCOMPARE(port.error, text);
            QVERIFY(!port.ok);
        } else {
            QVERIFY2(port.tested() && port.ok, qPrintable(port.evidence));
        }
    }
    QCOMPARE(untested, report.untestedPorts());
    QVERIFY(untested > 0);
    QCOMPARE(report.bandwidth.size(), size_t(3));
    for (const PairBandwidth &pair : report.bandwidth) {
        if (withServer2(pair.server, pair.peerServer)) {
            QCOMPARE(pair.notReached, u"server2"_s);
            QCOMPARE(pair.error, text);
            QVERIFY(!pair.gbps);
        } else {
            QVERIFY2(pair.tested() && pair.gbps == 2.5, qPrintable(pair.error));
        }
    }
    QCOMPARE(report.untestedPairs(), 2);
    // Not reached is no failure: nothing failed, nobody is a suspect.
    QCOMPARE(report.failedLinks() + report.failedPorts() + report.slowOrFailedPairs(), 0);
    QVERIFY(report.suspects.empty());
    QCOMPARE(report.notReached.size(), size_t(1));
    QCOMPARE(report.notReached[0].server, u"server2"_s);
    QCOMPARE(report.notReached[0].reason, why);
    const QString summary = doctorReportText(report);
    QCOMPARE(summary.count(u"not reached: server2"_s), 1);
    QVERIFY2(summary.contains(u"failed: 0 links, 0 ports, 0 slow or failed pairs\n"_s),
             qPrintable(summary));
}

// Each part's progress ended at its last step.
void checkProgress(const DoctorRun &run)
{
    QCOMPARE(run.lastProgress.size(), run.report.parts.size());
    for (const auto &[part, progress] : run.lastProgress) {
        QVERIFY2(progress.first == progress.second && progress.second > 0,
                 qPrintable(u"%1: %2 of %3"_s.arg(doctorPartName(part))
                                .arg(progress.first)
                                .arg(progress.second)));
    }
}

// The healthy servers ran every step, nothing unscripted, and no listener is left.
void checkHealthy(FakeFleet &fleet, const Project &project)
{
    for (const QString &name : {u"server0"_s, u"server1"_s}) {
        FakeServer &server = fleet.server(name);
        QCOMPARE(server.unanswered(), QStringList());
        const QStringList commands = server.commands();
        QVERIFY(commands.contains(backendProbeCommand(project)));
        const auto ran = [&](std::string_view program) {
            return !commands.filter(shellQuote(programText(program))).isEmpty();
        };
        QVERIFY(ran(program::port_listener_py));
        QVERIFY(ran(program::port_connect_py));
        QVERIFY(ran(program::bandwidth_allreduce_py));
        QVERIFY(!commands.filter(u"sh -c 'p="_s).isEmpty());
        QCOMPARE(server.aliveProcesses(), 0);
    }
}

} // namespace

class TestFakeDoctor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Ascend: the links part finds server2 unreachable; ports and bandwidth skip it.
    void notReachedInLinksIsNotTriedAgain()
    {
        auto fleet = std::make_shared<FakeFleet>();
        Listeners listeners;
        const Project project = threeServers(*fleet, u"ascend-2x8.clusterwiz.json"_s, listeners);
        const DoctorRun run = runIt(fleet, project);
        const DoctorReport &report = run.report;
        QCOMPARE(report.parts,
                 (std::vector{DoctorPart::Links, DoctorPart::Ports, DoctorPart::Bandwidth}));

        // Tried once, by the links part; never logged in to.
        FakeServer &server2 = fleet->server(u"server2"_s);
        QCOMPARE(server2.connectAttempts(), 1);
        QCOMPARE(server2.logins(), 0);

        const QString why = report.notReached.empty() ? QString() : report.notReached[0].reason;
        QVERIFY2(why.contains(u"connection refused"_s), qPrintable(why));
        checkCells(report, why);
        for (const DeviceLink &link : report.links) {
            if (link.server == u"server2")
                QVERIFY(!link.tested());
            else
                QVERIFY2(link.tested() && link.ok, qPrintable(link.evidence));
        }
        // The links part says it; the later parts add no line of their own.
        QCOMPARE(report.problems, QStringList{u"links: server2 not tested: "_s + why});

        // server2's port cells were shown before the ports part contacted anybody, as they
        // are in the end.
        QVERIFY(run.firstPorts);
        QVERIFY(!run.listenedBeforeFirstPorts);
        QCOMPARE(int(run.firstPorts->size()), report.untestedPorts());
        for (const HostPort &port : *run.firstPorts) {
            const auto last =
                std::find_if(report.ports.begin(), report.ports.end(), [&](const HostPort &cell) {
                    return cell.server == port.server && cell.peerServer == port.peerServer &&
                           cell.port == port.port;
                });
            QVERIFY(last != report.ports.end());
            QCOMPARE(port.notReached, u"server2"_s);
            QCOMPARE(port.error, last->error);
            QCOMPARE(port.evidence, last->evidence);
        }

        // server2's pairs were shown before the bandwidth part contacted anybody.
        QVERIFY(run.firstBandwidth);
        QCOMPARE(run.firstBandwidth->size(), size_t(2));
        for (const PairBandwidth &pair : *run.firstBandwidth)
            QCOMPARE(pair.notReached, u"server2"_s);
        QVERIFY(!run.probedBeforeFirstBandwidth);
        checkProgress(run);
        checkHealthy(*fleet, project);
        // Each listener waits for the one peer that connects, not for server2 as well.
        const int ports = listenPorts(project);
        QCOMPARE(listeners.expected[u"server0"_s], ports);
    }

    // cpu: no links part; the ports part finds server2 unreachable, bandwidth skips it.
    void notReachedInPortsIsNotTriedByBandwidth()
    {
        auto fleet = std::make_shared<FakeFleet>();
        Listeners listeners;
        const Project project =
            threeServers(*fleet, u"cpu-3x1-restart.clusterwiz.json"_s, listeners);
        const DoctorRun run = runIt(fleet, project);
        const DoctorReport &report = run.report;
        QCOMPARE(report.parts, (std::vector{DoctorPart::Ports, DoctorPart::Bandwidth}));
        FakeServer &server2 = fleet->server(u"server2"_s);
        QCOMPARE(server2.connectAttempts(), 1);
        QCOMPARE(server2.logins(), 0);
        const QString why = report.notReached.empty() ? QString() : report.notReached[0].reason;
        QVERIFY2(why.contains(u"connection refused"_s), qPrintable(why));
        checkCells(report, why);
        QCOMPARE(report.problems, QStringList{u"ports: server2 not reached: "_s + why});
        QVERIFY(run.firstBandwidth);
        QCOMPARE(run.firstBandwidth->size(), size_t(2));
        QVERIFY(!run.probedBeforeFirstBandwidth);
        checkProgress(run);
        checkHealthy(*fleet, project);
        // server2 was not known unreached when the listeners started: two peers expected.
        const int ports = listenPorts(project);
        QCOMPARE(listeners.expected[u"server0"_s], 2 * ports);
    }
};

QTEST_GUILESS_MAIN(TestFakeDoctor)
#include "tst_fakeDoctor.moc"
