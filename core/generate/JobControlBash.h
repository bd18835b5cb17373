// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The shell text that starts, polls and stops a run's processes on one server. The client's
// commands (launch/RemoteCommands.h) and a restarting run's supervisor (supervise.py, which runs
// them on the servers of each attempt) both use these, so that they judge and stop a server
// alike. Each piece reads shell variables its caller sets first, quoted:
//   d       the run folder on that server (remoteRunDir); for a start, the folder the job's
//           job.pgid and launch.log go to (an attempt's folder, `$d/attempt-K`)
//   cw_run  the run id (validated: isValidRunId)
//   r       for the poll: the folder holding the rank files (the run folder, or an attempt's)
// A run's processes are its process groups (job.pgid, one per attempt) and every process whose
// environment holds CLUSTERWIZ_RUN_ID=<run id> in this server's network namespace.
// The programs are resources/server/job-*.sh; they spell out the file names below (job.pgid,
// orted.pids), which a rename changes in both places.
#include <QString>

namespace cw {

// Names in a server's run folder (the run folder is train.sh's log folder for that server).
inline QString pgidFileName()
{
    return QStringLiteral("job.pgid");
}
inline QString launchLogName()
{
    return QStringLiteral("launch.log");
}
// OpenMPI's orted daemons that serve the run, noted before a stop (see noteHelpersScript()).
inline QString helpersFileName()
{
    return QStringLiteral("orted.pids");
}
// Written into the run folder by a stop of a supervised run: a start that comes late (the
// supervisor was stopped while it started an attempt) refuses to run.
inline QString stoppedMarkerName()
{
    return QStringLiteral("stopped");
}
// A restarting run's supervisor, in its server's run folder: its process group, its state
// (written by supervise.py, read by the client's poll) and its own output.
inline QString supervisorPgidName()
{
    return QStringLiteral("supervisor.pgid");
}
inline QString supervisorStateName()
{
    return QStringLiteral("supervisor.json");
}
inline QString supervisorLogName()
{
    return QStringLiteral("supervisor.log");
}

// Seconds from TERM to KILL when a run (or one attempt of it) is stopped.
inline constexpr int kStopGraceSeconds = 5;

// The folder of attempt `attempt` (1, 2, ...) inside a server's run folder.
inline QString attemptDirName(int attempt)
{
    return QStringLiteral("attempt-%1").arg(attempt);
}

// Defines job_pids: the pids whose environment holds CLUSTERWIZ_RUN_ID=$cw_run, in this network
// namespace, this shell excluded.
QString jobPidsFunction();

// Starts `script` (train.sh or run.sh in `scriptsDir`, quoted here) detached: its own session
// and process group (setsid), stdin from /dev/null, output to "$d/launch.log"; the group id goes
// to "$d/job.pgid" before the script runs, and the command returns once it is there.
// `environment` is the assignments put before it (already quoted). With `refuseAfterStop`, a
// start in a run folder (the parent of "$d") holding the stop marker exits 3 instead.
QString startScript(const QString &scriptsDir, const QString &script, const QString &environment,
                    bool refuseAfterStop);
// startScript() in two pieces, for a caller that adds the environment at run time:
// head + environment + tail.
QString startScriptHead(const QString &scriptsDir, bool refuseAfterStop);
QString startScriptTail(const QString &script);
// Waits up to 10 s for "$d/<pgidFile>" to be written by a process just started in its own
// group; "<what> did not start within 10 s" and exit 1 when it is not.
QString waitForGroupScript(const QString &pgidFile, const QString &what);

// One poll: "pgid N" (the group of "$d/job.pgid"), "exit RANK CODE EXIT_TIME LOG_TIME" per
// "$r"/rank<R>.exit, "started N" rank logs in "$r", "alive N" processes of the run here.
QString pollScript();

// Appends to "$d/orted.pids" the orted daemons that are parents of the run's processes here.
QString noteHelpersScript();

// TERM to every process group of the run here ("$d/job.pgid" and each attempt's), to each of
// its processes and to the noted orteds, up to `graceSeconds` for them to end, KILL to what is
// left, then "left N".
QString stopScript(int graceSeconds);

} // namespace cw
