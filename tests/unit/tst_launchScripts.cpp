// SPDX-License-Identifier: GPL-3.0-or-later
// train.sh, rank.sh, env.sh and run.sh run for real with bash, with a stand-in python (and a
// stand-in ssh that runs the remote command here): which ranks start with which environment in
// every mode, how a script refuses to start, and how a failure or a signal stops the others.

#include "ScriptTestSupport.h"
#include "ValidProjects.h"

#include "generate/Generator.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Accelerator)

namespace {

// A generated folder plus a workdir and a stand-in python, in one temporary folder.
struct Sandbox {
    QTemporaryDir dir;
    QString scripts() const { return dir.filePath(u"scripts"_s); }
    QString workdir() const { return dir.filePath(u"work"_s); }
    QString out() const { return dir.filePath(u"out"_s); }
    QString logDir(const QString &run, const QString &server) const
    {
        return workdir() + u"/logs/"_s + run + u'/' + server;
    }

    // Generates `project` (workdir and python pointed into the sandbox) and writes the files.
    bool prepare(Project project)
    {
        project.launch.workdir = workdir();
        project.launch.python = dir.filePath(u"bin/python"_s);
        QDir().mkpath(workdir());
        QDir().mkpath(out());
        const cwtest::Generated result = cwtest::generateFrom(project);
        if (!result.ok()) {
            qWarning("%s", qPrintable(result.problems.front().toString()));
            return false;
        }
        return writeGeneratedFiles(result.files, scripts()).isEmpty() &&
               writeFile(project.launch.python, fakePythonScript(), true);
    }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"FAKE_PYTHON_OUT"_s, out());
        env.remove(u"CLUSTERWIZ_RUN_ID"_s);
        env.remove(u"CLUSTERWIZ_NODE_RANK"_s);
        return env;
    }

    RunResult run(const QString &script, const QProcessEnvironment &env, int timeoutMs = 20000)
    {
        return runSandboxed(u"bash"_s, {scripts() + u'/' + script}, env, dir.path(), timeoutMs);
    }

    QHash<QByteArray, QByteArray> rankEnv(int rank) const
    {
        return envRecord(readFile(out() + u"/rank%1.env"_s.arg(rank)));
    }

    QList<QByteArray> rankArgv(int rank) const
    {
        return nulFields(readFile(out() + u"/rank%1.argv"_s.arg(rank)));
    }
};

Project ascendExample(const QString &mode)
{
    Project project = withMode(exampleProject(), mode);
    project.launch.envSetup = {u"export FROM_ENV_SETUP=yes"_s};
    project.servers[1].nic = u"eth9"_s;
    return project;
}

} // namespace

class TestLaunchScripts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ranksOfOneServer_data();
    void ranksOfOneServer();
    void deviceVariables_data();
    void deviceVariables();
    void refusesToStart_data();
    void refusesToStart();
    void mpirunPlacementChecked();
    void firstFailureStopsTheOthers_data();
    void firstFailureStopsTheOthers();
    void termStopsTheRanks();
    void runShStartsEveryServer();
    void runShStopsEveryServerWhenOneFails();
    void attemptReplansTheWorld_data();
    void attemptReplansTheWorld();
};

void TestLaunchScripts::attemptReplansTheWorld_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("extraEnv");
    QTest::addColumn<QList<int>>("ranks");
    // The second attempt of a restarting run on server1 alone (the master left out): its ranks
    // are 0-7 of 8, it is node 0 and the master.
    const QList<int> all{0, 1, 2, 3, 4, 5, 6, 7};
    QTest::newRow("launch") << u"launch"_s << QStringList{u"CLUSTERWIZ_NODE_RANK=0"_s} << all;
    QTest::newRow("ranktable") << u"ranktable"_s << QStringList{u"CLUSTERWIZ_NODE_RANK=0"_s} << all;
    QTest::newRow("no-ranktable") << u"no-ranktable"_s << QStringList{u"CLUSTERWIZ_NODE_RANK=0"_s}
                                  << all;
    QTest::newRow("mpirun per server")
        << u"mpirun"_s << QStringList{u"OMPI_COMM_WORLD_RANK=0"_s} << all;
    QTest::newRow("mpirun per device")
        << u"mpirun-device"_s
        << QStringList{u"OMPI_COMM_WORLD_RANK=5"_s, u"OMPI_COMM_WORLD_LOCAL_RANK=5"_s}
        << QList<int>{5};
}

void TestLaunchScripts::attemptReplansTheWorld()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, extraEnv);
    QFETCH(QList<int>, ranks);
    Sandbox box;
    QVERIFY(box.prepare(ascendExample(mode)));
    QProcessEnvironment env = box.environment();
    env.insert(u"CLUSTERWIZ_ATTEMPT_SERVERS"_s, u"server1"_s);
    env.insert(u"CLUSTERWIZ_RESTART_COUNT"_s, u"1"_s);
    for (const QString &pair : extraEnv)
        env.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    const RunResult run = box.run(u"train.sh"_s, env);
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    const QString attemptDir = box.logDir(u"manual"_s, u"server1"_s) + u"/attempt-2"_s;
    if (mode == u"launch" || mode == u"mpirun") {
        const QList<QByteArray> argv = nulFields(readFile(box.out() + u"/launcher.argv"_s));
        QCOMPARE(argv.mid(2, 4),
                 QList<QByteArray>({"--nnodes=1", "--node_rank=0", "--nproc_per_node=8",
                                    "--master_addr=10.0.0.23"}));
    }
    for (const int rank : ranks) {
        const auto e = box.rankEnv(rank);
        QVERIFY2(!e.isEmpty(), qPrintable(u"rank %1 did not start: "_s.arg(rank) + run.output));
        QCOMPARE(e.value("RANK"), QByteArray::number(rank));
        QCOMPARE(e.value("WORLD_SIZE"), QByteArray("8"));
        QCOMPARE(e.value("MASTER_ADDR"), QByteArray("10.0.0.23"));
        QCOMPARE(e.value("NODE_RANK"), QByteArray("0"));
        QCOMPARE(e.value("CLUSTERWIZ_RESTART_COUNT"), QByteArray("1"));
        QCOMPARE(e.value("CLUSTERWIZ_ATTEMPT_SERVERS"), QByteArray("server1"));
        QCOMPARE(e.value("CLUSTERWIZ_LOG_DIR"), attemptDir.toUtf8());
        if (mode == u"ranktable") {
            // The attempt's own table: one server, its ranks from 0.
            const QByteArray table = e.value("RANK_TABLE_FILE");
            QCOMPARE(table, (attemptDir + u"/rank_table.json"_s).toUtf8());
            const QByteArray text = readFile(QString::fromUtf8(table));
            QVERIFY2(text.contains("\"server_count\": \"1\"") &&
                         text.contains("\"server_id\": \"10.0.0.23\"") &&
                         text.contains("\"device_ip\": \"192.168.100.111\"") &&
                         text.contains("\"rank_id\": \"7\"") && !text.contains("10.0.0.22"),
                     text.constData());
            QCOMPARE(e.value("RANK_SIZE"), QByteArray("8"));
        }
        if (mode == u"no-ranktable") {
            QCOMPARE(e.value("CM_CHIEF_IP"), QByteArray("10.0.0.23"));
            QCOMPARE(e.value("CM_CHIEF_DEVICE"), QByteArray("0"));
            QCOMPARE(e.value("CM_WORKER_SIZE"), QByteArray("8"));
        }
        QVERIFY(readFile(attemptDir + u"/rank%1.log"_s.arg(rank))
                    .contains("fake python rank " + QByteArray::number(rank)));
    }
    if (mode != u"mpirun-device") // its copies are started per rank, the hostfile is node 0's
        QCOMPARE(readFile(attemptDir + u"/hostfile"_s), QByteArray("10.0.0.23 slots=8\n"));
    // The run folder itself holds no rank log: the attempt's folder does.
    QVERIFY(QDir(box.logDir(u"manual"_s, u"server1"_s)).entryList({u"rank*.log"_s}).isEmpty());

    // A count that is not one is refused before anything starts.
    env.insert(u"CLUSTERWIZ_RESTART_COUNT"_s, u"1;touch pwned"_s);
    const RunResult refused = box.run(u"train.sh"_s, env);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.output.contains(u"CLUSTERWIZ_RESTART_COUNT='1;touch pwned' is not a number"_s),
             qPrintable(refused.output));
}

void TestLaunchScripts::ranksOfOneServer_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("extraEnv"); // NAME=VALUE set for train.sh
    QTest::addColumn<QList<int>>("ranks");
    const QList<int> server1{8, 9, 10, 11, 12, 13, 14, 15};
    QTest::newRow("launch") << u"launch"_s << QStringList{u"CLUSTERWIZ_NODE_RANK=1"_s} << server1;
    QTest::newRow("ranktable") << u"ranktable"_s << QStringList{u"CLUSTERWIZ_NODE_RANK=1"_s}
                               << server1;
    QTest::newRow("no-ranktable") << u"no-ranktable"_s
                                  << QStringList{u"CLUSTERWIZ_NODE_RANK=1"_s,
                                                 u"RANK_TABLE_FILE=/stale.json"_s, u"RANK_ID=3"_s,
                                                 u"RANK_SIZE=99"_s}
                                  << server1;
    // Started by mpirun: OpenMPI's rank tells the server, no CLUSTERWIZ_NODE_RANK needed.
    QTest::newRow("mpirun per server")
        << u"mpirun"_s << QStringList{u"OMPI_COMM_WORLD_RANK=1"_s} << server1;
    QTest::newRow("mpirun per device")
        << u"mpirun-device"_s
        << QStringList{u"OMPI_COMM_WORLD_RANK=11"_s, u"OMPI_COMM_WORLD_LOCAL_RANK=3"_s}
        << QList<int>{11};
}

void TestLaunchScripts::ranksOfOneServer()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, extraEnv);
    QFETCH(QList<int>, ranks);
    Sandbox box;
    QVERIFY(box.prepare(ascendExample(mode)));
    QProcessEnvironment env = box.environment();
    for (const QString &pair : extraEnv)
        env.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    const RunResult run = box.run(u"train.sh"_s, env);
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    // Announced once per server: by the copy of local rank 0 when mpirun starts one per device.
    QCOMPARE(run.output.contains(u"server1 (10.0.0.23) is node_rank 1 of 2 servers: ranks 8-15"_s),
             mode != u"mpirun-device");

    const bool launcher = mode == u"launch" || mode == u"mpirun";
    const bool loop = mode == u"ranktable" || mode == u"no-ranktable";
    if (launcher) {
        QList<QByteArray> argv = nulFields(readFile(box.out() + u"/launcher.argv"_s));
        QCOMPARE(argv.mid(0, 7),
                 QList<QByteArray>({"-m", "torch.distributed.run", "--nnodes=2", "--node_rank=1",
                                    "--nproc_per_node=8", "--master_addr=10.0.0.22",
                                    "--master_port=29501"}));
        QCOMPARE(argv.value(7), QByteArray("--no_python"));
        QCOMPARE(argv.value(8), (box.scripts() + u"/rank.sh"_s).toUtf8());
    }
    for (int rank : ranks) {
        const int local = rank - 8;
        const auto e = box.rankEnv(rank);
        QVERIFY2(!e.isEmpty(), qPrintable(u"rank %1 did not start: "_s.arg(rank) + run.output));
        QCOMPARE(box.rankArgv(rank), QList<QByteArray>({"-u", "main.py", "--epochs", "90"}));
        QCOMPARE(e.value("RANK"), QByteArray::number(rank));
        QCOMPARE(e.value("LOCAL_RANK"), QByteArray::number(local));
        QCOMPARE(e.value("WORLD_SIZE"), QByteArray("16"));
        QCOMPARE(e.value("MASTER_ADDR"), QByteArray("10.0.0.22"));
        QCOMPARE(e.value("MASTER_PORT"), QByteArray("29501"));
        QCOMPARE(e.value("NODE_RANK"), QByteArray("1"));
        QCOMPARE(e.value("HCCL_IF_IP"), QByteArray("10.0.0.23"));
        QCOMPARE(e.value("HCCL_SOCKET_IFNAME"), QByteArray("eth9"));
        QCOMPARE(e.value("GLOO_SOCKET_IFNAME"), QByteArray("eth9"));
        QVERIFY(!e.contains("NCCL_SOCKET_IFNAME"));
        QCOMPARE(e.value("HCCL_WHITELIST_DISABLE"), QByteArray("1"));
        QCOMPARE(e.value("FROM_ENV_SETUP"), QByteArray("yes"));
        QCOMPARE(e.value("CLUSTERWIZ_ACCELERATOR"), QByteArray("ascend910"));
        QCOMPARE(e.value("CLUSTERWIZ_DEVICE"), QByteArray::number(local));
        QCOMPARE(e.value("PWD"), box.workdir().toUtf8());
        // Loop modes open the physical device; the others index ASCEND_RT_VISIBLE_DEVICES.
        QCOMPARE(e.value("DEVICE_ID"), QByteArray::number(local));
        QCOMPARE(e.contains("ASCEND_RT_VISIBLE_DEVICES"), !loop);
        if (!loop)
            QCOMPARE(e.value("ASCEND_RT_VISIBLE_DEVICES"), QByteArray("0,1,2,3,4,5,6,7"));
        if (mode == u"ranktable") {
            QCOMPARE(e.value("RANK_TABLE_FILE"), (box.scripts() + u"/rank_table.json"_s).toUtf8());
            QCOMPARE(e.value("RANK_ID"), QByteArray::number(rank));
            QCOMPARE(e.value("RANK_SIZE"), QByteArray("16"));
        }
        if (mode == u"no-ranktable") {
            QCOMPARE(e.value("CM_CHIEF_IP"), QByteArray("10.0.0.22"));
            QCOMPARE(e.value("CM_CHIEF_PORT"), QByteArray("29501"));
            QCOMPARE(e.value("CM_CHIEF_DEVICE"), QByteArray("0"));
            QCOMPARE(e.value("CM_WORKER_IP"), QByteArray("10.0.0.23"));
            QCOMPARE(e.value("CM_WORKER_SIZE"), QByteArray("16"));
            QVERIFY(!e.contains("RANK_TABLE_FILE"));
            QVERIFY(!e.contains("RANK_ID"));
            QVERIFY(!e.contains("RANK_SIZE"));
        } else {
            QVERIFY(!e.contains("CM_CHIEF_IP"));
        }
        const QByteArray log =
            readFile(box.logDir(u"manual"_s, u"server1"_s) + u"/rank%1.log"_s.arg(rank));
        QVERIFY2(log.contains("fake python rank " + QByteArray::number(rank)), log.constData());
    }
    // Exactly these ranks, one log each.
    QStringList logs = QDir(box.logDir(u"manual"_s, u"server1"_s)).entryList({u"rank*.log"_s});
    QCOMPARE(logs.size(), ranks.size());
    QCOMPARE(QFile::exists(box.logDir(u"manual"_s, u"server1"_s) + u"/train.pid"_s),
             mode != u"mpirun-device");
}

void TestLaunchScripts::deviceVariables_data()
{
    QTest::addColumn<Accelerator>("accelerator");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QByteArray>("visible"); // the *_VISIBLE_DEVICES value, empty: unset
    QTest::addColumn<bool>("physicalId");    // DEVICE_ID is the physical id (else the index)
    QTest::newRow("nvidia launch") << Accelerator::Nvidia << u"launch"_s
                                   << QByteArray("CUDA_VISIBLE_DEVICES=4,5,6,7") << false;
    QTest::newRow("nvidia ranktable") << Accelerator::Nvidia << u"ranktable"_s
                                      << QByteArray("CUDA_VISIBLE_DEVICES=4,5,6,7") << false;
    QTest::newRow("ascend launch") << Accelerator::Ascend910 << u"launch"_s
                                   << QByteArray("ASCEND_RT_VISIBLE_DEVICES=4,5,6,7") << false;
    QTest::newRow("ascend no-ranktable")
        << Accelerator::Ascend910 << u"no-ranktable"_s << QByteArray() << true;
    QTest::newRow("cpu launch") << Accelerator::Cpu << u"launch"_s << QByteArray() << true;
}

// One server using devices 4-7: which id each rank opens, and the pinned interface.
void TestLaunchScripts::deviceVariables()
{
    QFETCH(Accelerator, accelerator);
    QFETCH(QString, mode);
    QFETCH(QByteArray, visible);
    QFETCH(bool, physicalId);
    Project project = withAccelerator(ascendExample(mode), accelerator);
    project.servers.pop_back();
    project.servers[0].devices = {4, 5, 6, 7};
    if (isAscend(accelerator))
        project.servers[0].deviceIps = project.servers[0].deviceIps.mid(4);
    project.servers[0].nic = u"ens1"_s;
    Sandbox box;
    QVERIFY(box.prepare(project));
    QProcessEnvironment env = box.environment();
    env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"0"_s);
    env.remove(u"CUDA_VISIBLE_DEVICES"_s);
    env.remove(u"ASCEND_RT_VISIBLE_DEVICES"_s);
    const RunResult run = box.run(u"train.sh"_s, env);
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    for (int rank = 0; rank < 4; ++rank) {
        const auto e = box.rankEnv(rank);
        QCOMPARE(e.value("CLUSTERWIZ_DEVICE"), QByteArray::number(4 + rank));
        QCOMPARE(e.value("DEVICE_ID"), QByteArray::number(physicalId ? 4 + rank : rank));
        QCOMPARE(e.value("WORLD_SIZE"), QByteArray("4"));
        for (const QByteArray name : {"CUDA_VISIBLE_DEVICES", "ASCEND_RT_VISIBLE_DEVICES"}) {
            if (visible.startsWith(name + '='))
                QCOMPARE(e.value(name), visible.mid(name.size() + 1));
            else
                QVERIFY2(!e.contains(name), name.constData());
        }
        QCOMPARE(e.value("GLOO_SOCKET_IFNAME"), QByteArray("ens1"));
        QCOMPARE(e.contains("NCCL_SOCKET_IFNAME"), accelerator == Accelerator::Nvidia);
        QCOMPARE(e.contains("HCCL_SOCKET_IFNAME"), isAscend(accelerator));
        QCOMPARE(e.contains("HCCL_IF_IP"), isAscend(accelerator));
        QCOMPARE(e.value("CLUSTERWIZ_ACCELERATOR"), acceleratorName(accelerator).toUtf8());
    }
}

void TestLaunchScripts::refusesToStart_data()
{
    QTest::addColumn<QStringList>("extraEnv");
    QTest::addColumn<bool>("removeWorkdir");
    QTest::addColumn<QString>("message");
    QTest::newRow("not in the plan")
        << QStringList{} << false << u"is a host IP of the plan (10.0.0.22 10.0.0.23)"_s;
    QTest::newRow("index too large")
        << QStringList{u"CLUSTERWIZ_NODE_RANK=2"_s} << false << u"the plan has 2 servers"_s;
    QTest::newRow("index with a leading zero")
        << QStringList{u"CLUSTERWIZ_NODE_RANK=01"_s} << false << u"is not a server index"_s;
    QTest::newRow("index that is code")
        << QStringList{u"CLUSTERWIZ_NODE_RANK=a[$(id)]"_s} << false << u"is not"_s;
    QTest::newRow("bad run id") << QStringList{u"CLUSTERWIZ_NODE_RANK=0"_s,
                                               u"CLUSTERWIZ_RUN_ID=../x"_s}
                                << false << u"may use only letters"_s;
    QTest::newRow("workdir missing") << QStringList{u"CLUSTERWIZ_NODE_RANK=0"_s} << true
                                     << u"server0: cannot enter the workdir"_s;
}

void TestLaunchScripts::refusesToStart()
{
    QFETCH(QStringList, extraEnv);
    QFETCH(bool, removeWorkdir);
    QFETCH(QString, message);
    Sandbox box;
    QVERIFY(box.prepare(ascendExample(u"ranktable"_s)));
    if (removeWorkdir)
        QVERIFY(QDir(box.workdir()).removeRecursively());
    QProcessEnvironment env = box.environment();
    for (const QString &pair : extraEnv)
        env.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    const RunResult run = box.run(u"train.sh"_s, env);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.output.contains(message), qPrintable(run.output));
    QVERIFY(QDir(box.out()).isEmpty()); // no rank started
}

void TestLaunchScripts::mpirunPlacementChecked()
{
    Sandbox box;
    QVERIFY(box.prepare(ascendExample(u"mpirun-device"_s)));
    QProcessEnvironment env = box.environment();
    // Without OpenMPI's variables, and with a placement that does not match the plan.
    RunResult run = box.run(u"train.sh"_s, env);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.output.contains(u"started by run.sh (mpirun)"_s), qPrintable(run.output));
    env.insert(u"OMPI_COMM_WORLD_RANK"_s, u"9"_s);
    env.insert(u"OMPI_COMM_WORLD_LOCAL_RANK"_s, u"0"_s);
    run = box.run(u"train.sh"_s, env);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.output.contains(u"keep run.sh's -H list"_s), qPrintable(run.output));
    QVERIFY(QDir(box.out()).isEmpty());
}

void TestLaunchScripts::firstFailureStopsTheOthers_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("blamed");
    QTest::newRow("ranktable") << u"ranktable"_s
                               << u"rank 3 (device 3) failed with exit code 3\n"_s
                                  u"clusterwiz: train.sh on server0: stopping the others"_s;
    QTest::newRow("launch") << u"launch"_s << u"the torch launcher"_s;
}

void TestLaunchScripts::firstFailureStopsTheOthers()
{
    QFETCH(QString, mode);
    QFETCH(QString, blamed);
    Sandbox box;
    QVERIFY(box.prepare(withAccelerator(ascendExample(mode), Accelerator::Cpu)));
    QProcessEnvironment env = box.environment();
    env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"0"_s);
    env.insert(u"FAKE_FAIL_RANK"_s, u"3"_s);
    env.insert(u"FAKE_SLEEP"_s, u"60"_s);
    QElapsedTimer timer;
    timer.start();
    const RunResult run = box.run(u"train.sh"_s, env, 40000);
    QVERIFY2(!run.timedOut, qPrintable(run.output));
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.output.contains(blamed), qPrintable(run.output));
    // The seven others were sleeping for a minute: they were stopped, not waited for.
    QVERIFY2(timer.elapsed() < 15000, qPrintable(QString::number(timer.elapsed())));
}

void TestLaunchScripts::termStopsTheRanks()
{
    Sandbox box;
    QVERIFY(box.prepare(withAccelerator(ascendExample(u"no-ranktable"_s), Accelerator::Cpu)));
    QProcessEnvironment env = box.environment();
    env.insert(u"CLUSTERWIZ_NODE_RANK"_s, u"1"_s);
    env.insert(u"FAKE_SLEEP"_s, u"60"_s);
    QProcess process;
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setChildProcessModifier([] { ::setsid(); });
    process.start(u"bash"_s, {box.scripts() + u"/train.sh"_s});
    QVERIFY(process.waitForStarted());
    const auto pid = static_cast<pid_t>(process.processId());
    QTRY_VERIFY_WITH_TIMEOUT(QDir(box.out()).entryList({u"*.env"_s}).size() == 8, 15000);
    ::kill(pid, SIGTERM);
    const bool finished = process.waitForFinished(15000);
    ::kill(-pid, SIGKILL);
    QVERIFY(finished);
    QCOMPARE(process.exitCode(), 143);
    QVERIFY(process.readAll().contains("got SIGTERM, stopping"));
}

// run.sh of a two-server project, with an ssh that runs the remote command on this machine:
// both servers' parts start, with the right index and run id, through the documented ssh call.
void TestLaunchScripts::runShStartsEveryServer()
{
    Sandbox box;
    Project project = withAccelerator(ascendExample(u"ranktable"_s), Accelerator::Cpu);
    project.servers[1].port = 2222;
    project.servers[1].user = u"train"_s;
    QVERIFY(box.prepare(project));
    QVERIFY(writeFile(box.dir.filePath(u"bin/ssh"_s),
                      "#!/bin/bash\nprintf '%s\\0' \"$@\" >>\"$FAKE_PYTHON_OUT/ssh.argv\"\n"
                      "printf '\\n' >>\"$FAKE_PYTHON_OUT/ssh.argv\"\nexec bash -c \"${!#}\"\n",
                      true));
    QProcessEnvironment env = box.environment();
    env.insert(u"PATH"_s, box.dir.filePath(u"bin"_s) + u':' + env.value(u"PATH"_s));
    env.insert(u"CLUSTERWIZ_RUN_ID"_s, u"r1"_s);
    const RunResult run = box.run(u"run.sh"_s, env);
    QVERIFY2(run.exitCode == 0, qPrintable(run.output));
    for (int rank = 0; rank < 16; ++rank)
        QCOMPARE(box.rankEnv(rank).value("RANK_ID"), QByteArray::number(rank));
    QCOMPARE(QDir(box.logDir(u"r1"_s, u"server0"_s)).entryList({u"rank*.log"_s}).size(), 8);
    QCOMPARE(QDir(box.logDir(u"r1"_s, u"server1"_s)).entryList({u"rank*.log"_s}).size(), 8);
    const QList<QByteArray> call = nulFields(readFile(box.out() + u"/ssh.argv"_s));
    QCOMPARE(call.mid(0, 5), QList<QByteArray>({"-o", "BatchMode=yes", "-p", "2222", "--"}));
    QCOMPARE(call.value(5), QByteArray("train@10.0.0.23"));
    QVERIFY2(call.value(6).contains("export CLUSTERWIZ_NODE_RANK=1 CLUSTERWIZ_RUN_ID=r1"),
             call.value(6).constData());
}

void TestLaunchScripts::runShStopsEveryServerWhenOneFails()
{
    Sandbox box;
    QVERIFY(box.prepare(withAccelerator(ascendExample(u"launch"_s), Accelerator::Cpu)));
    QVERIFY(
        writeFile(box.dir.filePath(u"bin/ssh"_s), "#!/bin/bash\nexec bash -c \"${!#}\"\n", true));
    QProcessEnvironment env = box.environment();
    env.insert(u"PATH"_s, box.dir.filePath(u"bin"_s) + u':' + env.value(u"PATH"_s));
    env.insert(u"FAKE_FAIL_RANK"_s, u"10"_s);
    env.insert(u"FAKE_SLEEP"_s, u"60"_s);
    QElapsedTimer timer;
    timer.start();
    const RunResult run = box.run(u"run.sh"_s, env, 50000);
    QVERIFY2(!run.timedOut, qPrintable(run.output));
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(
        run.output.contains(u"run.sh: train.sh on server1 (10.0.0.23; 255 means ssh failed) "
                            "failed with exit code 3\nclusterwiz: run.sh: stopping the others"_s),
        qPrintable(run.output));
    // server0's train.sh got TERM from run.sh and stopped its ranks.
    QVERIFY2(run.output.contains(u"train.sh on server0: got SIGTERM, stopping"_s),
             qPrintable(run.output));
    QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
}

QTEST_GUILESS_MAIN(TestLaunchScripts)
#include "tst_launchScripts.moc"
