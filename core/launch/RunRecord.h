// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A run's identity and the local record of it: `<project>.runs/<run id>.json` beside the project
// file, saved atomically (writeFileReplacing). It holds what `status` and `stop` need without
// asking the user again: the servers, the mode, each server's run folder, the start time and the
// last state.
#include "launch/DeviceSample.h"
#include "launch/RunAttempts.h"
#include "model/Project.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

namespace cw {

// "20261122-230455-3fa9c1": UTC time (sorts as the runs were started) and a random suffix (two
// launches in one second stay apart).
QString newRunId();
// Letters, digits, '.', '_' and '-', not starting with '.' or '-', at most 64: train.sh's rule
// for CLUSTERWIZ_RUN_ID and no leading '-' (a run id is part of remote paths and arguments).
bool isValidRunId(const QString &runId);

enum class RunState { Starting, Running, Finished, Failed, Stopped };
QString runStateName(RunState state); // "starting", "running", "finished", "failed", "stopped"
std::optional<RunState> runStateFromName(const QString &name);
inline bool isFinal(RunState state)
{
    return state == RunState::Finished || state == RunState::Failed || state == RunState::Stopped;
}

// The first rank that failed, or a server whose job ended without its ranks' exit codes.
struct RunFailure {
    QString server;
    int rank = -1; // global rank; -1 when no rank recorded a code (the script failed)
    int exitCode = -1;
    QStringList lastLines; // the end of its log (launch.log when rank is -1)
    QString message;       // one line for the user
};

struct RunServer {
    QString name;
    QString runDir;       // on that server
    bool started = false; // a start command ran there (mpirun: the master only)
    int firstRank = -1;   // its global ranks at launch: firstRank .. firstRank + rankCount - 1
    int rankCount = -1;   // (-1: a record written before ranks were kept)
};

// A restarting run (launch.restart): where its supervisor runs and what it said last.
struct RunSupervision {
    QString server;
    int maxAttempts = 1;     // max_restarts + 1
    QString phase;           // the supervisor's state: starting, running, health, backoff, ...
    QDateTime nextAttemptAt; // during a backoff
    QString message;         // the supervisor's last word (why it gave up, for instance)
};

struct RunRecord {
    QString runId;
    QString projectPath;
    LaunchMode mode = LaunchMode::Launch; // saved as launchModeName()
    QString master;
    QDateTime startedAt; // UTC
    QDateTime endedAt;   // when a final state was seen; invalid before
    bool gangStop = true;
    RunState state = RunState::Starting;
    std::optional<RunFailure> failure;
    std::vector<RunServer> servers;
    std::optional<RunSupervision> supervisor; // a restarting run
    std::vector<RunAttempt> attempts;         // its attempts so far, oldest first
    // launch.scheduler "slurm": the job's id from sbatch --parsable (digits; empty until it is
    // submitted) and the server it was submitted on (launch/SlurmJob.h).
    QString slurmJobId;
    QString slurmLogin;
    // The newest device samples per server (bounded: launch/DeviceRecord.h), so the verdicts
    // see several even when each `status` takes one; and why the file's were dropped, if so.
    DeviceHistory devices = DeviceHistory(0);
    QString devicesProblem = {};
};

// The record's forms of a time (ISO 8601 UTC, "" when unset) and of a failure, for every JSON
// that shows a run (the record itself, `status --json`).
QString runTimeText(const QDateTime &time);
nlohmann::ordered_json runFailureToJson(const RunFailure &failure);

// The folder of a project's run records: "x.clusterwiz.json" -> "x.clusterwiz.runs".
QString runsFolder(const QString &projectPath);
QString runRecordPath(const QString &projectPath, const QString &runId);
// Writes the record through writeFileReplacing (never through a link). Returns an error, or "".
QString saveRunRecord(const RunRecord &record);
// Reads one record; `error` gets a message naming the file when it cannot.
std::optional<RunRecord> loadRunRecord(const QString &projectPath, const QString &runId,
                                       QString *error);
// Why `project` no longer describes `record`'s run (a server of the run was removed, or the
// devices changed so that its ranks are numbered differently), for status and logs, which
// read rank files by the project's numbering; empty when it still does.
QString runProjectMismatch(const Project &project, const RunRecord &record);

// The newest run id of the project (ids sort by start time), empty when there is none.
QString latestRunId(const QString &projectPath);

} // namespace cw
