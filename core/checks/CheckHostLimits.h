// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The field's usual traps, each a check of its own (CheckHostLimits.cpp): a /dev/shm under
// 1 GiB, a locked-memory limit RDMA cannot work with, a master whose hostname resolves to
// loopback, and clocks that differ from the master's by more than a second.

#include "checks/CheckContext.h"
#include "checks/ScriptConstants.h"

namespace cw::checks {

inline constexpr qint64 kShmWantedKib = 1024 * 1024; // 1 GiB
inline constexpr qint64 kClockSkewLimitMs = 1000;

// The thresholds and texts above that check.sh's twins of these checks decide with.
std::vector<ScriptConstant> hostLimitScriptConstants();

CheckResult checkShmSize(const CheckContext &context);
CheckResult checkMemlock(const CheckContext &context);
CheckResult checkMasterResolves(const CheckContext &context);
// On the master: every other server's clock against the master's.
CheckResult checkClockSkew(const CheckContext &context);

} // namespace cw::checks
