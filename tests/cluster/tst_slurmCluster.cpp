// SPDX-License-Identifier: GPL-3.0-or-later
// The real Slurm of the cluster test support (SlurmTestSupport.h, slurm.sh): every server a node,
// a two-node sbatch runs one task per node (SLURM_NODEID 0 and 1, each on its own hostname),
// finished jobs are recorded, and taking Slurm down leaves none of its daemons running; the
// train.sbatch of `export --to slurm` submitted by hand runs real PyTorch (gloo) ranks to exit 0.
#include "CliProcess.h"
#include "JobTestSupport.h"
#include "SlurmTestSupport.h"

#include "launch/RunRecord.h"
#include "model/ProjectJson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

class TestSlurmCluster : public QObject {
    Q_OBJECT

    TestCluster m_cluster;

    // Whether `pid` (as server `index` sees it: with CLUSTERWIZ_TEST_PID_NS=1 each server has its
    // own process table) runs there and is no zombie.
    bool alive(int index, qint64 pid) const
    {
        QByteArray state;
        return m_cluster.sh(index, u"ps -o stat= -p %1"_s.arg(pid), &state) == 0 &&
               !state.trimmed().isEmpty() && !state.trimmed().startsWith('Z');
    }

    // Runs `command` on server `index` over SSH as root, as a user at a login node does: the
    // session's environment is the one sshd gives (cluster.sh's SetEnv, PYTHONPATH with
    // tests/fixtures/torch-launcher-fix among it), and sbatch hands it on to the job
    // (--export=ALL, sbatch(1)).
    int ssh(int index, const QString &command, QByteArray *output) const
    {
        const QString knownHosts = m_cluster.stateDir() + u"/slurm_known_hosts"_s;
        QFile hosts(knownHosts);
        if (!hosts.open(QIODevice::WriteOnly))
            return -1;
        for (int i = 0; i < m_cluster.count(); ++i) {
            QFile key(m_cluster.hostKeyPub(i));
            if (!key.open(QIODevice::ReadOnly))
                return -1;
            const QList<QByteArray> fields = key.readAll().split(' ');
            hosts.write(m_cluster.ip(i).toUtf8() + ' ' + fields.value(0) + ' ' + fields.value(1) +
                        '\n');
        }
        hosts.close();
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(u"ssh"_s, {u"-i"_s, m_cluster.clientKey(), u"-o"_s,
                                 u"UserKnownHostsFile="_s + knownHosts, u"-o"_s, u"BatchMode=yes"_s,
                                 u"root@"_s + m_cluster.ip(index), command});
        if (!process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished();
            return -1;
        }
        *output = process.readAll();
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    }

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--accept-new"_s, u"--ssh-config"_s,
                u"none"_s};
    }

    // What squeue says of job `id` on server0: "STATE REASON", empty once Slurm forgot it.
    QString squeue(const QString &id) const
    {
        QByteArray output;
        m_cluster.sh(0, u"squeue -h -t all -j %1 -o '%T %r'"_s.arg(id), &output);
        return QString::fromUtf8(output).trimmed();
    }

    // The 2 x 2 gloo job of the cpu example on the test cluster, submitted through Slurm.
    cw::Project slurmProject(const QStringList &trainArgs) const
    {
        cw::Project project =
            jobtest::cpuProject(m_cluster, 2, 2, cw::LaunchMode::Launch, trainArgs);
        project.launch.scheduler = cw::Scheduler::Slurm;
        return project;
    }

    static qint64 pidIn(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toLongLong() : 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_cluster.up(2, &error), qPrintable(error));
    }

    void twoNodeBatchRunsOneTaskPerNode()
    {
        QList<std::pair<int, qint64>> daemons; // server, pid
        {
            TestSlurm slurm(m_cluster);
            QString error;
            QVERIFY2(slurm.up(&error), qPrintable(error));
            daemons << std::pair{0, pidIn(slurm.pidFile(u"slurmctld"_s))}
                    << std::pair{0, pidIn(slurm.pidFile(u"slurmd.server0"_s))}
                    << std::pair{1, pidIn(slurm.pidFile(u"slurmd.server1"_s))}
                    << std::pair{0, pidIn(m_cluster.serverDir(0) + u"/munge/munged.pid"_s)}
                    << std::pair{1, pidIn(m_cluster.serverDir(1) + u"/munge/munged.pid"_s)};
            for (const auto &[server, pid] : daemons)
                QVERIFY2(pid > 0 && alive(server, pid),
                         qPrintable(u"daemon pid %1 on server%2"_s.arg(pid).arg(server)));

            QByteArray output;
            QCOMPARE(m_cluster.sh(0, u"sinfo -h -N -o '%N %t'"_s, &output), 0);
            QCOMPARE(output, QByteArray("server0 idle\nserver1 idle\n"));

            const QString job = m_cluster.stateDir() + u"/job"_s;
            QVERIFY(QDir().mkpath(job));
            QFile script(job + u"/two.sbatch"_s);
            QVERIFY(script.open(QIODevice::WriteOnly));
            script.write("#!/bin/bash\n"
                         "#SBATCH --nodes=2 --ntasks-per-node=1\n"
                         "srun bash -c 'echo \"node=$SLURM_NODEID host=$(hostname)\"'\n");
            script.close();
            QCOMPARE(m_cluster.sh(0,
                                  u"cd %1 && sbatch --parsable --nodelist=server0,server1 "
                                  "-o %1/out.txt two.sbatch"_s.arg(job),
                                  &output),
                     0);
            const QByteArray id = output.trimmed();
            QVERIFY2(QRegularExpression(u"^[0-9]+$"_s).match(QString::fromUtf8(id)).hasMatch(),
                     output.constData());

            QByteArray completions;
            for (int i = 0; i < 300 && !completions.contains("JobId=" + id + ' '); ++i) {
                QTest::qWait(100);
                QFile file(slurm.jobCompletions());
                if (file.open(QIODevice::ReadOnly))
                    completions = file.readAll();
            }
            QVERIFY2(completions.contains("JobId=" + id + " "), completions.constData());
            QVERIFY2(completions.contains("JobState=COMPLETED"), completions.constData());
            QVERIFY2(completions.contains("NodeList=server[0-1]"), completions.constData());
            QVERIFY2(completions.contains("ExitCode=0:0"), completions.constData());

            QFile out(job + u"/out.txt"_s);
            QVERIFY(out.open(QIODevice::ReadOnly));
            QList<QByteArray> lines = out.readAll().trimmed().split('\n');
            std::sort(lines.begin(), lines.end());
            QCOMPARE(lines, (QList<QByteArray>{"node=0 host=server0", "node=1 host=server1"}));
        }
        // TestSlurm's destructor stopped every daemon it started.
        for (const auto &[server, pid] : daemons)
            QVERIFY2(!alive(server, pid),
                     qPrintable(u"daemon pid %1 on server%2 still runs"_s.arg(pid).arg(server)));
    }

    // The cpu-2x2 example exported for Slurm, its workdir on the servers' shared /tmp (the shared
    // file system the export asks for), submitted as a user would: `sbatch train.sbatch`.
    void exportedBatchScriptRunsWhenSubmittedByHand()
    {
        TestSlurm slurm(m_cluster);
        QString error;
        QVERIFY2(slurm.up(&error), qPrintable(error));

        const QString workdir = m_cluster.stateDir() + u"/ddp"_s;
        QVERIFY(QDir().mkpath(workdir));
        QVERIFY(
            QFile::copy(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/train_ddp.py"),
                        workdir + u"/train_ddp.py"_s));
        QFile example(
            QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        QJsonObject project = QJsonDocument::fromJson(example.readAll()).object();
        QJsonObject launch = project[u"launch"_s].toObject();
        launch[u"workdir"_s] = workdir;
        launch[u"args"_s] = QJsonArray{u"--steps"_s, u"3"_s, u"--backend"_s, u"gloo"_s};
        project[u"launch"_s] = launch;
        const QString projectPath = m_cluster.stateDir() + u"/slurm.clusterwiz.json"_s;
        QFile projectFile(projectPath);
        QVERIFY(projectFile.open(QIODevice::WriteOnly));
        projectFile.write(QJsonDocument(project).toJson());
        projectFile.close();

        const QString exported = m_cluster.stateDir() + u"/exported"_s;
        const CliRun run =
            runCli({u"export"_s, projectPath, u"--to"_s, u"slurm"_s, u"-o"_s, exported});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(QFile::exists(exported + u"/train.sbatch"_s));

        // Submitted from a login shell on server0, as a user would.
        QByteArray output;
        QCOMPARE(ssh(0,
                     u"cd %1 && sbatch --parsable -o %1/slurm-%j.out %2/train.sbatch"_s.arg(
                         workdir, exported),
                     &output),
                 0);
        const QByteArray id = output.trimmed();
        QVERIFY2(!id.isEmpty() && id.toInt() > 0, output.constData());

        QByteArray completions;
        for (int i = 0; i < 1200 && !completions.contains("JobId=" + id + ' '); ++i) {
            QTest::qWait(100);
            QFile file(slurm.jobCompletions());
            if (file.open(QIODevice::ReadOnly))
                completions = file.readAll();
        }
        QFile out(workdir + u"/slurm-"_s + QString::fromUtf8(id) + u".out"_s);
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QByteArray log = out.readAll();
        if (!completions.contains("JobState=COMPLETED"))
            qWarning().noquote() << log.right(4000); // QTest cuts long messages short
        const qsizetype line = completions.indexOf("JobId=" + id + ' ');
        QVERIFY2(line >= 0, log.constData());
        const QByteArray record = completions.mid(line, completions.indexOf('\n', line) - line);
        QVERIFY2(record.contains("JobState=COMPLETED") && record.contains("ExitCode=0:0"),
                 (record + '\n' + log).constData());
        QVERIFY2(record.contains("NodeList=server[0-1]"), record.constData());
        // Both nodes' torchrun ran their two ranks each to the end (one world of four).
        for (int rank = 0; rank < 4; ++rank)
            QVERIFY2(log.contains("rank " + QByteArray::number(rank) + " done"), log.constData());
    }

    // launch.scheduler "slurm": `launch --follow` submits train.sbatch with sbatch --parsable on
    // server0 (the master, the default login node), Slurm runs train.sh on both nodes and the
    // follow prints every rank's lines to the end, exit 0; Slurm records the job COMPLETED. A
    // second launch while another job holds both nodes waits PENDING with reason Resources,
    // which `status` shows; `stop` cancels it through scancel and nothing of it is left.
    void launchSubmitsFollowsAndCancelsThroughSlurm()
    {
        TestSlurm slurm(m_cluster);
        QString error;
        QVERIFY2(slurm.up(&error), qPrintable(error));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());

        cw::Project project = slurmProject({u"--steps"_s, u"3"_s, u"--backend"_s, u"gloo"_s});
        project.launch.slurm.partition = u"main"_s;
        project.launch.slurm.time = u"10"_s;
        // A word with a space and a quote reaches sbatch as one word (shellQuote).
        project.launch.slurm.sbatchArgs = {u"--comment=clusterwiz's test"_s};
        const QString path = dir.filePath(u"slurm.clusterwiz.json"_s);
        QVERIFY(cw::saveProjectFile(project, path).isEmpty());

        const CliRun run = runCli(
            QStringList{u"launch"_s, path, u"--allow-upload-outside"_s, u"--follow"_s} + fleet(),
            240000);
        QVERIFY2(run.exitCode == 0, run.describe());
        const QString runId = QString::fromUtf8(run.out).section(u'\n', 0, 0);
        QVERIFY2(cw::isValidRunId(runId), run.describe());
        const QRegularExpressionMatch submitted =
            QRegularExpression(u"submitted to Slurm as job ([0-9]+) on server0"_s)
                .match(QString::fromUtf8(run.err));
        QVERIFY2(submitted.hasMatch(), run.describe());
        const QString jobId = submitted.captured(1);
        for (int rank = 0; rank < 4; ++rank) {
            const QByteArray done = "rank " + QByteArray::number(rank) + " done";
            QVERIFY2(run.out.contains(done), run.describe());
            QVERIFY2(jobtest::rankLog(m_cluster, rank / 2, runId, rank).contains(done),
                     qPrintable(runId));
        }
        QString recordError;
        const std::optional<cw::RunRecord> record = cw::loadRunRecord(path, runId, &recordError);
        QVERIFY2(record, qPrintable(recordError));
        QCOMPARE(record->slurmJobId, jobId);
        QCOMPARE(record->slurmLogin, u"server0"_s);
        QCOMPARE(record->state, cw::RunState::Finished);

        QByteArray completions;
        for (int i = 0; i < 300 && !completions.contains("JobId=" + jobId.toUtf8() + ' '); ++i) {
            QTest::qWait(100);
            QFile file(slurm.jobCompletions());
            if (file.open(QIODevice::ReadOnly))
                completions = file.readAll();
        }
        const qsizetype line = completions.indexOf("JobId=" + jobId.toUtf8() + ' ');
        QVERIFY2(line >= 0, completions.constData());
        const QByteArray job = completions.mid(line, completions.indexOf('\n', line) - line);
        QVERIFY2(job.contains("JobState=COMPLETED") && job.contains("ExitCode=0:0") &&
                     job.contains("NodeList=server[0-1]") && job.contains("Partition=main"),
                 job.constData());
        QByteArray comment;
        m_cluster.sh(0, u"scontrol -o show job %1"_s.arg(jobId), &comment);
        QVERIFY2(comment.contains("Comment=clusterwiz's test"), comment.constData());

        // Both nodes busy with a job of someone else: the next launch waits.
        QByteArray output;
        QCOMPARE(m_cluster.sh(0,
                              u"sbatch --parsable --nodelist=server0,server1 --nodes=2 "
                              "-o /dev/null --wrap 'sleep 300'"_s,
                              &output),
                 0);
        const QString blocker = QString::fromUtf8(output).trimmed();
        QTRY_VERIFY_WITH_TIMEOUT(squeue(blocker).startsWith(u"RUNNING"_s), 30000);
        const CliRun second =
            runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s} + fleet(), 120000);
        QVERIFY2(second.exitCode == 0, second.describe());
        const QString waiting = QString::fromUtf8(second.out).trimmed();
        QVERIFY2(cw::isValidRunId(waiting), second.describe());
        const QString waitingJob = QRegularExpression(u"as job ([0-9]+)"_s)
                                       .match(QString::fromUtf8(second.err))
                                       .captured(1);
        QVERIFY2(!waitingJob.isEmpty(), second.describe());
        // The scheduler names the reason on its next pass (None until then).
        QTRY_VERIFY_WITH_TIMEOUT(squeue(waitingJob) == u"PENDING Resources"_s, 30000);
        const CliRun status = runCli(QStringList{u"status"_s, path} + fleet());
        QVERIFY2(status.exitCode == 0, status.describe());
        QCOMPARE(QString::fromUtf8(status.out).trimmed(),
                 u"run %1: starting, Slurm job %2 PENDING (Resources)"_s.arg(waiting, waitingJob));
        const CliRun json = runCli(QStringList{u"status"_s, path, u"--json"_s} + fleet());
        QVERIFY2(json.exitCode == 0, json.describe());
        const QJsonObject view = QJsonDocument::fromJson(json.out).object()[u"slurm"_s].toObject();
        QCOMPARE(view[u"job_id"_s].toString(), waitingJob);
        QCOMPARE(view[u"state"_s].toString(), u"PENDING"_s);
        QCOMPARE(view[u"reason"_s].toString(), u"Resources"_s);

        const CliRun stop = runCli(QStringList{u"stop"_s, path} + fleet());
        QVERIFY2(stop.exitCode == 0, stop.describe());
        QVERIFY2(stop.out.contains("Slurm job " + waitingJob.toUtf8() + " cancelled"),
                 stop.describe());
        QVERIFY2(squeue(waitingJob).startsWith(u"CANCELLED"_s), qPrintable(squeue(waitingJob)));
        const CliRun after = runCli(QStringList{u"status"_s, path} + fleet());
        QCOMPARE(after.exitCode, 3); // stopped
        // It never ran: no run folder on any node, and the blocker still runs.
        for (int i = 0; i < 2; ++i)
            QVERIFY(!QFile::exists(m_cluster.serverDir(i) + u"/root/ddp/logs/"_s + waiting +
                                   u"/server%1/job.pgid"_s.arg(i)));
        QVERIFY(squeue(blocker).startsWith(u"RUNNING"_s));
        QCOMPARE(m_cluster.sh(0, u"scancel "_s + blocker), 0);
    }

    // `check` of a Slurm project asks each node's munge and Slurm's view of the node: both pass
    // on an idle cluster; a node drained by scontrol fails slurm-node on that server only, with
    // the state Slurm gives, and stops a launch before anything is submitted; resumed, it passes.
    void checkSeesMungeAndNodeStates()
    {
        TestSlurm slurm(m_cluster);
        QString error;
        QVERIFY2(slurm.up(&error), qPrintable(error));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const cw::Project project = slurmProject({u"--steps"_s, u"2"_s, u"--backend"_s, u"gloo"_s});
        const QString path = dir.filePath(u"checked.clusterwiz.json"_s);
        QVERIFY(cw::saveProjectFile(project, path).isEmpty());
        // "STATUS REASON" of that check on that server, from `check --json`.
        const auto verdict = [](const CliRun &run, const QString &check, const QString &server) {
            const QJsonArray results =
                QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
            for (const QJsonValue &row : results) {
                if (row[u"check"_s].toString() == check && row[u"server"_s].toString() == server)
                    return row[u"status"_s].toString() + u' ' + row[u"reason"_s].toString();
            }
            return u"(none) "_s + QString::fromUtf8(run.out.left(2000));
        };
        const auto check = [&] {
            return runCli(QStringList{u"check"_s, path, u"--json"_s} + fleet(), 300000);
        };

        const CliRun idle = check();
        for (const QString &server : {u"server0"_s, u"server1"_s}) {
            QCOMPARE(verdict(idle, u"munge"_s, server), u"ok munge answers: Success (0)"_s);
            QCOMPARE(verdict(idle, u"slurm-node"_s, server), u"ok the Slurm node is IDLE"_s);
        }

        QByteArray output;
        QCOMPARE(m_cluster.sh(0,
                              u"scontrol update nodename=server1 state=drain "
                              "reason=clusterwiz-test"_s,
                              &output),
                 0);
        const CliRun drained = check();
        QVERIFY2(drained.exitCode != 0, drained.describe());
        QCOMPARE(verdict(drained, u"slurm-node"_s, u"server0"_s), u"ok the Slurm node is IDLE"_s);
        const QString server1 = verdict(drained, u"slurm-node"_s, u"server1"_s);
        QVERIFY2(server1.startsWith(u"failed the Slurm node is IDLE+DRAIN, not one of "_s),
                 qPrintable(server1));

        QByteArray jobsBefore;
        m_cluster.sh(0, u"squeue -h -t all -o %i"_s, &jobsBefore);
        const CliRun refused =
            runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s} + fleet(), 120000);
        QVERIFY2(refused.exitCode != 0, refused.describe());
        QVERIFY2(refused.err.contains("slurm-node on server1: the Slurm node is IDLE+DRAIN"),
                 refused.describe());
        QVERIFY2(!refused.err.contains("submitted to Slurm"), refused.describe());
        QByteArray jobsAfter;
        m_cluster.sh(0, u"squeue -h -t all -o %i"_s, &jobsAfter);
        QCOMPARE(jobsAfter, jobsBefore); // nothing submitted

        QCOMPARE(m_cluster.sh(0, u"scontrol update nodename=server1 state=resume"_s, &output), 0);
        // Resumed, the node is IDLE+NOT_RESPONDING until slurmd answers slurmctld's next ping.
        QTRY_VERIFY_WITH_TIMEOUT((m_cluster.sh(0, u"scontrol -o show node server1"_s, &output),
                                  output.contains(" State=IDLE ")),
                                 60000);
        const CliRun resumed = check();
        QCOMPARE(verdict(resumed, u"slurm-node"_s, u"server1"_s), u"ok the Slurm node is IDLE"_s);
    }

    // A Slurm job that runs: `status` says running with Slurm's RUNNING beside it; `stop`
    // cancels it through scancel, Slurm records it CANCELLED, and no process of the job is left
    // on either node.
    void stopCancelsARunningSlurmJob()
    {
        TestSlurm slurm(m_cluster);
        QString error;
        QVERIFY2(slurm.up(&error), qPrintable(error));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const cw::Project project = slurmProject(
            {u"--steps"_s, u"100000"_s, u"--sleep"_s, u"0.2"_s, u"--backend"_s, u"gloo"_s});
        const QString path = dir.filePath(u"long.clusterwiz.json"_s);
        QVERIFY(cw::saveProjectFile(project, path).isEmpty());
        const CliRun launched =
            runCli(QStringList{u"launch"_s, path, u"--allow-upload-outside"_s} + fleet(), 120000);
        QVERIFY2(launched.exitCode == 0, launched.describe());
        const QString runId = QString::fromUtf8(launched.out).trimmed();
        const QString jobId = QRegularExpression(u"as job ([0-9]+)"_s)
                                  .match(QString::fromUtf8(launched.err))
                                  .captured(1);
        QVERIFY2(!jobId.isEmpty(), launched.describe());
        QTRY_VERIFY_WITH_TIMEOUT(jobtest::rankLog(m_cluster, 1, runId, 3).contains("loss = "),
                                 120000);
        const CliRun status = runCli(QStringList{u"status"_s, path} + fleet());
        QVERIFY2(status.exitCode == 0, status.describe());
        QVERIFY2(status.out.startsWith("run " + runId.toUtf8() + ": running"), status.describe());
        QVERIFY2(status.out.contains("Slurm job " + jobId.toUtf8() + ": RUNNING\n"),
                 status.describe());
        for (int i = 0; i < 2; ++i)
            QVERIFY(!jobtest::jobProcesses(m_cluster, i).isEmpty());

        const CliRun stop = runCli(QStringList{u"stop"_s, path} + fleet());
        QVERIFY2(stop.exitCode == 0, stop.describe());
        QVERIFY2(stop.out.contains("Slurm job " + jobId.toUtf8() + " cancelled"), stop.describe());
        QVERIFY2(squeue(jobId).startsWith(u"CANCELLED"_s), qPrintable(squeue(jobId)));
        for (int i = 0; i < 2; ++i)
            QVERIFY2(jobtest::jobProcesses(m_cluster, i).isEmpty(),
                     qPrintable(jobtest::jobProcesses(m_cluster, i).join(u'\n')));
        const CliRun after = runCli(QStringList{u"status"_s, path} + fleet());
        QCOMPARE(after.exitCode, 3); // stopped
    }
};

QTEST_GUILESS_MAIN(TestSlurmCluster)
#include "tst_slurmCluster.moc"
