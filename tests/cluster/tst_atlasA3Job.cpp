// SPDX-License-Identifier: GPL-3.0-or-later
// An Atlas A3 project end to end on 2 simulated servers (real sshd, the simulated npu-smi and
// hccn_tool in their A3 layouts, real PyTorch gloo ranks standing in for the dies): `discover
// --update` fills each server's super_device_ids from `npu-smi info -t spod-info`; after `fix
// reserve-hccl-ports`, `check` passes every A3 check (dies, SDIDs, one logical pod inside one
// physical SuperPoD); `launch --follow` runs a rank table job (version 1.2 with super_pod_list,
// one rank per die) to the end, and again restarting after a failed rank, from the 1.2 table
// train.sh writes for the attempt. Then server1 reports another physical SuperPoD: `check` fails
// the pod naming both ids, and `launch` refuses before anything starts.
#include "CliProcess.h"
#include "JobTestSupport.h"
#include "TestCluster.h"

#include "generate/ScriptFiles.h"
#include "launch/RunRecord.h"
#include "model/ProjectJson.h"
#include "plan/Planner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 2;
constexpr int kDies = 2; // die 0 and die 1: the two chips of NPU 0
constexpr int kSteps = 3;

// The driver's SDID layout (as tst_doctor's A3 pods): server in its pod, chip, die, die id.
QString sdid(int server, int die)
{
    return QString::number((quint32(server) << 22) | (quint32(die / 2) << 18) |
                           (quint32(die % 2) << 16) | quint32(die));
}

} // namespace

class TestAtlasA3Job : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_path;
    Project m_planned;

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s, u"--ssh-config"_s,
                u"none"_s};
    }

    // Every server's simulated A3 state: 8 NPUs of two dies, the plan's device IPs, each die's
    // SDID, and the physical SuperPoD the server is in.
    bool writeState(const QList<int> &physicalPods)
    {
        for (int i = 0; i < kServers; ++i) {
            QFile conf(m_cluster.serverDir(i) + u"/hccn.conf"_s);
            if (!conf.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return false;
            const Server &server = m_planned.servers[size_t(i)];
            conf.write(u"npu_count=8\nnpu_name=Ascend910\nsuper_pod_id=%1\nsuper_pod_size=%2\n"
                       "server_index=%3\n"_s.arg(physicalPods[i])
                           .arg(kServers)
                           .arg(i)
                           .toUtf8());
            for (int d = 0; d < 16; ++d) {
                conf.write(u"sdid_%1=%2\n"_s.arg(d).arg(sdid(i, d)).toUtf8());
                if (d < kDies)
                    conf.write(u"address_%1=%2\nnetmask_%1=%3\n"_s.arg(d)
                                   .arg(server.deviceIps[d], m_planned.deviceNetwork.netmask)
                                   .toUtf8());
            }
        }
        return true;
    }

    QJsonObject checkRow(const QJsonArray &rows, const QString &server, const QString &check)
    {
        for (const QJsonValue &row : rows) {
            if (row[u"server"_s].toString() == server && row[u"check"_s].toString() == check)
                return row.toObject();
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error, true), qPrintable(error));
        // A restarting run's supervisor on server0 logs in to server1.
        const QString ssh = jobtest::setUpServerSsh(m_cluster);
        QVERIFY2(ssh.isEmpty(), qPrintable(ssh));

        Project project =
            jobtest::cpuProject(m_cluster, kServers, kDies, LaunchMode::RankTable,
                                {u"--steps"_s, QString::number(kSteps), u"--backend"_s, u"gloo"_s});
        project.name = u"a3-gloo"_s;
        project.accelerator = Accelerator::Ascend910_93;
        project.superPods = {{u"pod-a"_s, {u"server0"_s, u"server1"_s}}};
        project.launch.workdir = u"/root/ddp"_s; // where jobtest::rankLog looks
        project.launch.python = u"/usr/bin/python3"_s;
        // CANN's environment file, here an empty stand-in the check finds on every server, and
        // torch_npu's package metadata in root's user site (the gloo ranks never import it).
        project.launch.envSetup = {u"source /root/cann/set_env.sh"_s};
        const QString npuMetadata =
            jobtest::sourcePath(u"tests/fixtures/ascend/site-packages/torch_npu-2.1.0.dist-info"_s);
        for (int i = 0; i < kServers; ++i) {
            QByteArray out;
            QCOMPARE(m_cluster.sh(i,
                                  u"mkdir -p /root/cann && : > /root/cann/set_env.sh && "
                                  "site=$(python3 -m site --user-site) && mkdir -p \"$site\" && "
                                  "cp -r '%1' \"$site/\""_s.arg(npuMetadata),
                                  &out),
                     0);
        }
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        m_planned = plan.project;
        QVERIFY(writeState({0, 0}));
        m_path = m_dir.filePath(u"a3-gloo.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(m_planned, m_path), QString());
    }

    // discover --update takes the SDIDs of the project's dies from spod-info.
    void discoveryFillsTheSdids()
    {
        const CliRun run =
            runCli(QStringList{u"discover"_s, m_path, u"--update"_s} + fleet(), 120000);
        QVERIFY2(run.exitCode == 0, run.describe());
        const ProjectLoad load = loadProjectFile(m_path);
        QVERIFY2(load.ok(), qPrintable(load.fatal));
        for (int i = 0; i < kServers; ++i) {
            const Server &server = load.project.servers[size_t(i)];
            QCOMPARE(server.superDeviceIds, (QStringList{sdid(i, 0), sdid(i, 1)}));
        }
    }

    // Every check that applies passes or is skipped, the A3 ones among them, once the HCCL
    // ports are reserved (a fresh server's one failure, fixed by its own fix).
    void checksPassOnTheA3()
    {
        const CliRun fix =
            runCli(QStringList{u"fix"_s, m_path, u"reserve-hccl-ports"_s} + fleet(), 300000);
        QVERIFY2(fix.exitCode == 0, fix.describe());
        const CliRun run = runCli(QStringList{u"check"_s, m_path, u"--json"_s} + fleet(), 300000);
        const QJsonArray rows = QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
        QVERIFY2(!rows.isEmpty(), run.describe());
        for (const QJsonValue &row : rows) {
            const QString status = row[u"status"_s].toString();
            QVERIFY2(status == u"ok"_s || status == u"skipped"_s || status == u"warning"_s,
                     QJsonDocument(row.toObject()).toJson(QJsonDocument::Compact).constData());
        }
        QVERIFY2(run.exitCode == 0, run.describe());
        const QJsonObject dies = checkRow(rows, u"server1"_s, u"accelerator"_s);
        QCOMPARE(dies[u"status"_s].toString(), u"ok"_s);
        QVERIFY2(dies[u"reason"_s].toString().contains(u"16 dies"_s),
                 qPrintable(dies[u"reason"_s].toString()));
        const QJsonObject pods = checkRow(rows, u"server0"_s, u"super-pods"_s);
        QCOMPARE(pods[u"status"_s].toString(), u"ok"_s);
        QCOMPARE(pods[u"reason"_s].toString(),
                 u"1 super pods, each inside one physical SuperPoD"_s);
    }

    // A rank table job, one gloo rank per die, runs to the end; the table it read is 1.2.
    void rankTableJobRunsToTheEnd()
    {
        const CliRun run = runCli(
            QStringList{u"launch"_s, m_path, u"--allow-upload-outside"_s, u"--follow"_s} + fleet(),
            180000);
        QVERIFY2(run.exitCode == 0, run.describe());
        const QString runId = QString::fromUtf8(run.out).section(u'\n', 0, 0);
        QVERIFY(isValidRunId(runId));
        const int world = kServers * kDies;
        for (int rank = 0; rank < world; ++rank) {
            const QByteArray log = jobtest::rankLog(m_cluster, rank / kDies, runId, rank);
            QVERIFY2(log.contains(u"rank %1/%2 "_s.arg(rank).arg(world).toUtf8()), log.constData());
            QVERIFY2(log.contains("backend gloo"), log.constData());
            QCOMPARE(log.count("loss = "), kSteps);
        }
        QByteArray table;
        QCOMPARE(m_cluster.sh(1, u"cat \"$(find /root/ddp -name rank_table.json | head -n 1)\""_s,
                              &table),
                 0);
        const QJsonObject root = QJsonDocument::fromJson(table).object();
        QCOMPARE(root[u"version"_s].toString(), u"1.2"_s);
        const QJsonArray pods = root[u"super_pod_list"_s].toArray();
        QCOMPARE(pods.size(), 1);
        QCOMPARE(pods[0][u"super_pod_id"_s].toString(), u"pod-a"_s);
        const QJsonObject server1 = root[u"server_list"_s][1].toObject();
        QCOMPARE(server1[u"device"_s][1][u"super_device_id"_s].toString(), sdid(1, 1));
        QCOMPARE(server1[u"device"_s][1][u"rank_id"_s].toString(), u"3"_s);
        QVERIFY2(jobtest::jobProcesses(m_cluster, 0).isEmpty(), "server0 has job processes left");
        QVERIFY2(jobtest::jobProcesses(m_cluster, 1).isEmpty(), "server1 has job processes left");
    }

    // A restarting run: rank 3 fails in the first attempt, the second runs to the end on both
    // servers from the rank table train.sh wrote for it, byte for byte generate's 1.2 table.
    void restartWritesTheAttemptsTable()
    {
        ProjectLoad load = loadProjectFile(m_path);
        QVERIFY2(load.ok(), qPrintable(load.fatal));
        Project project = load.project;
        project.launch.restart.maxRestarts = 1;
        project.launch.restart.backoffSeconds = 1;
        project.launch.args << u"--fail-rank"_s << u"3"_s << u"--fail-step"_s << u"1"_s
                            << u"--fail-restart"_s << u"0"_s;
        const QString path = m_dir.filePath(u"a3-restart.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(project, path), QString());
        const CliRun run = runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s,
                                              u"--force"_s, u"--follow"_s} +
                                      fleet(),
                                  300000);
        QVERIFY2(run.exitCode == 0, run.describe());
        QVERIFY2(run.out.contains("== attempt 2 of 2 on server0, server1"), run.describe());
        const QString runId = QString::fromUtf8(run.out).section(u'\n', 0, 0).trimmed();
        QVERIFY(isValidRunId(runId));
        const QByteArray expected = rankTableJson(project);
        QVERIFY(expected.contains("\"version\": \"1.2\""));
        for (int i = 0; i < kServers; ++i) {
            const QString dir = m_cluster.serverDir(i) +
                                u"/root/ddp/logs/%1/server%2/attempt-2"_s.arg(runId).arg(i);
            QCOMPARE(jobtest::readFile(dir + u"/rank_table.json"_s), expected);
            const QByteArray log = jobtest::readFile(dir + u"/rank%1.log"_s.arg(2 * i + 1));
            QCOMPARE(log.count("loss = "), kSteps);
        }
    }

    // server1 in another physical SuperPoD: the logical pod is refused, naming both ids, and the
    // launch stops before anything runs.
    void podAcrossPhysicalSuperPodsIsRefused()
    {
        QVERIFY(writeState({0, 1}));
        const CliRun run = runCli(QStringList{u"check"_s, m_path, u"--json"_s} + fleet(), 300000);
        QCOMPARE(run.exitCode, 1);
        const QJsonArray rows = QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
        const QJsonObject pods = checkRow(rows, u"server0"_s, u"super-pods"_s);
        QCOMPARE(pods[u"status"_s].toString(), u"failed"_s);
        const QString reason = pods[u"reason"_s].toString();
        QVERIFY2(reason.startsWith(u"super pod pod-a spans physical SuperPoDs: 0 on server0; 1 on "
                                   "server1"_s),
                 qPrintable(reason));

        QByteArray before;
        m_cluster.sh(1, u"find /root/ddp/logs -name 'rank*.log' | sort"_s, &before);
        const CliRun launch = runCli(
            QStringList{u"launch"_s, m_path, u"--allow-upload-outside"_s, u"--follow"_s} + fleet(),
            180000);
        QVERIFY2(launch.exitCode != 0, launch.describe());
        QVERIFY2(launch.err.contains("super-pods"), launch.describe());
        QByteArray after;
        m_cluster.sh(1, u"find /root/ddp/logs -name 'rank*.log' | sort"_s, &after);
        QCOMPARE(after, before);
        QVERIFY(writeState({0, 0}));
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestAtlasA3Job)
#include "tst_atlasA3Job.moc"
