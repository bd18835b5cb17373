// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Planner.h"

namespace cw {

// The Atlas A2 (910B) half of planDeviceNetwork: every server's devices in one segment. One
// segment shared by the whole cluster with the smallest netmask that holds every device (/24
// first, down to /20; one /21 holds 128 x 8), as devices in different segments need a gateway
// per segment; else one segment per server. A netmask or segments the user fixed and every IP
// that already fits are kept.
// `result` holds the input project; on failure `reason` says why in numbers.
void planServerSegments(PlanResult &result);

} // namespace cw
