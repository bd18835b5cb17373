// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnose/DiagnoseRun.h"
#include "logs/LogRecord.h"

#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace cw {

// A run kept as the lines its ranks printed and the exit codes the status rounds saw, so the run
// panel can be shown as users see it without servers: `clusterwiz --demo-run` and the
// `--screenshots` tour show resources/demo/run-2x8.tsv (built in as demoRunPath()).
// Text format, one line each: "SERVER<TAB>RANK<TAB>AGE_MS<TAB>LINE" (AGE_MS: how long before now
// the line arrived), "#exit<TAB>RANK<TAB>CODE", and "# comment".
struct RecordedRun {
    std::vector<LogRecord> lines; // oldest first; timeMs = now - age
    std::map<int, int> exitCodes; // rank -> code
    int highestRank = -1;
    // The rank that failed first: of the ranks that exited non-zero, the one whose last line is
    // the oldest (its peers notice its death and print after it); -1 when none failed.
    int failedFirst = -1;
    qint64 readAtMs = 0; // the "now" its line ages were counted from: the replay's clock
};

QString demoRunPath();
// Reads a recording at most 4 MiB long; nullopt and `error` when it cannot be read or a line is
// malformed (named by its number).
std::optional<RecordedRun> readRecordedRun(const QString &path, qint64 nowMs, QString *error);

// Whether `project` numbers its ranks as the recording does: every recorded line's rank on the
// server that named it. Empty when it does; else why the recording does not fit that project.
QString recordedRunMismatch(const Project &project, const RecordedRun &run);

// "Why?" for a recorded run, without servers: its lines and exit codes laid out in a temporary
// folder as train.sh writes one run's logs, then diagnosed from there (DiagnoseLogs.h). Blocks.
DiagnoseResult diagnoseRecordedRun(const Project &project, const RecordedRun &run,
                                   const RunRecord &record);

} // namespace cw
