// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Live rank logs of a run on the terminal, shared by `launch --follow` and `logs --follow`: a
// RunSession (one connection per server for the logs, the status, gang stop) feeds a LogStore
// that holds its lines for this thread, which alone prints them as "[server/rank] line", so
// lines of different ranks never mix mid-line and a slow terminal makes the followers wait.
#include "fleet/FleetRunner.h"
#include "launch/RunRecord.h"
#include "logs/RunLogSources.h"
#include "model/Project.h"

#include <QStringList>
#include <QTextStream>

namespace cw::cli {

// Streams the selected logs to `out` until `record` is final (gang stop applies), then drains
// them. State changes and connection events go to `err`. `record` ends in its final state;
// returns the errors of connections that gave up ("server: message").
QStringList streamRunLogs(const Project &project, RunRecord &record, const FleetOptions &fleet,
                          const RunLogSelection &selection, QTextStream &out, QTextStream &err);

} // namespace cw::cli
