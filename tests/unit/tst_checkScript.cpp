// check.sh, run for real on this machine with the simulated Ascend tools of tests/fixtures/ascend
// and, for the firewall parsers, stand-in ufw / firewall-cmd programs. The plan's master is
// 127.0.0.1; the only other address a plan names is never contacted (--no-reach, or the check
// runs as the server that has it). Every line is "[STATUS] CHECK_ID: detail", the check ids of
// clusterwiz-cli check (tst_checkTable proves that the two name the same checks).
#include "discover/ProbeParsers.h"
#include "generate/ScriptFiles.h"
#include "rules/ProjectValidator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace cw;

namespace {

const QStringList kServer0Ips = {u"192.168.100.101"_s, u"192.168.101.101"_s, u"192.168.102.101"_s,
                                 u"192.168.103.101"_s, u"192.168.100.100"_s, u"192.168.101.100"_s,
                                 u"192.168.102.100"_s, u"192.168.103.100"_s};
const QStringList kServer1Ips = {u"192.168.100.111"_s, u"192.168.101.111"_s, u"192.168.102.111"_s,
                                 u"192.168.103.111"_s, u"192.168.100.110"_s, u"192.168.101.110"_s,
                                 u"192.168.102.110"_s, u"192.168.103.110"_s};

struct Run {
    int exitCode = -1;
    QString out;
    // [FAIL] lines but the firewall's and sshd's: those depend on the machine.
    QStringList failures() const
    {
        QStringList lines;
        for (const QString &line : out.split(u'\n'))
            if (line.startsWith(u"[FAIL]"_s) && !machineDependent(line))
                lines << line;
        return lines;
    }
    bool machineFailed() const
    {
        for (const QString &line : out.split(u'\n'))
            if (line.startsWith(u"[FAIL]"_s) && machineDependent(line))
                return true;
        return false;
    }
    static bool machineDependent(const QString &line)
    {
        return line.startsWith(u"[FAIL] firewall-ports: "_s) || line.startsWith(u"[FAIL] sshd: "_s);
    }
};

bool writeFile(const QString &path, const QByteArray &content, bool executable = false)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(content) != content.size())
        return false;
    file.close();
    return !executable ||
           file.setPermissions(file.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeGroup);
}

QByteArray hccnConf(const QStringList &ips, const QByteArray &extra = {})
{
    QByteArray conf = "npu_count=8\n";
    for (int device = 0; device < ips.size(); ++device)
        conf +=
            u"address_%1=%2\nnetmask_%1=255.255.255.0\n"_s.arg(device).arg(ips[device]).toUtf8();
    return conf + extra;
}

int freePort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}

} // namespace

class tst_CheckScript : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_workdir, m_conf, m_fakeBin;
    QString m_routeConf; // CLUSTERWIZ_HCCN_CONF: where check.sh reads gateways and detect IPs

    Project project(Accelerator accelerator, int masterPort, int serverCount = 1) const
    {
        Project p;
        p.name = u"checks"_s;
        p.accelerator = accelerator;
        for (int s = 0; s < serverCount; ++s) {
            Server server;
            server.name = u"server%1"_s.arg(s);
            server.host = s == 0 ? u"127.0.0.1"_s : u"198.51.100.23"_s;
            server.user = u"root"_s;
            server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            if (isAscend(accelerator))
                server.deviceIps = s == 0 ? kServer0Ips : kServer1Ips;
            p.servers.push_back(server);
        }
        if (isAscend(accelerator)) {
            p.deviceNetwork.netmask = u"255.255.255.0"_s;
            p.deviceNetwork.segments = {u"192.168.100.0"_s, u"192.168.101.0"_s, u"192.168.102.0"_s,
                                        u"192.168.103.0"_s};
        }
        p.launch.workdir = m_workdir;
        p.launch.entry = u"main.py"_s;
        p.launch.python = u"/usr/bin/python3"_s;
        p.launch.masterPort = masterPort;
        p.launch.envSetup = {u"source "_s + m_dir.filePath(u"set_env.sh"_s)};
        return p;
    }

    Run run(const Project &p, const QStringList &args, const QString &nodeRank = u"0"_s,
            bool withFixtures = true)
    {
        const Problems problems = validateProject(p);
        if (!problems.empty())
            return {-2, problems.front().toString()};
        const QString script = m_dir.filePath(u"check.sh"_s);
        if (!writeFile(script, checkScript(p)))
            return {-3, u"cannot write check.sh"_s};
        QString path = m_fakeBin + u":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"_s;
        if (withFixtures)
            path.prepend(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend:"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"PATH"_s, path);
        env.insert(u"HCCN_CONF"_s, m_conf);
        env.insert(u"CLUSTERWIZ_HCCN_CONF"_s, m_routeConf.isEmpty() ? m_conf : m_routeConf);
        // torch_npu's metadata only (no module): the package check reads metadata, never imports.
        env.insert(u"PYTHONPATH"_s,
                   QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend/site-packages"));
        env.insert(u"CLUSTERWIZ_NODE_RANK"_s, nodeRank);
        env.insert(u"HOME"_s, m_dir.path());
        QProcess process;
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(m_dir.path());
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(u"/bin/bash"_s, QStringList{script} + args);
        if (!process.waitForFinished(120000)) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAll())};
    }

    // Every check passed that this machine lets pass: the firewall lines depend on it.
    static void verifyAllGood(const Run &result)
    {
        QVERIFY2(result.failures().isEmpty(), qPrintable(result.out));
        QVERIFY2(result.exitCode == (result.machineFailed() ? 1 : 0), qPrintable(result.out));
        QVERIFY(result.out.contains(u" failed\n"_s));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workdir = m_dir.filePath(u"work"_s);
        m_conf = m_dir.filePath(u"hccn.conf"_s);
        m_fakeBin = m_dir.filePath(u"bin"_s);
        QVERIFY(QDir().mkpath(m_workdir));
        QVERIFY(QDir().mkpath(m_fakeBin));
        QVERIFY(writeFile(m_workdir + u"/main.py"_s, "print('train')\n"));
        QVERIFY(writeFile(m_dir.filePath(u"set_env.sh"_s), "export ASCEND_HOME=/opt\n"));
    }

    void init()
    {
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips)));
        for (const QString &name : QDir(m_fakeBin).entryList(QDir::Files))
            QVERIFY(QFile::remove(m_fakeBin + u'/' + name));
    }

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
        QTest::newRow("hostile workdir") << int(Accelerator::Ascend910) << int(LaunchMode::Launch)
                                         << u"/w/$(reboot)`id`'\"; x"_s;
    }

    void syntax()
    {
        QFETCH(int, accelerator);
        QFETCH(int, mode);
        QFETCH(QString, workdir);
        Project p = project(static_cast<Accelerator>(accelerator), 29501, 2);
        p.launch.mode = static_cast<LaunchMode>(mode);
        p.launch.workdir = workdir;
        QVERIFY(validateProject(p).empty());
        const QString path = m_dir.filePath(u"syntax.sh"_s);
        QVERIFY(writeFile(path, checkScript(p)));
        QCOMPARE(QProcess::execute(u"/bin/bash"_s, {u"-n"_s, path}), 0);
        QCOMPARE(checkScript(p), checkScript(p));
        QCOMPARE(checkScript(p).contains("HCCN_GET_IP_COMMANDS=("),
                 accelerator == int(Accelerator::Ascend910));
        QCOMPARE(checkScript(p).contains("FACT_NPU_SMI[@]"),
                 accelerator == int(Accelerator::Ascend910));
        QCOMPARE(checkScript(p).contains("clusterwiz_check peer-login master reach "),
                 mode == int(LaunchMode::Mpirun));
    }

    void ascendAllGood()
    {
        const int port = freePort();
        const Run result = run(project(Accelerator::Ascend910, port), {});
        verifyAllGood(result);
        for (const QString &line :
             {u"[ OK ] host-ip: 127.0.0.1 on lo"_s,
              u"[ OK ] python-torch: /usr/bin/python3: Python 3."_s, u", torch 1."_s,
              u"[ OK ] accelerator: 8 NPUs; planned devices 0 1 2 3 4 5 6 7 health OK"_s,
              u"[ OK ] device-ips: device 0 192.168.100.101/255.255.255.0"_s,
              u"[ OK ] device-ips: device 7 192.168.103.100/255.255.255.0"_s,
              u"[ OK ] device-links: device 5 UP"_s,
              u"[ OK ] cann-env: "_s + m_dir.filePath(u"set_env.sh"_s) + u" exists"_s,
              u"[ OK ] paths: workdir "_s + m_workdir,
              u"[ OK ] paths: entry "_s + m_workdir + u"/main.py"_s,
              u"[ OK ] master-port-free: port %1 is free"_s.arg(port),
              u"[ OK ] hccl-ports-free: 60000-60031 free"_s,
              u"[WARN] device-net-health: device 3: Detect ip set (net_health needs a netdetect "
              u"address"_s,
              u"[SKIP] ssh: no other server in the plan"_s}) {
            QVERIFY2(result.out.contains(line), qPrintable(line + u"\n"_s + result.out));
        }
        QCOMPARE(result.out.count(u"[ OK ] device-ips: "_s), 8);
        QCOMPARE(result.out.count(u"[ OK ] device-links: "_s), 8);
        QCOMPARE(result.out.count(u"] device-net-health: "_s), 8);
        QVERIFY(!result.out.contains(u" to server"_s));
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

    void ascendFailures_data()
    {
        QTest::addColumn<QByteArray>("conf");
        QTest::addColumn<QString>("line");
        QStringList wrong = kServer0Ips;
        wrong[3] = u"192.168.103.99"_s;
        QTest::newRow("wrong device ip")
            << hccnConf(wrong)
            << u"[FAIL] device-ips: device 3 is 192.168.103.99/255.255.255.0, the plan says 192.168.103.101/255.255.255.0"_s;
        QByteArray noAddress = hccnConf(kServer0Ips);
        noAddress.replace("address_6=192.168.102.100\n", "");
        QTest::newRow("no device ip")
            << noAddress
            << u"[FAIL] device-ips: device 6: hccn_tool exited 1: Get ip address failed"_s;
        QTest::newRow("link down")
            << hccnConf(kServer0Ips, "link_5=DOWN\n") << u"[FAIL] device-links: device 5 DOWN"_s;
        QTest::newRow("unhealthy npu")
            << hccnConf(kServer0Ips, "health_2=Critical\n")
            << u"[FAIL] accelerator: device 2: Critical (npu-smi info)"_s;
        QTest::newRow("atlas a2 chip in an ascend910 project")
            << hccnConf(kServer0Ips, "npu_name=910B3\n")
            << u"[FAIL] accelerator: server %1: NPU chip 910B3 is ascend910b hardware, the project's accelerator is ascend910"_s
                   .arg(QSysInfo::machineHostName());
        QTest::newRow("fewer npus")
            << hccnConf(kServer0Ips).replace("npu_count=8", "npu_count=6")
            << u"[FAIL] accelerator: device 6: not listed by npu-smi info (it lists NPUs 0 1 2 3 4 5)"_s;
    }

    void ascendFailures()
    {
        QFETCH(QByteArray, conf);
        QFETCH(QString, line);
        QVERIFY(writeFile(m_conf, conf));
        const Run result = run(project(Accelerator::Ascend910, freePort()), {});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(line), qPrintable(result.out));
        // The only failure is that one (the device named in it).
        QVERIFY2(result.failures().first().startsWith(line.left(line.indexOf(u"device "_s) + 9)),
                 qPrintable(result.out));
    }

    // A routed device network: device-ips also compares each device's gateway and detect IP
    // (gateway_N, netdetect_N of hccn.conf) with the plan.
    void ascendRoutedDeviceIps_data()
    {
        QTest::addColumn<QByteArray>("routes");
        QTest::addColumn<bool>("confReadable");
        QTest::addColumn<QString>("line");
        QByteArray planned;
        for (int device = 0; device < 8; ++device)
            planned += u"gateway_%1=192.168.%2.254\nnetdetect_%1=192.168.%2.254\n"_s.arg(device)
                           .arg(100 + device % 4)
                           .toUtf8();
        QTest::newRow("as planned")
            << planned << true
            << u"[ OK ] device-ips: device 5 192.168.101.100/255.255.255.0 gateway "
               "192.168.101.254 detect IP 192.168.101.254"_s;
        QTest::newRow("gateway set by hand")
            << planned + "gateway_2=192.168.102.1\n"
            << true
            << u"[FAIL] device-ips: device 2 has gateway 192.168.102.1, detect IP 192.168.102.254, "
               "the plan says gateway 192.168.102.254, detect IP 192.168.102.254 "
               "(setup_device_ips.sh sets them)"_s;
        QTest::newRow("never set")
            << QByteArray() << true
            << u"[FAIL] device-ips: device 0 has gateway (none), detect IP (none), the plan says "
               "gateway 192.168.100.254, detect IP 192.168.100.254"_s;
        QTest::newRow("hccn.conf unreadable")
            << planned << false
            << u"[WARN] device-ips: device 0 192.168.100.101/255.255.255.0; its gateway and detect "
               "IP are not verified: "_s;
    }

    void ascendRoutedDeviceIps()
    {
        QFETCH(QByteArray, routes);
        QFETCH(bool, confReadable);
        QFETCH(QString, line);
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips, routes)));
        Project p = project(Accelerator::Ascend910, freePort());
        p.deviceNetwork.gateways = {u"192.168.100.254"_s, u"192.168.101.254"_s,
                                    u"192.168.102.254"_s, u"192.168.103.254"_s};
        m_routeConf = confReadable ? m_conf : m_dir.filePath(u"no-such-hccn.conf"_s);
        const Run result = run(p, {});
        m_routeConf.clear();
        QVERIFY2(result.out.contains(line), qPrintable(result.out));
        QCOMPARE(result.out.count(u"] device-ips: "_s), 8);
        if (line.startsWith(u"[FAIL]"_s)) {
            QCOMPARE(result.exitCode, 1);
            QVERIFY2(result.failures().first().startsWith(u"[FAIL] device-ips: "_s),
                     qPrintable(result.out));
        } else {
            QVERIFY2(result.failures().isEmpty(), qPrintable(result.out));
        }
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
            << u"[WARN] msrun: msrun is neither on the PATH of a non-interactive login nor "
               "beside %3; MindSpore installs it: train.sh finds it only if launch.env_setup "
               "puts it on the PATH"_s;
        QTest::newRow("nowhere, no env_setup")
            << QString() << false
            << u"[FAIL] msrun: msrun is neither on the PATH of a non-interactive login nor "
               "beside /usr/bin/python3; MindSpore installs it: install MindSpore"_s;
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

    void missingAscendTools()
    {
        const Run result = run(project(Accelerator::Ascend910, freePort()), {}, u"0"_s, false);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(u"[FAIL] accelerator: npu-smi not found on PATH"_s),
                 qPrintable(result.out));
        for (const QString &id : {u"device-ips"_s, u"device-links"_s, u"device-net-health"_s})
            QVERIFY(result.out.contains(u"[FAIL] "_s + id + u": hccn_tool not found on PATH"_s));
        QVERIFY(!result.out.contains(u"device 0"_s));
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

    void deviceNetwork()
    {
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips, "net_health_0=Socket fail\n")));
        const Project p = project(Accelerator::Ascend910, freePort(), 2);
        const Run plain = run(p, {u"--no-reach"_s});
        QVERIFY(!plain.out.contains(u" to server1"_s));
        QVERIFY(plain.out.contains(u"[WARN] device-net-health: device 0: Detect ip set"_s));
        QVERIFY(plain.out.contains(u"[SKIP] ssh: not tested (--no-reach)"_s));

        const Run result = run(p, {u"--net"_s, u"--no-reach"_s});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(
            result.out.contains(
                u"[FAIL] device-net-health: device 0 to server1: Socket fail (192.168.100.111)"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(
            u"[ OK ] device-net-health: device 1 to server1: Success (192.168.101.111)"_s));
        QVERIFY(result.out.contains(
            u"[ OK ] device-net-health: device 7 to server1: Success (192.168.103.110)"_s));
        QCOMPARE(result.out.count(u" to server1: "_s), 8);
        QFile conf(m_conf);
        QVERIFY(conf.open(QIODevice::ReadOnly));
        const QByteArray state = conf.readAll();
        QVERIFY(state.contains("netdetect_0=192.168.100.111\n"));
        QVERIFY(state.contains("netdetect_7=192.168.103.110\n"));
    }

    // A routed device network: after the peer tests each device detects its gateway again.
    void deviceNetworkRoutedRestoresDetectIps()
    {
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips, "")));
        Project p = project(Accelerator::Ascend910, freePort(), 2);
        p.deviceNetwork.gateways = {u"192.168.100.1"_s, u"192.168.101.1"_s, u"192.168.102.1"_s,
                                    u"192.168.103.1"_s};
        const Run result = run(p, {u"--net"_s, u"--no-reach"_s});
        QVERIFY2(result.out.contains(
                     u"[ OK ] device-net-health: device 0 to server1: Success (192.168.100.111)"_s),
                 qPrintable(result.out));
        QFile conf(m_conf);
        QVERIFY(conf.open(QIODevice::ReadOnly));
        const QByteArray state = conf.readAll();
        QVERIFY2(state.contains("netdetect_0=192.168.100.1\n"), state.constData());
        QVERIFY(state.contains("netdetect_7=192.168.103.1\n"));
        QVERIFY(!state.contains("netdetect_7=192.168.103.110"));
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
        QVERIFY(
            up.out.contains(u"[FAIL] host-ip: 198.51.100.23 is not an address of this server"_s));
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
            u"[FAIL] peer-login: server0: mpirun cannot log in to 127.0.0.1 without a password"_s));
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
                                     u" is not a folder"_s),
                 qPrintable(result.out));
        QVERIFY(result.out.contains(u"[FAIL] paths: entry "_s + p.launch.workdir +
                                    u"/main.py not found"_s));
        QVERIFY(result.out.contains(u"[ OK ] cann-env: "_s + m_dir.filePath(u"cann/set_env.sh"_s) +
                                    u" exists"_s));
        QVERIFY(result.out.contains(u"[FAIL] cann-env: /opt/none/set_env.sh not found"_s));
        QVERIFY(result.out.contains(
            u"[WARN] cann-env: not checked, the file depends on shell expansion: source ${ASCEND_DIR}/set_env.sh"_s));
        QCOMPARE(result.out.count(u"] cann-env: "_s), 3);
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
                                     "places (/usr/local/Ascend/ascend-toolkit/set_env.sh "
                                     "/usr/local/Ascend/cann/set_env.sh)"_s),
                 qPrintable(result.out));
        QCOMPARE(result.out.count(u"] cann-env: "_s), 1);
    }

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
        // The required ports of a one-server cpu project: master_port and the ephemeral range.
        QTest::newRow("ufw blocks")
            << u"ufw"_s << ufwHead + "22/tcp (v6)                ALLOW IN    Anywhere (v6)\nE\n"
            << u"[FAIL] firewall-ports: ufw active, default deny incoming; not allowed: PORT "
               u"(master_port), 32768-60999 (ephemeral ports (gloo))"_s;
        QTest::newRow("ufw allows")
            << u"ufw"_s
            << ufwHead + "PORT/tcp                   ALLOW IN    Anywhere\n"
                         "32768:60999/tcp            ALLOW IN    Anywhere\nE\n"
            << u"[ OK ] firewall-ports: ufw active, default deny incoming; the job's ports are "
               u"allowed"_s;
        QTest::newRow("ufw allows master_port only")
            << u"ufw"_s << ufwHead + "PORT/tcp                   ALLOW IN    Anywhere\nE\n"
            << u"[FAIL] firewall-ports: ufw active, default deny incoming; not allowed: "
               u"32768-60999 (ephemeral ports (gloo))"_s;
        QTest::newRow("ufw denies")
            << u"ufw"_s << ufwHead + "PORT                       DENY IN     Anywhere\nE\n"
            << u"[FAIL] firewall-ports: ufw active; rules deny PORT (master_port)"_s;
        QTest::newRow("ufw inactive")
            << u"ufw"_s << QByteArray("#!/bin/sh\necho 'Status: inactive'\n")
            << u"[ OK ] firewall-ports: ufw inactive"_s;
        // firewall-cmd --list-all of the default zone, as discovery reads it.
        const QByteArray firewalld =
            "#!/bin/sh\ncase \"$1\" in\n--state) echo running ;;\n"
            "--list-all) printf 'public (active)\\n  target: default\\n  services: dhcpv6-client "
            "ssh\\n  ports: %s\\n  protocols: \\n' \"$FAKE_PORTS\" ;;\n*) exit 2 ;;\nesac\n";
        QTest::newRow("firewalld blocks")
            << u"firewall-cmd"_s << QByteArray(firewalld).replace("$FAKE_PORTS", "8080/tcp")
            << u"[FAIL] firewall-ports: firewalld running; not open: PORT (master_port), "
               u"32768-60999 (ephemeral ports (gloo))"_s;
        QTest::newRow("firewalld open")
            << u"firewall-cmd"_s
            << QByteArray(firewalld).replace("$FAKE_PORTS",
                                             "PORT/tcp 9000-9100/tcp 32768-60999/tcp")
            << u"[ OK ] firewall-ports: firewalld running; the job's ports are open"_s;
        QTest::newRow("firewalld stopped")
            << u"firewall-cmd"_s << QByteArray("#!/bin/sh\necho 'not running'\nexit 252\n")
            << u"[ OK ] firewall-ports: firewalld not running"_s;
    }

    void firewalls()
    {
        QFETCH(QString, tool);
        QFETCH(QByteArray, program);
        QFETCH(QString, line);
        const int port = freePort();
        program.replace("PORT", QByteArray::number(port));
        line.replace(u"PORT"_s, QString::number(port));
        QVERIFY(writeFile(m_fakeBin + u'/' + tool, program, true));
        // Only the firewall line matters here: skip the second it takes to import torch.
        Project p = project(Accelerator::Cpu, port);
        p.launch.python = u"/bin/true"_s;
        const Run result = run(p, {});
        QVERIFY2(result.out.contains(line), qPrintable(result.out));
        QCOMPARE(result.out.count(u"firewall-ports: "_s +
                                  (tool == u"ufw"_s ? u"ufw "_s : u"firewalld "_s)),
                 1);
    }

    void hostileValuesStayInert()
    {
        const QString marker = m_dir.filePath(u"pwned"_s);
        const QString touch = u"touch "_s + marker;
        Project p = project(Accelerator::Ascend910, freePort());
        p.launch.workdir =
            m_dir.filePath(u"w $("_s + touch + u")`"_s + touch + u"`'\"; "_s + touch);
        p.launch.entry = u"m'$("_s + touch + u").py"_s;
        p.launch.python = u"python3$(touch${IFS}"_s + marker + u")"_s;
        p.launch.envSetup = {u"source /opt/$("_s + touch + u")/set_env.sh"_s};
        const Run result = run(p, {});
        QVERIFY2(result.exitCode == 1, qPrintable(result.out));
        QVERIFY(!QFile::exists(marker));
        QVERIFY2(result.out.contains(u"[FAIL] paths: workdir "_s + p.launch.workdir +
                                     u" is not a folder"_s),
                 qPrintable(result.out));
        QVERIFY(
            result.out.contains(u"[FAIL] python-torch: "_s + p.launch.python + u" not found"_s));
        QVERIFY(result.out.contains(
            u"[WARN] cann-env: not checked, the file depends on shell expansion: "_s +
            p.launch.envSetup.first()));
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
