// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A run under launch.scheduler "slurm" (docs/slurm.md): the train.sbatch that `launch` uploads to
// the login node and submits there with `sbatch --parsable`, one srun task per server running
// train.sh as an SSH launch would (so logs, the poll and the stop find the same files), and the
// Slurm commands run on the login node over SSH: the job's state and pending reason (squeue,
// else sacct --parsable2, else scontrol), and scancel.
#include "fleet/FleetRunner.h"
#include "launch/RunRecord.h"
#include "model/Project.h"

#include <QByteArrayView>
#include <QString>

#include <functional>
#include <optional>

namespace cw {

// The file launch uploads into the login node's workdir and submits.
inline QString slurmBatchFileName()
{
    return QStringLiteral("train.sbatch");
}

// The server sbatch, squeue and scancel run on: launch.slurm.login, or the master when it is
// empty; -1 when login names a host that is not a server (not built yet: launch refuses it).
int slurmLoginIndex(const Project &project);

// The batch script: the nodes' part (resources/server/slurm-node.sh) with the run's values.
QString slurmBatchScript(const Project &project, const QString &runId);

// Run on the login node: sbatch --parsable of train.sbatch in the workdir, the project's servers
// by --nodelist (server names are the Slurm node names), launch.slurm's options and sbatch_args,
// every value quoted by shellQuote.
QString slurmSubmitCommand(const Project &project, const QString &runId);

// The job id of `sbatch --parsable` ("123" or "123;cluster"); empty when the output is not one.
QString parseSbatchJobId(QByteArrayView output);

// What Slurm says about a job: squeue's %T (PENDING, RUNNING, COMPLETED, CANCELLED, ...), the
// reason it waits (%r: Priority, Resources, None) and the exit code once it ended ("0:0").
struct SlurmJobState {
    QString state; // empty: unknown (no answer, or the controller forgot the job)
    QString reason;
    QString exitCode;

    bool known() const { return !state.isEmpty() && state != u"UNKNOWN"; }
    bool pending() const;
    // Pending, running or on its way out: its processes may still run on the nodes.
    bool active() const;
    // "PENDING (Resources)", "RUNNING", "COMPLETED, exit code 0:0"
    QString text() const;
};

QString slurmJobStateCommand(const QString &jobId);
SlurmJobState parseSlurmJobState(QByteArrayView output);
// scancel, then waits until the job is neither pending nor running: "cancelled" or "still STATE".
QString slurmCancelCommand(const QString &jobId);

// The job's state from the login node; `error` set when it could not be asked.
SlurmJobState querySlurmJob(const Project &project, const RunRecord &record,
                            const FleetOptions &fleet, QString *error);

// Whether every node of the run wrote its job.pgid (its train.sh started).
bool slurmNodesStarted(const Project &project, const RunRecord &record, const FleetOptions &fleet,
                       QString *error);

// Waits while the job is pending, and then until every node's train.sh started or the job
// ended; `onChange` hears every new state (the pending reason included). Empty on success, else
// why it gave up (the job ended without starting, the login node cannot be asked).
QString waitForSlurmStart(const Project &project, const RunRecord &record,
                          const FleetOptions &fleet,
                          const std::function<void(const SlurmJobState &)> &onChange);

// scancel from the login node, then waits until Slurm no longer runs the job; empty on success.
QString cancelSlurmJob(const Project &project, const RunRecord &record, const FleetOptions &fleet);

} // namespace cw
