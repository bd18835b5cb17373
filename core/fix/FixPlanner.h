// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Turns a fix id and what the checks found into a FixPlan: the exact commands per server, shown
// before anything runs. Pure: the same check run gives the same plan. Only what the checks found
// wrong is changed (check-then-set at the plan: when all is right, the plan is empty and says so).

#include "checks/CheckRunner.h"
#include "fix/FixTypes.h"
#include "model/Project.h"

#include <QStringList>

namespace cw {

// The fixes to apply for `id`: a fix id gives itself; a check id gives the first fix each failed
// (or warned) result of that check offers; "--all" (pass `all`) every failed check's first fix.
// Empty when nothing failed that a fix mends.
QStringList fixesToApply(const CheckReport &report, const QString &id, bool all);

FixPlan planFix(const QString &fixId, const Project &project, const CheckRun &run);

// One fix per file: the device IPs (hccn_tool), the SSH trust between servers, the firewall.
FixPlan planSetDeviceIps(const Project &project, const CheckRun &run);
FixPlan planAlignDeviceTls(const Project &project, const CheckRun &run);
FixPlan planDeploySshKey(const Project &project, const CheckRun &run);
FixPlan planAddKnownHosts(const Project &project, const CheckRun &run);
FixPlan planOpenPorts(const Project &project, const CheckRun &run);
FixPlan planStopFirewall(const Project &project, const CheckRun &run);
FixPlan planReserveHcclPorts(const Project &project, const CheckRun &run);

// The preview: per step "[server] description" and the command, indented; the input's origin
// when the command reads one.
QString fixPlanText(const Project &project, const FixPlan &plan);

} // namespace cw
