// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs every check of a project over SSH: discovery on every server at once with the master
// port's listener and connects in the same logins (checks/MasterPortProbe.h), then for mpirun the
// logins from the master, then the pure catalogue. The CLI's `check`, `fix` and `launch` and the
// GUI's Checks page use it.

#include "checks/ActiveProbes.h"
#include "checks/CheckTypes.h"
#include "discover/Discovery.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <atomic>
#include <vector>

namespace cw {

struct CheckRun {
    std::vector<ServerDiscovery> discovery; // project order
    ActiveProbes probes;
    CheckReport report;
};

// `progress` reports the discovery of each server (the longest part).
CheckRun runChecks(const Project &project, const FleetOptions &options,
                   const FleetProgress &progress = {}, const std::atomic<bool> *cancel = nullptr);

} // namespace cw
