// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Launching a run on the servers of a project: the remote side of LaunchPlan. Blocks (use it off
// the GUI thread) and talks to the servers in parallel through runOnFleet. Watching and stopping
// the run it started is launch/RunControl.h.
//
//   LaunchOptions options;                       // fleet options, --force, gang stop, preflight
//   const LaunchPlan plan = planLaunch(valid, path, newRunId()); // valid: validated(project)
//   LaunchResult result = launchJob(valid.project(), path, plan, options);
//   if (result.started)
//       RunSession(...).run();   // session/RunSession.h: watch it until a final state
#include "fleet/FleetRunner.h"
#include "launch/LaunchPlan.h"
#include "launch/RunRecord.h"

#include <functional>

namespace cw {

// A check before starting: returns why the launch must not go ahead, empty to allow it.
using Preflight = std::function<QString(const Project &)>;

struct LaunchOptions {
    FleetOptions fleet;
    bool force = false;   // skip the preconditions (master port, preflight)
    bool gangStop = true; // a failed rank stops the job everywhere (recorded in the run)
    // launch.upload files outside the project's folder the user agreed to upload (resolved
    // paths, uploadsOutsideProject()); for front ends that plan the launch from these options.
    QStringList confirmedUploads;
    // Replaces the built-in master-port check when set (checksPreflight() in
    // launch/LaunchPreflight.h runs the whole check catalogue, master-port-free included).
    Preflight preflight;
};

struct LaunchResult {
    bool started = false;
    QString refusal;    // a precondition said no: nothing was uploaded or started
    QStringList errors; // per server "name: message" for uploads and starts that failed
    RunRecord record;   // saved beside the project once uploads succeeded
};

// Validates (plan), checks the preconditions unless forced, uploads to every server, saves the
// record, then starts the job everywhere at once. A start that fails on one server stops what
// started elsewhere, and the record says failed.
LaunchResult launchJob(const Project &project, const QString &projectPath, const LaunchPlan &plan,
                       const LaunchOptions &options);

} // namespace cw
