// SPDX-License-Identifier: GPL-3.0-or-later
// The check catalogue as pure functions: captured probe output of a real Ascend server and
// hand-made active-probe results in, one result per server and check out, with the reason and
// the fixes on offer. No SSH here (tests/cluster/tst_checkFix.cpp runs it against real servers).
#include "ProbeTestData.h"

#include "checks/ActiveProbes.h"
#include "checks/CheckCatalogue.h"
#include "checks/CheckReportText.h"
#include "model/ProjectJson.h"
#include "rules/RequiredPorts.h"

#include <QFileInfo>
#include <QProcess>
#include <QTcpServer>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// resources/examples/<name>.clusterwiz.json
Project example(const QString &name)
{
    ProjectLoad load =
        loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/") + name +
                        u".clusterwiz.json"_s);
    if (!load.fatal.isEmpty() || !load.problems.empty())
        qFatal("example project %s unreadable", qPrintable(name));
    return load.project;
}

Project example2x8()
{
    return example(u"ascend-2x8"_s);
}

ServerDiscovery reachedWith(int index, const ServerFacts &facts)
{
    ServerDiscovery found;
    found.connection.serverIndex = index;
    found.connection.endpoint = u"10.0.0.%1:22"_s.arg(22 + index);
    found.connection.hostKey.fingerprint = u"SHA256:abc"_s;
    found.connection.hostKey.knownHostsLine =
        u"10.0.0.%1 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAbc%1"_s.arg(22 + index);
    found.facts = facts;
    return found;
}

ServerDiscovery unreachable(int index)
{
    ServerDiscovery found;
    found.connection.serverIndex = index;
    found.connection.error =
        SshError::make(SshError::Kind::Unreachable, u"10.0.0.23:22: connection refused"_s);
    return found;
}

ServerFacts capturedServer()
{
    return parseProbeOutput(cwtest::probeText(u"full/ascend-server.txt"_s));
}

const CheckResult &resultOf(const CheckReport &report, const char *id, int server)
{
    const CheckResult *found = report.find(QLatin1StringView(id), server);
    if (!found)
        qFatal("no result for %s on server %d", id, server);
    return *found;
}

} // namespace

class TestCheckCatalogue : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // cann-env on an Ascend project that sources no set_env.sh: CANN's places decide.
    void cannEnvWithoutASourcedSetEnv_data()
    {
        QTest::addColumn<QStringList>("present");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("says");
        const QString toolkit = u"/usr/local/Ascend/ascend-toolkit/set_env.sh"_s;
        const QString cann = u"/usr/local/Ascend/cann/set_env.sh"_s;
        QTest::newRow("toolkit there")
            << QStringList{toolkit} << int(CheckStatus::Warning) << u"add \"source "_s + toolkit;
        QTest::newRow("newer layout there")
            << QStringList{cann} << int(CheckStatus::Warning) << u"add \"source "_s + cann;
        QTest::newRow("neither") << QStringList() << int(CheckStatus::Failed)
                                 << u"in none of its places"_s;
    }

    void cannEnvWithoutASourcedSetEnv()
    {
        QFETCH(QStringList, present);
        QFETCH(int, status);
        QFETCH(QString, says);
        Project project = example2x8();
        project.launch.envSetup.clear();
        ServerFacts facts = capturedServer();
        facts.paths.setEnv.clear();
        for (const QString &path : {u"/usr/local/Ascend/ascend-toolkit/set_env.sh"_s,
                                    u"/usr/local/Ascend/cann/set_env.sh"_s})
            facts.paths.setEnv.push_back({path, present.contains(path)});
        const CheckReport report =
            evaluateChecks(project, {reachedWith(0, facts), unreachable(1)}, {});
        const CheckResult &cann = resultOf(report, check::kCannEnv, 0);
        QCOMPARE(int(cann.status), status);
        QVERIFY2(cann.reason.contains(says), qPrintable(cann.reason));
    }

    // A routed device network: device-ips compares each device's gateway and detect IP in
    // hccn.conf with the plan once its address is right.
    void deviceIpsComparesRoutes_data()
    {
        QTest::addColumn<bool>("confRead");
        QTest::addColumn<QString>("detectOfDevice4");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("says");
        QTest::newRow("all as planned")
            << true << u"192.168.100.254"_s << int(CheckStatus::Ok)
            << u"8 devices match the plan, gateways and detect IPs too"_s;
        QTest::newRow("detect IP differs")
            << true << u"192.168.100.9"_s << int(CheckStatus::Failed)
            << u"device 4 has detect IP 192.168.100.9, plan 192.168.100.254"_s;
        QTest::newRow("detect IP missing") << true << QString() << int(CheckStatus::Failed)
                                           << u"device 4 has detect IP (none), plan"_s;
        QTest::newRow("hccn.conf unreadable")
            << false << u"192.168.100.254"_s << int(CheckStatus::Warning)
            << u"gateways and detect IPs are not verified"_s;
    }

    void deviceIpsComparesRoutes()
    {
        QFETCH(bool, confRead);
        QFETCH(QString, detectOfDevice4);
        QFETCH(int, status);
        QFETCH(QString, says);
        const Project project = example(u"ascend910b-routed-2x8"_s);
        const Server &node = project.servers[0];
        const QString gateway = project.deviceNetwork.gateways.first();
        ServerFacts facts;
        facts.hccnConf.present = confRead;
        for (size_t k = 0; k < node.devices.size(); ++k) {
            const int device = node.devices[k];
            AscendDeviceFacts actual;
            actual.device = device;
            actual.address = node.deviceIps[qsizetype(k)];
            actual.netmask = project.deviceNetwork.netmask;
            facts.ascendDevices.push_back(actual);
            if (confRead)
                facts.hccnConf.devices.push_back({device, actual.address, actual.netmask,
                                                  device == 4 ? detectOfDevice4 : gateway,
                                                  gateway});
        }
        const CheckReport report =
            evaluateChecks(project, {reachedWith(0, facts), unreachable(1)}, {});
        const CheckResult &ips = resultOf(report, check::kDeviceIps, 0);
        QCOMPARE(int(ips.status), status);
        QVERIFY2(ips.reason.contains(says), qPrintable(ips.reason));
        if (ips.status == CheckStatus::Failed)
            QCOMPARE(ips.fixes, QStringList{u"set-device-ips"_s});
    }

    // msrun mode: msrun on the PATH or beside launch.python; when in neither place, a warning if
    // env_setup may still put it on the PATH (the probe does not run env_setup), else a failure.
    void msrunFoundOrNot_data()
    {
        QTest::addColumn<QString>("found");
        QTest::addColumn<bool>("envSetup");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("says");
        QTest::newRow("found") << u"/opt/ms/bin/msrun"_s << true << int(CheckStatus::Ok)
                               << u"/opt/ms/bin/msrun"_s;
        QTest::newRow("missing, env_setup may add it")
            << QString() << true << int(CheckStatus::Warning)
            << u"finds it only if launch.env_setup puts it on the PATH"_s;
        QTest::newRow("missing, no env_setup")
            << QString() << false << int(CheckStatus::Failed)
            << u"msrun is neither on the PATH of a non-interactive SSH login nor beside"_s;
    }

    void msrunFoundOrNot()
    {
        QFETCH(QString, found);
        QFETCH(bool, envSetup);
        QFETCH(int, status);
        QFETCH(QString, says);
        Project project = example(u"mindspore-2x8-msrun"_s);
        if (!envSetup)
            project.launch.envSetup.clear();
        ServerFacts facts;
        facts.msrun = found;
        facts.complete = true;
        const CheckReport report =
            evaluateChecks(project, {reachedWith(0, facts), unreachable(1)}, {});
        const CheckResult &msrun = resultOf(report, check::kMsrun, 0);
        QCOMPARE(int(msrun.status), status);
        QVERIFY2(msrun.reason.contains(says), qPrintable(msrun.reason));
        // Not a check of the other modes.
        project.launch.mode = LaunchMode::Mpirun;
        QVERIFY(!evaluateChecks(project, {reachedWith(0, facts), unreachable(1)}, {})
                     .find(QLatin1StringView(check::kMsrun), 0));
    }

    void capturedAscendServer()
    {
        const Project project = example2x8();
        const CheckReport report =
            evaluateChecks(project, {reachedWith(0, capturedServer()), unreachable(1)}, {});

        QCOMPARE(resultOf(report, check::kSsh, 0).status, CheckStatus::Ok);
        QCOMPARE(resultOf(report, check::kHostname, 0).reason, u"ascend-node01"_s);
        QCOMPARE(resultOf(report, check::kHostIp, 0).reason, u"10.0.0.22 on enp189s0f0"_s);
        // npu-smi lists all 8 NPUs; NPU 5 reports health Warning: it trains, but say so. The
        // capture is an Atlas A2 server (910B1) while the example project is ascend910: that
        // fails, naming server and chip.
        const CheckResult &npus = resultOf(report, check::kAccelerator, 0);
        QCOMPARE(npus.status, CheckStatus::Failed);
        QVERIFY2(npus.reason.contains(
                     u"server %1: NPU chip 910B1 is ascend910b hardware, the "
                     u"project's accelerator is ascend910"_s.arg(project.servers[0].name)),
                 qPrintable(npus.reason));
        QVERIFY2(npus.reason.contains(u"NPU 5 health Warning"_s), qPrintable(npus.reason));

        // The capture: device 5 has no address, device 6's link is down, device 3 reports a
        // receive timeout; the plan of the example matches every other device.
        const CheckResult &ips = resultOf(report, check::kDeviceIps, 0);
        QCOMPARE(ips.status, CheckStatus::Failed);
        QVERIFY2(ips.reason.startsWith(u"device 5 has none"_s), qPrintable(ips.reason));
        QVERIFY2(!ips.reason.contains(u';'), qPrintable(ips.reason));
        QCOMPARE(ips.fixes, QStringList{u"set-device-ips"_s});
        const CheckResult &links = resultOf(report, check::kDeviceLinks, 0);
        QCOMPARE(links.status, CheckStatus::Failed);
        QVERIFY2(links.reason.startsWith(u"device 6 link DOWN"_s), qPrintable(links.reason));
        const CheckResult &health = resultOf(report, check::kDeviceNetHealth, 0);
        QCOMPARE(health.status, CheckStatus::Warning);
        QVERIFY2(health.reason.contains(u"device 3: Receive timeout"_s), qPrintable(health.reason));

        QCOMPARE(resultOf(report, check::kPython, 0).status, CheckStatus::Ok);
        QVERIFY(resultOf(report, check::kPython, 0).reason.contains(u"torch 2.1.0"_s));
        QCOMPARE(resultOf(report, check::kCannEnv, 0).status, CheckStatus::Ok);
        const CheckResult &paths = resultOf(report, check::kPaths, 0);
        QCOMPARE(paths.status, CheckStatus::Failed);
        QVERIFY2(paths.reason.contains(u"/home/train/resnet50/main.py"_s),
                 qPrintable(paths.reason));
        QCOMPARE(resultOf(report, check::kSshd, 0).status, CheckStatus::Ok);
        // firewalld lets in 29501/tcp and 60000-60031/tcp: every port this master needs.
        const CheckResult &firewall = resultOf(report, check::kFirewallPorts, 0);
        QCOMPARE(firewall.status, CheckStatus::Ok);
        QVERIFY2(firewall.reason.startsWith(u"firewalld lets in 29501, 60000-60031"_s),
                 qPrintable(firewall.reason));
        // python3 (pid 40211) holds 127.0.0.1:29501: a job could not bind master_port.
        const CheckResult &free = resultOf(report, check::kMasterPortFree, 0);
        QCOMPARE(free.status, CheckStatus::Failed);
        QVERIFY2(free.reason.contains(u"29501"_s) && free.reason.contains(u"python3"_s),
                 qPrintable(free.reason));
        QCOMPARE(resultOf(report, check::kMasterPortReach, 0).status, CheckStatus::Skipped);

        // The unreachable server: its ssh result says why, every other check is skipped.
        const CheckResult &ssh = resultOf(report, check::kSsh, 1);
        QCOMPARE(ssh.status, CheckStatus::Failed);
        QVERIFY2(ssh.reason.startsWith(u"unreachable: 10.0.0.23:22"_s), qPrintable(ssh.reason));
        const QStringList ids = applicableChecks(project);
        int skipped = 0;
        for (const CheckResult *r : report.byId(u"paths"_s))
            skipped += r->status == CheckStatus::Skipped ? 1 : 0;
        QCOMPARE(skipped, 1);
        QCOMPARE(qsizetype(report.results.size()), 2 * ids.size());
        QVERIFY(!report.passed());
        QVERIFY(checkReportTable(report, false).contains(u"[fix: set-device-ips]"_s));
    }

    // Launch makes a missing workdir: only an entry that is neither there nor uploaded fails.
    void missingWorkdirFailsOnlyWithoutAnUploadedEntry()
    {
        Project project = example2x8();
        ServerFacts facts = capturedServer();
        facts.paths.workdir->present = false;
        facts.paths.entry->present = false;
        const auto pathsOf = [&](const Project &p) {
            return resultOf(evaluateChecks(p, {reachedWith(0, facts), unreachable(1)}, {}),
                            check::kPaths, 0);
        };
        const CheckResult missing = pathsOf(project);
        QCOMPARE(missing.status, CheckStatus::Failed);
        QVERIFY2(missing.reason.contains(facts.paths.workdir->path + u" does not exist"_s),
                 qPrintable(missing.reason));
        // The CLI's words name the file's member; the wizard's the page and the field.
        QVERIFY2(missing.reason.contains(u"list it in launch.upload"_s),
                 qPrintable(missing.reason));
        const QString wizard = missing.translatedReason();
        QVERIFY2(wizard.contains(u"add the script to Files to upload on the Launch mode page"_s),
                 qPrintable(wizard));
        QVERIFY2(!wizard.contains(u"launch."_s), qPrintable(wizard));
        project.launch.upload = {u"/home/me/src/"_s + QFileInfo(project.launch.entry).fileName()};
        const CheckResult uploaded = pathsOf(project);
        QCOMPARE(uploaded.status, CheckStatus::Ok);
        QVERIFY2(uploaded.reason.contains(u"made and"_s), qPrintable(uploaded.reason));
    }

    // Rules that could not be read are a warning that says which and why, never "ok": not root,
    // a listing cut short, a zone firewall-cmd would not list, a second packet filter unread.
    void unreadableFirewallWarns_data()
    {
        QTest::addColumn<QString>("sections");
        QTest::addColumn<QString>("reason");
        const auto section = [](const QString &name, int rc, const QString &file) {
            return u"@@clusterwiz-probe %1 rc=%2@@\n"_s.arg(name).arg(rc) +
                   (file.isEmpty() ? QString() : cwtest::probeText(file)) + u'\n';
        };
        const QString readable = section(u"nft"_s, 0, u"nft/debian-default.txt"_s) +
                                 section(u"iptables"_s, 0, u"iptables/accept-all.txt"_s);
        QTest::newRow("ufw not root")
            << section(u"ufw"_s, 1, u"ufw/not-root.txt"_s) + readable
            << u"cannot read the firewall rules: ufw: ERROR: You need to be root to run this "
               "script"_s;
        QTest::newRow("nftables listing cut short")
            << section(u"nft"_s, 0, u"nft/truncated.txt"_s) +
                   section(u"iptables"_s, 0, u"iptables/accept-all.txt"_s)
            << u"cannot read the firewall rules: nftables: output cut short inside table inet "
               "fw"_s;
        QTest::newRow("iptables not root beside an nftables that lets the ports in")
            << section(u"nft"_s, 0, u"nft/policy-drop-open-ports.txt"_s) +
                   section(u"iptables"_s, 4, u"iptables/not-root.txt"_s)
            << u"nftables lets in 29501, 60000-60031; cannot read iptables: iptables v1.8.9 "
               "(nf_tables): Could not fetch rule set generation id: Permission denied (you must "
               "be root)"_s;
        QTest::newRow("firewalld would not list its zone")
            << u"@@clusterwiz-probe firewalld-state rc=0@@\nrunning\n"_s +
                   section(u"firewalld"_s, 253, u"firewalld/not-authorized.txt"_s) + readable
            << u"firewalld: cannot tell for 29501 (master_port): Authorization failed.; cannot "
               "tell for 60000-60031 (HCCL host ports): Authorization failed."_s;
    }
    void unreadableFirewallWarns()
    {
        QFETCH(QString, sections);
        QFETCH(QString, reason);
        ServerFacts facts = capturedServer();
        facts.listeningPorts.clear();
        facts.firewall = parseProbeOutput(sections + u"@@clusterwiz-probe end rc=0@@\n"_s).firewall;
        const CheckReport report = evaluateChecks(example2x8(), {reachedWith(0, facts)}, {});
        const CheckResult &firewall = resultOf(report, check::kFirewallPorts, 0);
        QCOMPARE(firewall.reason, reason);
        QCOMPARE(firewall.status, CheckStatus::Warning);
    }

    void blockedMasterPortAndActiveProbe()
    {
        Project project = example2x8();
        ServerFacts facts = capturedServer();
        facts.listeningPorts.clear(); // master_port free
        facts.firewall = {};
        facts.firewall.nftables = parseNftRuleset(
            u"table inet filter {\n\tchain input {\n\t\ttype filter hook input priority filter; "
            u"policy accept;\n\t\ttcp dport 29501 drop\n\t}\n}\n"_s);
        deriveFirewallKind(facts.firewall);
        ServerFacts other = capturedServer();
        other.hostname = u"ascend-node02"_s;
        other.hostIps = {u"10.0.0.23"_s};
        other.firewall = {};
        ActiveProbes probes;
        probes.portProbeRan = true;
        probes.reach[1] = {PortReach::Outcome::TimedOut, u"no answer within 3 s"_s};
        const CheckReport report =
            evaluateChecks(project, {reachedWith(0, facts), reachedWith(1, other)}, probes);

        const CheckResult &firewall = resultOf(report, check::kFirewallPorts, 0);
        QCOMPARE(firewall.status, CheckStatus::Failed);
        QVERIFY2(firewall.reason.startsWith(u"nftables blocks 29501 (master_port): "_s) &&
                     firewall.reason.endsWith(u"tcp dport 29501 drop"_s),
                 qPrintable(firewall.reason));
        QCOMPARE(firewall.fixes, (QStringList{u"open-ports"_s, u"stop-firewall"_s}));
        QCOMPARE(resultOf(report, check::kFirewallPorts, 1).status, CheckStatus::Ok);
        const CheckResult &reach = resultOf(report, check::kMasterPortReach, 1);
        QCOMPARE(reach.status, CheckStatus::Failed);
        QVERIFY2(reach.reason.startsWith(u"no answer from 10.0.0.22:29501 within 3 s"_s),
                 qPrintable(reach.reason));
        QCOMPARE(resultOf(report, check::kMasterPortFree, 0).status, CheckStatus::Ok);
        // Not mpirun: no SSH-between-servers checks.
        QVERIFY(report.byId(QLatin1StringView(check::kPeerLogin)).empty());
    }

    void hostnamesAndPeersInMpirunMode()
    {
        Project project = example2x8();
        project.launch.mode = LaunchMode::Mpirun;
        ActiveProbes probes;
        probes.peerProbeRan = true;
        probes.peers[1].login = PeerTrust::Login::Denied;
        probes.peers[1].loginDetail = u"root@10.0.0.23: Permission denied (publickey)."_s;
        probes.peers[1].known = PeerTrust::Known::Missing;
        const CheckReport report = evaluateChecks(
            project, {reachedWith(0, capturedServer()), reachedWith(1, capturedServer())}, probes);
        // Both servers call themselves ascend-node01: OpenMPI would take them for one host.
        const CheckResult &hostname = resultOf(report, check::kHostname, 1);
        QCOMPARE(hostname.status, CheckStatus::Failed);
        QCOMPARE(hostname.reason, u"hostname ascend-node01 is also server0's hostname"_s);
        const CheckResult &login = resultOf(report, check::kPeerLogin, 1);
        QCOMPARE(login.status, CheckStatus::Failed);
        QCOMPARE(login.fixes, QStringList{u"deploy-ssh-key"_s});
        QVERIFY(login.reason.contains(u"Permission denied"_s));
        QCOMPARE(resultOf(report, check::kKnownHosts, 1).fixes, QStringList{u"add-known-hosts"_s});
        QCOMPARE(resultOf(report, check::kPeerLogin, 0).status, CheckStatus::Skipped);
        // mpirun logs in to server1 over SSH, so its SSH port is one the firewall must let in.
        bool sshPort = false;
        for (const RequiredPort &port : requiredPorts(project, 1))
            sshPort = sshPort || (port.span == PortSpan{22, 22});
        QVERIFY(sshPort);
    }

    // A restarting run supervised on server1 logs in from there: the SSH-trust checks run for
    // server0 and name the supervisor's server, not the master, in their reasons.
    void peerChecksNameTheSupervisorsServer()
    {
        Project project = example2x8();
        project.launch.restart.maxRestarts = 2;
        project.launch.restart.supervisor = project.servers[1].name;
        QCOMPARE(project.peerLoginIndex(), 1);
        ActiveProbes probes;
        probes.peerProbeRan = true;
        probes.peers[0].login = PeerTrust::Login::Denied;
        probes.peers[0].loginDetail = u"root@10.0.0.22: Permission denied (publickey)."_s;
        probes.peers[0].known = PeerTrust::Known::Missing;
        const CheckReport report = evaluateChecks(
            project, {reachedWith(0, capturedServer()), reachedWith(1, capturedServer())}, probes);
        const CheckResult &login = resultOf(report, check::kPeerLogin, 0);
        QCOMPARE(login.status, CheckStatus::Failed);
        QVERIFY2(login.reason.startsWith(u"the supervisor's server "_s + project.servers[1].name +
                                         u" cannot log in to"_s),
                 qPrintable(login.reason));
        const CheckResult &known = resultOf(report, check::kKnownHosts, 0);
        QVERIFY2(known.reason.contains(u"no entry in the known_hosts of the supervisor's server"_s),
                 qPrintable(known.reason));
        QCOMPARE(resultOf(report, check::kPeerLogin, 1).status, CheckStatus::Skipped);
        QCOMPARE(resultOf(report, check::kPeerLogin, 1).reason,
                 u"the supervisor's server itself"_s);
    }

    // The port owners (`ss -tulnp`) decide both port checks: master_port on the master only,
    // the HCCL range on every Ascend server, where a leftover listener is a warning.
    void portsInUse()
    {
        const Project project = example2x8();
        ServerFacts facts = capturedServer(); // python3 holds 127.0.0.1:29501
        facts.listeningPorts.push_back({u"tcp"_s, u"0.0.0.0"_s, {}, 60007, {u"python3"_s}});
        facts.listeningPorts.push_back({u"udp"_s, u"0.0.0.0"_s, {}, 60008, {u"dnsmasq"_s}});
        ServerFacts other = capturedServer();
        other.hostname = u"ascend-node02"_s;
        const CheckReport report =
            evaluateChecks(project, {reachedWith(0, facts), reachedWith(1, other)}, {});
        QCOMPARE(resultOf(report, check::kMasterPortFree, 0).status, CheckStatus::Failed);
        const CheckResult &notMaster = resultOf(report, check::kMasterPortFree, 1);
        QCOMPARE(notMaster.status, CheckStatus::Skipped);
        QCOMPARE(notMaster.reason, u"not the master"_s);
        const CheckResult &hccl = resultOf(report, check::kHcclPortsFree, 0);
        QCOMPARE(hccl.status, CheckStatus::Warning);
        QCOMPARE(hccl.reason, u"in use: 60007 (python3) (is a previous job still running?)"_s);
        const CheckResult &free = resultOf(report, check::kHcclPortsFree, 1);
        QCOMPARE(free.status, CheckStatus::Ok);
        QCOMPARE(free.reason, u"60000-60031 free"_s);
        Project cpu = project;
        cpu.accelerator = Accelerator::Cpu;
        QVERIFY(!applicableChecks(cpu).contains(QLatin1StringView(check::kHcclPortsFree)));
    }

    // The listener and its stop run for real on this machine: once the stop command returns,
    // the port can be bound again (a launch right after the checks must find it free).
    void reachabilityListenerStopFreesThePortAtOnce()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::Any, 0));
        Project project = example2x8();
        project.launch.python = u"/usr/bin/python3"_s;
        project.launch.masterPort = probe.serverPort();
        probe.close();
        const auto sh = [](const QString &command) {
            QProcess process;
            process.start(u"sh"_s, {u"-c"_s, command});
            process.waitForFinished(20000);
            return QString::fromUtf8(process.readAllStandardOutput());
        };
        QString problem;
        const std::optional<int> pid =
            parseReachabilityListener(sh(reachabilityListenerCommand(project, 1, 30)), &problem);
        QVERIFY2(pid, qPrintable(problem));
        QTcpServer taken;
        QVERIFY(!taken.listen(QHostAddress::Any, quint16(project.launch.masterPort)));
        // A second listener finds the port taken and says why.
        QVERIFY(
            !parseReachabilityListener(sh(reachabilityListenerCommand(project, 1, 30)), &problem));
        QVERIFY2(problem.contains(u"Address already in use"_s), qPrintable(problem));
        sh(reachabilityListenerStopCommand(*pid));
        QTcpServer again;
        QVERIFY2(again.listen(QHostAddress::Any, quint16(project.launch.masterPort)),
                 qPrintable(again.errorString()));
        // A pid that is not our listener is left alone.
        QProcess other;
        other.start(u"sleep"_s, {u"30"_s});
        QVERIFY(other.waitForStarted());
        sh(reachabilityListenerStopCommand(int(other.processId())));
        QVERIFY(!other.waitForFinished(300));
        other.kill();
        other.waitForFinished();
    }

    void activeProbeParsers()
    {
        QString problem;
        QCOMPARE(parseReachabilityListener(u"bound 29500 29500\nlistening 4242\n"_s, &problem),
                 std::optional<int>(4242));
        QVERIFY(!parseReachabilityListener(
            u"busy 29500 [Errno 98] Address already in use\nerror no port could be bound\n"_s,
            &problem));
        QCOMPARE(problem, u"[Errno 98] Address already in use"_s);
        QVERIFY(!parseReachabilityListener(u"error no port could be bound"_s, &problem));
        QCOMPARE(problem, u"no port could be bound"_s);
        QVERIFY(!parseReachabilityListener(QString(), &problem));
        QVERIFY(!parseReachabilityListener(u"listening -3"_s, &problem));
        QCOMPARE(parseReachabilityConnect(u"connected\n"_s, 0).outcome,
                 PortReach::Outcome::Connected);
        QCOMPARE(parseReachabilityConnect(u"timeout"_s, 0).outcome, PortReach::Outcome::TimedOut);
        QCOMPARE(parseReachabilityConnect(u"refused"_s, 0).outcome, PortReach::Outcome::Refused);
        const PortReach garbage =
            parseReachabilityConnect(u"Traceback (most recent call last):"_s, 1);
        QCOMPARE(garbage.outcome, PortReach::Outcome::Failed);
        QVERIFY(garbage.detail.startsWith(u"unrecognised output"_s));

        const std::vector<PeerTarget> targets{
            {1, u"root"_s, u"10.0.0.23"_s, 22, u"ssh-ed25519"_s, u"AAAAkey1"_s},
            {2, u"root"_s, u"10.0.0.24"_s, 2222, u"ssh-ed25519"_s, u"AAAAkey2"_s},
            {3, u"root"_s, u"10.0.0.25"_s, 22, u"ssh-ed25519"_s, u"AAAAkey3"_s}};
        ActiveProbes probes;
        parsePeerProbe(u"@@peer 1\n10.0.0.23 ssh-ed25519 AAAAkey1\n@@login rc=0\n"
                       u"@@peer 2\n@@login rc=255\nroot@10.0.0.24: Permission denied "
                       u"(publickey,password).\n"
                       u"@@peer 3\n|1|abc=|def= ssh-ed25519 AAAAother\n@@login rc=255\n"
                       u"ssh: connect to host 10.0.0.25 port 22: Connection refused\n"
                       u"@@pubkeys\nnot a key\n"_s,
                       targets, probes);
        QCOMPARE(probes.peers.at(1).known, PeerTrust::Known::Matches);
        QCOMPARE(probes.peers.at(1).login, PeerTrust::Login::Ok);
        QCOMPARE(probes.peers.at(2).known, PeerTrust::Known::Missing);
        QCOMPARE(probes.peers.at(2).login, PeerTrust::Login::Denied);
        QCOMPARE(probes.peers.at(3).known, PeerTrust::Known::Differs);
        QCOMPARE(probes.peers.at(3).login, PeerTrust::Login::Unreachable);
        QVERIFY(probes.masterPublicKeys.isEmpty()); // "not a key" is not taken for one

        // Every target's values reach the script quoted; a hostile user stays one word.
        const QString script = peerProbeScript(
            {{1, u"r$(reboot)"_s, u"10.0.0.23"_s, 22, u"ssh-ed25519"_s, u"AAAA"_s}});
        QVERIFY(script.contains(u"-l 'r$(reboot)'"_s));
        QVERIFY(script.contains(u"StrictHostKeyChecking=yes"_s));
        QVERIFY(!script.contains(u"StrictHostKeyChecking=no"_s));
    }

    void requiredPortsPerMode()
    {
        Project project = example2x8();
        auto spans = [&](int server) {
            QStringList text;
            for (const RequiredPort &port : requiredPorts(project, server))
                text.append(portSpanText(port.span));
            return text;
        };
        QCOMPARE(spans(0), (QStringList{u"29501"_s, u"60000-60031"_s}));
        QCOMPARE(spans(1), QStringList{u"60000-60031"_s});
        project.accelerator = Accelerator::Cpu;
        QCOMPARE(spans(1), QStringList{u"32768-60999"_s});
        QVERIFY(requiredPorts(project, 7).empty());
    }
};

QTEST_GUILESS_MAIN(TestCheckCatalogue)
#include "tst_checkCatalogue.moc"
