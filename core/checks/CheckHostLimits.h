// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Two of the field's usual traps, each a check of its own (CheckHostLimits.cpp): a master whose
// hostname resolves to loopback, and clocks that differ from the master's by more than a second.
// The others (/dev/shm, memlock, open files) are value rows (ValueChecks.h).

#include "checks/CheckContext.h"
#include "checks/ScriptConstants.h"

namespace cw::checks {

inline constexpr qint64 kClockSkewLimitMs = 1000;

// The thresholds and texts above that check.sh's twins of these checks decide with.
std::vector<ScriptConstant> hostLimitScriptConstants();

CheckResult checkMasterResolves(const CheckContext &context);
// On the master: every other server's clock against the master's.
CheckResult checkClockSkew(const CheckContext &context);

} // namespace cw::checks
