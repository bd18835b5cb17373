// SPDX-License-Identifier: GPL-3.0-or-later
// The discovery probe is one POSIX sh script: these tests check its syntax under sh and bash,
// run it for real on this machine (no SSH needed) and read the result back with
// parseProbeOutput(), with the simulated Ascend tools of tests/fixtures/ascend on PATH, and with
// hostile project values that must stay inert.
#include "discover/Discovery.h"
#include "discover/FactCommands.h"
#include "discover/FactPrograms.h"
#include "discover/ProbeParsers.h"
#include "discover/ProbeScript.h"
#include "shell/ShellQuote.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

struct Run {
    int rc = -1;
    QString out;
};

Run runShell(const QString &shell, const QStringList &args, const QString &workdir = {},
             const QStringList &env = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &pair : env)
        environment.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    process.setProcessEnvironment(environment);
    if (!workdir.isEmpty())
        process.setWorkingDirectory(workdir);
    process.start(shell, args);
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return {-1, u"<timeout>"_s};
    }
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput())};
}

Project project(Accelerator accelerator, std::vector<int> devices = {0, 1})
{
    Project project;
    project.name = u"probe"_s;
    project.accelerator = accelerator;
    Server server;
    server.name = u"server0"_s;
    server.host = u"127.0.0.1"_s;
    server.user = u"root"_s;
    server.devices = std::move(devices);
    project.servers.push_back(server);
    project.launch.python = u"/usr/bin/python3"_s;
    project.launch.workdir = u"/home/train/resnet50"_s;
    project.launch.entry = u"main.py"_s;
    return project;
}

QString issuesText(const ServerFacts &facts)
{
    QStringList lines;
    for (const ProbeIssue &issue : facts.issues)
        lines << issue.probe + u": "_s + issue.message;
    return lines.join(u"; "_s);
}

void writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

const QString kFixtures = QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend");

// The real probe of `input` (its python made absent) under /bin/sh, the simulated Ascend tools
// reading `state` as their hccn.conf in `dir`: what discovery reads from it.
ServerFacts probeAscendFixture(Project input, const QTemporaryDir &dir, const QByteArray &state)
{
    writeFile(dir.filePath(u"hccn.conf"_s), state);
    const QString path = kFixtures + u':' + qEnvironmentVariable("PATH");
    input.launch.python = u"/nonexistent/python3"_s;
    const Run run = runShell(u"/bin/sh"_s, {u"-c"_s, probeScript(input, 0)}, {},
                             {u"PATH="_s + path, u"HCCN_CONF="_s + dir.filePath(u"hccn.conf"_s)});
    return parseProbeOutput(run.out);
}

} // namespace

class TestProbeScript : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void syntaxIsValid_data()
    {
        QTest::addColumn<Project>("input");
        QTest::newRow("cpu") << project(Accelerator::Cpu);
        QTest::newRow("nvidia") << project(Accelerator::Nvidia);
        QTest::newRow("ascend 8") << project(Accelerator::Ascend910, {0, 1, 2, 3, 4, 5, 6, 7});
        QTest::newRow("ascend no devices yet") << project(Accelerator::Ascend910, {});
        Project hostile = project(Accelerator::Ascend910);
        hostile.launch.workdir = u"/tmp/$(touch cw-pwned)/'x'\"y\"; `id`\\"_s;
        hostile.launch.entry = u"a'b;touch cw-pwned"_s;
        hostile.launch.python = u"python3; touch cw-pwned"_s;
        hostile.launch.envSetup = {u"source /opt/$(touch cw-pwned)/set_env.sh"_s,
                                   u"source '/opt/it''s/set_env.sh'"_s};
        QTest::newRow("hostile") << hostile;
    }
    void syntaxIsValid()
    {
        QFETCH(Project, input);
        const QString script = probeScript(input, 0);
        QVERIFY(!script.isEmpty());
        for (const QString &shell : {u"/bin/sh"_s, u"/bin/bash"_s}) {
            const Run run = runShell(shell, {u"-n"_s, u"-c"_s, script});
            QVERIFY2(run.rc == 0, qPrintable(shell));
        }
        // The command for SSH hands exactly this script to sh.
        const QString command = probeCommand(input, 0);
        QVERIFY(command.startsWith(u"sh -c '"_s));
        const Run echoed = runShell(u"/bin/sh"_s, {u"-c"_s, u"printf '%s' "_s + command.mid(6)});
        QCOMPARE(echoed.out, script);
    }

    void scriptAvoidsBackslashQuoting()
    {
        // Backslashes before quotes read differently in fish and csh: the script has none.
        const QString script = probeScript(project(Accelerator::Ascend910), 0);
        QVERIFY(!script.contains(u"\\\\"_s));
        QVERIFY(!script.contains(u"\\'"_s));
    }

    void badServerIndexGivesNothing()
    {
        QVERIFY(probeScript(project(Accelerator::Cpu), 1).isEmpty());
        QVERIFY(probeCommand(project(Accelerator::Cpu), -1).isEmpty());
    }

    // The probe runs every fact of the fact table the project asks for, with the table's
    // command, in its order (the per-device ones device by device).
    void runsTheFactTable()
    {
        const Project ascend = project(Accelerator::Ascend910, {0, 3});
        const QString script = probeScript(ascend, 0);
        qsizetype at = 0;
        for (const FactCommand &fact : factCommands()) {
            // A quick fact runs without the time limit, every other one under it.
            const QString runner = fact.quick ? u"cw_quick "_s : u"cw_probe "_s;
            if (!factWanted(fact, ascend)) {
                QVERIFY2(!script.contains(runner + shellQuote(QLatin1StringView(fact.section))),
                         fact.section);
                continue; // orted: mpirun mode without a prefix; msrun: msrun mode (below)
            }
            for (const FactInvocation &call : factInvocations(fact, ascend, ascend.servers[0])) {
                const QString line =
                    runner + shellQuote(call.section) + u' ' + shellJoin(call.argv);
                const qsizetype found = script.indexOf(line);
                QVERIFY2(found >= 0, qPrintable(line));
                if (fact.devices != FactDevices::Each) {
                    QVERIFY2(found > at, qPrintable(line)); // table order
                    at = found;
                }
            }
        }
        QVERIFY(script.contains(u"cw_probe 'npu-board' 'npu-smi' 'info' '-t' 'board' '-i' '0'"_s));
        // Without Ascend devices, no hccn_tool.
        QVERIFY(!probeScript(project(Accelerator::Cpu), 0).contains(u"hccn"_s));
    }

    void setEnvFilesFromEnvSetup()
    {
        Project input = project(Accelerator::Ascend910);
        input.launch.envSetup = {
            u"source ~/env/set_env.sh"_s, u". \"/opt/cann/set_env.sh\""_s, u"export A=1"_s,
            u"source $(pwd)/x.sh"_s,      u"source $CANN/x.sh"_s,          u"source ${HOME}/y.sh"_s,
            u"source ~/env/set_env.sh"_s};
        // A line sources a set_env.sh: CANN's default places are not looked at.
        QCOMPARE(
            probedSetEnvFiles(input),
            QStringList({u"~/env/set_env.sh"_s, u"/opt/cann/set_env.sh"_s, u"${HOME}/y.sh"_s}));
        input.accelerator = Accelerator::Cpu;
        QCOMPARE(probedSetEnvFiles(input).size(), 3);
        // None does: both of CANN's places are probed, to find the one there.
        input.accelerator = Accelerator::Ascend910b;
        input.launch.envSetup = {u"source ${HOME}/y.sh"_s};
        QCOMPARE(probedSetEnvFiles(input),
                 QStringList({u"${HOME}/y.sh"_s, u"/usr/local/Ascend/ascend-toolkit/set_env.sh"_s,
                              u"/usr/local/Ascend/cann/set_env.sh"_s}));
    }

    // msrun mode only: where msrun is, on the PATH or else beside launch.python, run for real.
    void msrunProbe()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString bin = dir.filePath(u"venv/bin"_s);
        QVERIFY(QDir().mkpath(bin));
        QVERIFY(QFile::link(u"/usr/bin/python3"_s, bin + u"/python3"_s));
        Project input = project(Accelerator::Cpu);
        input.launch.python = bin + u"/python3"_s;
        QVERIFY(!probeScript(input, 0).contains(u"'msrun'"_s));
        input.launch.mode = LaunchMode::Msrun;
        input.launch.framework = Framework::MindSpore;
        const QString script = probeScript(input, 0);
        QVERIFY2(script.contains(u"cw_quick 'msrun' "_s + shellJoin(msrunProbeArgv(input)) + u'\n'),
                 qPrintable(script));
        const QStringList path{u"PATH=/usr/bin:/bin"_s};

        ServerFacts facts =
            parseProbeOutput(runShell(u"/bin/sh"_s, {u"-c"_s, script}, {}, path).out);
        QVERIFY(facts.msrun.has_value());
        QCOMPARE(*facts.msrun, QString()); // in neither place

        writeFile(bin + u"/msrun"_s, "#!/bin/sh\n");
        QVERIFY(QFile::setPermissions(bin + u"/msrun"_s, QFile::ReadOwner | QFile::ExeOwner));
        facts = parseProbeOutput(runShell(u"/bin/sh"_s, {u"-c"_s, script}, {}, path).out);
        QCOMPARE(facts.msrun.value_or(u"unset"_s), bin + u"/msrun"_s);
    }

    // The probe's own functions, run for real with a one-second limit instead of the probe's:
    // cw_probe stops a tool that hangs (timeout's 124) and runs a missing one without
    // `timeout` (the shell's 127, as a reader expects); cw_quick never starts `timeout`.
    void aHungToolIsStoppedAndOnlyBoundedFactsPayForIt()
    {
        const QString script = probeScript(project(Accelerator::Cpu), 0);
        const QString prelude = script.left(script.indexOf(u"\ncw_quick 'clock'"_s) + 1);
        QVERIFY2(prelude.contains(u"cw_quick() {"_s), qPrintable(prelude));
        QVERIFY(!prelude.contains(u"cw_probe '"_s));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A `timeout` that says it ran, then does what the real one does.
        writeFile(dir.filePath(u"timeout"_s),
                  "#!/bin/sh\necho started >> \"$CW_TIMEOUT_LOG\"\nexec /usr/bin/timeout \"$@\"\n");
        QVERIFY(QFile::setPermissions(dir.filePath(u"timeout"_s),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QString log = dir.filePath(u"timeout.log"_s);
        const QString calls = u"cw_t='timeout -k 1 1'\n: > \"$CW_TIMEOUT_LOG\"\n"
                              "cw_probe hang sleep 30\n"
                              "cw_probe missing clusterwiz-no-such-tool\n"
                              "cw_quick fast echo hi\n"
                              "cw_quick gone clusterwiz-no-such-tool\n"_s;
        QElapsedTimer clock;
        clock.start();
        const Run run =
            runShell(u"/bin/sh"_s, {u"-c"_s, prelude + calls}, {},
                     {u"PATH="_s + dir.path() + u":/usr/bin:/bin"_s, u"CW_TIMEOUT_LOG="_s + log});
        QVERIFY2(clock.elapsed() < 15000, "the hung tool was stopped by its limit");
        QVERIFY2(run.out.contains(u"@@clusterwiz-probe hang rc=124@@"_s), qPrintable(run.out));
        QVERIFY2(run.out.contains(u"@@clusterwiz-probe missing rc=127@@"_s), qPrintable(run.out));
        QVERIFY2(run.out.contains(u"@@clusterwiz-probe fast rc=0@@\nhi\n"_s), qPrintable(run.out));
        QVERIFY2(run.out.contains(u"@@clusterwiz-probe gone rc=127@@"_s), qPrintable(run.out));
        QFile started(log);
        QVERIFY(started.open(QIODevice::ReadOnly));
        QCOMPARE(started.readAll(), QByteArray("started\n")); // the hung tool's alone
    }

    void runsOnThisMachine()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeFile(dir.filePath(u"main.py"_s), "print('hi')\n");
        writeFile(dir.filePath(u"set_env.sh"_s), "export CW_TEST=1\n");
        Project input = project(Accelerator::Cpu);
        input.launch.workdir = dir.path();
        input.launch.envSetup = {u"source "_s + dir.filePath(u"set_env.sh"_s),
                                 u"source "_s + dir.filePath(u"missing.sh"_s)};
        QTcpServer listener;
        QVERIFY(listener.listen(QHostAddress::LocalHost));

        const Run run = runShell(u"/bin/sh"_s, {u"-c"_s, probeScript(input, 0)});
        QCOMPARE(run.rc, 0);
        const ServerFacts facts = parseProbeOutput(run.out);
        QVERIFY2(facts.complete, qPrintable(run.out.right(500)));
        QVERIFY2(facts.issues.empty(), qPrintable(issuesText(facts)));

        QCOMPARE(facts.hostname, runShell(u"/bin/sh"_s, {u"-c"_s, u"hostname"_s}).out.trimmed());
        const QString hostIps = runShell(u"/bin/sh"_s, {u"-c"_s, u"hostname -I"_s}).out;
        QCOMPARE(facts.hostIps, hostIps.simplified().split(u' ', Qt::SkipEmptyParts));
        const Nic *loopback = facts.nicWithAddress(u"127.0.0.1"_s);
        QVERIFY(loopback);
        QCOMPARE(loopback->name, u"lo"_s);
        QCOMPARE(loopback->addresses.front().prefix, 8);
        for (const QString &address : facts.hostIps) {
            if (!address.contains(u':'))
                QVERIFY2(facts.nicWithAddress(address), qPrintable(address));
        }
        QVERIFY(!facts.os.prettyName.isEmpty());
        QFile osRelease(u"/etc/os-release"_s);
        QVERIFY(osRelease.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(osRelease.readAll()).contains(facts.os.prettyName));

        const QString version =
            runShell(u"/usr/bin/python3"_s,
                     {u"-c"_s, u"import platform; print(platform.python_version())"_s})
                .out;
        QVERIFY(facts.python.found);
        QCOMPARE(facts.python.version, version.trimmed());
        QCOMPARE(facts.python.executable, u"/usr/bin/python3"_s);
        QVERIFY2(facts.python.torchVersion.startsWith(u"1.13."_s),
                 qPrintable(facts.python.torchVersion));
        QVERIFY(facts.python.torchError.isEmpty());
        QVERIFY(facts.mpirun.found);
        QCOMPARE(facts.mpirun.implementation, u"Open MPI"_s);
        QVERIFY2(facts.mpirun.version.startsWith(u"4.1."_s), qPrintable(facts.mpirun.version));

        const ListeningPort *port = facts.listenerOn(listener.serverPort());
        QVERIFY(port);
        QCOMPARE(port->address, u"127.0.0.1"_s);
        QVERIFY(facts.paths.workdir && facts.paths.workdir->present);
        QCOMPARE(facts.paths.workdir->path, dir.path());
        QCOMPARE(facts.paths.workdirWritable, std::optional<bool>(true));
        QVERIFY(facts.paths.entry && facts.paths.entry->present);
        QCOMPARE(facts.paths.entry->path, dir.filePath(u"main.py"_s));
        QCOMPARE(facts.paths.setEnv.size(), size_t(2));
        QVERIFY(facts.paths.setEnv[0].present);
        QVERIFY(!facts.paths.setEnv[1].present);
        QVERIFY(!facts.npu.toolFound);
        QVERIFY(facts.ascendDevices.empty());
        if (geteuid() == 0)
            QVERIFY(facts.firewall.kind != FirewallKind::Unknown);
    }

    void homeRelativePaths()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        QVERIFY(QDir(home.path()).mkpath(u"work"_s));
        writeFile(home.filePath(u"work/train.py"_s), "");
        writeFile(home.filePath(u"a.sh"_s), "");
        writeFile(home.filePath(u"c.sh"_s), "");
        Project input = project(Accelerator::Cpu);
        input.launch.workdir = u"~/work"_s;
        input.launch.entry = u"train.py"_s;
        input.launch.envSetup = {u"source $HOME/a.sh"_s, u"source ${HOME}/b.sh"_s, u". ~/c.sh"_s};
        input.launch.python = u"/nonexistent/python3"_s; // not the point here; saves a torch import
        const Run run = runShell(u"/bin/sh"_s, {u"-c"_s, probeScript(input, 0)}, {},
                                 {u"HOME="_s + home.path()});
        const ServerFacts facts = parseProbeOutput(run.out);
        QVERIFY(facts.paths.workdir && facts.paths.workdir->present);
        QCOMPARE(facts.paths.workdir->path, u"~/work"_s);
        QVERIFY(facts.paths.entry && facts.paths.entry->present);
        QCOMPARE(facts.paths.entry->path, u"~/work/train.py"_s);
        QCOMPARE(facts.paths.setEnv.size(), size_t(3));
        QVERIFY(facts.paths.setEnv[0].present);
        QVERIFY(!facts.paths.setEnv[1].present);
        QVERIFY(facts.paths.setEnv[2].present);
    }

    void missingToolsGiveRc127()
    {
        const Run run =
            runShell(u"/bin/sh"_s, {u"-c"_s, probeScript(project(Accelerator::Ascend910), 0)}, {},
                     {u"PATH=/nonexistent-cw"_s});
        const ServerFacts facts = parseProbeOutput(run.out);
        QVERIFY(facts.complete);
        QCOMPARE(facts.section(u"hostname"_s)->rc, 127);
        QCOMPARE(facts.section(u"npu-smi"_s)->rc, 127);
        QCOMPARE(facts.section(u"hccn-ip.1"_s)->rc, 127);
        QVERIFY(facts.hostname.isEmpty());
        QVERIFY(!facts.npu.toolFound);
        QCOMPARE(facts.ascendDevice(1)->ipError, u"hccn_tool not found"_s);
        QVERIFY(facts.python.found); // launch.python is an absolute path
        QVERIFY(!facts.mpirun.found);
        QVERIFY2(facts.issues.empty(), qPrintable(issuesText(facts)));
    }

    void ascendFixture()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QByteArray state = "npu_count=8\nnpu_name=910B1\nhealth_2=Warning\nlink_3=DOWN\n"
                           "netdetect_0=192.168.100.111\nnetdetect_1=192.168.101.111\n"
                           "net_health_1=Receive timeout\n";
        for (int device = 0; device < 8; ++device) {
            if (device == 5)
                continue; // device 5 has no address yet
            state += QStringLiteral("address_%1=192.168.10%2.%3\nnetmask_%1=255.255.255.0\n")
                         .arg(device)
                         .arg(device % 4)
                         .arg(device < 4 ? 101 : 100)
                         .toUtf8();
        }
        const ServerFacts facts = probeAscendFixture(
            project(Accelerator::Ascend910, {0, 1, 2, 3, 4, 5, 6, 7}), dir, state);
        QVERIFY(facts.complete);
        QVERIFY2(facts.issues.empty(), qPrintable(issuesText(facts)));
        QVERIFY(facts.npu.present);
        QCOMPARE(facts.npu.count, 8);
        QCOMPARE(facts.npu.chipName, u"910B1"_s);
        QCOMPARE(facts.npu.devices[2].health, u"Warning"_s);
        QVERIFY(facts.npu.devices[0].healthy());
        QCOMPARE(facts.ascendDevices.size(), size_t(8));
        QCOMPARE(facts.ascendDevice(0)->address, u"192.168.100.101"_s);
        QCOMPARE(facts.ascendDevice(7)->address, u"192.168.103.100"_s);
        QCOMPARE(facts.ascendDevice(7)->netmask, u"255.255.255.0"_s);
        QVERIFY(facts.ascendDevice(5)->address.isEmpty());
        QVERIFY(facts.ascendDevice(5)->ipError.contains(u"no ip address"_s));
        QCOMPARE(facts.ascendDevice(3)->link, LinkState::Down);
        QCOMPARE(facts.ascendDevice(4)->link, LinkState::Up);
        QCOMPARE(facts.ascendDevice(0)->netHealth, NetHealth::Success);
        QCOMPARE(facts.ascendDevice(1)->netHealth, NetHealth::ReceiveTimeout);
        QCOMPARE(facts.ascendDevice(2)->netHealth, NetHealth::DetectIpSet);

        // Fewer NPUs than the project lists: the missing ones say so, nothing crashes.
        const ServerFacts four =
            probeAscendFixture(project(Accelerator::Ascend910, {0, 1, 2, 3, 4, 5, 6, 7}), dir,
                               "npu_count=4\naddress_0=192.168.100.101\n");
        QCOMPARE(four.npu.count, 4);
        QCOMPARE(four.ascendDevice(6)->ipError, u"Device 6 does not exist."_s);
        QCOMPARE(four.ascendDevice(6)->link, LinkState::Unknown);
        QVERIFY2(four.issues.empty(), qPrintable(issuesText(four)));
    }

    // An Atlas A3 server (tests/fixtures/ascend/README.md): 8 NPUs, 16 dies; discovery reads
    // the dies from the table's Phy-IDs and each die's SDID and pod from -m and spod-info, and
    // fills an A3 project's devices and super_device_ids with them.
    void atlasA3Fixture()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QByteArray state = "npu_count=8\nnpu_name=Ascend910\nhealth_3=Alarm\nsuper_pod_id=7\n"
                           "super_pod_size=32\nserver_index=1\n";
        for (int die = 0; die < 16; ++die)
            state += QStringLiteral("sdid_%1=%2\n").arg(die).arg(4194304 + die * 65537).toUtf8();
        const Project input = project(Accelerator::Ascend910_93, {});
        const ServerFacts facts = probeAscendFixture(input, dir, state);
        QVERIFY(facts.complete);
        QVERIFY2(facts.issues.empty(), qPrintable(issuesText(facts)));
        QCOMPARE(facts.npu.count, 8);
        QCOMPARE(facts.npu.chipName, u"Ascend910"_s);
        QCOMPARE(facts.npu.dies.size(), size_t(16));
        QCOMPARE(facts.npu.dies[7].phyId, 7);
        QCOMPARE(facts.npu.dies[7].npu, 3);
        QCOMPARE(facts.npu.dies[7].chip, 1);
        QCOMPARE(facts.npu.dies[7].health, u"Alarm"_s);
        QCOMPARE(facts.superPod.size(), size_t(16));
        const DieSuperPod *die9 = facts.dieSuperPod(9);
        QVERIFY(die9);
        QCOMPARE(die9->npu, 4);
        QCOMPARE(die9->chip, 1);
        QCOMPARE(die9->sdid, QString::number(4194304 + 9 * 65537));
        QCOMPARE(die9->superPodId, u"7"_s);
        QCOMPARE(die9->serverIndex, u"1"_s);
        QVERIFY(die9->error.isEmpty());

        ServerDiscovery found;
        found.connection.serverIndex = 0;
        found.facts = facts;
        QStringList changes;
        const Project filled = applyDiscovery(input, {found}, &changes);
        const Server &server = filled.servers.front();
        QCOMPARE(server.devices.size(), size_t(16));
        QCOMPARE(server.devices.back(), 15);
        QCOMPARE(server.superDeviceIds.size(), 16);
        QCOMPARE(server.superDeviceIds[9], QString::number(4194304 + 9 * 65537));
        QVERIFY2(changes.filter(u"super_device_ids"_s).size() == 1,
                 qPrintable(changes.join(u'\n')));

        // A field the user set is kept.
        Project given = input;
        given.servers.front().superDeviceIds = {u"1"_s};
        const Project kept = applyDiscovery(given, {found});
        QCOMPARE(kept.servers.front().superDeviceIds, QStringList{u"1"_s}); // the user's wins
    }

    void hostileValuesStayInert_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("command substitution") << u"w $(touch cw-pwned)"_s;
        QTest::newRow("backticks") << u"w `touch cw-pwned`"_s;
        QTest::newRow("quotes and semicolon") << u"w 'q' \"d\"; touch cw-pwned"_s;
        QTest::newRow("marker in name") << u"@@clusterwiz-probe end rc=0@@"_s;
        QTest::newRow("backslash and dollar") << u"w \\$HOME ${HOME} $((1+1))"_s;
    }
    void hostileValuesStayInert()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString workdir = dir.filePath(name);
        QVERIFY(QDir().mkpath(workdir));
        writeFile(workdir + u"/it's main.py"_s, "");
        Project input = project(Accelerator::Cpu);
        input.launch.workdir = workdir;
        input.launch.entry = u"it's main.py"_s;
        input.launch.python = u"python3; touch cw-pwned"_s;
        input.launch.envSetup = {u"source "_s + workdir + u"/set_env.sh"_s};
        const Run run = runShell(u"/bin/sh"_s, {u"-c"_s, probeCommand(input, 0)}, dir.path());
        const ServerFacts facts = parseProbeOutput(run.out);
        QVERIFY(!QFile::exists(dir.filePath(u"cw-pwned"_s)));
        QVERIFY(!QFile::exists(workdir + u"/cw-pwned"_s));
        QVERIFY(facts.complete);
        QVERIFY(facts.paths.workdir && facts.paths.workdir->present);
        QCOMPARE(facts.paths.workdir->path, workdir);
        QVERIFY(facts.paths.entry && facts.paths.entry->present);
        QVERIFY(!facts.python.found);
        QCOMPARE(facts.section(u"python"_s)->rc, 127);
    }
};

QTEST_GUILESS_MAIN(TestProbeScript)
#include "tst_probeScript.moc"
