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
        record.mode = u"launch"_s;
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
};

QTEST_GUILESS_MAIN(TestHostileCli)
#include "tst_hostileCli.moc"
