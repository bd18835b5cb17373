// SPDX-License-Identifier: GPL-3.0-or-later
// check.sh's host, framework, port, firewall and reach checks, its options and its handling of
// hostile values, run for real (CheckScriptFixture.h). The Ascend device checks:
// tst_checkScriptAscend.
#include "CheckScriptFixture.h"

#include "discover/ProbeParsers.h"

#include <QFileInfo>
#include <QRegularExpression>

using namespace checkscripttest;

class tst_CheckScript : public QObject, public CheckScriptFixture {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpFolder(); }
    void init() { resetState(); }

    void syntax_data()
    {
        QTest::addColumn<int>("accelerator");
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("workdir");
        QTest::newRow("cpu launch") << int(Accelerator::Cpu) << int(LaunchMode::Launch) << u"/w"_s;
        QTest::newRow("ascend ranktable")
            << int(Accelerator::Ascend910) << int(LaunchMode::RankTable) << u"/w"_s;
        QTest::newRow("nvidia mpirun")
            << int(Accelerator::Nvidia) << int(LaunchMode::Mpirun) << u"/w"_s;
        // The workdir holds no shell metacharacters (validate refuses them); the entry may.
        QTest::newRow("hostile entry")
            << int(Accelerator::Ascend910) << int(LaunchMode::Launch) << u"/w"_s;
    }

    void syntax()
    {
        QFETCH(int, accelerator);
        QFETCH(int, mode);
        QFETCH(QString, workdir);
        Project p = project(static_cast<Accelerator>(accelerator), 29501, 2);
        p.launch.mode = static_cast<LaunchMode>(mode);
        p.launch.workdir = workdir;
        if (QTest::currentDataTag() == QByteArray("hostile entry"))
            p.launch.entry = u"m$(reboot)`id`'\"; x.py"_s;
        QVERIFY(validateProject(p).empty());
        const QString path = m_dir.filePath(u"syntax.sh"_s);
        QVERIFY(writeFile(path, checkScript(p)));
        QCOMPARE(QProcess::execute(u"/bin/bash"_s, {u"-n"_s, path}), 0);
        QCOMPARE(checkScript(p), checkScript(p));
        QCOMPARE(checkScript(p).contains("HCCN_GET_IP_COMMANDS=("),
                 accelerator == int(Accelerator::Ascend910));
        QCOMPARE(checkScript(p).contains("    [reserved-ports]="),
                 accelerator == int(Accelerator::Ascend910));
        QCOMPARE(checkScript(p).contains("clusterwiz_check peer-login hub reach "),
                 mode == int(LaunchMode::Mpirun));
        // A restarting run's supervisor logs in to the others too, in every mode.
        p.launch.restart.maxRestarts = 1;
        QVERIFY(checkScript(p).contains("clusterwiz_check peer-login hub reach "));
    }

    void cpuAllGood()
    {
        const Run result = run(project(Accelerator::Cpu, freePort()), {});
        verifyAllGood(result);
        QVERIFY(result.out.contains(u", torch 1."_s));
        QVERIFY(result.out.contains(u"[SKIP] accelerator: cpu project: no accelerator needed"_s));
        QVERIFY(!result.out.contains(u"npu-smi"_s));
        QVERIFY(!result.out.contains(u"hccl-ports-free"_s));
        QVERIFY(!result.out.contains(u"device-ips"_s));
    }

    // msrun mode: msrun on the PATH or beside launch.python, as train.sh looks for it.
    void msrunFoundOrNot_data()
    {
        QTest::addColumn<QString>("place"); // "path", "python" or "" (nowhere)
        QTest::addColumn<bool>("envSetup");
        QTest::addColumn<QString>("line");
        QTest::newRow("on the PATH") << u"path"_s << true << u"[ OK ] msrun: %1/msrun"_s;
        QTest::newRow("beside launch.python") << u"python"_s << true << u"[ OK ] msrun: %2/msrun"_s;
        QTest::newRow("nowhere, env_setup may add it")
            << QString() << true
            << u"[WARN] msrun: msrun is neither on the PATH of a non-interactive SSH login nor "
               "beside %3; MindSpore installs it: train.sh finds it only if launch.env_setup "
               "puts it on the PATH"_s;
        QTest::newRow("nowhere, no env_setup")
            << QString() << false
            << u"[FAIL] msrun: msrun is neither on the PATH of a non-interactive SSH login nor "
               "beside /usr/bin/python3; MindSpore installs it: install MindSpore for launch.python"_s;
    }

    void msrunFoundOrNot()
    {
        QFETCH(QString, place);
        QFETCH(bool, envSetup);
        QFETCH(QString, line);
        const QString venv = m_dir.filePath(u"venv/bin"_s);
        QVERIFY(QDir().mkpath(venv));
        QFile::remove(venv + u"/python3"_s);
        QFile::remove(venv + u"/msrun"_s);
        QVERIFY(QFile::link(u"/usr/bin/python3"_s, venv + u"/python3"_s));
        if (!place.isEmpty())
            QVERIFY(writeFile((place == u"path"_s ? m_fakeBin : venv) + u"/msrun"_s,
                              "#!/bin/sh\nexit 0\n", true));
        Project p = project(Accelerator::Ascend910, freePort());
        p.launch.mode = LaunchMode::Msrun;
        p.launch.framework = Framework::MindSpore;
        if (place == u"python"_s || (place.isEmpty() && envSetup))
            p.launch.python = venv + u"/python3"_s;
        if (!envSetup)
            p.launch.envSetup.clear();
        const Run result = run(p, {});
        const QString expected = QString(line)
                                     .replace(u"%1"_s, m_fakeBin)
                                     .replace(u"%2"_s, venv)
                                     .replace(u"%3"_s, p.launch.python);
        QVERIFY2(result.out.contains(expected), qPrintable(expected + u"\n"_s + result.out));
        QCOMPARE(result.out.count(u"] msrun: "_s), 1);
        QVERIFY(QFile::remove(venv + u"/python3"_s));
    }

    void masterPortInUse()
    {
        QTcpServer holder;
        QVERIFY(holder.listen(QHostAddress::LocalHost, 0));
        const int port = holder.serverPort();
        const Run result = run(project(Accelerator::Cpu, port), {});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(u"[FAIL] master-port-free: port %1 is in use"_s.arg(port)),
                 qPrintable(result.out));
        // Only the master needs it free.
        const Run worker = run(project(Accelerator::Cpu, port, 2), {u"--no-reach"_s}, u"1"_s);
        QVERIFY2(worker.out.contains(u"[SKIP] master-port-free: not the master"_s),
                 qPrintable(worker.out));
    }

    // check.sh reads the port owners' output (`ss -tulnp`, the command discovery and the launch
    // run) as discover's parser does: the same listener, the same process.
    void portOwnersReadLikeDiscovery()
    {
        const QByteArray owners =
            "Netid State  Recv-Q Send-Q   Local Address:Port  Peer Address:PortProcess\n"
            "udp   UNCONN 0      0        127.0.0.53%lo:53         0.0.0.0:*    "
            "users:((\"systemd-resolve\",pid=812,fd=13))\n"
            "udp   UNCONN 0      0              0.0.0.0:60009      0.0.0.0:*    "
            "users:((\"dnsmasq\",pid=70,fd=5))\n"
            "tcp   LISTEN 0      128            0.0.0.0:22         0.0.0.0:*    "
            "users:((\"sshd\",pid=1021,fd=3))\n"
            "tcp   LISTEN 0      4096         127.0.0.1:29501      0.0.0.0:*    "
            "users:((\"python3\",pid=40211,fd=9))\n"
            "tcp   LISTEN 0      4096              [::]:60003         [::]:*\n";
        QVERIFY(writeFile(m_fakeBin + u"/ss"_s, "#!/bin/sh\ncat <<'E'\n" + owners + "E\n", true));
        const std::vector<ListeningPort> parsed = parsePortOwners(QString::fromUtf8(owners));
        const ListeningPort *master = findPortOwner(parsed, 29501);
        QVERIFY(master);
        QCOMPARE(master->processes, QStringList{u"python3"_s});
        QVERIFY(findPortOwner(parsed, 60003));
        QVERIFY(!findPortOwner(parsed, 60009));

        Project p = project(Accelerator::Ascend910, 29501);
        p.launch.python = u"/bin/true"_s;
        const Run result = run(p, {});
        QVERIFY2(result.out.contains(u"[FAIL] master-port-free: port 29501 is in use by python3 "
                                     u"(another job? stop it or choose another master_port)"_s),
                 qPrintable(result.out));
        QVERIFY(result.out.contains(
            u"[WARN] hccl-ports-free: in use: 60003 (is a previous job still running?)"_s));
    }

    void reachOtherServers()
    {
        // Run as server1; server0 (127.0.0.1) answers on its SSH port, then stops answering.
        QTcpServer sshd;
        QVERIFY(sshd.listen(QHostAddress::LocalHost, 0));
        Project p = project(Accelerator::Cpu, freePort(), 2);
        p.servers[0].port = sshd.serverPort();
        const Run up = run(p, {}, u"1"_s);
        QVERIFY2(up.out.contains(u"[ OK ] ssh: server0: 127.0.0.1:%1 accepts connections"_s.arg(
                     sshd.serverPort())),
                 qPrintable(up.out));
        QVERIFY(up.out.contains(
            u"[FAIL] host-ip: host_ip 198.51.100.23 is not an address of this server"_s));
        // Nothing listens on master_port yet: the refusal came back through every firewall.
        QVERIFY2(
            up.out.contains(u"[ OK ] master-port-reachable: 127.0.0.1:%1 answers (refused"_s.arg(
                p.launch.masterPort)),
            qPrintable(up.out));
        sshd.close();
        const Run down = run(p, {}, u"1"_s);
        QCOMPARE(down.exitCode, 1);
        QVERIFY2(down.out.contains(
                     u"[FAIL] ssh: server0: 127.0.0.1:%1 does not accept connections"_s.arg(
                         p.servers[0].port)),
                 qPrintable(down.out));
    }

    void mpirunLoginFromMaster()
    {
        // server1 is the master here, so the only server contacted is server0 at 127.0.0.1,
        // on a port where nothing listens.
        Project p = project(Accelerator::Cpu, freePort(), 2);
        p.launch.mode = LaunchMode::Mpirun;
        p.launch.master = u"server1"_s;
        p.launch.python = u"/bin/true"_s;
        p.servers[0].port = freePort();
        const Run result = run(p, {}, u"0"_s);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(u"plan index 0, master"_s), qPrintable(result.out));
        QVERIFY(result.out.contains(u"[ OK ] mpirun: mpirun (Open MPI)"_s));
        QVERIFY(result.out.contains(
            u"[FAIL] ssh: server0: 127.0.0.1:%1 does not accept"_s.arg(p.servers[0].port)));
        QVERIFY(result.out.contains(
            u"[FAIL] peer-login: server0: server1 cannot log in to 127.0.0.1 without a password "
            u"(mpirun and a restarting run's supervisor need it)"_s));
        QVERIFY(result.out.contains(u"[FAIL] known-hosts: server0: no entry for [127.0.0.1]:%1 "
                                    u"in ~/.ssh/known_hosts"_s.arg(p.servers[0].port)));
        const Run skipped = run(p, {u"--no-reach"_s}, u"0"_s);
        QVERIFY(!skipped.out.contains(u"ssh: server0: "_s));
        QVERIFY(skipped.out.contains(u"[SKIP] peer-login: not tested (--no-reach)"_s));
        QVERIFY(skipped.out.contains(u"[FAIL] known-hosts: server0: "_s));
        // server0 runs neither: the master tests its logins to the others.
        const Run other = run(p, {u"--no-reach"_s}, u"1"_s);
        QVERIFY2(other.out.contains(u"[SKIP] peer-login: not the master"_s), qPrintable(other.out));
        QVERIFY(other.out.contains(u"[SKIP] known-hosts: not the master"_s));

        // A restarting run whose supervisor is not the master: its server tests the logins.
        p.launch.mode = LaunchMode::Launch;
        p.launch.restart.maxRestarts = 2;
        p.launch.restart.supervisor = u"server0"_s;
        const Run master = run(p, {u"--no-reach"_s}, u"0"_s); // plan index 0: server1
        QVERIFY2(master.out.contains(u"[SKIP] known-hosts: not the supervisor's server"_s),
                 qPrintable(master.out));
        const Run supervisor = run(p, {u"--no-reach"_s}, u"1"_s);
        QVERIFY2(supervisor.out.contains(u"[FAIL] known-hosts: server1: "_s),
                 qPrintable(supervisor.out));
        QVERIFY(supervisor.out.contains(u"[SKIP] peer-login: not tested (--no-reach)"_s));
        // --only: just those checks.
        const Run only =
            run(p, {u"--no-reach"_s, u"--only"_s, u"accelerator,known-hosts"_s}, u"1"_s);
        QVERIFY2(only.out.contains(u"accelerator: "_s) && only.out.contains(u"known-hosts: "_s) &&
                     !only.out.contains(u"mpirun: "_s) && !only.out.contains(u"python-torch"_s),
                 qPrintable(only.out));
    }

    void projectFilesMissing()
    {
        Project p = project(Accelerator::Cpu, freePort());
        p.launch.workdir = m_dir.filePath(u"absent"_s);
        p.launch.envSetup = {u"source ~/cann/set_env.sh"_s, u". /opt/none/set_env.sh"_s,
                             u"source ${ASCEND_DIR}/set_env.sh"_s, u"export A=1"_s};
        QVERIFY(QDir(m_dir.path()).mkpath(u"cann"_s));
        QVERIFY(writeFile(m_dir.filePath(u"cann/set_env.sh"_s), "\n"));
        const Run result = run(p, {});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(u"[FAIL] paths: workdir "_s + p.launch.workdir +
                                     u" does not exist, nor the entry in it"_s),
                 qPrintable(result.out));
        // ~/cann/set_env.sh is there; a path that needs expansion is not probed.
        QVERIFY(result.out.contains(
            u"[FAIL] cann-env: missing or unreadable: /opt/none/set_env.sh\n"_s));
        QCOMPARE(result.out.count(u"] cann-env: "_s), 1);
        QCOMPARE(result.out.count(u"] paths: "_s), 1);
    }

    // An Ascend project that sources no set_env.sh: CANN's default places are looked at, as
    // discovery does (this machine has neither).
    void cannLookedForWhenNotSourced()
    {
        if (QFileInfo::exists(u"/usr/local/Ascend"_s))
            QSKIP("this machine has /usr/local/Ascend");
        Project p = project(Accelerator::Ascend910, freePort());
        p.launch.envSetup.clear();
        const Run result = run(p, {});
        QVERIFY2(result.out.contains(u"[FAIL] cann-env: CANN's set_env.sh is in none of its "
                                     "places (/usr/local/Ascend/ascend-toolkit/set_env.sh, "
                                     "/usr/local/Ascend/cann/set_env.sh)"_s),
                 qPrintable(result.out));
        QCOMPARE(result.out.count(u"] cann-env: "_s), 1);
    }

    // One firewall-ports line, the C++ verdict's (tst_checkDifferential holds the two to the same
    // line over every recorded rule set): here check.sh gathers the facts from fake tools. Those
    // a row does not give are absent (ufw, firewall-cmd) or let everything in (nft, iptables), so
    // the line does not depend on this machine's firewall.
    void firewalls_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QByteArray>("program");
        QTest::addColumn<QString>("line");
        const QByteArray ufwHead =
            "#!/bin/sh\n[ \"$1 $2\" = 'status verbose' ] || exit 2\ncat <<'E'\n"
            "Status: active\nLogging: on (low)\nDefault: deny (incoming), allow (outgoing), "
            "disabled (routed)\n"
            "New profiles: skip\n\nTo                         Action      From\n--                 "
            "        ------      ----\n"
            "22/tcp                     ALLOW IN    Anywhere\n";
        const QString ephemeral = u"32768-60999 (ephemeral ports (gloo))"_s;
        // The required ports of a one-server cpu project: master_port and the ephemeral range.
        QTest::newRow("ufw blocks")
            << u"ufw"_s << ufwHead + "22/tcp (v6)                ALLOW IN    Anywhere (v6)\nE\n"
            << u"[FAIL] firewall-ports: ufw blocks PORT (master_port): Default: deny (incoming); "
               u"blocks "_s +
                   ephemeral + u" at 32768: Default: deny (incoming)"_s;
        QTest::newRow("ufw allows")
            << u"ufw"_s
            << ufwHead + "PORT/tcp                   ALLOW IN    Anywhere\n"
                         "32768:60999/tcp            ALLOW IN    Anywhere\nE\n"
            << u"[ OK ] firewall-ports: ufw lets in PORT, 32768-60999"_s;
        QTest::newRow("ufw allows master_port only")
            << u"ufw"_s << ufwHead + "PORT/tcp                   ALLOW IN    Anywhere\nE\n"
            << u"[FAIL] firewall-ports: ufw blocks "_s + ephemeral +
                   u" at 32768: Default: deny (incoming)"_s;
        QTest::newRow("ufw denies")
            << u"ufw"_s << ufwHead + "PORT                       DENY IN     Anywhere\nE\n"
            << u"[FAIL] firewall-ports: ufw blocks PORT (master_port): PORT                       "
               u"DENY IN     Anywhere; blocks "_s +
                   ephemeral + u" at 32768: Default: deny (incoming)"_s;
        QTest::newRow("ufw inactive")
            << u"ufw"_s << QByteArray("#!/bin/sh\necho 'Status: inactive'\n")
            << u"[ OK ] firewall-ports: no firewall filters incoming connections"_s;
        QTest::newRow("ufw not root")
            << u"ufw"_s
            << QByteArray(
                   "#!/bin/sh\necho 'ERROR: You need to be root to run this script'\nexit 1\n")
            << u"[WARN] firewall-ports: cannot read the firewall rules: ufw: ERROR: You need to be "
               u"root to run this script"_s;
        // firewall-cmd --list-all of the default zone, as discovery reads it.
        const QByteArray firewalld =
            "#!/bin/sh\ncase \"$1\" in\n--state) echo running ;;\n"
            "--list-all) printf 'public (active)\\n  target: default\\n  services: dhcpv6-client "
            "ssh\\n  ports: %s\\n  protocols: \\n' \"$FAKE_PORTS\" ;;\n*) exit 2 ;;\nesac\n";
        QTest::newRow("firewalld blocks")
            << u"firewall-cmd"_s << QByteArray(firewalld).replace("$FAKE_PORTS", "8080/tcp")
            << u"[FAIL] firewall-ports: firewalld blocks PORT (master_port): target: default "
               u"(zone public); blocks "_s +
                   ephemeral + u" at 32768: target: default (zone public)"_s;
        QTest::newRow("firewalld open")
            << u"firewall-cmd"_s
            << QByteArray(firewalld).replace("$FAKE_PORTS",
                                             "PORT/tcp 9000-9100/tcp 32768-60999/tcp")
            << u"[ OK ] firewall-ports: firewalld lets in PORT, 32768-60999"_s;
        QTest::newRow("firewalld stopped")
            << u"firewall-cmd"_s << QByteArray("#!/bin/sh\necho 'not running'\nexit 252\n")
            << u"[ OK ] firewall-ports: no firewall filters incoming connections"_s;
        QTest::newRow("nftables drops master_port")
            << u"nft"_s
            << QByteArray("#!/bin/sh\ncat <<'E'\ntable inet filter {\n\tchain input {\n\t\ttype "
                          "filter hook input priority filter; policy accept;\n\t\ttcp dport PORT "
                          "counter packets 3 bytes 180 drop\n\t}\n}\nE\n")
            << u"[FAIL] firewall-ports: nftables blocks PORT (master_port): table inet filter "
               u"chain input: tcp dport PORT counter packets 3 bytes 180 drop"_s;
        QTest::newRow("iptables drops by default")
            << u"iptables"_s
            << QByteArray("#!/bin/sh\nprintf '%s\\n' '-P INPUT DROP' '-P FORWARD DROP' "
                          "'-P OUTPUT ACCEPT' '-A INPUT -p tcp -m tcp --dport PORT -j ACCEPT'\n")
            << u"[FAIL] firewall-ports: iptables blocks "_s + ephemeral +
                   u" at 32768: -P INPUT DROP"_s;
    }

    void firewalls()
    {
        QFETCH(QString, tool);
        QFETCH(QByteArray, program);
        QFETCH(QString, line);
        const int port = freePort();
        program.replace("PORT", QByteArray::number(port));
        line.replace(u"PORT"_s, QString::number(port));
        // 127: what `timeout` answers for a program it cannot find.
        QVERIFY(writeFile(m_fakeBin + u"/ufw"_s, "#!/bin/sh\nexit 127\n", true));
        QVERIFY(writeFile(m_fakeBin + u"/firewall-cmd"_s, "#!/bin/sh\nexit 127\n", true));
        QVERIFY(writeFile(m_fakeBin + u"/nft"_s, "#!/bin/sh\nexit 0\n", true));
        QVERIFY(writeFile(m_fakeBin + u"/iptables"_s,
                          "#!/bin/sh\nprintf '%s\\n' '-P INPUT ACCEPT' '-P FORWARD ACCEPT' "
                          "'-P OUTPUT ACCEPT'\n",
                          true));
        QVERIFY(writeFile(m_fakeBin + u'/' + tool, program, true));
        // Only the firewall line matters here: skip the second it takes to import torch.
        Project p = project(Accelerator::Cpu, port);
        p.launch.python = u"/bin/true"_s;
        const Run result = run(p, {});
        QVERIFY2(result.out.contains(line + u'\n'), qPrintable(result.out));
        QCOMPARE(result.out.count(u"] firewall-ports: "_s), 1);
    }

    void hostileValuesStayInert()
    {
        const QString marker = m_dir.filePath(u"pwned"_s);
        const QString touch = u"touch "_s + marker;
        Project p = project(Accelerator::Ascend910, freePort());
        p.launch.workdir = m_dir.filePath(u"absent-workdir"_s); // metacharacters are refused
        p.launch.entry = u"m'$("_s + touch + u")`"_s + touch + u"`'\"; "_s + touch + u".py"_s;
        p.launch.python = u"python3$(touch${IFS}"_s + marker + u")"_s;
        p.launch.envSetup = {u"source /opt/$("_s + touch + u")/set_env.sh"_s};
        const Run result = run(p, {});
        QVERIFY2(result.exitCode == 1, qPrintable(result.out));
        QVERIFY(!QFile::exists(marker));
        QVERIFY2(result.out.contains(u"[FAIL] paths: workdir "_s + p.launch.workdir +
                                     u" does not exist, nor the entry in it"_s),
                 qPrintable(result.out));
        QVERIFY2(
            result.out.contains(u"[FAIL] python-torch: "_s + p.launch.python + u" does not run"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(u"[SKIP] cann-env: env_setup sources no file"_s));
    }

    void usageErrors()
    {
        const Project p = project(Accelerator::Cpu, freePort());
        const Run unknown = run(p, {u"--fix"_s});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.out.contains(u"unknown argument: --fix"_s));
        const Run notInPlan = run(p, {}, u"3"_s);
        QCOMPARE(notInPlan.exitCode, 2);
        QVERIFY(!notInPlan.out.contains(u"[ OK ]"_s));
        QCOMPARE(run(p, {u"--list"_s}, u"3"_s).exitCode, 2);
        const Run help = run(p, {u"--help"_s});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(u"--net"_s));
        QVERIFY(help.out.contains(u"--list"_s));
    }
};

QTEST_GUILESS_MAIN(tst_CheckScript)
#include "tst_checkScript.moc"
