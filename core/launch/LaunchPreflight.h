// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The launch's preflight: the check catalogue (checks/CheckRunner.h) run before anything is
// uploaded, and a refusal naming every failed check that matters for the project's launch mode
// and accelerator. Which checks matter is each check row's `blocksLaunch`
// (checks/CheckTable.h), a pure function of the project, so it is unit-tested on hand-built
// reports; warnings and skipped checks never refuse. docs/launch.md explains the choice per
// check.
#include "checks/CheckTable.h"
#include "fleet/FleetRunner.h"
#include "launch/Launcher.h"
#include "model/Project.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace cw {

// The failed results of the checks that block a launch, in report order.
std::vector<CheckResult> launchBlockers(const Project &project, const CheckReport &report);

// Empty when nothing blocks; else one line per blocking failure,
// "CHECK on SERVER: REASON" (CHECK alone for a cluster-wide result), after a first line that
// counts them.
QString preflightRefusal(const Project &project, const CheckReport &report);

// LaunchOptions::preflight that runs every check over SSH with `fleet` (discovery, the active
// master-port and, for mpirun, peer-login probes) and returns preflightRefusal() of the report.
Preflight checksPreflight(const FleetOptions &fleet);

} // namespace cw
