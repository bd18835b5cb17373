// SPDX-License-Identifier: GPL-3.0-or-later
// setup_device_ips.sh, run for real against the simulated hccn_tool of tests/fixtures/ascend.
#include "generate/ScriptFiles.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

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

Project exampleProject()
{
    const ProjectLoad load = loadProjectFile(
        QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend-2x8.clusterwiz.json"));
    return load.project;
}

// server1's plan with device 4 set to another address: the one device a run has to fix.
QByteArray server1Conf(const QString &device4Address)
{
    const QStringList ips = exampleProject().servers[1].deviceIps;
    QByteArray conf = "# simulated /etc/hccn.conf of server1\nnpu_count=8\n";
    for (int device = 0; device < 8; ++device) {
        const QString address = device == 4 ? device4Address : ips[device];
        conf += u"address_%1=%2\nnetmask_%1=255.255.255.0\n"_s.arg(device).arg(address).toUtf8();
    }
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

ino_t inodeOf(const QString &path)
{
    struct stat info {};
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? info.st_ino : 0;
}

} // namespace

class tst_SetupDeviceIpsScript : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_script, m_conf, m_log;

    Run run(const QStringList &args, const QString &nodeRank = u"1"_s, const QString &script = {})
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"PATH"_s, fixtureDir() + u":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"_s);
        env.insert(u"HCCN_CONF"_s, m_conf);
        env.insert(u"HCCN_TOOL_LOG"_s, m_log);
        env.insert(u"CLUSTERWIZ_NODE_RANK"_s, nodeRank);
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

    int setCalls() const { return QString::fromUtf8(readFile(m_log)).count(u" -ip -s "_s); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QFileInfo(fixtureDir() + u"/hccn_tool"_s).isExecutable());
        const Project project = exampleProject();
        QVERIFY(validateProject(project).empty());
        m_script = m_dir.filePath(u"setup_device_ips.sh"_s);
        m_conf = m_dir.filePath(u"hccn.conf"_s);
        m_log = m_dir.filePath(u"hccn_tool.log"_s);
        QVERIFY(writeFile(m_script, setupDeviceIpsScript(project)));
    }

    void init()
    {
        for (const QString &name : backups())
            QVERIFY(QFile::remove(m_dir.filePath(name)));
        QFile::remove(m_log);
        QVERIFY(writeFile(m_conf, server1Conf(u"192.168.100.99"_s)));
    }

    void syntax_data()
    {
        QTest::addColumn<QString>("workdir");
        QTest::addColumn<QString>("entry");
        QTest::newRow("example") << u"/home/train/resnet50"_s << u"main.py"_s;
        // The workdir holds no shell metacharacters (validate refuses them, docs/security.md);
        // the entry may.
        QTest::newRow("command substitution")
            << u"/tmp/cw-hostile"_s << u"m$(touch /tmp/cw-hostile).py"_s;
        QTest::newRow("quotes and backticks") << u"/tmp/q"_s << u"a;b' \"q\" `id`.py"_s;
    }

    void syntax()
    {
        QFETCH(QString, workdir);
        QFETCH(QString, entry);
        Project project = exampleProject();
        project.launch.workdir = workdir;
        project.launch.entry = entry;
        QVERIFY(validateProject(project).empty());
        const QString path = m_dir.filePath(u"syntax.sh"_s);
        QVERIFY(writeFile(path, setupDeviceIpsScript(project)));
        QCOMPARE(QProcess::execute(u"/bin/bash"_s, {u"-n"_s, path}), 0);
        QVERIFY(setupDeviceIpsScript(project).startsWith("#!/bin/bash\n"));
        QCOMPARE(setupDeviceIpsScript(project), setupDeviceIpsScript(project));
    }

    void commandsComeFromThePlan()
    {
        const QString text = QString::fromUtf8(setupDeviceIpsScript(exampleProject()));
        // Quoted once as words and once more as a stored value.
        QVERIFY(text.contains(
            uR"('\''hccn_tool'\'' '\''-i'\'' '\''4'\'' '\''-ip'\'' '\''-s'\'' '\''address'\'' '\''192.168.100.110'\'' '\''netmask'\'' '\''255.255.255.0'\''')"_s));
        QVERIFY(text.contains(u"DEVICE_NETMASK='255.255.255.0'"_s));
    }

    void setsOnlyTheWrongDevice()
    {
        const ino_t inode = inodeOf(m_conf);
        const Run first = run({});
        QVERIFY2(first.exitCode == 0, qPrintable(first.out));
        QVERIFY2(
            first.out.contains(
                u"device 4: 192.168.100.110/255.255.255.0 set (was 192.168.100.99/255.255.255.0)"_s),
            qPrintable(first.out));
        QCOMPARE(first.out.count(u" ok\n"_s), 7);
        QVERIFY(first.out.contains(u"device 0: 192.168.100.111/255.255.255.0 ok\n"_s));
        QCOMPARE(setCalls(), 1);
        QVERIFY(readFile(m_log).contains(
            "hccn_tool -i 4 -ip -s address 192.168.100.110 netmask 255.255.255.0"));
        // Exactly server1's plan now, and the file was rewritten in place (bind mounts).
        QCOMPARE(readFile(m_conf), server1Conf(u"192.168.100.110"_s));
        QCOMPARE(inodeOf(m_conf), inode);

        const QStringList saved = backups();
        QCOMPARE(saved.size(), 1);
        QVERIFY(saved.first().startsWith(u"device_ips.before.server1."_s));
        const QByteArray backup = readFile(m_dir.filePath(saved.first()));
        QVERIFY(backup.contains("# device 4: 192.168.100.99/255.255.255.0"));
        QVERIFY(backup.contains("'hccn_tool' '-i' '4' '-ip' '-s' 'address' '192.168.100.99' "
                                "'netmask' '255.255.255.0'\n"));
        QCOMPARE(backup.count("'hccn_tool'"), 1);

        // Second run: nothing to do, nothing set, no new backup.
        const QByteArray confAfterFirst = readFile(m_conf);
        const Run second = run({});
        QVERIFY2(second.exitCode == 0, qPrintable(second.out));
        QCOMPARE(second.out.count(u" ok\n"_s), 8);
        QVERIFY(second.out.contains(u"0 set, 8 already right, 0 failed"_s));
        QCOMPARE(setCalls(), 1);
        QCOMPARE(readFile(m_conf), confAfterFirst);
        QCOMPARE(backups().size(), 1);

        // The backup undoes the change.
        const Run undo = run({}, u"1"_s, m_dir.filePath(saved.first()));
        QVERIFY2(undo.exitCode == 0, qPrintable(undo.out));
        QCOMPARE(readFile(m_conf), server1Conf(u"192.168.100.99"_s));
    }

    void dryRunChangesNothing()
    {
        const QByteArray before = readFile(m_conf);
        const Run dry = run({u"--dry-run"_s});
        QCOMPARE(dry.exitCode, 1);
        QVERIFY2(
            dry.out.contains(
                u"device 4: 192.168.100.110/255.255.255.0 would set (now 192.168.100.99/255.255.255.0)"_s),
            qPrintable(dry.out));
        QVERIFY(dry.out.contains(
            u"'hccn_tool' '-i' '4' '-ip' '-s' 'address' '192.168.100.110' 'netmask' '255.255.255.0'"_s));
        QCOMPARE(dry.out.count(u"would set"_s), 1);
        QCOMPARE(readFile(m_conf), before);
        QCOMPARE(setCalls(), 0);
        QVERIFY(backups().isEmpty());
    }

    void unsetDeviceIsSetWithoutUndoLine()
    {
        QByteArray conf = server1Conf(u"192.168.100.110"_s);
        conf.replace("address_2=192.168.102.111\n", "");
        QVERIFY(writeFile(m_conf, conf));
        const Run result = run({});
        QVERIFY2(result.exitCode == 0, qPrintable(result.out));
        QVERIFY(
            result.out.contains(u"device 2: 192.168.102.111/255.255.255.0 set (was unknown: "_s));
        QCOMPARE(setCalls(), 1);
        const QByteArray backup = readFile(m_dir.filePath(backups().value(0)));
        QVERIFY(backup.contains("# device 2: no address to put back"));
        QVERIFY(!backup.contains("'hccn_tool'"));
    }

    void missingDevicesFail()
    {
        QByteArray conf = server1Conf(u"192.168.100.110"_s);
        conf.replace("npu_count=8", "npu_count=6");
        QVERIFY(writeFile(m_conf, conf));
        const Run result = run({});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(
            result.out.contains(
                u"device 6: 192.168.102.110/255.255.255.0 FAILED (hccn_tool exited 2: Device 6 does not exist.)"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(u"device 7: 192.168.103.110/255.255.255.0 FAILED"_s));
        QVERIFY(result.out.contains(u"0 set, 6 already right, 2 failed"_s));
    }

    void refusesWhatItCannotDecide_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("nodeRank");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown argument")
            << QStringList{u"--force"_s} << u"1"_s << u"unknown argument: --force"_s;
        QTest::newRow("rank outside the plan")
            << QStringList{} << u"2"_s << u"the plan has 2 servers"_s;
        QTest::newRow("rank not a number")
            << QStringList{} << u"1;touch x"_s << u"is not a number"_s;
    }

    void refusesWhatItCannotDecide()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, nodeRank);
        QFETCH(QString, message);
        const QByteArray before = readFile(m_conf);
        const Run result = run(args, nodeRank);
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.out.contains(message), qPrintable(result.out));
        QCOMPARE(readFile(m_conf), before);
        QVERIFY(!QFile::exists(m_dir.filePath(u"x"_s)));
    }

    void hostileProjectStaysInert()
    {
        const QString marker = m_dir.filePath(u"pwned"_s);
        Project project = exampleProject();
        project.launch.entry = u"x'; touch "_s + marker + u"; '$(touch "_s + marker +
                               u")`touch "_s + marker + u"`.py"_s;
        project.launch.python = u"python3$(touch${IFS}"_s + marker + u")"_s;
        const Problems problems = validateProject(project);
        QVERIFY2(problems.empty(), problems.empty() ? "" : qPrintable(problems.front().toString()));
        const QString path = m_dir.filePath(u"hostile.sh"_s);
        QVERIFY(writeFile(path, setupDeviceIpsScript(project)));
        const Run result = run({}, u"1"_s, path);
        QVERIFY2(result.exitCode == 0, qPrintable(result.out));
        QVERIFY(!QFile::exists(marker));
    }
};

QTEST_GUILESS_MAIN(tst_SetupDeviceIpsScript)
#include "tst_setupDeviceIpsScript.moc"
