// SPDX-License-Identifier: GPL-3.0-or-later
// parseProbeOutput(): a whole probe output of an Ascend server as captured, cut short, with
// noise, timeouts and failing tools. What each exit status means is checked here; the format
// of each tool's output is tst_probeParsers' job.
#include "ProbeTestData.h"

#include "discover/ProbeParsers.h"

#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

QString section(const QString &name, int rc, const QString &text = {})
{
    return u"@@clusterwiz-probe "_s + name + u" rc="_s + QString::number(rc) + u"@@\n"_s +
           (text.isEmpty() ? QString() : text + u'\n');
}

const QString kEnd = section(u"end"_s, 0);

bool hasIssue(const ServerFacts &facts, const QString &probe, const QString &message)
{
    for (const ProbeIssue &issue : facts.issues) {
        if (issue.probe == probe && issue.message == message)
            return true;
    }
    return false;
}

} // namespace

class TestProbeOutput : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ascendServerCapture()
    {
        const ServerFacts facts = parseProbeOutput(probeBytes(u"full/ascend-server.txt"_s));
        QVERIFY(facts.complete);
        QVERIFY(facts.issues.empty());
        QCOMPARE(facts.hostname, u"ascend-node01"_s);
        QCOMPARE(facts.hostIps.size(), 6);
        QCOMPARE(facts.hostIps.front(), u"10.0.0.22"_s);
        QCOMPARE(facts.nicWithAddress(u"10.0.0.22"_s)->name, u"enp189s0f0"_s);
        QVERIFY(!facts.nicWithAddress(u"10.0.0.99"_s));
        QCOMPARE(facts.os.id, u"openEuler"_s);
        QCOMPARE(facts.sshd.running, std::optional<bool>(true));
        QCOMPARE(facts.sshd.processes.size(), 2);
        QCOMPARE(facts.sshd.sessionServerAddress, u"10.0.0.22"_s);
        QCOMPARE(facts.sshd.sessionServerPort, 22);
        QCOMPARE(facts.sshd.ports, (std::vector<int>{22, 2222}));
        QCOMPARE(facts.listenerOn(29501)->processes, QStringList{u"python3"_s});
        QVERIFY(!facts.listenerOn(29501, u"udp"_s));
        QVERIFY(!facts.listenerOn(29600));
        QVERIFY(facts.paths.workdir->present);
        QVERIFY(!facts.paths.entry->present);
        QCOMPARE(facts.paths.setEnv.size(), size_t(1));
        QCOMPARE(facts.mpirun.version, u"4.1.4"_s);
        QCOMPARE(facts.firewall.kind, FirewallKind::Firewalld);
        QCOMPARE(firewallAllowsPort(facts.firewall, 29501).verdict, PortVerdict::Allowed);
        QCOMPARE(firewallAllowsPort(facts.firewall, 1234).verdict, PortVerdict::Blocked);
        QCOMPARE(facts.npu.count, 8);
        QCOMPARE(facts.npu.devices[5].health, u"Warning"_s);
        QVERIFY(facts.hccnConf.present);
        QCOMPARE(facts.hccnConf.device(0)->netdetect, u"192.168.100.111"_s);
        QCOMPARE(facts.ascendDevices.size(), size_t(8));
        QCOMPARE(facts.ascendDevice(0)->address, u"192.168.100.101"_s);
        QCOMPARE(facts.ascendDevice(5)->ipError,
                 u"Get ip address failed: device 5 has no ip address."_s);
        QCOMPARE(facts.ascendDevice(6)->link, LinkState::Down);
        QCOMPARE(facts.ascendDevice(3)->netHealth, NetHealth::ReceiveTimeout);
        QCOMPARE(facts.ascendDevice(2)->netHealth, NetHealth::DetectIpSet);
        QVERIFY(!facts.nvidiaSmiFound);
        QCOMPARE(facts.python.torchVersion, u"2.1.0"_s);
        QCOMPARE(facts.section(u"nvidia-smi"_s)->rc, 127);
    }

    void cutShort_data()
    {
        QTest::addColumn<QString>("marker"); // cut just before this text
        QTest::addColumn<QString>("lastSection");
        QTest::newRow("inside the npu-smi table") << u"| 4     910B1"_s << u"npu-smi"_s;
        QTest::newRow("before the end marker") << u"@@clusterwiz-probe end"_s << u"python"_s;
        QTest::newRow("inside a marker") << u"-probe hccn-link.2 rc=0@@"_s << u"hccn-ip.2"_s;
    }
    void cutShort()
    {
        QFETCH(QString, marker);
        QFETCH(QString, lastSection);
        const QString full = probeText(u"full/ascend-server.txt"_s);
        const ServerFacts facts = parseProbeOutput(full.left(full.indexOf(marker)));
        QVERIFY(!facts.complete);
        QCOMPARE(facts.sections.back().name, lastSection);
        QVERIFY(hasIssue(facts, u"end"_s,
                         u"incomplete output: it stops after section "_s + lastSection));
        QCOMPARE(facts.hostname, u"ascend-node01"_s); // what arrived is still read
    }

    void npuTableCutShortIsReported()
    {
        const QString full = probeText(u"full/ascend-server.txt"_s);
        const ServerFacts facts = parseProbeOutput(full.left(full.indexOf(u"| 4     910B1"_s)));
        QCOMPARE(facts.npu.count, 4);
        QVERIFY(hasIssue(facts, u"npu-smi"_s,
                         u"unrecognised output: "_s + QString(u'+') + QString(96, u'-') + u'+'));
    }

    void sectionSplitting()
    {
        const QString text =
            u"Welcome to the server\n"_s +
            u"@@clusterwiz-probe hostname rc=0@@\r\nnode7\r\n\r\n"_s +
            u"@@clusterwiz-probe paths rc=0@@\n"_s +
            u"workdir yes /x\n @@clusterwiz-probe end rc=0@@\n@@clusterwiz-probe x rc=abc@@\n"_s +
            u"@@clusterwiz-probe hostname-i rc=0@@\n"_s + kEnd;
        const ServerFacts facts = parseProbeOutput(text);
        QCOMPARE(facts.sections.size(), size_t(4));
        QCOMPARE(facts.sections[0].output, u"node7"_s);
        QCOMPARE(
            facts.sections[1].output,
            u"workdir yes /x\n @@clusterwiz-probe end rc=0@@\n@@clusterwiz-probe x rc=abc@@"_s);
        QCOMPARE(facts.sections[2].output, QString());
        QCOMPARE(facts.hostname, u"node7"_s);
        QVERIFY(facts.complete);
        // The escaped marker and the malformed one are output of "paths", which it cannot read.
        QVERIFY(hasIssue(facts, u"paths"_s, u"unrecognised output: workdir yes /x"_s));
        QCOMPARE(facts.issues.size(), size_t(1));
    }

    void exitStatuses()
    {
        const QString text =
            section(u"mpirun"_s, 127,
                    u"timeout: failed to run command 'mpirun': No such file or directory"_s) +
            section(u"nvidia-smi"_s, 6, u"No devices were found"_s) +
            section(u"npu-smi"_s, 1, u"dcmi module initialize failed. ret is -8005"_s) +
            section(u"sshd-processes"_s, 1) +
            section(u"python"_s, 139, u"python 3.9.9\nexecutable /usr/bin/python3.9"_s) +
            section(u"hccn-ip.0"_s, 2, u"Device 0 does not exist."_s) +
            section(u"hccn-conf"_s, 1, u"cat: /etc/hccn.conf: No such file or directory"_s) +
            section(u"firewalld-state"_s, 252, u"not running"_s) + kEnd;
        const ServerFacts facts = parseProbeOutput(text);
        QVERIFY(facts.issues.empty());
        QVERIFY(!facts.mpirun.found);
        QVERIFY(facts.nvidiaSmiFound);
        QVERIFY(facts.nvidiaSmiError.isEmpty());
        QVERIFY(facts.gpus.empty());
        QVERIFY(facts.npu.toolFound);
        QVERIFY(!facts.npu.present);
        QCOMPARE(facts.npu.error, u"dcmi module initialize failed. ret is -8005"_s);
        QCOMPARE(facts.sshd.running, std::optional<bool>(false));
        QVERIFY(facts.python.found);
        QCOMPARE(facts.python.version, u"3.9.9"_s);
        QCOMPARE(facts.python.torchError, u"the interpreter exited with status 139"_s);
        QCOMPARE(facts.ascendDevice(0)->ipError, u"Device 0 does not exist."_s);
        QVERIFY(!facts.hccnConf.present);
        QVERIFY(facts.firewall.firewalld.toolFound);
        QVERIFY(!facts.firewall.firewalld.running);
        QVERIFY(facts.firewall.firewalld.error.isEmpty());

        const ServerFacts missing = parseProbeOutput(
            section(u"python"_s, 127,
                    u"timeout: failed to run command 'python3': No such file or directory"_s) +
            section(u"sshd-processes"_s, 127) + kEnd);
        QVERIFY(!missing.python.found);
        QCOMPARE(missing.python.error,
                 u"timeout: failed to run command 'python3': No such file or directory"_s);
        QVERIFY(!missing.sshd.running.has_value());
    }

    void timeoutIsAnIssue()
    {
        const ServerFacts facts =
            parseProbeOutput(section(u"python"_s, 124, u"python 3.9.9"_s) + kEnd);
        QVERIFY(hasIssue(facts, u"python"_s, u"timed out after 20 s"_s));
        QVERIFY(facts.python.version.isEmpty());
    }

    void unreadableSectionsAreNamed_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name :
             {"hostname",       "hostname-i", "ip-addr",     "os-release",    "ssh-connection",
              "sshd-processes", "ss",         "paths",       "mpirun",        "ufw",
              "firewalld",      "nft",        "iptables",    "npu-smi",       "nvidia-smi",
              "hccn-conf",      "hccn-ip.3",  "hccn-link.3", "hccn-health.3", "python"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void unreadableSectionsAreNamed()
    {
        QFETCH(QString, name);
        const ServerFacts facts =
            parseProbeOutput(section(u"firewalld-state"_s, 0, u"running"_s) +
                             section(name, 0, u"Segmentation fault\nmore"_s) + kEnd);
        QCOMPARE(facts.issues.size(), size_t(1));
        QCOMPARE(facts.issues.front(),
                 (ProbeIssue{name, u"unrecognised output: Segmentation fault"_s}));
    }

    void nothingUsable()
    {
        const ServerFacts empty = parseProbeOutput(QString());
        QVERIFY(!empty.complete);
        QVERIFY(hasIssue(empty, u"end"_s, u"unrecognised output: (empty)"_s));
        const ServerFacts junk = parseProbeOutput(probeBytes(u"junk/binary.bin"_s));
        QVERIFY(!junk.complete);
        QCOMPARE(junk.issues.size(), size_t(1));
        QVERIFY(junk.issues.front().message.startsWith(u"unrecognised output: "_s));
    }
};

QTEST_GUILESS_MAIN(TestProbeOutput)
#include "tst_probeOutput.moc"
