// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every shell command the job runner sends to a server, built here and nowhere else from
// validated values, each quoted with shellQuote(). A run's processes are found two ways: the
// process group that setsid gave the started script (its id in `job.pgid` in the run folder),
// and the CLUSTERWIZ_RUN_ID=<run id> entry in their environment, which every process of the job
// inherits (train.sh, the torch launcher, rank.sh, the entry script; mpirun passes it with -x).
// The second finds what left the group too (mpirun's ranks on the other servers). Only processes
// in the caller's network namespace count: servers simulated on one machine share /proc.
#include "generate/JobControlBash.h"
#include "launch/RunRecord.h"
#include "model/Project.h"

#include <QString>

namespace cw {

inline QString rankLogName(int rank) // as rank.sh writes it
{
    return QStringLiteral("rank%1.log").arg(rank);
}
// `log_dir/<run id>/<server name>` on that server (log_dir relative to workdir unless absolute).
QString remoteRunDir(const Project &project, const QString &runId, const Server &server);
// Where the generated scripts go on every server: the workdir (train.sh's HERE).
QString remoteScriptsDir(const Project &project);

// `mkdir -p` of the workdir (uploads need the folder to exist).
QString makeWorkdirCommand(const Project &project);
// Exit 0 when the entry script exists in the workdir.
QString entryExistsCommand(const Project &project);
// Starts `script` (train.sh or run.sh, in the scripts folder) detached: its own session and
// process group (setsid), stdin from /dev/null, stdout and stderr to launch.log in the run
// folder, so that closing the SSH connection does not touch it. The group's id goes to job.pgid
// before the script runs. `nodeRank` >= 0 sets CLUSTERWIZ_NODE_RANK (train.sh's server index).
QString startCommand(const Project &project, const QString &runId, const Server &server,
                     const QString &script, int nodeRank);
// One poll of a run on one server; parseServerPoll() reads its output.
QString pollCommand(const Project &project, const QString &runId, const Server &server);
// The poll of `record`'s run: pollCommand, or for a supervised run (launch.restart) the poll of
// the newest attempt's folder ("attempt N" first) and, on the supervisor's server, whether the
// supervisor is alive ("supervisor N") and its state ("supervisor-state JSON", one line).
QString pollCommand(const Project &project, const RunRecord &record, const Server &server);
// Starts the supervisor of a restarting run on its server, detached like startCommand(): its
// group id in supervisor.pgid, its output in supervisor.log, CLUSTERWIZ_SUPERVISOR_RUN=<run id>
// (never CLUSTERWIZ_RUN_ID: stopping an attempt must leave the supervisor running).
QString startSupervisorCommand(const Project &project, const QString &runId, const Server &server);
// Stops the supervisor (TERM to its group, up to `graceSeconds`, then KILL); prints "left N".
QString stopSupervisorCommand(const Project &project, const QString &runId, const Server &server,
                              int graceSeconds);
// Appends to orted.pids the orted daemons that are parents of the run's processes here. Run on
// every server before stopCommand() on any: once mpirun is stopped its orteds end the ranks, and
// then nothing tells which orted served the run; an orted whose mpirun is gone lives on.
QString noteHelpersCommand(const Project &project, const QString &runId, const Server &server);
// TERM to the job's group and processes, up to `graceSeconds` for them to end, then KILL to what
// is left, and a final count: prints "left N" (0 when nothing of the run is left).
QString stopCommand(const Project &project, const QString &runId, const Server &server,
                    int graceSeconds);
// stopCommand for a supervised run: first the stop marker in the run folder, so that a start
// the supervisor sent just before it was stopped refuses to run.
QString stopSupervisedCommand(const Project &project, const QString &runId, const Server &server,
                              int graceSeconds);
// The last `lines` lines of one attempt's rank log (`attempt` 0: the run folder itself).
QString tailCommand(const Project &project, const QString &runId, const Server &server, int attempt,
                    int rank, int lines);
// The last `lines` lines of a rank's log, or of launch.log when `rank` < 0.
QString tailCommand(const Project &project, const QString &runId, const Server &server, int rank,
                    int lines);

} // namespace cw
