// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/LaunchScriptBash.h"
#include "model/Project.h"

namespace cw {

// Seconds msrun waits for the cluster to form (--cluster_time_out), msrun's documented default.
inline constexpr int kMsrunClusterTimeOut = 600;

// train.sh's tail in msrun mode: one msrun for the server, its worker logs mapped to rank logs.
QString msrunStart(const Project &project);

} // namespace cw
