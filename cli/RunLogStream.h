#pragma once
// Live rank logs of a run on the terminal, shared by `launch --follow` and `logs --follow`:
// one RemoteLogFollower per server (one SSH connection each) and followRun() beside them; every
// line is printed as "[server/rank] line" by the calling thread alone, so lines from different
// ranks never mix mid-line. When the run is final the followers drain to the end of each file.
#include "fleet/FleetRunner.h"
#include "launch/RunRecord.h"
#include "logs/RunLogSources.h"
#include "model/Project.h"

#include <QStringList>
#include <QTextStream>

namespace cw::cli {

// Streams the selected logs to `out` until `record` is final (gang stop applies as in
// followRun), then drains them. State changes and connection events go to `err`. `record` ends
// in its final state; returns the errors of followers that gave up ("server: message").
QStringList streamRunLogs(const Project &project, RunRecord &record, const FleetOptions &fleet,
                          const RunLogSelection &selection, QTextStream &out, QTextStream &err);

} // namespace cw::cli
