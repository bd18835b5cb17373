// SPDX-License-Identifier: GPL-3.0-or-later
// Routed device networks end to end on one machine: setup_device_ips.sh sets each device's
// gateway and detect IP after its address against the simulated hccn_tool, reads them back from
// the hccn.conf the tool keeps, and its backup file undoes them; the set-device-ips fix plans the
// same commands with an undo to the values discovery found.
#include "fix/FixPlanner.h"
#include "generate/ScriptFiles.h"
#include "model/ProjectJson.h"
#include "plan/HccnCommands.h"
#include "rules/ProjectValidator.h"
#include "shell/ShellQuote.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace cw;

namespace {

struct Run {
    int exitCode = -1;
    QString out;
};

QString fixtureDir()
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend");
}

// The seed's 2x8 plan with a gateway at .1 of each of its four segments; detect_ips empty, so
// every device detects its gateway.
Project routedProject()
{
    Project project =
        loadProjectFile(
            QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend-2x8.clusterwiz.json"))
            .project;
    project.deviceNetwork.gateways = {u"192.168.100.1"_s, u"192.168.101.1"_s, u"192.168.102.1"_s,
                                      u"192.168.103.1"_s};
    return project;
}

// server1 with every address as planned; device 1 has an older gateway and detect IP.
QByteArray server1Conf()
{
    const QStringList ips = routedProject().servers[1].deviceIps;
    QByteArray conf = "npu_count=8\n";
    for (int device = 0; device < 8; ++device) {
        conf +=
            u"address_%1=%2\nnetmask_%1=255.255.255.0\n"_s.arg(device).arg(ips[device]).toUtf8();
    }
    conf += "gateway_1=192.168.101.254\nnetdetect_1=192.168.101.200\n";
    return conf;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(content) == content.size();
}

// The value of key=value in an hccn.conf text.
QString confValue(const QByteArray &conf, const QString &key)
{
    for (const QByteArray &line : conf.split('\n')) {
        if (line.startsWith(key.toUtf8() + '='))
            return QString::fromUtf8(line.mid(key.size() + 1));
    }
    return {};
}

} // namespace

class tst_RoutedDeviceIps : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_script, m_conf, m_log;

    Run run(const QStringList &args, const QString &script = {})
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"PATH"_s, fixtureDir() + u":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"_s);
        env.insert(u"HCCN_CONF"_s, m_conf);
        env.insert(u"CLUSTERWIZ_HCCN_CONF"_s, m_conf);
        env.insert(u"HCCN_TOOL_LOG"_s, m_log);
        env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"1"_s);
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(m_dir.path());
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(u"/bin/bash"_s, QStringList{script.isEmpty() ? m_script : script} + args);
        if (!process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAll())};
    }

    QStringList backups() const
    {
        return QDir(m_dir.path()).entryList({u"device_ips.before.*"_s}, QDir::Files, QDir::Name);
    }

    int calls(const QString &what) const { return QString::fromUtf8(readFile(m_log)).count(what); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Project project = routedProject();
        const Problems problems = validateProject(project);
        QVERIFY2(problems.empty(),
                 qPrintable(problems.empty() ? QString() : problems.front().toString()));
        m_script = m_dir.filePath(u"setup_device_ips.sh"_s);
        m_conf = m_dir.filePath(u"hccn.conf"_s);
        m_log = m_dir.filePath(u"hccn_tool.log"_s);
        QVERIFY(writeFile(m_script, setupDeviceIpsScript(project)));
        QCOMPARE(QProcess::execute(u"/bin/bash"_s, {u"-n"_s, m_script}), 0);
    }

    void init()
    {
        for (const QString &name : backups())
            QVERIFY(QFile::remove(m_dir.filePath(name)));
        QFile::remove(m_log);
        QVERIFY(writeFile(m_conf, server1Conf()));
    }

    void scriptCarriesTheRoutes()
    {
        const QString text = QString::fromUtf8(setupDeviceIpsScript(routedProject()));
        QVERIFY(text.contains(
            uR"('\''hccn_tool'\'' '\''-i'\'' '\''6'\'' '\''-gateway'\'' '\''-s'\'' '\''gateway'\'' '\''192.168.102.1'\''')"_s));
        QVERIFY(text.contains(
            uR"('\''hccn_tool'\'' '\''-i'\'' '\''6'\'' '\''-netdetect'\'' '\''-s'\'' '\''address'\'' '\''192.168.102.1'\''')"_s));
        // A project without gateways keeps the script it always had.
        Project plain = routedProject();
        plain.deviceNetwork.gateways.clear();
        QVERIFY(!setupDeviceIpsScript(plain).contains("gateway"));
    }

    void setsGatewaysAndDetectIpsThenUndoes()
    {
        const Run first = run({});
        QVERIFY2(first.exitCode == 0, qPrintable(first.out));
        QVERIFY2(first.out.contains(u"device 1: gateway 192.168.101.1, detect IP 192.168.101.1 set "
                                    "(was gateway 192.168.101.254, detect IP 192.168.101.200)"_s),
                 qPrintable(first.out));
        QVERIFY(first.out.contains(u"device 6: gateway 192.168.102.1, detect IP 192.168.102.1 set "
                                   "(was gateway (none), detect IP (none))"_s));
        QVERIFY2(first.out.contains(u"8 set, 0 already right, 0 failed"_s), qPrintable(first.out));
        QCOMPARE(calls(u" -ip -s "_s), 0); // the addresses were right
        QCOMPARE(calls(u" -gateway -s gateway "_s), 8);
        QCOMPARE(calls(u" -netdetect -s address "_s), 8);
        const QByteArray conf = readFile(m_conf);
        for (int device = 0; device < 8; ++device) {
            const QString gateway = u"192.168.10%1.1"_s.arg(device % 4);
            QCOMPARE(confValue(conf, u"gateway_%1"_s.arg(device)), gateway);
            QCOMPARE(confValue(conf, u"netdetect_%1"_s.arg(device)), gateway);
        }

        const QStringList saved = backups();
        QCOMPARE(saved.size(), 1);
        const QByteArray backup = readFile(m_dir.filePath(saved.first()));
        QVERIFY(
            backup.contains("'hccn_tool' '-i' '1' '-gateway' '-s' 'gateway' '192.168.101.254'\n"));
        QVERIFY(backup.contains(
            "'hccn_tool' '-i' '1' '-netdetect' '-s' 'address' '192.168.101.200'\n"));
        QVERIFY(backup.contains("# device 0: no gateway to put back"));

        // Check-then-set: a second run changes nothing.
        const Run second = run({});
        QVERIFY2(second.exitCode == 0, qPrintable(second.out));
        QVERIFY2(second.out.contains(u"0 set, 8 already right, 0 failed"_s),
                 qPrintable(second.out));
        QCOMPARE(calls(u" -gateway -s gateway "_s), 8);

        // The backup puts device 1's gateway and detect IP back.
        const Run undo = run({}, m_dir.filePath(saved.first()));
        QVERIFY2(undo.exitCode == 0, qPrintable(undo.out));
        const QByteArray restored = readFile(m_conf);
        QCOMPARE(confValue(restored, u"gateway_1"_s), u"192.168.101.254"_s);
        QCOMPARE(confValue(restored, u"netdetect_1"_s), u"192.168.101.200"_s);
    }

    void dryRunShowsTheRouteCommands()
    {
        const QByteArray before = readFile(m_conf);
        const Run dry = run({u"--dry-run"_s});
        QCOMPARE(dry.exitCode, 1);
        QVERIFY2(
            dry.out.contains(u"device 1: gateway 192.168.101.1, detect IP 192.168.101.1 would "
                             "set (now gateway 192.168.101.254, detect IP 192.168.101.200):"_s),
            qPrintable(dry.out));
        QVERIFY(
            dry.out.contains(u"'hccn_tool' '-i' '1' '-gateway' '-s' 'gateway' '192.168.101.1'"_s));
        QVERIFY(dry.out.contains(u"8 of 8 devices differ from the plan"_s));
        QCOMPARE(readFile(m_conf), before);
        QCOMPARE(calls(u" -s "_s), 0);
    }

    void aReadBackThatDisagreesFails()
    {
        // A gateway_1 line the tool does not rewrite (a second, later line wins the read-back).
        QVERIFY(writeFile(m_conf, server1Conf() + "gateway_1 = 192.168.101.77\n"));
        const Run result = run({});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.contains(u"device 1: gateway 192.168.101.1, detect IP 192.168.101.1 "
                                     "FAILED ("_s),
                 qPrintable(result.out));
        QVERIFY(result.out.contains(u"reads back gateway 192.168.101.77"_s));
    }

    void fixPlansRoutesWithUndo()
    {
        const Project project = routedProject();
        CheckRun found;
        for (size_t i = 0; i < project.servers.size(); ++i) {
            ServerFacts facts;
            facts.hccnConf.present = true;
            for (size_t k = 0; k < project.servers[i].devices.size(); ++k) {
                const int device = project.servers[i].devices[k];
                AscendDeviceFacts ascend;
                ascend.device = device;
                ascend.address = project.servers[i].deviceIps[qsizetype(k)];
                ascend.netmask = project.deviceNetwork.netmask;
                facts.ascendDevices.push_back(ascend);
                HccnConfEntry entry;
                entry.device = device;
                entry.address = ascend.address;
                entry.netmask = ascend.netmask;
                const QString gateway = u"192.168.10%1.1"_s.arg(device % 4);
                entry.gateway = i == 1 && device == 1 ? u"192.168.101.254"_s : gateway;
                entry.netdetect = gateway;
                facts.hccnConf.devices.push_back(entry);
            }
            FleetResult reached;
            reached.serverIndex = int(i);
            reached.serverName = project.servers[i].name;
            found.discovery.push_back(ServerDiscovery{reached, facts});
        }
        const FixPlan plan = planSetDeviceIps(project, found);
        // Only server1 device 1's gateway differs: a read of hccn.conf, then the gateway.
        QCOMPARE(plan.steps.size(), size_t(2));
        const RemoteStep &read = plan.steps[0];
        const RemoteStep &step = plan.steps[1];
        QCOMPARE(read.serverIndex, 1);
        QVERIFY(read.undoCommand.isEmpty());
        QCOMPARE(step.serverIndex, 1);
        QCOMPARE(step.command, shellJoin(hccnSetGatewayCommand(1, u"192.168.101.1"_s)));
        QCOMPARE(step.inputFromStep, 0);
        QVERIFY2(step.description.contains(u"gateway 192.168.101.254 -> 192.168.101.1"_s),
                 qPrintable(step.description));

        // The read step and the undo, run for real: the undo restores what the read printed.
        QVERIFY(writeFile(m_conf, "gateway_1=192.168.101.254\nnetdetect_1=192.168.101.200\n"));
        QProcess shell;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"CLUSTERWIZ_HCCN_CONF"_s, m_conf);
        env.insert(u"HCCN_CONF"_s, m_conf);
        env.insert(u"PATH"_s, fixtureDir() + u":/usr/bin:/bin"_s);
        shell.setProcessEnvironment(env);
        shell.start(u"/bin/sh"_s, {u"-c"_s, read.command});
        QVERIFY(shell.waitForFinished(10000));
        const QByteArray printed = shell.readAllStandardOutput();
        QCOMPARE(printed, QByteArray("192.168.101.254 192.168.101.200\n"));
        QVERIFY(writeFile(m_conf, "gateway_1=192.168.101.1\n"));
        shell.start(u"/bin/sh"_s, {u"-c"_s, step.undoCommand});
        shell.write(printed);
        shell.closeWriteChannel();
        QVERIFY(shell.waitForFinished(10000));
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(confValue(readFile(m_conf), u"gateway_1"_s), u"192.168.101.254"_s);
        // Nothing there before: the undo leaves the value alone.
        shell.start(u"/bin/sh"_s, {u"-c"_s, step.undoCommand});
        shell.write("none none\n");
        shell.closeWriteChannel();
        QVERIFY(shell.waitForFinished(10000));
        QCOMPARE(confValue(readFile(m_conf), u"gateway_1"_s), u"192.168.101.254"_s);

        // Everything right: nothing to do, and the message says what was compared.
        found.discovery[1].facts->hccnConf.devices[1].gateway = u"192.168.101.1"_s;
        const FixPlan none = planSetDeviceIps(project, found);
        QVERIFY(none.steps.empty());
        QVERIFY(none.nothingToDo.contains(u"gateway and detect IP"_s));
    }
};

QTEST_GUILESS_MAIN(tst_RoutedDeviceIps)
#include "tst_routedDeviceIps.moc"
