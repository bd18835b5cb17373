// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The commands a diagnosis sends to a server and the readers of what they print (pure). Every
// value reaching a shell is validated (a run id passes isValidRunId, ranks are numbers) and
// quoted with shellQuote(). Log bytes travel base64-encoded, one line each, so nothing a log
// holds can pass for a marker.

#include "diagnose/Diagnosis.h"
#include "launch/RunRecord.h"
#include "model/Project.h"

#include <QString>

#include <vector>

namespace cw {

inline constexpr int kLogTailBytes = 48 * 1024;   // per rank: a traceback and what led to it
inline constexpr int kPlogTailBytes = 256 * 1024; // per plog file
inline constexpr int kPlogFiles = 32;             // per server
inline constexpr int kPlogLines = 200;            // per server, in the failure window
inline constexpr int kStackBytes = 20000;         // per py-spy dump

// `date +%s.%N`: one clock reading; the runner times it to measure the server's offset.
QString clockCommand();
std::optional<double> parseClock(const QString &output);

// One poll of the run (RemoteCommands' pollCommand: exit codes, alive; of the newest attempt for a
// restarting run) followed by the server's clock and time zone, whether py-spy is installed, and
// the end of every rank's log (resources/server/diagnose-collect.sh).
QString collectCommand(const Project &project, const RunRecord &record, const Server &server,
                       const std::vector<int> &ranks);
// Fills what the collect printed into `server` (reached, ranks, now, alive, ...).
void parseCollect(const QString &output, const std::vector<int> &ranks, ServerReport &server);

// py-spy's dump of each rank's Python process (found by CLUSTERWIZ_RUN_ID and RANK in its
// environment, in this server's network namespace).
QString stackCommand(const QString &runId, const std::vector<int> &ranks);
std::map<int, QString> parseStacks(const QString &output);

// Where the server's plog files are: ASCEND_PROCESS_LOG_PATH when the project's env sets it,
// else ~/ascend/log; its debug/plog and run/plog folders.
QString plogCommand(const Project &project, double sinceServerEpoch);
// The lines of the files printed whose written time (plog's "2026-02-05-18:44:26.379.547", in
// the server's zone) lies in [from, to] (server clock), at most kPlogLines, in file order.
QStringList parsePlogWindow(const QString &output, double from, double to, int utcOffsetS);

} // namespace cw
