// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How launch, status, logs and stop report a run: the exit code of its state, the one-line state
// report and the failure block.
#include "launch/RunRecord.h"
#include "launch/RunStatus.h"

namespace cw::cli {

// 0 starting/running/finished, 1 failed, 3 stopped (launch --follow, status).
inline constexpr int kExitStopped = 3;
int runStateExit(RunState state);

// "run ID: running, 4/4 ranks started, 6 processes" (and the note when there is one).
QString runStateLine(const RunRecord &record, const RunSnapshot &snapshot);
// The failure, then its last log lines indented; empty when the run did not fail.
QString failureText(const RunRecord &record);

} // namespace cw::cli
