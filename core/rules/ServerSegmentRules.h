// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"
#include "net/Ipv4.h"
#include "rules/RuleText.h"

#include <vector>

namespace cw {

// One device IP that parsed: device id, its position k in devices[] and device_ips[].
struct DeviceIpAt {
    int id = 0;
    int position = 0;
    Ipv4 ip;
};

// The Atlas A2 (910B) segment rules: the eight NPU ports of a server share one segment
// (MindCluster Ascend Deployer, "Policy Information", docs/ascend.md). device_network.segments
// is empty (each server any one segment), one entry (every server in that segment) or one
// entry per server (segments[s] holds server s). Rule ids "segment" and "segment-server"; and
// "gateway-missing" when servers' devices lie in different segments and no gateways are given.
void checkServerSegments910b(const Project &project, int prefix,
                             const std::vector<std::vector<DeviceIpAt>> &ips, ProblemList &out);

} // namespace cw
