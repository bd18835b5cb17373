// SPDX-License-Identifier: GPL-3.0-or-later
// clusterwiz-cli as users and scripts run it: the real binary in a child process, checked by exit
// code, stdout, stderr and the files it leaves behind.
#include "CliTestSupport.h"
#include "ValidProjects.h"

#include "generate/Generator.h"
#include "launch/RunRecord.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <nlohmann/json.hpp>

using namespace clitest;
using namespace Qt::StringLiterals;

namespace {

cw::Project brokenDeviceIp()
{
    cw::Project project = loadExample(u"ascend-2x8"_s);
    project.servers[1].deviceIps[4] = u"192.168.100.300"_s;
    return project;
}

// The 2x8 example on two loopback addresses whose SSH port is `port`.
cw::Project loopbackServers(quint16 port)
{
    cw::Project project = loadExample(u"ascend-2x8"_s);
    for (size_t s = 0; s < project.servers.size(); ++s) {
        project.servers[s].host = project.servers[s].hostIp = u"127.0.0.%1"_s.arg(s + 1);
        project.servers[s].port = port;
    }
    return project;
}

// Connections the kernel accepted for `listener` while nothing ran its event loop.
int connectionsTo(QTcpServer &listener)
{
    int count = 0;
    while (listener.waitForNewConnection(200)) {
        while (QTcpSocket *socket = listener.nextPendingConnection()) {
            delete socket;
            ++count;
        }
    }
    return count;
}

} // namespace

class TestCli : public clitest::CliTest {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_temp.isValid());
        QVERIFY2(QFileInfo(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli")).isExecutable(),
                 "build clusterwiz-cli first");
    }

    void validateValid()
    {
        const QString path = examplePath(u"ascend-2x8"_s);
        const CliRun r = run({u"validate"_s, path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, path + u": valid (2 servers, 16 devices, mode launch)\n"_s);
        QCOMPARE(r.err, QString());

        const QString partial = examplePath(u"ascend-1x4"_s);
        const CliRun one = run({u"validate"_s, partial});
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(one.out, partial + u": valid (1 server, 4 devices, mode ranktable)\n"_s);
    }

    // The wizard shows the core's problems in the user's language; the CLI prints them in English
    // whatever the locale (scripts and logs parse them), byte for byte as under LANG=C.
    void cliStaysEnglishUnderAChineseLocale()
    {
        cw::Project project = loadExample(u"ascend-2x8"_s);
        project.servers[0].host = u"-bad"_s;
        project.servers[1].port = 0;
        const QString path = saveText(cw::projectToJsonText(project), u"zh.clusterwiz.json"_s);
        const CliRun english = run({u"validate"_s, path}, {}, {u"LANG=C"_s, u"LC_ALL=C"_s});
        const CliRun chinese =
            run({u"validate"_s, path}, {},
                {u"LANG=zh_CN.UTF-8"_s, u"LC_ALL=zh_CN.UTF-8"_s, u"LANGUAGE=zh_CN"_s});
        QCOMPARE(english.exitCode, 1);
        QCOMPARE(chinese.exitCode, english.exitCode);
        QCOMPARE(chinese.out, english.out);
        QCOMPARE(chinese.err, english.err);
        const QString all = chinese.out + chinese.err;
        QVERIFY2(all.contains(u"servers[0].host: server0: host \"-bad\" must not start with '-'"_s),
                 qPrintable(all));
        QVERIFY2(all.contains(u"servers[1].port: server1: SSH port 0 is not a port (1-65535)"_s),
                 qPrintable(all));
        for (const QChar c : all)
            QVERIFY2(c.unicode() < 0x2e80, qPrintable(all)); // no CJK
    }

    // A valid project that would still fail on real servers: warned on stderr, exit 0.
    void validateWarns()
    {
        cw::Project project = loadExample(u"ascend-2x8"_s);
        project.launch.envSetup.clear();
        project.servers[1].nic = u"docker0"_s;
        const QString path = saveText(cw::projectToJsonText(project), u"warned.clusterwiz.json"_s);
        const CliRun r = run({u"validate"_s, path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, path + u": valid (2 servers, 16 devices, mode launch)\n"_s);
        const QStringList lines = r.errLines();
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith(u"warning: launch.env_setup: no line sources CANN's "
                                     "set_env.sh"_s),
                 qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith(u"warning: servers[1].nic: server1: docker0"_s),
                 qPrintable(lines[1]));
    }

    // A misspelt member is named with the nearest real one; the top-level one stays in the file.
    void validateNamesUnknownFields()
    {
        QByteArray text = cw::projectToJsonText(loadExample(u"cpu-2x2"_s));
        text.replace("\"clusterwiz\": 1,", "\"clusterwiz\": 1, \"nmae\": \"x\",");
        text.replace("\"workdir\":", "\"retries\": 3, \"workdir\":");
        const QString path = saveText(text, u"misspelt.clusterwiz.json"_s);
        const CliRun r = run({u"validate"_s, path});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.errLines();
        QVERIFY2(lines.contains(u"warning: nmae: not a clusterwiz field; kept in the file as it "
                                u"is (did you mean \"name\"?)"_s),
                 qPrintable(r.err));
        QVERIFY2(lines.contains(u"warning: launch.retries: not a clusterwiz field; ignored, and "
                                u"left out on save"_s),
                 qPrintable(r.err));
    }

    void validateInvalid_data()
    {
        QTest::addColumn<QByteArray>("document");
        QTest::addColumn<QString>("expectedPath");

        QTest::newRow("device ip out of range")
            << cw::projectToJsonText(brokenDeviceIp()) << u"servers[1].device_ips[4]"_s;

        cw::Project hostile = loadExample(u"ascend-2x8"_s);
        hostile.servers[1].deviceIps[4] = u"$(reboot)"_s;
        QTest::newRow("device ip is a command")
            << cw::projectToJsonText(hostile) << u"servers[1].device_ips[4]"_s;

        nlohmann::ordered_json wrongType = cw::projectToJson(loadExample(u"ascend-2x8"_s));
        wrongType["servers"][0]["port"] = "22";
        QTest::newRow("port is a string")
            << QByteArray::fromStdString(wrongType.dump(2)) << u"servers[0].port"_s;

        nlohmann::ordered_json noLaunch = cw::projectToJson(loadExample(u"cpu-2x2"_s));
        noLaunch.erase("launch");
        QTest::newRow("launch missing")
            << QByteArray::fromStdString(noLaunch.dump()) << u"launch"_s;
    }

    void validateInvalid()
    {
        QFETCH(QByteArray, document);
        QFETCH(QString, expectedPath);
        const QString path = saveText(document, u"invalid.clusterwiz.json"_s);
        const CliRun r = run({u"validate"_s, path});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        const QStringList lines = r.errLines();
        QVERIFY2(lines.size() >= 2, qPrintable(r.err));
        // One `path: message` line per problem, then the summary.
        QVERIFY2(std::any_of(
                     lines.begin(), lines.end(),
                     [&](const QString &line) { return line.startsWith(expectedPath + u": "_s); }),
                 qPrintable(r.err));
        QVERIFY2(lines.constLast().startsWith(path + u": invalid ("_s), qPrintable(r.err));
    }

    void validateUnreadable_data()
    {
        QTest::addColumn<QByteArray>("document");
        QTest::addColumn<QString>("expected");

        QTest::newRow("missing file") << QByteArray() << u"cannot read"_s;
        QTest::newRow("not json") << QByteArray("{ \"clusterwiz\": 1, nope") << u"not valid JSON"_s;
        QTest::newRow("empty file") << QByteArray("") << u"not valid JSON"_s;
        QTest::newRow("json array") << QByteArray("[1, 2, 3]") << u"must be a JSON object"_s;
        QTest::newRow("not a project")
            << QByteArray("{\"name\": \"x\"}") << u"not a clusterwiz project"_s;
        QTest::newRow("newer format") << QByteArray("{\"clusterwiz\": 99}") << u"newer"_s;
    }

    void validateUnreadable()
    {
        QFETCH(QByteArray, document);
        QFETCH(QString, expected);
        QString path = m_temp.filePath(u"does-not-exist.clusterwiz.json"_s);
        if (QString::fromLatin1(QTest::currentDataTag()) != u"missing file")
            path = saveText(document, u"unreadable.clusterwiz.json"_s);
        const CliRun r = run({u"validate"_s, path});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.err.contains(path), qPrintable(r.err));
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    }

    void generateWritesFolderAndArchive()
    {
        const QString input = examplePath(u"ascend-2x8"_s);
        const cwtest::Generated expected = cwtest::generateFrom(loadExample(u"ascend-2x8"_s));
        QVERIFY(expected.ok());
        QVERIFY(!expected.files.empty());

        // Relative paths are taken from the working directory and reported absolute.
        const QString dir = m_temp.filePath(u"gen/ascend-2x8"_s);
        const QString archive = m_temp.filePath(u"gen/ascend-2x8.tar.gz"_s);
        QVERIFY(QDir().mkpath(m_temp.filePath(u"gen"_s)));
        const CliRun r = run(
            {u"generate"_s, input, u"-o"_s, u"ascend-2x8"_s, u"--tar"_s, u"ascend-2x8.tar.gz"_s},
            m_temp.filePath(u"gen"_s));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.constLast(),
                 u"Generated %1 files in %2"_s.arg(expected.files.size()).arg(dir));
        QVERIFY(lines.contains(archive));

        for (const cw::GeneratedFile &file : expected.files) {
            const QString path = dir + u'/' + file.name;
            QVERIFY2(lines.contains(path), qPrintable(path));
            QCOMPARE(readAll(path), file.content);
            QCOMPARE(QFileInfo(path).isExecutable(), file.executable);
        }

        const QByteArray gzip = readAll(archive);
        QVERIFY(gzip.startsWith("\x1f\x8b"));
        QProcess tar;
        tar.start(u"tar"_s, {u"-tzf"_s, archive});
        QVERIFY(tar.waitForFinished(30000));
        QCOMPARE(tar.exitCode(), 0);
        const QString listing = QString::fromUtf8(tar.readAllStandardOutput());
        for (const cw::GeneratedFile &file : expected.files)
            QVERIFY2(listing.contains(u"ascend-2x8/"_s + file.name), qPrintable(listing));

        // Same project, same bytes: a second run over the same paths changes nothing.
        QCOMPARE(run({u"generate"_s, input, u"-o"_s, dir, u"--tar"_s, archive}).exitCode, 0);
        QCOMPARE(readAll(archive), gzip);
    }

    void generateInvalidWritesNothing()
    {
        const QString input = save(brokenDeviceIp(), u"broken.clusterwiz.json"_s);
        const QString dir = m_temp.filePath(u"never"_s);
        const QString archive = m_temp.filePath(u"never.tar.gz"_s);
        const CliRun r = run({u"generate"_s, input, u"-o"_s, dir, u"--tar"_s, archive});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        QVERIFY2(r.err.contains(u"servers[1].device_ips[4]: "_s), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(dir));
        QVERIFY(!QFileInfo::exists(archive));
    }

    void help_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("usage");
        QTest::newRow("--help") << QStringList{u"--help"_s} << u"Usage: clusterwiz-cli COMMAND"_s;
        QTest::newRow("-h") << QStringList{u"-h"_s} << u"Usage: clusterwiz-cli COMMAND"_s;
        for (const QString &command :
             {u"validate"_s, u"plan"_s, u"generate"_s, u"logs"_s, u"doctor"_s, u"diagnose"_s}) {
            const QString usage = u"Usage: clusterwiz-cli "_s + command + u" [options] PROJECT"_s;
            QTest::newRow(qPrintable(command + u" --help"_s))
                << QStringList{command, u"--help"_s} << usage;
            QTest::newRow(qPrintable(u"help "_s + command))
                << QStringList{u"help"_s, command} << usage;
        }
    }

    void help()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, usage);
        const CliRun r = run(arguments);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        QVERIFY2(r.out.startsWith(usage), qPrintable(r.out));
    }

    void diagnoseLogsNeedsARunFolder()
    {
        // --logs reads no server and needs no run record; a folder without a run's logs is
        // refused (exit 2) with the folder named.
        const QString project = examplePath(u"cpu-2x2"_s);
        const QString missing = m_temp.filePath(u"no-such-folder"_s);
        CliRun r = run({u"diagnose"_s, project, u"--logs"_s, missing});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(missing + u": not a folder"_s), qPrintable(r.err));
        r = run({u"diagnose"_s, project, u"--logs"_s, m_temp.path(), u"--json"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"holds no run's logs"_s), qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }

    void version()
    {
        const CliRun r = run({u"--version"_s});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, u"clusterwiz-cli "_s + QStringLiteral(CLUSTERWIZ_VERSION) + u'\n');
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        const QString project = examplePath(u"cpu-2x2"_s);
        QTest::newRow("nothing") << QStringList{} << u"no command"_s;
        QTest::newRow("unknown command") << QStringList{u"frobnicate"_s} << u"frobnicate"_s;
        QTest::newRow("unknown option") << QStringList{u"--frobnicate"_s} << u"--frobnicate"_s;
        QTest::newRow("help unknown") << QStringList{u"help"_s, u"nope"_s} << u"nope"_s;
        QTest::newRow("validate no project")
            << QStringList{u"validate"_s} << u"PROJECT is missing"_s;
        QTest::newRow("validate two projects")
            << QStringList{u"validate"_s, project, project} << u"unexpected"_s;
        QTest::newRow("validate bad option")
            << QStringList{u"validate"_s, u"--bogus"_s, project} << u"bogus"_s;
        QTest::newRow("plan -o without value")
            << QStringList{u"plan"_s, project, u"-o"_s} << u"Missing value"_s;
        QTest::newRow("generate without -o")
            << QStringList{u"generate"_s, project} << u"--output"_s;
        QTest::newRow("logs no project") << QStringList{u"logs"_s} << u"PROJECT is missing"_s;
        QTest::newRow("top no project") << QStringList{u"top"_s} << u"PROJECT is missing"_s;
        QTest::newRow("logs bad run id")
            << QStringList{u"logs"_s, project, u"--run"_s, u"-rf"_s} << u"'-rf' is not a run id"_s;
        QTest::newRow("logs bad timeout")
            << QStringList{u"logs"_s, project, u"--timeout"_s, u"0"_s} << u"--timeout"_s;
        QTest::newRow("doctor unknown part")
            << QStringList{u"doctor"_s, project, u"--only"_s, u"links,ping"_s} << u"'ping'"_s;
        QTest::newRow("doctor size 0")
            << QStringList{u"doctor"_s, project, u"--size"_s, u"0"_s} << u"--size"_s;
        QTest::newRow("doctor size huge")
            << QStringList{u"doctor"_s, project, u"--size"_s, u"99999"_s} << u"--size"_s;
        QTest::newRow("diagnose bad run id")
            << QStringList{u"diagnose"_s, project, u"--run"_s, u"../x"_s} << u"not a run id"_s;
        QTest::newRow("diagnose --logs bad run id")
            << QStringList{u"diagnose"_s, project,    u"--logs"_s,
                           m_temp.path(), u"--run"_s, u"../x"_s}
            << u"not a run id"_s;
        QTest::newRow("generate empty --tar")
            << QStringList{u"generate"_s, project, u"-o"_s, m_temp.filePath(u"x"_s), u"--tar="_s}
            << u"--tar"_s;
    }

    void usageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        const CliRun r = run(arguments);
        QCOMPARE(r.exitCode, 64);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.errLines().size(), 1); // one line: what is wrong and where to look
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"--help"_s), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(m_temp.filePath(u"x"_s)));
    }

    // `logs` finds its run before it talks to any server: a project without runs, an unknown
    // server or rank are answered from the files alone (the servers here do not exist).
    // check, fix and launch validate the project before anything else: an invalid one is refused
    // with exactly what `validate` prints, exit 1, and no server is contacted.
    void serverCommandsRefuseAnInvalidProject_data()
    {
        QTest::addColumn<QStringList>("arguments"); // after the project path
        QTest::addColumn<QString>("command");
        QTest::newRow("check") << QStringList{} << u"check"_s;
        QTest::newRow("fix set-device-ips") << QStringList{u"set-device-ips"_s} << u"fix"_s;
        QTest::newRow("fix --all") << QStringList{u"--all"_s} << u"fix"_s;
        QTest::newRow("launch") << QStringList{} << u"launch"_s;
        QTest::newRow("launch --force") << QStringList{u"--force"_s} << u"launch"_s;
    }

    void serverCommandsRefuseAnInvalidProject()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, command);
        // The servers' SSH port is a listener here that never answers: a connection attempt is
        // counted, and fails after --timeout.
        QTcpServer listener;
        QVERIFY(listener.listen(QHostAddress::AnyIPv4));
        const QStringList fleet{u"--timeout"_s, u"2"_s, u"--accept-new"_s, u"--known-hosts"_s,
                                m_temp.filePath(u"refused_known_hosts"_s)};
        // The control: with a valid project the same command does reach the servers.
        const QString valid =
            save(loopbackServers(listener.serverPort()), u"valid.clusterwiz.json"_s);
        run(QStringList{command, valid} + arguments + fleet);
        QVERIFY(connectionsTo(listener) > 0);

        cw::Project project = loopbackServers(listener.serverPort());
        project.servers[1].deviceIps[4] = u"192.168.200.110"_s; // in no segment of the project
        const QString path = save(project, u"refused.clusterwiz.json"_s);
        const CliRun validate = run({u"validate"_s, path});
        QCOMPARE(validate.exitCode, 1);
        QVERIFY2(validate.err.startsWith(u"servers[1].device_ips[4]: server1 device 4: "
                                         u"192.168.200.110 is not in segment"_s),
                 qPrintable(validate.err));

        const CliRun r = run(QStringList{command, path} + arguments + fleet);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, validate.err);
        QCOMPARE(r.out, QString());
        QCOMPARE(connectionsTo(listener), 0);
    }

    void logsChoosesARunAndItsRanks()
    {
        const QString path = save(loadExample(u"cpu-2x2"_s), u"logs.clusterwiz.json"_s);
        CliRun r = run({u"logs"_s, path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"no run recorded"_s), qPrintable(r.err));

        cw::RunRecord record;
        record.runId = u"20261123-010000-abcdef"_s;
        record.projectPath = path;
        record.mode = cw::LaunchMode::Launch;
        record.master = u"server0"_s;
        record.startedAt = QDateTime::currentDateTimeUtc();
        record.servers = {{u"server0"_s, u"/tmp/w/logs/x/server0"_s, true},
                          {u"server1"_s, u"/tmp/w/logs/x/server1"_s, true}};
        QCOMPARE(cw::saveRunRecord(record), QString());
        r = run({u"logs"_s, path, u"--server"_s, u"server2"_s});
        QCOMPARE(r.exitCode, 64);
        QVERIFY2(r.err.contains(u"'server2' is not a server of run 20261123-010000-abcdef "
                                u"(servers: server0, server1)"_s),
                 qPrintable(r.err));
        r = run({u"top"_s, path, u"--interval"_s, u"0"_s});
        QCOMPARE(r.exitCode, 64);
        QVERIFY2(r.err.contains(u"--interval must be a whole number of seconds from 1 to 3600"_s),
                 qPrintable(r.err));
        r = run({u"logs"_s, path, u"--follow"_s, u"--fold"_s});
        QCOMPARE(r.exitCode, 64);
        QVERIFY2(r.err.contains(u"--fold reads the whole logs: it does not go with --follow"_s),
                 qPrintable(r.err));
        r = run({u"logs"_s, path, u"--follow"_s, u"--server"_s, u"server1"_s, u"--rank"_s, u"1"_s});
        QCOMPARE(r.exitCode, 64);
        QVERIFY2(r.err.contains(u"'1' is not a rank of run 20261123-010000-abcdef on server1 "
                                u"(ranks: 2, 3)"_s),
                 qPrintable(r.err));
        QCOMPARE(r.out, QString());
        r = run({u"logs"_s, path, u"--run"_s, u"20261123-020000-abcdef"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"20261123-020000-abcdef"_s), qPrintable(r.err));
        // The run kept its ranks; a project whose devices changed since is refused by name.
        record.servers[1].firstRank = 2;
        record.servers[1].rankCount = 3;
        QCOMPARE(cw::saveRunRecord(record), QString());
        for (const QString &command : {u"logs"_s, u"status"_s}) {
            r = run({command, path});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(u"server server1 ran ranks 2-4 in run 20261123-010000-abcdef, "
                                    u"but the project now numbers them 2-3"_s),
                     qPrintable(r.err));
        }
    }

    void shippedExamplesPresent()
    {
        const QStringList names = QDir(examplesDir()).entryList({u"*.clusterwiz.json"_s});
        for (const QString &name : {u"ascend-1x8"_s, u"ascend-1x4"_s, u"ascend-2x8"_s,
                                    u"ascend-16x8"_s, u"nvidia-2x8"_s, u"cpu-2x2"_s})
            QVERIFY2(names.contains(name + u".clusterwiz.json"_s), qPrintable(name));
    }

    void shippedExampleValidates_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(examplesDir());
        for (const QString &name : dir.entryList({u"*.clusterwiz.json"_s}, QDir::Files))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }

    void shippedExampleValidates()
    {
        QFETCH(QString, path);
        const CliRun r = run({u"validate"_s, path});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(path + u": valid ("_s), qPrintable(r.out));
        QCOMPARE(r.err, QString());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
