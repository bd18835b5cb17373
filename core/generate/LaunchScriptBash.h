// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>
#include <QStringList>

namespace cw {

// What the generators of train.sh, rank.sh, run.sh and env.sh share: the facts of the plan they
// all print (log root, device ids, rank loop), and the bash functions that check values and wait
// for and stop child processes, resources/server/launch-*.sh (not part of the public generator
// API; see ScriptFiles.h for that).

// The absolute folder the rank logs go under: launch.log_dir, relative to launch.workdir unless
// it is absolute. Not quoted.
QString logRootPath(const Project &project);

// The device ids of a server as a list of strings.
QStringList deviceIdStrings(const Server &server);

// True when the launcher starts one process per device itself (ranktable and no-ranktable modes:
// the per-device loop of seed 004) rather than through the torch launcher or mpirun.
bool usesRankLoop(const Project &project);

// `HERE=...`: the folder of the running script, so that it finds its siblings wherever the
// generated folder was copied to.
QString hereLine();

// Bash function `clusterwiz_is_number VALUE`: a decimal without leading zeros. Checked before a
// value from the environment reaches bash arithmetic, whose subscripts could run code.
QString isNumberFunction();

// Bash that checks CLUSTERWIZ_RUN_ID (after `RUN_ID=` was set by the caller) and exits 2 when it
// is not a safe folder name.
QString runIdCheck();

// Bash that stops and waits for child processes: `clusterwiz_trap_signals` (call before starting
// them) and `clusterwiz_wait` (waits for the pids in PIDS, named in PID_NAMES). The first child
// that exits non-zero, or a TERM/INT/HUP to the script, makes it call `clusterwiz_stop TERM`
// (the caller defines it; it may read `clusterwiz_done[i]`), then `clusterwiz_stop KILL` after
// STOP_GRACE seconds. Leaves the exit code in CLUSTERWIZ_STATUS. WHERE names the caller in
// messages.
QString waitFunctions();

} // namespace cw
