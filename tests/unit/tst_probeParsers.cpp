// SPDX-License-Identifier: GPL-3.0-or-later
// Each probe parser over captured outputs of the real tools (tests/data/probes) and over what
// goes wrong on real servers: garbage, empty output, binary junk, truncated tables, CRLF and
// extra spaces. A parser never crashes and reports what it cannot read with its first line.
#include "ProbeTestData.h"

#include "discover/ProbeParsers.h"
#include "discover/ProbeText.h"

#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

class TestProbeParsers : public QObject {
    Q_OBJECT

private:
    static void addCaptured(const char *parser, const char *file, const QString &summary,
                            bool recognised = true)
    {
        QTest::addRow("%s %s", parser, file)
            << QString::fromLatin1(parser) << probeText(QString::fromLatin1(file)) << summary
            << recognised;
    }

    static void addInline(const char *row, const char *parser, const QString &text,
                          const QString &summary, bool recognised = true)
    {
        QTest::addRow("%s: %s", parser, row)
            << QString::fromLatin1(parser) << text << summary << recognised;
    }

    static void columns()
    {
        QTest::addColumn<QString>("parser");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("summary");
        QTest::addColumn<bool>("recognised");
    }

    static void check()
    {
        QFETCH(QString, parser);
        QFETCH(QString, text);
        QFETCH(QString, summary);
        QFETCH(bool, recognised);
        QString problem;
        QCOMPARE(parserCase(parser).summary(text, &problem), summary);
        QCOMPARE(problem, recognised ? QString() : unrecognisedOutput(text));
    }

private Q_SLOTS:
    void capturedOutputs_data()
    {
        columns();
        addCaptured(
            "ip-addr", "ip-addr/debian12-vm.txt",
            u"1:lo=127.0.0.1/8,::1/128|4:eth0=192.0.2.2/24,fd00::2/64,fe80::fc:ff:fe00:1/64"_s);
        addCaptured(
            "ip-addr", "ip-addr/ascend-server.txt",
            u"1:lo=127.0.0.1/8,::1/128|2:enp189s0f0=10.0.0.22/24,10.0.0.122/24,"
            "fe80::9e7d:a3ff:fe2b:11c0/64|4:enp61s0f0=192.168.1.22/24|6:docker0=172.17.0.1/16|"
            "9:bond0.100=10.10.0.5/23|10:tun0=10.8.0.1/32"_s);
        addCaptured(
            "ss", "ss/root-with-processes.txt",
            u"udp 127.0.0.53%lo:53 systemd-resolve|udp 0.0.0.0:111 rpcbind,systemd|"
            "tcp 127.0.0.53%lo:53 systemd-resolve|tcp 0.0.0.0:22 sshd|tcp 0.0.0.0:2222 sshd|"
            "tcp 127.0.0.1:29501 python3|tcp :::22 sshd|tcp *:80 nginx"_s);
        addCaptured("ss", "ss/no-netid.txt", u"tcp 0.0.0.0:22|tcp :::22"_s);
        addCaptured("ss", "ss/debian12-vm.txt", u"tcp 0.0.0.0:2024"_s);
        addCaptured("os-release", "os-release/debian12.txt",
                    u"Debian GNU/Linux 12 (bookworm)|debian|12"_s);
        addCaptured("os-release", "os-release/ubuntu2204.txt",
                    u"Ubuntu 22.04.4 LTS|ubuntu|22.04"_s);
        addCaptured("os-release", "os-release/openeuler2203.txt",
                    u"openEuler 22.03 (LTS-SP2)|openEuler|22.03"_s);
        addCaptured(
            "npu-smi", "npu-smi/910b1-8.txt",
            u"8|910B1|23.0.rc3|0=OK,1=OK,2=OK,3=OK,4=OK,5=Warning,6=OK,7=OK|0000:42:00.0"_s);
        addCaptured(
            "npu-smi", "npu-smi/910proB-8.txt",
            u"8|910ProB|22.0.4|0=OK,1=OK,2=OK,3=OK,4=OK,5=OK,6=Critical,7=OK|0000:42:00.0"_s);
        // Atlas A3 (tests/data/probes/npu-smi/SOURCES.md): two dies per NPU.
        addCaptured("npu-smi", "npu-smi/a3-deployer-example.txt",
                    u"1|Ascend910|25.3.rc1.b020|0=OK|0000:9D:00.0"_s);
        addCaptured("npu-smi-dies", "npu-smi/a3-deployer-example.txt",
                    u"0:0/0=OK@0000:9D:00.0|1:0/1=OK@0000:9F:00.0"_s);
        addCaptured("npu-smi-dies", "npu-smi/910b1-8.txt", QString());
        addCaptured("npu-smi-m", "npu-smi/a3-mapping.txt",
                    u"0/0:0:0:Ascend910|0/1:1:1:Ascend910|1/0:2:2:Ascend910|1/1:3:3:Ascend910"_s);
        addCaptured("spod-info", "npu-smi/spod-info-a3.txt", u"327683|32|7|1"_s);
        addCaptured("spod-info", "npu-smi/spod-info-shmem.txt", u"16777216|384|0|4"_s);
        addCaptured("npu-smi", "npu-smi/truncated.txt", u"4|910B1|23.0.rc3|0=OK,1=OK,2=OK,3=OK|"_s,
                    false);
        addCaptured(
            "nvidia-smi", "nvidia-smi/h100-8.txt",
            u"0:NVIDIA H100 80GB HBM3:GPU-4c1c8a0e:0|1:NVIDIA H100 80GB HBM3:GPU-9a2b3c4d:0|"
            "2:NVIDIA H100 80GB HBM3:GPU-0b1c2d3e:0|3:NVIDIA H100 80GB HBM3:GPU-1c2d3e4f:0|"
            "4:NVIDIA H100 80GB HBM3:GPU-2d3e4f5a:0|5:NVIDIA H100 80GB HBM3:GPU-3e4f5a6b:0|"
            "6:NVIDIA H100 80GB HBM3:GPU-4f5a6b7c:0|7:NVIDIA H100 80GB HBM3:GPU-5a6b7c8d:0"_s);
        addCaptured(
            "nvidia-smi", "nvidia-smi/a100-mig.txt",
            u"0:NVIDIA A100-SXM4-40GB:GPU-5d5ba0d6:2|1:NVIDIA A100-SXM4-40GB:GPU-7a8b9c0d:0"_s);
        addCaptured("nvidia-smi", "nvidia-smi/no-driver.txt", QString(), false);
        addCaptured("mpirun", "mpirun/openmpi-414.txt", u"Open MPI|4.1.4"_s);
        addCaptured("mpirun", "mpirun/mpich.txt", u"MPICH|4.0.2"_s);
        addCaptured("mpirun", "mpirun/intel.txt", u"Intel MPI|2021.6"_s);
        addCaptured("python", "python/torch.txt", u"3.11.2|/usr/bin/python3|1.13.0a0|"_s);
        addCaptured(
            "python", "python/no-torch.txt",
            u"3.9.9|/usr/local/python3.9.9/bin/python3.9||ModuleNotFoundError: No module named 'torch'"_s);
        addCaptured("python", "python/torch-warnings.txt",
                    u"3.7.5|/usr/local/python3.7.5/bin/python3.7|1.11.0|"_s);
        addCaptured(
            "hccn-conf", "hccn/hccn.conf",
            u"0=192.168.100.101/255.255.255.0/192.168.100.111|"
            "1=192.168.101.101/255.255.255.0/192.168.101.111|2=192.168.102.101/255.255.255.0/|"
            "3=192.168.103.101/255.255.255.0/|4=192.168.100.100/255.255.255.0/|"
            "5=192.168.101.100/255.255.255.0/|6=192.168.102.100/255.255.255.0/|"
            "7=192.168.103.100/255.255.255.0/"_s);
        addCaptured("ufw", "ufw/active.txt", u"active|deny|9"_s);
        addCaptured("ufw", "ufw/inactive.txt", u"inactive||0"_s);
        addCaptured("ufw", "ufw/reject-master.txt", u"active|allow|6"_s);
        addCaptured("ufw", "ufw/not-root.txt", u"inactive||0"_s, false);
        addCaptured("firewalld", "firewalld/public.txt", u"public|default|dhcpv6-client,ssh|2|2"_s);
        addCaptured("firewalld", "firewalld/trusted.txt", u"trusted|ACCEPT||0|0"_s);
        addCaptured("nft", "nft/debian-default.txt", u"inet filter input:0,forward:0,output:0"_s);
        addCaptured("nft", "nft/policy-drop-open-ports.txt",
                    u"inet filter input:9,forward:0,output:0"_s);
        addCaptured("nft", "nft/drop-master-port.txt",
                    u"inet filter input:1|ip nat POSTROUTING:1"_s);
        addCaptured("nft", "nft/named-set-jump.txt", u"inet fw input:3,inbound:4"_s);
        addCaptured("nft", "nft/iptables-nft.txt",
                    u"ip filter INPUT:3,FORWARD:0,OUTPUT:0|ip6 filter INPUT:1"_s);
        addCaptured("nft", "nft/vmap-ports.txt", u"inet filter input:1"_s);
        addCaptured("nft", "nft/truncated.txt", QString(), false);
        addCaptured("iptables", "iptables/accept-all.txt",
                    u"INPUT:accept:0|FORWARD:accept:0|OUTPUT:accept:0"_s);
        addCaptured("iptables", "iptables/rhel-reject.txt",
                    u"INPUT:accept:6|FORWARD:accept:1|OUTPUT:accept:0"_s);
        addCaptured("iptables", "iptables/drop-port.txt",
                    u"INPUT:drop:5|FORWARD:drop:0|OUTPUT:accept:0|TRAINING::3"_s);
        addCaptured("iptables", "iptables/not-root.txt", QString(), false);
        addCaptured("hccn-tls", "hccn-tls/enabled.txt", u"on"_s);
        addCaptured("device-holders", "device-holders/two-holders.txt",
                    u"4711:3:python3|4712:5:python3|5001:0:"_s);
    }
    void capturedOutputs() { check(); }

    // The same outputs with CRLF line ends and trailing blanks read the same.
    void crlfAndTrailingSpaces_data() { capturedOutputs_data(); }
    void crlfAndTrailingSpaces()
    {
        QFETCH(QString, parser);
        QFETCH(QString, text);
        QFETCH(QString, summary);
        QFETCH(bool, recognised);
        QString crlf = text;
        crlf.replace(u"\n"_s, u"  \r\n"_s);
        QString problem;
        QCOMPARE(parserCase(parser).summary(crlf, &problem), summary);
        QCOMPARE(problem.isEmpty(), recognised);
    }

    void smallOutputs_data()
    {
        columns();
        // The super-pod probe (resources/server/probe-super-pod.sh): -m, then a block per chip.
        const QString mapping = probeText(u"npu-smi/a3-mapping.txt"_s);
        const QString spod = probeText(u"npu-smi/spod-info-a3.txt"_s);
        addInline("two dies", "super-pod",
                  mapping + u"@@spod 0 0 0 rc=0\n"_s + spod + u"@@spod 1 1 3 rc=0\n"_s + spod,
                  u"0(0/0)=327683@7|3(1/1)=327683@7"_s);
        addInline("a chip that fails", "super-pod",
                  mapping +
                      u"@@spod 0 1 1 rc=8\nError: the device id 0 or chip id 1 is invalid.\n"_s,
                  u"1(0/1)=@!Error: the device id 0 or chip id 1 is invalid."_s);
        addInline("not a number", "spod-info", u"SDID : 0x50003\nSuper Pod ID : 7\n"_s, u"||7|"_s,
                  false);
        addInline("SDID past 32 bits", "spod-info", u"SDID : 99999999999\nSuper Pod ID : 1\n"_s,
                  u"||1|"_s, false);
        addInline("an A2 -m", "npu-smi-m",
                  u"\tNPU ID   Chip ID   Chip Logic ID   Chip Name\n\t0   0   0   Ascend 910B3\n"
                  "\t0   1   -   Mcu\n"_s,
                  u"0/0:0:0:Ascend 910B3"_s);
        addInline("phy id past 255", "npu-smi-dies",
                  u"| NPU   Name | Health | x |\n| Chip  Phy-ID | Bus-Id | y |\n"
                  "| 0     Ascend910 | OK | z |\n| 0     99999999999 | 0000:9D:00.0 | w |\n"
                  "| NPU     Chip | Process id | v |\n+---+\n"_s,
                  QString());
        addInline("plain", "hostname", u"vm\n"_s, u"vm"_s);
        addInline("two words", "hostname", u"two words\n"_s, QString(), false);
        addInline("trailing space", "hostname-i", u"192.0.2.2 10.231.98.1 fd00::2 \n"_s,
                  u"192.0.2.2,10.231.98.1,fd00::2"_s);
        addInline("no address", "hostname-i", u"\n"_s, QString());
        addInline("not an address", "hostname-i", u"10.0.0.5 bogus\n"_s, u"10.0.0.5"_s, false);
        addInline("four words", "ssh-connection", u"10.0.0.5 51234 10.0.0.22 22\n"_s,
                  u"10.0.0.5|10.0.0.22|22"_s);
        addInline("three words", "ssh-connection", u"10.0.0.5 51234 10.0.0.22\n"_s, u"||0"_s,
                  false);
        addInline("listener", "sshd-processes",
                  u"1021 sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups\n"_s,
                  u"1021 sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups"_s);
        addInline("paths", "paths",
                  u"workdir yes /a b\nentry no /a b/main.py\nsetenv yes ~/x.sh\n"_s,
                  u"workdir yes|entry no|~/x.sh yes"_s);
        addInline("bad answer", "paths", u"workdir maybe /x\n"_s, QString(), false);
        addInline("documented", "hccn-ip", u"ipaddr:192.168.100.101\nnetmask:255.255.255.0\n"_s,
                  u"192.168.100.101/255.255.255.0"_s);
        addInline("spaces and CRLF", "hccn-ip",
                  u"  ipaddr : 192.168.100.101  \r\n netmask:  255.255.255.0\r\n"_s,
                  u"192.168.100.101/255.255.255.0"_s);
        addInline(
            "unknown line first", "hccn-ip",
            u"hccn_tool version 1.0\nipaddr:10.1.1.1\nmac addr: 00:e0:fc:00:00:01\nnetmask:255.255.0.0\n"_s,
            u"10.1.1.1/255.255.0.0"_s);
        addInline("upper case key", "hccn-ip", u"IPADDR:10.1.1.1\nNETMASK:255.0.0.0\n"_s,
                  u"10.1.1.1/255.0.0.0"_s);
        addInline("no netmask", "hccn-ip", u"ipaddr:192.168.100.101\n"_s, u"none"_s, false);
        addInline("bad address", "hccn-ip", u"ipaddr:999.1.1.1\nnetmask:255.255.255.0\n"_s,
                  u"none"_s, false);
        addInline("up", "hccn-link", u"link status: UP\n"_s, u"UP"_s);
        addInline("down no space", "hccn-link", u"link status:DOWN\n"_s, u"DOWN"_s);
        addInline("spaces lower case", "hccn-link", u"  Link   Status :  up \n"_s, u"UP"_s);
        addInline("unknown state", "hccn-link", u"link status: FLAPPING\n"_s, u"unknown"_s, false);
        addInline(
            "tls off", "hccn-tls",
            u"dev_id:0, tls switch[0](0:disable, 1:enable), tls preconfigured[1](0:non-preset, "
            u"1:preset), tls alarm time threshold[60]days\n"_s,
            u"off"_s);
        addInline("tls not the documented line", "hccn-tls", u"tls switch: 1\n"_s, u"unknown"_s,
                  false);
        addInline("holder not a pid", "device-holders", u"abc 3 python3\n"_s, QString(), false);
        const QStringList healths = {u"Success"_s,     u"Socket fail"_s,   u"Receive timeout"_s,
                                     u"Unreachable"_s, u"Time exceeded"_s, u"Fault"_s,
                                     u"Init"_s,        u"Thread error"_s,  u"Detect ip set"_s};
        for (const QString &health : healths)
            addInline(qPrintable(health), "hccn-health", u"net health status: "_s + health + u'\n',
                      health);
        addInline("lower case, extra spaces", "hccn-health",
                  u"net  health status:   receive   timeout\n"_s, u"Receive timeout"_s);
        addInline("unknown status", "hccn-health", u"net health status: Broken\n"_s, u"unknown"_s,
                  false);
        addInline("extra keys", "hccn-conf",
                  u"address_3 = 10.0.0.1\nlink_3=DOWN\nnetdetect_3=10.0.0.2\n"_s,
                  u"3=10.0.0.1//10.0.0.2"_s);
        addInline("bad value", "hccn-conf", u"address_0=192.168.100.1.1\n"_s,
                  u"0=192.168.100.1.1//"_s, false);
    }
    void smallOutputs() { check(); }

    void garbageGivesFirstLine_data()
    {
        QTest::addColumn<QString>("parser");
        for (const ParserCase &c : parserCases())
            QTest::newRow(qPrintable(c.name)) << c.name;
    }
    void garbageGivesFirstLine()
    {
        QFETCH(QString, parser);
        QString problem;
        parserCase(parser).summary(probeText(u"junk/garbage.txt"_s), &problem);
        QCOMPARE(problem, u"unrecognised output: Segmentation fault (core dumped)"_s);
    }

    void emptyOutput_data() { garbageGivesFirstLine_data(); }
    void emptyOutput()
    {
        QFETCH(QString, parser);
        const ParserCase &c = parserCase(parser);
        QString problem;
        c.summary(QString(), &problem);
        QCOMPARE(problem, c.emptyIsValid ? QString() : u"unrecognised output: (empty)"_s);
    }

    void binaryJunk_data() { garbageGivesFirstLine_data(); }
    void binaryJunk()
    {
        QFETCH(QString, parser);
        const QByteArray bytes = probeBytes(u"junk/binary.bin"_s);
        for (const QString &text : {QString::fromUtf8(bytes), QString::fromLatin1(bytes)}) {
            QString problem;
            parserCase(parser).summary(text, &problem);
            QVERIFY2(problem.startsWith(u"unrecognised output: "_s), qPrintable(problem));
            for (QChar c : problem)
                QVERIFY(c.unicode() >= 0x20 && c != QChar::ReplacementCharacter);
        }
    }

    // Every capture cut at many places and fed to every parser: no crash, and a problem, when
    // there is one, always has the documented form.
    void truncatedAnywhere()
    {
        QStringList inputs;
        for (const QString &file : allProbeFiles()) {
            const QString text = probeText(file);
            for (qsizetype cut = 0; cut < text.size(); cut += 13)
                inputs << text.left(cut);
        }
        QByteArray allBytes;
        for (int b = 0; b < 256; ++b)
            allBytes.append(char(b));
        inputs << QString::fromLatin1(allBytes) << QString::fromUtf8(allBytes) << u"\n\n\n"_s
               << u"|||||"_s << u"{{{{ }}}}}"_s << u"@@clusterwiz-probe x rc=1@@"_s;
        for (const QString &input : inputs) {
            for (const ParserCase &c : parserCases()) {
                QString problem;
                c.summary(input, &problem);
                if (!problem.isEmpty())
                    QVERIFY(problem.startsWith(u"unrecognised output: "_s));
            }
            parseProbeOutput(input);
        }
    }
};

QTEST_GUILESS_MAIN(TestProbeParsers)
#include "tst_probeParsers.moc"
