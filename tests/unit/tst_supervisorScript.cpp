// SPDX-License-Identifier: GPL-3.0-or-later
// supervise.py, the supervisor of a restarting run, as a program: its judgement of an attempt
// equals the client's (evaluateRun) for the same poll outputs (its --evaluate hook), hostile
// project values reach its plan intact and inert, and it refuses to run without a valid run id.
#include "ScriptTestSupport.h"

#include "generate/ScriptFiles.h"
#include "launch/RunStatus.h"
#include "shell/ShellQuote.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

// Three servers, the master second, with 2, 2 and 1 ranks; restarts on.
Project threeServers()
{
    Project project = exampleProject(u"cpu-2x2"_s);
    const Server model = project.servers.front();
    project.servers.clear();
    const std::vector<std::vector<int>> devices{{0, 1}, {0, 1}, {0}};
    for (int i = 0; i < 3; ++i) {
        Server server = model;
        server.name = u"s%1"_s.arg(i);
        server.host = server.hostIp = u"10.9.0.%1"_s.arg(i + 1);
        server.devices = devices[size_t(i)];
        project.servers.push_back(server);
    }
    project.launch.master = u"s1"_s;
    project.launch.restart.maxRestarts = 2;
    return project;
}

QString writeSupervisor(const Project &project, const QTemporaryDir &dir)
{
    const QString path = dir.filePath(u"supervise.py"_s);
    writeFile(path, supervisorScript(project));
    return path;
}

RunResult runPython(const QStringList &arguments, const QByteArray &input,
                    const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QTemporaryDir dir;
    const QString stdinFile = dir.filePath(u"stdin"_s);
    writeFile(stdinFile, input);
    QStringList shellArgs{u"-c"_s, u"exec /usr/bin/python3 \"$@\" <\"$0\""_s, stdinFile};
    return runSandboxed(u"sh"_s, shellArgs + arguments, env, dir.path(), 20000);
}

} // namespace

class TestSupervisorScript : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void judgesAnAttemptAsTheClientDoes_data()
    {
        // One poll output per server in project order (s0, s1, s2); "-" is a server not reached.
        QTest::addColumn<QStringList>("outputs");
        const QString started = u"started 2\nalive 3\n"_s;
        QTest::newRow("running") << QStringList{started, started, u"started 1\nalive 1\n"_s};
        QTest::newRow("finished") << QStringList{u"exit 2 0 10 10\nexit 3 0 10 10\nalive 0\n"_s,
                                                 u"exit 0 0 10 10\nexit 1 0 10 10\nalive 0\n"_s,
                                                 u"exit 4 0 10 10\nalive 0\n"_s};
        // The failure whose log was written last the earliest came first, not the first exit.
        QTest::newRow("first failure by log time")
            << QStringList{u"exit 2 1 100 105\nalive 1\n"_s, u"exit 0 1 99 107\nalive 0\n"_s,
                           u"exit 4 1 98 106\nalive 0\n"_s};
        QTest::newRow("log time missing, exit time decides")
            << QStringList{u"exit 2 1 100 0\n"_s, u"exit 0 1 99 0\n"_s, u"alive 0\n"_s};
        QTest::newRow("stop signals are victims") << QStringList{
            u"exit 2 143 10 10\n"_s, u"exit 0 137 9 9\n"_s, u"exit 4 1 20 20\nalive 0\n"_s};
        QTest::newRow("only victims")
            << QStringList{u"exit 2 143 10 12\n"_s, u"exit 0 130 9 11\n"_s, u"alive 0\n"_s};
        QTest::newRow("a failure while a server is not reached")
            << QStringList{u"exit 3 7 10 10\nalive 1\n"_s, u"-"_s, u"alive 1\n"_s};
        QTest::newRow("not reached, otherwise quiet")
            << QStringList{u"exit 2 0 1 1\nexit 3 0 1 1\nalive 0\n"_s, u"-"_s, u"alive 0\n"_s};
        // Missing codes: the first server in launch order (the master, s1) that lacks them.
        QTest::newRow("ended without codes") << QStringList{
            u"exit 2 0 1 1\nalive 0\n"_s, u"exit 0 0 1 1\nalive 0\n"_s, u"alive 0\n"_s};
        QTest::newRow("the master lacks codes")
            << QStringList{u"exit 2 0 1 1\nexit 3 0 1 1\n"_s, u"alive 0\n"_s, u"exit 4 0 1 1\n"_s};
        QTest::newRow("junk lines") << QStringList{
            u"exit x 1 1 1\nexit -1 3 1 1\nexit 2\nalive many\nexit 3 0 nan inf\n"
            "exit 99999999999 1 1 1\n\x01\xff"_s,
            u"started -4\nalive 0\nexit 0 0 1 1\nexit 1 0 1e400 1\n"_s, u"exit 4 0 1 1\n"_s};
    }

    void judgesAnAttemptAsTheClientDoes()
    {
        QFETCH(QStringList, outputs);
        const Project project = threeServers();
        QTemporaryDir dir;
        const QString supervisor = writeSupervisor(project, dir);
        std::vector<ServerPoll> polls;
        QJsonArray servers;
        for (const int index : project.launchOrder()) {
            const QString &output = outputs[index];
            const bool reached = output != u"-"_s;
            servers.append(
                QJsonObject{{u"name"_s, project.servers[size_t(index)].name},
                            {u"project_index"_s, index},
                            {u"devices"_s, int(project.servers[size_t(index)].devices.size())},
                            {u"reached"_s, reached},
                            {u"output"_s, output}});
        }
        for (const QString &output : outputs)
            polls.push_back(output == u"-"_s ? unreachedPoll(u"down"_s)
                                             : parseServerPoll(output.toUtf8()));
        const RunSnapshot expected = evaluateRun(project, polls);
        const RunResult run = runPython(
            {supervisor, u"--evaluate"_s},
            QJsonDocument(QJsonObject{{u"servers"_s, servers}}).toJson(QJsonDocument::Compact));
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const QJsonObject verdict = QJsonDocument::fromJson(run.output.toUtf8()).object();
        QCOMPARE(verdict.value(u"state"_s).toString(), runStateName(expected.state));
        if (expected.state == RunState::Failed) {
            QCOMPARE(verdict.value(u"server"_s).toString(), expected.failure->server);
            QCOMPARE(verdict.value(u"rank"_s).toInt(), expected.failure->rank);
            QCOMPARE(verdict.value(u"code"_s).toInt(), expected.failure->exitCode);
        }
    }

    void hostileValuesReachThePlanIntact()
    {
        Project project = threeServers();
        project.name = u"ünï'''\"\\u0027 name"_s;
        project.launch.workdir = u"/tmp/it's '''\"$(touch pwned)`id`\\ ü"_s;
        project.launch.logDir = u"logs '''x"_s;
        QTemporaryDir dir;
        const QString supervisor = writeSupervisor(project, dir);
        const RunResult run = runPython({supervisor, u"--config"_s}, {});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const QJsonObject config = QJsonDocument::fromJson(run.output.toUtf8()).object();
        QCOMPARE(config.value(u"log_root"_s).toString(), project.launch.workdir + u"/logs '''x"_s);
        QVERIFY(config.value(u"start_before"_s)
                    .toString()
                    .contains(u"cd -- "_s + shellQuote(project.launch.workdir)));
        QCOMPARE(config.value(u"supervisor"_s).toString(), u"s1"_s);
        const QJsonArray servers = config.value(u"servers"_s).toArray();
        QCOMPARE(servers.size(), 3);
        QCOMPARE(servers[0].toObject().value(u"name"_s).toString(), u"s1"_s); // the master first
        QCOMPARE(servers[0].toObject().value(u"run_dir_before"_s).toString(),
                 shellQuote(project.launch.workdir + u"/logs '''x"_s) + u'/');
        QCOMPARE(config.value(u"restart"_s).toObject().value(u"max_restarts"_s).toInt(), 2);
        QVERIFY(!QFile::exists(dir.filePath(u"pwned"_s)));
    }

    void refusesARunIdThatIsNotOne_data()
    {
        QTest::addColumn<QString>("runId");
        QTest::newRow("empty") << QString();
        QTest::newRow("leading dash") << u"-rf"_s;
        QTest::newRow("leading dot") << u".hidden"_s;
        QTest::newRow("slash") << u"a/../b"_s;
        QTest::newRow("command") << u"$(touch pwned)"_s;
        QTest::newRow("newline") << u"a\nb"_s;
        QTest::newRow("too long") << QString(65, u'a');
    }

    void refusesARunIdThatIsNotOne()
    {
        QFETCH(QString, runId);
        QTemporaryDir dir;
        const QString supervisor = writeSupervisor(threeServers(), dir);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"CLUSTERWIZ_SUPERVISOR_RUN"_s, runId);
        const RunResult run = runPython({supervisor}, {}, env);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains(u"CLUSTERWIZ_SUPERVISOR_RUN must hold the run id"_s),
                 qPrintable(run.output));
    }
};

QTEST_GUILESS_MAIN(TestSupervisorScript)
#include "tst_supervisorScript.moc"
