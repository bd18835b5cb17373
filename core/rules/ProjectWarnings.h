// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

namespace cw {

// What a valid project may still get wrong on real servers: each is allowed, because a user can
// have a reason, but worth a line before the job starts. `validate`, `generate` and `launch`
// print them as "warning: PATH: MESSAGE" and still exit 0; the wizard shows them on the Launch
// page. Rule ids: "env-setup-cann" (an Ascend project that sources no CANN set_env.sh),
// "devices-order" (a server's devices not ascending), "device-segment-host" (a device segment
// holding a host IP), "nic-virtual" (a container or virtual NIC as the servers' interface),
// "mode-rehearsal" (ranktable / no-ranktable on nvidia or cpu), "hccl-whitelist-unused",
// "unknown-field" (a member this version does not know, e.g. a misspelt one; named, with the
// nearest known name).
Problems projectWarnings(const Project &project);

// The CANN environment scripts the wizard offers and the warning names, newest layout last.
QStringList cannSetEnvPaths();

// True when an env_setup line sources CANN's set_env.sh (or the vendor guides' env_npu.sh,
// which sources it).
bool sourcesCannSetEnv(const LaunchConfig &launch);

} // namespace cw
