// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Processes that hold the planned NPUs before the job starts: most often what an earlier job
// left behind (its training processes, HCCL's helpers). Found with Linux facts alone (who has
// /dev/davinciN open, the device-holders probe), no vendor output format.

#include "checks/CheckContext.h"

namespace cw::checks {

// The texts of checkDeviceProcesses that check.sh's twin prints.
std::vector<ScriptConstant> deviceProcessScriptConstants();
CheckResult checkDeviceProcesses(const CheckContext &context);

} // namespace cw::checks
