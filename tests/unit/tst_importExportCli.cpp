// SPDX-License-Identifier: GPL-3.0-or-later
// clusterwiz-cli import and export as users run them: the real binary in a child process, its
// exit code, its messages and the files it leaves (or does not leave) behind.
#include "model/ProjectJson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

QString sample(const QString &name)
{
    return QStringLiteral(CLUSTERWIZ_TEST_DATA "/import/") + name;
}

QString example(const QString &name)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/") + name +
           u".clusterwiz.json"_s;
}

CliRun run(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"), arguments);
    CliRun result;
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        result.err = u"clusterwiz-cli did not finish"_s;
        return result;
    }
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

} // namespace

class TestImportExportCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_temp;

private Q_SLOTS:
    void importWritesProject_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("servers");
        QTest::newRow("hostfile") << QStringList{u"hostfile"_s, sample(u"hostfile"_s),
                                                 u"--accelerator"_s, u"cpu"_s}
                                  << 2;
        QTest::newRow("hccn-conf")
            << QStringList{u"hccn-conf"_s, sample(u"hccn.conf"_s), u"--server"_s, u"n1"_s} << 1;
        QTest::newRow("ranktable")
            << QStringList{u"ranktable"_s, sample(u"hccl_2s_16p.json"_s)} << 2;
        QTest::newRow("deployer-inventory")
            << QStringList{u"deployer-inventory"_s, sample(u"inventory_file"_s)} << 2;
    }

    void importWritesProject()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, servers);
        const QString output =
            m_temp.filePath(QString::fromLatin1(QTest::currentDataTag()) + u".clusterwiz.json"_s);
        const CliRun r = run(QStringList{u"import"_s} + arguments + QStringList{u"-o"_s, output});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(u"Imported %1 server"_s.arg(servers)), qPrintable(r.out));
        QVERIFY2(r.err.contains(u"note: "_s), qPrintable(r.err));
        // The launch fields no such file holds are listed as still to set.
        QVERIFY2(r.err.contains(u"still to set"_s), qPrintable(r.err));
        const cw::ProjectLoad load = cw::loadProjectFile(output);
        QVERIFY(load.ok());
        QCOMPARE(load.project.servers.size(), size_t(servers));
        // A second run does not overwrite without --force.
        const CliRun again =
            run(QStringList{u"import"_s} + arguments + QStringList{u"-o"_s, output});
        QCOMPARE(again.exitCode, 2);
        QVERIFY(again.err.contains(u"--force"_s));
        const CliRun forced =
            run(QStringList{u"import"_s} + arguments + QStringList{u"-o"_s, output, u"--force"_s});
        QCOMPARE(forced.exitCode, 0);
    }

    void importIntoExisting()
    {
        const QString project = m_temp.filePath(u"into.clusterwiz.json"_s);
        QVERIFY(QFile::copy(example(u"ascend-2x8"_s), project));
        QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner);
        const CliRun r = run({u"import"_s, u"hccn-conf"_s, sample(u"hccn.conf"_s), u"--server"_s,
                              u"server0"_s, u"--into"_s, project, u"-o"_s, project});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const cw::ProjectLoad load = cw::loadProjectFile(project);
        QVERIFY(load.ok());
        QCOMPARE(load.project.servers.size(), size_t(2));
        QCOMPARE(load.project.servers[0].deviceIps.value(0), u"192.168.100.101"_s);
        QCOMPARE(load.project.launch.workdir, u"/home/train/resnet50"_s);
    }

    void importRefuses_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        const QString out = m_temp.filePath(u"refused.clusterwiz.json"_s);
        QTest::newRow("unknown kind")
            << QStringList{u"import"_s, u"hosts"_s, sample(u"hostfile"_s), u"-o"_s, out} << 64
            << u"unknown KIND"_s;
        QTest::newRow("no output") << QStringList{u"import"_s, u"hostfile"_s, sample(u"hostfile"_s)}
                                   << 64 << u"--output"_s;
        QTest::newRow("hccn without server")
            << QStringList{u"import"_s, u"hccn-conf"_s, sample(u"hccn.conf"_s), u"-o"_s, out} << 64
            << u"--server"_s;
        QTest::newRow("bad accelerator") << QStringList{u"import"_s,
                                                        u"hostfile"_s,
                                                        sample(u"hostfile"_s),
                                                        u"--accelerator"_s,
                                                        u"tpu"_s,
                                                        u"-o"_s,
                                                        out}
                                         << 64 << u"--accelerator"_s;
        QTest::newRow("missing file")
            << QStringList{u"import"_s, u"hostfile"_s, m_temp.filePath(u"nope"_s), u"-o"_s, out}
            << 2 << u"no such file"_s;
        QTest::newRow("folder as file")
            << QStringList{u"import"_s, u"hostfile"_s, m_temp.path(), u"-o"_s, out} << 2
            << u"not a regular file"_s;
        QTest::newRow("file with errors")
            << QStringList{u"import"_s, u"ranktable"_s, sample(u"hostfile"_s), u"-o"_s, out} << 1
            << u"nothing written"_s;
        QTest::newRow("nvidia for a rank table") << QStringList{u"import"_s,
                                                                u"ranktable"_s,
                                                                sample(u"hccl_a2_2x2.json"_s),
                                                                u"--accelerator"_s,
                                                                u"nvidia"_s,
                                                                u"-o"_s,
                                                                out}
                                                 << 64 << u"describes Ascend servers"_s;
    }

    // --accelerator for every kind; without it an A2 file is ascend910b. What is still to set is
    // listed before the project is written.
    void importChoosesTheAccelerator()
    {
        const QString output = m_temp.filePath(u"a2.clusterwiz.json"_s);
        const CliRun inferred = run({u"import"_s, u"deployer-inventory"_s,
                                     sample(u"a2_inventory_file"_s), u"-o"_s, output});
        QVERIFY2(inferred.exitCode == 0, qPrintable(inferred.err));
        QVERIFY2(inferred.err.contains(u"note: accelerator ascend910b"_s),
                 qPrintable(inferred.err));
        QCOMPARE(cw::loadProjectFile(output).project.accelerator, cw::Accelerator::Ascend910b);
        const CliRun chosen =
            run({u"import"_s, u"ranktable"_s, sample(u"hccl_a2_2x2.json"_s), u"--accelerator"_s,
                 u"ascend910"_s, u"-o"_s, output, u"--force"_s});
        QVERIFY2(chosen.exitCode == 0, qPrintable(chosen.err));
        QCOMPARE(cw::loadProjectFile(output).project.accelerator, cw::Accelerator::Ascend910);
        QVERIFY2(chosen.err.indexOf(u"still to set"_s) >= 0, qPrintable(chosen.err));
    }

    // Notes in the same order on every run: each run is a new process with its own hash seed.
    void importNotesKeepTheirOrder()
    {
        const QString conf = m_temp.filePath(u"no-netmasks.conf"_s);
        QFile file(conf);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int i = 0; i < 8; ++i)
            file.write("address_" + QByteArray::number(i) + "=10.20.0." +
                       QByteArray::number(i + 2) + '\n');
        file.write("netmask_0=255.255.255.0\n");
        file.close();
        QString first;
        for (int round = 0; round < 4; ++round) {
            const CliRun r =
                run({u"import"_s, u"hccn-conf"_s, conf, u"--server"_s, u"a2"_s, u"-o"_s,
                     m_temp.filePath(u"notes.clusterwiz.json"_s), u"--force"_s});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QVERIFY2(r.err.indexOf(u"device 1 has no netmask_1"_s) <
                         r.err.indexOf(u"device 7 has no netmask_7"_s),
                     qPrintable(r.err));
            if (round == 0)
                first = r.err;
            QCOMPARE(r.err, first);
        }
    }

    void importRefuses()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        const CliRun r = run(arguments);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(m_temp.filePath(u"refused.clusterwiz.json"_s)));
    }

    void importNeverThroughSymlink()
    {
        const QString target = m_temp.filePath(u"target.json"_s);
        QFile file(target);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep");
        file.close();
        const QString link = m_temp.filePath(u"link.clusterwiz.json"_s);
        QVERIFY(QFile::link(target, link));
        const CliRun r = run({u"import"_s, u"ranktable"_s, sample(u"hccl_2s_16p.json"_s), u"-o"_s,
                              link, u"--force"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"symbolic link"_s), qPrintable(r.err));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("keep"));
    }

    void exportWritesFile_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        QTest::newRow("slurm") << u"slurm"_s << u"train.sbatch"_s;
        QTest::newRow("pytorchjob") << u"pytorchjob"_s << u"pytorchjob.yaml"_s;
        QTest::newRow("volcano") << u"volcano"_s << u"volcano-job.yaml"_s;
    }

    void exportWritesFile()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        const QString dir = m_temp.filePath(u"export-"_s + target);
        const CliRun r =
            run({u"export"_s, example(u"ascend-2x8"_s), u"--to"_s, target, u"-o"_s, dir});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out, dir + u'/' + file + u'\n');
        QVERIFY2(r.err.contains(u"set: "_s), qPrintable(r.err));
        QVERIFY(QFileInfo(dir + u'/' + file).size() > 0);
    }

    void exportRefuses_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        const QString dir = m_temp.filePath(u"not-written"_s);
        QTest::newRow("no target")
            << QStringList{u"export"_s, example(u"ascend-2x8"_s), u"-o"_s, dir} << 64 << u"--to"_s;
        QTest::newRow("unknown target")
            << QStringList{u"export"_s, example(u"ascend-2x8"_s), u"--to"_s, u"k8s"_s, u"-o"_s, dir}
            << 64 << u"--to"_s;
        QTest::newRow("no output")
            << QStringList{u"export"_s, example(u"ascend-2x8"_s), u"--to"_s, u"slurm"_s} << 64
            << u"--output"_s;
        QTest::newRow("volcano for nvidia")
            << QStringList{u"export"_s, example(u"nvidia-2x8"_s), u"--to"_s, u"volcano"_s, u"-o"_s,
                           dir}
            << 1 << u"ascend910"_s;
        QTest::newRow("unreadable project")
            << QStringList{u"export"_s, m_temp.filePath(u"nope.json"_s),
                           u"--to"_s,   u"slurm"_s,
                           u"-o"_s,     dir}
            << 2 << u"nope.json"_s;
    }

    void exportRefuses()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        const CliRun r = run(arguments);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(m_temp.filePath(u"not-written"_s)));
    }

    void helpListsBoth()
    {
        const CliRun r = run({u"--help"_s});
        QVERIFY(r.out.contains(u"  import "_s) && r.out.contains(u"  export "_s));
        for (const QString &command : {u"import"_s, u"export"_s}) {
            const CliRun help = run({command, u"--help"_s});
            QCOMPARE(help.exitCode, 0);
            QVERIFY2(help.out.startsWith(u"Usage: clusterwiz-cli "_s + command + u" [options]"_s),
                     qPrintable(help.out));
        }
    }
};

QTEST_GUILESS_MAIN(TestImportExportCli)
#include "tst_importExportCli.moc"
