// SPDX-License-Identifier: GPL-3.0-or-later
// The generated scripts start real jobs: a one-server `cpu` project on 127.0.0.1 with two
// "devices" runs resources/examples/train_ddp.py as a 2-process PyTorch gloo job in every mode,
// through train.sh (launch, ranktable, no-ranktable) and through run.sh with real OpenMPI
// (mpirun per server and per device); OpenMPI accepts the generated hostfile.
//
// Debian's torch 1.13.1 launchers crash on their own defaults under Python 3.11; the tests put
// tests/fixtures/torch-launcher-fix on PYTHONPATH (see its sitecustomize.py). The generated
// commands stay standard. Every job runs under `timeout -k` in its own session, killed as a
// group afterwards, with TMPDIR in a temporary folder so torchelastic's files go with it.

#include "ScriptTestSupport.h"
#include "ValidProjects.h"

#include "generate/Generator.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(LaunchMode)
Q_DECLARE_METATYPE(MpirunPer)

namespace {

const QString kPython = u"/usr/bin/python3"_s;

int freePort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        return 0;
    return server.serverPort();
}

struct Job {
    QTemporaryDir root;
    Project project;

    QString scripts() const { return root.filePath(u"scripts"_s); }
    QString workdir() const { return root.filePath(u"work"_s); }
    QString logDir(const QString &run) const { return workdir() + u"/logs/"_s + run + u"/local"_s; }

    bool prepare(LaunchMode mode, const QStringList &args)
    {
        project = localCpuProject(workdir(), kPython,
                                  sourcePath(u"resources/examples/train_ddp.py"_s), freePort());
        project.launch.mode = mode;
        project.launch.args = args;
        QDir().mkpath(workdir());
        QDir().mkpath(root.filePath(u"tmp"_s));
        return generate();
    }

    bool generate()
    {
        const cwtest::Generated result = cwtest::generateFrom(project);
        if (!result.ok()) {
            qWarning("%s", qPrintable(result.problems.front().toString()));
            return false;
        }
        return writeGeneratedFiles(result.files, scripts()).isEmpty();
    }

    QProcessEnvironment environment(const QString &runId) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"PYTHONPATH"_s, sourcePath(u"tests/fixtures/torch-launcher-fix"_s));
        env.insert(u"TMPDIR"_s, root.filePath(u"tmp"_s));
        env.insert(u"PET_MONITOR_INTERVAL"_s, u"1"_s); // torchrun notices the end sooner
        env.insert(u"OMP_NUM_THREADS"_s, u"1"_s);
        env.insert(u"CLUSTERWIZ_RUN_ID"_s, runId);
        env.remove(u"CLUSTERWIZ_NODE_RANK"_s);
        return env;
    }

    RunResult run(const QString &script, const QProcessEnvironment &env)
    {
        return runSandboxed(u"timeout"_s,
                            {u"-k"_s, u"5"_s, u"60"_s, u"bash"_s, scripts() + u'/' + script}, env,
                            workdir(), 90000);
    }
};

// Both ranks of a 2-process job started, saw a world of 2, and trained.
void verifyBothRanksTrained(const QString &logDir, const QString &output)
{
    for (int rank = 0; rank < 2; ++rank) {
        const QString path = logDir + u"/rank%1.log"_s.arg(rank);
        const QString log = QString::fromUtf8(readFile(path));
        const QString context = path + u":\n"_s + log + u"\njob output:\n"_s + output;
        QVERIFY2(log.contains(u"rank %1/2 local %1 device cpu"_s.arg(rank)), qPrintable(context));
        QVERIFY2(log.contains(u"backend gloo"_s), qPrintable(context));
        QVERIFY2(log.contains(u"loss = "_s), qPrintable(context));
        QVERIFY2(log.contains(u"rank %1 done"_s.arg(rank)), qPrintable(context));
    }
}

} // namespace

class TestRealEngines : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void trainShRunsGlooJob_data();
    void trainShRunsGlooJob();
    void failingRankStopsTheJob();
    void hostfileAcceptedByMpirun();
    void runShWithMpirun_data();
    void runShWithMpirun();
    void localRankArgument_data();
    void localRankArgument();
};

void TestRealEngines::initTestCase()
{
    const RunResult torch =
        runSandboxed(kPython, {u"-c"_s, u"import torch.distributed"_s},
                     QProcessEnvironment::systemEnvironment(), QDir::tempPath(), 60000);
    QVERIFY2(torch.exitCode == 0, "these tests need Debian's python3-torch for /usr/bin/python3");
    QVERIFY2(!QStandardPaths::findExecutable(u"mpirun"_s).isEmpty(),
             "these tests need OpenMPI's mpirun (openmpi-bin)");
}

void TestRealEngines::trainShRunsGlooJob_data()
{
    QTest::addColumn<LaunchMode>("mode");
    QTest::addColumn<QString>("launcher");
    QTest::newRow("launch (torchrun)") << LaunchMode::Launch << u"auto"_s;
    // The older launcher, which needs --use_env with --no_python.
    QTest::newRow("launch (torch.distributed.launch)")
        << LaunchMode::Launch << u"torch.distributed.launch"_s;
    QTest::newRow("ranktable") << LaunchMode::RankTable << u"auto"_s;
    QTest::newRow("no-ranktable") << LaunchMode::NoRankTable << u"auto"_s;
}

void TestRealEngines::trainShRunsGlooJob()
{
    QFETCH(LaunchMode, mode);
    QFETCH(QString, launcher);
    Job job;
    QVERIFY(job.prepare(mode, {u"--steps"_s, u"3"_s}));
    job.project.launch.launcher = launcher;
    QVERIFY(job.generate());
    QProcessEnvironment env = job.environment(u"gloo"_s);
    // 127.0.0.1 is not in `hostname -I`: the index is given, as README.txt tells.
    env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"0"_s);
    QElapsedTimer timer;
    timer.start();
    const RunResult run = job.run(u"train.sh"_s, env);
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    verifyBothRanksTrained(job.logDir(u"gloo"_s), run.output);
    QVERIFY2(timer.elapsed() < 30000, qPrintable(QString::number(timer.elapsed())));
}

void TestRealEngines::failingRankStopsTheJob()
{
    Job job;
    // Rank 1 fails at step 2; rank 0 then waits in a collective until train.sh stops it.
    QVERIFY(
        job.prepare(LaunchMode::RankTable, {u"--steps"_s, u"1000"_s, u"--sleep"_s, u"0.05"_s,
                                            u"--fail-rank"_s, u"1"_s, u"--fail-step"_s, u"2"_s}));
    QProcessEnvironment env = job.environment(u"fail"_s);
    env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"0"_s);
    QElapsedTimer timer;
    timer.start();
    const RunResult run = job.run(u"train.sh"_s, env);
    QVERIFY2(!run.timedOut, qPrintable(run.output));
    QCOMPARE(run.exitCode, 1);
    // Rank 0 fails too once its peer is gone, often within the same poll; rank 1 is named.
    QVERIFY2(run.output.contains(u"rank 1 (device 1) failed with exit code 1\n"_s),
             qPrintable(run.output));
    QVERIFY2(run.output.contains(u"train.sh on local: stopping the others"_s),
             qPrintable(run.output));
    const QString failed = QString::fromUtf8(readFile(job.logDir(u"fail"_s) + u"/rank1.log"_s));
    QVERIFY2(failed.contains(u"failing at step 2"_s), qPrintable(failed));
    const QString stopped = QString::fromUtf8(readFile(job.logDir(u"fail"_s) + u"/rank0.log"_s));
    QVERIFY2(!stopped.contains(u"rank 0 done"_s), qPrintable(stopped));
    QVERIFY2(timer.elapsed() < 30000, qPrintable(QString::number(timer.elapsed())));
}

void TestRealEngines::hostfileAcceptedByMpirun()
{
    Job job;
    QVERIFY(job.prepare(LaunchMode::Mpirun, {}));
    QCOMPARE(readFile(job.scripts() + u"/hostfile"_s), QByteArray("127.0.0.1 slots=2\n"));
    QStringList args{u"-k"_s, u"5"_s, u"30"_s, u"mpirun"_s};
    if (::geteuid() == 0)
        args << u"--allow-run-as-root"_s;
    args << u"--hostfile"_s << job.scripts() + u"/hostfile"_s << u"--display-allocation"_s
         << u"-n"_s << u"2"_s << u"true"_s;
    const RunResult run =
        runSandboxed(u"timeout"_s, args, job.environment(u"h"_s), job.workdir(), 60000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    QVERIFY2(run.output.contains(u"ALLOCATED NODES"_s), qPrintable(run.output));
    // OpenMPI shows this machine by its name: the hostfile's 127.0.0.1 is the local node.
    const QString node = u"\t"_s + QSysInfo::machineHostName() + u": flags="_s;
    QVERIFY2(run.output.contains(node) || run.output.contains(u"\t127.0.0.1: flags="_s),
             qPrintable(run.output));
    QVERIFY2(run.output.contains(u" slots=2 "_s), qPrintable(run.output));
}

void TestRealEngines::runShWithMpirun_data()
{
    QTest::addColumn<MpirunPer>("per");
    QTest::newRow("per server") << MpirunPer::Server;
    QTest::newRow("per device") << MpirunPer::Device;
}

// run.sh on the master, whose host IP is 127.0.0.1: OpenMPI is kept on 127.0.0.0/8 (lo).
void TestRealEngines::runShWithMpirun()
{
    QFETCH(MpirunPer, per);
    Job job;
    QVERIFY(job.prepare(LaunchMode::Mpirun, {u"--steps"_s, u"3"_s}));
    job.project.launch.mpirun.per = per;
    QVERIFY(job.generate());
    QElapsedTimer timer;
    timer.start();
    const RunResult run = job.run(u"run.sh"_s, job.environment(u"mpi"_s));
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    QVERIFY2(run.output.contains(u"--mca btl_tcp_if_include 127.0.0.0/8 --mca oob_tcp_if_include "
                                 "127.0.0.0/8"_s),
             qPrintable(run.output));
    QVERIFY2(run.output.contains(per == MpirunPer::Server ? u"-n 1 -H 127.0.0.1:1"_s
                                                          : u"-n 2 -H 127.0.0.1:2"_s),
             qPrintable(run.output));
    verifyBothRanksTrained(job.logDir(u"mpi"_s), run.output);
    QVERIFY2(timer.elapsed() < 30000, qPrintable(QString::number(timer.elapsed())));
}

void TestRealEngines::localRankArgument_data()
{
    QTest::addColumn<LaunchMode>("mode");
    QTest::addColumn<QString>("launcher");
    QTest::addColumn<QString>("option");
    for (const QString &option : {QString(), u"--local_rank"_s, u"--local-rank"_s}) {
        const QString name = option.isEmpty() ? u"none"_s : option;
        QTest::addRow("launch (torchrun), %s", qPrintable(name))
            << LaunchMode::Launch << u"auto"_s << option;
        QTest::addRow("ranktable, %s", qPrintable(name))
            << LaunchMode::RankTable << u"auto"_s << option;
    }
    QTest::newRow("launch (torch.distributed.launch), --local_rank")
        << LaunchMode::Launch << u"torch.distributed.launch"_s << u"--local_rank"_s;
}

// With launch.local_rank_arg every rank gets --local_rank=N before the user's args, through a
// real torch launcher and through the rank loop; without it, nothing extra.
void TestRealEngines::localRankArgument()
{
    QFETCH(LaunchMode, mode);
    QFETCH(QString, launcher);
    QFETCH(QString, option);
    Job job;
    QVERIFY(job.prepare(mode, {u"--epochs"_s, u"1"_s}));
    job.project.launch.entry = sourcePath(u"tests/fixtures/argv_probe.py"_s);
    job.project.launch.launcher = launcher;
    job.project.launch.localRankArg = option;
    QVERIFY(job.generate());
    QProcessEnvironment env = job.environment(u"argv"_s);
    env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"0"_s);
    const RunResult run = job.run(u"train.sh"_s, env);
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    for (int rank = 0; rank < 2; ++rank) {
        const QString log =
            QString::fromUtf8(readFile(job.logDir(u"argv"_s) + u"/rank%1.log"_s.arg(rank)));
        const QString expected =
            option.isEmpty()
                ? u"argv=[\"--epochs\", \"1\"] LOCAL_RANK=%1"_s.arg(rank)
                : u"argv=[\"%1=%2\", \"--epochs\", \"1\"] LOCAL_RANK=%2"_s.arg(option).arg(rank);
        QVERIFY2(log.contains(expected), qPrintable(log + u"\nwanted: "_s + expected));
    }
}

QTEST_GUILESS_MAIN(TestRealEngines)
#include "tst_realEngines.moc"
