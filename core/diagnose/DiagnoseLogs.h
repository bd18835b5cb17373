// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A diagnosis of one run from a folder of its logs (`clusterwiz-cli diagnose PROJECT --logs
// DIR`): the folder as train.sh writes one run's logs, copied off the cluster, or diagnose's own
// archive unpacked (its logs/ folder):
//   DIR/SERVER/rank<N>.log    each rank's output (rank.sh)
//   DIR/SERVER/rank<N>.exit   "CODE EPOCH_SECONDS", written by rank.sh when the rank ended
//   DIR/SERVER/launch.log     train.sh's (and the torch launcher's) own output
//   DIR/SERVER/attempt-K/...  the same for attempt K of a restarting run; the last is diagnosed
//   DIR/SERVER/stopped        a restarting run that was stopped
// The same evaluation and report as runDiagnose (Diagnosis.h, ReportSource::LogFolder): nothing
// is known alive, no clock offset is known. Reads without following a link inside the folder,
// at most kScanBytes of each log, kMaxFolderRanks ranks per server. Blocks (file reads only).

#include "diagnose/DiagnoseRun.h"

#include <optional>

namespace cw {

inline constexpr int kMaxFolderRanks = 4096;

struct LogFolderDiagnosis {
    Diagnosis diagnosis;
    std::vector<ServerReport> servers;
    QString error; // the folder holds no run's logs: no diagnosis (names the folder)
};

// `record`: the run's local record when there is one (its servers, ranks and stopped state);
// `runId`: the id to report when there is none (the folder's name, or --run).
LogFolderDiagnosis diagnoseLogFolder(const Project &project, const QString &dir,
                                     const std::optional<RunRecord> &record, const QString &runId,
                                     int hangAfterS = kDefaultHangAfterS);

// The run id a folder of logs names: train.sh's LOG_ROOT/<run id>, or "<run id>.diagnosis" (an
// unpacked archive, or its logs/ folder); empty when its name is no run id.
QString runIdOfLogFolder(const QString &dir);

} // namespace cw
