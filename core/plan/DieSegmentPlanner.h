// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Planner.h"

namespace cw {

// The Atlas A3 (ascend910_93) half of planDeviceNetwork: two segments shared by every server,
// segments[0] for die 0 of every NPU (even device ids), segments[1] for die 1 (odd ids), so the
// two dies of one NPU never share a segment (the deployer's A3 policy) and the dies of one kind
// reach each other on every server without a router. The smallest netmask that holds them
// (/24 up to 31 servers of 16 dies, down to /21 for 128), a netmask or segments the user fixed,
// and every IP that already fits are kept. `result` holds the input project; on failure
// `reason` says why in numbers.
void planDieSegments(PlanResult &result);

} // namespace cw
