// SPDX-License-Identifier: GPL-3.0-or-later
// Version facts without imports: package versions from metadata, the NPU board record, the CANN
// install record; which packages launch.framework asks for; the cross-server comparison and the
// checks that read them (a timeout is never "not found").
#include "checks/CheckCatalogue.h"
#include "checks/CheckIds.h"
#include "checks/VersionConsistency.h"
#include "discover/FactPrograms.h"
#include "discover/ProbeParsers.h"
#include "discover/ProbeScript.h"
#include "model/ProjectJson.h"
#include "rules/FrameworkPackages.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project example2x8()
{
    ProjectLoad load = loadProjectFile(
        QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend-2x8.clusterwiz.json"));
    if (!load.fatal.isEmpty() || !load.problems.empty())
        qFatal("example project unreadable");
    return load.project;
}

ServerDiscovery reached(int index, const ServerFacts &facts)
{
    ServerDiscovery found;
    found.connection.serverIndex = index;
    found.connection.endpoint = u"10.0.0.%1:22"_s.arg(22 + index);
    found.facts = facts;
    return found;
}

QString section(const QString &name, int rc, const QString &text = {})
{
    return u"@@clusterwiz-probe "_s + name + u" rc="_s + QString::number(rc) + u"@@\n"_s +
           (text.isEmpty() ? QString() : text + u'\n');
}

// Huawei's example of `npu-smi info -t board -i 0` (npusmi_008, 23.0.RC3).
const QString kBoard = uR"(        NPU ID                         : 0
        Product Name                   : IT22DMDB02
        Model                          : NA
        Manufacturer                   : Huawei
        Serial Number                  : 025VLB10K7000275
        Software Version               : 23.0.rc3
        Firmware Version               : 6.2.1.0
        Board ID                       : 0x45
        Chip Count                     : 1
        Faulty Chip Count              : 0)"_s;

ServerFacts serverWith(const QString &driver, const QString &torch)
{
    const QString text =
        section(u"npu-board"_s, 0,
                u"        Software Version               : "_s + driver +
                    u"\n        Firmware Version               : 7.1.0.3.220"_s) +
        section(u"cann-version"_s, 0, u"package_name=Ascend-cann-toolkit\nversion=7.0.0"_s) +
        section(u"python"_s, 0,
                u"python 3.11.2\nexecutable /usr/bin/python3\npackage torch "_s + torch +
                    u"\npackage torch_npu 2.1.0.post3"_s) +
        section(u"end"_s, 0);
    return parseProbeOutput(text);
}

const CheckResult &resultOf(const CheckReport &report, const char *id, int server)
{
    const CheckResult *found = report.find(QLatin1StringView(id), server);
    if (!found)
        qFatal("no result for %s on server %d", id, server);
    return *found;
}

} // namespace

class TestVersionFacts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void boardRecord()
    {
        QString problem;
        const NpuBoardFacts board = parseNpuBoard(kBoard, &problem);
        QCOMPARE(board.driverVersion, u"23.0.rc3"_s);
        QCOMPARE(board.firmwareVersion, u"6.2.1.0"_s);
        QVERIFY(problem.isEmpty());
        parseNpuBoard(u"Error: the device id 9 is invalid."_s, &problem);
        QVERIFY(problem.startsWith(u"unrecognised output"_s));
    }

    void cannInstallInfo()
    {
        QString problem;
        QCOMPARE(parseCannInstallInfo(u"package_name=Ascend-cann-toolkit\r\nversion=8.0.RC1\r\n"
                                      u"arch=aarch64\r\n"_s,
                                      &problem),
                 u"8.0.RC1"_s);
        QVERIFY(problem.isEmpty());
        QCOMPARE(parseCannInstallInfo(u"arch=x86_64"_s, &problem), QString());
        QVERIFY(!problem.isEmpty());
    }

    void packageLines()
    {
        const ServerFacts facts = parseProbeOutput(
            section(u"python"_s, 0,
                    u"python 3.11.2\nexecutable /usr/bin/python3\npackage mindspore 2.2.0\n"
                    u"package-missing torch\n"_s) +
            section(u"end"_s, 0));
        QCOMPARE(facts.python.packages.size(), size_t(2));
        QCOMPARE(facts.python.package(u"mindspore"_s)->version, u"2.2.0"_s);
        QCOMPARE(facts.python.package(u"torch"_s)->version, QString());
        QCOMPARE(facts.python.torchError, u"no package metadata for torch"_s);
    }

    void frameworkDecidesPackages()
    {
        Project p = example2x8();
        QCOMPARE(frameworkPackages(p), (QStringList{u"torch"_s, u"torch_npu"_s}));
        p.launch.framework = Framework::MindSpore;
        QCOMPARE(frameworkPackages(p), QStringList{u"mindspore"_s});
        QVERIFY(!probeScript(p, 0).contains(u"torch"_s));
        p.launch.framework = Framework::TensorFlow;
        QCOMPARE(frameworkPackages(p), (QStringList{u"tensorflow"_s, u"npu_bridge"_s}));
        p.accelerator = Accelerator::Nvidia;
        QCOMPARE(frameworkPackages(p), QStringList{u"tensorflow"_s});
        QVERIFY(!probeScript(p, 0).contains(u"torch"_s));
        QVERIFY(!probeScript(p, 0).contains(u"import tensorflow"_s));
    }

    // The probe's python program, run here for real: versions come from metadata.
    void probeProgramReadsMetadata()
    {
        Project p = example2x8();
        p.launch.python = u"/usr/bin/python3"_s;
        QProcess sh;
        sh.start(u"sh"_s, {u"-c"_s, probeScript(p, 0)});
        QVERIFY(sh.waitForFinished(120000));
        const ServerFacts facts = parseProbeOutput(sh.readAllStandardOutput());
        QVERIFY(facts.python.found);
        QVERIFY2(facts.python.package(u"torch"_s), "torch asked for");
        QVERIFY2(facts.python.package(u"torch"_s)->version.startsWith(u"1.13."_s),
                 qPrintable(facts.python.package(u"torch"_s)->version));
        QCOMPARE(facts.python.package(u"torch_npu"_s)->version, QString());
    }

    // The program reads the metadata folders itself: for every distribution installed here it
    // prints the version importlib.metadata gives (run for real, both sides), and what it cannot
    // read (an egg-info file, not a folder) it asks importlib.metadata for.
    void probeProgramAgreesWithImportlibMetadata()
    {
        const QString listAll =
            u"import os, sys\n"
            "from importlib import metadata\n"
            "names = sorted({d.metadata['Name'] for d in metadata.distributions()"
            " if d.metadata['Name']})\n"
            "for n in names:\n"
            "    print(n + ' ' + metadata.version(n))\n"_s;
        QProcess reference;
        reference.start(u"/usr/bin/python3"_s, {u"-c"_s, listAll});
        QVERIFY(reference.waitForFinished(60000));
        QStringList names;
        QStringList expected;
        for (const QString &line : QString::fromUtf8(reference.readAllStandardOutput())
                                       .split(u'\n', Qt::SkipEmptyParts)) {
            names << line.section(u' ', 0, 0);
            expected << u"package "_s + line;
        }
        QVERIFY2(names.size() > 10, qPrintable(names.join(u' ')));
        QVERIFY(names.contains(u"torch"_s));

        Project p = example2x8();
        p.launch.python = u"/usr/bin/python3"_s;
        QStringList argv = pythonProbeArgv(p).mid(0, 3); // python -c PROGRAM
        QCOMPARE(argv.at(1), u"-c"_s);
        const QString python = argv.takeFirst();
        QProcess probe;
        probe.start(python, argv + names);
        QVERIFY(probe.waitForFinished(60000));
        const QStringList printed =
            QString::fromUtf8(probe.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(printed.mid(2), expected);
    }

    void anEggInfoFileIsReadThroughImportlibMetadata()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile egg(dir.filePath(u"clusterwiz_probe_pkg-4.5.6-py3.11.egg-info"_s));
        QVERIFY(egg.open(QIODevice::WriteOnly));
        egg.write("Metadata-Version: 1.1\nName: clusterwiz-probe-pkg\nVersion: 4.5.6\n");
        egg.close();
        Project p = example2x8();
        p.launch.python = u"/usr/bin/python3"_s;
        QStringList argv = pythonProbeArgv(p).mid(0, 3);
        const QString python = argv.takeFirst();
        QProcess probe;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"PYTHONPATH"_s, dir.path());
        probe.setProcessEnvironment(environment);
        probe.start(python,
                    argv + QStringList{u"clusterwiz-probe-pkg"_s, u"clusterwiz-no-such|other"_s});
        QVERIFY(probe.waitForFinished(60000));
        const QString out = QString::fromUtf8(probe.readAllStandardOutput());
        QVERIFY2(out.contains(u"\npackage clusterwiz-probe-pkg 4.5.6\n"_s), qPrintable(out));
        QVERIFY2(out.endsWith(u"\npackage-missing clusterwiz-no-such\n"_s), qPrintable(out));
    }

    void differencesNameServers()
    {
        const std::vector<std::pair<QString, std::vector<ComponentVersion>>> servers = {
            {u"server0"_s, {{u"NPU driver"_s, u"23.0.rc3"_s}, {u"torch"_s, u"2.1.0"_s}}},
            {u"server1"_s, {{u"NPU driver"_s, u"23.0.rc3"_s}, {u"torch"_s, u"2.3.1"_s}}},
            {u"server2"_s, {{u"NPU driver"_s, u"23.0.rc3"_s}, {u"torch"_s, u"2.1.0"_s}}},
        };
        QCOMPARE(versionDifferences(servers),
                 QStringList{u"torch: 2.1.0 on server0, server2; 2.3.1 on server1"_s});
        QVERIFY(versionDifferences({servers[0], servers[2]}).isEmpty());
    }

    void versionsCheck()
    {
        const Project p = example2x8();
        const CheckReport same = evaluateChecks(p,
                                                {reached(0, serverWith(u"23.0.rc3"_s, u"2.1.0"_s)),
                                                 reached(1, serverWith(u"23.0.rc3"_s, u"2.1.0"_s))},
                                                {});
        QCOMPARE(resultOf(same, check::kVersions, 0).status, CheckStatus::Ok);
        const CheckReport mixed =
            evaluateChecks(p,
                           {reached(0, serverWith(u"23.0.rc3"_s, u"2.1.0"_s)),
                            reached(1, serverWith(u"24.1.rc1"_s, u"2.1.0"_s))},
                           {});
        const CheckResult &r = resultOf(mixed, check::kVersions, 0);
        QCOMPARE(r.status, CheckStatus::Failed);
        const QString a = p.servers[0].name, b = p.servers[1].name;
        QCOMPARE(r.reason, u"NPU driver: 23.0.rc3 on %1; 24.1.rc1 on %2"_s.arg(a, b));
    }

    void timeoutIsNotNotFound()
    {
        const Project p = example2x8();
        const ServerFacts slow =
            parseProbeOutput(section(u"python"_s, kProbeTimedOut) + section(u"end"_s, 0));
        const CheckReport report =
            evaluateChecks(p, {reached(0, slow), reached(1, serverWith(u"1"_s, u"2"_s))}, {});
        const CheckResult &r = resultOf(report, check::kPython, 0);
        QCOMPARE(r.status, CheckStatus::Failed);
        QVERIFY2(r.reason.endsWith(u"did not answer within 20 s"_s), qPrintable(r.reason));
        QVERIFY(!r.reason.contains(u"not found"_s));
        const ServerFacts cut = parseProbeOutput(section(u"hostname"_s, 0, u"a"_s));
        const CheckReport cutReport =
            evaluateChecks(p, {reached(0, cut), reached(1, serverWith(u"1"_s, u"2"_s))}, {});
        QVERIFY(resultOf(cutReport, check::kPython, 0).reason.contains(u"did not answer"_s));
    }

    void mindsporeNeverAskedForTorch()
    {
        Project p = example2x8();
        p.launch.framework = Framework::MindSpore;
        const ServerFacts facts = parseProbeOutput(
            section(u"python"_s, 0,
                    u"python 3.9.9\nexecutable /usr/bin/python3\npackage mindspore 2.2.0"_s) +
            section(u"end"_s, 0));
        const CheckReport report = evaluateChecks(p, {reached(0, facts), reached(1, facts)}, {});
        const CheckResult &r = resultOf(report, check::kPython, 0);
        QCOMPARE(r.status, CheckStatus::Ok);
        QCOMPARE(r.reason, u"/usr/bin/python3: Python 3.9.9, mindspore 2.2.0"_s);
    }

    void ortedMissingWithoutPrefix()
    {
        Project p = example2x8();
        p.launch.mode = LaunchMode::Mpirun;
        QVERIFY(probeScript(p, 0).contains(u"command -v orted"_s));
        const ServerFacts facts =
            parseProbeOutput(section(u"mpirun"_s, 0, u"mpirun (Open MPI) 4.1.4"_s) +
                             section(u"orted"_s, 1) + section(u"end"_s, 0));
        const CheckReport report = evaluateChecks(p, {reached(0, facts), reached(1, facts)}, {});
        const CheckResult &r = resultOf(report, check::kMpirun, 0);
        QCOMPARE(r.status, CheckStatus::Failed);
        QVERIFY(r.reason.contains(u"launch.mpirun.prefix"_s));
        QVERIFY(r.reason.contains(u"openmpi-bin"_s));
        p.launch.mpirun.prefix = u"/opt/openmpi"_s;
        QVERIFY(!probeScript(p, 0).contains(u"command -v orted"_s));
    }
};

QTEST_GUILESS_MAIN(TestVersionFacts)
#include "tst_versionFacts.moc"
