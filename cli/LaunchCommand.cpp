// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "cli/RunLogStream.h"
#include "cli/RunReports.h"
#include "launch/LaunchPreflight.h"
#include "launch/Launcher.h"
#include "launch/SlurmJob.h"
#include "model/Problem.h"

using namespace Qt::StringLiterals;

namespace cw::cli {

int runLaunch(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"launch"_s,
        u"Starts the training job on every server: validates the project, runs the checks\n"
        u"that matter for its launch mode and accelerator (see '%1 check') and refuses,\n"
        u"naming each failed check, server and reason, when one fails (--force skips them),\n"
        u"uploads the generated scripts and launch.upload files to every server's workdir\n"
        u"(files outside the project's folder only with --allow-upload-outside),\n"
        u"then starts train.sh on every server (run.sh on the master for mpirun), detached in\n"
        u"its own process group. Prints the run id; the run is recorded in PROJECT's .runs\n"
        u"folder for `status`, `logs` and `stop`.\n"
        u"--follow then prints every rank's log live as \"[server/rank] line\" (state changes\n"
        u"on stderr) until the job ends. While it (or `status`) watches, a rank that fails\n"
        u"stops the job on every server (gang stop) unless --no-gang-stop. Interrupting\n"
        u"--follow leaves the job running: use `stop`.\n"
        u"With launch.restart the launch starts the run's supervisor on its server (checking\n"
        u"first that it logs in to the others by key); the supervisor starts, watches and\n"
        u"restarts the attempts whether or not a client watches.\n"
        u"With launch.scheduler \"slurm\" it uploads as above, then submits train.sbatch with\n"
        u"sbatch --parsable on the login node (launch.slurm.login, else the master), the\n"
        u"servers by --nodelist; Slurm starts train.sh on every node. --follow waits while\n"
        u"the job is pending, saying why (Priority, Resources), then follows it as above.\n"
        u"Exit codes: 0 started (with --follow: finished), 1 refused, not started or (with\n"
        u"--follow) failed, 2 the project cannot be read, 3 (with --follow) stopped, 64 usage."_s
            .arg(programName()),
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"follow"_s, u"Print the rank logs live until the job ends; exit with its"
                                   u" outcome."_s});
    parser.addOption({u"force"_s, u"Launch even when a check fails."_s});
    parser.addOption({u"dry-run"_s, u"Print the uploads and commands per server; run nothing."_s});
    parser.addOption({u"no-gang-stop"_s, u"Leave the other ranks running when one fails."_s});
    parser.addOption({u"allow-upload-outside"_s,
                      u"Upload launch.upload files outside the project's folder too."_s});
    LaunchOptions options;
    ServerCommandInput input;
    if (const int exit =
            parseServerCommand(command, arguments, out, err, input, ProjectNeed::Valid);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, valid, file] = input;
    printWarnings(project, err);
    options.fleet = fleet;
    options.force = parser.isSet(u"force"_s);
    options.gangStop = !parser.isSet(u"no-gang-stop"_s);
    if (!options.gangStop && project.launch.restart.enabled())
        return command.usageError(u"--no-gang-stop: a restarting run (launch.restart) always "
                                  u"stops a failed attempt on every server before the next"_s,
                                  err);
    const QStringList confirmed = parser.isSet(u"allow-upload-outside"_s)
                                      ? uploadsOutsideProject(project, path)
                                      : QStringList();
    const LaunchPlan plan = planLaunch(*valid, path, newRunId(), confirmed);
    if (!plan.ok()) {
        printProblems(plan.problems, err);
        err << programName() << " launch: refused, the project has "
            << counted(qsizetype(plan.problems.size()), u"problem"_s) << '\n';
        err.flush();
        return ExitInvalid;
    }
    if (parser.isSet(u"dry-run"_s)) {
        out << escapeEachLine(launchPlanText(project, plan));
        out.flush();
        return ExitOk;
    }

    if (!options.force) {
        // The checks take the longest part of a launch: say what is going on meanwhile.
        options.preflight = [&err, checks = checksPreflight(options.fleet)](const Project &p) {
            err << programName() << " launch: checking "
                << counted(qsizetype(p.servers.size()), u"server"_s) << "...\n";
            err.flush();
            return checks(p);
        };
    }
    LaunchResult result = launchJob(project, path, plan, options);
    if (!result.refusal.isEmpty()) {
        err << programName() << " launch: refused, " << result.refusal
            << "\nnothing was started (--force launches anyway)\n";
        err.flush();
        return ExitInvalid;
    }
    if (!result.started) {
        for (const QString &error : result.errors)
            err << escapeControls(error) << '\n';
        err << programName() << " launch: not started\n";
        err.flush();
        return ExitInvalid;
    }
    out << result.record.runId << '\n';
    out.flush();
    RunRecord &record = result.record;
    if (!record.slurmJobId.isEmpty()) {
        err << programName() << " launch: submitted to Slurm as job " << record.slurmJobId << " on "
            << record.slurmLogin << '\n';
        err.flush();
    }
    if (!parser.isSet(u"follow"_s))
        return ExitOk;

    if (!record.slurmJobId.isEmpty()) {
        const QString error =
            waitForSlurmStart(project, record, options.fleet, [&](const SlurmJobState &job) {
                err << programName() << " launch: Slurm job " << record.slurmJobId << ": "
                    << escapeControls(job.text()) << '\n';
                err.flush();
            });
        if (!error.isEmpty()) {
            err << programName() << " launch: " << escapeControls(error) << '\n';
            err.flush();
            return ExitInvalid;
        }
        record.state = RunState::Running;
        if (const QString saveError = saveRunRecord(record); !saveError.isEmpty())
            err << programName() << " launch: " << escapeControls(saveError) << '\n';
    }
    const RunLogSelection selection = selectRunLogs(project, record);
    for (const QString &error : streamRunLogs(project, record, options.fleet, selection, out, err))
        err << programName() << " launch: " << escapeControls(error) << '\n';
    err.flush();
    return runStateExit(record.state);
}

} // namespace cw::cli
