// SPDX-License-Identifier: GPL-3.0-or-later
// launch/SlurmJob.h without a Slurm: the sbatch command line (every value one quoted word), the
// job id of --parsable, the states the login node's program prints, the run record's Slurm
// members, and the launch plan of a Slurm project (nothing started over SSH, train.sbatch on the
// login node only). tst_slurmCluster runs the same against a real Slurm.
#include "launch/LaunchPlan.h"
#include "launch/RunRecord.h"
#include "launch/SlurmJob.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project cpuProject()
{
    ProjectLoad load = loadProjectFile(
        QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"));
    Project project = load.project;
    project.launch.scheduler = Scheduler::Slurm;
    return project;
}

// The words bash makes of `command` after "cd -- DIR && ".
QStringList wordsOf(const QString &command)
{
    QProcess bash;
    bash.start(u"bash"_s, {u"-c"_s, u"printf '%s\\n' "_s + command.section(u" && "_s, 1)});
    bash.waitForFinished();
    return QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
}

QString describe(const Problems &problems)
{
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.toString();
    return lines.join(u'\n');
}

} // namespace

class TestSlurmJob : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void submitCommandQuotesEveryWord()
    {
        Project project = cpuProject();
        project.launch.slurm = {
            u"main"_s, u"acct"_s,  u"1-00:00:00"_s,
            u"high"_s, u"gpu:8"_s, {u"--comment=it's $(two) words"_s, u"--mem=0"_s},
            {}};
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        const QString command = slurmSubmitCommand(project, u"20261203-120000-abcdef"_s);
        QVERIFY(command.startsWith(u"cd -- '/tmp/clusterwiz-ddp' && "_s));
        QCOMPARE(wordsOf(command),
                 (QStringList{u"sbatch"_s, u"--parsable"_s,
                              u"--job-name=clusterwiz-20261203-120000-abcdef"_s,
                              u"--chdir=/tmp/clusterwiz-ddp"_s, u"--output=slurm-%j.out"_s,
                              u"--nodes=2"_s, u"--nodelist=server0,server1"_s,
                              u"--partition=main"_s, u"--account=acct"_s, u"--time=1-00:00:00"_s,
                              u"--qos=high"_s, u"--gres=gpu:8"_s, u"--comment=it's $(two) words"_s,
                              u"--mem=0"_s, u"./train.sbatch"_s}));
    }

    void parsableJobId()
    {
        QCOMPARE(parseSbatchJobId("123\n"), u"123"_s);
        QCOMPARE(parseSbatchJobId("77;clusterwiz\n"), u"77"_s);
        QCOMPARE(parseSbatchJobId("sbatch: error: Batch job submission failed\n"), QString());
        QCOMPARE(parseSbatchJobId("12\n13\n"), QString());
        QCOMPARE(parseSbatchJobId(""), QString());
    }

    void jobStates()
    {
        SlurmJobState job = parseSlurmJobState("slurm PENDING|Resources|\n");
        QVERIFY(job.known() && job.pending() && job.active());
        QCOMPARE(job.text(), u"PENDING (Resources)"_s);
        job = parseSlurmJobState("slurm RUNNING|None|0:0\n");
        QVERIFY(!job.pending() && job.active());
        QCOMPARE(job.text(), u"RUNNING"_s);
        // sacct's form: "CANCELLED by 0"
        job = parseSlurmJobState("slurm CANCELLED by 0|None|0:15\n");
        QCOMPARE(job.state, u"CANCELLED"_s);
        QVERIFY(!job.active());
        QCOMPARE(job.text(), u"CANCELLED, exit code 0:15"_s);
        QVERIFY(!parseSlurmJobState("slurm UNKNOWN||\n").known());
        QVERIFY(!parseSlurmJobState("slurm $(x)|y|z\n").known());
        QVERIFY(!parseSlurmJobState("garbage").known());
    }

    void recordKeepsTheJob()
    {
        QTemporaryDir dir;
        RunRecord record;
        record.runId = u"20261203-120000-abcdef"_s;
        record.projectPath = dir.filePath(u"p.clusterwiz.json"_s);
        record.slurmJobId = u"42"_s;
        record.slurmLogin = u"server0"_s;
        QVERIFY(saveRunRecord(record).isEmpty());
        QString error;
        std::optional<RunRecord> loaded = loadRunRecord(record.projectPath, record.runId, &error);
        QVERIFY2(loaded, qPrintable(error));
        QCOMPARE(loaded->slurmJobId, u"42"_s);
        QCOMPARE(loaded->slurmLogin, u"server0"_s);
        // A job id that is not digits is refused: it reaches scancel's line.
        QFile file(runRecordPath(record.projectPath, record.runId));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        text.replace("\"42\"", "\"42; rm -rf ~\"");
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        QVERIFY(!loadRunRecord(record.projectPath, record.runId, &error));
        QVERIFY2(error.contains(u"slurm.job_id"_s), qPrintable(error));
    }

    void planStartsNothingOverSsh()
    {
        Project project = cpuProject();
        project.launch.slurm.login = u"server1"_s;
        const ProjectValidation validation = validated(project);
        QVERIFY(validation.valid);
        const LaunchPlan plan =
            planLaunch(*validation.valid, u"/tmp/x.clusterwiz.json"_s, u"20261203-120000-abcdef"_s);
        QVERIFY(plan.ok());
        QCOMPARE(plan.slurmLoginIndex, 1);
        QVERIFY(plan.slurmSubmitCommand.contains(u"sbatch"_s));
        for (const ServerLaunch &server : plan.servers) {
            QVERIFY(server.startCommand.isEmpty());
            bool batch = false;
            for (const PlannedUpload &upload : server.uploads)
                batch = batch || upload.remotePath == u"/tmp/clusterwiz-ddp/train.sbatch"_s;
            QCOMPARE(batch, server.name == u"server1"_s);
        }
        QVERIFY(
            launchPlanText(project, plan).contains(u"on server1 last: submit the job to Slurm"_s));
        // A login host that is no server is not built yet: refused before anything runs.
        project.launch.slurm.login = u"login.example.org"_s;
        const LaunchPlan refused = planLaunch(
            *validated(project).valid, u"/tmp/x.clusterwiz.json"_s, u"20261203-120000-abcdef"_s);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.problems.front().path, u"launch.slurm.login"_s);
    }

    // The script bash reads: it parses, and carries the run's values quoted.
    void batchScriptParses()
    {
        const QString script = slurmBatchScript(cpuProject(), u"20261203-120000-abcdef"_s);
        QVERIFY(script.contains(u"cw_nodes='server0 server1'\n"_s));
        QVERIFY(script.contains(u"cw_run='20261203-120000-abcdef'\n"_s));
        QProcess bash;
        bash.start(u"bash"_s, {u"-n"_s});
        bash.write(script.toUtf8());
        bash.closeWriteChannel();
        QVERIFY(bash.waitForFinished());
        QVERIFY2(bash.exitCode() == 0, bash.readAllStandardError().constData());
    }
};

QTEST_GUILESS_MAIN(TestSlurmJob)
#include "tst_slurmJob.moc"
