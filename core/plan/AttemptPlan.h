// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The world of one attempt of a restarting run (launch.restart): the project narrowed to the
// servers the supervisor starts that attempt on. Ranks, node ranks and the master follow from it
// as for any project: the master if it is kept, else the first server kept (in project order);
// global ranks numbered master first, then project order. train.sh makes the same re-plan in
// bash from its plan table (generate/NodePlanBash.h, clusterwiz_attempt_plan);
// tests/unit/tst_attemptPlan.cpp proves both give the same world for every subset.
#include "model/Project.h"

#include <QStringList>

namespace cw {

// `project` with only the servers named in `servers` (in project order; unknown names are
// ignored). launch.master stays when that server is kept, else it is cleared; super pods keep
// the servers kept.
Project attemptProject(const Project &project, const QStringList &servers);

// The server names of `project` in launch order (master first): what the supervisor passes as
// CLUSTERWIZ_ATTEMPT_SERVERS for an attempt on every server.
QStringList launchOrderNames(const Project &project);

} // namespace cw
