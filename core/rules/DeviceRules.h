// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

namespace cw {

// Which devices a server may use: 1, 2, 4 or 8; four only as {0,1,2,3} or {4,5,6,7}; two only
// inside one of those groups; with several servers, the same number on every server. Rule ids:
// "device-ids", "device-count", "device-group-4", "device-group-2", "device-multi-server".
Problems validateDeviceSubsets(const Project &project);

// The ascend910 device network (PRODUCT.md "Rules the core enforces"): rule ids
// "device-ip-format", "device-ip-count", "netmask", "segment", "segment-pair" (0/4 ... 3/7),
// "segment-distinct" (0-3 and 4-7 in four different segments), "segment-across" (device i in
// the same segment on every server), "ip-unique", "last-octet-unique", "network-broadcast",
// "host-ip-collision".
Problems validateDeviceNetwork(const Project &project);

} // namespace cw
