#pragma once

#include "plan/Planner.h"

namespace cw {

// The Atlas A2 (910B) half of planDeviceNetwork: every server's devices in one segment. One
// segment shared by the whole cluster when its devices fit (distinct last octets), else one
// segment per server. /24 first, then the smallest netmask that fits (down to /20) unless the
// user fixed one; the user's fixed segments and every IP that already fits are kept.
// `result` holds the input project; on failure `reason` says why in numbers.
void planServerSegments(PlanResult &result);

} // namespace cw
