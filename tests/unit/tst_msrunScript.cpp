// SPDX-License-Identifier: GPL-3.0-or-later
// msrun mode's train.sh on this machine: a stand-in `msrun` on PATH records its argv and starts
// its worker as msrun does, with the literal `python` on PATH, writing the worker log where msrun
// would (worker_<rank>.log in --log_dir, as MindSpore's msrun tutorial documents), so the test
// reads what train.sh asked of msrun for node 1 of the 2x8 example, which python ran the worker,
// and how the worker logs and outcome reach the rank<R>.log / rank<R>.exit files clusterwiz reads.

#include "ScriptTestSupport.h"
#include "ValidProjects.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

// Records its arguments one per line and starts the first worker as msrun does: the literal
// `python` found on PATH, then the entry and its arguments (MindSpore's
// parallel/cluster/process_entity/_utils.py, _generate_cmd_args_list: `['python'] + [cmd] +
// cmd_args` for a script), its output in worker_<rank>.log; exits $MSRUN_CODE.
const char kMsrunStub[] = R"BASH(#!/bin/bash
printf '%s\n' "$@" >"$MSRUN_ARGV_FILE"
while [[ $1 == --* ]]; do
    case "$1" in --log_dir=*) dir=${1#--log_dir=} ;; esac
    shift
done
script=("$@") # the task script and its arguments
python "${script[@]}" >"$dir/worker_8.log" 2>&1
exit "${MSRUN_CODE:-0}"
)BASH";

// A `python` that says which one it is: the one msrun must start sits beside msrun; a decoy
// earlier on the caller's PATH fails loudly.
const char kPythonStub[] = R"BASH(#!/bin/bash
echo "worker 8 says hello from $0 running $*"
)BASH";
const char kDecoyPython[] = R"BASH(#!/bin/bash
echo "the decoy python on PATH ran $*"
exit 9
)BASH";

void writeExecutable(const QString &path, const char *text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) < 0)
        qFatal("cannot write %s", qPrintable(path));
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

} // namespace

class TestMsrunScript : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_root;

    QString path(const QString &name) const { return m_root.filePath(name); }

    // train.sh of the msrun example for server1 (node rank 1), msrun being the stub: on PATH, or
    // with `besidePython` only next to launch.python (a link to this machine's python3), as pip
    // installs it in a virtual environment nobody activated. A `python` stub sits beside msrun
    // (unless `withPython` is false) and a decoy `python` comes first on the caller's PATH.
    RunResult runNode1(int msrunCode, const QString &runId, bool besidePython = false,
                       bool withPython = true)
    {
        Project project = exampleProject(u"mindspore-2x8-msrun"_s);
        project.launch.workdir = path(u"work"_s);
        project.launch.envSetup.clear(); // CANN's set_env.sh is not on this machine
        const QString bin = besidePython ? path(u"venv/bin"_s) : path(u"bin"_s);
        QDir().mkpath(bin);
        if (besidePython) {
            project.launch.python = bin + u"/python3"_s;
            QFile::link(u"/usr/bin/python3"_s, project.launch.python);
        }
        const cwtest::Generated result = cwtest::generateFrom(project);
        if (!result.ok())
            qFatal("%s", qPrintable(result.problems.front().toString()));
        if (!writeGeneratedFiles(result.files, path(u"scripts"_s)).isEmpty())
            qFatal("cannot write the scripts");
        QDir().mkpath(path(u"work"_s));
        writeExecutable(bin + u"/msrun"_s, kMsrunStub);
        QFile::remove(bin + u"/python"_s);
        if (withPython)
            writeExecutable(bin + u"/python"_s, kPythonStub);
        const QString decoy = path(u"decoy"_s);
        QDir().mkpath(decoy);
        writeExecutable(decoy + u"/python"_s, kDecoyPython);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // No other python on PATH: /usr/bin and /bin hold python3 only (Debian).
        const QString system = u"/usr/local/bin:/usr/bin:/bin"_s;
        env.insert(u"PATH"_s, withPython
                                  ? decoy + u':' + (besidePython ? QString() : bin + u':') + system
                                  : (besidePython ? QString() : bin + u':') + system);
        env.insert(u"MSRUN_ARGV_FILE"_s, path(u"argv.txt"_s));
        env.insert(u"MSRUN_CODE"_s, QString::number(msrunCode));
        env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"1"_s);
        env.insert(u"CLUSTERWIZ_RUN_ID"_s, runId);
        return runSandboxed(u"timeout"_s,
                            {u"-k"_s, u"5"_s, u"30"_s, u"bash"_s, path(u"scripts/train.sh"_s)}, env,
                            path(u"work"_s), 40000);
    }

    QString logDir(const QString &runId) const
    {
        return path(u"work/logs/"_s) + runId + u"/server1"_s;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_root.isValid()); }

    void callsMsrunWithTheClustersNumbers()
    {
        const RunResult run = runNode1(0, u"ok"_s);
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const QStringList argv =
            QString::fromUtf8(readFile(path(u"argv.txt"_s))).split(u'\n', Qt::SkipEmptyParts);
        const QStringList expected{
            u"--worker_num=16"_s,
            u"--local_worker_num=8"_s,
            u"--master_addr=10.0.0.22"_s, // server0's host IP: the master
            u"--master_port=8118"_s,
            u"--node_rank=1"_s,
            u"--log_dir="_s + logDir(u"ok"_s) + u"/msrun"_s,
            u"--join=True"_s,
            u"--cluster_time_out=600"_s,
            u"train.py"_s,
            u"--epochs"_s,
            u"90"_s,
        };
        QCOMPARE(argv, expected);
        // server1 holds ranks 8-15: rank8.log is msrun's worker_8.log, and success gives every
        // one of its ranks exit code 0. The worker is the `python` beside msrun, not the decoy
        // earlier on PATH: train.sh put msrun's folder first.
        QCOMPARE(QString::fromUtf8(readFile(logDir(u"ok"_s) + u"/rank8.log"_s)),
                 u"worker 8 says hello from "_s + path(u"bin/python"_s) +
                     u" running train.py --epochs 90\n"_s);
        QVERIFY2(run.output.contains(u"msrun "_s + path(u"bin/msrun"_s) +
                                     u" starts its workers with "_s + path(u"bin/python"_s)),
                 qPrintable(run.output));
        QCOMPARE(QFileInfo(logDir(u"ok"_s) + u"/rank15.log"_s).symLinkTarget(),
                 logDir(u"ok"_s) + u"/msrun/worker_15.log"_s);
        for (int rank = 8; rank < 16; ++rank) {
            const QByteArray code = readFile(logDir(u"ok"_s) + u"/rank%1.exit"_s.arg(rank));
            QVERIFY2(code.startsWith("0 "), code.constData());
        }
        QVERIFY(!QFile::exists(logDir(u"ok"_s) + u"/rank7.exit"_s));
    }

    // msrun only beside launch.python, not on PATH: train.sh finds it there.
    void findsMsrunBesideThePython()
    {
        QFile::remove(path(u"argv.txt"_s));
        const RunResult run = runNode1(0, u"venv"_s, true);
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY2(run.output.contains(u"clusterwiz: "_s + path(u"venv/bin/msrun"_s) +
                                     u" --worker_num=16"_s),
                 qPrintable(run.output));
        QVERIFY(readFile(path(u"argv.txt"_s)).startsWith("--worker_num=16\n"));
        QCOMPARE(QString::fromUtf8(readFile(logDir(u"venv"_s) + u"/rank8.log"_s)),
                 u"worker 8 says hello from "_s + path(u"venv/bin/python"_s) +
                     u" running train.py --epochs 90\n"_s);
    }

    // msrun runs the literal `python`: with none beside msrun or on PATH, train.sh says so
    // before msrun starts anything.
    void noPythonForMsrunIsNamed()
    {
        // The test's PATH keeps the system folders, which must then hold no `python` (Debian
        // has python3 only, unless python-is-python3 is installed).
        for (const char *folder : {"/usr/local/bin", "/usr/bin", "/bin"}) {
            if (QFile::exists(QString::fromLatin1(folder) + u"/python"_s))
                QSKIP("a `python` in the system folders: no PATH without one to test with");
        }
        QFile::remove(path(u"argv.txt"_s));
        const RunResult run = runNode1(0, u"nopython"_s, false, false);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(
            run.output.contains(u"msrun starts its workers with `python`, and there is none"_s),
            qPrintable(run.output));
        QVERIFY(!QFile::exists(path(u"argv.txt"_s)));
    }

    // A failing msrun fails train.sh with its code and leaves no exit code claiming success.
    void failingMsrunFailsTheServer()
    {
        const RunResult run = runNode1(3, u"bad"_s);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.output.contains(u"msrun"_s) && run.output.contains(u"exit code 3"_s),
                 qPrintable(run.output));
        QVERIFY(!QFile::exists(logDir(u"bad"_s) + u"/rank8.exit"_s));
    }
};

QTEST_GUILESS_MAIN(TestMsrunScript)
#include "tst_msrunScript.moc"
