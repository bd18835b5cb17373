// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"
#include "net/Ipv4.h"
#include "rules/RuleText.h"
#include "rules/ServerSegmentRules.h"

#include <vector>

namespace cw {

// The two dies of Atlas A3 NPU n are devices 2n and 2n + 1 (CANN's A3 rank table example gives
// each die the other die of its NPU as backup_device_ip, which HCCL allows only within one NPU).
inline int a3Npu(int die)
{
    return die / 2;
}
inline int a3PartnerDie(int die)
{
    return die ^ 1;
}
// device_network.segments of an ascend910_93 project: none, or two (segments[0] for die 0 of
// every NPU, the even device ids; segments[1] for die 1, the odd ones).
inline constexpr int kA3SegmentCount = 2;
inline int a3Segment(int die)
{
    return die % kA3SegmentCount;
}

// The Atlas A3 device network (docs/ascend.md "Atlas A3"): rule ids "segment" (a die outside the
// segment device_network.segments sets for it) and "die-segment" (the two dies of one NPU in one
// segment: MindCluster Ascend Deployer's A3 SuperPoD policy).
void checkDieSegments(const Project &project, int prefix,
                      const std::vector<std::vector<DeviceIpAt>> &ips, ProblemList &out);

// The A3-only members: super_pods, super_device_ids and the rank table ports. Rule ids
// "a3-only", "super-pod-count", "super-pod-id", "super-pod-server", "super-pod-membership",
// "super-pod-order", "super-device-id", "super-device-id-unique", "device-port",
// "a3-mode" (a launch mode CANN does not support on Atlas A3).
void validateAtlasA3(const Project &project, ProblemList &out);

} // namespace cw
