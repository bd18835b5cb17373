// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "launch/RunControl.h"
#include "launch/SlurmJob.h"
#include "model/Problem.h"

using namespace Qt::StringLiterals;

namespace cw::cli {

int runStop(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"stop"_s,
        u"Stops a run on every server at once: TERM to its process group and to every process\n"
        u"carrying its run id (mpirun's ranks on the other servers too), KILL to what is left\n"
        u"after %1 s, then checks that nothing of it is left. A Slurm run is cancelled with\n"
        u"scancel on the login node first. The latest run unless --run.\n"
        u"Exit codes: 0 nothing of the run is left, 1 a server could not be reached or\n"
        u"processes are left, 2 no such run or project, 64 usage."_s.arg(kStopGraceSeconds),
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    RunCommandInput input;
    if (const int exit = parseRunCommand(command, arguments, out, err, input, RunMatch::Any);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, record] = input;

    // A Slurm run: scancel on the login node first (a pending job never reaches the nodes);
    // the stop on every server then checks that nothing of it is left.
    if (!record.slurmJobId.isEmpty() && !isFinal(record.state)) {
        if (const QString error = cancelSlurmJob(project, record, fleet); !error.isEmpty()) {
            err << programName() << " stop: run " << record.runId << ": " << escapeControls(error)
                << '\n';
            err.flush();
            return ExitInvalid;
        }
        out << "run " << record.runId << ": Slurm job " << record.slurmJobId << " cancelled\n";
    }
    const StopResult stop = stopRunByUser(project, record, fleet);
    for (const QString &error : stop.errors)
        err << escapeControls(error) << '\n';
    if (!stop.ok()) {
        err << programName() << " stop: run " << record.runId << ": " << stop.left
            << " processes of the job left\n";
        err.flush();
        return ExitInvalid;
    }
    out << "run " << record.runId << ": " << runStateName(record.state)
        << ", nothing of it is left on " << counted(qsizetype(project.servers.size()), u"server"_s)
        << '\n';
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
