// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile project values (quotes, $(...), backticks, ';', newlines, template markers) either fail
// validation with a problem naming their JSON path, or reach the job as inert literals: the
// generated train.sh, env.sh and run.sh are run with bash in a sandbox, with a stand-in python
// (and mpirun) that records what it got, and the payload's file must never appear.

#include "ScriptTestSupport.h"
#include "ValidProjects.h"

#include "generate/Generator.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

// SANDBOX is replaced by the sandbox folder at run time.
struct Payload {
    const char *name;
    QString text;
    bool singleLine;
};

QList<Payload> payloads()
{
    return {
        {"quotes", u"it's \"quoted\" 'twice'"_s, true},
        {"command substitution", u"$(touch SANDBOX/pwned)"_s, true},
        {"backticks", u"`touch SANDBOX/pwned`"_s, true},
        {"semicolon", u"x; touch SANDBOX/pwned; #"_s, true},
        {"quote break-out", u"'; touch SANDBOX/pwned; echo '"_s, true},
        {"double quote break-out", u"\"; touch SANDBOX/pwned; echo \""_s, true},
        {"newline", u"a\ntouch SANDBOX/pwned\n"_s, false},
        {"carriage return", u"a\rtouch SANDBOX/pwned"_s, false},
        {"expansions", u"$HOME $((1+1)) \\$ \\\\ $IFS $ ${ ${1} ${a-b}"_s, true},
        {"template markers", u"@PYTHON@ @ARGS@ %1 %2"_s, true},
        {"globs", u"* ? [a] ~"_s, true},
        {"spaces", u"  two  spaces  "_s, true},
        {"unicode", u"\u00fc \u20ac \u4e2d"_s, true},
    };
}

struct Sandbox {
    QTemporaryDir dir;
    QString path() const { return dir.path(); }
    QString pwned() const { return dir.filePath(u"pwned"_s); }
    QString out() const { return dir.filePath(u"out"_s); }
    // The scripts' own folder is hostile too: they find it at run time.
    QString scripts() const
    {
        return fill(u"SANDBOX/gen 'it''s' $(touch SANDBOX/pwned) `touch SANDBOX/pwned`"_s);
    }
    QString fill(QString text) const { return text.replace(u"SANDBOX"_s, path()); }

    Project project(LaunchMode mode) const
    {
        Project p = localCpuProject(dir.filePath(u"work"_s), dir.filePath(u"bin/python"_s),
                                    u"train.py"_s, 29555);
        p.launch.mode = mode;
        return p;
    }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"FAKE_PYTHON_OUT"_s, out());
        env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"0"_s);
        env.remove(u"CLUSTERWIZ_RUN_ID"_s);
        return env;
    }

    // Writes the folder, the workdir and the stand-in python of `p`; then runs `script`.
    RunResult run(const Project &p, const cwtest::Generated &result, const QString &script,
                  const QProcessEnvironment &env)
    {
        QDir(out()).removeRecursively();
        QDir().mkpath(out());
        QDir().mkpath(p.launch.workdir);
        writeFile(p.launch.python, fakePythonScript(), true);
        if (!writeGeneratedFiles(result.files, scripts()).isEmpty())
            return {};
        return runSandboxed(u"bash"_s, {scripts() + u'/' + script}, env, path(), 20000);
    }
};

QString problemsText(const Problems &problems)
{
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.toString();
    return lines.join(u'\n');
}

bool namesPath(const Problems &problems, const QString &path)
{
    for (const Problem &problem : problems) {
        if (problem.path.startsWith(path) && !problem.message.isEmpty())
            return true;
    }
    return false;
}

} // namespace

class TestHostileValues : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void projectValue_data();
    void projectValue();
    void mpirunValue_data();
    void mpirunValue();
    void envReferencesExpand();
    void environmentOfTheRun_data();
    void environmentOfTheRun();
};

void TestHostileValues::projectValue_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("payload");
    QTest::addColumn<bool>("mustAccept");
    const QStringList fields{u"args"_s,  u"env"_s,    u"workdir"_s, u"log_dir"_s,
                             u"entry"_s, u"python"_s, u"name"_s,    u"nic"_s};
    for (const QString &field : fields) {
        for (const Payload &payload : payloads()) {
            // Arguments and environment values are data: any single line must be accepted.
            const bool mustAccept = payload.singleLine && (field == u"args" || field == u"env");
            QTest::addRow("%s: %s", qPrintable(field), payload.name)
                << field << payload.text << mustAccept;
        }
    }
}

void TestHostileValues::projectValue()
{
    QFETCH(QString, field);
    QFETCH(QString, payload);
    QFETCH(bool, mustAccept);
    Sandbox box;
    payload = box.fill(payload);
    // Arguments and environment values take two paths to the entry (train.sh's rank loop and
    // the torch launcher); the other values are used the same way in every mode.
    QList<LaunchMode> modes{LaunchMode::RankTable};
    if (field == u"args" || field == u"env")
        modes << LaunchMode::Launch;
    for (LaunchMode mode : modes) {
        Project p = box.project(mode);
        QString jsonPath;
        if (field == u"args") {
            p.launch.args = {u"--first"_s, payload, QString(), u"last"_s};
            jsonPath = u"launch.args[1]"_s;
        } else if (field == u"env") {
            p.launch.env = {{u"CW_HOSTILE"_s, payload}};
            jsonPath = u"launch.env"_s;
        } else if (field == u"workdir") {
            p.launch.workdir = box.dir.filePath(u"w "_s + payload);
            jsonPath = u"launch.workdir"_s;
        } else if (field == u"log_dir") {
            p.launch.logDir = u"l "_s + payload;
            jsonPath = u"launch.log_dir"_s;
        } else if (field == u"entry") {
            p.launch.entry = u"e "_s + payload;
            jsonPath = u"launch.entry"_s;
        } else if (field == u"python") {
            p.launch.python = box.dir.filePath(u"bin/py "_s + payload);
            jsonPath = u"launch.python"_s;
        } else if (field == u"name") {
            p.name = payload;
            jsonPath = u"name"_s;
        } else if (field == u"nic") {
            p.servers[0].nic = payload;
            jsonPath = u"servers[0].nic"_s;
        }
        const cwtest::Generated result = cwtest::generateFrom(p);
        if (!result.ok()) {
            QVERIFY2(!mustAccept, qPrintable(u"refused: "_s + problemsText(result.problems)));
            QVERIFY2(result.files.empty(), "nothing is generated from an invalid project");
            QVERIFY2(namesPath(result.problems, jsonPath),
                     qPrintable(u"expected a problem at "_s + jsonPath + u", got:\n"_s +
                                problemsText(result.problems)));
            continue;
        }
        const RunResult run = box.run(p, result, u"train.sh"_s, box.environment());
        QVERIFY2(!QFile::exists(box.pwned()), "the payload ran");
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const QString logDir =
            (p.launch.logDir.startsWith(u'/') ? p.launch.logDir
                                              : p.launch.workdir + u'/' + p.launch.logDir) +
            u"/manual/local"_s;
        for (int rank = 0; rank < 2; ++rank) {
            const auto env = envRecord(readFile(box.out() + u"/rank%1.env"_s.arg(rank)));
            const QList<QByteArray> argv =
                nulFields(readFile(box.out() + u"/rank%1.argv"_s.arg(rank)));
            QVERIFY2(!argv.isEmpty(), qPrintable(run.output));
            QCOMPARE(argv.value(0), QByteArray("-u"));
            QCOMPARE(argv.value(1), p.launch.entry.toUtf8());
            const QList<QByteArray> args = argv.mid(2);
            QList<QByteArray> expected;
            for (const QString &arg : p.launch.args)
                expected << arg.toUtf8();
            QCOMPARE(args, expected);
            QCOMPARE(env.value("PWD"), p.launch.workdir.toUtf8());
            QVERIFY2(QFile::exists(logDir + u"/rank%1.log"_s.arg(rank)), qPrintable(logDir));
            if (field == u"env")
                QCOMPARE(env.value("CW_HOSTILE"), payload.toUtf8());
            if (field == u"nic")
                QCOMPARE(env.value("GLOO_SOCKET_IFNAME"), payload.toUtf8());
        }
        if (field == u"env") {
            // env.sh on its own, as an operator would source it.
            const RunResult sourced =
                runSandboxed(u"bash"_s,
                             {u"-c"_s, u"source \"$1\" && printf '%s' \"$CW_HOSTILE\""_s, u"bash"_s,
                              box.scripts() + u"/env.sh"_s},
                             box.environment(), box.path(), 20000);
            QCOMPARE(sourced.exitCode, 0);
            QCOMPARE(sourced.output, payload);
            QVERIFY(!QFile::exists(box.pwned()));
        }
    }
}

void TestHostileValues::mpirunValue_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("payload");
    for (const QString &field : {u"extra_args"_s, u"prefix"_s}) {
        for (const Payload &payload : payloads())
            QTest::addRow("%s: %s", qPrintable(field), payload.name) << field << payload.text;
    }
}

// run.sh's mpirun arguments reach mpirun (a stand-in here) byte for byte.
void TestHostileValues::mpirunValue()
{
    QFETCH(QString, field);
    QFETCH(QString, payload);
    Sandbox box;
    payload = box.fill(payload);
    Project p = box.project(LaunchMode::Mpirun);
    if (field == u"extra_args")
        p.launch.mpirun.extraArgs = {payload, QString()};
    else
        p.launch.mpirun.prefix = box.dir.filePath(u"mpi "_s + payload);
    const cwtest::Generated result = cwtest::generateFrom(p);
    if (!result.ok()) {
        QVERIFY2(namesPath(result.problems, u"launch.mpirun."_s + field),
                 qPrintable(problemsText(result.problems)));
        return;
    }
    QVERIFY(writeFile(box.dir.filePath(u"fakebin/mpirun"_s),
                      "#!/bin/bash\nprintf '%s\\0' \"$@\" >\"$FAKE_PYTHON_OUT/mpirun.argv\"\n",
                      true));
    QProcessEnvironment env = box.environment();
    env.insert(u"PATH"_s, box.dir.filePath(u"fakebin"_s) + u':' + env.value(u"PATH"_s));
    const RunResult run = box.run(p, result, u"run.sh"_s, env);
    QVERIFY2(!QFile::exists(box.pwned()), "the payload ran");
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    const QList<QByteArray> argv = nulFields(readFile(box.out() + u"/mpirun.argv"_s));
    QCOMPARE(argv.last(), (box.scripts() + u"/train.sh"_s).toUtf8());
    if (field == u"extra_args") {
        QCOMPARE(argv.mid(argv.size() - 3, 2), QList<QByteArray>({payload.toUtf8(), QByteArray()}));
    } else {
        const qsizetype at = argv.indexOf("--prefix");
        QVERIFY(at >= 0);
        QCOMPARE(argv.value(at + 1), p.launch.mpirun.prefix.toUtf8());
    }
}

// The one thing in a value that is not literal: a ${NAME} reference the user wrote.
void TestHostileValues::envReferencesExpand()
{
    Sandbox box;
    Project p = box.project(LaunchMode::RankTable);
    p.launch.env = {
        {u"CW_VALUE"_s, u"a-${CW_BASE}-$CW_BASE-${CW_BASE:-x}-$(touch SANDBOX/pwned)"_s}};
    p.launch.env[0].second = box.fill(p.launch.env[0].second);
    const cwtest::Generated result = cwtest::generateFrom(p);
    QVERIFY(result.ok());
    QProcessEnvironment env = box.environment();
    env.insert(u"CW_BASE"_s, u"b 'c'"_s);
    const RunResult run = box.run(p, result, u"train.sh"_s, env);
    QCOMPARE(run.exitCode, 0);
    QVERIFY(!QFile::exists(box.pwned()));
    const auto rankEnv = envRecord(readFile(box.out() + u"/rank0.env"_s));
    QCOMPARE(rankEnv.value("CW_VALUE"),
             box.fill(u"a-b 'c'-$CW_BASE-${CW_BASE:-x}-$(touch SANDBOX/pwned)"_s).toUtf8());
}

void TestHostileValues::environmentOfTheRun_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("variables"); // NAME=VALUE
    const QString code = u"a[$(touch SANDBOX/pwned)]"_s;
    QTest::newRow("run id") << u"train.sh"_s << u"ranktable"_s
                            << QStringList{u"CLUSTERWIZ_RUN_ID=$(touch SANDBOX/pwned)"_s};
    QTest::newRow("run id to run.sh") << u"run.sh"_s << u"ranktable"_s
                                      << QStringList{u"CLUSTERWIZ_RUN_ID=x;touch SANDBOX/pwned"_s};
    QTest::newRow("node rank") << u"train.sh"_s << u"launch"_s
                               << QStringList{u"CLUSTERWIZ_NODE_RANK="_s + code};
    QTest::newRow("mpirun rank") << u"train.sh"_s << u"mpirun-device"_s
                                 << QStringList{u"OMPI_COMM_WORLD_RANK="_s + code,
                                                u"OMPI_COMM_WORLD_LOCAL_RANK=0"_s,
                                                u"CLUSTERWIZ_NODE_RANK="_s};
    QTest::newRow("mpirun local rank")
        << u"train.sh"_s << u"mpirun-device"_s
        << QStringList{u"OMPI_COMM_WORLD_RANK=0"_s, u"OMPI_COMM_WORLD_LOCAL_RANK="_s + code,
                       u"CLUSTERWIZ_NODE_RANK="_s};
    QTest::newRow("rank.sh RANK") << u"rank.sh"_s << u"ranktable"_s
                                  << QStringList{u"RANK="_s + code, u"LOCAL_RANK=0"_s,
                                                 u"CLUSTERWIZ_LOG_DIR=SANDBOX"_s};
    QTest::newRow("rank.sh LOCAL_RANK")
        << u"rank.sh"_s << u"ranktable"_s
        << QStringList{u"RANK=0"_s, u"LOCAL_RANK="_s + code, u"CLUSTERWIZ_LOG_DIR=SANDBOX"_s};
}

// Values that reach the scripts from the environment at run time are checked before use.
void TestHostileValues::environmentOfTheRun()
{
    QFETCH(QString, script);
    QFETCH(QString, mode);
    QFETCH(QStringList, variables);
    Sandbox box;
    const Project p = withMode(box.project(LaunchMode::Launch), mode);
    const cwtest::Generated result = cwtest::generateFrom(p);
    QVERIFY(result.ok());
    QProcessEnvironment env = box.environment();
    for (const QString &variable : variables)
        env.insert(variable.section(u'=', 0, 0), box.fill(variable.section(u'=', 1)));
    const RunResult run = box.run(p, result, script, env);
    QVERIFY2(!QFile::exists(box.pwned()), "the payload ran");
    QVERIFY2(run.exitCode == 2, qPrintable(run.output));
    QVERIFY(QDir(box.out()).isEmpty());
}

QTEST_GUILESS_MAIN(TestHostileValues)
#include "tst_hostileValues.moc"
