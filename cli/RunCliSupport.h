#pragma once
// What launch, status and stop print and share: the exit code of a run state, one-line state
// reports, the failure block, and finding the run a command is about (--run or the latest).
#include "cli/Commands.h"
#include "launch/RunRecord.h"
#include "launch/RunStatus.h"

#include <optional>

namespace cw::cli {

// 0 starting/running/finished, 1 failed, 3 stopped (launch --follow, status).
inline constexpr int kExitStopped = 3;
int runStateExit(RunState state);

// "run ID: running, 4/4 ranks started, 6 processes" (and the note when there is one).
QString runStateLine(const RunRecord &record, const RunSnapshot &snapshot);
// The failure, then its last log lines indented; empty when the run did not fail.
QString failureText(const RunRecord &record);

// The record named by --run, or the project's latest; kContinue, else an exit code after a
// message (ExitUsage for a malformed id, ExitUnreadable when there is no such record, or when
// `describedBy` is given and no longer describes that run: runProjectMismatch()).
int loadRunForCommand(CommandParser &command, const QString &projectPath,
                      std::optional<RunRecord> &record, QTextStream &err,
                      const Project *describedBy = nullptr);

} // namespace cw::cli
