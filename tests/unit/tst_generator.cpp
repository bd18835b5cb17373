// SPDX-License-Identifier: GPL-3.0-or-later
// The generated folder: golden files of the 2x8 Ascend example in every mode, syntax of every
// script, determinism, the rank table and hostfile formats, the file set per mode and
// accelerator, writing (modes, atomic replace) and the reproducible .tar.gz.
//
// Regenerate the golden files after an intended change, then read the diff as an operator would:
//   CLUSTERWIZ_UPDATE_GOLDEN=1 build/tests/tst_generator   (or ctest -R tst_generator)

#include "ScriptTestSupport.h"
#include "ValidProjects.h"

#include "generate/Generator.h"
#include "generate/ScriptFiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Project)

namespace {

QString goldenDir(const QString &mode)
{
    return QStringLiteral(CLUSTERWIZ_TEST_DATA "/golden/") + mode;
}

bool updateGolden()
{
    return qEnvironmentVariable("CLUSTERWIZ_UPDATE_GOLDEN") == u"1";
}

// The message of a QVERIFY2 is built even when the check passes.
QString firstProblem(const cwtest::Generated &result)
{
    return result.problems.empty() ? QString() : result.problems.front().toString();
}

QStringList fileNames(const std::vector<GeneratedFile> &files)
{
    QStringList names;
    for (const GeneratedFile &file : files)
        names << file.name;
    return names;
}

const GeneratedFile *findFile(const std::vector<GeneratedFile> &files, const QString &name)
{
    for (const GeneratedFile &file : files) {
        if (file.name == name)
            return &file;
    }
    return nullptr;
}

RunResult runCommand(const QString &program, const QStringList &arguments,
                     const QString &workdir = QDir::tempPath())
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"TZ"_s, u"UTC0"_s);
    return runSandboxed(program, arguments, env, workdir, 30000);
}

} // namespace

class TestGenerator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void goldenFiles_data();
    void goldenFiles();
    void bashSyntax_data();
    void bashSyntax();
    void fileSet_data();
    void fileSet();
    void deterministic();
    void invalidProjectGeneratesNothing();
    void hostfile();
    void hostfileMasterFirst();
    void a3LogicSuperPod_data();
    void a3LogicSuperPod();
    void rankTable();
    void rankTableMasterFirst();
    void runShMpirunArguments_data();
    void runShMpirunArguments();
    void readmeNamesEveryFile();
    void writeFilesSetsModes();
    void tarGzReproducible();
    void tarGzRefusesBadFolder();
};

void TestGenerator::goldenFiles_data()
{
    QTest::addColumn<QString>("mode");
    for (const QString &mode : allModes())
        QTest::newRow(qPrintable(mode)) << mode;
    // The Atlas A2 (910B) example: one shared device segment instead of four.
    QTest::newRow("ascend910b-launch") << u"ascend910b-launch"_s;
    // MindSpore's msrun, and the vendor-style PyTorch entry that reads --local_rank.
    QTest::newRow("msrun") << u"msrun"_s;
    QTest::newRow("local-rank") << u"local-rank"_s;
    // The same behind a router: setup_device_ips.sh also sets gateways and detect IPs.
    QTest::newRow("ascend910b-routed-launch") << u"ascend910b-routed-launch"_s;
    // Atlas A3, two super pods of two servers x 16 dies: every mode CANN allows there (rank
    // table 1.2; torchrun and mpirun with HCCL_LOGIC_SUPERPOD_ID per server; MindSpore's msrun).
    for (const char *mode : {"a3-ranktable", "a3-launch", "a3-mpirun-device", "a3-msrun"})
        QTest::newRow(mode) << QString::fromLatin1(mode);
}

void TestGenerator::goldenFiles()
{
    QFETCH(QString, mode);
    const bool a2 = mode.startsWith(u"ascend910b-"_s);
    const bool routed = mode.startsWith(u"ascend910b-routed-"_s);
    Project a3 = exampleProject(u"ascend910_93-superpod-4x16"_s);
    if (mode.startsWith(u"a3-"_s)) {
        a3 = withMode(a3, mode.mid(3));
        if (a3.launch.mode == LaunchMode::Msrun)
            a3.launch.framework = Framework::MindSpore;
    }
    const Project project = mode.startsWith(u"a3-"_s) ? a3
                            : routed                  ? exampleProject(u"ascend910b-routed-2x8"_s)
                            : a2                      ? exampleProject(u"ascend910b-2x8"_s)
                            : mode == u"msrun"        ? exampleProject(u"mindspore-2x8-msrun"_s)
                            : mode == u"local-rank" ? exampleProject(u"ascend910b-2x8-local-rank"_s)
                                                    : withMode(exampleProject(), mode);
    const cwtest::Generated result = cwtest::generateFrom(project);
    QVERIFY2(result.ok(), qPrintable(firstProblem(result)));
    const QString dir = goldenDir(mode);
    if (updateGolden()) {
        QDir(dir).removeRecursively();
        QCOMPARE(writeGeneratedFiles(result.files, dir), QString());
        qInfo("golden files written to %s", qPrintable(dir));
        return;
    }
    QStringList golden = QDir(dir).entryList(QDir::Files, QDir::Name);
    golden.sort();
    QCOMPARE(fileNames(result.files), golden);
    for (const GeneratedFile &file : result.files) {
        const QByteArray expected = readFile(dir + u'/' + file.name);
        if (file.content != expected) {
            const QList<QByteArray> got = file.content.split('\n');
            const QList<QByteArray> want = expected.split('\n');
            for (qsizetype i = 0; i < qMax(got.size(), want.size()); ++i) {
                const QByteArray a = got.value(i), b = want.value(i);
                if (a != b) {
                    QFAIL(qPrintable(QStringLiteral("%1 differs from %2 at line %3:\n got: %4\n "
                                                    "want: %5\n(CLUSTERWIZ_UPDATE_GOLDEN=1 "
                                                    "regenerates after an intended change)")
                                         .arg(file.name, dir)
                                         .arg(i + 1)
                                         .arg(QString::fromUtf8(a), QString::fromUtf8(b))));
                }
            }
        }
    }
}

void TestGenerator::bashSyntax_data()
{
    QTest::addColumn<Project>("project");
    const QList<std::pair<const char *, Accelerator>> accelerators{
        {"ascend910", Accelerator::Ascend910},
        {"nvidia", Accelerator::Nvidia},
        {"cpu", Accelerator::Cpu}};
    for (const auto &[name, accelerator] : accelerators) {
        for (const QString &mode : allModes()) {
            Project project = withMode(withAccelerator(exampleProject(), accelerator), mode);
            QTest::addRow("%s-%s", name, qPrintable(mode)) << project;
            // The optional parts of run.sh and train.sh.
            project.launch.mpirun.prefix = u"/opt/openmpi 4"_s;
            project.launch.mpirun.extraArgs = {u"--mca"_s, u"plm_rsh_num_concurrent"_s, u"8"_s};
            project.launch.launcher = u"torchrun"_s;
            project.launch.env.push_back({u"PATH"_s, u"/opt/bin:${PATH}"_s});
            project.launch.envSetup.clear();
            project.servers[1].port = 2222;
            project.servers[0].nic = u"eth0"_s;
            QTest::addRow("%s-%s-options", name, qPrintable(mode)) << project;
        }
    }
}

void TestGenerator::bashSyntax()
{
    QFETCH(Project, project);
    const cwtest::Generated result = cwtest::generateFrom(project);
    QVERIFY2(result.ok(), qPrintable(firstProblem(result)));
    QTemporaryDir dir;
    QCOMPARE(writeGeneratedFiles(result.files, dir.path()), QString());
    int scripts = 0;
    for (const GeneratedFile &file : result.files) {
        if (!file.name.endsWith(u".sh"_s))
            continue;
        ++scripts;
        const RunResult run = runCommand(u"bash"_s, {u"-n"_s, dir.filePath(file.name)});
        QVERIFY2(run.exitCode == 0, qPrintable(file.name + u": "_s + run.output));
    }
    QVERIFY(scripts >= 5);
}

void TestGenerator::fileSet_data()
{
    QTest::addColumn<Project>("project");
    QTest::addColumn<QStringList>("expected");
    const QStringList common{u"README.txt"_s, u"check.sh"_s, u"env.sh"_s,  u"hostfile"_s,
                             u"rank.sh"_s,    u"run.sh"_s,   u"train.sh"_s};
    const Project ascend = exampleProject();
    const Project cpu = withAccelerator(ascend, Accelerator::Cpu);
    auto plus = [](QStringList names, const QStringList &more) {
        names << more;
        names.sort();
        return names;
    };
    QTest::newRow("ascend launch")
        << withMode(ascend, u"launch"_s) << plus(common, {u"setup_device_ips.sh"_s});
    QTest::newRow("ascend ranktable")
        << withMode(ascend, u"ranktable"_s)
        << plus(common, {u"rank_table.json"_s, u"setup_device_ips.sh"_s});
    QTest::newRow("ascend no-ranktable")
        << withMode(ascend, u"no-ranktable"_s) << plus(common, {u"setup_device_ips.sh"_s});
    QTest::newRow("cpu launch") << withMode(cpu, u"launch"_s) << common;
    QTest::newRow("cpu ranktable")
        << withMode(cpu, u"ranktable"_s) << plus(common, {u"rank_table.json"_s});
    QTest::newRow("nvidia mpirun")
        << withMode(withAccelerator(ascend, Accelerator::Nvidia), u"mpirun"_s) << common;
}

void TestGenerator::fileSet()
{
    QFETCH(Project, project);
    QFETCH(QStringList, expected);
    const cwtest::Generated result = cwtest::generateFrom(project);
    QVERIFY(result.ok());
    QCOMPARE(fileNames(result.files), expected);
    for (const GeneratedFile &file : result.files)
        QCOMPARE(file.executable, file.name.endsWith(u".sh"_s));
}

void TestGenerator::deterministic()
{
    for (const QString &mode : allModes()) {
        const cwtest::Generated first = cwtest::generateFrom(withMode(exampleProject(), mode));
        // A project that went through a save and a load gives the same bytes too.
        const ProjectLoad reloaded =
            projectFromJsonText(projectToJsonText(withMode(exampleProject(), mode)));
        QVERIFY(reloaded.ok());
        const cwtest::Generated second = cwtest::generateFrom(reloaded.project);
        QVERIFY(first.ok() && second.ok());
        QCOMPARE(fileNames(first.files), fileNames(second.files));
        for (size_t i = 0; i < first.files.size(); ++i)
            QCOMPARE(first.files[i].content, second.files[i].content);
    }
}

void TestGenerator::invalidProjectGeneratesNothing()
{
    Project project = exampleProject();
    project.servers[1].deviceIps[0] = project.servers[0].deviceIps[0]; // a duplicate device IP
    const cwtest::Generated result = cwtest::generateFrom(project);
    QVERIFY(!result.ok());
    QVERIFY(result.files.empty());
    bool named = false;
    for (const Problem &problem : result.problems)
        named = named || problem.path.startsWith(u"servers["_s);
    QVERIFY2(named, qPrintable(firstProblem(result)));
}

void TestGenerator::hostfile()
{
    const cwtest::Generated result = cwtest::generateFrom(exampleProject());
    QVERIFY(result.ok());
    QCOMPARE(findFile(result.files, u"hostfile"_s)->content,
             QByteArray("10.0.0.22 slots=8\n10.0.0.23 slots=8\n"));
}

void TestGenerator::hostfileMasterFirst()
{
    Project project = withAccelerator(exampleProject(), Accelerator::Cpu);
    project.launch.master = u"server1"_s;
    project.servers[0].devices = {0, 1, 2, 3, 4, 5, 6, 7};
    QCOMPARE(hostfileText(project), QByteArray("10.0.0.23 slots=8\n10.0.0.22 slots=8\n"));
    Project single = withAccelerator(exampleProject(), Accelerator::Cpu);
    single.servers.pop_back();
    single.servers[0].devices = {4, 5, 6, 7};
    QCOMPARE(hostfileText(single), QByteArray("10.0.0.22 slots=4\n"));
}

void TestGenerator::a3LogicSuperPod_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("server");
    QTest::addColumn<QString>("expected");
    QTest::newRow("launch, first pod") << u"launch"_s << u"a3-node1"_s << u"[0]"_s;
    QTest::newRow("launch, second pod") << u"launch"_s << u"a3-node2"_s << u"[1]"_s;
    QTest::newRow("msrun") << u"msrun"_s << u"a3-node3"_s << u"[1]"_s;
    QTest::newRow("mpirun-device") << u"mpirun-device"_s << u"a3-node0"_s << u"[0]"_s;
    // The rank table's super_pod_list is what HCCL reads then (and it wins over the variable).
    QTest::newRow("ranktable") << u"ranktable"_s << u"a3-node2"_s << u"[unset]"_s;
    QTest::newRow("a server of no pod") << u"launch"_s << u"elsewhere"_s << u"[unset]"_s;
    // A logical pod id is user text: it reaches the shell quoted, never run.
    QTest::newRow("hostile pod id") << u"launch"_s << u"a3-node0"_s << u"[x' $(id) `id`]"_s;
}

// env.sh, sourced as train.sh sources it, gives each server its super pod's id.
void TestGenerator::a3LogicSuperPod()
{
    QFETCH(QString, mode);
    QFETCH(QString, server);
    QFETCH(QString, expected);
    Project project = withMode(exampleProject(u"ascend910_93-superpod-4x16"_s), mode);
    project.launch.envSetup.clear(); // no CANN here
    if (mode == u"msrun")
        project.launch.framework = Framework::MindSpore;
    if (expected.contains(u'$'))
        project.superPods[0].id = expected.mid(1).chopped(1);
    const cwtest::Generated result = cwtest::generateFrom(project);
    QVERIFY2(result.ok(), qPrintable(firstProblem(result)));
    QTemporaryDir dir;
    QCOMPARE(writeGeneratedFiles(result.files, dir.path()), QString());
    const RunResult run = runCommand(
        u"bash"_s,
        {u"-c"_s,
         u"SERVER_NAME=\"$1\"; source \"$2\" && echo \"[${HCCL_LOGIC_SUPERPOD_ID-unset}]\""_s,
         u"bash"_s, server, dir.filePath(u"env.sh"_s)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    QCOMPARE(run.output.trimmed().section(u'\n', -1), expected);
}

void TestGenerator::rankTable()
{
    const cwtest::Generated result =
        cwtest::generateFrom(withMode(exampleProject(), u"ranktable"_s));
    QVERIFY(result.ok());
    const GeneratedFile *file = findFile(result.files, u"rank_table.json"_s);
    QVERIFY(file);
    QVERIFY(!file->executable);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file->content, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonObject table = document.object();
    QCOMPARE(table.keys(),
             QStringList({u"server_count"_s, u"server_list"_s, u"status"_s, u"version"_s}));
    QCOMPARE(table.value(u"version"_s), QJsonValue(u"1.0"_s));
    QCOMPARE(table.value(u"server_count"_s), QJsonValue(u"2"_s));
    QCOMPARE(table.value(u"status"_s), QJsonValue(u"completed"_s));
    const QJsonArray servers = table.value(u"server_list"_s).toArray();
    QCOMPARE(servers.size(), 2);
    const Project project = exampleProject();
    int expectedRank = 0;
    for (qsizetype s = 0; s < servers.size(); ++s) {
        const QJsonObject server = servers[s].toObject();
        QCOMPARE(server.value(u"server_id"_s), QJsonValue(project.servers[s].hostIp));
        QCOMPARE(server.value(u"host_nic_ip"_s), QJsonValue(u"reserve"_s));
        const QJsonArray devices = server.value(u"device"_s).toArray();
        QCOMPARE(devices.size(), 8);
        for (qsizetype d = 0; d < devices.size(); ++d) {
            const QJsonObject device = devices[d].toObject();
            QCOMPARE(device.keys(), QStringList({u"device_id"_s, u"device_ip"_s, u"rank_id"_s}));
            for (const QJsonValue &value : device)
                QVERIFY2(value.isString(), "every rank table value is a string");
            QCOMPARE(device.value(u"device_id"_s).toString(), QString::number(d));
            QCOMPARE(device.value(u"device_ip"_s).toString(), project.servers[s].deviceIps[d]);
            QCOMPARE(device.value(u"rank_id"_s).toString(), QString::number(expectedRank++));
        }
    }
    // The layout hccl_tools.py writes: version first, four-space indent, trailing newline.
    QVERIFY(file->content.startsWith("{\n    \"version\": \"1.0\",\n    \"server_count\": \"2\","));
    QVERIFY(file->content.endsWith("}\n"));
}

void TestGenerator::rankTableMasterFirst()
{
    Project project = withMode(exampleProject(), u"ranktable"_s);
    project.launch.master = u"server1"_s;
    const QJsonObject table = QJsonDocument::fromJson(rankTableJson(project)).object();
    const QJsonArray servers = table.value(u"server_list"_s).toArray();
    QCOMPARE(servers[0].toObject().value(u"server_id"_s).toString(), u"10.0.0.23"_s);
    QCOMPARE(servers[0]
                 .toObject()
                 .value(u"device"_s)
                 .toArray()[0]
                 .toObject()
                 .value(u"rank_id"_s)
                 .toString(),
             u"0"_s);
    QCOMPARE(servers[1]
                 .toObject()
                 .value(u"device"_s)
                 .toArray()[0]
                 .toObject()
                 .value(u"device_ip"_s)
                 .toString(),
             u"192.168.100.101"_s);
    QCOMPARE(servers[1]
                 .toObject()
                 .value(u"device"_s)
                 .toArray()[7]
                 .toObject()
                 .value(u"rank_id"_s)
                 .toString(),
             u"15"_s);
}

void TestGenerator::runShMpirunArguments_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("attempt"); // CLUSTERWIZ_ATTEMPT_SERVERS, when set
    QTest::addColumn<QString>("hosts");
    QTest::newRow("per server") << u"mpirun"_s << QString() << u"-n 2 -H 10.0.0.22:1,10.0.0.23:1"_s;
    QTest::newRow("per device") << u"mpirun-device"_s << QString()
                                << u"-n 16 -H 10.0.0.22:8,10.0.0.23:8"_s;
    // An attempt of a restarting run without the master: run.sh re-plans the -H list.
    QTest::newRow("attempt per server") << u"mpirun"_s << u"server1"_s << u"-n 1 -H 10.0.0.23:1"_s;
    QTest::newRow("attempt per device")
        << u"mpirun-device"_s << u"server1"_s << u"-n 8 -H 10.0.0.23:8"_s;
}

// run.sh's mpirun line, run for real against a stand-in mpirun that records its arguments.
void TestGenerator::runShMpirunArguments()
{
    QFETCH(QString, mode);
    QFETCH(QString, attempt);
    QFETCH(QString, hosts);
    Project project = withMode(exampleProject(), mode);
    project.launch.mpirun.extraArgs = {u"--mca"_s, u"orte_base_help_aggregate"_s, u"0"_s};
    project.servers[1].port = 2222;
    const cwtest::Generated result = cwtest::generateFrom(project);
    QVERIFY(result.ok());

    QTemporaryDir dir;
    QCOMPARE(writeGeneratedFiles(result.files, dir.filePath(u"scripts"_s)), QString());
    QVERIFY(writeFile(dir.filePath(u"bin/mpirun"_s),
                      "#!/bin/bash\nprintf '%s\\0' \"$@\" >\"$FAKE_OUT\"\n", true));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"PATH"_s, dir.filePath(u"bin"_s) + u':' + env.value(u"PATH"_s));
    env.insert(u"FAKE_OUT"_s, dir.filePath(u"argv"_s));
    env.insert(u"CLUSTERWIZ_RUN_ID"_s, u"run-1"_s);
    env.remove(u"CLUSTERWIZ_ATTEMPT_SERVERS"_s);
    env.remove(u"CLUSTERWIZ_RESTART_COUNT"_s);
    if (!attempt.isEmpty()) {
        env.insert(u"CLUSTERWIZ_ATTEMPT_SERVERS"_s, attempt);
        env.insert(u"CLUSTERWIZ_RESTART_COUNT"_s, u"1"_s);
    }
    const RunResult done =
        runSandboxed(u"bash"_s, {dir.filePath(u"scripts/run.sh"_s)}, env, dir.path(), 20000);
    QCOMPARE(done.exitCode, 0);
    QStringList argv;
    for (const QByteArray &field : nulFields(readFile(dir.filePath(u"argv"_s))))
        argv << QString::fromUtf8(field);
    const QString joined = argv.join(u' ');
    QVERIFY2(joined.startsWith(hosts + u" --bind-to none -map-by slot"_s), qPrintable(joined));
    QCOMPARE(joined.contains(u"-x CLUSTERWIZ_RESTART_COUNT -x CLUSTERWIZ_ATTEMPT_SERVERS"_s),
             !attempt.isEmpty());
    // 10.0.0.22 is not an address here: run.sh falls back to excluding the usual wrong NICs.
    QVERIFY2(joined.contains(u"--mca btl_tcp_if_exclude lo,docker0,virbr0,endvnic --mca "
                             "oob_tcp_if_exclude lo,docker0,virbr0,endvnic"_s),
             qPrintable(joined));
    QCOMPARE(argv.contains(u"--allow-run-as-root"_s), ::geteuid() == 0);
    QVERIFY2(joined.contains(u"--mca plm_rsh_args -p 2222"_s), qPrintable(joined));
    QVERIFY2(joined.contains(u"-x CLUSTERWIZ_RUN_ID "_s) &&
                 joined.contains(u" --mca orte_base_help_aggregate 0 "_s),
             qPrintable(joined));
    QCOMPARE(argv.last(), dir.filePath(u"scripts/train.sh"_s));
    QVERIFY(!argv.contains(u"--prefix"_s));
}

void TestGenerator::readmeNamesEveryFile()
{
    for (const QString &mode : allModes()) {
        const cwtest::Generated result = cwtest::generateFrom(withMode(exampleProject(), mode));
        QVERIFY(result.ok());
        const QString readme = QString::fromUtf8(findFile(result.files, u"README.txt"_s)->content);
        for (const GeneratedFile &file : result.files)
            QVERIFY2(readme.contains(u"  "_s + file.name), qPrintable(file.name));
        QVERIFY(
            readme.contains(u"/home/train/resnet50/logs/RUN_ID/SERVER/rank<GLOBAL_RANK>.log"_s));
        QVERIFY(readme.contains(u"bash setup_device_ips.sh"_s));
        QVERIFY(readme.contains(u"bash run.sh"_s));
        QCOMPARE(readme.contains(u"bash train.sh"_s), !mode.startsWith(u"mpirun"_s));
    }
}

void TestGenerator::writeFilesSetsModes()
{
    const cwtest::Generated result = cwtest::generateFrom(exampleProject());
    QVERIFY(result.ok());
    // Modes are 0644 / 0755 less the umask, as for any file the user's tools write.
    const mode_t umaskBefore = ::umask(022);
    const auto restore = qScopeGuard([umaskBefore] { ::umask(umaskBefore); });
    QTemporaryDir dir;
    const QString out = dir.filePath(u"out/nested"_s);
    // An earlier file with other modes is replaced; an unrelated file is left alone.
    QVERIFY(writeFile(out + u"/train.sh"_s, "old"));
    QFile::setPermissions(out + u"/train.sh"_s, QFileDevice::ReadOwner);
    QVERIFY(writeFile(out + u"/notes.txt"_s, "mine"));
    QCOMPARE(writeGeneratedFiles(result.files, out), QString());
    for (const GeneratedFile &file : result.files) {
        const QString path = out + u'/' + file.name;
        QCOMPARE(readFile(path), file.content);
        // Under umask 022; env.sh holds launch.env values: owner-only.
        const QFileDevice::Permissions expected =
            file.secret       ? QFileDevice::Permissions(0x7000)  // rwx------
            : file.executable ? QFileDevice::Permissions(0x7055)  // rwxr-xr-x
                              : QFileDevice::Permissions(0x6044); // rw-r--r--
        // Owner, group and other bits; the 0x0700 "user" bits depend on who runs the test.
        QCOMPARE(QFile::permissions(path) & QFileDevice::Permissions(0x7077), expected);
    }
    QCOMPARE(readFile(out + u"/notes.txt"_s), QByteArray("mine"));
    const QStringList left = QDir(out).entryList(QDir::Files | QDir::Hidden);
    QCOMPARE(left.size(), static_cast<qsizetype>(result.files.size() + 1)); // no temp files

    // A folder that cannot be created is an error, not a crash.
    QVERIFY(writeFile(dir.filePath(u"plain"_s), "x"));
    QVERIFY(!writeGeneratedFiles(result.files, dir.filePath(u"plain/sub"_s)).isEmpty());
}

void TestGenerator::tarGzReproducible()
{
    const cwtest::Generated result =
        cwtest::generateFrom(withMode(exampleProject(), u"ranktable"_s));
    QVERIFY(result.ok());
    QTemporaryDir dir;
    const QString first = dir.filePath(u"a/resnet50.tar.gz"_s);
    const QString second = dir.filePath(u"b.tar.gz"_s);
    QDir().mkpath(dir.filePath(u"a"_s));
    QCOMPARE(writeTarGz(result.files, u"resnet50-2x8"_s, first), QString());
    QTest::qWait(1100); // a time stamp anywhere would now differ
    QCOMPARE(writeTarGz(result.files, u"resnet50-2x8"_s, second), QString());
    const QByteArray bytes = readFile(first);
    QVERIFY(bytes.size() > 100);
    QCOMPARE(readFile(second), bytes);
    QVERIFY(bytes.startsWith(QByteArray::fromHex("1f8b0800000000000203")));

    QCOMPARE(runCommand(u"gzip"_s, {u"-t"_s, first}).exitCode, 0);
    // GNU tar reads it: owner 0/0, the epoch, modes, and the same bytes in every file.
    const RunResult listing =
        runCommand(u"tar"_s, {u"--numeric-owner"_s, u"-tvzf"_s, first}, dir.path());
    QCOMPARE(listing.exitCode, 0);
    const QStringList lines = listing.output.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), static_cast<qsizetype>(result.files.size() + 1));
    QVERIFY2(lines[0].startsWith(u"drwxr-xr-x 0/0"_s), qPrintable(lines[0]));
    QVERIFY2(lines[0].endsWith(u"1970-01-01 00:00 resnet50-2x8/"_s), qPrintable(lines[0]));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const GeneratedFile &file = result.files[static_cast<size_t>(i - 1)];
        const QString mode = file.secret       ? u"-rwx------ 0/0"_s
                             : file.executable ? u"-rwxr-xr-x 0/0"_s
                                               : u"-rw-r--r-- 0/0"_s;
        QVERIFY2(lines[i].startsWith(mode), qPrintable(lines[i]));
        QVERIFY2(lines[i].endsWith(u"resnet50-2x8/"_s + file.name), qPrintable(lines[i]));
    }
    const QString unpacked = dir.filePath(u"unpacked"_s);
    QDir().mkpath(unpacked);
    QCOMPARE(runCommand(u"tar"_s, {u"-xzf"_s, first, u"-C"_s, unpacked}).exitCode, 0);
    for (const GeneratedFile &file : result.files) {
        const QString path = unpacked + u"/resnet50-2x8/"_s + file.name;
        QCOMPARE(readFile(path), file.content);
        QCOMPARE(QFileInfo(path).isExecutable(), file.executable);
    }
}

void TestGenerator::tarGzRefusesBadFolder()
{
    const cwtest::Generated result = cwtest::generateFrom(exampleProject());
    QTemporaryDir dir;
    for (const QString &bad : {u""_s, u"a/b"_s, u".."_s})
        QVERIFY(!writeTarGz(result.files, bad, dir.filePath(u"x.tar.gz"_s)).isEmpty());
    QVERIFY(!QFile::exists(dir.filePath(u"x.tar.gz"_s)));
    // A longer folder name goes into ustar's prefix field and still reads back; one that can
    // fit neither field is refused.
    const QString longName = QString(90, u'f');
    QCOMPARE(writeTarGz(result.files, longName, dir.filePath(u"long.tar.gz"_s)), QString());
    QCOMPARE(runCommand(u"tar"_s, {u"-xzf"_s, dir.filePath(u"long.tar.gz"_s), u"-C"_s, dir.path()})
                 .exitCode,
             0);
    QCOMPARE(readFile(dir.filePath(longName + u"/setup_device_ips.sh"_s)),
             findFile(result.files, u"setup_device_ips.sh"_s)->content);
    QVERIFY(!writeTarGz(result.files, QString(160, u'f'), dir.filePath(u"x.tar.gz"_s)).isEmpty());
}

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_generator.moc"
