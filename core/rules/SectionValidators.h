// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"
#include "rules/RuleText.h"
#include "rules/ValueRules.h"

namespace cw {

// The parts of validateProject(), one per section of the project file.
void validateServers(const Project &project, ProblemList &out);
void validateLaunch(const Project &project, ProblemList &out);
// Launch settings that break a real job although each value is well formed (LaunchTraps.cpp).
void validateLaunchTraps(const Project &project, ProblemList &out);
// launch.restart's values, and env settings a restarting run cannot keep (RestartRules.cpp).
void validateRestart(const Project &project, ProblemList &out);
// launch.scheduler and launch.slurm (SlurmRules.cpp).
void validateSlurm(const Project &project, ProblemList &out);
// Launch modes that cannot start the chosen framework (FrameworkModeRules.cpp).
void validateFrameworkMode(const Project &project, ProblemList &out);

// The container section's values (ContainerRules.cpp); nothing when the project has none.
void validateContainer(const Project &project, ProblemList &out);

// "must not start with '-'" for values that become a program's argument or a file name a
// command could read as an option; empty when fine.
ValueProblem leadingDashValueProblem(const QString &text);

} // namespace cw
