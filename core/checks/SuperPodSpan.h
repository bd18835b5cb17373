// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The super-pods check (Atlas A3): every logical super pod of the project lies inside one
// physical SuperPoD. CANN, HCCL_LOGIC_SUPERPOD_ID: "Ranks that belong to different physical
// SuperPoDs cannot be configured in the same logical SuperPoD"
// (https://www.hiascend.com/document/detail/en/canncommercial/850/maintenref/envvar/envref_07_0100.html).
// A server's physical pod is the `Super Pod ID` of `npu-smi info -t spod-info` of its first die
// that answered (the super-pod probe). check.sh's twin: resources/server/check-super-pods.sh.

#include "checks/CheckContext.h"
#include "checks/ScriptConstants.h"

#include <vector>

namespace cw {

// The physical SuperPoD id a server's dies report; empty when none answered.
QString physicalSuperPod(const ServerFacts &facts);

namespace checks {
std::vector<ScriptConstant> superPodScriptConstants();
CheckResult checkSuperPods(const CheckContext &context);
} // namespace checks

} // namespace cw
