// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The state of a supervised run (launch.restart) from one poll of every server: the supervisor
// decides (its state file, read through its server's poll), the client only reads it, except
// when the supervisor's own server cannot be reached or the supervisor is gone without a final
// word: then nothing can restart the run, and it ends as failed. The rank counts are those of
// the newest attempt, numbered as that attempt numbers its ranks (plan/AttemptPlan.h). Pure.
#include "launch/RunStatus.h"

namespace cw {

// `polls` in project order; `record` is a supervised run's (record.supervisor set).
RunSnapshot evaluateSupervisedRun(const Project &project, const RunRecord &record,
                                  const std::vector<ServerPoll> &polls);

// The project narrowed to the servers of `record`'s newest attempt (the whole project before the
// first one): how that attempt numbers its ranks.
Project newestAttemptProject(const Project &project, const RunRecord &record);

// A supervised run's record brought up to date with what its supervisor said; true when any
// of it changed (then the caller saves it).
bool applySupervisorState(RunRecord &record, const SupervisorState &state);

} // namespace cw
