// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs a FixPlan over SSH: stage by stage (servers of one stage at once, each server's steps in
// order), each step's snapshot first, then its command; a failed step ends its server's work and
// no later stage starts. What ran is returned as an undo entry. Undo runs such an entry back:
// stages last-first, steps last-first.

#include "fix/FixTypes.h"
#include "fix/UndoJournal.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <atomic>
#include <vector>

namespace cw {

struct StepOutcome {
    bool ran = false;
    bool ok = false;
    int exitStatus = -1;
    QString output; // stdout, trimmed
    QString error;  // one line: the SSH error, or "exit N: first line of stderr"
    QByteArray inputUsed;
    QString snapshot;
};

struct FixOutcome {
    std::vector<StepOutcome> steps; // one per plan step, same order
    UndoEntry undo;                 // the steps that ran and can be undone

    bool ok() const;
    QString firstError() const; // "step N [server]: error", or empty
};

FixOutcome applyFix(const Project &project, const FixPlan &plan, const FleetOptions &options,
                    const std::atomic<bool> *cancel = nullptr);

// The plan that undoes `entry` (its steps reversed); servers are found by name. `error` names a
// server the project no longer has.
FixPlan undoPlan(const Project &project, const UndoEntry &entry, QString *error);

// One line per step of a plan's outcome: "ok [server] description" / "FAILED [server] ...: why".
QString fixOutcomeText(const Project &project, const FixPlan &plan, const FixOutcome &outcome);

} // namespace cw
