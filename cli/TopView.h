// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One frame of `clusterwiz-cli top`: the run's state line, then per server its devices (mean
// and lowest utilisation, the fullest memory, the hottest device) and its ranks' speed (mean
// and the slowest rank), then the verdicts (session/RunVerdicts.h). Pure, tested without
// servers; the command redraws it in place on a terminal and prints it plainly otherwise.
#include "launch/DeviceSample.h"
#include "launch/RunRecord.h"
#include "launch/RunStatus.h"
#include "logs/RankSpeed.h"
#include "model/Project.h"
#include "session/RunVerdicts.h"

#include <QStringList>

namespace cw::cli {

QStringList topFrame(const Project &project, const RunRecord &record, const RunSnapshot &snapshot,
                     const DeviceHistory &history, const std::vector<RankSpeed> &speeds,
                     const std::vector<RunVerdict> &verdicts);

} // namespace cw::cli
