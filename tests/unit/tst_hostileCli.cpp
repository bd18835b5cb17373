// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile input to the real clusterwiz-cli binary: every command answers a malformed project,
// run record or journal with a message and an exit code, never a crash or a hang; output that
// cannot be written is an error; uploads from outside the project need --allow-upload-outside.
#include "launch/RunRecord.h"
#include "model/ProjectJson.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

struct CliRun {
    int exitCode = -1; // -1: crashed or hung
    QString out;
    QString err;
    qint64 outBytes = 0;
};

CliRun cli(const QStringList &arguments, const QString &stdoutFile = {})
{
    QProcess process;
    process.setProgram(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"));
    process.setArguments(arguments);
    if (!stdoutFile.isEmpty())
        process.setStandardOutputFile(stdoutFile);
    process.start();
    CliRun result;
    if (!process.waitForStarted(10000) || !process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        result.err = u"clusterwiz-cli hung"_s;
        return result;
    }
    if (process.exitStatus() != QProcess::NormalExit) {
        result.err = u"clusterwiz-cli crashed"_s;
        return result;
    }
    result.exitCode = process.exitCode();
    const QByteArray out = process.readAllStandardOutput();
    result.outBytes = out.size();
    result.out = QString::fromUtf8(out.left(100000));
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString example(const QString &name)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/") + name +
           u".clusterwiz.json"_s;
}

bool write(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestHostileCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString save(const cw::Project &project, const QString &name)
    {
        const QString path = m_dir.filePath(name);
        return cw::saveProjectFile(project, path).isEmpty() ? path : QString();
    }

private Q_SLOTS:
    void malformedProjectsEndEveryCommandCleanly_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("1e400") << QByteArray(R"({"clusterwiz":1,"x":1e400})")
                               << u"number overflow"_s;
        QTest::newRow("52000 nested arrays")
            << QByteArray(R"({"clusterwiz":1,"x":)") + QByteArray(52000, '[') +
                   QByteArray(52000, ']') + '}'
            << u"nested deeper than 64"_s;
        QTest::newRow("not an object") << QByteArray("[]") << u"must be a JSON object"_s;
    }

    void malformedProjectsEndEveryCommandCleanly()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const QString path = m_dir.filePath(u"bad.clusterwiz.json"_s);
        QVERIFY(write(path, bytes));
        const QStringList commands[] = {
            {u"validate"_s, path},
            {u"plan"_s, path},
            {u"generate"_s, path, u"-o"_s, m_dir.filePath(u"gen"_s)},
            {u"check"_s, path},
            {u"fix"_s, path, u"--all"_s},
            {u"launch"_s, path},
            {u"status"_s, path},
            {u"logs"_s, path},
            {u"stop"_s, path},
            {u"undo"_s, path},
            {u"export"_s, path, u"--to"_s, u"slurm"_s, u"-o"_s, m_dir.filePath(u"exp"_s)},
            {u"doctor"_s, path},
            {u"diagnose"_s, path}};
        for (const QStringList &command : commands) {
            const CliRun r = cli(command);
            QVERIFY2(
                r.exitCode == 2 || r.exitCode == 64,
                qPrintable(command.first() + u": "_s + QString::number(r.exitCode) + u' ' + r.err));
            if (r.exitCode == 2)
                QVERIFY2(r.err.contains(expected), qPrintable(command.first() + u": "_s + r.err));
        }
    }

    void specialFilesAreRefusedAtOnce()
    {
        const QString fifo = m_dir.filePath(u"fifo.clusterwiz.json"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QString &path : {fifo, u"/dev/zero"_s, m_dir.path()}) {
            const CliRun r = cli({u"validate"_s, path});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(u"cannot read"_s), qPrintable(r.err));
        }
    }

    void planOutputStaysSmall()
    {
        // An unknown member nested as deep as accepted: plan re-writes it, in a few KB.
        QFile file(example(u"cpu-2x2"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll();
        bytes.insert(bytes.indexOf('{') + 1,
                     "\"extra\":" + QByteArray(63, '[') + QByteArray(63, ']') + ',');
        const QString path = m_dir.filePath(u"deep.clusterwiz.json"_s);
        QVERIFY(write(path, bytes));
        const CliRun r = cli({u"plan"_s, path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outBytes < 100000, qPrintable(QString::number(r.outBytes)));
        // 10,000 levels (20 KB) once wrote 200 MB; now it is refused.
        bytes.replace(QByteArray(63, '[') + QByteArray(63, ']'),
                      QByteArray(10000, '[') + QByteArray(10000, ']'));
        QVERIFY(write(path, bytes));
        const CliRun deep = cli({u"plan"_s, path});
        QCOMPARE(deep.exitCode, 2);
        QVERIFY(deep.outBytes < 1000);
    }

    void outputThatCannotBeWrittenIsAnError()
    {
        const CliRun r = cli({u"plan"_s, example(u"ascend-2x8"_s)}, u"/dev/full"_s);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"cannot write the output"_s), qPrintable(r.err));
    }

    void wrongTypedRunRecordAndJournalAreMessages()
    {
        const QString path =
            save(cw::loadProjectFile(example(u"cpu-2x2"_s)).project, u"typed.clusterwiz.json"_s);
        QDir().mkpath(cw::runsFolder(path));
        QVERIFY(write(cw::runRecordPath(path, u"20261123-000000-aaaaaa"_s),
                      R"({"clusterwiz_run":1,"run_id":"20261123-000000-aaaaaa",)"
                      R"("state":"running","gang_stop":"yes"})"));
        for (const QString &command : {u"status"_s, u"logs"_s, u"stop"_s, u"diagnose"_s}) {
            const CliRun r = cli({command, path});
            QVERIFY2(r.exitCode > 0 && r.exitCode != 64, qPrintable(command + u": "_s + r.err));
            QVERIFY2(r.err.contains(u"gang_stop"_s), qPrintable(command + u": "_s + r.err));
        }
        QVERIFY(write(m_dir.filePath(u"typed.clusterwiz-undo.json"_s),
                      R"({"clusterwiz_undo":1,"entries":[{"steps":[{"server":"server0",)"
                      R"("stage":"one","command":"true"}]}]})"));
        const CliRun undo = cli({u"undo"_s, path});
        QCOMPARE(undo.exitCode, 2);
        QVERIFY2(undo.err.contains(u"entries[0].steps[0].stage"_s), qPrintable(undo.err));
    }

    void diagnoseRefusesABadHangAfter()
    {
        // Checked once the run is found (the run comes first, as for logs and status).
        const QString path =
            save(cw::loadProjectFile(example(u"cpu-2x2"_s)).project, u"hang.clusterwiz.json"_s);
        cw::RunRecord record;
        record.runId = u"20261123-000000-bbbbbb"_s;
        record.projectPath = path;
        record.mode = cw::LaunchMode::Launch;
        record.master = u"server0"_s;
        record.startedAt = QDateTime::currentDateTimeUtc();
        record.state = cw::RunState::Running;
        QDir().mkpath(cw::runsFolder(path));
        QCOMPARE(cw::saveRunRecord(record), QString());
        for (const QString &value : {u"soon"_s, u"0"_s, u"-5"_s, u"99999999"_s}) {
            const CliRun r = cli({u"diagnose"_s, path, u"--hang-after"_s, value});
            QVERIFY2(r.exitCode == 64, qPrintable(value + u": "_s + r.err));
            QVERIFY2(r.err.contains(u"--hang-after"_s), qPrintable(r.err));
        }
    }

    void fixWithEveryServerUnreachableIsNotNothingToFix()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 closed = probe.serverPort();
        probe.close(); // nothing listens there now: every connection is refused
        cw::Project project = cw::loadProjectFile(example(u"cpu-2x2"_s)).project;
        for (size_t s = 0; s < project.servers.size(); ++s) {
            project.servers[s].host = project.servers[s].hostIp = u"127.0.0.%1"_s.arg(s + 1);
            project.servers[s].port = closed;
        }
        const QString path = save(project, u"unreachable.clusterwiz.json"_s);
        const CliRun r = cli({u"fix"_s, path, u"--all"_s, u"--dry-run"_s, u"--timeout"_s, u"3"_s,
                              u"--known-hosts"_s, m_dir.filePath(u"kh"_s)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(!r.out.contains(u"nothing to fix"_s), qPrintable(r.out));
        QVERIFY2(r.err.contains(u"not checked"_s) && r.err.contains(u"server0"_s),
                 qPrintable(r.err));
    }

    void launchRefusesUploadsFromOutside()
    {
        const QString folder = m_dir.filePath(u"uploads"_s);
        QDir().mkpath(folder);
        cw::Project project = cw::loadProjectFile(example(u"cpu-2x2"_s)).project;
        project.launch.upload = {u"/etc/passwd"_s};
        const QString path = folder + u"/u.clusterwiz.json"_s;
        QCOMPARE(cw::saveProjectFile(project, path), QString());
        const CliRun refused = cli({u"launch"_s, path, u"--dry-run"_s});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(u"launch.upload[0]: /etc/passwd is outside the project's "
                                      u"folder"_s),
                 qPrintable(refused.err));
        const CliRun allowed =
            cli({u"launch"_s, path, u"--dry-run"_s, u"--allow-upload-outside"_s});
        QCOMPARE(allowed.exitCode, 0);
        QVERIFY2(allowed.out.contains(u"/etc/passwd"_s), qPrintable(allowed.out));
    }

    void generateReplacesPlantedLinks()
    {
        const QString out = m_dir.filePath(u"planted"_s);
        QDir().mkpath(out);
        const QString victim = m_dir.filePath(u"victim"_s);
        QVERIFY(write(victim, "precious\n"));
        QVERIFY(QFile::setPermissions(victim, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        QVERIFY(QFile::link(victim, out + u"/train.sh"_s));
        QVERIFY(QFile::link(victim, m_dir.filePath(u"planted.tar.gz"_s)));
        const CliRun r = cli({u"generate"_s, example(u"cpu-2x2"_s), u"-o"_s, out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const CliRun tar =
            cli({u"generate"_s, example(u"cpu-2x2"_s), u"-o"_s, m_dir.filePath(u"plain"_s),
                 u"--tar"_s, m_dir.filePath(u"planted.tar.gz"_s)});
        QVERIFY2(tar.exitCode == 0, qPrintable(tar.err));
        QFile check(victim);
        QVERIFY(check.open(QIODevice::ReadOnly));
        QCOMPARE(check.readAll(), QByteArray("precious\n"));
        QCOMPARE(QFile::permissions(victim) & QFileDevice::Permissions(0x7077),
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner); // still 0600
        QVERIFY(!QFileInfo(out + u"/train.sh"_s).isSymLink());
    }

    // `out -> victim/.ssh`: nothing is written through a linked output folder, by generate or by
    // export (docs/security.md).
    void outputFolderThatIsALinkIsRefused()
    {
        const QString victim = m_dir.filePath(u"victim-ssh"_s);
        QDir().mkpath(victim);
        const QString link = m_dir.filePath(u"linked-out"_s);
        QVERIFY(QFile::link(victim, link));
        const CliRun generate = cli({u"generate"_s, example(u"cpu-2x2"_s), u"-o"_s, link});
        QCOMPARE(generate.exitCode, 2);
        QVERIFY2(generate.err.contains(u"is a symbolic link"_s), qPrintable(generate.err));
        const CliRun exported =
            cli({u"export"_s, example(u"cpu-2x2"_s), u"--to"_s, u"slurm"_s, u"-o"_s, link});
        QCOMPARE(exported.exitCode, 2);
        QVERIFY2(exported.err.contains(u"is a symbolic link"_s), qPrintable(exported.err));
        QCOMPARE(QDir(victim).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList());
        // A folder above the output folder may be a link: that is the path the user chose.
        const CliRun below =
            cli({u"generate"_s, example(u"cpu-2x2"_s), u"-o"_s, link + u"/inside"_s});
        QVERIFY2(below.exitCode == 0, qPrintable(below.err));
        QVERIFY(QFile::exists(victim + u"/inside/train.sh"_s));
    }

    // JSON keeps the last of two equal keys: `"servers": [...], "servers": []` would read as no
    // servers. The one reader refuses it, naming the key.
    void duplicateKeysAreRefusedNamingTheKey()
    {
        QFile file(example(u"cpu-2x2"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll();
        bytes.insert(bytes.lastIndexOf('}'), ", \"servers\": []");
        const QString path = m_dir.filePath(u"twice.clusterwiz.json"_s);
        QVERIFY(write(path, bytes));
        const CliRun r = cli({u"validate"_s, path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"servers is given twice"_s), qPrintable(r.err));
        const QString nested = m_dir.filePath(u"nested.clusterwiz.json"_s);
        QVERIFY(write(nested, R"({"clusterwiz":1,"launch":{"env":{"A":"1","A":"2"}}})"));
        const CliRun inner = cli({u"validate"_s, nested});
        QCOMPARE(inner.exitCode, 2);
        QVERIFY2(inner.err.contains(u"launch.env.A is given twice"_s), qPrintable(inner.err));
    }

    // A folder name ustar cannot hold is refused before the folder is written.
    void tarNameIsCheckedBeforeTheFolderIsWritten()
    {
        const QString out = m_dir.filePath(QString(100, u'f'));
        const CliRun r = cli({u"generate"_s, example(u"cpu-2x2"_s), u"-o"_s, out, u"--tar"_s,
                              m_dir.filePath(u"long.tar.gz"_s)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"too long for a tar archive"_s), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(out));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(u"long.tar.gz"_s)));
    }

    // Bidi controls, line separators, C1 and C0 characters from a project reach the terminal
    // escaped, whichever command prints them (one escaping function: escapeControls).
    void terminalControlTextIsEscaped()
    {
        const QString hostile = QString(u"192.168.100.1\u202e\u2066\u2028\u0085\x1b[2J\a"_s);
        cw::Project project = cw::loadProjectFile(example(u"ascend-2x8"_s)).project;
        project.servers[0].deviceIps[0] = hostile;
        project.launch.python = u"python3\x1b]0;pwned\a"_s;
        const QString path = save(project, u"controls.clusterwiz.json"_s);
        const auto raw = [](const QString &text) {
            for (QChar c : text) {
                const char16_t u = c.unicode();
                if ((u < 0x20 && u != u'\n') || (u >= 0x7f && u <= 0x9f) || u == 0x2028 ||
                    u == 0x2029 || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069))
                    return true;
            }
            return false;
        };
        const CliRun plan = cli({u"plan"_s, path, u"-o"_s, m_dir.filePath(u"planned.json"_s)});
        QCOMPARE(plan.exitCode, 0);
        QVERIFY2(!raw(plan.err), qPrintable(plan.err));
        QVERIFY2(plan.err.contains(u"\\u202e\\u2066\\u2028\\x85\\x1b[2J\\x07"_s),
                 qPrintable(plan.err));
        project.servers[0].deviceIps[0] = u"192.168.100.101"_s;
        const QString clean = save(project, u"python.clusterwiz.json"_s);
        const CliRun exported = cli(
            {u"export"_s, clean, u"--to"_s, u"slurm"_s, u"-o"_s, m_dir.filePath(u"exported"_s)});
        QCOMPARE(exported.exitCode, 0);
        QVERIFY2(!raw(exported.err), qPrintable(exported.err));
        QVERIFY2(exported.err.contains(u"python3\\x1b]0;pwned\\x07"_s), qPrintable(exported.err));
        // The launch plan a dry run prints names the files it uploads: escaped too.
        QVERIFY(write(m_dir.filePath(u"data\x1b[31m.txt"_s), "x"));
        project.launch.upload = {u"data\x1b[31m.txt"_s};
        const CliRun dryRun =
            cli({u"launch"_s, save(project, u"upload.clusterwiz.json"_s), u"--dry-run"_s});
        QCOMPARE(dryRun.exitCode, 0);
        QVERIFY2(!raw(dryRun.out), qPrintable(dryRun.out));
        QVERIFY2(dryRun.out.contains(u"data\\x1b[31m.txt"_s), qPrintable(dryRun.out));
        // A project path with a line break and ESC in it, echoed on a success line.
        const QString odd = m_dir.filePath(u"odd\n\x1b[31mname.clusterwiz.json"_s);
        QVERIFY(QFile::copy(example(u"cpu-2x2"_s), odd));
        const CliRun validate = cli({u"validate"_s, odd});
        QCOMPARE(validate.exitCode, 0);
        QVERIFY2(!raw(validate.out) && validate.out.count(u'\n') == 1, qPrintable(validate.out));
        QVERIFY2(validate.out.contains(u"odd\\n\\x1b[31mname"_s), qPrintable(validate.out));
    }

    // Every field a README.txt repeats per server is bounded: a 1 MB workdir once gave 141 MB.
    void fieldSizesAreBounded()
    {
        cw::Project project = cw::loadProjectFile(example(u"cpu-2x2"_s)).project;
        project.launch.workdir = u"/"_s + QString(1024 * 1024, u'w');
        const QString path = save(project, u"huge.clusterwiz.json"_s);
        const CliRun r = cli({u"generate"_s, path, u"-o"_s, m_dir.filePath(u"huge"_s)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(u"launch.workdir: launch: workdir is longer than 4096"_s),
                 qPrintable(r.err.left(500)));
        QVERIFY2(r.err.size() < 10000, qPrintable(QString::number(r.err.size())));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(u"huge"_s)));
    }
};

QTEST_GUILESS_MAIN(TestHostileCli)
#include "tst_hostileCli.moc"
